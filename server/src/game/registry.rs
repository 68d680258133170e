//! The live matches, by id: where a request for a match finds its inbox,
//! where new matches start, and where a match that left memory is loaded
//! again from the journal when someone asks for it. A match is in memory
//! from its start until its task has closed or unloaded it.
//!
//! This is the one place the rest of the server reaches matches through;
//! the next step, several nodes, gives it a second implementation (a match
//! owned by another node answers through its owner).

use crate::game::state::MatchState;
use crate::game::task::{MatchEnv, MatchHandle, Opened, reload_match, resume_match, start_match};
use crate::game::{Timing, event::Told, journal};
use crate::peer::Peer;
use crate::rating::Book;
use crate::sync::lock;
use protocol::wire::{MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef, Seat};
use std::collections::HashMap;
use std::sync::Mutex;

/// The live (and just finished) matches, and those out of memory.
pub(crate) struct Registry {
    /// What every match is given.
    env: MatchEnv,
    matches: dashmap::DashMap<MatchId, MatchHandle>,
    /// Live matches that left memory (see [`crate::game::MatchNotice::Unloaded`]),
    /// with their players.
    unloaded: Mutex<HashMap<MatchId, [PlayerId; 2]>>,
    /// One match is loaded at a time, so none is loaded twice.
    loading: tokio::sync::Mutex<()>,
}

impl Registry {
    pub(crate) fn new(env: MatchEnv) -> Registry {
        Registry {
            env,
            matches: dashmap::DashMap::new(),
            unloaded: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
        }
    }

    /// Every player's ratings, which matches read at their start and change
    /// at their end.
    pub(crate) fn ratings(&self) -> &Book {
        &self.env.ratings
    }

    /// Start match `id`, whose seats' players are on `links` now: its lobby
    /// line, and the answer that says when its opening is stored.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start(
        &self,
        id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        timing: Timing,
        first: Seat,
        links: [Option<Peer>; 2],
    ) -> (MatchSummary, Opened) {
        let (handle, summary, opened) = start_match(
            self.env.clone(),
            id,
            players,
            settings,
            timing,
            first,
            links,
        );
        self.matches.insert(id, handle);
        (summary, opened)
    }

    /// Bring back a match replayed from the journal after a restart; its
    /// players have `grace_ms` to come back.
    pub(crate) fn resume(
        &self,
        state: MatchState,
        replayed: Vec<Told>,
        grace_ms: u64,
    ) -> (MatchSummary, Opened) {
        let id = state.id();
        let (handle, summary, opened) = resume_match(self.env.clone(), state, replayed, grace_ms);
        self.matches.insert(id, handle);
        (summary, opened)
    }

    /// The handle of a match in memory that still answers.
    pub(crate) fn get(&self, id: MatchId) -> Option<MatchHandle> {
        self.matches.get(&id).map(|handle| handle.clone())
    }

    /// Whether a match still answers.
    pub(crate) fn contains(&self, id: MatchId) -> bool {
        self.matches.contains_key(&id)
    }

    /// Matches in memory that still answer.
    pub(crate) fn len(&self) -> usize {
        self.matches.len()
    }

    /// The match's task has closed.
    pub(crate) fn closed(&self, id: MatchId) {
        self.matches.remove(&id);
    }

    /// Another node serves match `id` now: it stops here at once (see
    /// [`MatchHandle::lose`]) and is not loaded again. Its players, and
    /// whether it is real-time, if it was here (in memory or out of it).
    pub(crate) fn lose(&self, id: MatchId) -> Option<([PlayerId; 2], bool)> {
        let unloaded = lock(&self.unloaded).remove(&id);
        if let Some((_, handle)) = self.matches.remove(&id) {
            handle.lose();
            return Some((handle.players(), handle.is_real_time()));
        }
        // Only matches that are not real-time leave memory.
        unloaded.map(|players| (players, false))
    }

    /// The match left memory; [`Registry::find`] loads it again.
    pub(crate) fn unloaded(&self, id: MatchId) {
        if let Some((_, handle)) = self.matches.remove(&id) {
            lock(&self.unloaded).insert(id, handle.players());
        }
    }

    /// Tell each of `matches` that `player` is on `peer` now (his leaving
    /// is [`Registry::unlink`]). A match out of memory learns it when it is
    /// loaded.
    pub(crate) fn link(&self, matches: &[MatchId], player: PlayerId, peer: &Peer) {
        for id in matches {
            if let Some(handle) = self.get(*id)
                && let Some(seat) = handle.seat_of(player)
            {
                handle.link(seat, Some(peer.clone()));
            }
        }
    }

    /// `player` left connection `conn`: each of `matches` whose seat is on
    /// it has none now (another node's relay of him may have taken it).
    pub(crate) fn unlink(&self, matches: &[MatchId], player: PlayerId, conn: u64) {
        for id in matches {
            if let Some(handle) = self.get(*id)
                && let Some(seat) = handle.seat_of(player)
            {
                handle.unlink(seat, conn);
            }
        }
    }

    /// The handle of a live (or just finished) match, loading it from the
    /// journal if it had left memory; its players on a connection now
    /// (`peer_of`) are linked to it (they get its events once they resume).
    pub(crate) async fn find(
        &self,
        id: MatchId,
        peer_of: impl Fn(PlayerId) -> Option<Peer>,
    ) -> Option<MatchHandle> {
        if let Some(handle) = self.get(id) {
            return Some(handle);
        }
        if !lock(&self.unloaded).contains_key(&id) {
            return None;
        }
        let _one_at_a_time = self.loading.lock().await;
        if let Some(handle) = self.get(id) {
            return Some(handle);
        }
        if !lock(&self.unloaded).contains_key(&id) {
            return None;
        }
        let stored = match self.env.store.match_events(id.0).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return None,
            Err(error) => {
                tracing::error!("match {id} cannot be loaded: {error}");
                return None;
            }
        };
        let (state, replayed) = match journal::restore(&stored) {
            Ok(restored) => restored,
            Err(error) => {
                tracing::error!("match {id} cannot be replayed: {error}");
                return None;
            }
        };
        let players = [state.players()[0].id, state.players()[1].id];
        let (handle, _, _) = reload_match(self.env.clone(), state, replayed);
        self.matches.insert(id, handle.clone());
        lock(&self.unloaded).remove(&id);
        for (seat, player) in Seat::BOTH.into_iter().zip(players) {
            if let Some(peer) = peer_of(player) {
                handle.link(seat, Some(peer));
            }
        }
        Some(handle)
    }
}
