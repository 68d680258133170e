//! The evaluation's tuning matches: the search with a candidate weight of
//! the tuzdik against the search valuing the stores alone, at the same
//! fixed depth (so that only the evaluation differs, and the result does
//! not depend on the machine's speed), over pairs of games from random
//! openings, each played once with each colour. docs/ENGINE.md has the
//! figures that chose the weight.
//!
//! `cargo run --release -p engine --example evaluation_match -- [VARIANT] [GAMES] [DEPTH] [CANDIDATES]`
//! (defaults: togyz_kumalak, 100 games a candidate, depth 6, candidates
//! `1:0,2:0,4:0`: each the tuzdik's worth in eighteenths of the stones on
//! the board, and a stone's in the mover's row against his opponent's in
//! tenths).

mod common;

use common::{Outcome, Tally, arg, play_out};
use engine::{Evaluation, Searcher, Table};
use protocol::rules::{Game, Ruleset, Side, Variant};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::Instant;

fn main() {
    let variant: Variant = arg(0, Variant::TogyzKumalak);
    let games: u32 = arg(1, 100);
    let depth: u8 = arg(2, 6);
    let candidates: Vec<Evaluation> = arg(3, "1:0,2:0,4:0".to_owned())
        .split(',')
        .map(|one| {
            let weight = |w: &str| w.parse().unwrap_or_else(|e| panic!("{one}: {e}"));
            let (tuzdik, row) = one.split_once(':').unwrap_or((one, "0"));
            Evaluation {
                tuzdik_eighteenths: weight(tuzdik),
                row_tenths: weight(row),
            }
        })
        .collect();
    let ruleset = Ruleset::default_for(variant);
    println!("{variant}: {games} games a weight (half with each colour), depth {depth}");
    println!("| tuzdik, row weights | tuned wins | draws | stores-only wins | tuned's score |");
    println!("|---|---|---|---|---|");
    let started = Instant::now();
    for tuned in candidates {
        // The same openings for every weight.
        let mut rng = StdRng::seed_from_u64(2026);
        let tally = Tally::of_pairs(ruleset, games, &mut rng, |opening, tuned_side, _| {
            play(opening, tuned, tuned_side, depth)
        });
        let label = format!("{}/18, {}/10", tuned.tuzdik_eighteenths, tuned.row_tenths);
        println!("{}", tally.line(&label));
    }
    println!("({:.0} s)", started.elapsed().as_secs_f64());
}

/// One game from `opening`, `tuned` playing `tuned_side` against the
/// stores alone: how it went for the tuned.
fn play(game: Game, tuned: Evaluation, tuned_side: Side, depth: u8) -> Outcome {
    let searcher =
        |evaluation| Searcher::new(Table::with_bytes(8 << 20)).with_evaluation(evaluation);
    let mut stores_only = searcher(Evaluation::STORES);
    let mut with_weight = searcher(tuned);
    play_out(game, tuned_side, |side, position| {
        let player = if side == tuned_side {
            &mut with_weight
        } else {
            &mut stores_only
        };
        player.best_move(position, depth).map(|(mv, _)| mv)
    })
}
