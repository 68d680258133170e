//! One connection's conversation: what it may send in its state (nothing but
//! `hello` before `hello`), and where each request goes.

use crate::game::{Action, MatchCmd};
use crate::hub::{Hub, Refused};
use crate::peer::Peer;
use protocol::wire::{
    ChallengeCloseReason, ClientFrame, ClientMsg, DecodeError, ErrorCode, MatchId,
    PROTOCOL_VERSION, PlayerRef, RequestId, ServerMsg, close,
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
    watching: HashSet<MatchId>,
    /// When this connection's recent chat messages were sent (rate limit).
    chat_times: VecDeque<tokio::time::Instant>,
    /// Message budgets per kind of traffic: play, watch, lobby.
    budgets: [Budget; 3],
}

/// A token bucket: `rate` messages a second, bursts of twice that.
struct Budget {
    tokens: f64,
    rate: f64,
    last: tokio::time::Instant,
}

impl Budget {
    fn new(rate: u32) -> Budget {
        let rate = f64::from(rate.max(1));
        Budget {
            tokens: 2.0 * rate,
            rate,
            last: tokio::time::Instant::now(),
        }
    }

    /// Spend one token if there is one.
    fn take(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
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

impl Session {
    pub(crate) fn new(hub: Arc<Hub>, peer: Peer) -> Session {
        Session {
            peer,
            player: None,
            watching: HashSet::new(),
            chat_times: VecDeque::new(),
            budgets: [
                Budget::new(hub.config.play_rate),
                Budget::new(hub.config.watch_rate),
                Budget::new(hub.config.lobby_rate),
            ],
            hub,
        }
    }

    fn error(&self, id: Option<RequestId>, code: ErrorCode, message: impl Into<String>) {
        self.hub.metrics.rejected(code);
        self.peer.send_msg(&ServerMsg::Error {
            id,
            code,
            message: message.into(),
            reason: None,
        });
    }

    /// Whether hello has been done.
    pub(crate) fn signed_in(&self) -> bool {
        self.player.is_some()
    }

    /// A frame that could not be read.
    pub(crate) fn bad_frame(&self, error: DecodeError) {
        self.error(error.id, error.code, error.message);
    }

    /// A binary frame.
    pub(crate) fn binary_frame(&self) {
        self.error(
            None,
            ErrorCode::BinaryFrame,
            "this server speaks JSON text frames only",
        );
    }

    /// Answer one request.
    pub(crate) fn handle(&mut self, frame: ClientFrame) -> Next {
        let ClientFrame { id, msg } = frame;
        if let Some((budget, kind)) = budget_of(&msg)
            && !self.budgets[budget].take()
        {
            self.error(
                id,
                ErrorCode::RateLimited,
                format!("too many {kind} messages: slow down"),
            );
            return Next::Continue;
        }
        let Some(player) = self.player.clone() else {
            return self.hello(id, msg);
        };
        let result: Result<Option<ServerMsg>, Refused> = match msg {
            ClientMsg::Hello { .. } => Err((
                ErrorCode::AlreadyHello,
                format!("already signed in as {}", player.name),
            )),
            ClientMsg::LobbySubscribe => {
                self.hub.subscribe(&self.peer, id.clone());
                Ok(None)
            }
            ClientMsg::LobbyUnsubscribe => {
                self.hub.unsubscribe(self.peer.id());
                Ok(Some(ServerMsg::Ok { id: None }))
            }
            ClientMsg::SeekCreate { settings, private } => {
                self.hub.create_seek(&player, settings, private).map(Some)
            }
            ClientMsg::SeekCancel { seek_id } => self.hub.cancel_seek(player.id, seek_id).map(ok),
            ClientMsg::SeekAccept { seek_id } => self.hub.accept_seek(&player, Ok(seek_id)).map(ok),
            ClientMsg::SeekJoin { code } => self.hub.accept_seek(&player, Err(&code)).map(ok),
            ClientMsg::PoolJoin { settings } => self
                .hub
                .pool_join(&player, settings)
                .map(|_| Some(ServerMsg::PoolJoined { id: None, settings })),
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
                self.hub.challenge_accept(player.id, challenge_id).map(ok)
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
                return self.to_match(id, match_id, &player, |seat, id, reply| MatchCmd::Move {
                    seat,
                    game,
                    ply,
                    house,
                    id,
                    reply,
                });
            }
            ClientMsg::Resign { match_id } => {
                return self.act(id, match_id, &player, Action::Resign);
            }
            ClientMsg::Forfeit { match_id } => {
                return self.act(id, match_id, &player, Action::Forfeit);
            }
            ClientMsg::Abort { match_id } => {
                return self.act(id, match_id, &player, Action::Abort);
            }
            ClientMsg::DrawOffer { match_id } => {
                return self.act(id, match_id, &player, Action::DrawOffer);
            }
            ClientMsg::DrawAccept { match_id } => {
                return self.act(id, match_id, &player, Action::DrawAccept);
            }
            ClientMsg::DrawDecline { match_id } => {
                return self.act(id, match_id, &player, Action::DrawDecline);
            }
            ClientMsg::Claim { match_id } => {
                return self.act(id, match_id, &player, Action::Claim);
            }
            ClientMsg::RematchOffer { match_id } => {
                return self.rematch(id, match_id, &player, None);
            }
            ClientMsg::RematchAccept { match_id } => {
                return self.rematch(id, match_id, &player, Some(true));
            }
            ClientMsg::RematchDecline { match_id } => {
                return self.rematch(id, match_id, &player, Some(false));
            }
            ClientMsg::Chat { match_id, text } => {
                return self.chat(id, match_id, &player, text);
            }
            ClientMsg::Watch { match_id } => return self.watch(id, match_id),
            ClientMsg::Resume {
                match_id,
                last_version,
            } => return self.resume(id, match_id, &player, last_version),
            ClientMsg::Unwatch { match_id } => {
                if self.watching.remove(&match_id) {
                    if let Some(handle) = self.hub.match_handle(match_id) {
                        let _ = handle.apply(MatchCmd::Unwatch {
                            conn: self.peer.id(),
                        });
                    }
                    Ok(Some(ServerMsg::Ok { id: None }))
                } else {
                    Err((
                        ErrorCode::NotWatching,
                        format!("you are not watching match {match_id}"),
                    ))
                }
            }
        };
        match result {
            Ok(Some(reply)) => {
                self.peer.send_msg(&with_id(reply, id));
            }
            Ok(None) => {}
            Err((code, message)) => self.error(id, code, message),
        }
        Next::Continue
    }

    fn hello(&mut self, id: Option<RequestId>, msg: ClientMsg) -> Next {
        let ClientMsg::Hello {
            protocol_version,
            name,
            token,
        } = msg
        else {
            self.error(
                id,
                ErrorCode::HelloRequired,
                "the first message must be hello",
            );
            return Next::Continue;
        };
        if protocol_version != PROTOCOL_VERSION {
            let message = format!(
                "this server speaks protocol version {PROTOCOL_VERSION}, not {protocol_version}"
            );
            self.error(id, ErrorCode::ProtocolVersion, message.clone());
            return Next::Close(close::POLICY, message);
        }
        match self.hub.login(&name, token.as_deref(), &self.peer) {
            Ok(welcome) => {
                if let ServerMsg::Welcome {
                    player_id, name, ..
                } = &welcome
                {
                    self.player = Some(PlayerRef {
                        id: *player_id,
                        name: name.clone(),
                    });
                }
                self.peer.send_msg(&with_id(welcome, id));
            }
            Err((code, message)) => self.error(id, code, message),
        }
        Next::Continue
    }

    /// Apply a player's request to his match, which answers it.
    fn to_match(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        make: impl FnOnce(protocol::wire::Seat, Option<RequestId>, Peer) -> MatchCmd,
    ) -> Next {
        let Some(handle) = self.hub.match_handle(match_id) else {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
            return Next::Continue;
        };
        let Some(seat) = handle.seat_of(player.id) else {
            self.error(
                id,
                ErrorCode::NotAPlayer,
                format!("you do not play in match {match_id}"),
            );
            return Next::Continue;
        };
        if handle
            .apply(make(seat, id.clone(), self.peer.clone()))
            .is_err()
        {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
        }
        Next::Continue
    }

    fn act(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        action: Action,
    ) -> Next {
        self.to_match(id, match_id, player, |seat, id, reply| MatchCmd::Act {
            seat,
            action,
            id,
            reply,
        })
    }

    fn rematch(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        accept: Option<bool>,
    ) -> Next {
        self.to_match(id, match_id, player, |seat, id, reply| MatchCmd::Rematch {
            seat,
            accept,
            id,
            reply,
        })
    }

    /// A chat message: checked for length and rate here, routed to its room by the match.
    fn chat(
        &mut self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        text: String,
    ) -> Next {
        let text = text.trim().to_owned();
        let limit = self.hub.config.chat_max_chars;
        if text.is_empty() {
            self.error(id, ErrorCode::ChatEmpty, "a chat message needs some text");
            return Next::Continue;
        }
        if text.chars().count() > limit {
            self.error(
                id,
                ErrorCode::ChatTooLong,
                format!("a chat message has at most {limit} characters"),
            );
            return Next::Continue;
        }
        let window = std::time::Duration::from_millis(self.hub.config.chat_window_ms);
        let now = tokio::time::Instant::now();
        self.chat_times.retain(|&t| now.duration_since(t) < window);
        if self.chat_times.len() >= self.hub.config.chat_burst {
            self.error(
                id,
                ErrorCode::RateLimited,
                format!(
                    "at most {} chat messages per {} s",
                    self.hub.config.chat_burst,
                    window.as_secs()
                ),
            );
            return Next::Continue;
        }
        self.chat_times.push_back(now);
        let Some(handle) = self.hub.match_handle(match_id) else {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
            return Next::Continue;
        };
        let cmd = MatchCmd::Chat {
            from: player.clone(),
            seat: handle.seat_of(player.id),
            conn: self.peer.id(),
            text,
            id: id.clone(),
            reply: self.peer.clone(),
        };
        if handle.apply(cmd).is_err() {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
        }
        Next::Continue
    }

    /// Catch up on a match after reconnecting, as its player or a spectator.
    fn resume(
        &mut self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        last_version: u64,
    ) -> Next {
        let Some(handle) = self.hub.match_handle(match_id) else {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
            return Next::Continue;
        };
        let seat = handle.seat_of(player.id);
        let cmd = MatchCmd::Resume {
            id: id.clone(),
            peer: self.peer.clone(),
            seat,
            last_version,
        };
        if handle.apply(cmd).is_err() {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
        } else if seat.is_none() {
            self.watching.insert(match_id);
        }
        Next::Continue
    }

    fn watch(&mut self, id: Option<RequestId>, match_id: MatchId) -> Next {
        if self.watching.contains(&match_id) {
            self.error(
                id,
                ErrorCode::AlreadyWatching,
                format!("you are already watching match {match_id}"),
            );
            return Next::Continue;
        }
        if self.watching.len() >= self.hub.config.max_watched {
            self.error(
                id,
                ErrorCode::TooManyWatched,
                format!(
                    "at most {} matches watched at once",
                    self.hub.config.max_watched
                ),
            );
            return Next::Continue;
        }
        let Some(handle) = self.hub.match_handle(match_id) else {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
            return Next::Continue;
        };
        let sent = handle.apply(MatchCmd::Watch {
            id: id.clone(),
            peer: self.peer.clone(),
        });
        if sent.is_ok() {
            self.watching.insert(match_id);
        } else {
            self.error(id, ErrorCode::NoSuchMatch, format!("no match {match_id}"));
        }
        Next::Continue
    }

    /// The connection is gone: leave the lobby, stop watching, go offline.
    pub(crate) fn finish(self) {
        self.hub.unsubscribe(self.peer.id());
        for match_id in &self.watching {
            if let Some(handle) = self.hub.match_handle(*match_id) {
                let _ = handle.apply(MatchCmd::Unwatch {
                    conn: self.peer.id(),
                });
            }
        }
        if let Some(player) = &self.player {
            self.hub.logout(player.id, self.peer.id());
        }
    }
}

fn ok(_: ()) -> Option<ServerMsg> {
    Some(ServerMsg::Ok { id: None })
}

/// Put the request id into a reply built without it.
fn with_id(mut reply: ServerMsg, request: Option<RequestId>) -> ServerMsg {
    match &mut reply {
        ServerMsg::Ok { id }
        | ServerMsg::SeekCreated { id, .. }
        | ServerMsg::PoolJoined { id, .. }
        | ServerMsg::ChallengeSent { id, .. }
        | ServerMsg::LobbySnapshot { id, .. }
        | ServerMsg::Welcome { id, .. }
        | ServerMsg::Error { id, .. }
        | ServerMsg::MoveAccepted { id, .. }
        | ServerMsg::Resumed { id, .. }
        | ServerMsg::MatchSnapshot { id, .. } => *id = request,
        _ => {}
    }
    reply
}
