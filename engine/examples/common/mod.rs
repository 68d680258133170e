//! What the engine's measuring examples share (the strength ladder, the
//! evaluation's tuning matches, the move order's counts): their arguments,
//! random openings, the cap on a game's length, and how a game ended for
//! one side.
//!
//! Each example uses only part of it.
#![allow(dead_code)]

use protocol::rules::{Game, Position, Ruleset, Side};
use rand::Rng;
use rand::rngs::StdRng;

/// The program's argument `index` (0 is the first after its name) read as
/// a `T`, or `default` when it is not given; one that does not read stops
/// the program, saying why.
pub fn arg<T: std::str::FromStr>(index: usize, default: T) -> T
where
    T::Err: std::fmt::Display,
{
    match std::env::args().nth(index + 1) {
        None => default,
        Some(text) => text
            .parse()
            .unwrap_or_else(|e| panic!("argument {}, {text:?}: {e}", index + 1)),
    }
}

/// Random plies each pair of games starts with.
pub const OPENING_PLIES: usize = 4;

/// Plies after which a game is stopped and counted as a draw: Togyz
/// Kumalak and Bestemshe have no repetition rule, and two levels that make
/// no deliberate mistakes can sow round a cycle for ever.
pub const MAX_PLIES: usize = 1_000;

/// A game after [`OPENING_PLIES`] random legal plies (fewer if it ended).
pub fn random_opening(ruleset: Ruleset, rng: &mut StdRng) -> Game {
    let mut game = Game::new(ruleset);
    for _ in 0..OPENING_PLIES {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let Some(mv) = legal.nth(rng.random_range(0..legal.len())) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// How `position`, the end of a game, went for `side`: 0 a win, 1 a draw,
/// 2 a loss (by the stores).
pub fn outcome(position: &Position, side: Side) -> usize {
    let ours = i32::from(position.store(side));
    let theirs = i32::from(position.store(side.opponent()));
    match ours.cmp(&theirs) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 2,
    }
}
