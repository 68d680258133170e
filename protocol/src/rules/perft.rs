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
    if position.ruleset().tracks_repetition() {
        perft_with_history(position, depth, &mut History::new(*position))
    } else {
        perft_plain(position, depth)
    }
}

fn perft_plain(position: &Position, depth: u32) -> u64 {
    let moves = position.legal_moves();
    match depth {
        0 => 1,
        // Every legal move plays, so the last level needs no playing.
        1 => moves.len() as u64,
        _ => moves
            .iter()
            .map(|mv| {
                let mut child = *position;
                child.apply_legal(mv, &mut NoEvents);
                perft_plain(&child, depth - 1)
            })
            .sum(),
    }
}

fn perft_with_history(position: &Position, depth: u32, history: &mut History) -> u64 {
    let moves = position.legal_moves();
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => moves
            .iter()
            .map(|mv| {
                let mut child = *position;
                let captured = child.apply_legal(mv, &mut NoEvents);
                if child.to_move().is_none() {
                    return 0;
                }
                let undo = apply_repetition(history, &mut child, captured, &mut NoEvents);
                let nodes = perft_with_history(&child, depth - 1, history);
                history.leave(undo);
                nodes
            })
            .sum(),
    }
}
