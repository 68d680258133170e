//! What both kinds of tournament use: the players' names, what a timer
//! finds to do, a board's result from its match (and as the wire shows
//! it), and the words of a refusal.

use super::stored::Stored;
use crate::error::ServerError;
use crate::game::Played;
use protocol::wire::{self, PlayerId, PlayerRef};
use std::collections::HashMap;
use tournament::swiss::{BoardResult, EventError, MatchResult};

/// The players' names by id.
/// What a tournament's timer finds to do now.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Next {
    /// Take this step (boxed: a creation is large, a timer's answer small).
    Step(Box<Stored>),
    /// Nothing now: look again at this time.
    At(u64),
    /// Nothing until something else happens (a result, an entry).
    Idle,
}

impl Next {
    /// Take `step`.
    pub(super) fn step(step: Stored) -> Next {
        Next::Step(Box::new(step))
    }
}

#[derive(Clone, Debug, Default)]
pub(super) struct Names(pub(super) HashMap<u64, PlayerRef>);

impl Names {
    /// Player `id`'s name ("player ID" if he is not known).
    pub(super) fn name(&self, id: u64) -> PlayerRef {
        self.0.get(&id).cloned().unwrap_or_else(|| PlayerRef {
            id: PlayerId(id),
            name: format!("player {id}"),
        })
    }
}

/// A board's result from its match as `played` (its first mover is seat
/// 0): by the games' points, except that one who made no move did not
/// come, and loses by forfeit (FIDE's rule: his opponent's point is not a
/// game played). If neither did, the board is scored as played.
pub(super) fn board_result(played: &Played) -> BoardResult {
    let half = |p: f64| (p * 2.0).round().max(0.0) as u32;
    let games = [half(played.points[0]), half(played.points[1])];
    let first = match games[0].cmp(&games[1]) {
        std::cmp::Ordering::Greater => MatchResult::Win,
        std::cmp::Ordering::Equal => MatchResult::Draw,
        std::cmp::Ordering::Less => MatchResult::Loss,
    };
    match played.moved {
        [true, false] => BoardResult::Forfeit { first_came: true },
        [false, true] => BoardResult::Forfeit { first_came: false },
        _ => BoardResult::Played { first, games },
    }
}

pub(super) fn refusal(error: EventError) -> ServerError {
    ServerError::TournamentRefused(error.to_string())
}

pub(super) fn refused(words: &str) -> ServerError {
    ServerError::TournamentRefused(words.to_owned())
}

/// A board's result as the wire shows it: games and match points, first
/// mover first.
pub(super) fn shown_result(result: BoardResult) -> wire::BoardResult {
    let points = |first: MatchResult| match first {
        MatchResult::Win => [1.0, 0.0],
        MatchResult::Draw => [0.5, 0.5],
        MatchResult::Loss => [0.0, 1.0],
    };
    match result {
        BoardResult::Played { first, games } => wire::BoardResult {
            games: [f64::from(games[0]) / 2.0, f64::from(games[1]) / 2.0],
            points: points(first),
            forfeit: false,
        },
        BoardResult::Forfeit { first_came } => wire::BoardResult {
            games: [0.0, 0.0],
            points: if first_came { [1.0, 0.0] } else { [0.0, 1.0] },
            forfeit: true,
        },
    }
}
