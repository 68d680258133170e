//! What a move did, step by step, and how a game ended: the data clients animate from.

use super::side::{Pit, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of a move, in the order it happened.
///
/// A move starts with a [`MoveEvent::Lift`], then one [`MoveEvent::Sow`] per
/// seed dropped (with [`MoveEvent::Relay`] lifts in between for the relay
/// games), then captures, then either an extra turn or the end of the game
/// with its sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MoveEvent {
    /// The mover lifted all `seeds` of the house he chose.
    Lift {
        /// The chosen house.
        pit: Pit,
        /// How many seeds it held.
        seeds: u8,
    },
    /// One seed was dropped into `pit`.
    Sow {
        /// Where the seed went.
        pit: Pit,
    },
    /// The last seed fell into an occupied house and its `seeds` (the last
    /// one included) were lifted to sow on (`kalah_relay`, Congkak).
    Relay {
        /// The house lifted.
        pit: Pit,
        /// How many seeds it held.
        seeds: u8,
    },
    /// `seeds` were taken from `pit` into `by`'s store.
    Capture {
        /// The pit emptied.
        pit: Pit,
        /// How many seeds it held.
        seeds: u8,
        /// Whose store they went to.
        by: Side,
    },
    /// Togyz Kumalak: the last stone made `pit`, a house of the opponent's,
    /// exactly 3: it is `by`'s tuzdik from now on, and its `seeds` went to
    /// his store. Every stone sown into it later goes to his store too
    /// (a `sow` into that store).
    Tuzdik {
        /// The house that became a tuzdik.
        pit: Pit,
        /// How many stones it held (3).
        seeds: u8,
        /// Whose tuzdik it is.
        by: Side,
    },
    /// The mover's last seed fell into his own store: he moves again.
    ExtraTurn {
        /// Who moves again.
        side: Side,
    },
    /// The game ended after this move; the sweeps that follow are already
    /// counted in `result`.
    GameOver {
        /// Why it ended.
        reason: EndReason,
        /// The final stores and the winner.
        result: GameResult,
    },
    /// End-of-game sweep: the `seeds` left in `from`'s row went to `to`'s store.
    Sweep {
        /// Whose row was emptied.
        from: Side,
        /// Whose store took them.
        to: Side,
        /// How many seeds.
        seeds: u8,
    },
}

impl MoveEvent {
    /// Seeds a move's `events` captured, all captures together: what a
    /// client tells its player after the move.
    pub fn captured(events: &[MoveEvent]) -> u32 {
        events
            .iter()
            .map(|e| match e {
                MoveEvent::Capture { seeds, .. } | MoveEvent::Tuzdik { seeds, .. } => {
                    u32::from(*seeds)
                }
                _ => 0,
            })
            .sum()
    }
}

/// Why a game ended on the board (as opposed to by resignation or the clock,
/// which the match layer decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player's row is empty after a move (Kalah, Mangala, `kalah_relay`).
    SideEmpty,
    /// The player to move has no legal move: Oware's cannot-feed, or a
    /// Congkak, Togyz Kumalak or Bestemshe player with no seeds in his row.
    NoMove,
    /// Oware: a store holds more than half the seeds, or both hold
    /// exactly half. Togyz Kumalak and Bestemshe: a store holds more than
    /// half (the stones left on the board count for nobody).
    Majority,
    /// Oware: a position repeated since the last capture.
    Repetition,
}

impl EndReason {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::SideEmpty => "side_empty",
            EndReason::NoMove => "no_move",
            EndReason::Majority => "majority",
            EndReason::Repetition => "repetition",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished game: the final stores and who won.
///
/// At the end of every game all seeds are in the stores, so the stores are the
/// score. On the wire: `{"scores": [27, 21], "winner": 0}`, `winner` null for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Final store of player 0 and player 1.
    pub scores: [u8; 2],
    /// The side with more seeds, or `None` for a draw.
    pub winner: Option<Side>,
}

impl GameResult {
    /// The result that these final stores give.
    pub fn from_scores(scores: [u8; 2]) -> GameResult {
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(Side::Player0),
            std::cmp::Ordering::Less => Some(Side::Player1),
            std::cmp::Ordering::Equal => None,
        };
        GameResult { scores, winner }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.scores[0], self.scores[1])?;
        match self.winner {
            Some(side) => write!(f, ", {side} wins"),
            None => write!(f, ", draw"),
        }
    }
}

/// Where a move's events go: a list when the caller wants them, nowhere on
/// the hot paths (perft, playouts), where building them would cost time.
pub(crate) trait Recorder {
    fn record(&mut self, event: impl FnOnce() -> MoveEvent);
}

/// Discards events; every call inlines to nothing.
pub(crate) struct NoEvents;

impl Recorder for NoEvents {
    #[inline(always)]
    fn record(&mut self, _event: impl FnOnce() -> MoveEvent) {}
}

impl Recorder for Vec<MoveEvent> {
    #[inline]
    fn record(&mut self, event: impl FnOnce() -> MoveEvent) {
        self.push(event());
    }
}
