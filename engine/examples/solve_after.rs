//! Solve a Kalah position reached by `PLIES` fixed pseudo-random moves from the start:
//! a fixed workload for timing the solver (`cargo run --release -p engine
//! --example solve_after -- SEEDS PLIES [TABLE_MIB]`).

use engine::{Endgames, Searcher, Table};
use protocol::rules::{Game, KalahParams, Ruleset};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seeds = args.first().copied().unwrap_or(3) as u8;
    let plies = args.get(1).copied().unwrap_or(10);
    let mib = args.get(2).copied().unwrap_or(256) as usize;
    let ruleset = Ruleset::Kalah(KalahParams::new(seeds, false).expect("3 to 6 seeds"));
    let mut game = Game::new(ruleset);
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..plies {
        let legal = game.position().legal_moves();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let Some(mv) = legal.nth(((state >> 33) % legal.len().max(1) as u64) as usize) else {
            break;
        };
        game.play(mv).expect("legal");
    }
    let mut searcher = Searcher::new(Table::with_bytes(mib << 20)).with_endgames(&Endgames::new());
    let started = Instant::now();
    let solution = searcher.solve(game.position()).expect("a mover");
    println!(
        "Kalah(6,{seeds}) after {plies} plies: value {:+}, {} positions, {:.2} s",
        solution.value,
        solution.nodes,
        started.elapsed().as_secs_f64()
    );
}
