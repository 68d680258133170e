//! The lobby's data: open seeks, the quick-pairing pool, pending challenges,
//! the live-match list and who subscribed to changes. Plain data behind the
//! hub's lock; every change that subscribers must see is broadcast from here.

use crate::peer::{Peer, frame};
use protocol::wire::{
    ChallengeId, ChallengeInfo, MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef,
    RequestId, SeekId, SeekInfo, ServerMsg,
};
use std::collections::{BTreeMap, HashMap};

struct Seek {
    info: SeekInfo,
    code: Option<String>,
}

/// Lobby state (see the module docs).
#[derive(Default)]
pub(crate) struct Lobby {
    seeks: BTreeMap<SeekId, Seek>,
    codes: HashMap<String, SeekId>,
    pool: Vec<(PlayerRef, MatchSettings)>,
    challenges: HashMap<ChallengeId, ChallengeInfo>,
    matches: BTreeMap<MatchId, MatchSummary>,
    subscribers: HashMap<u64, Peer>,
    online: u32,
}

impl Lobby {
    /// Send one message to every subscriber, serialised once; forget those
    /// that cannot take it.
    fn broadcast(&mut self, msg: &ServerMsg) {
        if self.subscribers.is_empty() {
            return;
        }
        let frame = frame(msg);
        self.subscribers.retain(|_, peer| peer.send(&frame));
    }

    pub(crate) fn snapshot(&self, id: Option<RequestId>) -> ServerMsg {
        ServerMsg::LobbySnapshot {
            id,
            seeks: self
                .seeks
                .values()
                .filter(|s| s.code.is_none())
                .map(|s| s.info.clone())
                .collect(),
            matches: self.matches.values().cloned().collect(),
            players_online: self.online,
        }
    }

    pub(crate) fn subscribe(&mut self, peer: Peer) {
        self.subscribers.insert(peer.id(), peer);
    }

    pub(crate) fn unsubscribe(&mut self, conn: u64) {
        self.subscribers.remove(&conn);
    }

    pub(crate) fn set_online(&mut self, online: u32) {
        if self.online != online {
            self.online = online;
            self.broadcast(&ServerMsg::PlayersOnline { count: online });
        }
    }

    // --- seeks ------------------------------------------------------------

    pub(crate) fn seeks_of(&self, player: PlayerId) -> usize {
        self.seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .count()
    }

    pub(crate) fn add_seek(
        &mut self,
        seek_id: SeekId,
        by: PlayerRef,
        settings: MatchSettings,
        code: Option<String>,
    ) -> SeekInfo {
        let info = SeekInfo {
            seek_id,
            by,
            settings,
        };
        if let Some(code) = &code {
            self.codes.insert(code.clone(), seek_id);
        } else {
            self.broadcast(&ServerMsg::SeekAdded { seek: info.clone() });
        }
        self.seeks.insert(
            seek_id,
            Seek {
                info: info.clone(),
                code,
            },
        );
        info
    }

    pub(crate) fn seek(&self, id: SeekId) -> Option<&SeekInfo> {
        self.seeks.get(&id).map(|s| &s.info)
    }

    pub(crate) fn seek_owner(&self, id: SeekId) -> Option<PlayerId> {
        self.seek(id).map(|s| s.by.id)
    }

    /// A listed seek by id (a private seek is only found by its code).
    pub(crate) fn public_seek(&self, id: SeekId) -> Option<SeekId> {
        self.seeks.get(&id).filter(|s| s.code.is_none()).map(|_| id)
    }

    pub(crate) fn seek_by_code(&self, code: &str) -> Option<SeekId> {
        self.codes.get(code).copied()
    }

    /// Remove a seek; false if it was already gone.
    pub(crate) fn remove_seek(&mut self, id: SeekId) -> bool {
        let Some(seek) = self.seeks.remove(&id) else {
            return false;
        };
        match seek.code {
            Some(code) => {
                self.codes.remove(&code);
            }
            None => self.broadcast(&ServerMsg::SeekRemoved { seek_id: id }),
        }
        true
    }

    // --- quick pairing ----------------------------------------------------

    pub(crate) fn in_pool(&self, player: PlayerId) -> bool {
        self.pool.iter().any(|(p, _)| p.id == player)
    }

    /// The first player waiting for exactly these settings.
    pub(crate) fn pool_partner(&self, settings: &MatchSettings) -> Option<PlayerRef> {
        self.pool
            .iter()
            .find(|(_, s)| s == settings)
            .map(|(p, _)| p.clone())
    }

    /// Let `player` wait for `settings`.
    pub(crate) fn pool_wait(&mut self, player: PlayerRef, settings: MatchSettings) {
        self.pool.push((player, settings));
    }

    /// Take `player` out of the pool; whether he was in it.
    pub(crate) fn pool_leave(&mut self, player: PlayerId) -> bool {
        let before = self.pool.len();
        self.pool.retain(|(p, _)| p.id != player);
        self.pool.len() != before
    }

    // --- challenges -------------------------------------------------------

    pub(crate) fn add_challenge(&mut self, info: ChallengeInfo) {
        self.challenges.insert(info.challenge_id, info);
    }

    /// Challenges `player` has made that are still pending.
    pub(crate) fn challenges_from(&self, player: PlayerId) -> usize {
        self.challenges
            .values()
            .filter(|c| c.from.id == player)
            .count()
    }

    pub(crate) fn challenge(&self, id: ChallengeId) -> Option<&ChallengeInfo> {
        self.challenges.get(&id)
    }

    pub(crate) fn remove_challenge(&mut self, id: ChallengeId) -> Option<ChallengeInfo> {
        self.challenges.remove(&id)
    }

    /// `player`'s open seeks, private ones included.
    pub(crate) fn seeks_by(&self, player: PlayerId) -> Vec<SeekInfo> {
        self.seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .map(|s| s.info.clone())
            .collect()
    }

    /// The lobby lines of these matches (those still listed).
    pub(crate) fn summaries(&self, ids: &[MatchId]) -> Vec<MatchSummary> {
        ids.iter()
            .filter_map(|id| self.matches.get(id).cloned())
            .collect()
    }

    /// `player` left for good: his seeks go.
    pub(crate) fn remove_seeks_of(&mut self, player: PlayerId) {
        for seek in self.seeks_by(player) {
            self.remove_seek(seek.seek_id);
        }
    }

    /// `player` disconnected: his pool place and challenges go at once.
    /// Returns the closed challenges with the other player of each, to be told.
    pub(crate) fn leave_pool_and_challenges(
        &mut self,
        player: PlayerId,
    ) -> Vec<(ChallengeId, PlayerId)> {
        self.pool_leave(player);
        let mut closed = Vec::new();
        self.challenges.retain(|&id, info| {
            let other = if info.from.id == player {
                info.to.id
            } else if info.to.id == player {
                info.from.id
            } else {
                return true;
            };
            closed.push((id, other));
            false
        });
        closed
    }

    // --- live matches -----------------------------------------------------

    pub(crate) fn list_match(&mut self, summary: MatchSummary) {
        self.broadcast(&ServerMsg::MatchListed {
            summary: summary.clone(),
        });
        self.matches.insert(summary.match_id, summary);
    }

    pub(crate) fn update_match(&mut self, summary: MatchSummary) {
        if let Some(line) = self.matches.get_mut(&summary.match_id)
            && *line != summary
        {
            *line = summary.clone();
            self.broadcast(&ServerMsg::MatchChanged { summary });
        }
    }

    pub(crate) fn unlist_match(&mut self, id: MatchId) {
        if self.matches.remove(&id).is_some() {
            self.broadcast(&ServerMsg::MatchUnlisted { match_id: id });
        }
    }
}
