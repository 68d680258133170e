//! The connection to the server: sign in (with the saved token when there
//! is one), send and receive typed messages, and after a dropped connection
//! reconnect by itself and catch up on every match.

use crate::model::{Model, Refusal};
use crate::store::TokenStore;
use crate::text::{Text, t};
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{ClientFrame, ClientMsg, ErrorCode, MatchId, PROTOCOL_VERSION, ServerMsg};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Why the client stopped.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server could not be reached (or reached again).
    #[error("cannot reach {url}: {reason}")]
    Unreachable {
        /// The server.
        url: String,
        /// What failed.
        reason: String,
    },
    /// The connection dropped and the link behind it is gone.
    #[error("cannot reach {url}: connection lost")]
    Lost {
        /// The server.
        url: String,
    },
    /// The server refused to sign us in.
    #[error("the server refused to sign in: {}", .0.message)]
    SignInRefused(Refusal),
    /// The server refused what the client was started to do (watch a
    /// match that is not live).
    #[error("the server refused: {}", .0.message)]
    Refused(Refusal),
    /// The server closed the connection, saying why (the name signed in
    /// elsewhere).
    #[error("the server closed the connection: {0}")]
    Closed(String),
    /// The name belongs to another player.
    #[error("the name {name} is taken by another player; choose another with --name")]
    NameTaken {
        /// The name asked for.
        name: String,
    },
}

impl ClientError {
    /// The error in `text`'s language (the server's own words stay as sent).
    pub fn say(&self, text: &Text) -> String {
        match self {
            ClientError::Unreachable { url, reason } => {
                t!(text, "cannot-reach", url = url, reason = reason)
            }
            ClientError::Lost { url } => t!(
                text,
                "cannot-reach",
                url = url,
                reason = t!(text, "connection-lost")
            ),
            ClientError::SignInRefused(refusal) => t!(
                text,
                "refused",
                reason = text.refusal(refusal.code, &refusal.message)
            ),
            ClientError::Refused(refusal) => t!(
                text,
                "refused-request",
                reason = text.refusal(refusal.code, &refusal.message)
            ),
            ClientError::Closed(reason) => t!(text, "server-closed-because", reason = reason),
            ClientError::NameTaken { name } => t!(text, "name-taken", name = name),
        }
    }
}

/// Something the player should read, said by the interface in his language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The server no longer knew the saved token (a database lost or
    /// reset): signed in afresh as `name`.
    TokenForgotten {
        /// The name signed in with.
        name: String,
    },
}

impl Notice {
    /// The notice in `text`'s language.
    pub fn say(&self, text: &Text) -> String {
        match self {
            Notice::TokenForgotten { name } => t!(text, "token-forgotten", name = name),
        }
    }
}

/// What [`Client::next`] brings.
// Lives briefly on the stack; boxing every message would cost an allocation each.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Incoming {
    /// A message from the server (already applied to the model).
    Msg(ServerMsg),
    /// The connection dropped: try `attempt` of [`RECONNECT_TRIES`] comes after a wait.
    Reconnecting {
        /// From 1.
        attempt: u32,
    },
    /// The connection is back and signed in; matches are being caught up.
    Reconnected,
    /// Something the player should read (one line).
    Notice(Notice),
}

/// Tries to reconnect before giving up: about 40 s in all, enough for a
/// server to restart.
pub const RECONNECT_TRIES: u32 = 10;

/// How long to wait before reconnection attempt `attempt` (from 0): a
/// doubling step from 250 ms up to 5 s, of which a random share (`chance`,
/// 0 to 1) is waited beyond the first half, so that the thousands of
/// clients a restart cuts off at once do not all come back in the same
/// millisecond ("equal jitter").
fn backoff(attempt: u32, chance: f64) -> Duration {
    let step = Duration::from_millis(250)
        .saturating_mul(1 << attempt.min(5))
        .min(Duration::from_secs(5));
    step / 2 + step.mul_f64(chance.clamp(0.0, 1.0) / 2.0)
}

/// What the link task tells the client.
#[derive(Debug)]
enum LinkEvent {
    /// A text frame from the server.
    Text(String),
    /// The connection dropped; reconnection attempt `attempt` (from 1) follows.
    Reconnecting(u32),
    /// A new connection is open (not yet signed in): connection number `epoch`.
    Up(u64),
    /// Frames the link could not send because their connection had gone.
    Unsent(Vec<ClientMsg>),
    /// The server closed the connection because the same player connected
    /// elsewhere: reconnecting would only take it back.
    Replaced(String),
    /// Every attempt failed.
    GaveUp(String),
}

/// A frame for the link, with the connection it was meant for.
struct Outgoing {
    epoch: u64,
    msg: ClientMsg,
}

/// Where the client is in signing in on the current connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SignIn {
    /// Hello sent with this token (`true`) or without.
    Waiting { with_token: bool, again: bool },
    /// Welcomed.
    Done,
}

/// A signed-in connection with its model of the world. The socket belongs
/// to a task of its own (the link), which reconnects by itself with
/// backoff; [`Client::next`] only waits on a channel, so a caller may
/// `select!` it against a clock tick or the keyboard without ever cutting a
/// reconnection short (the full-screen client did, every 250 ms).
pub struct Client {
    url: String,
    name: String,
    store: Option<TokenStore>,
    /// Everything heard so far.
    pub model: Model,
    subscribed: bool,
    to_link: mpsc::UnboundedSender<Outgoing>,
    from_link: mpsc::UnboundedReceiver<LinkEvent>,
    /// The connection frames are sent on; 0 while there is none.
    epoch: u64,
    sign_in: SignIn,
    /// Messages taken in by the model and not yet handed out by `next`.
    ready: std::collections::VecDeque<ServerMsg>,
    /// Requests that could not be sent because the connection had dropped;
    /// sent once it is back (moves excepted, see `next`).
    pending: Vec<ClientMsg>,
    /// The live matches the last `welcome` listed: each is resumed, since
    /// the server sends a returning player a match's events only then.
    welcomed_to: Vec<MatchId>,
    /// Lines for the player, handed out by `next` once signed in.
    notices: std::collections::VecDeque<Notice>,
}

async fn open(url: &str) -> Result<Socket, ClientError> {
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(socket, _)| socket)
        .map_err(|e| ClientError::Unreachable {
            url: url.to_owned(),
            reason: e.to_string(),
        })
}

/// The link: pump frames both ways on `socket`; when it drops, reconnect
/// with backoff and say so. Ends when the client is dropped, when every
/// attempt failed, or when the server says the player connected elsewhere.
async fn link(
    url: String,
    socket: Socket,
    mut outgoing: mpsc::UnboundedReceiver<Outgoing>,
    events: mpsc::UnboundedSender<LinkEvent>,
) {
    let mut socket = Some(socket);
    let mut epoch = 1;
    loop {
        let Some(current) = socket.take() else {
            let mut last_error = String::from("connection lost");
            for attempt in 0..RECONNECT_TRIES {
                if events.send(LinkEvent::Reconnecting(attempt + 1)).is_err() {
                    return;
                }
                let deadline = tokio::time::Instant::now() + backoff(attempt, rand::random());
                if !wait_until(deadline, &mut outgoing, &events).await {
                    return;
                }
                match open(&url).await {
                    Ok(opened) => {
                        socket = Some(opened);
                        break;
                    }
                    Err(error) => last_error = error.to_string(),
                }
            }
            if socket.is_none() {
                let _ = events.send(LinkEvent::GaveUp(last_error));
                return;
            }
            epoch += 1;
            if events.send(LinkEvent::Up(epoch)).is_err() {
                return;
            }
            continue;
        };
        let (mut sink, mut stream) = current.split();
        loop {
            tokio::select! {
                frame = outgoing.recv() => {
                    let Some(Outgoing { epoch: meant_for, msg }) = frame else {
                        let _ = sink.close().await;
                        return;
                    };
                    if meant_for != epoch {
                        let _ = events.send(LinkEvent::Unsent(vec![msg]));
                        continue;
                    }
                    let text = serde_json::to_string(&ClientFrame { id: None, msg: msg.clone() })
                        .unwrap_or_default();
                    if sink.send(Message::text(text)).await.is_err() {
                        let _ = events.send(LinkEvent::Unsent(vec![msg]));
                        break;
                    }
                }
                frame = stream.next() => match frame {
                    Some(Ok(Message::Text(text))) => {
                        if events.send(LinkEvent::Text(text.to_string())).is_err() {
                            return;
                        }
                    }
                    Some(Ok(Message::Close(Some(close))))
                        if u16::from(close.code) == protocol::wire::close::REPLACED =>
                    {
                        let _ = events.send(LinkEvent::Replaced(close.reason.to_string()));
                        return;
                    }
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => {}
                },
            }
        }
        // Frames queued for the connection that just went go back to the
        // client, which sends them again once signed in.
        let mut unsent = Vec::new();
        while let Ok(Outgoing { msg, .. }) = outgoing.try_recv() {
            unsent.push(msg);
        }
        if !unsent.is_empty() && events.send(LinkEvent::Unsent(unsent)).is_err() {
            return;
        }
    }
}

/// Wait until `deadline`, handing back what the client sends meanwhile;
/// false if the client has gone (then the link ends at once).
async fn wait_until(
    deadline: tokio::time::Instant,
    outgoing: &mut mpsc::UnboundedReceiver<Outgoing>,
    events: &mpsc::UnboundedSender<LinkEvent>,
) -> bool {
    loop {
        tokio::select! {
            () = tokio::time::sleep_until(deadline) => return true,
            frame = outgoing.recv() => match frame {
                None => return false,
                Some(Outgoing { msg, .. }) => {
                    if events.send(LinkEvent::Unsent(vec![msg])).is_err() {
                        return false;
                    }
                }
            },
        }
    }
}

impl Client {
    /// The server's WebSocket URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Connect to `url` and sign in as `name`, or as the player of the token
    /// saved for that server and name.
    pub async fn connect(
        url: &str,
        name: &str,
        store: Option<TokenStore>,
    ) -> Result<Client, ClientError> {
        let socket = open(url).await?;
        let (to_link, outgoing) = mpsc::unbounded_channel();
        let (events, from_link) = mpsc::unbounded_channel();
        tokio::spawn(link(url.to_owned(), socket, outgoing, events));
        let mut client = Client {
            url: url.to_owned(),
            name: name.to_owned(),
            store,
            model: Model::default(),
            subscribed: false,
            to_link,
            from_link,
            epoch: 1,
            sign_in: SignIn::Done,
            ready: std::collections::VecDeque::new(),
            pending: Vec::new(),
            welcomed_to: Vec::new(),
            notices: std::collections::VecDeque::new(),
        };
        client.hello(true);
        // Until welcomed, `next` hands out nothing but errors.
        while client.sign_in != SignIn::Done {
            client.next().await?;
        }
        Ok(client)
    }

    /// Say hello on the current connection: with the token we were welcomed
    /// with (or the saved one), or without (`with_token` false).
    fn hello(&mut self, with_token: bool) {
        let again = self.model.me.is_some();
        let token = with_token
            .then(|| {
                self.model.token.clone().or_else(|| {
                    self.store
                        .as_ref()
                        .and_then(|s| s.get(&self.url, &self.name))
                })
            })
            .flatten();
        self.sign_in = SignIn::Waiting {
            with_token: token.is_some(),
            again,
        };
        self.send_now(ClientMsg::Hello {
            protocol_version: PROTOCOL_VERSION,
            name: self.name.clone(),
            token,
            password: None,
        });
    }

    /// Send one request. If the connection has dropped it is kept and sent
    /// after the reconnection (a move is not: the player decides again on
    /// the caught-up board).
    pub async fn send(&mut self, msg: ClientMsg) -> Result<(), ClientError> {
        self.model.sent(&msg);
        if self.epoch == 0 || self.sign_in != SignIn::Done {
            self.pending.push(msg);
        } else {
            self.send_now(msg);
        }
        Ok(())
    }

    fn send_now(&mut self, msg: ClientMsg) {
        match &msg {
            ClientMsg::LobbySubscribe => self.subscribed = true,
            ClientMsg::LobbyUnsubscribe => self.subscribed = false,
            _ => {}
        }
        let outgoing = Outgoing {
            epoch: self.epoch,
            msg,
        };
        if let Err(mpsc::error::SendError(Outgoing { msg, .. })) = self.to_link.send(outgoing) {
            self.pending.push(msg);
        }
    }

    /// The next thing that happens. A dropped connection is re-established
    /// by the link (a few tries, waiting longer each time), signed in with
    /// the token, and every match is resumed from the last version seen.
    /// Cancel-safe: it only waits on the link's channel.
    pub async fn next(&mut self) -> Result<Incoming, ClientError> {
        loop {
            if let Some(msg) = self.ready.pop_front() {
                return Ok(Incoming::Msg(msg));
            }
            if self.sign_in == SignIn::Done
                && let Some(notice) = self.notices.pop_front()
            {
                return Ok(Incoming::Notice(notice));
            }
            let event = self
                .from_link
                .recv()
                .await
                .ok_or_else(|| ClientError::Lost {
                    url: self.url.clone(),
                })?;
            match event {
                LinkEvent::Text(text) => {
                    let Ok(msg) = serde_json::from_str::<ServerMsg>(&text) else {
                        continue;
                    };
                    if let Some(incoming) = self.signing_in(&msg)? {
                        return Ok(incoming);
                    }
                }
                LinkEvent::Reconnecting(attempt) => {
                    self.epoch = 0;
                    return Ok(Incoming::Reconnecting { attempt });
                }
                LinkEvent::Up(epoch) => {
                    self.epoch = epoch;
                    self.hello(true);
                }
                LinkEvent::Unsent(messages) => {
                    for msg in messages {
                        if !matches!(msg, ClientMsg::Hello { .. }) {
                            self.pending.push(msg);
                        }
                    }
                }
                LinkEvent::Replaced(reason) => return Err(ClientError::Closed(reason)),
                LinkEvent::GaveUp(reason) => {
                    return Err(ClientError::Unreachable {
                        url: self.url.clone(),
                        reason,
                    });
                }
            }
        }
    }

    /// Take in `msg`; while signing in, act on the welcome (or the refusal).
    fn signing_in(&mut self, msg: &ServerMsg) -> Result<Option<Incoming>, ClientError> {
        let SignIn::Waiting { with_token, again } = self.sign_in else {
            self.ready.extend(self.model.accept(msg.clone()));
            return Ok(None);
        };
        match msg {
            ServerMsg::Welcome { token, matches, .. } => {
                self.welcomed_to = matches.iter().map(|m| m.match_id).collect();
                if let Some(store) = &self.store {
                    store.put(&self.url, &self.name, token);
                }
                self.ready.extend(self.model.accept(msg.clone()));
                self.sign_in = SignIn::Done;
                self.catch_up();
                // A move typed while the link was down is dropped: the
                // catch-up shows the board as it is now and the player
                // chooses again. Everything else is sent as typed.
                for pending in std::mem::take(&mut self.pending) {
                    if !matches!(pending, ClientMsg::Move { .. }) {
                        self.send_now(pending);
                    }
                }
                Ok(again.then_some(Incoming::Reconnected))
            }
            ServerMsg::Error { code, .. } if *code == ErrorCode::UnknownToken && with_token => {
                // A database lost or reset: the name may still be free.
                self.notices.push_back(Notice::TokenForgotten {
                    name: self.name.clone(),
                });
                self.hello(false);
                Ok(None)
            }
            ServerMsg::Error {
                code: ErrorCode::NameTaken,
                ..
            } => Err(ClientError::NameTaken {
                name: self.name.clone(),
            }),
            ServerMsg::Error { code, message, .. } => Err(ClientError::SignInRefused(Refusal {
                code: *code,
                message: message.clone(),
            })),
            _ => Ok(None),
        }
    }

    /// Resume every live match: those the model follows from the last
    /// version it saw, those the welcome listed and the model does not know
    /// from the start.
    fn catch_up(&mut self) {
        let mut resumes: Vec<_> = self
            .model
            .matches
            .values()
            .filter(|m| m.ended.is_none())
            .map(|m| (m.id, m.version))
            .collect();
        for id in std::mem::take(&mut self.welcomed_to) {
            if !self.model.matches.contains_key(&id) {
                resumes.push((id, 0));
            }
        }
        for (match_id, last_version) in resumes {
            self.model.catching_up.insert(match_id);
            self.send_now(ClientMsg::Resume {
                match_id,
                last_version,
            });
        }
        if self.subscribed {
            self.send_now(ClientMsg::LobbySubscribe);
        }
    }

    /// Close politely: the link closes the socket once its inbox is gone.
    pub async fn close(self) {
        let Client {
            to_link,
            mut from_link,
            ..
        } = self;
        drop(to_link);
        // Wait for the link to end (it drops its sender then), but not for
        // a connection attempt in progress to time out.
        let ended = async { while from_link.recv().await.is_some() {} };
        let _ = tokio::time::timeout(Duration::from_secs(2), ended).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::wire::MatchSettings;
    use serde_json::json;
    use std::net::SocketAddr;
    use std::sync::Arc;
    use tokio::net::TcpListener;
    use tokio::sync::Notify;

    /// A TCP relay to `target` whose connections `cut` drops all at once,
    /// as a lost network does, while the server stays up.
    async fn relay(target: SocketAddr) -> (SocketAddr, Arc<Notify>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let cut = Arc::new(Notify::new());
        let cuts = Arc::clone(&cut);
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let cut = Arc::clone(&cuts);
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        () = cut.notified() => {}
                    }
                });
            }
        });
        (addr, cut)
    }

    /// The next message the client takes in that `pick` wants, with a 5 ms
    /// tick racing `next` the whole time as the full-screen client's screen
    /// tick does (it used to cut every reconnection short); reconnection
    /// states are collected in `seen`.
    async fn until<T>(
        client: &mut Client,
        seen: &mut Vec<String>,
        mut pick: impl FnMut(&ServerMsg, &Model) -> Option<T>,
    ) -> T {
        let mut tick = tokio::time::interval(Duration::from_millis(5));
        let wait = async {
            loop {
                tokio::select! {
                    incoming = client.next() => match incoming.expect("the client carries on") {
                        Incoming::Msg(msg) => {
                            if let Some(found) = pick(&msg, &client.model) {
                                return found;
                            }
                        }
                        Incoming::Reconnecting { attempt } => seen.push(format!("reconnecting {attempt}")),
                        Incoming::Reconnected => seen.push("reconnected".into()),
                        Incoming::Notice(notice) => seen.push(format!("{notice:?}")),
                    },
                    _ = tick.tick() => {}
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(20), wait)
            .await
            .expect("in time")
    }

    /// Ann (this client) seeks, bob accepts: the match, once its first game started.
    async fn paired(
        ann: &mut Client,
        bob: &mut ::tests::Client,
        seen: &mut Vec<String>,
    ) -> MatchId {
        ann.send(ClientMsg::SeekCreate {
            settings: MatchSettings::default(),
            private: false,
            rating_range: None,
        })
        .await
        .expect("send");
        let seek = until(ann, seen, |msg, _| match msg {
            ServerMsg::SeekCreated { seek, .. } => Some(seek.seek_id),
            _ => None,
        })
        .await;
        let id = bob
            .request(json!({"type": "seek_accept", "seek_id": seek}))
            .await;
        bob.reply(id).await;
        until(ann, seen, |msg, model| match msg {
            ServerMsg::GameStarted { match_id, .. } if model.matches.contains_key(match_id) => {
                Some(*match_id)
            }
            _ => None,
        })
        .await
    }

    /// Whoever is to move plays the first move, and ann's client hears it.
    async fn first_move_is_played(
        ann: &mut Client,
        bob: &mut ::tests::Client,
        seen: &mut Vec<String>,
        match_id: MatchId,
    ) {
        let view = &ann.model.matches[&match_id];
        let house = view.legal_houses()[0];
        let (game, ply) = (view.game, view.ply + 1);
        if view.to_move == view.me {
            let request = ClientMsg::Move {
                match_id,
                game,
                ply,
                house,
            };
            ann.send(request).await.expect("send");
        } else {
            bob.send(json!({"type": "move", "match_id": match_id, "game": game, "ply": ply, "house": house}))
                .await;
        }
        until(ann, seen, |msg, _| {
            matches!(msg, ServerMsg::MovePlayed { ply: 1, .. }).then_some(())
        })
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn across_a_server_restart_the_client_comes_back_under_a_fast_tick_and_plays_on() {
        let dir = tempfile::tempdir().expect("a directory");
        let config = || server::Config {
            database: dir.path().join("m.sqlite3").display().to_string(),
            ..server::Config::default()
        };
        let first = ::tests::TestServer::with_config(config()).await;
        let addr = first.addr;
        let mut ann = Client::connect(&format!("ws://{addr}/ws"), "ann", None)
            .await
            .expect("ann signs in");
        let mut bob = ::tests::Client::join(&first, "bob").await;
        let mut seen = Vec::new();
        let match_id = paired(&mut ann, &mut bob, &mut seen).await;
        let bob_token = bob.token.clone();
        assert!(first.stop().await, "a clean stop");
        let second = ::tests::TestServer::on(addr, config()).await;
        // Ann's client comes back by itself and hears the restart.
        until(&mut ann, &mut seen, |msg, _| {
            matches!(msg, ServerMsg::ServerRestarted { .. }).then_some(())
        })
        .await;
        assert!(seen.contains(&"reconnected".to_owned()), "{seen:?}");
        let (mut bob, _) = ::tests::Client::rejoin(&second, &bob_token).await;
        let id = bob
            .request(json!({"type": "resume", "match_id": match_id, "last_version": 0}))
            .await;
        bob.reply(id).await;
        // Play goes on from where it was.
        first_move_is_played(&mut ann, &mut bob, &mut seen, match_id).await;
        ann.close().await;
        second.stop().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_cut_connection_comes_back_by_itself_under_a_fast_tick_and_play_goes_on() {
        let server = ::tests::TestServer::start().await;
        let (relay_addr, cut) = relay(server.addr).await;
        let mut ann = Client::connect(&format!("ws://{relay_addr}/ws"), "ann", None)
            .await
            .expect("ann signs in");
        let mut bob = ::tests::Client::join(&server, "bob").await;
        let mut seen = Vec::new();
        let match_id = paired(&mut ann, &mut bob, &mut seen).await;

        cut.notify_waiters();
        // Back: the match is caught up (resumed from the version ann saw).
        until(&mut ann, &mut seen, |msg, _| {
            matches!(
                msg,
                ServerMsg::Resumed { .. } | ServerMsg::MatchSnapshot { .. }
            )
            .then_some(())
        })
        .await;
        // And she hears what is said now.
        let id = bob
            .request(json!({"type": "chat", "match_id": match_id, "text": "still there?"}))
            .await;
        bob.reply(id).await;
        until(&mut ann, &mut seen, |msg, _| {
            matches!(msg, ServerMsg::ChatMessage { text, .. } if text == "still there?")
                .then_some(())
        })
        .await;
        assert_eq!(
            seen.first().map(String::as_str),
            Some("reconnecting 1"),
            "{seen:?}"
        );
        assert!(seen.contains(&"reconnected".to_owned()), "{seen:?}");

        // Play goes on: whoever is to move plays, and ann's client hears it
        // (its own move comes back as move_played too).
        first_move_is_played(&mut ann, &mut bob, &mut seen, match_id).await;
        ann.close().await;
        server.stop().await;
    }

    #[test]
    fn reconnection_waits_double_up_to_five_seconds_with_half_of_each_random() {
        assert_eq!(backoff(0, 0.0), Duration::from_millis(125));
        assert_eq!(backoff(0, 1.0), Duration::from_millis(250));
        assert_eq!(backoff(2, 0.5), Duration::from_millis(750));
        assert_eq!(backoff(9, 0.0), Duration::from_millis(2500));
        assert_eq!(backoff(9, 1.0), Duration::from_secs(5));
    }
}
