//! Build Oware's database of bounds up to N seeds and say what it cost and
//! how much of it is exact: the figures in docs/ENGINE.md.
//!
//! `cargo run --release -p engine --example oware_bounds -- 8`

use engine::OwareBounds;
use protocol::rules::{Ruleset, Variant};
use std::time::Instant;

fn main() {
    let seeds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(engine::OWARE_SHARED_SEEDS);
    let ruleset = Ruleset::default_for(Variant::Oware);
    let started = Instant::now();
    let database = match OwareBounds::build(ruleset, seeds, u64::MAX) {
        Ok(database) => database,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    let took = started.elapsed();
    let (playable, exact, width) = database.summary();
    let entries = OwareBounds::entries(ruleset, seeds);
    println!(
        "{seeds} seeds: {entries} positions ({playable} where the mover has a move), {} bytes, \
         built in {:.2} s; of those with a move {exact} exact ({:.1} %), mean width {width:.2}",
        database.bytes(),
        took.as_secs_f64(),
        100.0 * exact as f64 / playable.max(1) as f64,
    );
}
