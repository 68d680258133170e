//! What the server asks the journal to keep ([`Write`]): a match's events
//! as rows, each with what it changes in the match's header, a rated
//! match's new ratings, players, seeks and the id sequence.

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

/// One thing to store.
pub(crate) enum Write {
    /// A match's events, in version order; `settle` once the match has
    /// ended, so that an ended match's events are all in the indexed table.
    Events {
        match_id: u64,
        rows: Vec<EventRow>,
        settle: bool,
        /// A rated match's end: both players' new ratings, stored with it.
        rated: Option<RatedRows>,
    },
    /// A new player.
    Player {
        id: u64,
        name: String,
        /// What the name is compared by (`players::names::name_key`).
        name_key: String,
        token_sha256: [u8; 32],
        at_ms: u64,
    },
    /// A player was last seen at `at_ms`.
    Seen { id: u64, at_ms: u64 },
    /// A player signed in by password and has a new token.
    Token { id: u64, token_sha256: [u8; 32] },
    /// A player set his password (its Argon2id hash, a PHC string).
    Password { id: u64, hash: String },
    /// A player is forgotten: his name is free and his token names nobody;
    /// his matches keep his name.
    Forget { id: u64 },
    /// Ids below `next_free` may be handed out.
    Sequence { next_free: u64 },
    /// A seek was opened (with its private code, if it has one).
    SeekAdded {
        seek: protocol::wire::SeekInfo,
        code: Option<String>,
    },
    /// A seek was taken, cancelled or withdrawn.
    SeekRemoved { id: u64 },
    /// Match `match_id`'s task has closed for good (the match ended and
    /// lingered): nobody needs to own it any more (with PostgreSQL, its
    /// lease goes).
    LeaseDone { match_id: u64 },
    /// A tournament's step, unfenced: how SQLite's journal stores them
    /// (with PostgreSQL they go through `Journal::store_tournament_step`,
    /// which checks the node runs the tournament).
    TournamentStep(StepRow),
    /// Nothing: answered once every earlier write is durable.
    Flush,
}

/// Step `seq` (from 0) of tournament `tournament_id` (JSON, as
/// `crate::tournaments::stored` writes it); `over` with its last step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StepRow {
    pub(crate) tournament_id: u64,
    pub(crate) seq: u32,
    pub(crate) json: String,
    pub(crate) over: bool,
}
