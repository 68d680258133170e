//! Tournaments another node of a cluster runs, as this node shows them
//! (`GET /api/tournaments/ID` reaching it): read from the journal's steps
//! once, then caught up with only the steps stored since, and kept for the
//! next reader. Never run here: no timers, no matches; their requests go
//! to the node that runs them.

use super::Tournament;
use crate::sync::lock;
use lru::LruCache;
use protocol::wire::TournamentId;
use std::num::NonZeroUsize;
use std::sync::Mutex;

/// The most tournaments of other nodes kept (the least recently read goes).
const KEPT: NonZeroUsize = NonZeroUsize::new(32).expect("not zero");

/// Copies of tournaments other nodes run.
pub(crate) struct Replicas {
    kept: Mutex<LruCache<TournamentId, Tournament>>,
}

impl Replicas {
    pub(crate) fn new() -> Replicas {
        Replicas {
            kept: Mutex::new(LruCache::new(KEPT)),
        }
    }

    /// The copy of `id` kept, if any: caught up outside the lock.
    pub(crate) fn get(&self, id: TournamentId) -> Option<Tournament> {
        lock(&self.kept).get(&id).cloned()
    }

    /// Keep `tournament` as read now.
    pub(crate) fn keep(&self, tournament: Tournament) {
        lock(&self.kept).put(tournament.id(), tournament);
    }
}
