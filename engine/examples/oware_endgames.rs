//! What Oware's database of bounds does for the search: the same late-game
//! positions (reached by random play until few seeds are left) searched to
//! a fixed depth with the databases and without, one after the other;
//! prints positions visited, time and how many searches came out exact.
//! The figures in docs/ENGINE.md.
//!
//! `cargo run --release -p engine --example oware_endgames -- [SEEDS] [DEPTH] [COUNT]`
//! (defaults: 12 seeds left, 14 plies, 200 positions).

use engine::{Budget, Endgames, Searcher, Table};
use protocol::rules::{Position, Ruleset, Side, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seeds = args.first().copied().unwrap_or(12);
    let depth = args.get(1).copied().unwrap_or(14) as u8;
    let count = args.get(2).copied().unwrap_or(200) as usize;
    let ruleset = Ruleset::default_for(Variant::Oware);
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Position::start(ruleset);
        while position.to_move().is_some() {
            let left = position.total_seeds()
                - u32::from(position.store(Side::Player0))
                - u32::from(position.store(Side::Player1));
            if left <= seeds {
                positions.push(position);
                break;
            }
            let legal = position.legal_moves();
            let mv = legal.nth(rng.random_range(0..legal.len())).expect("a move");
            position.play_in_place(mv).expect("legal");
        }
    }
    // Build the shared databases before timing.
    let budget = Budget {
        depth: Some(depth),
        ..Budget::default()
    };
    Searcher::new(Table::with_bytes(1 << 20)).think(&positions[0], budget);
    let endgames = Endgames::new();
    for round in 0..2 {
        for with_databases in [true, false] {
            let searcher = Searcher::new(Table::with_bytes(64 << 20));
            let mut searcher = if with_databases {
                searcher.with_endgames(&endgames)
            } else {
                searcher
            };
            let started = Instant::now();
            let mut exact = 0;
            for position in &positions {
                if let Some(thought) = searcher.think(position, budget) {
                    exact += usize::from(thought.exact);
                }
            }
            println!(
                "round {round}, databases {with_databases}: {} positions, {:.2} s, {exact} of {} exact",
                searcher.nodes(),
                started.elapsed().as_secs_f64(),
                positions.len()
            );
        }
    }
}
