//! The live matches, by id: where a request for a match finds its inbox.
//! A match is here from its start until its task has closed.

use crate::game::MatchHandle;
use protocol::wire::MatchId;

/// The registry of live (and just finished) matches.
#[derive(Default)]
pub(crate) struct Registry {
    matches: dashmap::DashMap<MatchId, MatchHandle>,
}

impl Registry {
    /// The handle of a match that still answers.
    pub(crate) fn get(&self, id: MatchId) -> Option<MatchHandle> {
        self.matches.get(&id).map(|handle| handle.clone())
    }

    /// Whether a match still answers.
    pub(crate) fn contains(&self, id: MatchId) -> bool {
        self.matches.contains_key(&id)
    }

    pub(crate) fn insert(&self, id: MatchId, handle: MatchHandle) {
        self.matches.insert(id, handle);
    }

    /// The match's task has closed.
    pub(crate) fn remove(&self, id: MatchId) {
        self.matches.remove(&id);
    }

    /// Matches that still answer.
    pub(crate) fn len(&self) -> usize {
        self.matches.len()
    }
}
