//! A session's hello: the protocol version, signing in by token, as a new
//! guest or by password, and setting a password.

use super::{Next, Session};
use crate::error::ServerError;
use crate::players::accounts;
use protocol::wire::{ClientMsg, PROTOCOL_VERSION, PlayerRef, RequestId, ServerMsg, close};

impl Session {
    /// A request before `hello`: the lobby may be watched (what everyone
    /// may see of it: the signed-out front page follows it), anything else
    /// waits for `hello`.
    pub(super) async fn before_hello(&mut self, id: Option<RequestId>, msg: ClientMsg) -> Next {
        match msg {
            ClientMsg::LobbySubscribe => {
                self.follows_lobby = true;
                self.hub().subscribe(&self.peer, None, id);
            }
            ClientMsg::LobbyUnsubscribe => {
                self.follows_lobby = false;
                self.hub().unsubscribe(self.peer.id());
                self.peer.send_msg(&ServerMsg::Ok { id });
            }
            msg => return self.hello(id, msg).await,
        }
        Next::Continue
    }

    async fn hello(&mut self, id: Option<RequestId>, msg: ClientMsg) -> Next {
        let ClientMsg::Hello {
            protocol_version,
            name,
            token,
            password,
        } = msg
        else {
            self.error(id, &ServerError::HelloRequired);
            return Next::Continue;
        };
        if protocol_version != PROTOCOL_VERSION {
            let error = ServerError::ProtocolVersion {
                ours: PROTOCOL_VERSION,
                theirs: protocol_version,
            };
            self.error(id, &error);
            return Next::Close(close::POLICY, error.to_string());
        }
        let by_password = token.is_none() && password.is_some();
        if token.is_none() && password.is_none() && !self.conns.addresses.guest_allowed(self.ip) {
            self.error(id, &ServerError::RateLimited("new player"));
            return Next::Continue;
        }
        if let Err(error) = self
            .hub()
            .learn_player(&name, token.as_deref(), by_password)
            .await
        {
            self.error(id, &error);
            return Next::Continue;
        }
        let login = match (token, password) {
            (None, Some(password)) => self.login_by_password(&name, password).await,
            (token, _) => self.hub().login(&name, token.as_deref(), &self.peer),
        };
        let (welcome, stored) = match login {
            Ok(signed_in) => signed_in,
            Err(error) => {
                self.error(id, &error);
                return Next::Continue;
            }
        };
        let ServerMsg::Welcome {
            player_id, name, ..
        } = &welcome
        else {
            return Next::Continue;
        };
        let player = PlayerRef {
            id: *player_id,
            name: name.clone(),
        };
        // A new player's token (or a new token) means nothing until it is stored.
        if let Err(error) = stored.durable().await {
            if by_password {
                // He stays who he was; this connection is not his.
                self.hub().logout(player.id, self.peer.id());
            } else {
                self.hub().login_failed(player.id);
            }
            self.error(id, &ServerError::unavailable(error));
            return Next::Continue;
        }
        let mut welcome = welcome;
        if let ServerMsg::Welcome { matches, .. } = &mut welcome {
            let unheard = self.hub().matches_unheard(player.id, matches).await;
            matches.extend(unheard);
        }
        self.peer.send_msg(&welcome.answering(id));
        self.hub().subscribed_as(&self.peer, player.id);
        self.player = Some(player);
        Next::Continue
    }

    /// Sign in as the holder of `name` if `password` is his: a try spent
    /// from the name's and the address's budgets, then the same slow check
    /// and the same answer whether the name is unknown, has no password,
    /// or the password is wrong.
    pub(super) async fn login_by_password(
        &self,
        name: &str,
        password: String,
    ) -> Result<(ServerMsg, crate::store::Commit), ServerError> {
        let key = accounts::attempt_key(name);
        self.conns.passwords.attempts.take(&key, self.ip)?;
        let holder = self.hub().password_of(name);
        let (player, hash) = match holder {
            Some((player, hash)) => (Some(player), Some(hash)),
            None => (None, None),
        };
        let matches = self
            .conns
            .passwords
            .hashing
            .run(move |memory| accounts::verify_password(&password, hash.as_deref(), memory))
            .await?;
        match player {
            Some(player) if matches => {
                self.conns.passwords.attempts.trust(&key, self.ip);
                self.hub().login_by_password(player, &self.peer)
            }
            _ => Err(ServerError::BadCredentials),
        }
    }

    /// Set the signed-in player's password: hashed off the workers, stored,
    /// then `ok`.
    pub(super) async fn set_password(
        &self,
        player: &PlayerRef,
        password: String,
    ) -> Result<(), ServerError> {
        accounts::check_password(&password)?;
        self.conns.passwords.attempts.take_change(self.ip)?;
        let hash = self
            .conns
            .passwords
            .hashing
            .run(move |memory| accounts::hash_password(&password, memory))
            .await??;
        self.hub()
            .set_password(player.id, hash)
            .durable()
            .await
            .map_err(ServerError::unavailable)?;
        self.hub().player_changed(player.id);
        self.conns
            .passwords
            .attempts
            .trust(&accounts::attempt_key(&player.name), self.ip);
        Ok(())
    }
}
