//! The HTTP in front of the WebSocket: read the request head, answer
//! `/healthz`, refuse anything but an upgrade on `/ws`, and do the upgrade
//! handshake, keeping any bytes that came after the head.

use std::io;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;

/// The largest request head accepted.
const MAX_HEAD: usize = 8 * 1024;

/// What the client asked for.
pub(crate) enum Request {
    /// `GET /healthz`.
    Health,
    /// `GET /metrics`.
    Metrics,
    /// A WebSocket upgrade on `/ws`: its key, and bytes read past the head.
    Upgrade { key: String, leftover: Vec<u8> },
    /// Anything else: the status line and a word of explanation.
    Refused(&'static str, &'static str),
}

/// Read and classify the request head.
pub(crate) async fn read_request(stream: &mut TcpStream) -> io::Result<Request> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    loop {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&buf) {
            Ok(httparse::Status::Complete(head_len)) => {
                return Ok(classify(&request, buf[head_len..].to_vec()));
            }
            Ok(httparse::Status::Partial) if buf.len() < MAX_HEAD => continue,
            Ok(httparse::Status::Partial) => {
                return Ok(Request::Refused(
                    "431 Request Header Fields Too Large",
                    "request head too large",
                ));
            }
            Err(_) => return Ok(Request::Refused("400 Bad Request", "not an HTTP request")),
        }
    }
}

fn classify(request: &httparse::Request<'_, '_>, leftover: Vec<u8>) -> Request {
    let path = request.path.unwrap_or("").split('?').next().unwrap_or("");
    if request.method != Some("GET") {
        return Request::Refused("405 Method Not Allowed", "only GET is served");
    }
    match path {
        "/healthz" => Request::Health,
        "/metrics" => Request::Metrics,
        "/ws" => {
            let header = |name: &str| {
                request
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case(name))
                    .and_then(|h| std::str::from_utf8(h.value).ok())
            };
            let upgrade = header("upgrade").is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
            let connection = header("connection").is_some_and(|v| {
                v.split(',')
                    .any(|part| part.trim().eq_ignore_ascii_case("upgrade"))
            });
            let version = header("sec-websocket-version") == Some("13");
            match header("sec-websocket-key") {
                Some(key) if upgrade && connection && version => Request::Upgrade {
                    key: key.trim().to_owned(),
                    leftover,
                },
                _ => Request::Refused(
                    "426 Upgrade Required",
                    "/ws speaks WebSocket (version 13) only",
                ),
            }
        }
        _ => Request::Refused(
            "404 Not Found",
            "the endpoints are /ws, /healthz and /metrics",
        ),
    }
}

/// Write a short plain-text response and end the exchange.
pub(crate) async fn respond(stream: &mut TcpStream, status: &str, body: &str) -> io::Result<()> {
    respond_typed(stream, status, "text/plain; charset=utf-8", body).await
}

/// Write a response with a content type and end the exchange.
pub(crate) async fn respond_typed(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &str,
) -> io::Result<()> {
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}\n",
        body.len() + 1
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// Accept the WebSocket upgrade.
pub(crate) async fn accept_upgrade(stream: &mut TcpStream, key: &str) -> io::Result<()> {
    let response = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {}\r\n\r\n",
        derive_accept_key(key.as_bytes())
    );
    stream.write_all(response.as_bytes()).await
}
