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

use common::{Outcome, Tally, arg, play_out};
use engine::{Endgames, Level, Searcher, Table};
use protocol::rules::{Game, Ruleset, Side, Variant};
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
        let tally = Tally::of_pairs(ruleset, games, &mut rng, |opening, high_side, rng| {
            play(opening, [low, high], high_side, think, &endgames, rng)
        });
        println!("{}", tally.line(&format!("{high} against {low}")));
    }
    println!("({:.0} s)", started.elapsed().as_secs_f64());
}

/// One game from `opening`, level `high` playing `high_side`: how it
/// went for him.
fn play(
    game: Game,
    [low, high]: [Level; 2],
    high_side: Side,
    think: Duration,
    endgames: &Endgames,
    rng: &mut StdRng,
) -> Outcome {
    // With the databases, as the server's computer players search.
    let mut searchers = [
        Searcher::new(Table::with_bytes(8 << 20)).with_endgames(endgames),
        Searcher::new(Table::with_bytes(8 << 20)).with_endgames(endgames),
    ];
    play_out(game, high_side, |side, position| {
        let (level, searcher) = if side == high_side {
            (high, &mut searchers[1])
        } else {
            (low, &mut searchers[0])
        };
        level.choose(searcher, position, think, rng)
    })
}
