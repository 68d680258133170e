//! The connections that read the journal beside its writer (WAL lets them).
//! Reads for clients (the archive, profiles) share a small pool with a
//! bounded queue; a read past the queue is refused at once
//! ([`StoreError::Busy`]) rather than waiting. Once each read took a thread
//! of its own behind one shared connection: 200 clients re-reading one
//! match took the server to 1.5 GB, and a returning player's match then
//! took 1.56 s to load instead of 3 ms. Bringing a live match back into
//! memory has a connection of its own, never behind the clients' queue.

use crate::store::StoreError;
use crate::workers::{WorkError, Workers};
use rusqlite::Connection;
use std::sync::{Arc, Mutex};

/// Who a read is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReadFor {
    /// A client's request: the shared pool, bounded.
    Client,
    /// The server itself (a live match loaded back): its own connection.
    Server,
}

/// The reading connections.
pub(crate) struct Readers {
    /// A thread of its own for each of the clients' connections.
    clients: Workers<Connection>,
    /// The server's own.
    server: Mutex<Connection>,
}

impl Readers {
    /// A pool of `clients` connections (at least one) with `queue` reads
    /// waiting beyond them, and one for the server; `open` makes each.
    pub(crate) fn new(
        clients: usize,
        queue: usize,
        open: impl Fn() -> Result<Connection, StoreError>,
    ) -> Result<Readers, StoreError> {
        let connections = (0..clients.max(1))
            .map(|_| open())
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Readers {
            clients: Workers::start("archive-reader", connections, queue),
            server: Mutex::new(open()?),
        })
    }

    /// Run `read` on a connection for `who`, off the async threads.
    pub(crate) async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        who: ReadFor,
        read: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        match who {
            ReadFor::Server => {
                let readers = Arc::clone(self);
                tokio::task::spawn_blocking(move || readers.with_server(read))
                    .await
                    .unwrap_or(Err(StoreError::Stopped))
            }
            ReadFor::Client => self
                .clients
                .run(move |connection| read(connection))
                .await
                .map_err(|e| match e {
                    WorkError::Busy => StoreError::Busy,
                    WorkError::Stopped => StoreError::Stopped,
                })?,
        }
    }

    /// Run `read` on the server's own connection, on this thread.
    pub(crate) fn with_server<T>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let connection = self.server.lock().unwrap_or_else(|p| p.into_inner());
        read(&connection)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readers(clients: usize, queue: usize) -> Arc<Readers> {
        let open = || Connection::open_in_memory().map_err(StoreError::Read);
        Arc::new(Readers::new(clients, queue, open).expect("opens"))
    }

    #[tokio::test]
    async fn client_reads_past_the_queue_are_refused_at_once_and_the_server_still_reads() {
        let readers = readers(1, 1);
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
        let first = tokio::spawn({
            let readers = Arc::clone(&readers);
            async move {
                readers
                    .read(ReadFor::Client, move |_| {
                        let _ = started_tx.send(());
                        let _ = wait.recv();
                        Ok(1)
                    })
                    .await
            }
        });
        started.await.expect("the first reads");
        let second = tokio::spawn({
            let readers = Arc::clone(&readers);
            async move { readers.read(ReadFor::Client, |_| Ok(2)).await }
        });
        // Queued: the one place beyond the one reading is taken.
        tokio::task::yield_now().await;
        assert!(matches!(
            readers.read(ReadFor::Client, |_| Ok(3)).await,
            Err(StoreError::Busy)
        ));
        // The server's own reads go by the clients' queue.
        assert_eq!(readers.read(ReadFor::Server, |_| Ok(4)).await.ok(), Some(4));
        release.send(()).expect("the first waits");
        assert_eq!(first.await.expect("joins").ok(), Some(1));
        assert_eq!(second.await.expect("joins").ok(), Some(2));
    }
}
