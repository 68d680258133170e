//! Random playouts without criterion, for profilers (callgrind counts
//! instructions, which stay the same from run to run on this noisy machine).
//!
//! ```text
//! cargo build --release -p protocol --example playouts
//! valgrind --tool=callgrind target/release/examples/playouts kalah 1000000
//! ```
//! Prints the moves per second it saw; the same loop as the criterion bench.

use protocol::rules::{Position, Ruleset, Variant};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: Variant = match args.next().unwrap_or_else(|| "kalah".into()).parse() {
        Ok(variant) => variant,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let moves: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let start = Position::start(Ruleset::default_for(variant));
    let mut position = start;
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut games = 0u64;
    let mut played = 0;
    let clock = Instant::now();
    while played < moves {
        let legal = position.legal_moves();
        if legal.is_empty() {
            position = start;
            games += 1;
            continue;
        }
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let random = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let pick = ((random >> 32) * legal.len() as u64) >> 32;
        if let Some(mv) = legal.nth(pick as usize) {
            let _ = position.play_in_place(mv);
        }
        played += 1;
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{variant}: {moves} moves, {games} games, {:.1} M moves/s",
        moves as f64 / secs / 1e6
    );
}
