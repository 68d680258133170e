//! The end-to-end test harness: a server on port 0 and typed clients that
//! speak the real protocol over real sockets.
//!
//! Nothing here sleeps to synchronise: a client waits for the message it
//! expects, with a timeout, and keeps the ones it skipped for later calls.

use futures_util::{SinkExt, StreamExt};
use protocol::rules::{Board, Game, Move, Position, Ruleset};
use protocol::wire::{
    ErrorCode, MatchEndReason, MatchId, PROTOCOL_VERSION, PlayerId, Seat, SeekInfo, ServerMsg,
};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use server::Config;

mod backing;
mod daemon;
mod journal;
mod nginx;
mod postgres;
mod process;
mod redis;
pub use backing::Backing;
pub use journal::{NODE, TestJournal};
pub use nginx::Nginx;
pub use postgres::Postgres;
pub use process::ServerProcess;
pub use redis::Redis;

/// How long any expected message may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// A server running in this process on a free port.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl TestServer {
    /// A server with the default settings.
    pub async fn start() -> TestServer {
        TestServer::with_config(Config::default()).await
    }

    /// A server with these settings.
    pub async fn with_config(config: Config) -> TestServer {
        TestServer::on("127.0.0.1:0".parse().expect("an address"), config).await
    }

    /// A server with these settings listening on `addr` (port 0: any free
    /// port), for a test that starts a server again where the last one was.
    pub async fn on(addr: SocketAddr, config: Config) -> TestServer {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .expect("bind the address");
        let addr = listener.local_addr().expect("local address");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let shutdown = async {
                let _ = stopped.await;
            };
            server::run(listener, config, shutdown)
                .await
                .expect("server runs");
        });
        TestServer {
            addr,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// A server that the test runs itself, at `addr` (`stop` does nothing).
    pub fn at(addr: SocketAddr) -> TestServer {
        TestServer {
            addr,
            stop: None,
            task: None,
        }
    }

    /// A server on a manual clock that the test moves, the rest of its
    /// settings from `base`. The connection timeouts (hello, silence, the
    /// HTTP head) are set to a year so that a test that jumps days ahead
    /// keeps its clients; a test of those timeouts sets them in `base`'s
    /// place afterwards with [`TestServer::with_clock`].
    pub async fn with_manual_clock(base: Config) -> (TestServer, Arc<server::ManualClock>) {
        const YEAR: u64 = 365 * 24 * 60 * 60 * 1000;
        TestServer::with_clock(Config {
            hello_timeout_ms: YEAR,
            idle_timeout_ms: YEAR,
            handshake_timeout_ms: YEAR,
            ..base
        })
        .await
    }

    /// A server on a manual clock with exactly the settings of `base`.
    pub async fn with_clock(base: Config) -> (TestServer, Arc<server::ManualClock>) {
        let (clock, manual) = server::ManualClock::new();
        let server = TestServer::with_config(Config { clock, ..base }).await;
        (server, manual)
    }

    /// The WebSocket URL.
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// A plain HTTP GET; the whole response, head and body.
    pub async fn http_get(&self, path: &str) -> String {
        self.http_get_with(path, "").await
    }

    /// `GET path` of a JSON answer: its status code and its body.
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = self.http_get(path).await;
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        let body = response.split("\r\n\r\n").nth(1).unwrap_or("");
        let body = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {response}"));
        (status, body)
    }

    /// `GET path` with more header lines (each ending in `\r\n`): the whole
    /// response as text.
    pub async fn http_get_with(&self, path: &str, headers: &str) -> String {
        let mut stream = TcpStream::connect(self.addr).await.expect("connect");
        stream
            .write_all(
                format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{headers}\r\n")
                    .as_bytes(),
            )
            .await
            .expect("write");
        let mut response = String::new();
        tokio::time::timeout(WAIT, stream.read_to_string(&mut response))
            .await
            .expect("an HTTP answer in time")
            .expect("read");
        response
    }

    /// The value of the metric written exactly as `series` (a name, with
    /// labels if it has any) in `GET /metrics`; 0 when it is not there.
    pub async fn metric(&self, series: &str) -> f64 {
        metric_value(&self.http_get("/metrics").await, series)
    }

    /// Wait until the metric `series` satisfies `pred`; its value. The
    /// server updates its gauges as connections wind down, so a test that
    /// checks nothing leaked asks again until they settle (or time runs out).
    pub async fn settled_metric(&self, series: &str, pred: impl Fn(f64) -> bool) -> f64 {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let value = self.metric(series).await;
            if pred(value) {
                return value;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{series} stayed at {value}"
            );
            // Polling a gauge: the pause only spaces the questions out.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Shut the server down and wait for it; whether it finished in time.
    pub async fn stop(mut self) -> bool {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.task.take() {
            Some(task) => tokio::time::timeout(WAIT, task).await.is_ok(),
            None => true,
        }
    }
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A test client.
pub struct Client {
    ws: Socket,
    backlog: VecDeque<ServerMsg>,
    /// Set by [`Client::join`].
    pub player_id: PlayerId,
    /// Set by [`Client::join`].
    pub name: String,
    /// Set by [`Client::join`].
    pub token: String,
    next_id: u64,
}

impl Client {
    /// A client over an already connected WebSocket.
    fn from_socket(ws: Socket) -> Client {
        Client {
            ws,
            backlog: VecDeque::new(),
            player_id: PlayerId(0),
            name: String::new(),
            token: String::new(),
            next_id: 1,
        }
    }

    /// Connect without saying hello.
    pub async fn connect(server: &TestServer) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(server.url())
            .await
            .expect("websocket connects");
        Client::from_socket(ws)
    }

    /// Connect without saying hello from the loopback address `ip` (any
    /// 127.x.y.z on Linux): for budgets kept per address.
    pub async fn connect_from(server: &TestServer, ip: std::net::Ipv4Addr) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket
            .bind(SocketAddr::from((ip, 0)))
            .expect("bind a loopback address");
        let stream = socket.connect(server.addr).await.expect("connect");
        let (ws, _) = tokio_tungstenite::client_async(server.url(), MaybeTlsStream::Plain(stream))
            .await
            .expect("websocket connects");
        Client::from_socket(ws)
    }

    /// Connect without saying hello, over a socket whose receive buffer is
    /// as small as the system allows: a client that stops reading fills the
    /// server's side quickly.
    pub async fn connect_with_small_window(server: &TestServer) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket.set_recv_buffer_size(1024).expect("a small buffer");
        let stream = socket.connect(server.addr).await.expect("connect");
        let (ws, _) = tokio_tungstenite::client_async(server.url(), MaybeTlsStream::Plain(stream))
            .await
            .expect("websocket connects");
        Client::from_socket(ws)
    }

    /// Sign in as a new player `name` on a connection made without hello.
    pub async fn hello(&mut self, name: &str) {
        self.send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": name}))
            .await;
        self.welcome().await;
    }

    /// Connect and sign in as a new player `name`.
    pub async fn join(server: &TestServer, name: &str) -> Client {
        let mut client = Client::connect(server).await;
        client.hello(name).await;
        client
    }

    /// Connect and sign in again with a token; the client and its `welcome`.
    pub async fn rejoin(server: &TestServer, token: &str) -> (Client, ServerMsg) {
        let mut client = Client::connect(server).await;
        client
            .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "x", "token": token}))
            .await;
        let welcome = client.welcome().await;
        (client, welcome)
    }

    async fn welcome(&mut self) -> ServerMsg {
        let welcome = self
            .expect("welcome", |m| matches!(m, ServerMsg::Welcome { .. }))
            .await;
        match &welcome {
            ServerMsg::Welcome {
                player_id,
                name,
                token,
                ..
            } => {
                self.player_id = *player_id;
                self.name = name.clone();
                self.token = token.clone();
            }
            other => panic!("expected welcome, got {other:?}"),
        }
        welcome
    }

    /// Put `messages` back, in order, before everything not yet read: a
    /// test that looked at them hands them on to the next reader.
    pub fn requeue(&mut self, messages: Vec<ServerMsg>) {
        for message in messages.into_iter().rev() {
            self.backlog.push_front(message);
        }
    }

    /// Watch `match_id`: its snapshot (once per connection; the match's
    /// events follow).
    pub async fn watch_snapshot(&mut self, match_id: MatchId) -> protocol::wire::MatchSnapshot {
        let id = self
            .request(json!({"type": "watch", "match_id": match_id}))
            .await;
        match self.reply(id).await {
            ServerMsg::MatchSnapshot { snapshot, .. } => *snapshot,
            other => panic!("expected a snapshot, got {other:?}"),
        }
    }

    /// Resume `match_id` after `last_version`: every event that follows, in
    /// order and each once (asserted), up to `resumed`.
    pub async fn resume_after(&mut self, match_id: MatchId, last_version: u64) -> Vec<ServerMsg> {
        let id = self
            .request(json!({"type": "resume", "match_id": match_id, "last_version": last_version}))
            .await;
        let mut events = Vec::new();
        loop {
            let msg = self
                .expect("an event or resumed", |m| {
                    event_version(m).is_some_and(|(m, _)| m == match_id)
                        || matches!(m, ServerMsg::Resumed { .. })
                })
                .await;
            if let ServerMsg::Resumed { version, .. } = msg {
                assert_eq!(reply_id(&msg), Some(id));
                let versions: Vec<u64> = events
                    .iter()
                    .filter_map(|e| event_version(e).map(|(_, v)| v))
                    .collect();
                let expected: Vec<u64> = (last_version + 1..=version).collect();
                assert_eq!(versions, expected, "each missed event once, in order");
                return events;
            }
            events.push(msg);
        }
    }

    /// Sign in again with `token` after a restart and resume `match_id`
    /// after `last_version`, the missed events left to be read next.
    pub async fn rejoin_resumed(
        server: &TestServer,
        token: &str,
        match_id: MatchId,
        last_version: u64,
    ) -> Client {
        let (mut client, _) = Client::rejoin(server, token).await;
        let missed = client.resume_after(match_id, last_version).await;
        client.requeue(missed);
        client
    }

    /// Send a JSON message.
    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    /// Send a JSON message with a fresh request id; returns the id.
    pub async fn request(&mut self, mut message: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        message["id"] = json!(id);
        self.send(message).await;
        id
    }

    /// Send raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text))
            .await
            .expect("send a frame");
    }

    /// Send raw text if the connection still takes it; whether it did.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text)).await.is_ok()
    }

    /// Send a binary frame if the connection still takes it; whether it did.
    pub async fn try_send_binary(&mut self, bytes: Vec<u8>) -> bool {
        self.ws.send(Message::binary(bytes)).await.is_ok()
    }

    /// Send a WebSocket ping if the connection still takes it; whether it
    /// did. Fed without a flush, so that a flood goes out as fast as the
    /// socket takes it; [`Client::flush`] pushes it out.
    pub async fn try_feed_ping(&mut self) -> bool {
        self.ws
            .feed(Message::Ping(Default::default()))
            .await
            .is_ok()
    }

    /// Push out what was fed; whether the connection took it.
    pub async fn flush(&mut self) -> bool {
        self.ws.flush().await.is_ok()
    }

    /// Send one raw WebSocket frame (masked as a client's), whatever it
    /// says: for frames that break the protocol.
    pub async fn try_send_frame(
        &mut self,
        frame: tokio_tungstenite::tungstenite::protocol::frame::Frame,
    ) -> bool {
        self.ws.send(Message::Frame(frame)).await.is_ok()
    }

    /// Send a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::binary(bytes))
            .await
            .expect("send a frame");
    }

    /// The next message from the socket (not the backlog).
    async fn read(&mut self, what: &str) -> ServerMsg {
        // One deadline for the whole wait: pings must not keep it alive.
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("{}: timed out waiting for {what}", self.name));
            match next {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("server sent unreadable {text}: {e}"));
                }
                Some(Ok(Message::Close(frame))) => {
                    panic!("{}: closed ({frame:?}) while waiting for {what}", self.name)
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => panic!("{}: socket error {e} while waiting for {what}", self.name),
                None => panic!("{}: connection ended while waiting for {what}", self.name),
            }
        }
    }

    /// The next message in arrival order: the oldest skipped one, else the
    /// next from the socket.
    pub async fn next_message(&mut self, what: &str) -> ServerMsg {
        match self.backlog.pop_front() {
            Some(msg) => msg,
            None => self.read(what).await,
        }
    }

    /// Wait for the first message (skipped ones included) that `pred` accepts.
    pub async fn expect(&mut self, what: &str, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        if let Some(index) = self.backlog.iter().position(&pred)
            && let Some(msg) = self.backlog.remove(index)
        {
            return msg;
        }
        loop {
            let msg = self.read(what).await;
            if pred(&msg) {
                return msg;
            }
            self.backlog.push_back(msg);
        }
    }

    /// Wait until a message that `pred` accepts has arrived, leaving it (and
    /// everything before it) for later `expect`s; returns a copy.
    pub async fn wait_for(&mut self, what: &str, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        if let Some(found) = self.backlog.iter().find(|m| pred(m)) {
            return found.clone();
        }
        loop {
            let msg = self.read(what).await;
            self.backlog.push_back(msg.clone());
            if pred(&msg) {
                return msg;
            }
        }
    }

    /// Wait for an error with `code`; returns its message.
    pub async fn expect_error(&mut self, code: ErrorCode) -> String {
        match self
            .expect(
                code.as_str(),
                |m| matches!(m, ServerMsg::Error { code: c, .. } if *c == code),
            )
            .await
        {
            ServerMsg::Error { message, .. } => message,
            _ => unreachable!(),
        }
    }

    /// Wait for the reply to request `id`.
    pub async fn reply(&mut self, id: u64) -> ServerMsg {
        self.expect(&format!("reply to request {id}"), |m| {
            reply_id(m) == Some(id)
        })
        .await
    }

    /// Wait for the server to close the connection; its close frame.
    /// Messages that arrive first are kept for later `expect`s.
    pub async fn closed(&mut self) -> Option<CloseFrame> {
        match self.expect_or_close("a close", |_| false).await {
            Err(frame) => frame,
            Ok(msg) => unreachable!("no message is wanted, got {msg:?}"),
        }
    }

    /// Read until an error with `code` arrives (`Ok`) or the server closes
    /// the connection (`Err` with its close frame, if it sent one).
    pub async fn closed_or_error(&mut self, code: ErrorCode) -> Result<(), Option<CloseFrame>> {
        self.expect_or_close(
            &format!("{code:?}"),
            |m| matches!(m, ServerMsg::Error { code: c, .. } if *c == code),
        )
        .await
        .map(drop)
    }

    /// Read until the reply to request `id` arrives (`Ok`) or the server
    /// closes the connection (`Err` with its close frame, if it sent one).
    pub async fn reply_or_close(&mut self, id: u64) -> Result<ServerMsg, Option<CloseFrame>> {
        self.expect_or_close(&format!("reply to request {id}"), |m| {
            reply_id(m) == Some(id)
        })
        .await
    }

    /// Like [`Client::expect`], but a close (or a dead socket: `Err(None)`)
    /// ends the wait instead of failing the test.
    pub async fn expect_or_close(
        &mut self,
        what: &str,
        pred: impl Fn(&ServerMsg) -> bool,
    ) -> Result<ServerMsg, Option<CloseFrame>> {
        if let Some(index) = self.backlog.iter().position(&pred)
            && let Some(msg) = self.backlog.remove(index)
        {
            return Ok(msg);
        }
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .unwrap_or_else(|_| {
                    panic!("{}: timed out waiting for {what} or a close", self.name)
                });
            match next {
                Some(Ok(Message::Close(frame))) => return Err(frame),
                Some(Ok(Message::Text(text))) => {
                    let msg: ServerMsg = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("server sent unreadable {text}: {e}"));
                    if pred(&msg) {
                        return Ok(msg);
                    }
                    self.backlog.push_back(msg);
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(None),
            }
        }
    }

    /// Whether a skipped message (read but not yet expected) matches `pred`.
    pub fn has_seen(&self, pred: impl Fn(&ServerMsg) -> bool) -> bool {
        self.backlog.iter().any(pred)
    }

    /// How many skipped messages match `pred`.
    pub fn backlog_count(&self, pred: impl Fn(&ServerMsg) -> bool) -> usize {
        self.backlog.iter().filter(|m| pred(m)).count()
    }

    /// Forget skipped messages.
    pub fn clear_backlog(&mut self) {
        self.backlog.clear();
    }

    /// Close the connection from this side.
    pub async fn leave(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The value of `series` in a Prometheus text exposition; 0 when absent.
pub fn metric_value(exposition: &str, series: &str) -> f64 {
    exposition
        .lines()
        .filter_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .find_map(|value| value.trim().parse().ok())
        .unwrap_or(0.0)
}

/// Count panics on this thread from now on, the server's tasks included
/// (tokio would otherwise swallow a panicking connection task): a
/// `#[tokio::test]` runs its server on its own thread. Read the count with
/// [`panics_seen`].
pub fn count_panics() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.with(|count| count.set(count.get() + 1));
            previous(info);
        }));
    });
}

thread_local! {
    static PANICS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Panics seen on this thread since [`count_panics`] was first called.
pub fn panics_seen() -> usize {
    PANICS.with(std::cell::Cell::get)
}

/// The request id a reply echoes, if it is a number.
pub fn reply_id(msg: &ServerMsg) -> Option<u64> {
    match msg.request_id() {
        Some(protocol::wire::RequestId::Number(n)) => Some(*n),
        _ => None,
    }
}

/// The match and version of a match event.
pub fn event_version(msg: &ServerMsg) -> Option<(MatchId, u64)> {
    msg.match_event()
}

/// Wait for `client`'s `match_started`; returns the match and seat players.
pub async fn match_started(client: &mut Client) -> (MatchId, [PlayerId; 2]) {
    match client
        .expect("match_started", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await
    {
        ServerMsg::MatchStarted {
            match_id, players, ..
        } => (match_id, [players[0].id, players[1].id]),
        _ => unreachable!(),
    }
}

/// `client` sets a password on his name (a tournament's director needs
/// one), answered `ok`.
pub async fn protect(client: &mut Client) {
    let id = client
        .request(json!({"type": "set_password", "password": "correct horse battery"}))
        .await;
    let answer = client.reply(id).await;
    assert!(
        matches!(answer, ServerMsg::Ok { .. }),
        "{} protects his name: {answer:?}",
        client.name
    );
}

/// Wait until `client` is told the server resumed `live` on his behalf
/// (`resumed` without an id, as after his match's node stopped); what came
/// before it is left for the driver.
pub async fn resumed_for_him(client: &mut Client, live: MatchId) {
    client
        .wait_for(
            "resumed on his behalf",
            |m| matches!(m, ServerMsg::Resumed { id: None, match_id, .. } if *match_id == live),
        )
        .await;
}

/// `client` enters tournament `id` (answered `ok`).
pub async fn tournament_enter(client: &mut Client, id: protocol::wire::TournamentId) {
    let asked = client
        .request(json!({"type": "tournament_join", "tournament_id": id}))
        .await;
    let answer = client.reply(asked).await;
    assert!(
        matches!(answer, ServerMsg::Ok { .. }),
        "{} enters: {answer:?}",
        client.name
    );
}

/// `client` follows tournament `id`: the tournament as the answer shows it.
pub async fn tournament_follow(
    client: &mut Client,
    id: protocol::wire::TournamentId,
) -> protocol::wire::TournamentView {
    let asked = client
        .request(json!({"type": "tournament_watch", "tournament_id": id}))
        .await;
    match client.reply(asked).await {
        ServerMsg::Tournament { tournament, .. } => *tournament,
        other => panic!("{}: not the tournament: {other:?}", client.name),
    }
}

/// The next `tournament` update `client` hears that `pred` accepts (a
/// tournament it follows changes in steps: entries, pairings, each board's
/// start and result, the next round's time).
pub async fn tournament_update(
    client: &mut Client,
    what: &str,
    pred: impl Fn(&protocol::wire::TournamentView) -> bool,
) -> protocol::wire::TournamentView {
    match client
        .expect(
            what,
            |m| matches!(m, ServerMsg::Tournament { tournament, .. } if pred(tournament)),
        )
        .await
    {
        ServerMsg::Tournament { tournament, .. } => *tournament,
        _ => unreachable!(),
    }
}

/// What a played-out match ended with.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchOutcome {
    /// Why it ended.
    pub reason: MatchEndReason,
    /// Final points per seat.
    pub points: [f64; 2],
    /// The winning seat.
    pub winner: Option<Seat>,
    /// Points added up game by game from the `game_ended` events.
    pub points_from_games: [f64; 2],
    /// The final board of the last game.
    pub last_position: protocol::rules::Board,
    /// Games that ended.
    pub games: usize,
    /// Each game's winning seat (`None`: a draw), in order.
    pub game_winners: Vec<Option<Seat>>,
    /// The rating changes `match_ended` carried, by seat (rated matches).
    pub ratings: Option<[protocol::wire::RatingChange; 2]>,
    /// The last event version.
    pub version: u64,
}

impl MatchOutcome {
    /// The same outcome with the seats swapped: what the match gives when
    /// the other seat was drawn to move first.
    pub fn mirrored(&self) -> MatchOutcome {
        let swap = |[a, b]: [f64; 2]| [b, a];
        MatchOutcome {
            points: swap(self.points),
            points_from_games: swap(self.points_from_games),
            winner: self.winner.map(Seat::opponent),
            game_winners: self
                .game_winners
                .iter()
                .map(|w| w.map(Seat::opponent))
                .collect(),
            ratings: self.ratings.map(|[a, b]| [b, a]),
            ..self.clone()
        }
    }
}

/// A way to pick a move: the position and a counter that changes every call.
pub type Chooser = fn(&Position, u64) -> Move;

/// The lowest legal house.
pub fn lowest(position: &Position, _: u64) -> Move {
    position.legal_moves().nth(0).expect("a legal move")
}

/// A legal house picked by a mixing of the counter: varied but reproducible games.
pub fn varied(position: &Position, n: u64) -> Move {
    let legal = position.legal_moves();
    let mixed = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
    legal
        .nth(mixed as usize % legal.len())
        .expect("a legal move")
}

/// Plays a match out over two clients, and can stop and resume.
pub struct Driver {
    match_id: MatchId,
    ruleset: protocol::rules::Ruleset,
    choose: Chooser,
    version: u64,
    game: Option<(u8, Game)>,
    to_move: Option<Seat>,
    points_from_games: [f64; 2],
    games: usize,
    game_winners: Vec<Option<Seat>>,
    counter: u64,
    last_position: Option<protocol::rules::Board>,
    accepted: Vec<(u8, u8)>,
    repeats: bool,
    first_mover: Option<Seat>,
}

impl Driver {
    /// A driver for `match_id`, whose `match_started` (version 1) both
    /// clients have already read.
    pub fn new(match_id: MatchId, ruleset: protocol::rules::Ruleset, choose: Chooser) -> Driver {
        Driver {
            match_id,
            ruleset,
            choose,
            version: 1,
            game: None,
            to_move: None,
            points_from_games: [0.0; 2],
            games: 0,
            game_winners: Vec::new(),
            counter: match_id.0,
            last_position: None,
            accepted: Vec::new(),
            repeats: false,
            first_mover: None,
        }
    }

    /// After each accepted move, send it again (which must be acknowledged
    /// as a duplicate and not played) and send the same ply with another
    /// house (which must be refused as stale): a client that repeats itself.
    pub fn with_repeats(mut self) -> Driver {
        self.repeats = true;
        self
    }

    /// The match it plays.
    pub fn match_id(&self) -> MatchId {
        self.match_id
    }

    /// Who moved first in the first game (drawn by the server), once known.
    pub fn first_mover(&self) -> Option<Seat> {
        self.first_mover
    }

    /// Every move the server accepted from this driver, as (game, house), in order.
    pub fn accepted_moves(&self) -> &[(u8, u8)] {
        &self.accepted
    }

    /// The last event version read.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Take up from a snapshot (after a client missed more than the history):
    /// the current game is rebuilt from its moves, and the seat to move moves.
    pub async fn resync(
        &mut self,
        seats: [&mut Client; 2],
        snapshot: &protocol::wire::MatchSnapshot,
    ) {
        self.version = snapshot.version;
        self.to_move = snapshot.to_move;
        self.game = snapshot.games.last().map(|g| {
            let mut game = Game::new(self.ruleset);
            for &house in &g.moves {
                game.play(Move::from_number(house.into()).expect("house"))
                    .expect("the snapshot's moves are legal");
            }
            (g.game, game)
        });
        self.act(seats).await;
    }

    /// If a seat is to move, make its move and wait for the acknowledgement.
    async fn act(&mut self, seats: [&mut Client; 2]) {
        let clients = seats;
        if let (Some(seat), Some((number, g))) = (self.to_move, &self.game) {
            self.counter += 1;
            let mv = (self.choose)(g.position(), self.counter);
            let ply = g.moves().len() as u32 + 1;
            let number = *number;
            let match_id = self.match_id;
            let client = &mut *clients[seat.index()];
            let send = json!({"type": "move", "match_id": match_id, "game": number, "ply": ply, "house": mv.number()});
            let id = client.request(send.clone()).await;
            match client.reply(id).await {
                ServerMsg::MoveAccepted { duplicate, .. } => assert!(!duplicate),
                // Unanswered where it went (the node serving the match
                // stopped): sent again, as a client does, it is played once.
                ServerMsg::Error {
                    code: ErrorCode::Unavailable,
                    ..
                } => {
                    let id = client.request(send).await;
                    match client.reply(id).await {
                        ServerMsg::MoveAccepted { .. } => {}
                        other => panic!("a move sent again refused: {other:?}"),
                    }
                }
                other => panic!("move refused: {other:?}"),
            }
            self.accepted.push((number, mv.number()));
            if self.repeats {
                let again = client
                    .request(json!({"type": "move", "match_id": match_id, "game": number, "ply": ply, "house": mv.number()}))
                    .await;
                match client.reply(again).await {
                    ServerMsg::MoveAccepted { duplicate, .. } => {
                        assert!(duplicate, "a repeated move is a duplicate")
                    }
                    other => panic!("a repeated move was refused: {other:?}"),
                }
                let other_house = if mv.number() == 1 { 2 } else { 1 };
                let stale = client
                    .request(json!({"type": "move", "match_id": match_id, "game": number, "ply": ply, "house": other_house}))
                    .await;
                // After the move that ended the match, any move is too late.
                match client.reply(stale).await {
                    ServerMsg::Error {
                        code: ErrorCode::StalePly | ErrorCode::MatchOver,
                        ..
                    } => {}
                    other => panic!("a stale move got {other:?}"),
                }
            }
        }
    }

    /// Read events on both seats' clients (`seats[0]` is seat 0's), which
    /// must see the same ones in version order, and answer for the seat to
    /// move, until the match ends (`Some`) or event `until` has been handled
    /// (`None`; its answering move may already be sent).
    pub async fn run(
        &mut self,
        seats: [&mut Client; 2],
        until: Option<u64>,
    ) -> Option<MatchOutcome> {
        let mut clients = seats;
        let match_id = self.match_id;
        loop {
            let want = self.version + 1;
            let pred = move |m: &ServerMsg| event_version(m) == Some((match_id, want));
            let event = clients[0].expect(&format!("event {want}"), pred).await;
            let twin = clients[1].expect(&format!("event {want}"), pred).await;
            assert_eq!(event, twin, "both players see the same event {want}");
            self.version = want;
            // Only a new game or a move changes who is to move.
            let turn_changed = matches!(
                event,
                ServerMsg::GameStarted { .. } | ServerMsg::MovePlayed { .. }
            );
            match event {
                ServerMsg::GameStarted { game, first, .. } => {
                    self.first_mover.get_or_insert(first);
                    self.game = Some((game, Game::new(self.ruleset)));
                    self.to_move = Some(first);
                }
                ServerMsg::MovePlayed {
                    house,
                    position,
                    next,
                    ..
                } => {
                    let (_, g) = self.game.as_mut().expect("a game is running");
                    g.play(Move::from_number(house.into()).expect("house"))
                        .expect("the server's move is legal here too");
                    assert_eq!(g.position().board(), position, "same board as the server");
                    self.last_position = Some(position);
                    self.to_move = next;
                }
                ServerMsg::GameEnded { outcome, .. } => {
                    self.games += 1;
                    self.game_winners.push(outcome.winner);
                    match outcome.winner {
                        Some(seat) => self.points_from_games[seat.index()] += 1.0,
                        None => {
                            self.points_from_games[0] += 0.5;
                            self.points_from_games[1] += 0.5;
                        }
                    }
                    self.to_move = None;
                }
                ServerMsg::MatchEnded {
                    reason,
                    points,
                    winner,
                    ratings,
                    ..
                } => {
                    let last_position = self
                        .last_position
                        .clone()
                        .or_else(|| self.game.as_ref().map(|(_, g)| g.position().board()));
                    return Some(MatchOutcome {
                        reason,
                        points,
                        winner,
                        points_from_games: self.points_from_games,
                        last_position: last_position.expect("a game was played"),
                        games: self.games,
                        game_winners: std::mem::take(&mut self.game_winners),
                        ratings,
                        version: self.version,
                    });
                }
                _ => {}
            }
            if turn_changed {
                let [a, b] = clients;
                self.act([&mut *a, &mut *b]).await;
                clients = [a, b];
            }
            if Some(self.version) == until {
                return None;
            }
        }
    }
}

/// Play a match from its start to its end.
pub async fn play_match(
    seats: [&mut Client; 2],
    match_id: MatchId,
    ruleset: protocol::rules::Ruleset,
    choose: Chooser,
) -> MatchOutcome {
    Driver::new(match_id, ruleset, choose)
        .run(seats, None)
        .await
        .expect("the match ends")
}

/// Sign new players in, one connection each, until the server refuses one:
/// on a database that cannot grow (`--database-max-bytes`) the sign-in that
/// no longer fits is refused with `unavailable`. Returns how many were
/// welcomed first, and the refused client (still connected).
pub async fn sign_in_until_refused(server: &TestServer, prefix: &str) -> (usize, Client) {
    for n in 0..10_000 {
        let mut client = Client::connect(server).await;
        client
            .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": format!("{prefix}{n}")}))
            .await;
        let answer = client
            .expect("welcome or error", |m| {
                matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
            })
            .await;
        match answer {
            ServerMsg::Welcome { .. } => {}
            ServerMsg::Error { code, .. } => {
                assert_eq!(code, ErrorCode::Unavailable, "a full database says so");
                return (n, client);
            }
            _ => unreachable!(),
        }
    }
    panic!("10,000 players fitted in a database that was to be full");
}

/// Default settings but a journal in `dir` (a file named `name`), for a
/// test that stops the server and starts it again on the same data.
pub fn on_disk(dir: &std::path::Path, name: &str) -> Config {
    Config {
        database: dir.join(name).display().to_string(),
        ..Config::default()
    }
}

/// `seeker` opens a public seek with `settings` and `other` takes it; both
/// have read `match_started`.
pub async fn seek_taken(seeker: &mut Client, other: &mut Client, settings: Value) -> MatchId {
    let id = seeker
        .request(json!({"type": "seek_create", "settings": settings}))
        .await;
    let seek = match seeker.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    };
    other
        .send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let (match_id, _) = match_started(seeker).await;
    match_started(other).await;
    match_id
}

/// `client` opens a private seek with `settings`: the seek and its code.
pub async fn private_seek(client: &mut Client, settings: Value) -> (SeekInfo, String) {
    let id = client
        .request(json!({"type": "seek_create", "private": true, "settings": settings}))
        .await;
    match client.reply(id).await {
        ServerMsg::SeekCreated {
            seek,
            code: Some(code),
            ..
        } => (seek, code),
        other => panic!("a private seek with its code: {other:?}"),
    }
}

/// Two new players, `names[0]` and `names[1]`, in a match by a public seek
/// with `settings`: the first is seat 0. Both have read `match_started`.
pub async fn seek_match(
    server: &TestServer,
    names: [&str; 2],
    settings: Value,
) -> (Client, Client, MatchId) {
    let mut a = Client::join(server, names[0]).await;
    let mut b = Client::join(server, names[1]).await;
    let match_id = seek_taken(&mut a, &mut b, settings).await;
    (a, b, match_id)
}

/// Wait for `game_started` of game `game`; who moves first, and the clocks.
pub async fn game_started(client: &mut Client, game: u8) -> (Seat, Option<protocol::wire::Clocks>) {
    match client
        .expect(
            "game_started",
            move |m| matches!(m, ServerMsg::GameStarted { game: g, .. } if *g == game),
        )
        .await
    {
        ServerMsg::GameStarted { first, clocks, .. } => (first, clocks),
        _ => unreachable!(),
    }
}

/// A spectator's view of a whole match: `watch` it, then read its events in
/// version order (each exactly once) until it ends. Returns every move it
/// saw, as (game, house), from the snapshot and the events together.
pub async fn watch_to_the_end(client: &mut Client, match_id: MatchId) -> Vec<(u8, u8)> {
    let id = client
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    let snapshot = match client.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => snapshot,
        other => panic!("expected the match's snapshot, got {other:?}"),
    };
    let mut moves: Vec<(u8, u8)> = snapshot
        .games
        .iter()
        .flat_map(|g| g.moves.iter().map(move |&house| (g.game, house)))
        .collect();
    if snapshot.ended.is_some() {
        return moves;
    }
    let mut version = snapshot.version;
    loop {
        let want = version + 1;
        let event = client
            .expect(&format!("event {want} as a spectator"), move |m| {
                event_version(m) == Some((match_id, want))
            })
            .await;
        version = want;
        match event {
            ServerMsg::MovePlayed { game, house, .. } => moves.push((game, house)),
            ServerMsg::MatchEnded { .. } => return moves,
            _ => {}
        }
    }
}

/// Play `me`'s side of `match_id` (his lowest legal house) until the match
/// ends (completed), or until he has made `my_moves` moves if given: the
/// number of moves the other side made, each checked legal by the rules
/// (a match against a computer player), and whether the match ended. A
/// snapshot (after a `resume` that went further back than the history)
/// picks the game up where it stands.
pub async fn play_against(
    client: &mut Client,
    match_id: MatchId,
    ruleset: Ruleset,
    me: Seat,
    my_moves: Option<usize>,
) -> (usize, bool) {
    let mut theirs = 0;
    let mut mine = 0;
    let mut before: Option<Board> = None;
    loop {
        if my_moves.is_some_and(|n| mine >= n) {
            return (theirs, false);
        }
        let msg = client
            .expect("the match goes on", |m| {
                matches!(
                    m,
                    ServerMsg::GameStarted { .. }
                        | ServerMsg::MovePlayed { .. }
                        | ServerMsg::MatchEnded { .. }
                        | ServerMsg::MatchSnapshot { .. }
                )
            })
            .await;
        let (game, ply, next, legal, position) = match msg {
            ServerMsg::MatchEnded { reason, .. } => {
                assert_eq!(reason, MatchEndReason::Completed);
                return (theirs, true);
            }
            ServerMsg::MatchSnapshot { snapshot, .. } => {
                let Some(current) = snapshot.games.last() else {
                    continue;
                };
                let ply = current.moves.len() as u32;
                (
                    current.game,
                    ply,
                    snapshot.to_move,
                    snapshot.legal,
                    snapshot.position,
                )
            }
            ServerMsg::GameStarted {
                game,
                first,
                legal,
                position,
                ..
            } => (game, 0, Some(first), legal, position),
            ServerMsg::MovePlayed {
                game,
                ply,
                seat,
                house,
                next,
                legal,
                position,
                ..
            } => {
                if seat != me {
                    theirs += 1;
                    if let Some(from) = before.take() {
                        let from = Position::from_board(ruleset, &from, None).expect("a position");
                        let mv = Move::from_number(i64::from(house)).expect("a house");
                        assert!(
                            from.legal_moves().contains(mv),
                            "the opponent played a legal house"
                        );
                    }
                }
                (game, ply, next, legal, position)
            }
            _ => unreachable!(),
        };
        before = Some(position);
        if next == Some(me) {
            let house = legal[0];
            client
                .send(json!({"type": "move", "match_id": match_id.0, "game": game, "ply": ply + 1, "house": house}))
                .await;
            mine += 1;
        }
    }
}

/// The moves of a match as the archive answers it (`GET /api/matches/{id}`),
/// as (game, house), in order.
pub fn archived_moves(archived: &Value) -> Vec<(u8, u8)> {
    archived["games"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| {
            let game = g["game"].as_u64().unwrap_or(0) as u8;
            g["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .map(move |m| (game, m["house"].as_u64().unwrap_or(0) as u8))
        })
        .collect()
}

/// The clocks of the `server_restarted` event among `events` (a restart,
/// or a takeover by another node), if there is one with clocks.
pub fn restarted_clocks(events: &[ServerMsg]) -> Option<protocol::wire::Clocks> {
    events.iter().find_map(|e| match e {
        ServerMsg::ServerRestarted { clocks, .. } => *clocks,
        _ => None,
    })
}

/// The same clocks, the running one within the lag allowance (a snapshot
/// is taken a moment after the event it follows): the time a restart or a
/// takeover took was charged to nobody.
pub fn assert_same_clocks(
    before: Option<protocol::wire::Clocks>,
    after: Option<protocol::wire::Clocks>,
) {
    let (before, after) = (before.expect("clocks"), after.expect("clocks"));
    assert_eq!(before.running, after.running);
    for seat in 0..2 {
        let gap = before.remaining_ms[seat].abs_diff(after.remaining_ms[seat]);
        assert!(gap <= 500, "seat {seat}: {before:?} then {after:?}");
    }
}
