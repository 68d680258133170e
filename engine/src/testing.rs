//! What the tests of the search, the solver and the databases share: the
//! reference they are all checked against, and random endgames to check.

use protocol::rules::{Board, Game, Position, Ruleset, Side, Status, Variant};
use std::collections::HashMap;
use std::sync::OnceLock;

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

/// Every Oware board of `seeds` seeds in the houses, with each store
/// split that leaves the game open, player 0 to move.
pub(crate) fn oware_boards(seeds: u8) -> Vec<Position> {
    oware_boards_of(Ruleset::default_for(Variant::Oware), seeds)
}

/// [`oware_boards`] for any Oware `ruleset` (its seeds per house and
/// grand-slam reading).
pub(crate) fn oware_boards_of(ruleset: Ruleset, seeds: u8) -> Vec<Position> {
    let total = ruleset.total_seeds() as u8;
    let half = total / 2;
    let mut boards = Vec::new();
    let mut houses = [0u8; 12];
    fn place(at: usize, left: u8, houses: &mut [u8; 12], out: &mut Vec<[u8; 12]>) {
        if at == 11 {
            houses[11] = left;
            out.push(*houses);
            return;
        }
        for here in 0..=left {
            houses[at] = here;
            place(at + 1, left - here, houses, out);
        }
    }
    let mut all = Vec::new();
    place(0, seeds, &mut houses, &mut all);
    let rest = total - seeds;
    for houses in all {
        for store0 in rest.saturating_sub(half)..=rest.min(half) {
            let board = Board::new(
                [houses[..6].to_vec(), houses[6..].to_vec()],
                [store0, rest - store0],
                Some(Side::Player0),
            );
            if let Ok(position) = Position::from_board(ruleset, &board, None)
                && position.to_move().is_some()
            {
                boards.push(position);
            }
        }
    }
    boards
}

/// An Oware game with few seeds left and its value by [`minimax_game`].
pub(crate) struct OwareCase {
    /// The game: its position and the positions since the last capture.
    pub(crate) game: Game,
    /// Its position's value for the mover with perfect play.
    pub(crate) value: i32,
    /// Whether some line from it ends by the repetition rule.
    pub(crate) repeats: bool,
}

/// Lines of play from every Oware board of two and three seeds
/// ([`oware_boards`]): up to 40 moves, each the first that neither captures
/// nor ends the game (so none repeats), which takes a line round its seed
/// count's cycle to positions where a move *would* repeat one since the
/// capture. `visit` hears each game on the way, its ply, and whether one of
/// its moves would repeat: the positions whose value their history changes.
pub(crate) fn oware_lines(visit: impl FnMut(&Game, usize, bool)) {
    oware_lines_of(Ruleset::default_for(Variant::Oware), visit);
}

/// [`oware_lines`] for any Oware `ruleset`.
pub(crate) fn oware_lines_of(ruleset: Ruleset, mut visit: impl FnMut(&Game, usize, bool)) {
    for position in oware_boards_of(ruleset, 2)
        .into_iter()
        .chain(oware_boards_of(ruleset, 3))
    {
        let mut game = Game::from_position(position);
        for ply in 0..40 {
            let legal = game.position().legal_moves();
            let repeat_possible = legal.iter().any(|mv| {
                let mut child = *game.position();
                child.play_in_place(mv).is_ok() && game.since_capture().contains(&child)
            });
            visit(&game, ply, repeat_possible);
            let onward = legal.iter().find_map(|mv| {
                let mut next = game.clone();
                next.play(mv).ok()?;
                let quiet = next.position().stores() == game.position().stores();
                (quiet && next.position().to_move().is_some()).then_some(next)
            });
            let Some(next) = onward else { break };
            game = next;
        }
    }
}

/// The games of [`oware_lines`] of their first four plies or with a move
/// that would repeat, whose lines plain minimax through [`Game`] finishes
/// within 4,000 positions (up to the first of a line it does not), each
/// with its value: worked out once for all the tests of a process (about
/// ten seconds unoptimised).
pub(crate) fn oware_cases() -> &'static [OwareCase] {
    static CASES: OnceLock<Vec<OwareCase>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut cases = Vec::new();
        // Once minimax gives up on a line, its later positions are left
        // too (they are seldom easier, and each try costs its budget).
        let mut given_up = false;
        oware_lines(|game, ply, repeat_possible| {
            given_up &= ply > 0;
            if given_up || ply > 3 && !repeat_possible {
                return;
            }
            let (mut budget, mut repetitions) = (4_000, 0);
            match minimax_game(game, &mut budget, &mut repetitions) {
                Some(value) => cases.push(OwareCase {
                    game: game.clone(),
                    value,
                    repeats: repetitions > 0,
                }),
                None => given_up = true,
            }
        });
        cases
    })
}
