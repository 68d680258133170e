//! Who follows the lobby, and the guard through which the hub uses the
//! lobby: when the guard is let go, the changes the lobby recorded meanwhile
//! go to every subscriber, each serialised once, in order, and while the
//! lobby is still locked, so no change can overtake another; its seek
//! changes go to the journal the same way (in order, not waited for).

use crate::lobby::{Lobby, SeekChange};
use crate::peer::{Peer, Snapshot, frame};
use crate::store::{Store, Write};
use crate::sync::lock;
use protocol::wire::RequestId;
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, MutexGuard};

/// The lobby and its subscribers.
#[derive(Default)]
pub(crate) struct Feed {
    lobby: Mutex<Lobby>,
    subscribers: Mutex<HashMap<u64, Peer>>,
    store: Store,
}

/// The lobby, locked; its changes are delivered when this is dropped.
pub(crate) struct LobbyGuard<'a> {
    lobby: MutexGuard<'a, Lobby>,
    subscribers: &'a Mutex<HashMap<u64, Peer>>,
    store: &'a Store,
}

impl Feed {
    /// An empty lobby whose open seeks are kept in `store`.
    pub(crate) fn new(store: Store) -> Feed {
        Feed {
            store,
            ..Feed::default()
        }
    }

    /// Lock the lobby (after the hub's identities, never before).
    pub(crate) fn lock(&self) -> LobbyGuard<'_> {
        LobbyGuard {
            lobby: lock(&self.lobby),
            subscribers: &self.subscribers,
            store: &self.store,
        }
    }

    /// `peer` gets the lobby's snapshot now, then every change.
    pub(crate) fn subscribe(&self, peer: &Peer, id: Option<RequestId>) {
        let lobby = self.lock();
        peer.send_snapshot(&lobby.snapshot(id), Snapshot::Lobby);
        lock(&self.subscribers).insert(peer.id(), peer.clone());
    }

    /// `conn` gets no more changes.
    pub(crate) fn unsubscribe(&self, conn: u64) {
        lock(&self.subscribers).remove(&conn);
    }
}

impl Deref for LobbyGuard<'_> {
    type Target = Lobby;
    fn deref(&self) -> &Lobby {
        &self.lobby
    }
}

impl DerefMut for LobbyGuard<'_> {
    fn deref_mut(&mut self) -> &mut Lobby {
        &mut self.lobby
    }
}

impl Drop for LobbyGuard<'_> {
    fn drop(&mut self) {
        for change in self.lobby.take_seek_changes() {
            self.store.write_later(match change {
                SeekChange::Added(seek, code) => Write::SeekAdded { seek, code },
                SeekChange::Removed(seek_id) => Write::SeekRemoved { id: seek_id.0 },
            });
        }
        let changes = self.lobby.take_changes();
        if changes.is_empty() {
            return;
        }
        let mut subscribers = lock(self.subscribers);
        for change in &changes {
            let frame = frame(change);
            // One that cannot take it is closed, and forgotten here.
            subscribers.retain(|_, peer| peer.send(&frame));
        }
    }
}
