//! What a write of a match's events carries: each event as a row, with
//! what it changes in the match's header, and a rated match's new ratings.
//! Shared by the writer and the recent tables.

use crate::rating::{Pool, Rated};
use protocol::wire::PlayerRef;

/// One event of a match, serialised, with what it changes in the match's header.
pub(crate) struct EventRow {
    pub(crate) version: u64,
    pub(crate) at_us: u64,
    pub(crate) json: String,
    pub(crate) header: Header,
}

/// The ratings a rated match's end sets (in the same transaction as its
/// events, so that a match is never stored as over and unrated).
pub(crate) struct RatedRows {
    pub(crate) pool: Pool,
    /// By seat.
    pub(crate) players: [u64; 2],
    /// By seat.
    pub(crate) rated: [Rated; 2],
}

/// What an event changes in its match's header row.
pub(crate) enum Header {
    Unchanged,
    /// The match began (its first event).
    Started {
        players: [PlayerRef; 2],
        settings_json: String,
    },
    /// Game 1's first mover was drawn.
    FirstSeat(u8),
    /// A game ended, won by this seat (`None`: drawn).
    GameEnded(Option<u8>),
    /// The match ended.
    Ended {
        reason: String,
        points: [f64; 2],
        winner: Option<u8>,
    },
    /// Its rematch started.
    Rematch(u64),
}
