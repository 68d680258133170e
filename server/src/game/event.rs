//! A match's domain events: what happened, numbered, with the time it
//! happened and every input the state machine could not recompute (the
//! first-mover draw, each move's acceptance time, the time rules). Replaying
//! a match's events into [`super::MatchState::replay`] rebuilds it exactly;
//! [`super::view`] turns each into the message clients get.
//!
//! An event carries its facts (who did what, when) and what they led to
//! (the board after a move, the clocks, the points). Replay applies the
//! facts ([`Fact`]) and checks that they lead to the same results, so a
//! journal that drifted from the rules engine is caught, not believed.

use super::timing::Timing;
use crate::rating::Rated;
use protocol::rules::{Board, MoveEvent};
use protocol::wire::{
    Clocks, DrawOfferEnd, GameEndReason, GameOutcome, MatchEndReason, MatchId, MatchSettings,
    PlayerRef, Seat, ShownRating,
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

impl MatchEvent {
    /// This event, emitted again by a replay, with the ratings the journal
    /// stored in its place (`stored`), which the state machine leaves out.
    pub(crate) fn with_ratings_of(mut self, stored: &EventKind) -> MatchEvent {
        if let (
            EventKind::MatchEnded { ratings, .. },
            EventKind::MatchEnded {
                ratings: stored, ..
            },
        ) = (&mut self.kind, stored)
        {
            *ratings = *stored;
        }
        self
    }
}

/// What happened, with what it led to. Its JSON form (`type` and the
/// fields) is what the journal stores, less each move's steps, which the
/// rules engine recomputes on replay.
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
    GameStarted {
        game: u8,
        first: Seat,
        position: Board,
        /// The houses the first mover may play (not stored: replay recomputes it).
        #[serde(skip, default)]
        legal: Vec<u8>,
        clocks: Option<Clocks>,
    },
    /// A move was accepted.
    MovePlayed {
        game: u8,
        ply: u32,
        seat: Seat,
        house: u8,
        /// The rules engine's account of the sowing (not stored: replay
        /// recomputes it).
        #[serde(skip, default)]
        events: Vec<MoveEvent>,
        position: Board,
        /// The houses the next mover may play (not stored: replay recomputes it).
        #[serde(skip, default)]
        legal: Vec<u8>,
        next: Option<Seat>,
        clocks: Option<Clocks>,
    },
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
    ServerRestarted {
        paused_ms: u64,
        grace_ms: u64,
        clocks: Option<Clocks>,
    },
    /// A game ended.
    GameEnded {
        game: u8,
        outcome: GameOutcome,
        points: [f64; 2],
        clocks: Option<Clocks>,
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

/// The facts of an event: what the state machine applies. Everything else
/// in an [`EventKind`] follows from these and the state before.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Fact {
    MatchStarted {
        match_id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        timing: Timing,
        ratings: Option<[ShownRating; 2]>,
    },
    GameStarted {
        first: Seat,
    },
    MovePlayed {
        seat: Seat,
        house: u8,
    },
    DrawOffered {
        seat: Seat,
    },
    DrawOfferEnded {
        seat: Seat,
        reason: DrawOfferEnd,
    },
    PlayerLeft {
        seat: Seat,
    },
    PlayerReturned {
        seat: Seat,
    },
    ServerRestarted {
        paused_ms: u64,
        grace_ms: u64,
    },
    /// The current game ends; the stores are the board's.
    GameEnded {
        reason: GameEndReason,
        winner: Option<Seat>,
    },
    MatchEnded {
        reason: MatchEndReason,
    },
    RematchOffered {
        seat: Seat,
    },
    RematchDeclined,
    RematchAgreed {
        rematch_id: MatchId,
    },
}

impl EventKind {
    /// The facts of this event.
    pub(crate) fn fact(&self) -> Fact {
        match self {
            EventKind::MatchStarted {
                match_id,
                players,
                settings,
                timing,
                ratings,
            } => Fact::MatchStarted {
                match_id: *match_id,
                players: players.clone(),
                settings: *settings,
                timing: *timing,
                ratings: *ratings,
            },
            EventKind::GameStarted { first, .. } => Fact::GameStarted { first: *first },
            EventKind::MovePlayed { seat, house, .. } => Fact::MovePlayed {
                seat: *seat,
                house: *house,
            },
            EventKind::DrawOffered { seat } => Fact::DrawOffered { seat: *seat },
            EventKind::DrawOfferEnded { seat, reason } => Fact::DrawOfferEnded {
                seat: *seat,
                reason: *reason,
            },
            EventKind::PlayerLeft { seat } => Fact::PlayerLeft { seat: *seat },
            EventKind::PlayerReturned { seat } => Fact::PlayerReturned { seat: *seat },
            EventKind::ServerRestarted {
                paused_ms,
                grace_ms,
                ..
            } => Fact::ServerRestarted {
                paused_ms: *paused_ms,
                grace_ms: *grace_ms,
            },
            EventKind::GameEnded { outcome, .. } => Fact::GameEnded {
                reason: outcome.reason,
                winner: outcome.winner,
            },
            EventKind::MatchEnded { reason, .. } => Fact::MatchEnded { reason: *reason },
            EventKind::RematchOffered { seat } => Fact::RematchOffered { seat: *seat },
            EventKind::RematchDeclined => Fact::RematchDeclined,
            EventKind::RematchAgreed { rematch_id } => Fact::RematchAgreed {
                rematch_id: *rematch_id,
            },
        }
    }

    /// Whether this event is `stored` as the journal keeps it: equal in
    /// everything but a move's steps and the legal houses, which are not
    /// stored, and a match
    /// end's ratings, which the state machine does not compute.
    pub(crate) fn matches_stored(&self, stored: &EventKind) -> bool {
        match (self, stored) {
            (
                EventKind::MovePlayed {
                    game,
                    ply,
                    seat,
                    house,
                    position,
                    next,
                    clocks,
                    ..
                },
                EventKind::MovePlayed {
                    game: stored_game,
                    ply: stored_ply,
                    seat: stored_seat,
                    house: stored_house,
                    position: stored_position,
                    next: stored_next,
                    clocks: stored_clocks,
                    ..
                },
            ) => {
                (game, ply, seat, house, position, next, clocks)
                    == (
                        stored_game,
                        stored_ply,
                        stored_seat,
                        stored_house,
                        stored_position,
                        stored_next,
                        stored_clocks,
                    )
            }
            (
                EventKind::MatchEnded {
                    reason,
                    points,
                    winner,
                    ..
                },
                EventKind::MatchEnded {
                    reason: stored_reason,
                    points: stored_points,
                    winner: stored_winner,
                    ..
                },
            ) => (reason, points, winner) == (stored_reason, stored_points, stored_winner),
            (
                EventKind::GameStarted {
                    game,
                    first,
                    position,
                    clocks,
                    ..
                },
                EventKind::GameStarted {
                    game: stored_game,
                    first: stored_first,
                    position: stored_position,
                    clocks: stored_clocks,
                    ..
                },
            ) => {
                (game, first, position, clocks)
                    == (stored_game, stored_first, stored_position, stored_clocks)
            }
            (emitted, stored) => emitted == stored,
        }
    }

    /// Whether the lobby's line for the match changes with this event (the
    /// game number or the points).
    pub(crate) fn changes_summary(&self) -> bool {
        matches!(
            self,
            EventKind::GameStarted { .. } | EventKind::GameEnded { .. }
        )
    }
}
