//! The only code that touches sockets: the HTTP front, the WebSocket reader,
//! and the writer that drains the connection's bounded outbox.

use crate::http::{self, Request};
use crate::hub::Hub;
use crate::peer::{Outbox, Peer};
use crate::session::{Next, Session};
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{close, decode_client};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::broadcast;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tracing::{Instrument, debug, info_span};

/// How long a closing connection may take to flush what it still has queued.
const CLOSE_FLUSH: Duration = Duration::from_secs(2);

/// Serve one accepted TCP connection to its end.
pub(crate) async fn serve(hub: Arc<Hub>, mut stream: TcpStream, shutdown: broadcast::Receiver<()>) {
    let _ = stream.set_nodelay(true);
    let request = match tokio::time::timeout(
        hub.config.handshake_timeout(),
        http::read_request(&mut stream),
    )
    .await
    {
        Ok(Ok(request)) => request,
        Ok(Err(e)) => {
            debug!("request head not read: {e}");
            return;
        }
        Err(_) => {
            debug!("request head timed out");
            return;
        }
    };
    match request {
        Request::Health => {
            let _ = http::respond(&mut stream, "200 OK", "ok").await;
        }
        Request::Refused(status, body) => {
            let _ = http::respond(&mut stream, status, body).await;
        }
        Request::Upgrade { key, leftover } => {
            if http::accept_upgrade(&mut stream, &key).await.is_err() {
                return;
            }
            let config = WebSocketConfig::default()
                .max_message_size(Some(hub.config.max_frame_bytes))
                .max_frame_size(Some(hub.config.max_frame_bytes))
                .read_buffer_size(4 * 1024)
                .write_buffer_size(0);
            let ws =
                WebSocketStream::from_partially_read(stream, leftover, Role::Server, Some(config))
                    .await;
            let conn = hub.next_id();
            websocket(hub, ws, conn, shutdown)
                .instrument(info_span!("conn", id = conn))
                .await;
        }
    }
}

async fn websocket(
    hub: Arc<Hub>,
    ws: WebSocketStream<TcpStream>,
    conn: u64,
    mut shutdown: broadcast::Receiver<()>,
) {
    let (peer, outbox) = Peer::new(conn, hub.config.outbox_capacity);
    let (sink, mut stream) = ws.split();
    let writer = tokio::spawn(write(sink, outbox));
    let limit = hub.config.max_frame_bytes;
    let mut session = Session::new(hub, peer.clone());
    loop {
        tokio::select! {
            message = stream.next() => match message {
                Some(Ok(Message::Text(text))) => match decode_client(&text) {
                    Ok(frame) => {
                        if let Next::Close(code, reason) = session.handle(frame).await {
                            peer.close(code, &reason);
                            break;
                        }
                    }
                    Err(error) => session.bad_frame(error),
                },
                Some(Ok(Message::Binary(_))) => session.binary_frame(),
                Some(Ok(Message::Close(_))) | None => break,
                Some(Ok(_)) => {}
                Some(Err(WsError::Capacity(CapacityError::MessageTooLong { size, .. }))) => {
                    debug!(size, "frame over the limit");
                    peer.close(close::TOO_BIG, &format!("frame too large: the limit is {limit} bytes"));
                    break;
                }
                Some(Err(e)) => {
                    debug!("read error: {e}");
                    break;
                }
            },
            _ = peer.closed() => break,
            _ = shutdown.recv() => {
                peer.close(close::GOING_AWAY, "server shutting down");
                break;
            }
        }
    }
    session.finish().await;
    peer.close(close::NORMAL, "bye");
    let _ = writer.await;
}

type Sink = futures_util::stream::SplitSink<WebSocketStream<TcpStream>, Message>;

/// Drain the outbox into the socket, batching what is queued into one flush;
/// on close, send what is still queued, then the close frame.
async fn write(mut sink: Sink, outbox: Outbox) {
    let Outbox { mut rx, signal } = outbox;
    loop {
        tokio::select! {
            biased;
            frame = rx.recv() => {
                let Some(frame) = frame else { break };
                if sink.feed(Message::Text(frame)).await.is_err() {
                    break;
                }
                while let Ok(frame) = rx.try_recv() {
                    if sink.feed(Message::Text(frame)).await.is_err() {
                        break;
                    }
                }
                if sink.flush().await.is_err() {
                    break;
                }
            }
            reason = signal.killed() => {
                let finish = async {
                    while let Ok(frame) = rx.try_recv() {
                        sink.feed(Message::Text(frame)).await?;
                    }
                    let frame = reason.map(|r| CloseFrame {
                        code: CloseCode::from(r.code),
                        reason: r.reason.into(),
                    });
                    sink.send(Message::Close(frame)).await
                };
                let _ = tokio::time::timeout(CLOSE_FLUSH, finish).await;
                break;
            }
        }
    }
    signal.fail();
}
