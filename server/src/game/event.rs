//! A match's domain events: what happened, numbered, with the time it
//! happened and every input the state machine could not recompute (the
//! first-mover draw, each move's acceptance time, the time rules).
//!
//! An event exists once: the match decides it ([`super::MatchState::decide`]),
//! the journal stores it, the match applies it
//! ([`super::MatchState::apply`], which replay uses too), and what it led
//! to ([`After`]) comes out of applying it. [`super::view`] turns the two
//! into the message clients get.

use super::timing::Timing;
use crate::rating::Rated;
use protocol::rules::{Board, MoveEvent};
use protocol::wire::{
    Clocks, DrawOfferEnd, GameOutcome, MatchEndReason, MatchId, MatchSettings, PlayerRef, Seat,
    ShownRating,
};
use serde::{Deserialize, Serialize};

/// One numbered event of a match.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct MatchEvent {
    /// 1 for `match_started`, one more for each event after it.
    pub(crate) version: u64,
    /// When it happened, in microseconds since the Unix epoch by the server's clock.
    pub(crate) at_us: u64,
    /// What happened.
    pub(crate) kind: EventKind,
}

/// What happened: a request's outcome as the match decided it, before it
/// changed anything. Its JSON form (`type` and the fields) is what the
/// journal stores, so it holds every input the state machine cannot
/// recompute (the first mover, each move, the times) and the results a
/// replay checks (a game's outcome and the points, a match's winner): a
/// journal that drifted from the rules engine is caught, not believed.
/// What follows from it alone (the board, the clocks, a move's steps) is
/// computed when it is applied ([`After`]).
///
/// Rows stored by earlier versions carried that too (a move's `position`
/// and `clocks`); reading them ignores it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum EventKind {
    /// The match began between these seats (seat 0 first).
    MatchStarted {
        match_id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        /// The server's time rules for this match, fixed at its start.
        timing: Timing,
        /// The players' ratings in the match's pool when it began, by seat
        /// (shown beside their names); `None` for an untimed match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[ShownRating; 2]>,
    },
    /// A game began; `first` moves first (game 1's by lot).
    GameStarted { game: u8, first: Seat },
    /// A move was accepted.
    MovePlayed {
        game: u8,
        ply: u32,
        seat: Seat,
        house: u8,
    },
    /// A player berserked: half his clock and no increment, in this game
    /// and every later one of the match.
    Berserked { seat: Seat },
    /// A player offered a draw of the current game.
    DrawOffered { seat: Seat },
    /// A draw offer ended without a draw.
    DrawOfferEnded { seat: Seat, reason: DrawOfferEnd },
    /// A player's connection dropped; his seat is kept.
    PlayerLeft { seat: Seat },
    /// A player who had left is back.
    PlayerReturned { seat: Seat },
    /// The server restarted: `paused_ms` since the last event were charged
    /// to nobody, both players count as away, absence rules wait `grace_ms`.
    ServerRestarted { paused_ms: u64, grace_ms: u64 },
    /// A game ended.
    GameEnded {
        game: u8,
        outcome: GameOutcome,
        /// The match's points after it, by seat.
        points: [f64; 2],
    },
    /// The match ended.
    MatchEnded {
        reason: MatchEndReason,
        points: [f64; 2],
        winner: Option<Seat>,
        /// A rated match's rating changes, by seat: not the state
        /// machine's to compute (they depend on every other match of the
        /// players), so the match's task fills them in before the event is
        /// stored, and a replay takes them from the journal.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[Rated; 2]>,
    },
    /// After the match, a player offered a rematch.
    RematchOffered { seat: Seat },
    /// The rematch offer was declined.
    RematchDeclined,
    /// Both agreed on a rematch, which started as `rematch_id`.
    RematchAgreed { rematch_id: MatchId },
}

/// What an applied event led to beyond what it says: the board after it,
/// the houses its mover may play, the clocks, and a move's steps. The
/// state machine computes it as it applies the event; clients are shown it
/// beside the event ([`super::view`]), and the archive keeps it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct After {
    /// The rules engine's account of a move's sowing (empty for other events).
    pub(crate) steps: Vec<MoveEvent>,
    /// A Kazakh game's move as players write it.
    pub(crate) label: Option<String>,
    /// The board of the current game (of a new game before it has one).
    pub(crate) position: Board,
    /// The houses the seat to move may play.
    pub(crate) legal: Vec<u8>,
    /// The seat to move, if a game is being played.
    pub(crate) next: Option<Seat>,
    /// The current game's clocks (timed matches only).
    pub(crate) clocks: Option<Clocks>,
}

/// An applied event with what it led to: what clients are told.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Told {
    pub(crate) event: MatchEvent,
    pub(crate) after: After,
}

impl EventKind {
    /// Whether the lobby's line for the match changes with this event (the
    /// game number or the points).
    pub(crate) fn changes_summary(&self) -> bool {
        matches!(
            self,
            EventKind::GameStarted { .. } | EventKind::GameEnded { .. }
        )
    }
}
