//! The only code that touches sockets: the HTTP front, the WebSocket reader,
//! and the writer that drains the connection's bounded outbox.

use crate::api::analysis::{self, AnalysisRequest};
use crate::api::answer;
use crate::api::routes::ApiRequest;
use crate::api::{archive, invitation, lobby_view, profile, tournaments_view};
use crate::metrics::{CloseKind, Metrics};
use crate::net::context::ConnContext;
use crate::net::http::{self, Request};
use crate::net::session::{Next, Session};
use crate::peer::{Outbox, Peer};
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{close, decode_client};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tracing::{Instrument, debug, info_span};

/// Bytes of outgoing frames gathered before they are written without a flush.
const WRITE_BUFFER: usize = 16 * 1024;

/// Room in the socket's write buffer beyond the outbox's own bound: pongs
/// and the close frame that tungstenite queues itself. Without a bound on
/// that buffer a client that sends pings and never reads made the server
/// hold every pong it could not send (1.3 GiB in 5 s).
const WRITE_SLACK: usize = 16 * 1024;

/// How long a client has to read an archive answer.
const ANSWER_WRITE: Duration = Duration::from_secs(30);

/// The content type of `GET /metrics`.
const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// How long a closing connection may take to flush what it still has queued.
const CLOSE_FLUSH: Duration = Duration::from_secs(2);

/// Requests the server may queue on a client's behalf (one per match to
/// resume after the node serving it stopped); past it the client is
/// closed with 1012 to resume by himself.
const BEHALF_QUEUE: usize = 64;

/// How long a closed connection reads what its client still sends, waiting
/// for the client to close in turn.
const CLOSE_DRAIN: Duration = Duration::from_millis(500);

/// Wait until the client hangs up (its side of the connection ends); what
/// it sends meanwhile is dropped.
async fn hung_up(stream: &mut TcpStream) {
    let mut sink = [0u8; 1024];
    while let Ok(n) = tokio::io::AsyncReadExt::read(stream, &mut sink).await {
        if n == 0 {
            return;
        }
    }
}

/// Read the request head within the handshake timeout, by the server's clock.
async fn read_head(conns: &ConnContext, stream: &mut TcpStream) -> Option<http::Head> {
    let until = conns.context.now() + conns.limits.handshake_timeout_ms;
    tokio::select! {
        request = http::read_request(stream) => match request {
            Ok(request) => Some(request),
            Err(e) => {
                debug!("request head not read: {e}");
                None
            }
        },
        () = conns.context.clock.sleep_until(until) => {
            debug!("request head timed out");
            None
        }
    }
}

/// Turn a connection away at the HTTP level, with a status and a reason, at
/// once: the answer does not wait for the request. What the client sends is
/// read and dropped until it hangs up, for a moment only, so that closing
/// the socket over unread bytes does not reset it before the answer is read.
pub(crate) async fn refuse(conns: &ConnContext, mut stream: TcpStream, status: &str, reason: &str) {
    conns.context.metrics.connections_refused.inc();
    if http::respond(&mut stream, status, reason).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_DRAIN, async {
        let mut sink = [0u8; 1024];
        while let Ok(n) = tokio::io::AsyncReadExt::read(&mut stream, &mut sink).await {
            if n == 0 {
                break;
            }
        }
    })
    .await;
}

/// Serve one accepted TCP connection to its end. `via_proxy`: it came from
/// a trusted proxy, so its client is the one the head names (`X-Real-IP`),
/// whose place among the connections of his address is taken here.
pub(crate) async fn serve(
    conns: Arc<ConnContext>,
    mut stream: TcpStream,
    ip: std::net::IpAddr,
    via_proxy: bool,
) {
    let _ = stream.set_nodelay(true);
    let Some(head) = read_head(&conns, &mut stream).await else {
        return;
    };
    let (ip, _slot) = if via_proxy {
        let client = head.real_ip.unwrap_or(ip);
        match conns.addresses.slot(client) {
            Some(slot) => (client, Some(slot)),
            None => {
                let reason = "too many connections from your address";
                refuse(&conns, stream, "429 Too Many Requests", reason).await;
                return;
            }
        }
    } else {
        (ip, None)
    };
    match head.request {
        Request::Health => {
            let _ = http::respond(&mut stream, "200 OK", "ok").await;
        }
        Request::Metrics => {
            let text = conns.hub.metrics_text();
            let _ = http::respond_typed(&mut stream, "200 OK", OPENMETRICS, text.trim_end()).await;
        }
        Request::Api(_) if !conns.addresses.api_allowed(ip) => {
            let answer = answer::api_rate_limited(conns.limits.api_rate_per_ip);
            let _ = http::respond_answer(&mut stream, &answer).await;
        }
        Request::Api(request) => {
            let settled_before = conns
                .context
                .now()
                .saturating_sub(conns.limits.ended_linger_ms);
            let (store, answers) = (&conns.store, &conns.answers);
            let answer = match request {
                Ok(ApiRequest::Player(name)) => profile::player(&*conns.hub, store, &name).await,
                Ok(ApiRequest::Leaderboard(pool)) => profile::leaderboard(&*conns.hub, pool),
                Ok(ApiRequest::Variants) => answer::json(&protocol::api::variants()),
                Ok(ApiRequest::Rules(variant)) => answer::json(&protocol::api::rules_page(variant)),
                Ok(ApiRequest::Invite(code)) => invitation::invitation(&*conns.hub, &code),
                Ok(ApiRequest::Lobby) => lobby_view::lobby(&*conns.hub),
                Ok(ApiRequest::Tournaments) => tournaments_view::list(&*conns.hub).await,
                Ok(ApiRequest::Tournament { id, code }) => {
                    tournaments_view::one(&*conns.hub, id, code.as_deref()).await
                }
                Ok(ApiRequest::Text { lang, accept }) => {
                    conns.texts.answer(lang.as_deref(), &accept)
                }
                Ok(ApiRequest::Analysis { id, depth }) => {
                    let request = AnalysisRequest { id, depth, ip };
                    let work = analysis::analysis(store, answers, request, settled_before);
                    // A client who hangs up drops its analysis: one still
                    // waiting is never searched, one searching stops. (A
                    // client that closes only its sending side is taken to
                    // have hung up too.)
                    tokio::select! {
                        answer = work => answer,
                        () = hung_up(&mut stream) => return,
                    }
                }
                Ok(ApiRequest::Archive(request)) => {
                    archive::answer(store, answers, request, settled_before).await
                }
                Err(refusal) => answer::refused(refusal),
            };
            // Answers waiting for their clients to read them hold memory:
            // they are bounded in bytes, and given a time to be read.
            let Some(_held) = answers.hold(answer.body.len()) else {
                let _ = http::respond_answer(&mut stream, &answer::answers_busy()).await;
                return;
            };
            let _ = tokio::time::timeout(ANSWER_WRITE, http::respond_answer(&mut stream, &answer))
                .await;
        }
        Request::Refused(status, body) => {
            let _ = http::respond(&mut stream, status, body).await;
        }
        Request::Asset { asset, unchanged } => {
            let _ = http::respond_asset(&mut stream, asset, unchanged).await;
        }
        Request::Upgrade { key, leftover } => {
            if http::accept_upgrade(&mut stream, &key).await.is_err() {
                return;
            }
            // The writer feeds every queued frame, then flushes once: frames
            // are buffered up to WRITE_BUFFER so a batch goes out in one send.
            let config = WebSocketConfig::default()
                .max_message_size(Some(conns.limits.max_frame_bytes))
                .max_frame_size(Some(conns.limits.max_frame_bytes))
                .read_buffer_size(4 * 1024)
                .write_buffer_size(WRITE_BUFFER)
                .max_write_buffer_size(WRITE_BUFFER + conns.limits.peer.outbox_bytes + WRITE_SLACK);
            let ws =
                WebSocketStream::from_partially_read(stream, leftover, Role::Server, Some(config))
                    .await;
            let conn = conns.ids.next();
            websocket(conns, ws, conn, ip)
                .instrument(info_span!("conn", id = conn))
                .await;
        }
    }
}

/// The close of every connection when the server stops: 1001 for a server
/// alone on its journal; 1012 (service restart) for a node of several,
/// whose matches the other nodes take over, so that clients reconnect at
/// once and play on there.
fn stopping(conns: &ConnContext) -> (u16, &'static str) {
    if conns.store.has_leases() {
        (
            close::SERVICE_RESTART,
            "this node is stopping: reconnect to play on",
        )
    } else {
        (close::GOING_AWAY, "server shutting down")
    }
}

async fn websocket(
    conns: Arc<ConnContext>,
    ws: WebSocketStream<TcpStream>,
    conn: u64,
    ip: std::net::IpAddr,
) {
    let (limits, context) = (&conns.limits, &conns.context);
    let metrics = Arc::clone(&context.metrics);
    metrics.connections_open.inc();
    let (peer, outbox) = Peer::new(
        conn,
        limits.peer.clone(),
        context.clock.clone(),
        Arc::clone(&metrics),
    );
    let (sink, mut stream) = ws.split();
    let clock = context.clock.clone();
    let writer = context.tasks.spawn(write(
        sink,
        outbox,
        Arc::clone(&metrics),
        clock.clone(),
        limits.ping_interval_ms.max(1),
    ));
    let limit = limits.max_frame_bytes;
    let idle_limit = limits.idle_timeout_ms;
    let hello_by = clock.now() + limits.hello_timeout_ms;
    let (behalf, mut on_behalf) = tokio::sync::mpsc::channel(BEHALF_QUEUE);
    let mut session = Session::new(Arc::clone(&conns), peer.clone(), ip).with_behalf(behalf);
    let mut last_heard = clock.now();
    // One timer for the hello and idle deadlines, moved only when it fires:
    // a message just notes the time it came.
    let mut check = clock.timer(hello_by.min(last_heard + idle_limit));
    let mut kind = CloseKind::Normal;
    let ping_rate = limits.ping_rate.max(1);
    let pings = crate::budget::Budget::per_second(ping_rate, &clock);
    // Made once, not per message: each of these registers a waiter when first
    // polled, and the shutdown signal's waiters are shared by every connection.
    let closed = peer.closed();
    tokio::pin!(closed);
    let going_away = context.shutdown.cancelled();
    tokio::pin!(going_away);
    loop {
        tokio::select! {
            // Messages first: the other branches are only looked at when no
            // message is waiting (tokio's cooperative budget still hands them
            // a turn during a flood), which spares polling them per message.
            biased;
            message = stream.next() => {
                last_heard = clock.now();
                match message {
                    // Stopping: what comes now is not answered (the close says why).
                    Some(Ok(_)) if context.shutdown.is_cancelled() => {
                        kind = CloseKind::Shutdown;
                        let (code, reason) = stopping(&conns);
                        peer.close(code, reason);
                        break;
                    }
                    Some(Ok(Message::Text(text))) => {
                        metrics.messages_in.inc();
                        match decode_client(&text) {
                            Ok(frame) => {
                                if let Next::Close(code, reason) = session.handle(frame).await {
                                    kind = CloseKind::ProtocolVersion;
                                    peer.close(code, &reason);
                                    break;
                                }
                            }
                            Err(error) => session.bad_frame(error),
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        metrics.messages_in.inc();
                        session.binary_frame();
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    // Pings and pongs: tungstenite answers a ping itself, so
                    // each costs a queued pong; they draw on their own budget.
                    Some(Ok(_)) => {
                        if !pings.take() {
                            kind = CloseKind::PingFlood;
                            let reason = format!("too many pings: at most {ping_rate} a second");
                            peer.close(close::POLICY, &reason);
                            break;
                        }
                    }
                    Some(Err(WsError::Capacity(CapacityError::MessageTooLong { size, .. }))) => {
                        debug!(size, "frame over the limit");
                        kind = CloseKind::TooBig;
                        peer.close(close::TOO_BIG, &format!("frame too large: the limit is {limit} bytes"));
                        break;
                    }
                    Some(Err(WsError::Protocol(e))) => {
                        debug!("protocol error: {e}");
                        kind = CloseKind::ProtocolError;
                        peer.close(close::PROTOCOL_ERROR, &format!("WebSocket protocol error: {e}"));
                        break;
                    }
                    Some(Err(WsError::Utf8(_))) => {
                        kind = CloseKind::ProtocolError;
                        peer.close(close::INVALID_DATA, "a text frame that is not UTF-8");
                        break;
                    }
                    Some(Err(e)) => {
                        debug!("read error: {e}");
                        break;
                    }
                }
            }
            Some(frame) = on_behalf.recv() => {
                if let Next::Close(code, reason) = session.on_behalf(frame).await {
                    peer.close(code, &reason);
                    break;
                }
            }
            reason = &mut closed => {
                kind = match reason.map(|r| r.code) {
                    Some(close::REPLACED) => CloseKind::Replaced,
                    Some(close::POLICY) => CloseKind::TooSlow,
                    _ => CloseKind::Normal,
                };
                break;
            }
            () = &mut check => {
                let now = clock.now();
                if session.owes_hello() && now >= hello_by {
                    kind = CloseKind::NoHello;
                    peer.close(close::POLICY, "no hello in time");
                    break;
                }
                if now.saturating_sub(last_heard) >= idle_limit {
                    kind = CloseKind::Idle;
                    peer.close(close::POLICY, "no sign of life: closed after silence");
                    break;
                }
                let idle_at = last_heard + idle_limit;
                check.reset(if session.owes_hello() { idle_at.min(hello_by) } else { idle_at });
            }
            _ = &mut going_away => {
                kind = CloseKind::Shutdown;
                let (code, reason) = stopping(&conns);
                peer.close(code, reason);
                break;
            }
        }
    }
    metrics.closed(kind);
    session.finish().await;
    peer.close(close::NORMAL, "bye");
    // A writer blocked on a socket its client does not read never sees the
    // close signal; it gets the flush allowance, then is dropped with the socket.
    let deadline = tokio::time::Instant::now() + CLOSE_FLUSH * 2;
    let mut writer = writer;
    match tokio::time::timeout_at(deadline, &mut writer).await {
        // The close frame is out: read what the client still sends (a pong,
        // its own close frame) until it closes, for a moment, so that
        // closing the socket with unread bytes does not reset the connection
        // and lose the close frame on the client's side. Not when the
        // server stops: it is about to close every socket anyway.
        Ok(_) if kind != CloseKind::Shutdown => {
            let until = deadline.min(tokio::time::Instant::now() + CLOSE_DRAIN);
            let _ = tokio::time::timeout_at(until, async {
                while let Some(Ok(message)) = stream.next().await {
                    if message.is_close() {
                        break;
                    }
                }
            })
            .await;
        }
        Ok(_) => {}
        Err(_) => writer.abort(),
    }
    metrics.connections_open.dec();
}

type Sink = futures_util::stream::SplitSink<WebSocketStream<TcpStream>, Message>;

/// Drain the outbox into the socket, batching what is queued into one flush;
/// ping every `ping_every` ms; on close, send what is still queued, then the
/// close frame.
async fn write(
    mut sink: Sink,
    outbox: Outbox,
    metrics: Arc<Metrics>,
    clock: crate::clock::Clock,
    ping_every: u64,
) {
    let mut ping = clock.timer(clock.now() + ping_every);
    loop {
        tokio::select! {
            biased;
            batch = outbox.next_batch() => {
                let Some(mut frames) = batch else {
                    // Closing: what is still queued, then the close frame.
                    let finish = async {
                        for (frame, _) in outbox.take().unwrap_or_default() {
                            sink.feed(Message::Text(frame)).await?;
                        }
                        let frame = outbox.reason().map(|r| CloseFrame {
                            code: CloseCode::from(r.code),
                            reason: r.reason.into(),
                        });
                        sink.send(Message::Close(frame)).await
                    };
                    let _ = tokio::time::timeout(CLOSE_FLUSH, finish).await;
                    break;
                };
                let sent = frames.len() as u64;
                let mut failed = false;
                for (frame, _) in frames.drain(..) {
                    if sink.feed(Message::Text(frame)).await.is_err() {
                        failed = true;
                        break;
                    }
                }
                outbox.recycle(frames);
                metrics.messages_out.inc_by(sent);
                if failed || sink.flush().await.is_err() {
                    break;
                }
            }
            () = &mut ping => {
                ping.reset(clock.now() + ping_every);
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    outbox.fail();
}
