//! Checkpoints off the writer's thread: SQLite copies the WAL back into the
//! database file and syncs it, which takes long enough that doing it inside
//! a commit (SQLite's default, every 1,000 pages) stalled every match
//! waiting for that commit. A thread of its own runs a passive checkpoint
//! (it never blocks the writer) every second, and a full one at the end.

use crate::store::StoreError;
use rusqlite::Connection;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the WAL is copied back into the database.
const EVERY: Duration = Duration::from_secs(1);

/// The checkpoint thread.
pub(crate) struct Checkpointer {
    stop: Arc<(Mutex<bool>, Condvar)>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

/// Start checkpointing the database at `path`.
pub(crate) fn start(path: &Path) -> Result<Checkpointer, StoreError> {
    let connection = Connection::open(path).map_err(|source| StoreError::Open {
        path: path.to_owned(),
        source,
    })?;
    let _ = connection.busy_timeout(Duration::from_secs(5));
    let stop = Arc::new((Mutex::new(false), Condvar::new()));
    let signal = Arc::clone(&stop);
    let thread = std::thread::Builder::new()
        .name("checkpoint".into())
        .spawn(move || run(&connection, &signal))
        .map_err(StoreError::Thread)?;
    Ok(Checkpointer {
        stop,
        thread: Mutex::new(Some(thread)),
    })
}

fn checkpoint(connection: &Connection, mode: &str) {
    let pragma = format!("PRAGMA wal_checkpoint({mode})");
    if let Err(e) = connection.query_row(&pragma, [], |_| Ok(())) {
        tracing::warn!("checkpoint ({mode}) failed: {e}");
    }
}

fn run(connection: &Connection, signal: &(Mutex<bool>, Condvar)) {
    let (stopping, wake) = signal;
    let mut stopped = stopping.lock().unwrap_or_else(|p| p.into_inner());
    while !*stopped {
        let (guard, _) = wake
            .wait_timeout(stopped, EVERY)
            .unwrap_or_else(|p| p.into_inner());
        stopped = guard;
        if !*stopped {
            checkpoint(connection, "PASSIVE");
        }
    }
    drop(stopped);
    // The writer has stopped: fold the whole WAL in and empty it.
    checkpoint(connection, "TRUNCATE");
}

impl Checkpointer {
    /// A last full checkpoint, then the thread ends. Call after the writer stopped.
    pub(crate) fn stop(&self) {
        let (stopping, wake) = &*self.stop;
        *stopping.lock().unwrap_or_else(|p| p.into_inner()) = true;
        wake.notify_all();
        let thread = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(thread) = thread
            && thread.join().is_err()
        {
            tracing::error!("the checkpoint thread panicked");
        }
    }
}
