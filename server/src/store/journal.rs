//! What the server needs from the place it keeps things, as one trait: the
//! SQLite file on one machine ([`super::sqlite`]), or PostgreSQL for
//! several nodes ([`super::postgres`]), without the match core, the lobby
//! or the API knowing which one it talks to.
//!
//! Writes are queued and answered once durable ([`Commit`]); reads are the
//! questions the server and its clients ask, each answered off the async
//! threads, a client's within the budget of reads the journal allows.

use super::{
    ArchivedRows, Commit, FoundPlayer, Loaded, MatchEvents, MatchPage, PlayerLookup,
    PlayerMatchRows, ProfileRows, StepRow, StoreError, StoredEvent, StoredRating, TournamentRunner,
    TournamentSteps, Write,
};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use std::sync::Arc;

/// A journal: where everything the server must not lose is kept.
pub(crate) trait Journal: Send + Sync {
    /// Where it keeps things, for the log.
    fn describe(&self) -> String;

    /// Queue `write`; the answer says when it is durable.
    fn write(&self, write: Write) -> Commit;

    /// Queue `write` without waiting for it (a failure is logged).
    fn write_later(&self, write: Write);

    /// Everything to restore at start: players, ratings, open seeks, live
    /// matches (with leases, those this node claims), the id sequence.
    /// Called once, before anything is served.
    fn load(&self) -> BoxFuture<'static, Result<Loaded, StoreError>>;

    /// The first of `count` fresh ids that no other server sharing this
    /// journal hands out, reserved before this returns. Called after
    /// [`Journal::load`].
    fn reserve_ids(&self, count: u64) -> BoxFuture<'static, Result<u64, Arc<StoreError>>>;

    /// Whether several nodes may share this journal, each live match held
    /// by one of them under a lease that fences its writes.
    fn has_leases(&self) -> bool {
        false
    }

    /// Renew this node's leases; returns the matches another node has
    /// taken from it (this node must stop serving them: their writes are
    /// refused as [`StoreError::Fenced`] from now on).
    fn renew_leases(&self) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// Take up to `limit` live matches whose owner stopped renewing its
    /// lease, with their events in version order, to serve them here.
    fn claim_orphans(
        &self,
        _limit: usize,
    ) -> BoxFuture<'static, Result<Vec<MatchEvents>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// Take live match `id` now if its node stopped (its lease lapsed or
    /// was let go), for a client who asks for it here before the next
    /// round of [`Journal::claim_orphans`]: its events, or `None` if it is
    /// not to be taken (unknown, over, or its node alive). Within the
    /// clients' read budget.
    fn claim_match(
        &self,
        _id: u64,
    ) -> BoxFuture<'static, Result<Option<Vec<StoredEvent>>, StoreError>> {
        futures_util::future::ready(Ok(None)).boxed()
    }

    /// The node that serves live match `id`, if another node holds its
    /// lease and has renewed it: a client's request for the match here is
    /// forwarded there. Waits for a reader rather than being refused (its
    /// callers are bounded by their connections' budgets). A journal of
    /// one server: none.
    fn match_owner(&self, _id: u64) -> BoxFuture<'static, Result<Option<String>, StoreError>> {
        futures_util::future::ready(Ok(None)).boxed()
    }

    /// Store a tournament's step, answered once durable. On a journal of
    /// several nodes, only the node running the tournament may: another's
    /// is refused as [`StoreError::TournamentMoved`] (its creation makes
    /// its creator the runner). Everything queued before it is durable
    /// first (a result's step after its match's end).
    fn store_tournament_step(
        &self,
        step: StepRow,
    ) -> BoxFuture<'static, Result<(), Arc<StoreError>>> {
        self.write(Write::TournamentStep(step)).durable().boxed()
    }

    /// Renew the rows of the tournaments this node runs; returns those
    /// another node has taken from it (this node must stop running them:
    /// their steps are refused from now on). A journal of one server: none.
    fn renew_runners(&self) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// Take up to `limit` tournaments not over whose runner stopped
    /// renewing its row, each with its steps in order (JSON), to run them
    /// here. A journal of one server: none.
    fn claim_tournaments(
        &self,
        _limit: usize,
    ) -> BoxFuture<'static, Result<Vec<TournamentSteps>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// The node that runs tournament `id` (or ran it last), for a node
    /// that does not: a client's request about it is forwarded there. A
    /// journal of one server: none (its one server runs them all).
    fn tournament_runner(
        &self,
        _id: u64,
    ) -> BoxFuture<'static, Result<Option<TournamentRunner>, StoreError>> {
        futures_util::future::ready(Ok(None)).boxed()
    }

    /// Which of the matches `ids` have ended, for a node running a
    /// tournament whose boards' matches other nodes serve (they took them
    /// over). A journal of one server: none (it serves them all).
    fn ended_matches(&self, _ids: Vec<u64>) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// The newest `limit` tournaments' ids, the newest first, for a node
    /// that lists the tournaments other nodes run too. A journal of one
    /// server: none (its one server has them all).
    fn newest_tournaments(&self, _limit: u32) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// Tournament `id`'s steps from step `from` on, in order (JSON), for a
    /// node that shows a tournament another node runs. A journal of one
    /// server: none.
    fn tournament_steps(
        &self,
        _id: u64,
        _from: u32,
    ) -> BoxFuture<'static, Result<Vec<String>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// The ratings of `players` as the journal holds them, for a node about
    /// to rate them (another node may have rated them since this one read
    /// them). A journal of one server: none (memory has the last word).
    fn player_ratings(
        &self,
        _players: [u64; 2],
    ) -> BoxFuture<'static, Result<Vec<StoredRating>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

    /// The player `lookup` names, with his ratings, for a node that does
    /// not know him (another node stored him since it started), on the
    /// clients' read connections. A journal of one server has every player
    /// in that server's memory already: `None`.
    fn find_player(
        &self,
        _lookup: PlayerLookup,
    ) -> BoxFuture<'static, Result<Option<FoundPlayer>, StoreError>> {
        futures_util::future::ready(Ok(None)).boxed()
    }

    /// The live matches of player `player`, for his `welcome` on a node
    /// that may not have heard of them yet from the others. A journal of
    /// one server: none (that server has them all in memory).
    fn live_matches_of(&self, _player: u64) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        futures_util::future::ready(Ok(Vec::new())).boxed()
    }

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

    /// Wait until every write queued so far is durable, then stop (with
    /// leases: letting other nodes take this node's matches at once).
    fn close(&self) -> BoxFuture<'static, ()>;
}
