//! One connection's conversation: what it may send in its state (nothing but
//! `hello` before `hello`), and where each request goes.

use crate::budget::Budget;
use crate::clock::Millis;
use crate::error::ServerError;
use crate::game::{Action, MatchRequest, Opened};
use crate::hub::Hub;
use crate::net::context::ConnContext;
use crate::peer::Peer;
use protocol::wire::{
    ChallengeCloseReason, ClientFrame, ClientMsg, DecodeError, MatchId, PlayerRef, RequestId,
    ServerMsg, close,
};
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

mod elsewhere;
mod sign_in;
mod to_match;

/// Why a client is closed when what the server asked on his behalf (his
/// matches resumed after the node serving them stopped) was refused.
const REFUSED_FOR_HIM: &str =
    "your match could not be resumed for you after a node stopped: reconnect to resume it";

/// What the connection should do after a request.
pub(crate) enum Next {
    Continue,
    /// Close with this code and reason (after the reply already queued).
    Close(u16, String),
}

/// A connection's state.
pub(crate) struct Session {
    /// What the connection is given (its limits, the services).
    conns: Arc<ConnContext>,
    peer: Peer,
    player: Option<PlayerRef>,
    /// Whether it follows the lobby without having said hello (the
    /// signed-out front page): it is then not closed for want of one.
    follows_lobby: bool,
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
    /// Live matches this connection asked for that another node serves,
    /// with that node (a few, forgotten when they are too many).
    elsewhere: std::collections::HashMap<MatchId, String>,
    /// Tournaments this connection asked about that another node runs,
    /// with that node (a few, forgotten when they are too many).
    tournaments_elsewhere: std::collections::HashMap<protocol::wire::TournamentId, String>,
    /// Matches this connection resumed a seat of: their seat is left
    /// empty when it goes, unless another connection took it meanwhile.
    seated: HashSet<MatchId>,
    /// Where the server puts requests it makes on the client's behalf
    /// (resuming a match whose node stopped): a client connection's loop
    /// reads them beside the client's own.
    behalf: Option<tokio::sync::mpsc::Sender<ClientFrame>>,
    /// The request being answered was made on the client's behalf
    /// ([`Session::on_behalf`]).
    for_him: bool,
    /// For a connection relayed from another node, that node and the
    /// connection's number there: a request whose match has moved there is
    /// not sent back to it (it would come in again as a second connection
    /// of the same player), and it watches through that node's lanes.
    relayed_from: Option<(String, u64)>,
}

/// Which budget a message draws on; `None` for hello and chat (chat has its own limit).
fn budget_of(msg: &ClientMsg) -> Option<(usize, &'static str)> {
    Some(match msg {
        ClientMsg::Hello { .. } | ClientMsg::Chat { .. } => return None,
        ClientMsg::Move { .. }
        | ClientMsg::Resign { .. }
        | ClientMsg::Berserk { .. }
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
    pub(crate) fn new(conns: Arc<ConnContext>, peer: Peer, ip: std::net::IpAddr) -> Session {
        let clock = &conns.context.clock;
        let limits = conns.limits.session;
        Session {
            peer,
            player: None,
            follows_lobby: false,
            watching: HashSet::new(),
            chat_times: VecDeque::new(),
            budgets: [
                Budget::per_second(limits.play_rate, clock),
                Budget::per_second(limits.watch_rate, clock),
                Budget::per_second(limits.lobby_rate, clock),
            ],
            hellos: Budget::new(1.0, limits.hello_burst, clock),
            ip,
            elsewhere: std::collections::HashMap::new(),
            tournaments_elsewhere: std::collections::HashMap::new(),
            seated: HashSet::new(),
            behalf: None,
            for_him: false,
            relayed_from: None,
            conns,
        }
    }

    /// This session takes requests made on its client's behalf through
    /// `behalf` (its connection's loop hands them to [`Session::on_behalf`]).
    pub(crate) fn with_behalf(mut self, behalf: tokio::sync::mpsc::Sender<ClientFrame>) -> Session {
        self.behalf = Some(behalf);
        self
    }

    /// This session relays connection `conn` of node `node`.
    pub(crate) fn relayed_from(mut self, node: String, conn: u64) -> Session {
        self.relayed_from = Some((node, conn));
        self
    }

    /// Answer a request the server made on the client's behalf: charged to
    /// no budget of his. He does not know of it, so a refusal would leave
    /// him waiting (a match resumed for him that he never hears of again):
    /// his connection is closed instead, and he reconnects and resumes.
    pub(crate) async fn on_behalf(&mut self, frame: ClientFrame) -> Next {
        tracing::debug!("on his behalf: {:?}", frame.msg);
        let Some(player) = self.player.clone() else {
            return Next::Continue;
        };
        self.for_him = true;
        let next = self.answer(player, frame).await;
        self.for_him = false;
        next
    }

    /// A session already signed in as `player`: a computer player's, who
    /// signs in inside the server rather than with a `hello`.
    pub(crate) fn signed_in_as(
        conns: Arc<ConnContext>,
        peer: Peer,
        ip: std::net::IpAddr,
        player: PlayerRef,
    ) -> Session {
        let mut session = Session::new(conns, peer, ip);
        session.player = Some(player);
        session
    }

    /// Refuse a request: the error reply, counted against the connection's
    /// refusal budget. Not while the server stops: its matches have stopped
    /// answering before the connection closes, so a request caught in
    /// between would be refused as if its match did not exist; it gets no
    /// answer, and the client asks again once it is back.
    fn error(&self, id: Option<RequestId>, error: &ServerError) {
        if self.conns.context.shutdown.is_cancelled() {
            tracing::debug!("not refused while stopping ({id:?}): {error}");
            return;
        }
        if self.for_him {
            tracing::debug!("what was asked on his behalf was refused ({error}): he reconnects");
            self.peer.close(close::SERVICE_RESTART, REFUSED_FOR_HIM);
            return;
        }
        tracing::debug!("refused ({id:?}): {error}");
        self.peer.refuse(error, id);
    }

    /// The connection's outbox.
    pub(crate) fn peer(&self) -> &Peer {
        &self.peer
    }

    /// Who the connection is signed in as, if anyone.
    pub(crate) fn player(&self) -> Option<PlayerRef> {
        self.player.clone()
    }

    /// The lobby and the matches.
    fn hub(&self) -> &Arc<Hub> {
        &self.conns.hub
    }

    /// Whether the connection must say hello before its deadline: it has
    /// not, and it does not follow the lobby (one that does stays, counted
    /// against the connection limits like any other).
    pub(crate) fn owes_hello(&self) -> bool {
        self.player.is_none() && !self.follows_lobby
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
            && (!self.hellos.take() || !self.conns.addresses.hello_allowed(self.ip))
        {
            self.error(id, &ServerError::RateLimited("hello"));
            return Next::Continue;
        }
        let Some(player) = self.player.clone() else {
            return self.before_hello(id, msg).await;
        };
        if is_offer(&msg)
            && let Err(error) = self.hub().take_offer(player.id)
        {
            self.error(id, &error);
            return Next::Continue;
        }
        self.answer(player, ClientFrame { id, msg }).await
    }

    /// Answer a request of signed-in `player`, here or through the node
    /// that answers it.
    async fn answer(&mut self, player: PlayerRef, frame: ClientFrame) -> Next {
        if self.forwarded(&player, &frame).await {
            return Next::Continue;
        }
        let ClientFrame { id, msg } = frame;
        let result = match msg {
            ClientMsg::Hello { .. } => Err(ServerError::AlreadyHello(player.name.clone())),
            ClientMsg::SetPassword { password } => {
                self.set_password(&player, password).await.map(ok)
            }
            ClientMsg::LobbySubscribe => {
                self.hub()
                    .subscribe(&self.peer, Some(player.id), id.clone());
                Ok(None)
            }
            ClientMsg::LobbyUnsubscribe => {
                self.hub().unsubscribe(self.peer.id());
                Ok(Some(ServerMsg::Ok { id: None }))
            }
            ClientMsg::SeekCreate {
                settings,
                private,
                rating_range,
            } => self
                .hub()
                .create_seek(&player, settings, private, rating_range)
                .await
                .map(Some),
            ClientMsg::SeekCancel { seek_id } => self.hub().cancel_seek(player.id, seek_id).map(ok),
            ClientMsg::SeekAccept { seek_id } => {
                started(self.hub().accept_seek(&player, Ok(seek_id)))
                    .await
                    .map(ok)
            }
            ClientMsg::SeekJoin { code } => {
                if self.conns.addresses.code_allowed(self.ip) {
                    started(self.hub().accept_seek(&player, Err(&code)))
                        .await
                        .map(ok)
                } else {
                    Err(ServerError::TooManyCodes)
                }
            }
            ClientMsg::PoolJoin { settings } => started(self.hub().pool_join(&player, settings))
                .await
                .map(|()| Some(ServerMsg::PoolJoined { id: None, settings })),
            ClientMsg::PoolLeave => self.hub().pool_leave(player.id).map(ok),
            ClientMsg::Challenge { name, settings } => self
                .hub()
                .challenge(&player, &name, settings)
                .map(|challenge| {
                    Some(ServerMsg::ChallengeSent {
                        id: None,
                        challenge,
                    })
                }),
            ClientMsg::ChallengeAccept { challenge_id } => {
                started(self.hub().challenge_accept(player.id, challenge_id))
                    .await
                    .map(ok)
            }
            ClientMsg::ChallengeDecline { challenge_id } => self
                .hub()
                .close_challenge(
                    challenge_id,
                    ChallengeCloseReason::Declined,
                    Some(player.id),
                )
                .map(ok),
            ClientMsg::ChallengeWithdraw { challenge_id } => self
                .hub()
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
            ClientMsg::Berserk { match_id } => {
                return self.act(id, match_id, &player, Action::Berserk).await;
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
            ClientMsg::TournamentCreate { settings } => self
                .hub()
                .create_tournament(&player, settings)
                .await
                .map(Some),
            ClientMsg::TournamentJoin {
                tournament_id,
                code,
            } => self
                .hub()
                .join_tournament(tournament_id, code.as_deref(), &player, &self.peer)
                .await
                .map(ok),
            ClientMsg::TournamentWithdraw { tournament_id } => self
                .hub()
                .withdraw_from_tournament(tournament_id, player.id)
                .await
                .map(ok),
            ClientMsg::TournamentPause {
                tournament_id,
                paused,
            } => self
                .hub()
                .pause_in_tournament(tournament_id, player.id, paused)
                .await
                .map(ok),
            ClientMsg::TournamentWatch {
                tournament_id,
                code,
            } => self
                .hub()
                .follow_tournament(tournament_id, code.as_deref(), &self.peer)
                .map(|tournament| {
                    Some(ServerMsg::Tournament {
                        id: None,
                        tournament: Box::new(tournament),
                    })
                }),
            ClientMsg::TournamentUnwatch { tournament_id } => {
                self.hub().unfollow_tournament(tournament_id, &self.peer);
                Ok(ok(()))
            }
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

    /// The connection is gone: leave the lobby, stop watching, leave the
    /// seats it resumed, go offline; the nodes it forwarded to forget it.
    pub(crate) async fn finish(self) {
        self.hub().unsubscribe(self.peer.id());
        if let Some(cluster) = &self.conns.cluster {
            cluster.left(self.peer.id());
        }
        if let Some(player) = &self.player {
            let seated: Vec<MatchId> = self.seated.iter().copied().collect();
            self.hub().unlink(&seated, player.id, self.peer.id());
        }
        for match_id in &self.watching {
            if let Some(handle) = self.hub().match_handle(*match_id) {
                let conn = self.peer.id();
                let _ = handle.send(MatchRequest::Unwatch { conn }).await;
            }
        }
        if let Some(player) = &self.player {
            self.hub().logout(player.id, self.peer.id());
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

fn ok(_: ()) -> Option<ServerMsg> {
    Some(ServerMsg::Ok { id: None })
}
