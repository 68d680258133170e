//! What the server needs from the place it keeps things, as one trait: the
//! SQLite file on one machine ([`super::sqlite`]), or PostgreSQL for
//! several nodes ([`super::postgres`]), without the match core, the lobby
//! or the API knowing which one it talks to.
//!
//! Writes are queued and answered once durable ([`Commit`]); reads are the
//! questions the server and its clients ask, each answered off the async
//! threads, a client's within the budget of reads the journal allows.

use super::{
    ArchivedRows, Commit, Loaded, MatchPage, PlayerMatchRows, ProfileRows, StoreError, StoredEvent,
    Write,
};
use futures_util::future::BoxFuture;

/// A journal: where everything the server must not lose is kept.
pub(crate) trait Journal: Send + Sync {
    /// Where it keeps things, for the log.
    fn describe(&self) -> String;

    /// Queue `write`; the answer says when it is durable.
    fn write(&self, write: Write) -> Commit;

    /// Queue `write` without waiting for it (a failure is logged).
    fn write_later(&self, write: Write);

    /// Everything to restore at start: players, ratings, open seeks, live
    /// matches, the id sequence. Called once, before anything is served.
    fn load(&self) -> BoxFuture<'static, Result<Loaded, StoreError>>;

    /// Match `id`'s events in version order, for the server bringing a
    /// live match back into memory (never behind the clients' reads).
    fn match_events(&self, id: u64) -> BoxFuture<'static, Result<Vec<StoredEvent>, StoreError>>;

    /// Match `id` for a client: its header and events, or only its header
    /// if its last version is still `known`.
    fn archived_match(
        &self,
        id: u64,
        known: Option<u64>,
    ) -> BoxFuture<'static, Result<ArchivedRows, StoreError>>;

    /// A page of the matches of the player whose name compares as
    /// `name_key`, for a client; `None` if nobody holds it.
    fn player_matches(
        &self,
        name_key: String,
        page: MatchPage,
    ) -> BoxFuture<'static, Result<Option<PlayerMatchRows>, StoreError>>;

    /// What player `id`'s profile shows, for a client: his record, his
    /// `recent` latest matches and up to `history` rating changes.
    fn profile(
        &self,
        id: u64,
        recent: u32,
        history: u32,
    ) -> BoxFuture<'static, Result<ProfileRows, StoreError>>;

    /// Wait until every write queued so far is durable, then stop.
    fn close(&self) -> BoxFuture<'static, ()>;
}
