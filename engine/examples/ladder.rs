//! The strength ladder: each level against the next, over many games with
//! both colours, as a benchmark (docs/ENGINE.md has the figures). Each pair
//! of games starts from its own random opening of [`OPENING_PLIES`] plies,
//! played once with each colour: levels 7 and 8 make no deliberate mistakes,
//! so from the start position every game of theirs with the same colours
//! was the same game.
//!
//! `cargo run --release -p engine --example ladder -- [VARIANT] [GAMES] [MS] [FROM]`
//! (defaults: mangala, 40 games a pair, 10 ms a move, the pairs from 2
//! against 1; `FROM` n starts at n + 1 against n).

mod common;

use common::{MAX_PLIES, arg, outcome, random_opening};
use engine::{Endgames, Level, Searcher, Table};
use protocol::rules::{Game, Ruleset, Side, Status, Variant};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::{Duration, Instant};

fn main() {
    let variant: Variant = arg(0, Variant::Mangala);
    let games: u32 = arg(1, 40);
    let ms: u64 = arg(2, 10);
    let from: u8 = arg(3, 1);
    let think = Duration::from_millis(ms);
    let ruleset = Ruleset::default_for(variant);
    let mut rng = StdRng::seed_from_u64(2026);
    let endgames = Endgames::new();
    println!("{variant}: {games} games a pair (half with each colour), {ms} ms a move");
    println!("| pair | stronger wins | draws | weaker wins | stronger's score |");
    println!("|---|---|---|---|---|");
    let started = Instant::now();
    for weaker in from.max(1)..8u8 {
        let (Some(low), Some(high)) = (Level::new(weaker), Level::new(weaker + 1)) else {
            continue;
        };
        // Stronger wins, draws, weaker wins, and of the draws those stopped.
        let mut tally = [0u32; 4];
        let mut opening = Game::new(ruleset);
        for game in 0..games {
            let high_side = if game % 2 == 0 {
                opening = random_opening(ruleset, &mut rng);
                Side::Player0
            } else {
                Side::Player1
            };
            let result = play(
                opening.clone(),
                [low, high],
                high_side,
                think,
                &endgames,
                &mut rng,
            );
            tally[result] += 1;
            if result == 3 {
                tally[1] += 1;
            }
        }
        let score = (f64::from(tally[0]) + f64::from(tally[1]) / 2.0) / f64::from(games) * 100.0;
        println!(
            "| {} against {} | {} | {} | {} | {score:.0} % |",
            high, low, tally[0], tally[1], tally[2]
        );
        if tally[3] > 0 {
            println!(
                "({} of those draws stopped at {MAX_PLIES} plies without an end)",
                tally[3]
            );
        }
    }
    println!("({:.0} s)", started.elapsed().as_secs_f64());
}

/// One game from `opening`: 0 if the stronger won, 1 a draw, 2 if the
/// weaker won, 3 if it was stopped at [`MAX_PLIES`].
fn play(
    mut game: Game,
    [low, high]: [Level; 2],
    high_side: Side,
    think: Duration,
    endgames: &Endgames,
    rng: &mut StdRng,
) -> usize {
    // With the databases, as the server's computer players search.
    let mut searchers = [
        Searcher::new(Table::with_bytes(8 << 20)).with_endgames(endgames),
        Searcher::new(Table::with_bytes(8 << 20)).with_endgames(endgames),
    ];
    loop {
        if game.moves().len() >= MAX_PLIES {
            return 3;
        }
        let position = *game.position();
        let side = match position.status() {
            Status::ToMove(side) => side,
            Status::Over(_) => break,
        };
        let (level, searcher) = if side == high_side {
            (high, &mut searchers[1])
        } else {
            (low, &mut searchers[0])
        };
        let Some(mv) = level.choose(searcher, &position, think, rng) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    outcome(game.position(), high_side)
}
