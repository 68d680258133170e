//! The journal: everything the server must not lose, in one embedded SQLite
//! database (WAL mode, `synchronous = FULL`, so a commit is on disk when it
//! returns).
//!
//! Players (with the SHA-256 of their token, never the token), the id
//! sequence, and every match's events exactly as its state machine emitted
//! them, with a header row per match for the archive. Writes go through one
//! writer thread ([`writer`]) that commits whatever arrived while its last
//! commit ran in one transaction, and answers each write once it is durable;
//! a match waits for that answer before anyone hears of its events.
//!
//! `--database :memory:` keeps nothing: every write is answered at once and
//! the server starts empty, as before the journal.

mod checkpoint;
mod load;
mod matches;
mod readers;
mod recent;
mod rows;
mod schema;
mod sequence;
mod writer;

pub(crate) use load::{Loaded, StoredEvent, StoredPlayer, StoredSeek, match_events};
pub(crate) use matches::{
    MatchPage, MatchRow, find_match, find_player, player_matches, player_record, rating_history,
};
pub(crate) use readers::ReadFor;
pub(crate) use rows::{EventRow, Header, RatedRows};
pub(crate) use sequence::Sequence;
pub(crate) use writer::Write;

use crate::metrics::Metrics;
use std::path::{Path, PathBuf};
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
}

/// The server's journal, or none (`:memory:`). Cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct Store {
    inner: Option<Arc<Inner>>,
}

struct Inner {
    path: PathBuf,
    writer: writer::Handle,
    checkpointer: checkpoint::Checkpointer,
    /// For the archive and for loading; WAL lets them read while the writer writes.
    readers: Arc<readers::Readers>,
}

/// The answer to a write: `Ok` once it is on disk.
pub(crate) struct Commit(Option<oneshot::Receiver<Result<(), Arc<StoreError>>>>);

impl Commit {
    /// A write that needs no waiting (nothing is kept).
    pub(crate) fn done() -> Commit {
        Commit(None)
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
    /// the writer. `:memory:` opens nothing.
    pub(crate) fn open(options: &StoreOptions, metrics: Arc<Metrics>) -> Result<Store, StoreError> {
        if options.path == IN_MEMORY {
            return Ok(Store::default());
        }
        let path = PathBuf::from(&options.path);
        let connection = schema::open(&path, options.max_bytes, options.wal_limit)?;
        let readers = readers::Readers::new(options.readers, options.read_queue, || {
            schema::open_reader(&path)
        })?;
        let wal = writer::WalBound {
            path: schema::wal_path(&path),
            limit: options.wal_limit,
        };
        let writer = writer::start(connection, wal, metrics)?;
        let checkpointer = checkpoint::start(&path)?;
        Ok(Store {
            inner: Some(Arc::new(Inner {
                path,
                writer,
                checkpointer,
                readers: Arc::new(readers),
            })),
        })
    }

    /// Whether anything is kept.
    pub(crate) fn is_durable(&self) -> bool {
        self.inner.is_some()
    }

    /// The database file, if any.
    pub(crate) fn path(&self) -> Option<&Path> {
        self.inner.as_ref().map(|inner| inner.path.as_path())
    }

    /// Queue `write`; the answer says when it is durable.
    pub(crate) fn write(&self, write: Write) -> Commit {
        match &self.inner {
            None => Commit::done(),
            Some(inner) => Commit(Some(inner.writer.send(write))),
        }
    }

    /// Queue `write` without waiting for it (a failure is logged).
    pub(crate) fn write_later(&self, write: Write) {
        if let Some(inner) = &self.inner {
            inner.writer.send_detached(write);
        }
    }

    /// Run `read` on a reading connection for `who`, off the async
    /// threads; `None` when nothing is kept. A client's read past the
    /// readers' queue is refused ([`StoreError::Busy`]).
    pub(crate) async fn read<T: Send + 'static>(
        &self,
        who: ReadFor,
        read: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<Option<T>, StoreError> {
        let Some(inner) = self.inner.as_ref() else {
            return Ok(None);
        };
        inner.readers.read(who, read).await.map(Some)
    }

    /// Everything to restore at start: players, live matches, the id sequence.
    pub(crate) fn load(&self) -> Result<Loaded, StoreError> {
        match &self.inner {
            None => Ok(Loaded::default()),
            Some(inner) => inner.readers.with_server(load::load),
        }
    }

    /// Wait until every write queued so far is on disk, then stop the
    /// writer and fold the WAL into the database file.
    pub(crate) async fn close(&self) {
        if let Some(inner) = self.inner.clone() {
            let _ = self.write(Write::Flush).durable().await;
            let stopped = tokio::task::spawn_blocking(move || {
                inner.writer.stop();
                inner.checkpointer.stop();
            });
            let _ = stopped.await;
        }
    }
}
