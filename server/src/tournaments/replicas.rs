//! Tournaments another node of a cluster runs, as this node shows them
//! (`GET /api/tournaments` and `/api/tournaments/ID` reaching it): read
//! from the journal's steps once, then caught up with only the steps
//! stored since, and kept for the next reader; and the list of the
//! cluster's tournaments, made again at most every few seconds. Never run here: no timers, no matches; their requests go
//! to the node that runs them.

use super::Tournament;
use crate::sync::lock;
use lru::LruCache;
use protocol::wire::{TournamentId, TournamentView};
use std::num::NonZeroUsize;
use std::sync::Mutex;

/// The most tournaments of other nodes kept (the least recently read
/// goes): more than a list shows, so that a list read again finds them.
const KEPT: NonZeroUsize = NonZeroUsize::new(128).expect("not zero");

/// Copies of tournaments other nodes run, and the list of the other
/// nodes' as last made.
pub(crate) struct Replicas {
    kept: Mutex<LruCache<TournamentId, Tournament>>,
    list: Mutex<Option<(u64, Vec<TournamentView>)>>,
}

/// How long a list of the cluster's tournaments is served before it is
/// made again (each making reads the journal once per tournament).
pub(crate) const LIST_KEPT_MS: u64 = 5_000;

impl Replicas {
    pub(crate) fn new() -> Replicas {
        Replicas {
            kept: Mutex::new(LruCache::new(KEPT)),
            list: Mutex::new(None),
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

    /// The other nodes' list made at or after `since`, if one was.
    pub(crate) fn list_since(&self, since: u64) -> Option<Vec<TournamentView>> {
        lock(&self.list)
            .as_ref()
            .filter(|(at, _)| *at >= since)
            .map(|(_, list)| list.clone())
    }

    /// Keep `list`, made at `at`.
    pub(crate) fn keep_list(&self, at: u64, list: Vec<TournamentView>) {
        *lock(&self.list) = Some((at, list));
    }
}
