//! What each round of a Swiss was for one player, and the score it gives.
//! Scores are counted in half points (a match won is 2, drawn 1, lost 0)
//! so that they add exactly.

use serde::{Deserialize, Serialize};

/// A player, as the server numbers him.
pub type PlayerId = u64;

/// How a match played ended for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchResult {
    /// More game points than the opponent.
    Win,
    /// As many.
    Draw,
    /// Fewer.
    Loss,
}

impl MatchResult {
    /// The match points, in half points.
    pub fn half_points(self) -> u32 {
        match self {
            MatchResult::Win => 2,
            MatchResult::Draw => 1,
            MatchResult::Loss => 0,
        }
    }
}

/// What one round was for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Round {
    /// A match played against `opponent`, moving first in its first game
    /// (`first`) or second.
    Played {
        /// The opponent.
        opponent: PlayerId,
        /// Whether this player moved first in the match's first game.
        first: bool,
        /// How it ended for this player.
        result: MatchResult,
        /// The games' points this player scored in it, in half points
        /// (a game won 2, drawn 1): the first tie-break.
        games: u32,
    },
    /// Paired, but the opponent did not come: a win's points, not played
    /// (no first-mover role; the two may be paired again, C.04.1 b).
    ForfeitWin {
        /// The opponent who did not come.
        opponent: PlayerId,
    },
    /// Paired, and did not come: no points, not played.
    ForfeitLoss {
        /// The opponent who came.
        opponent: PlayerId,
    },
    /// The pairing-allocated bye of an odd round: a win's points (C.04.1
    /// e), not played, at most once an event (C.04.3 C.2).
    Bye,
    /// Not paired this round: paused, withdrawn, or not yet entered (late
    /// join). No points.
    Absent,
}

impl Round {
    /// The match points it gave, in half points.
    pub fn half_points(self) -> u32 {
        match self {
            Round::Played { result, .. } => result.half_points(),
            Round::ForfeitWin { .. } | Round::Bye => 2,
            Round::ForfeitLoss { .. } | Round::Absent => 0,
        }
    }

    /// The opponent met over the board, if the match was played. A forfeit
    /// is not a meeting: the two may still be paired (C.04.1 b).
    pub fn played_against(self) -> Option<PlayerId> {
        match self {
            Round::Played { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// Whether this player moved first, if the match was played.
    pub fn moved_first(self) -> Option<bool> {
        match self {
            Round::Played { first, .. } => Some(first),
            _ => None,
        }
    }

    /// Whether the round gave points without a match played: such a player
    /// may not have the pairing-allocated bye as well (C.04.3 C.2).
    pub fn won_unplayed(self) -> bool {
        matches!(self, Round::ForfeitWin { .. } | Round::Bye)
    }
}

/// One player of an event and his rounds so far, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Who he is.
    pub id: PlayerId,
    /// His rounds so far (a late joiner's first are [`Round::Absent`]).
    pub rounds: Vec<Round>,
    /// Whether he is to be paired this round (not paused, not withdrawn).
    pub available: bool,
}

impl Entrant {
    /// A player with no rounds yet, to be paired.
    pub fn new(id: PlayerId) -> Entrant {
        Entrant {
            id,
            rounds: Vec::new(),
            available: true,
        }
    }

    /// His score, in half points.
    pub fn half_points(&self) -> u32 {
        self.rounds.iter().map(|r| r.half_points()).sum()
    }

    /// Whether he has met `other` over the board.
    pub fn has_played(&self, other: PlayerId) -> bool {
        self.rounds
            .iter()
            .any(|r| r.played_against() == Some(other))
    }

    /// Whether he has had points without playing (a bye or a forfeit win).
    pub fn had_unplayed_win(&self) -> bool {
        self.rounds.iter().any(|r| r.won_unplayed())
    }

    /// Whether he moved first, round by round, in the matches he played.
    pub fn first_moves(&self) -> impl DoubleEndedIterator<Item = bool> + '_ {
        self.rounds.iter().filter_map(|r| r.moved_first())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_count_wins_byes_and_forfeit_wins_alike_and_a_forfeit_is_no_meeting() {
        let mut ann = Entrant::new(1);
        ann.rounds = vec![
            Round::Played {
                opponent: 2,
                first: true,
                result: MatchResult::Draw,
                games: MatchResult::Draw.half_points() + 4,
            },
            Round::Bye,
            Round::ForfeitWin { opponent: 3 },
            Round::Absent,
            Round::Played {
                opponent: 4,
                first: false,
                result: MatchResult::Win,
                games: MatchResult::Win.half_points() + 4,
            },
        ];
        assert_eq!(ann.half_points(), 1 + 2 + 2 + 2);
        assert!(ann.has_played(2) && ann.has_played(4));
        assert!(!ann.has_played(3), "a forfeit is not a meeting");
        assert!(ann.had_unplayed_win());
        assert_eq!(ann.first_moves().collect::<Vec<_>>(), vec![true, false]);
    }
}
