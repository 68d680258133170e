//! Forgetting guests: one timer per idle guest, and his name freed once he
//! has been away with nothing at stake for the guest time.

use super::{ForgetDue, Identities};
use crate::clock::Millis;
use crate::players::names::{look_key, name_key};
use protocol::wire::PlayerId;

impl Identities {
    /// When `player`, a guest now offline with no live match, is to be
    /// forgotten, if no timer for it is waiting yet (one is then taken to
    /// be set): at most one timer per player, however often he comes and goes.
    pub(crate) fn arm_forget(&mut self, player: PlayerId) -> Option<Millis> {
        let rules = self.rules;
        let identity = self.by_id.get_mut(&player)?;
        let idle = identity.peer.is_none() && identity.matches.is_empty();
        if !idle || identity.password.is_some() || identity.forget_armed {
            return None;
        }
        identity.forget_armed = true;
        Some(
            identity
                .last_seen
                .saturating_add(rules.ttl_for(identity.played)),
        )
    }

    /// Every guest who is offline with no live match, each with when he is
    /// to be forgotten (a timer is taken to be set for each).
    pub(crate) fn arm_all_forgets(&mut self) -> Vec<(PlayerId, Millis)> {
        let ids: Vec<PlayerId> = self.by_id.keys().copied().collect();
        ids.into_iter()
            .filter_map(|id| Some((id, self.arm_forget(id)?)))
            .collect()
    }

    /// A forget timer of `player` fell due at `now`: forget him if he is a
    /// guest who has been offline with no live match for the guest time
    /// (his name is free and his token names nobody). `Forgotten`, or when
    /// to look again (he came and went meanwhile), or nothing to do.
    pub(crate) fn forget_due(&mut self, player: PlayerId, now: Millis) -> ForgetDue {
        let Some(identity) = self.by_id.get_mut(&player) else {
            return ForgetDue::Nothing;
        };
        identity.forget_armed = false;
        if self.forgettable(player, now) {
            self.forget(player);
            return ForgetDue::Forgotten;
        }
        match self.arm_forget(player) {
            Some(at) => ForgetDue::Later(at),
            None => ForgetDue::Nothing,
        }
    }

    /// `player` is signed in or plays on another node at `now`: a guest's
    /// time away starts again from now.
    pub(crate) fn seen_elsewhere(&mut self, player: PlayerId, now: Millis) {
        if let Some(identity) = self.by_id.get_mut(&player) {
            identity.last_seen = identity.last_seen.max(now);
        }
    }

    /// Another node changed `player` (a password set, a guest forgotten):
    /// forgotten here, unless he is connected or plays here, so that his
    /// next sign-in here reads him from the journal. Whether he was.
    pub(crate) fn drop_if_idle(&mut self, player: PlayerId) -> bool {
        let idle = self
            .by_id
            .get(&player)
            .is_some_and(|i| i.peer.is_none() && i.matches.is_empty() && !i.computer);
        if idle {
            self.forget(player);
        }
        idle
    }

    /// A guest, offline with no live match for the guest time.
    pub(super) fn forgettable(&self, player: PlayerId, now: Millis) -> bool {
        self.by_id.get(&player).is_some_and(|i| {
            i.password.is_none()
                && i.peer.is_none()
                && i.matches.is_empty()
                && now >= i.last_seen.saturating_add(self.ttl_of(i))
        })
    }

    pub(super) fn forget(&mut self, player: PlayerId) {
        if let Some(identity) = self.by_id.remove(&player) {
            if identity.password.is_none() {
                self.guests = self.guests.saturating_sub(1);
            }
            self.by_token.remove(&identity.token);
            let key = name_key(&identity.player.name);
            if self.by_name.get(&key) == Some(&player) {
                self.by_name.remove(&key);
            }
            let look = look_key(&identity.player.name);
            if self.by_look.get(&look) == Some(&player) {
                self.by_look.remove(&look);
            }
        }
    }
}
