//! The journal in one embedded SQLite database (WAL mode,
//! `synchronous = FULL`, so a commit is on disk when it returns): the
//! default, and all one machine needs.
//!
//! Writes go through one writer thread ([`writer`]) that commits whatever
//! arrived while its last commit ran in one transaction, and answers each
//! write once it is durable. Reads run on their own connections beside it
//! ([`readers`]): a small bounded pool for clients, one for the server.

mod checkpoint;
mod export;
mod load;
mod matches;
mod readers;
mod recent;
mod schema;
mod writer;

pub(crate) use export::Export;

use super::journal::Journal;
use super::{
    ArchivedRows, Commit, Loaded, MatchPage, PlayerMatchRows, ProfileRows, StoreError,
    StoreOptions, StoredEvent, Write,
};
use crate::metrics::Metrics;
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use readers::{ReadFor, Readers};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The SQLite journal. Cheap to clone.
#[derive(Clone)]
pub(crate) struct SqliteJournal {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    writer: writer::Handle,
    checkpointer: checkpoint::Checkpointer,
    /// For the archive and for loading; WAL lets them read while the writer writes.
    readers: Arc<Readers>,
    /// The first id no block was reserved for yet (set by `load`).
    unreserved: Arc<AtomicU64>,
}

impl SqliteJournal {
    /// Open (or create) the database file and bring its schema up to date;
    /// start the writer and the checkpointer.
    pub(crate) fn open(
        options: &StoreOptions,
        metrics: Arc<Metrics>,
    ) -> Result<SqliteJournal, StoreError> {
        let path = PathBuf::from(&options.path);
        let connection = schema::open(&path, options.max_bytes, options.wal_limit)?;
        let readers = Readers::new(options.readers, options.read_queue, || {
            schema::open_reader(&path)
        })?;
        let wal = writer::WalBound {
            path: schema::wal_path(&path),
            limit: options.wal_limit,
        };
        let writer = writer::start(connection, wal, metrics)?;
        let checkpointer = checkpoint::start(&path)?;
        Ok(SqliteJournal {
            inner: Arc::new(Inner {
                path,
                writer,
                checkpointer,
                readers: Arc::new(readers),
                unreserved: Arc::new(AtomicU64::new(1)),
            }),
        })
    }

    /// Run `read` on a reading connection for `who`, off the async threads.
    fn read<T: Send + 'static>(
        &self,
        who: ReadFor,
        read: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> BoxFuture<'static, Result<T, StoreError>> {
        let readers = Arc::clone(&self.inner.readers);
        async move { readers.read(who, read).await }.boxed()
    }
}

impl Journal for SqliteJournal {
    fn describe(&self) -> String {
        self.inner.path.display().to_string()
    }

    fn write(&self, write: Write) -> Commit {
        self.inner.writer.queue.send(write)
    }

    fn write_later(&self, write: Write) {
        self.inner.writer.queue.send_detached(write);
    }

    fn load(&self) -> BoxFuture<'static, Result<Loaded, StoreError>> {
        let unreserved = Arc::clone(&self.inner.unreserved);
        self.read(ReadFor::Server, load::load)
            .map(move |loaded| {
                let loaded = loaded?;
                unreserved.fetch_max(loaded.next_free, Ordering::Relaxed);
                Ok(loaded)
            })
            .boxed()
    }

    /// One server writes the file: its blocks follow each other, each
    /// stored as reserved before it is used.
    fn reserve_ids(&self, count: u64) -> BoxFuture<'static, Result<u64, Arc<StoreError>>> {
        let start = self.inner.unreserved.fetch_add(count, Ordering::Relaxed);
        let stored = self.write(Write::Sequence {
            next_free: start + count,
        });
        async move { stored.durable().await.map(|()| start) }.boxed()
    }

    fn match_events(&self, id: u64) -> BoxFuture<'static, Result<Vec<StoredEvent>, StoreError>> {
        self.read(ReadFor::Server, move |connection| {
            load::match_events(connection, id)
        })
    }

    fn archived_match(
        &self,
        id: u64,
        known: Option<u64>,
    ) -> BoxFuture<'static, Result<ArchivedRows, StoreError>> {
        self.read(ReadFor::Client, move |connection| {
            let Some(row) = matches::find_match(connection, id)? else {
                return Ok(ArchivedRows::Missing);
            };
            if known == Some(row.events) {
                return Ok(ArchivedRows::Unchanged(row));
            }
            let events = load::match_events(connection, id)?;
            Ok(ArchivedRows::Found(row, events))
        })
    }

    fn player_matches(
        &self,
        name_key: String,
        page: MatchPage,
    ) -> BoxFuture<'static, Result<Option<PlayerMatchRows>, StoreError>> {
        self.read(ReadFor::Client, move |connection| {
            let Some((player, name)) = matches::find_player(connection, &name_key)? else {
                return Ok(None);
            };
            let matches = matches::player_matches(connection, player, page)?;
            Ok(Some(PlayerMatchRows { name, matches }))
        })
    }

    fn profile(
        &self,
        id: u64,
        recent: u32,
        history: u32,
    ) -> BoxFuture<'static, Result<ProfileRows, StoreError>> {
        self.read(ReadFor::Client, move |connection| {
            Ok(ProfileRows {
                record: matches::player_record(connection, id)?,
                matches: matches::player_matches(connection, id, MatchPage::latest(recent))?,
                history: matches::rating_history(connection, id, history)?,
            })
        })
    }

    fn close(&self) -> BoxFuture<'static, ()> {
        let journal = self.clone();
        async move {
            let _ = journal.write(Write::Flush).durable().await;
            let inner = Arc::clone(&journal.inner);
            let stopped = tokio::task::spawn_blocking(move || {
                inner.writer.stop();
                inner.checkpointer.stop();
            });
            let _ = stopped.await;
        }
        .boxed()
    }
}
