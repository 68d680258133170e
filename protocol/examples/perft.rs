//! Print perft counts, to fill `tests/data/perft.txt` or to compare with
//! another engine.
//!
//! ```text
//! cargo run --release -p protocol --example perft -- '{"variant":"kalah"}' 8
//! cargo run --release -p protocol --example perft -- all 6
//! cargo run --release -p protocol --example perft -- kalah-boards 6
//! ```
//! With `all`, prints one data line per ruleset the server offers
//! (`RULESET-JSON DEPTH COUNT`); with `kalah-boards`, one per Kalah(m, n)
//! board of 1 to 6 houses and seeds under both capture rules.

use protocol::rules::{Position, Ruleset, perft};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(which), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse().ok()))
    else {
        eprintln!("usage: perft RULESET-JSON|all|kalah-boards DEPTH");
        std::process::exit(2);
    };
    let rulesets = if which == "all" {
        Ruleset::all()
    } else if which == "kalah-boards" {
        Ruleset::kalah_boards()
    } else {
        match serde_json::from_str(which) {
            Ok(ruleset) => vec![ruleset],
            Err(e) => {
                eprintln!("bad ruleset: {e}");
                std::process::exit(2);
            }
        }
    };
    for ruleset in rulesets {
        let json = serde_json::to_string(&ruleset).unwrap_or_default();
        let start = Instant::now();
        let count = perft(&Position::start(ruleset), depth);
        let secs = start.elapsed().as_secs_f64();
        println!("{json} {depth} {count}");
        eprintln!("  {:.1} M nodes/s", count as f64 / secs / 1e6);
    }
}
