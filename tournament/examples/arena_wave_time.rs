//! How long one arena wave's pairing takes when 40, 200 and 1,000 players
//! are waiting at once (docs/TOURNAMENTS.md):
//!
//! ```text
//! cargo run --release -p tournament --example arena_wave_time
//! ```

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use tournament::arena::{Waiting, pair_waiting};

fn main() {
    let mut rng = StdRng::seed_from_u64(7);
    for players in [40u64, 200, 500, 1000] {
        let waiting: Vec<Waiting> = (1..=players)
            .map(|id| Waiting {
                id,
                points: rng.random_range(0..40),
                rating: rng.random_range(1200..2000),
                last_opponent: Some(rng.random_range(1..=players)),
            })
            .collect();
        let started = Instant::now();
        let pairs = pair_waiting(&waiting);
        let took = started.elapsed();
        println!(
            "{players:>5} waiting: {} pairs in {:.1} ms",
            pairs.len(),
            took.as_secs_f64() * 1e3
        );
    }
}
