//! Signing in and out: by token, as a new guest, by password, as a
//! computer player; the `welcome` each gets; and what going offline does.

use super::{Due, Hub, lock};
use crate::error::ServerError;
use crate::peer::Peer;
use crate::players::identity::token_hash;
use crate::players::identity::{Identities, SignedIn};
use crate::players::names::name_key;
use crate::store::{Commit, PlayerLookup, Write};
use protocol::wire::{ChallengeCloseReason, MatchSummary, PlayerId, PlayerRef, ServerMsg};
use std::sync::MutexGuard;

impl Hub {
    /// Sign `peer` in as the player of `token`, or as a new player `name`.
    /// Returns the `welcome` for him: who he is, his token, his open seeks
    /// and live matches, to be sent once the commit says a new player is
    /// stored. Each of those matches links the new connection at once and
    /// sends it events after it has resumed.
    pub(crate) fn login(
        &self,
        name: &str,
        token: Option<&str>,
        peer: &Peer,
    ) -> Result<(ServerMsg, Commit), ServerError> {
        let mut identities = lock(&self.identities);
        let signed_in =
            identities.sign_in(name, token, peer, self.now(), || PlayerId(self.next_id()))?;
        Ok(self.welcome(identities, signed_in, peer))
    }

    /// With a journal other nodes write too: before a sign-in by `token`
    /// (or, without one, of `name`), learn the player from the journal if
    /// another node stored or changed him since this one read it, so that
    /// his token and password work here and his name is not given twice.
    /// One read of the journal on the clients' read connections (it waits
    /// its turn: each connection has one hello at a time, and hellos have
    /// their budgets per address); nothing when the player is known here
    /// already, unless he signs in `by_password`: a password set or changed
    /// on another node must work here at once, and the old one no longer.
    pub(crate) async fn learn_player(
        &self,
        name: &str,
        token: Option<&str>,
        by_password: bool,
    ) -> Result<(), ServerError> {
        if !self.store.has_leases() {
            return Ok(());
        }
        let lookup = {
            let identities = lock(&self.identities);
            match token {
                Some(token) if !identities.knows_token(token) => {
                    PlayerLookup::Token(token_hash(token))
                }
                None if by_password || !identities.knows_name(name) => {
                    PlayerLookup::NameKey(name_key(name))
                }
                _ => return Ok(()),
            }
        };
        match self.store.find_player(lookup).await {
            Ok(Some(found)) => {
                lock(&self.identities).learn(found.player);
                self.matches.ratings().refresh(found.ratings);
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(error) => Err(ServerError::unavailable(error)),
        }
    }

    /// On a journal other nodes share: the live matches of `player` that
    /// his `welcome` does not list (`listed`) because another node started
    /// them and its news has not come here yet, each read from the journal
    /// and replayed into its lobby line. A player closed by a stopping node
    /// just before his match started there would otherwise come back to a
    /// `welcome` without it. One indexed read per sign-in; a match replayed
    /// only in that race. None on one server, and none if the journal
    /// cannot be read (the news comes later).
    pub(crate) async fn matches_unheard(
        &self,
        player: PlayerId,
        listed: &[MatchSummary],
    ) -> Vec<MatchSummary> {
        if !self.store.has_leases() {
            return Vec::new();
        }
        let ids = match self.store.live_matches_of(player.0).await {
            Ok(ids) => ids,
            Err(error) => {
                tracing::warn!("{player:?}'s live matches could not be read: {error}");
                return Vec::new();
            }
        };
        let mut unheard = Vec::new();
        for id in ids {
            if listed.iter().any(|s| s.match_id.0 == id) {
                continue;
            }
            let Ok(Some(stored)) = self.store.match_events(id).await else {
                continue;
            };
            match crate::game::journal::restore(&stored) {
                Ok((state, _)) if !state.is_over() => unheard.push(state.summary(0)),
                Ok(_) => {}
                Err(error) => tracing::warn!("live match {id} could not be read: {error}"),
            }
        }
        unheard
    }

    /// The computer players online, by level (1 first): listed in the
    /// lobby, and taking on players nobody came for in quick pairing.
    pub(crate) fn list_computers(&self, computers: Vec<(protocol::wire::ComputerInfo, PlayerRef)>) {
        self.lobby
            .lock()
            .set_computers(computers.iter().map(|(info, _)| info.clone()).collect());
        *lock(&self.computers) = computers.into_iter().map(|(_, player)| player).collect();
    }

    /// Sign `peer` in as the computer player `name` (made if new): as
    /// [`Hub::login`], with no token to show.
    pub(crate) fn login_computer(
        &self,
        name: &str,
        peer: &Peer,
    ) -> Result<(ServerMsg, Commit), ServerError> {
        let mut identities = lock(&self.identities);
        let signed_in =
            identities.sign_in_computer(name, peer, self.now(), || PlayerId(self.next_id()))?;
        Ok(self.welcome(identities, signed_in, peer))
    }

    /// Sign `peer` in as `player`, whose password was just checked: as
    /// [`Hub::login`], with a new token for him.
    pub(crate) fn login_by_password(
        &self,
        player: PlayerId,
        peer: &Peer,
    ) -> Result<(ServerMsg, Commit), ServerError> {
        let mut identities = lock(&self.identities);
        let signed_in = identities.sign_in_by_password(player, peer)?;
        Ok(self.welcome(identities, signed_in, peer))
    }

    /// The holder of `name` and his password's hash, if he set one.
    pub(crate) fn password_of(&self, name: &str) -> Option<(PlayerId, String)> {
        lock(&self.identities).password_of(name)
    }

    /// Keep `hash` as `player`'s password; done once it is stored.
    pub(crate) fn set_password(&self, player: PlayerId, hash: String) -> Commit {
        match lock(&self.identities).set_password(player, hash) {
            Some(write) => self.store.write(write),
            None => Commit::done(),
        }
    }

    /// The `welcome` for a player just signed in, and the commit of what
    /// his sign-in stores.
    fn welcome(
        &self,
        identities: MutexGuard<'_, Identities>,
        signed_in: SignedIn,
        peer: &Peer,
    ) -> (ServerMsg, Commit) {
        let mut commit = Commit::done();
        for write in signed_in.writes {
            commit = self.store.write(write);
        }
        let player = signed_in.player;
        self.matches.link(&signed_in.matches, player.id, peer);
        let online = identities.online();
        let (seeks, matches) = {
            let mut lobby = self.lobby.lock();
            // Told before the count: a node that counts him can challenge him.
            if let Some((name, here)) = identities.presence(player.id) {
                lobby.set_present(name, here);
            }
            lobby.set_online(online);
            let mut matches = lobby.summaries(&signed_in.matches);
            matches.extend(lobby.matches_elsewhere(player.id));
            (lobby.seeks_by(player.id), matches)
        };
        let welcome = ServerMsg::Welcome {
            id: None,
            player_id: player.id,
            name: player.name,
            token: signed_in.token,
            protocol_version: protocol::wire::PROTOCOL_VERSION,
            seeks,
            matches,
        };
        (welcome, commit)
    }

    /// A new player's sign-in could not be stored: he is forgotten again
    /// (his name free), as if he had never come.
    pub(crate) fn login_failed(&self, player: PlayerId) {
        let mut identities = lock(&self.identities);
        let presence = identities.presence(player);
        identities.discard(player);
        let mut lobby = self.lobby.lock();
        lobby.set_online(identities.online());
        if let Some((name, _)) = presence {
            lobby.set_present(name, false);
        }
    }

    /// The connection `conn` of `player` is gone: he is offline; his pool
    /// place and challenges go with him, his seeks after a grace period
    /// unless he is back, and his matches keep his seat.
    pub(crate) fn logout(&self, player: PlayerId, conn: u64) {
        let now = self.now();
        let identities = &mut lock(&self.identities);
        let Some(matches) = identities.sign_out(player, conn, now) else {
            return; // a newer connection took over
        };
        self.store.write_later(Write::Seen {
            id: player.0,
            at_ms: now,
        });
        self.matches.unlink(&matches, player, conn);
        let closed = {
            let mut lobby = self.lobby.lock();
            lobby.set_online(identities.online());
            if let Some((name, here)) = identities.presence(player) {
                lobby.set_present(name, here);
            }
            lobby.leave_pool_and_challenges(player)
        };
        for (challenge, other) in closed {
            if let Some(peer) = identities.peer_of(other) {
                peer.send_msg(&ServerMsg::ChallengeClosed {
                    challenge_id: challenge,
                    reason: ChallengeCloseReason::PlayerLeft,
                });
            }
        }
        self.timers
            .at(now + self.config.seek_grace_ms, Due::SeekGrace(player));
        if let Some(at) = identities.arm_forget(player) {
            self.timers.at(at, Due::ForgetIdentity(player));
        }
    }
}
