//! Print the record of a random game, to try `mancala replay` or make test data.
//!
//! ```text
//! cargo run -p protocol --example random_game -- mangala 7 > game.txt
//! ```
//! Arguments: a variant id (default `mangala`) and a seed (default 1).

use protocol::rules::{Game, GameRecord, Ruleset, Variant};
use std::collections::BTreeMap;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: Variant = match args.next().unwrap_or_else(|| "mangala".into()).parse() {
        Ok(variant) => variant,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut state = seed;
    let mut game = Game::new(Ruleset::default_for(variant));
    while !game.is_over() {
        // A linear congruential step is plenty to pick moves.
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let legal = game.position().legal_moves();
        let Some(mv) = legal.nth((state >> 33) as usize % legal.len()) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let tags = BTreeMap::from([("event".to_owned(), format!("random game, seed {seed}"))]);
    print!("{}", GameRecord::new(game, tags).to_text());
}
