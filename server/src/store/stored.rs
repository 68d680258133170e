//! What the journal gives back: what the server restores at start
//! ([`Loaded`]), a match's stored events, a match's header row for the
//! archive, the rows of a player's page, and who runs a tournament.

use crate::rating::{Pool, Rating};
use protocol::api::{HistoryRow, Record};
use protocol::rules::Variant;
use protocol::wire::{PlayerId, Speed};

/// The ratings of the players who still hold a name, the same SQL in both
/// journals: player, variant, speed, rating, deviation, volatility, games,
/// when rated.
pub(crate) const LOAD_RATINGS: &str =
    "SELECT r.player, r.variant, r.speed, r.rating, r.deviation, r.volatility, r.games, r.rated_ms
     FROM ratings r JOIN players p ON p.id = r.player WHERE p.token_sha256 IS NOT NULL";

/// The pool of a stored rating of `player`'s; `None`, with a warning, for
/// a pool this server does not know (it is left out).
pub(crate) fn stored_pool(player: PlayerId, variant: &str, speed: &str) -> Option<Pool> {
    match (variant.parse::<Variant>(), Speed::from_id(speed)) {
        (Ok(variant), Some(speed)) => Some(Pool { variant, speed }),
        _ => {
            tracing::warn!(
                "player {player}'s rating in {variant} {speed} is not a pool this server knows"
            );
            None
        }
    }
}

/// A player as stored.
pub(crate) struct StoredPlayer {
    pub(crate) id: u64,
    pub(crate) name: String,
    pub(crate) token_sha256: [u8; 32],
    pub(crate) last_seen_ms: u64,
    /// His password's Argon2id hash; `None` for a guest.
    pub(crate) password: Option<String>,
    /// Whether a match of his has ended.
    pub(crate) played: bool,
}

/// How a player is looked for in the journal (a sign-in on one node of a
/// player another node stored).
pub(crate) enum PlayerLookup {
    /// By his token's SHA-256.
    Token([u8; 32]),
    /// By the name he holds, as compared (`players::names::name_key`).
    NameKey(String),
}

/// A player found in the journal, with his ratings.
pub(crate) struct FoundPlayer {
    pub(crate) player: StoredPlayer,
    pub(crate) ratings: Vec<StoredRating>,
}

/// One stored event of a match: its version, time and JSON.
pub(crate) struct StoredEvent {
    pub(crate) version: u64,
    pub(crate) at_us: u64,
    pub(crate) json: String,
}

/// A player's rating in a pool, as stored.
pub(crate) type StoredRating = (PlayerId, Pool, Rating);

/// A match's id and its stored events, in version order.
pub(crate) type MatchEvents = (u64, Vec<StoredEvent>);

/// A tournament's id and its stored steps (JSON), in order.
pub(crate) type TournamentSteps = (u64, Vec<String>);

/// An open seek as stored.
pub(crate) struct StoredSeek {
    pub(crate) id: u64,
    pub(crate) player: u64,
    pub(crate) settings_json: String,
    pub(crate) code: Option<String>,
    /// Its rating range as JSON, if it has one.
    pub(crate) rating_range_json: Option<String>,
}

/// Everything restored at start.
#[derive(Default)]
pub(crate) struct Loaded {
    pub(crate) players: Vec<StoredPlayer>,
    /// The ratings of those players, each in its pool.
    pub(crate) ratings: Vec<StoredRating>,
    /// Open seeks, oldest first.
    pub(crate) seeks: Vec<StoredSeek>,
    /// Each live (unfinished) match's events, in version order, by match id.
    pub(crate) matches: Vec<MatchEvents>,
    /// Each tournament not yet over: its id and its steps (JSON) in order.
    pub(crate) tournaments: Vec<TournamentSteps>,
    /// Every id below this may have been handed out before.
    pub(crate) next_free: u64,
}

/// A match's header as stored.
#[derive(Clone, Debug)]
pub(crate) struct MatchRow {
    pub(crate) id: u64,
    /// Seat 0 first: id and name.
    pub(crate) players: [(u64, String); 2],
    pub(crate) settings_json: String,
    pub(crate) first_seat: Option<u8>,
    pub(crate) started_ms: u64,
    pub(crate) ended_ms: Option<u64>,
    pub(crate) end_reason: Option<String>,
    pub(crate) points: Option<[f64; 2]>,
    pub(crate) winner: Option<u8>,
    pub(crate) rematch_id: Option<u64>,
    pub(crate) events: u64,
    /// The node serving it, while it is live and several nodes share the
    /// journal.
    pub(crate) owner: Option<String>,
}

/// Which page of a player's matches: those with ids below `before`, at most `limit`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MatchPage {
    pub(crate) before: Option<u64>,
    pub(crate) limit: u32,
}

impl MatchPage {
    /// The `limit` latest matches.
    pub(crate) fn latest(limit: u32) -> MatchPage {
        MatchPage {
            before: None,
            limit,
        }
    }
}

/// What the archive found of one match.
pub(crate) enum ArchivedRows {
    /// No such match.
    Missing,
    /// The match has no event past the version the asker already has.
    Unchanged(MatchRow),
    /// Its header and its events, in version order.
    Found(MatchRow, Vec<StoredEvent>),
}

/// A page of a player's matches, newest first.
pub(crate) struct PlayerMatchRows {
    /// The name as he holds it.
    pub(crate) name: String,
    pub(crate) matches: Vec<MatchRow>,
}

/// What a player's profile shows from the journal.
#[derive(Default)]
pub(crate) struct ProfileRows {
    pub(crate) record: Record,
    /// His latest matches, newest first.
    pub(crate) matches: Vec<MatchRow>,
    /// His rating after each rated match, oldest first.
    pub(crate) history: Vec<HistoryRow>,
}

/// The node a tournament's row names ([`super::journal::Journal::tournament_runner`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TournamentRunner {
    /// The node running it, or the last that did (stopped, or it is over).
    pub(crate) node: String,
    /// It is over: nobody takes it over.
    pub(crate) over: bool,
}
