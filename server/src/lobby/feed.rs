//! Who follows the lobby, and the guard through which the hub uses the
//! lobby: when the guard is let go, the changes the lobby recorded meanwhile
//! go to every subscriber, each serialised once, in order, and while the
//! lobby is still locked, so no change can overtake another; its seek
//! changes go to the journal the same way (in order, not waited for).

use crate::lobby::remote::News;
use crate::lobby::state::{Lobby, SeekChange};
use crate::peer::{Peer, Snapshot, frame};
use crate::rating::{Book, Pool, RatingBook};
use crate::store::{Store, Write};
use crate::sync::lock;
use protocol::wire::{PlayerId, RequestId, SeekInfo, ServerMsg};
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use tokio::sync::mpsc;

/// A subscriber: his connection, and who he is (a seek with a rating
/// range is shown only to those within it).
/// Each subscriber's connection, and who it is signed in as (`None`: not
/// signed in, it sees what everyone may).
type Subscribers = Mutex<HashMap<u64, (Peer, Option<PlayerId>)>>;

/// Where this node's lobby changes go for the other nodes of a cluster:
/// a bounded queue, and whether it overflowed (the others must then be
/// sent the whole lobby).
#[derive(Default)]
struct Others {
    queue: OnceLock<mpsc::Sender<News>>,
    overflowed: AtomicBool,
}

/// The lobby and its subscribers.
pub(crate) struct Feed {
    lobby: Mutex<Lobby>,
    subscribers: Subscribers,
    store: Store,
    ratings: Book,
    others: Others,
}

/// The lobby, locked; its changes are delivered when this is dropped.
pub(crate) struct LobbyGuard<'a> {
    lobby: MutexGuard<'a, Lobby>,
    subscribers: &'a Subscribers,
    store: &'a Store,
    ratings: &'a dyn RatingBook,
    others: &'a Others,
}

/// Whether `viewer` may see `seek`: his own, one with no rating range, or
/// one whose range admits his rating in its pool; someone not signed in
/// (`None`) sees only those with no range, as `GET /api/lobby` shows. (The
/// ratings are locked after the lobby, never before.)
pub(crate) fn visible(ratings: &dyn RatingBook, viewer: Option<PlayerId>, seek: &SeekInfo) -> bool {
    match (seek.rating_range, Pool::of(&seek.settings), viewer) {
        (Some(_), Some(_), None) => false,
        (Some(range), Some(pool), Some(viewer)) if seek.by.id != viewer => {
            range.admits(ratings.rating(viewer, pool))
        }
        _ => true,
    }
}

impl Feed {
    /// An empty lobby whose open seeks are kept in `store`, and whose
    /// seeks with a rating range are shown by `ratings`.
    pub(crate) fn new(store: Store, ratings: Book) -> Feed {
        Feed {
            lobby: Mutex::new(Lobby::default()),
            subscribers: Mutex::new(HashMap::new()),
            store,
            ratings,
            others: Others::default(),
        }
    }

    /// From now on, send this node's lobby changes to `queue`, for the
    /// other nodes of a cluster.
    pub(crate) fn tell_others(&self, queue: mpsc::Sender<News>) {
        let mut lobby = self.lock();
        if self.others.queue.set(queue).is_ok() {
            lobby.tell_others();
        }
    }

    /// Whether changes for the other nodes were dropped since the last
    /// call (the queue was full): they must be sent the whole lobby.
    pub(crate) fn others_missed_news(&self) -> bool {
        self.others.overflowed.swap(false, Ordering::Relaxed)
    }

    /// Lock the lobby (after the hub's identities, never before).
    pub(crate) fn lock(&self) -> LobbyGuard<'_> {
        LobbyGuard {
            lobby: lock(&self.lobby),
            subscribers: &self.subscribers,
            store: &self.store,
            ratings: &*self.ratings,
            others: &self.others,
        }
    }

    /// `peer`, signed in as `viewer` (or not: `None`), gets the lobby's snapshot now (the
    /// seeks he may see), then every change.
    pub(crate) fn subscribe(&self, peer: &Peer, viewer: Option<PlayerId>, id: Option<RequestId>) {
        let lobby = self.lock();
        let snapshot = { lobby.snapshot(id, |seek| visible(&*self.ratings, viewer, seek)) };
        peer.send_snapshot(&snapshot, Snapshot::Lobby);
        lock(&self.subscribers).insert(peer.id(), (peer.clone(), viewer));
    }

    /// Whether `viewer` may see `seek` now.
    pub(crate) fn may_see(&self, viewer: PlayerId, seek: &SeekInfo) -> bool {
        visible(&*self.ratings, Some(viewer), seek)
    }

    /// Whether `conn` gets the lobby's changes without being signed in.
    pub(crate) fn subscribed_anonymously(&self, conn: u64) -> bool {
        lock(&self.subscribers)
            .get(&conn)
            .is_some_and(|(_, viewer)| viewer.is_none())
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
        if let Some(queue) = self.others.queue.get() {
            for news in self.lobby.take_news() {
                if queue.try_send(news).is_err() {
                    self.others.overflowed.store(true, Ordering::Relaxed);
                }
            }
        }
        let changes = self.lobby.take_changes();
        if changes.is_empty() {
            return;
        }
        let mut subscribers = lock(self.subscribers);
        for change in &changes {
            let frame = frame(change);
            // One that cannot take it is closed, and forgotten here.
            match change {
                ServerMsg::SeekAdded { seek } if seek.rating_range.is_some() => {
                    subscribers.retain(|_, (peer, viewer)| {
                        !visible(self.ratings, *viewer, seek) || peer.send(&frame)
                    });
                }
                _ => subscribers.retain(|_, (peer, _)| peer.send(&frame)),
            }
        }
    }
}
