//! A round's results written into the players' histories: each board's
//! match as it ended (or the forfeit of a player who did not come), the
//! bye, and every player not paired absent. The director of an event does
//! this after each round; the tests and the comparison with bbpPairings
//! play random events with it.

use super::dutch::{Board, Pairing};
use super::history::{Entrant, MatchResult, Round};
use serde::{Deserialize, Serialize};

/// How one board's match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardResult {
    /// Played to its end.
    Played {
        /// How it ended for the board's first mover.
        first: MatchResult,
        /// The games' points each side scored, in half points: first
        /// mover, second.
        games: [u32; 2],
    },
    /// One of them did not come.
    Forfeit {
        /// Whether the first mover is the one who came (and wins by
        /// forfeit).
        first_came: bool,
    },
}

impl MatchResult {
    /// The same match as the opponent saw it.
    pub fn opposite(self) -> MatchResult {
        match self {
            MatchResult::Win => MatchResult::Loss,
            MatchResult::Draw => MatchResult::Draw,
            MatchResult::Loss => MatchResult::Win,
        }
    }
}

/// Add the round `pairing` paired to each of `entrants`' history, each
/// board as `result` says it ended; a player the pairing left out is
/// absent.
pub fn record_round(
    entrants: &mut [Entrant],
    pairing: &Pairing,
    mut result: impl FnMut(&Board) -> BoardResult,
) {
    let at = |entrants: &[Entrant], id| entrants.iter().position(|e| e.id == id);
    let mut rounds = vec![Round::Absent; entrants.len()];
    for board in &pairing.boards {
        let (Some(a), Some(b)) = (at(entrants, board.first), at(entrants, board.second)) else {
            continue;
        };
        let (first, second) = match result(board) {
            BoardResult::Played { first, games } => (
                Round::Played {
                    opponent: board.second,
                    first: true,
                    result: first,
                    games: games[0],
                },
                Round::Played {
                    opponent: board.first,
                    first: false,
                    result: first.opposite(),
                    games: games[1],
                },
            ),
            BoardResult::Forfeit { first_came: true } => (
                Round::ForfeitWin {
                    opponent: board.second,
                },
                Round::ForfeitLoss {
                    opponent: board.first,
                },
            ),
            BoardResult::Forfeit { first_came: false } => (
                Round::ForfeitLoss {
                    opponent: board.second,
                },
                Round::ForfeitWin {
                    opponent: board.first,
                },
            ),
        };
        rounds[a] = first;
        rounds[b] = second;
    }
    if let Some(bye) = pairing.bye.and_then(|id| at(entrants, id)) {
        rounds[bye] = Round::Bye;
    }
    for (entrant, round) in entrants.iter_mut().zip(rounds) {
        entrant.rounds.push(round);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_the_bye_and_the_unpaired_get_their_round() {
        let mut entrants: Vec<Entrant> = (1..=6).map(Entrant::new).collect();
        let pairing = Pairing {
            boards: vec![
                Board {
                    first: 1,
                    second: 2,
                },
                Board {
                    first: 3,
                    second: 4,
                },
            ],
            bye: Some(5),
        };
        record_round(&mut entrants, &pairing, |board| match board.first {
            1 => BoardResult::Played {
                first: MatchResult::Loss,
                games: [3, 7],
            },
            _ => BoardResult::Forfeit { first_came: false },
        });
        let last: Vec<Round> = entrants.iter().map(|e| e.rounds[0]).collect();
        assert_eq!(
            last,
            [
                Round::Played {
                    opponent: 2,
                    first: true,
                    result: MatchResult::Loss,
                    games: 3
                },
                Round::Played {
                    opponent: 1,
                    first: false,
                    result: MatchResult::Win,
                    games: 7
                },
                Round::ForfeitLoss { opponent: 4 },
                Round::ForfeitWin { opponent: 3 },
                Round::Bye,
                Round::Absent,
            ]
        );
    }
}
