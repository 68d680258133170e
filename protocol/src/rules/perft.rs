//! Counting move sequences to a depth: the check that move generation never drifts.

use super::event::NoEvents;
use super::game::{History, apply_repetition};
use super::position::Position;

/// The number of move sequences of exactly `depth` moves from `position`.
///
/// A move is one sowing; after an extra turn the same player moves again, and
/// that next sowing is the next move. A sequence that reaches the end of the
/// game before `depth` moves is not counted (as in chess perft), so a finished
/// position has `perft(p, 0) = 1` and `perft(p, d) = 0` for `d > 0`. For
/// Oware the repetition rule is applied along each line, `position` itself
/// counting as seen.
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut history = position
        .ruleset()
        .tracks_repetition()
        .then(|| History::new(*position));
    walk(position, depth, &mut history)
}

fn walk(position: &Position, depth: u32, history: &mut Option<History>) -> u64 {
    let moves = position.legal_moves();
    match depth {
        0 => return 1,
        // Every legal move plays, so the last level needs no playing.
        1 => return moves.len() as u64,
        _ => {}
    }
    let mut nodes = 0;
    for mv in moves {
        let mut child = *position;
        let captured = child.apply_legal(mv, &mut NoEvents);
        match history {
            Some(seen) if child.to_move().is_some() => {
                let undo = apply_repetition(seen, &mut child, captured, &mut NoEvents);
                nodes += walk(&child, depth - 1, history);
                if let Some(seen) = history {
                    seen.leave(undo);
                }
            }
            _ => nodes += walk(&child, depth - 1, history),
        }
    }
    nodes
}
