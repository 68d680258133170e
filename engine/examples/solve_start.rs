//! Solve a game's start position with the general search (`Searcher::solve`,
//! one thread, no endgame database), then play its principal variation out
//! through the rules engine's `Game`, which applies every rule, and show the
//! final score: a check, independent of the search's own bookkeeping, that
//! the value found is one the game really reaches (docs/SOLVED.md).
//!
//! `cargo run --release -p engine --example solve_start -- VARIANT [TABLE_MIB]`
//! (for example `congkak 4096`; the default table is 1,024 MiB).

use engine::{Searcher, Table};
use protocol::rules::{Game, Position, Ruleset, Variant};
use std::time::Instant;

fn main() {
    let Some(variant) = std::env::args()
        .nth(1)
        .and_then(|v| v.parse::<Variant>().ok())
    else {
        eprintln!("usage: solve_start VARIANT [TABLE_MIB]");
        std::process::exit(2);
    };
    let mib: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1024);
    let ruleset = Ruleset::default_for(variant);
    let mut searcher = Searcher::new(Table::with_bytes(mib << 20));
    let started = Instant::now();
    let Some(solution) = searcher.solve(&Position::start(ruleset)) else {
        return;
    };
    println!(
        "{ruleset}: value {:+}, each first move {:?}, {} positions, {:.1} s",
        solution.value,
        solution.moves,
        solution.nodes,
        started.elapsed().as_secs_f64()
    );
    // Each ply, a move of the mover's best value (the table remembers most).
    let mut game = Game::new(ruleset);
    let mut plies = 0;
    while let Some(solved) = searcher.solve(game.position()) {
        let best = solved.moves.iter().find(|&&(_, v)| v == solved.value);
        let Some(&(mv, _)) = best else { break };
        if game.play(mv).is_err() {
            break;
        }
        plies += 1;
    }
    println!(
        "principal variation: {plies} plies, ending {:?}, {:.1} s in all",
        game.position().result(),
        started.elapsed().as_secs_f64()
    );
}
