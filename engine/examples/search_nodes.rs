//! How many positions the search visits to a fixed depth, over positions
//! from random games: the measure of a move order (a better order cuts
//! more, and the count does not depend on the machine's speed). Compare
//! two builds on the same arguments.
//!
//! `cargo run --release -p engine --example search_nodes -- [VARIANT] [GAMES] [DEPTH]`
//! (defaults: togyz_kumalak, 20 games, depth 8; every 10th position of
//! each game, each searched by a fresh searcher).

mod common;

use common::{MAX_PLIES, arg};
use engine::{Searcher, Table};
use protocol::rules::{Game, Ruleset, Status, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    let variant: Variant = arg(0, Variant::TogyzKumalak);
    let games: u64 = arg(1, 20);
    let depth: u8 = arg(2, 8);
    let ruleset = Ruleset::default_for(variant);
    let (mut searched, mut nodes) = (0u64, 0u64);
    let started = Instant::now();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(ruleset);
        while matches!(game.position().status(), Status::ToMove(_))
            && game.moves().len() < MAX_PLIES
        {
            if game.moves().len().is_multiple_of(10) {
                let mut searcher = Searcher::new(Table::with_bytes(8 << 20));
                if let Some((_, _)) = searcher.best_move(game.position(), depth) {
                    searched += 1;
                    nodes += searcher.nodes();
                }
            }
            let legal = game.position().legal_moves();
            let Some(mv) = legal.nth(rng.random_range(0..legal.len())) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
    }
    println!(
        "{variant}: {searched} positions searched to depth {depth}: {nodes} positions visited, {:.0} a search ({:.1} s)",
        nodes as f64 / searched.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
}
