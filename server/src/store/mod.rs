//! The journal: everything the server must not lose. Players (with the
//! SHA-256 of their token, never the token), the id sequence, open seeks,
//! ratings, and every match's events exactly as its state machine emitted
//! them, with a header row per match for the archive.
//!
//! [`Store`] is the handle the rest of the server holds; what it asks of a
//! journal is the [`journal::Journal`] trait, which the SQLite file fills
//! ([`sqlite`]). A match waits for a write's answer ([`Commit`]) before
//! anyone hears of its events.
//!
//! `--database :memory:` keeps nothing: every write is answered at once,
//! the server starts empty, and there is no archive.

#[cfg(test)]
mod contract_tests;
mod journal;
pub(crate) mod migrate;
mod postgres;
mod queue;
mod rows;
mod sequence;
mod sqlite;
mod stored;
mod tables;

pub(crate) use journal::Journal;
pub(crate) use rows::{EventRow, Header, RatedRows, StepRow, Write};
pub(crate) use sequence::Sequence;
pub(crate) use stored::{
    ArchivedRows, FoundPlayer, Loaded, MatchEvents, MatchPage, MatchRow, PlayerLookup,
    PlayerMatchRows, ProfileRows, StoredEvent, StoredPlayer, StoredRating, StoredSeek,
    TournamentRunner, TournamentSteps,
};

use crate::metrics::Metrics;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::oneshot;

/// The file name that keeps nothing.
pub(crate) const IN_MEMORY: &str = ":memory:";

/// Why the journal could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StoreError {
    #[error(
        "{path} is not a SQLite database ({source}); move it away or choose another --database"
    )]
    NotADatabase {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error(
        "{path} was written by a newer mancala-server (schema version {found}; this one knows \
         versions up to {known}); it is left untouched: run the newer server, or choose another --database"
    )]
    TooNew {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error(
        "{path} is damaged ({source}); restore it from a backup, or move it away and choose another --database"
    )]
    Damaged {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{path} cannot be written ({source}); check its permissions and the disk")]
    NotWritable {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("cannot open {path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error(
        "{url} is not a PostgreSQL URL ({source}); write it as postgres://USER:PASSWORD@HOST:PORT/DATABASE"
    )]
    PgUrl {
        url: String,
        source: postgres::PgError,
    },
    #[error(
        "cannot reach PostgreSQL at {server} ({source}); check that it runs and that the URL's user, password and database are right"
    )]
    PgUnreachable {
        server: String,
        source: postgres::PgError,
    },
    #[error(
        "PostgreSQL at {server} refused to create the journal's tables ({source}); the URL's user needs the right to create tables in that database"
    )]
    PgNotWritable {
        server: String,
        source: postgres::PgError,
    },
    #[error(
        "the database at {server} was written by a newer mancala-server (schema version {found}; \
         this one knows versions up to {known}); it is left untouched: run the newer server, or choose another --database"
    )]
    PgTooNew {
        server: String,
        found: i32,
        known: i32,
    },
    #[error("cannot set up the connections to PostgreSQL: {0}")]
    PgPool(deadpool_postgres::BuildError),
    #[error("PostgreSQL refused the write: {0}")]
    PgWrite(postgres::PgError),
    #[error("PostgreSQL could not be read: {0}")]
    PgRead(postgres::PgError),
    #[error("PostgreSQL cannot be reached now: {0}")]
    PgAway(postgres::PgError),
    #[error("there is no journal at {0}: name the file the server ran with (its --database)")]
    Missing(PathBuf),
    #[error(
        "{server} holds a journal already ({rows} rows); migrate moves a journal only into an empty database"
    )]
    NotEmpty { server: String, rows: i64 },
    #[error("the database refused the write: {0}")]
    Write(rusqlite::Error),
    #[error("the database could not be read: {0}")]
    Read(#[from] rusqlite::Error),
    #[error("cannot start the journal's writer thread: {0}")]
    Thread(std::io::Error),
    #[error("the journal's writer has stopped")]
    Stopped,
    #[error("the server is answering too many reads at once: try again in a moment")]
    Busy,
    #[error("match {match_id} is served by another node now; reconnect to play on")]
    Fenced { match_id: u64 },
    #[error("tournament {tournament_id} is run by another node now; send it again")]
    TournamentMoved { tournament_id: u64 },
}

/// The server's journal, or none (`:memory:`). Cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct Store {
    journal: Option<Arc<dyn Journal>>,
}

/// The answer to a write: `Ok` once it is on disk.
pub(crate) struct Commit(Option<oneshot::Receiver<Result<(), Arc<StoreError>>>>);

impl Commit {
    /// A write that needs no waiting (nothing is kept).
    pub(crate) fn done() -> Commit {
        Commit(None)
    }

    /// A write whose outcome `answer` will carry.
    pub(crate) fn pending(answer: oneshot::Receiver<Result<(), Arc<StoreError>>>) -> Commit {
        Commit(Some(answer))
    }

    /// Wait until the write is durable, or failed.
    pub(crate) async fn durable(self) -> Result<(), Arc<StoreError>> {
        match self.0 {
            None => Ok(()),
            Some(answer) => answer.await.unwrap_or(Err(Arc::new(StoreError::Stopped))),
        }
    }
}

/// How the database is opened.
#[derive(Clone, Debug)]
pub(crate) struct StoreOptions {
    /// This node's name, under which it holds its live matches' leases
    /// (PostgreSQL only).
    pub(crate) node: String,
    /// How long a lease lasts unrenewed, in milliseconds (PostgreSQL only).
    pub(crate) lease_ms: u64,
    /// The database file, or [`IN_MEMORY`].
    pub(crate) path: String,
    /// Largest size the database may grow to, in bytes (0: no limit), its
    /// write-ahead log's allowance included. A write past it fails as a
    /// full disk does.
    pub(crate) max_bytes: u64,
    /// The write-ahead log is folded back into the database and started
    /// again once it is this large, in bytes (0: only by the checkpoint
    /// thread's passive checkpoints).
    pub(crate) wal_limit: u64,
    /// Connections that read for clients (the archive, profiles).
    pub(crate) readers: usize,
    /// Client reads that may wait for one of them; more are refused.
    pub(crate) read_queue: usize,
}

impl Store {
    /// Open (or create) the database and bring its schema up to date; start
    /// the writer. `:memory:` opens nothing; a `postgres://` URL opens the
    /// PostgreSQL journal, anything else is the SQLite file's path.
    pub(crate) async fn open(
        options: &StoreOptions,
        metrics: Arc<Metrics>,
    ) -> Result<Store, StoreError> {
        if options.path == IN_MEMORY {
            return Ok(Store::default());
        }
        if postgres::is_url(&options.path) {
            let journal = postgres::PostgresJournal::open(&options.path, options, metrics).await?;
            return Ok(Store::over(Arc::new(journal)));
        }
        let journal = sqlite::SqliteJournal::open(options, metrics)?;
        Ok(Store::over(Arc::new(journal)))
    }

    /// The handle of `journal`.
    pub(crate) fn over(journal: Arc<dyn Journal>) -> Store {
        Store {
            journal: Some(journal),
        }
    }

    /// Whether anything is kept.
    pub(crate) fn is_durable(&self) -> bool {
        self.journal.is_some()
    }

    /// Where things are kept, if anywhere, for the log.
    pub(crate) fn describe(&self) -> Option<String> {
        self.journal.as_ref().map(|journal| journal.describe())
    }

    /// Queue `write`; the answer says when it is durable.
    pub(crate) fn write(&self, write: Write) -> Commit {
        match &self.journal {
            None => Commit::done(),
            Some(journal) => journal.write(write),
        }
    }

    /// Queue `write` without waiting for it (a failure is logged).
    pub(crate) fn write_later(&self, write: Write) {
        if let Some(journal) = &self.journal {
            journal.write_later(write);
        }
    }

    /// The first of `count` fresh ids no other server sharing the journal
    /// hands out ([`Journal::reserve_ids`]); without a journal, from 1.
    pub(crate) async fn reserve_ids(&self, count: u64) -> Result<u64, Arc<StoreError>> {
        match &self.journal {
            None => Ok(1),
            Some(journal) => journal.reserve_ids(count).await,
        }
    }

    /// Whether several nodes may share the journal ([`Journal::has_leases`]).
    pub(crate) fn has_leases(&self) -> bool {
        self.journal
            .as_ref()
            .is_some_and(|journal| journal.has_leases())
    }

    /// Renew this node's leases; the matches lost to another node
    /// ([`Journal::renew_leases`]).
    pub(crate) async fn renew_leases(&self) -> Result<Vec<u64>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.renew_leases().await,
        }
    }

    /// Take up to `limit` live matches whose owner stopped, with their
    /// events ([`Journal::claim_orphans`]).
    pub(crate) async fn claim_orphans(&self, limit: usize) -> Result<Vec<MatchEvents>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.claim_orphans(limit).await,
        }
    }

    /// Take live match `id` now if its node stopped
    /// ([`Journal::claim_match`]): its events, or `None`.
    pub(crate) async fn claim_match(
        &self,
        id: u64,
    ) -> Result<Option<Vec<StoredEvent>>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.claim_match(id).await,
        }
    }

    /// Store a tournament's step ([`Journal::store_tournament_step`]).
    pub(crate) async fn store_tournament_step(&self, step: StepRow) -> Result<(), Arc<StoreError>> {
        match &self.journal {
            None => Ok(()),
            Some(journal) => journal.store_tournament_step(step).await,
        }
    }

    /// Renew this node's tournaments; those lost to another node
    /// ([`Journal::renew_runners`]).
    pub(crate) async fn renew_runners(&self) -> Result<Vec<u64>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.renew_runners().await,
        }
    }

    /// Take up to `limit` tournaments whose runner stopped, with their
    /// steps ([`Journal::claim_tournaments`]).
    pub(crate) async fn claim_tournaments(
        &self,
        limit: usize,
    ) -> Result<Vec<TournamentSteps>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.claim_tournaments(limit).await,
        }
    }

    /// The node running tournament `id` ([`Journal::tournament_runner`]).
    pub(crate) async fn tournament_runner(
        &self,
        id: u64,
    ) -> Result<Option<TournamentRunner>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.tournament_runner(id).await,
        }
    }

    /// Which of the matches `ids` have ended ([`Journal::ended_matches`]).
    pub(crate) async fn ended_matches(&self, ids: Vec<u64>) -> Result<Vec<u64>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.ended_matches(ids).await,
        }
    }

    /// The newest `limit` tournaments' ids ([`Journal::newest_tournaments`]).
    pub(crate) async fn newest_tournaments(&self, limit: u32) -> Result<Vec<u64>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.newest_tournaments(limit).await,
        }
    }

    /// Tournament `id`'s steps from `from` on ([`Journal::tournament_steps`]).
    pub(crate) async fn tournament_steps(
        &self,
        id: u64,
        from: u32,
    ) -> Result<Vec<String>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.tournament_steps(id, from).await,
        }
    }

    /// The other node serving live match `id`, if one does
    /// ([`Journal::match_owner`]).
    pub(crate) async fn match_owner(&self, id: u64) -> Result<Option<String>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.match_owner(id).await,
        }
    }

    /// The ratings of `players` as the journal holds them
    /// ([`Journal::player_ratings`]).
    pub(crate) async fn player_ratings(
        &self,
        players: [u64; 2],
    ) -> Result<Vec<StoredRating>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.player_ratings(players).await,
        }
    }

    /// The player `lookup` names, if another node stored him
    /// ([`Journal::find_player`]); `None` when nothing is kept. A read
    /// past the journal's budget is refused ([`StoreError::Busy`]).
    pub(crate) async fn find_player(
        &self,
        lookup: PlayerLookup,
    ) -> Result<Option<FoundPlayer>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.find_player(lookup).await,
        }
    }

    /// Everything to restore at start: players, live matches, the id sequence.
    pub(crate) async fn load(&self) -> Result<Loaded, StoreError> {
        match &self.journal {
            None => Ok(Loaded::default()),
            Some(journal) => journal.load().await,
        }
    }

    /// The live matches of `player` as the journal holds them
    /// ([`Journal::live_matches_of`]); none without a journal.
    pub(crate) async fn live_matches_of(&self, player: u64) -> Result<Vec<u64>, StoreError> {
        match &self.journal {
            None => Ok(Vec::new()),
            Some(journal) => journal.live_matches_of(player).await,
        }
    }

    /// Match `id`'s events, for bringing it back into memory; `None` when
    /// nothing is kept.
    pub(crate) async fn match_events(
        &self,
        id: u64,
    ) -> Result<Option<Vec<StoredEvent>>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.match_events(id).await.map(Some),
        }
    }

    /// Match `id` for a client ([`Journal::archived_match`]); `None` when
    /// nothing is kept. A read past the journal's budget is refused
    /// ([`StoreError::Busy`]).
    pub(crate) async fn archived_match(
        &self,
        id: u64,
        known: Option<u64>,
    ) -> Result<Option<ArchivedRows>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.archived_match(id, known).await.map(Some),
        }
    }

    /// A page of a player's matches for a client
    /// ([`Journal::player_matches`]); `None` when nothing is kept.
    pub(crate) async fn player_matches(
        &self,
        name_key: String,
        page: MatchPage,
    ) -> Result<Option<Option<PlayerMatchRows>>, StoreError> {
        match &self.journal {
            None => Ok(None),
            Some(journal) => journal.player_matches(name_key, page).await.map(Some),
        }
    }

    /// What a player's profile shows from the journal, for a client; empty
    /// when nothing is kept.
    pub(crate) async fn profile(
        &self,
        id: u64,
        recent: u32,
        history: u32,
    ) -> Result<ProfileRows, StoreError> {
        match &self.journal {
            None => Ok(ProfileRows::default()),
            Some(journal) => journal.profile(id, recent, history).await,
        }
    }

    /// Wait until every write queued so far is durable, then stop the
    /// journal.
    pub(crate) async fn close(&self) {
        if let Some(journal) = &self.journal {
            journal.close().await;
        }
    }
}
