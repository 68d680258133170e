//! One connection's conversation: what it may send in its state (nothing but
//! `hello` before `hello`), and where each request goes.

use crate::budget::Budget;
use crate::clock::Millis;
use crate::error::ServerError;
use crate::game::{Action, Gone, MatchHandle, MatchRequest, Opened};
use crate::hub::Hub;
use crate::net::addresses::Addresses;
use crate::peer::Peer;
use crate::players::accounts;
use protocol::wire::{
    ChallengeCloseReason, ClientFrame, ClientMsg, DecodeError, MatchId, PROTOCOL_VERSION,
    PlayerRef, RequestId, Seat, ServerMsg, close,
};
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

/// What the connection should do after a request.
pub(crate) enum Next {
    Continue,
    /// Close with this code and reason (after the reply already queued).
    Close(u16, String),
}

/// A connection's state.
pub(crate) struct Session {
    hub: Arc<Hub>,
    peer: Peer,
    player: Option<PlayerRef>,
    /// Matches this connection watches (as far as it knows: a match that
    /// has stopped answering is dropped from here when next looked at).
    watching: HashSet<MatchId>,
    /// When this connection's recent chat messages were sent (rate limit).
    chat_times: VecDeque<Millis>,
    /// Message budgets per kind of traffic: play, watch, lobby.
    budgets: [Budget; 3],
    /// This connection's hellos.
    hellos: Budget,
    /// Where the connection comes from (for the per-address hello budget).
    ip: std::net::IpAddr,
    addresses: Arc<Addresses>,
}

/// Which budget a message draws on; `None` for hello and chat (chat has its own limit).
fn budget_of(msg: &ClientMsg) -> Option<(usize, &'static str)> {
    Some(match msg {
        ClientMsg::Hello { .. } | ClientMsg::Chat { .. } => return None,
        ClientMsg::Move { .. }
        | ClientMsg::Resign { .. }
        | ClientMsg::Forfeit { .. }
        | ClientMsg::Abort { .. }
        | ClientMsg::DrawOffer { .. }
        | ClientMsg::DrawAccept { .. }
        | ClientMsg::DrawDecline { .. }
        | ClientMsg::Claim { .. }
        | ClientMsg::RematchOffer { .. }
        | ClientMsg::RematchAccept { .. }
        | ClientMsg::RematchDecline { .. } => (0, "play"),
        ClientMsg::Watch { .. } | ClientMsg::Unwatch { .. } | ClientMsg::Resume { .. } => {
            (1, "watch")
        }
        _ => (2, "lobby"),
    })
}

/// Whether `msg` offers or declines a draw or a rematch: stored in the
/// journal, and budgeted per player.
fn is_offer(msg: &ClientMsg) -> bool {
    matches!(
        msg,
        ClientMsg::DrawOffer { .. }
            | ClientMsg::DrawDecline { .. }
            | ClientMsg::RematchOffer { .. }
            | ClientMsg::RematchDecline { .. }
    )
}

impl Session {
    pub(crate) fn new(
        hub: Arc<Hub>,
        peer: Peer,
        addresses: Arc<Addresses>,
        ip: std::net::IpAddr,
    ) -> Session {
        let clock = &hub.config.clock;
        Session {
            peer,
            player: None,
            watching: HashSet::new(),
            chat_times: VecDeque::new(),
            budgets: [
                Budget::per_second(hub.config.play_rate, clock),
                Budget::per_second(hub.config.watch_rate, clock),
                Budget::per_second(hub.config.lobby_rate, clock),
            ],
            hellos: Budget::new(1.0, hub.config.hello_burst, clock),
            ip,
            addresses,
            hub,
        }
    }

    /// A session already signed in as `player`: a computer player's, who
    /// signs in inside the server rather than with a `hello`.
    pub(crate) fn signed_in_as(
        hub: Arc<Hub>,
        peer: Peer,
        addresses: Arc<Addresses>,
        ip: std::net::IpAddr,
        player: PlayerRef,
    ) -> Session {
        let mut session = Session::new(hub, peer, addresses, ip);
        session.player = Some(player);
        session
    }

    /// Refuse a request: the error reply, counted against the connection's
    /// refusal budget. Not while the server stops: its matches have stopped
    /// answering before the connection closes, so a request caught in
    /// between would be refused as if its match did not exist; it gets no
    /// answer, and the client asks again once it is back.
    fn error(&self, id: Option<RequestId>, error: &ServerError) {
        if self.hub.shutdown.is_cancelled() {
            return;
        }
        self.peer.refuse(error, id);
    }

    /// Whether hello has been done.
    pub(crate) fn signed_in(&self) -> bool {
        self.player.is_some()
    }

    /// A frame that could not be read.
    pub(crate) fn bad_frame(&self, error: DecodeError) {
        self.error(None, &ServerError::Decode(error));
    }

    /// A binary frame.
    pub(crate) fn binary_frame(&self) {
        self.error(None, &ServerError::BinaryFrame);
    }

    /// Answer one request. Requests to a match wait while its inbox is full.
    pub(crate) async fn handle(&mut self, frame: ClientFrame) -> Next {
        let ClientFrame { id, msg } = frame;
        if let Some((budget, kind)) = budget_of(&msg)
            && !self.budgets[budget].take()
        {
            self.error(id, &ServerError::RateLimited(kind));
            return Next::Continue;
        }
        if matches!(msg, ClientMsg::Hello { .. })
            && (!self.hellos.take() || !self.addresses.hello_allowed(self.ip))
        {
            self.error(id, &ServerError::RateLimited("hello"));
            return Next::Continue;
        }
        let Some(player) = self.player.clone() else {
            return self.hello(id, msg).await;
        };
        if is_offer(&msg)
            && let Err(error) = self.hub.take_offer(player.id)
        {
            self.error(id, &error);
            return Next::Continue;
        }
        let result = match msg {
            ClientMsg::Hello { .. } => Err(ServerError::AlreadyHello(player.name.clone())),
            ClientMsg::SetPassword { password } => {
                self.set_password(&player, password).await.map(ok)
            }
            ClientMsg::LobbySubscribe => {
                self.hub.subscribe(&self.peer, player.id, id.clone());
                Ok(None)
            }
            ClientMsg::LobbyUnsubscribe => {
                self.hub.unsubscribe(self.peer.id());
                Ok(Some(ServerMsg::Ok { id: None }))
            }
            ClientMsg::SeekCreate {
                settings,
                private,
                rating_range,
            } => self
                .hub
                .create_seek(&player, settings, private, rating_range)
                .await
                .map(Some),
            ClientMsg::SeekCancel { seek_id } => self.hub.cancel_seek(player.id, seek_id).map(ok),
            ClientMsg::SeekAccept { seek_id } => {
                started(self.hub.accept_seek(&player, Ok(seek_id)))
                    .await
                    .map(ok)
            }
            ClientMsg::SeekJoin { code } => {
                if self.addresses.code_allowed(self.ip) {
                    started(self.hub.accept_seek(&player, Err(&code)))
                        .await
                        .map(ok)
                } else {
                    Err(ServerError::TooManyCodes)
                }
            }
            ClientMsg::PoolJoin { settings } => started(self.hub.pool_join(&player, settings))
                .await
                .map(|()| Some(ServerMsg::PoolJoined { id: None, settings })),
            ClientMsg::PoolLeave => self.hub.pool_leave(player.id).map(ok),
            ClientMsg::Challenge { name, settings } => self
                .hub
                .challenge(&player, &name, settings)
                .map(|challenge| {
                    Some(ServerMsg::ChallengeSent {
                        id: None,
                        challenge,
                    })
                }),
            ClientMsg::ChallengeAccept { challenge_id } => {
                started(self.hub.challenge_accept(player.id, challenge_id))
                    .await
                    .map(ok)
            }
            ClientMsg::ChallengeDecline { challenge_id } => self
                .hub
                .close_challenge(
                    challenge_id,
                    ChallengeCloseReason::Declined,
                    Some(player.id),
                )
                .map(ok),
            ClientMsg::ChallengeWithdraw { challenge_id } => self
                .hub
                .close_challenge(
                    challenge_id,
                    ChallengeCloseReason::Withdrawn,
                    Some(player.id),
                )
                .map(ok),
            ClientMsg::Move {
                match_id,
                game,
                ply,
                house,
            } => {
                let request = move |seat, id, reply| MatchRequest::Move {
                    seat,
                    game,
                    ply,
                    house,
                    id,
                    reply,
                };
                return self.to_match(id, match_id, &player, request).await;
            }
            ClientMsg::Resign { match_id } => {
                return self.act(id, match_id, &player, Action::Resign).await;
            }
            ClientMsg::Forfeit { match_id } => {
                return self.act(id, match_id, &player, Action::Forfeit).await;
            }
            ClientMsg::Abort { match_id } => {
                return self.act(id, match_id, &player, Action::Abort).await;
            }
            ClientMsg::DrawOffer { match_id } => {
                return self.act(id, match_id, &player, Action::DrawOffer).await;
            }
            ClientMsg::DrawAccept { match_id } => {
                return self.act(id, match_id, &player, Action::DrawAccept).await;
            }
            ClientMsg::DrawDecline { match_id } => {
                return self.act(id, match_id, &player, Action::DrawDecline).await;
            }
            ClientMsg::Claim { match_id } => {
                return self.act(id, match_id, &player, Action::Claim).await;
            }
            ClientMsg::RematchOffer { match_id } => {
                return self.rematch(id, match_id, &player, None).await;
            }
            ClientMsg::RematchAccept { match_id } => {
                return self.rematch(id, match_id, &player, Some(true)).await;
            }
            ClientMsg::RematchDecline { match_id } => {
                return self.rematch(id, match_id, &player, Some(false)).await;
            }
            ClientMsg::Chat { match_id, text } => {
                return self.chat(id, match_id, &player, text).await;
            }
            ClientMsg::Watch { match_id } => return self.watch(id, match_id).await,
            ClientMsg::Resume {
                match_id,
                last_version,
            } => return self.resume(id, match_id, &player, last_version).await,
            ClientMsg::Unwatch { match_id } => self.unwatch(match_id).await.map(ok),
        };
        match result {
            Ok(Some(reply)) => {
                self.peer.send_msg(&reply.answering(id));
            }
            Ok(None) => {}
            Err(error) => self.error(id, &error),
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
        if token.is_none() && password.is_none() && !self.addresses.guest_allowed(self.ip) {
            self.error(id, &ServerError::RateLimited("new player"));
            return Next::Continue;
        }
        let login = match (token, password) {
            (None, Some(password)) => self.login_by_password(&name, password).await,
            (token, _) => self.hub.login(&name, token.as_deref(), &self.peer),
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
                self.hub.logout(player.id, self.peer.id());
            } else {
                self.hub.login_failed(player.id);
            }
            self.error(id, &ServerError::unavailable(error));
            return Next::Continue;
        }
        self.player = Some(player);
        self.peer.send_msg(&welcome.answering(id));
        Next::Continue
    }

    /// Sign in as the holder of `name` if `password` is his: a try spent
    /// from the name's and the address's budgets, then the same slow check
    /// and the same answer whether the name is unknown, has no password,
    /// or the password is wrong.
    async fn login_by_password(
        &self,
        name: &str,
        password: String,
    ) -> Result<(ServerMsg, crate::store::Commit), ServerError> {
        let key = accounts::attempt_key(name);
        self.hub.attempts.take(&key, self.ip)?;
        let holder = self.hub.password_of(name);
        let (player, hash) = match holder {
            Some((player, hash)) => (Some(player), Some(hash)),
            None => (None, None),
        };
        let matches = self
            .hub
            .hashing
            .run(move |memory| accounts::verify_password(&password, hash.as_deref(), memory))
            .await?;
        match player {
            Some(player) if matches => {
                self.hub.attempts.trust(&key, self.ip);
                self.hub.login_by_password(player, &self.peer)
            }
            _ => Err(ServerError::BadCredentials),
        }
    }

    /// Set the signed-in player's password: hashed off the workers, stored,
    /// then `ok`.
    async fn set_password(&self, player: &PlayerRef, password: String) -> Result<(), ServerError> {
        accounts::check_password(&password)?;
        self.hub.attempts.take_change(self.ip)?;
        let hash = self
            .hub
            .hashing
            .run(move |memory| accounts::hash_password(&password, memory))
            .await??;
        self.hub
            .set_password(player.id, hash)
            .durable()
            .await
            .map_err(ServerError::unavailable)?;
        self.hub
            .attempts
            .trust(&accounts::attempt_key(&player.name), self.ip);
        Ok(())
    }

    /// The handle of a match that still answers (loaded from the journal
    /// if it had left memory), or `no_such_match`.
    async fn live_match(&self, match_id: MatchId) -> Result<MatchHandle, ServerError> {
        self.hub
            .find_match(match_id)
            .await
            .ok_or(ServerError::NoSuchMatch(match_id))
    }

    /// Queue `request` for `handle`'s match; `no_such_match` if it has
    /// stopped answering meanwhile. A match that has just left memory is
    /// asked for again (the hub loads it once it has heard it left).
    async fn send_to(
        &self,
        handle: &MatchHandle,
        match_id: MatchId,
        request: MatchRequest,
    ) -> Result<(), ServerError> {
        let mut request = match handle.send(request).await {
            Ok(()) => return Ok(()),
            Err(Gone(request)) => request,
        };
        for _ in 0..GONE_RETRIES {
            tokio::task::yield_now().await;
            let Some(handle) = self.hub.find_match(match_id).await else {
                break;
            };
            request = match handle.send(request).await {
                Ok(()) => return Ok(()),
                Err(Gone(request)) => request,
            };
        }
        Err(ServerError::NoSuchMatch(match_id))
    }

    /// Send a player's request to his match, which answers it.
    async fn to_match(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        request: impl FnOnce(Seat, Option<RequestId>, Peer) -> MatchRequest,
    ) -> Next {
        let sent = async {
            let handle = self.live_match(match_id).await?;
            let seat = handle
                .seat_of(player.id)
                .ok_or(ServerError::NotAPlayer(match_id))?;
            let request = request(seat, id.clone(), self.peer.clone());
            self.send_to(&handle, match_id, request).await
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    async fn act(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        action: Action,
    ) -> Next {
        let request = move |seat, id, reply| MatchRequest::Act {
            seat,
            action,
            id,
            reply,
        };
        self.to_match(id, match_id, player, request).await
    }

    async fn rematch(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        accept: Option<bool>,
    ) -> Next {
        let request = move |seat, id, reply| MatchRequest::Rematch {
            seat,
            accept,
            id,
            reply,
        };
        self.to_match(id, match_id, player, request).await
    }

    /// A chat message: checked for length and rate here, routed to its room by the match.
    async fn chat(
        &mut self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        text: String,
    ) -> Next {
        let sent = async {
            let text = text.trim().to_owned();
            let limit = self.hub.config.chat_max_chars;
            if text.is_empty() {
                return Err(ServerError::ChatEmpty);
            }
            if text.chars().count() > limit {
                return Err(ServerError::ChatTooLong(limit));
            }
            let window = self.hub.config.chat_window_ms;
            let now = self.hub.now();
            self.chat_times.retain(|&t| now.saturating_sub(t) < window);
            if self.chat_times.len() >= self.hub.config.chat_burst {
                return Err(ServerError::ChatRateLimited {
                    burst: self.hub.config.chat_burst,
                    seconds: window / 1000,
                });
            }
            self.chat_times.push_back(now);
            let handle = self.live_match(match_id).await?;
            let request = MatchRequest::Chat {
                from: player.clone(),
                seat: handle.seat_of(player.id),
                text,
                id: id.clone(),
                reply: self.peer.clone(),
            };
            self.send_to(&handle, match_id, request).await
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    /// Forget watched matches that no longer answer.
    fn prune_watching(&mut self) {
        let hub = &self.hub;
        self.watching.retain(|&id| hub.is_live(id));
    }

    /// Room for one more watched match (once those that no longer answer
    /// are forgotten), or `too_many_watched`; one already watched has its room.
    fn watch_slot(&mut self, match_id: MatchId) -> Result<(), ServerError> {
        self.prune_watching();
        let max = self.hub.config.max_watched;
        if !self.watching.contains(&match_id) && self.watching.len() >= max {
            return Err(ServerError::TooManyWatched(max));
        }
        Ok(())
    }

    /// Catch up on a match after reconnecting, as its player or a spectator
    /// (who counts against the watch limit like a `watch`).
    async fn resume(
        &mut self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        last_version: u64,
    ) -> Next {
        let sent = async {
            let handle = self.live_match(match_id).await?;
            let seat = handle.seat_of(player.id);
            if seat.is_none() {
                self.watch_slot(match_id)?;
            }
            let request = MatchRequest::Resume {
                id: id.clone(),
                peer: self.peer.clone(),
                seat,
                last_version,
            };
            self.send_to(&handle, match_id, request).await?;
            if seat.is_none() {
                self.watching.insert(match_id);
            }
            Ok(())
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    async fn watch(&mut self, id: Option<RequestId>, match_id: MatchId) -> Next {
        let sent = async {
            let handle = self.live_match(match_id).await?;
            self.watch_slot(match_id)?;
            if self.watching.contains(&match_id) {
                return Err(ServerError::AlreadyWatching(match_id));
            }
            let request = MatchRequest::Watch {
                id: id.clone(),
                peer: self.peer.clone(),
            };
            self.send_to(&handle, match_id, request).await?;
            self.watching.insert(match_id);
            Ok(())
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    async fn unwatch(&mut self, match_id: MatchId) -> Result<(), ServerError> {
        self.prune_watching();
        if !self.watching.remove(&match_id) {
            return Err(ServerError::NotWatching(match_id));
        }
        if let Some(handle) = self.hub.match_handle(match_id) {
            let conn = self.peer.id();
            let _ = handle.send(MatchRequest::Unwatch { conn }).await;
        }
        Ok(())
    }

    /// The connection is gone: leave the lobby, stop watching, go offline.
    pub(crate) async fn finish(self) {
        self.hub.unsubscribe(self.peer.id());
        for match_id in &self.watching {
            if let Some(handle) = self.hub.match_handle(*match_id) {
                let conn = self.peer.id();
                let _ = handle.send(MatchRequest::Unwatch { conn }).await;
            }
        }
        if let Some(player) = &self.player {
            self.hub.logout(player.id, self.peer.id());
        }
    }
}

/// A pairing request's outcome once a match it started has stored its
/// opening (so `ok` never acknowledges a match a crash would lose).
async fn started(result: Result<Option<Opened>, ServerError>) -> Result<(), ServerError> {
    match result? {
        Some(opened) => crate::game::opened(opened).await,
        None => Ok(()),
    }
}

/// How often a request for a match that stopped answering is sent again,
/// yielding in between, while the hub takes note that it left memory.
const GONE_RETRIES: usize = 64;

fn ok(_: ()) -> Option<ServerMsg> {
    Some(ServerMsg::Ok { id: None })
}
