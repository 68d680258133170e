//! Signing in (by token, as a new player, as a computer, by password) and
//! out, and a player's password.

use super::{Identities, Identity, NO_PASSWORD, SignedIn, is_computer_name, new_token, token_hash};
use crate::clock::Millis;
use crate::error::ServerError;
use crate::peer::Peer;
use crate::players::names::{check_name, look_key, name_key};
use crate::store::Write;
use protocol::wire::{MatchId, PlayerId, PlayerRef, close};

impl Identities {
    /// Sign `peer` in as the player of `token`, or as a new player `name`
    /// (numbered `new_id`); an older connection of his is closed as replaced.
    pub(crate) fn sign_in(
        &mut self,
        name: &str,
        token: Option<&str>,
        peer: &Peer,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
    ) -> Result<SignedIn, ServerError> {
        let mut writes = Vec::new();
        let (id, token) = match token {
            Some(token) => {
                let id = self.by_token.get(&token_hash(token));
                (*id.ok_or(ServerError::UnknownToken)?, token.to_owned())
            }
            None if is_computer_name(name) => {
                return Err(ServerError::NameTaken(name.to_owned()));
            }
            None => self.create(name, now, new_id, &mut writes)?,
        };
        self.connect(id, token, peer, writes, false)
    }

    /// Sign `peer` in as the computer player `name`, made if he is new:
    /// with a new token each time (nobody else ever holds one), and kept
    /// for good like a player with a password (his can match no password).
    pub(crate) fn sign_in_computer(
        &mut self,
        name: &str,
        peer: &Peer,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
    ) -> Result<SignedIn, ServerError> {
        let mut writes = Vec::new();
        let id = match self.by_name.get(&name_key(name)) {
            Some(&id) => id,
            None => self.create(name, now, new_id, &mut writes)?.0,
        };
        let identity = self.by_id.get_mut(&id).ok_or(ServerError::UnknownToken)?;
        identity.computer = true;
        if identity.password.is_none() {
            self.guests = self.guests.saturating_sub(1);
            identity.password = Some(NO_PASSWORD.to_owned());
            writes.push(Write::Password {
                id: id.0,
                hash: NO_PASSWORD.to_owned(),
            });
        }
        let token = new_token();
        let hash = token_hash(&token);
        self.by_token.remove(&identity.token);
        identity.token = hash;
        self.by_token.insert(hash, id);
        writes.push(Write::Token {
            id: id.0,
            token_sha256: hash,
        });
        self.connect(id, token, peer, writes, false)
    }

    /// The holder of `name` and his password's hash, if he has one; for a
    /// sign-in by password.
    pub(crate) fn password_of(&self, name: &str) -> Option<(PlayerId, String)> {
        let id = *self.by_name.get(&name_key(name))?;
        let password = self.by_id.get(&id)?.password.clone()?;
        Some((id, password))
    }

    /// Sign `peer` in as `player`, whose password was just checked: he gets
    /// a new token (the old one names nobody any more).
    pub(crate) fn sign_in_by_password(
        &mut self,
        player: PlayerId,
        peer: &Peer,
    ) -> Result<SignedIn, ServerError> {
        let identity = self
            .by_id
            .get_mut(&player)
            .ok_or(ServerError::BadCredentials)?;
        let token = new_token();
        let hash = token_hash(&token);
        self.by_token.remove(&identity.token);
        identity.token = hash;
        self.by_token.insert(hash, player);
        let writes = vec![Write::Token {
            id: player.0,
            token_sha256: hash,
        }];
        self.connect(player, token, peer, writes, false)
    }

    /// Set `player`'s password (its hash): his name is kept from now on.
    pub(crate) fn set_password(&mut self, player: PlayerId, hash: String) -> Option<Write> {
        let identity = self.by_id.get_mut(&player)?;
        if identity.password.is_none() {
            self.guests = self.guests.saturating_sub(1);
        }
        identity.password = Some(hash.clone());
        Some(Write::Password { id: player.0, hash })
    }

    /// `peer` is now `id`'s connection; an older one is closed as replaced.
    pub(super) fn connect(
        &mut self,
        id: PlayerId,
        token: String,
        peer: &Peer,
        writes: Vec<Write>,
        relayed: bool,
    ) -> Result<SignedIn, ServerError> {
        let identity = self.by_id.get_mut(&id).ok_or(ServerError::UnknownToken)?;
        let counted = identity.peer.is_some() && !identity.relayed;
        if let Some(old) = identity.peer.replace(peer.clone()) {
            tracing::debug!(
                "player {id:?} signed in on connection {} instead of {}",
                peer.id(),
                old.id()
            );
            old.close(close::REPLACED, "signed in from another connection");
        }
        identity.relayed = relayed;
        let signed_in = SignedIn {
            player: identity.player.clone(),
            token,
            matches: identity.matches.clone(),
            writes,
        };
        match (counted, relayed) {
            (false, false) => self.online += 1,
            (true, true) => self.online = self.online.saturating_sub(1),
            _ => {}
        }
        Ok(signed_in)
    }

    /// Sign `player` in on `peer`, the relay of his connection to another
    /// node of a cluster: his matches and pairings here reach him there.
    /// Counted online on his own node, not here; no token, nothing stored.
    pub(crate) fn sign_in_relayed(
        &mut self,
        player: PlayerId,
        peer: &Peer,
    ) -> Result<SignedIn, ServerError> {
        self.connect(player, String::new(), peer, Vec::new(), true)
    }

    /// A new identity named `name` and its token, unless someone holds the
    /// name (compared by [`name_key`]): a guest gives it up only once he has
    /// been offline with no live match for the guest time; a player with a
    /// password never does.
    pub(super) fn create(
        &mut self,
        name: &str,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
        writes: &mut Vec<Write>,
    ) -> Result<(PlayerId, String), ServerError> {
        let name = &check_name(name)?;
        if self.guests >= self.rules.max {
            return Err(ServerError::TooManyGuests(self.rules.max));
        }
        let key = name_key(name);
        let look = look_key(name);
        if let Some(&holder) = self.by_name.get(&key) {
            if !self.forgettable(holder, now) {
                return Err(ServerError::NameTaken(name.to_owned()));
            }
            self.forget(holder);
            writes.push(Write::Forget { id: holder.0 });
        }
        if let Some(&holder) = self.by_look.get(&look) {
            if !self.forgettable(holder, now) {
                let like = self.by_id.get(&holder).map(|i| i.player.name.clone());
                return Err(ServerError::NameLooksTaken {
                    name: name.to_owned(),
                    like: like.unwrap_or_default(),
                });
            }
            self.forget(holder);
            writes.push(Write::Forget { id: holder.0 });
        }
        let id = new_id();
        let token = new_token();
        let hash = token_hash(&token);
        self.by_name.insert(key, id);
        self.by_look.insert(look, id);
        self.by_token.insert(hash, id);
        writes.push(Write::Player {
            id: id.0,
            name: name.to_owned(),
            name_key: crate::players::names::name_key(name),
            token_sha256: hash,
            at_ms: now,
        });
        let player = PlayerRef {
            id,
            name: name.to_owned(),
        };
        self.by_id.insert(
            id,
            Identity {
                player,
                token: hash,
                password: None,
                peer: None,
                relayed: false,
                last_seen: now,
                matches: Vec::new(),
                live_real_time: 0,
                forget_armed: false,
                last_opponent: None,
                computer: false,
                played: false,
            },
        );
        self.guests += 1;
        Ok((id, token))
    }

    /// Forget a player who just signed in (his sign-in could not be stored).
    pub(crate) fn discard(&mut self, player: PlayerId) {
        if self.by_id.get(&player).is_some_and(|i| i.peer.is_some()) {
            self.online = self.online.saturating_sub(1);
        }
        self.forget(player);
    }

    /// The connection `conn` of `player` is gone at `now`: his live matches,
    /// or `None` when a newer connection had taken over (nothing changes).
    pub(crate) fn sign_out(
        &mut self,
        player: PlayerId,
        conn: u64,
        now: Millis,
    ) -> Option<Vec<MatchId>> {
        let identity = self.by_id.get_mut(&player)?;
        if identity.peer.as_ref().map(Peer::id) != Some(conn) {
            return None;
        }
        identity.peer = None;
        identity.last_seen = now;
        if !std::mem::take(&mut identity.relayed) {
            self.online = self.online.saturating_sub(1);
        }
        Some(identity.matches.clone())
    }
}
