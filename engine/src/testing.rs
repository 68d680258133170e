//! What the tests of the search, the solver and the databases share: the
//! reference they are all checked against, and random endgames to check.

use protocol::rules::{Game, Position, Side, Status};
use std::collections::HashMap;

/// The value of `position` for its mover (his final store less his
/// opponent's) by plain minimax over every line, remembered per position,
/// with no pruning.
pub(crate) fn minimax(position: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(&value) = memo.get(position) {
        return value;
    }
    let Status::ToMove(mover) = position.status() else {
        unreachable!("asked only of positions with a mover");
    };
    let mut best = i32::MIN;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_in_place(mv).expect("a legal move");
        let value = match child.status() {
            Status::Over(_) => store_difference(&child, mover),
            Status::ToMove(side) if side == mover => minimax(&child, memo),
            Status::ToMove(_) => -minimax(&child, memo),
        };
        best = best.max(value);
    }
    memo.insert(*position, best);
    best
}

/// The value of `game`'s position for its mover by plain minimax over every
/// line, played through [`Game`], which applies every rule including
/// Oware's repetition rule (so no memo: a position's value depends on the
/// line that reached it). `None` if that takes more than `budget`
/// positions (the lines of a cycle are many); `repetitions` counts the
/// lines the rule ended.
pub(crate) fn minimax_game(game: &Game, budget: &mut u64, repetitions: &mut u64) -> Option<i32> {
    let Status::ToMove(mover) = game.position().status() else {
        unreachable!("asked only of positions with a mover");
    };
    let mut best = i32::MIN;
    for mv in game.position().legal_moves() {
        *budget = budget.checked_sub(1)?;
        let mut next = game.clone();
        next.play(mv).expect("a legal move");
        let value = match next.position().status() {
            Status::Over(reason) => {
                *repetitions += u64::from(reason == protocol::rules::EndReason::Repetition);
                store_difference(next.position(), mover)
            }
            Status::ToMove(side) if side == mover => minimax_game(&next, budget, repetitions)?,
            Status::ToMove(_) => -minimax_game(&next, budget, repetitions)?,
        };
        best = best.max(value);
    }
    Some(best)
}

/// `mover`'s store less his opponent's.
pub(crate) fn store_difference(position: &Position, mover: Side) -> i32 {
    i32::from(position.store(mover)) - i32::from(position.store(mover.opponent()))
}

/// A random position of `ruleset` with at most `seeds` seeds left on
/// the board, reached by random moves from the start (`None` if the
/// game ended first).
pub(crate) fn random_endgame(
    ruleset: protocol::rules::Ruleset,
    seeds: u32,
    seed: u64,
) -> Option<Position> {
    let mut state = seed | 1;
    let mut position = Position::start(ruleset);
    loop {
        let on_board: u32 = (0..ruleset.houses())
            .map(|i| {
                u32::from(position.house(Side::Player0, i))
                    + u32::from(position.house(Side::Player1, i))
            })
            .sum();
        let legal = position.legal_moves();
        if legal.is_empty() {
            return None;
        }
        if on_board <= seeds {
            return Some(position);
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal.nth((state % legal.len() as u64) as usize)?;
        position.play_in_place(mv).ok()?;
    }
}
