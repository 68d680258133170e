//! Attacks run beside the honest matches (`--attack KIND`), each at the
//! strength that once hurt the server (docs/RELIABILITY.md, "What a client
//! can make us spend"): the run then reports the honest players' round
//! trips and the server's memory and CPU while it went on. Every attacker
//! comes back when the server closes it, until the run ends.

use crate::wire::{self, Socket};
use crate::{Ctx, MatchBoard};
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{ClientMsg, MatchId, MatchSettings};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// An attack.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Attack {
    /// One connection sending WebSocket pings as fast as it can, never reading.
    Ping,
    /// 30 guests challenging computer-8 as fast as they may.
    Challenges,
    /// 96 connections setting their passwords over and over.
    Passwords,
    /// 4 pairs offering and declining draws as fast as they may.
    Offers,
    /// 8 clients asking for a depth-14 analysis of the honest match and hanging up.
    Analysis,
    /// 200 clients reading the honest match from the archive over and over.
    Archive,
    /// New guests from 30 addresses, each signing in once and leaving.
    Guests,
}

/// What the attackers did and what the server answered.
#[derive(Default, Serialize, Debug)]
pub struct AttackReport {
    /// Requests (or frames) sent.
    pub sent: u64,
    /// Answers that were refusals (`error` replies, HTTP 4xx/5xx).
    pub refused: u64,
    /// Answers that were what was asked for.
    pub served: u64,
    /// Times the server closed an attacker's connection.
    pub closed: u64,
}

#[derive(Default)]
struct Counts {
    sent: AtomicU64,
    refused: AtomicU64,
    served: AtomicU64,
    closed: AtomicU64,
}

impl Counts {
    fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn report(&self) -> AttackReport {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        AttackReport {
            sent: get(&self.sent),
            refused: get(&self.refused),
            served: get(&self.served),
            closed: get(&self.closed),
        }
    }
}

/// A running attack.
pub struct Attackers {
    tasks: tokio::task::JoinSet<()>,
    counts: Arc<Counts>,
}

impl Attackers {
    /// Start `attack` against the server of `ctx`, aimed at `honest`'s match.
    pub fn spawn(ctx: &Arc<Ctx>, attack: Attack, honest: Arc<MatchBoard>) -> Attackers {
        let counts = Arc::new(Counts::default());
        let mut tasks = tokio::task::JoinSet::new();
        let mut spawn = |n: usize, task: AttackerFn| {
            for i in 0..n {
                tasks.spawn(task(
                    Arc::clone(ctx),
                    Arc::clone(&counts),
                    Arc::clone(&honest),
                    i,
                ));
            }
        };
        match attack {
            Attack::Ping => spawn(1, ping),
            Attack::Challenges => spawn(30, challenges),
            Attack::Passwords => spawn(96, passwords),
            Attack::Offers => spawn(4, offers),
            Attack::Analysis => spawn(8, analysis),
            Attack::Archive => spawn(200, archive),
            Attack::Guests => spawn(30, guests),
        }
        Attackers { tasks, counts }
    }

    /// Stop the attackers; what they did.
    pub async fn finish(mut self) -> AttackReport {
        self.tasks.abort_all();
        while self.tasks.join_next().await.is_some() {}
        self.counts.report()
    }
}

type Task = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// One attacker: the run, its counts, the honest match, its number.
type AttackerFn = fn(Arc<Ctx>, Arc<Counts>, Arc<MatchBoard>, usize) -> Task;

/// A connection that never reads what it is sent... until it is closed:
/// pings fed as fast as the socket takes them, flushed a thousand at a time.
fn ping(ctx: Arc<Ctx>, counts: Arc<Counts>, _: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        let mut round = 0;
        while !ctx.stopping() {
            round += 1;
            let name = format!("ping{}{i}r{round}", ctx.tag);
            let Some((mut ws, _)) = join(&ctx, i, &name).await else {
                refused_to_join().await;
                continue;
            };
            'flood: loop {
                for _ in 0..1000 {
                    if ws.feed(Message::Ping(Default::default())).await.is_err() {
                        break 'flood;
                    }
                    Counts::bump(&counts.sent);
                }
                if ws.flush().await.is_err() || ctx.stopping() {
                    break;
                }
            }
            // Read to the close: the server's answer to the flood.
            if closed_after_draining(&mut ws).await {
                Counts::bump(&counts.closed);
            }
        }
    })
}

/// A pause after the server refused an attacker's sign-in, so that a
/// refused attacker does not spin.
async fn refused_to_join() {
    tokio::time::sleep(Duration::from_millis(10)).await;
}

/// The first source-address group of the attackers: each attacker has an
/// address of his own (127.x.y.z), apart from the honest players', so that
/// per-address budgets meet the attack as one address each would.
const ATTACKER_GROUPS: usize = 40_000;

/// Attacker `i` signed in as `name` from his own address: not counted
/// among the run's connections, whose failures are the honest players'.
async fn join(ctx: &Ctx, i: usize, name: &str) -> Option<(Socket, protocol::wire::PlayerId)> {
    let group = (ATTACKER_GROUPS + i) % wire::SOURCE_GROUPS;
    ctx.target.join(group * wire::PER_SOURCE, name).await.ok()
}

/// Read whatever comes until the connection ends; whether the server closed it.
async fn closed_after_draining(ws: &mut Socket) -> bool {
    let drained = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(message)) = ws.next().await {
            if message.is_close() {
                return true;
            }
        }
        false
    });
    drained.await.unwrap_or(false)
}

/// Send `msg` on `ws` every `every` until the run stops or the server closes
/// the connection, counting the answers read meanwhile.
async fn repeat(
    ctx: &Ctx,
    counts: &Counts,
    ws: Socket,
    msg: impl Fn() -> ClientMsg,
    every: Duration,
) {
    let (mut sink, mut stream) = ws.split();
    let reading = async {
        while let Some(Ok(message)) = stream.next().await {
            match message {
                Message::Text(text) => match wire::Incoming::read(&text) {
                    Some(m) if m.kind == "error" => Counts::bump(&counts.refused),
                    Some(m) if m.match_id.is_none() || m.kind == "ok" => {
                        Counts::bump(&counts.served);
                    }
                    _ => {}
                },
                Message::Close(_) => {
                    Counts::bump(&counts.closed);
                    return;
                }
                _ => {}
            }
        }
    };
    let writing = async {
        let mut tick = tokio::time::interval(every);
        while !ctx.stopping() {
            tick.tick().await;
            let frame = protocol::wire::ClientFrame {
                id: None,
                msg: msg(),
            };
            let text = serde_json::to_string(&frame).unwrap_or_default();
            if sink.send(Message::text(text)).await.is_err() {
                return;
            }
            Counts::bump(&counts.sent);
        }
    };
    tokio::select! {
        () = reading => {}
        () = writing => {}
    }
}

fn one_game() -> MatchSettings {
    MatchSettings {
        games: 1,
        ..MatchSettings::default()
    }
}

/// A guest challenging computer-8 twenty times a second.
fn challenges(ctx: Arc<Ctx>, counts: Arc<Counts>, _: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        let mut round = 0;
        while !ctx.stopping() {
            round += 1;
            let Some((ws, _)) = join(&ctx, i, &format!("ch{}{i}r{round}", ctx.tag)).await else {
                refused_to_join().await;
                continue;
            };
            let challenge = || ClientMsg::Challenge {
                name: "computer-8".into(),
                settings: one_game(),
            };
            repeat(&ctx, &counts, ws, challenge, Duration::from_millis(50)).await;
        }
    })
}

/// A player setting his password again as soon as the last one is answered.
fn passwords(ctx: Arc<Ctx>, counts: Arc<Counts>, _: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        let mut round = 0;
        while !ctx.stopping() {
            round += 1;
            let Some((mut ws, _)) = join(&ctx, i, &format!("pw{}{i}r{round}", ctx.tag)).await
            else {
                refused_to_join().await;
                continue;
            };
            while !ctx.stopping() {
                let msg = ClientMsg::SetPassword {
                    password: format!("a long password {i} {round}"),
                };
                if wire::send(&mut ws, msg).await.is_err() {
                    break;
                }
                Counts::bump(&counts.sent);
                match answer(&mut ws).await {
                    Some(true) => Counts::bump(&counts.served),
                    Some(false) => Counts::bump(&counts.refused),
                    None => {
                        Counts::bump(&counts.closed);
                        break;
                    }
                }
            }
        }
    })
}

/// The next `ok` (`true`) or `error` (`false`); `None` when the connection ends.
async fn answer(ws: &mut Socket) -> Option<bool> {
    while let Some(Ok(message)) = ws.next().await {
        match message {
            Message::Text(text) => match wire::Incoming::read(&text) {
                Some(m) if m.kind == "ok" => return Some(true),
                Some(m) if m.kind == "error" => return Some(false),
                _ => {}
            },
            Message::Close(_) => return None,
            _ => {}
        }
    }
    None
}

/// A pair in a match of their own: one offers a draw, the other declines,
/// each a hundred times a second.
fn offers(ctx: Arc<Ctx>, counts: Arc<Counts>, _: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        let mut round = 0;
        while !ctx.stopping() {
            round += 1;
            let Some((offerer, decliner, match_id)) = private_match(&ctx, i, round).await else {
                refused_to_join().await;
                continue;
            };
            let every = Duration::from_millis(10);
            tokio::join!(
                repeat(
                    &ctx,
                    &counts,
                    offerer,
                    || ClientMsg::DrawOffer { match_id },
                    every
                ),
                repeat(
                    &ctx,
                    &counts,
                    decliner,
                    || ClientMsg::DrawDecline { match_id },
                    every
                ),
            );
        }
    })
}

/// Two new players in a match of their own (a private seek).
async fn private_match(ctx: &Ctx, i: usize, round: usize) -> Option<(Socket, Socket, MatchId)> {
    let (mut a, _) = join(ctx, i, &format!("of{}{i}a{round}", ctx.tag)).await?;
    let (mut b, _) = join(ctx, i + 100, &format!("of{}{i}b{round}", ctx.tag)).await?;
    let seek = ClientMsg::SeekCreate {
        settings: one_game(),
        private: true,
        rating_range: None,
    };
    wire::send(&mut a, seek).await.ok()?;
    let code = wait_for(&mut a, "seek_created", |m| m.code.map(str::to_owned)).await?;
    wire::send(&mut b, ClientMsg::SeekJoin { code })
        .await
        .ok()?;
    let match_id = wait_for(&mut b, "match_started", |m| m.match_id).await?;
    wait_for(&mut a, "match_started", |m| m.match_id).await?;
    Some((a, b, match_id))
}

/// Read until a message of `kind`; what `take` finds in it.
async fn wait_for<T>(
    ws: &mut Socket,
    kind: &str,
    take: impl Fn(&wire::Incoming<'_>) -> Option<T>,
) -> Option<T> {
    let read = async {
        while let Some(Ok(message)) = ws.next().await {
            if let Message::Text(text) = message
                && let Some(m) = wire::Incoming::read(&text)
                && m.kind == kind
            {
                return take(&m);
            }
        }
        None
    };
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .ok()
        .flatten()
}

/// `GET path` on a new connection from attacker `i`'s address; the status
/// code, or `None` when the exchange failed. With `hang_up`, the connection
/// is closed 20 ms after the request instead of reading the answer.
async fn http_get(ctx: &Ctx, i: usize, path: &str, hang_up: bool) -> Option<u16> {
    let group = (ATTACKER_GROUPS + i) % wire::SOURCE_GROUPS;
    let source = wire::source_address(group);
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind((source, 0).into()).ok()?;
    let mut stream = socket.connect(ctx.target.addr).await.ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: load\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    if hang_up {
        tokio::time::sleep(Duration::from_millis(20)).await;
        return Some(0);
    }
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.ok()?;
    let text = String::from_utf8_lossy(&response);
    text.split_whitespace().nth(1)?.parse().ok()
}

/// The honest match to aim at, once it is being played.
async fn target_match(ctx: &Ctx, honest: &MatchBoard) -> Option<MatchId> {
    while !ctx.stopping() {
        if let Some(id) = honest.current() {
            return Some(id);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// A client asking for the deepest analysis of the honest match, and
/// hanging up at once, over and over.
fn analysis(ctx: Arc<Ctx>, counts: Arc<Counts>, honest: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        let Some(id) = target_match(&ctx, &honest).await else {
            return;
        };
        while !ctx.stopping() {
            let path = format!("/api/matches/{}/analysis?depth=14", id.0);
            if http_get(&ctx, i, &path, true).await.is_some() {
                Counts::bump(&counts.sent);
            }
        }
    })
}

/// A client reading the honest match from the archive, over and over.
fn archive(ctx: Arc<Ctx>, counts: Arc<Counts>, honest: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        let Some(id) = target_match(&ctx, &honest).await else {
            return;
        };
        while !ctx.stopping() {
            let status = http_get(&ctx, i, &format!("/api/matches/{}", id.0), false).await;
            Counts::bump(&counts.sent);
            match status {
                Some(200) => Counts::bump(&counts.served),
                Some(_) => Counts::bump(&counts.refused),
                None => {}
            }
        }
    })
}

/// New guests from one of 30 addresses, one after another, each signing in
/// once and leaving.
fn guests(ctx: Arc<Ctx>, counts: Arc<Counts>, _: Arc<MatchBoard>, i: usize) -> Task {
    Box::pin(async move {
        // Address groups of their own, far from the run's other connections.
        let connection = (wire::SOURCE_GROUPS - 1 - i) * wire::PER_SOURCE;
        let mut n = 0;
        while !ctx.stopping() {
            n += 1;
            Counts::bump(&counts.sent);
            match ctx
                .target
                .join(connection, &format!("gu{}{i}n{n}", ctx.tag))
                .await
            {
                Ok((mut ws, _)) => {
                    Counts::bump(&counts.served);
                    let _ = ws.close(None).await;
                }
                Err(_) => Counts::bump(&counts.refused),
            }
        }
    })
}
