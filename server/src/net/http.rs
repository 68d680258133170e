//! The HTTP in front of the WebSocket: read the request head, tell
//! `/healthz`, `/metrics` and the archive (`/api/...`) from an upgrade on
//! `/ws`, refuse anything else, and do the upgrade handshake, keeping any
//! bytes that came after the head.

use crate::api::answer::Answer;
use crate::api::routes::{self, ApiRefusal, ApiRequest};
use crate::net::assets::{self, Asset};
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
    /// `GET /api/...`: the archive, or why the path names nothing there.
    Api(Result<ApiRequest, ApiRefusal>),
    /// A file of the browser client; `unchanged` when the browser's copy
    /// (its `If-None-Match`) is this one.
    Asset {
        asset: &'static Asset,
        unchanged: bool,
    },
    /// A WebSocket upgrade on `/ws`: its key, and bytes read past the head.
    Upgrade { key: String, leftover: Vec<u8> },
    /// Anything else: the status line and a word of explanation.
    Refused(&'static str, &'static str),
}

/// A request head: what it asks, and the client's address as a proxy in
/// front of the server says it (its `X-Real-IP`), if it says one.
pub(crate) struct Head {
    pub(crate) request: Request,
    pub(crate) real_ip: Option<std::net::IpAddr>,
}

/// Read and classify the request head.
pub(crate) async fn read_request(stream: &mut TcpStream) -> io::Result<Head> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    loop {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(request) = parse(&buf) {
            return Ok(request);
        }
    }
}

/// The request whose head starts `buf`, or `None` while the head is not
/// complete (and not yet over the size limit).
fn parse(buf: &[u8]) -> Option<Head> {
    let mut headers = [httparse::EMPTY_HEADER; 32];
    let mut request = httparse::Request::new(&mut headers);
    let refused = |request| Head {
        request,
        real_ip: None,
    };
    match request.parse(buf) {
        Ok(httparse::Status::Complete(head_len)) => Some(Head {
            real_ip: request
                .headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case("x-real-ip"))
                .and_then(|h| std::str::from_utf8(h.value).ok())
                .and_then(|value| value.trim().parse().ok()),
            request: classify(&request, buf[head_len..].to_vec()),
        }),
        Ok(httparse::Status::Partial) if buf.len() < MAX_HEAD => None,
        Ok(httparse::Status::Partial) => Some(refused(Request::Refused(
            "431 Request Header Fields Too Large",
            "request head too large",
        ))),
        Err(_) => Some(refused(Request::Refused(
            "400 Bad Request",
            "not an HTTP request",
        ))),
    }
}

fn classify(request: &httparse::Request<'_, '_>, leftover: Vec<u8>) -> Request {
    let target = request.path.unwrap_or("");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if request.method != Some("GET") {
        return Request::Refused("405 Method Not Allowed", "only GET is served");
    }
    let header = |name: &str| {
        request
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .and_then(|h| std::str::from_utf8(h.value).ok())
    };
    if let Some(api) = routes::route(path, query) {
        return Request::Api(api.map(|request| match request {
            ApiRequest::Text { lang, .. } => ApiRequest::Text {
                lang,
                accept: header("accept-language").unwrap_or("").to_owned(),
            },
            other => other,
        }));
    }
    if let Some(asset) = assets::asset(path) {
        let unchanged = header("if-none-match").is_some_and(|tags| {
            tags.split(',')
                .any(|tag| tag.trim().trim_start_matches("W/") == asset.etag())
        });
        return Request::Asset { asset, unchanged };
    }
    match path {
        "/healthz" => Request::Health,
        "/metrics" => Request::Metrics,
        "/ws" => {
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
            "the endpoints are / (the browser client), /ws, /healthz, /metrics and /api/ (the archive)",
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
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n{body}\n",
        body.len() + 1
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// Write an archive answer (with `Retry-After` when it says when to ask
/// again) and end the exchange.
pub(crate) async fn respond_answer(stream: &mut TcpStream, answer: &Answer) -> io::Result<()> {
    let retry = answer
        .retry_after_s
        .map(|s| format!("Retry-After: {s}\r\n"))
        .unwrap_or_default();
    let head = format!(
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{retry}X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        answer.status,
        answer.content_type,
        answer.body.len() + 1
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(answer.body.as_bytes()).await?;
    stream.write_all(b"\n").await?;
    stream.shutdown().await
}

/// Answer a file of the browser client (or `304` when the browser has it).
pub(crate) async fn respond_asset(
    stream: &mut TcpStream,
    asset: &Asset,
    unchanged: bool,
) -> io::Result<()> {
    let (status, body): (&str, &[u8]) = if unchanged {
        ("304 Not Modified", b"")
    } else {
        ("200 OK", asset.body)
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nETag: {}\r\nContent-Security-Policy: {}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n",
        asset.content_type,
        body.len(),
        asset.etag(),
        assets::CONTENT_SECURITY_POLICY,
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    const UPGRADE: &str = "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";

    fn status(request: Option<Request>) -> &'static str {
        match request {
            Some(Request::Health) => "health",
            Some(Request::Metrics) => "metrics",
            Some(Request::Api(Ok(_))) => "api",
            Some(Request::Api(Err(_))) => "api error",
            Some(Request::Upgrade { .. }) => "upgrade",
            Some(Request::Asset {
                unchanged: true, ..
            }) => "asset unchanged",
            Some(Request::Asset { .. }) => "asset",
            Some(Request::Refused(status, _)) => status,
            None => "partial",
        }
    }

    /// What the head in `buf` asks, if it is complete.
    fn request_of(buf: &[u8]) -> Option<Request> {
        parse(buf).map(|head| head.request)
    }

    #[test]
    fn a_proxy_names_the_client_in_x_real_ip() {
        let with = |header: &str| {
            let head = format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{header}\r\n");
            parse(head.as_bytes()).and_then(|head| head.real_ip)
        };
        assert_eq!(
            with("X-Real-IP: 203.0.113.7\r\n"),
            Some([203, 0, 113, 7].into())
        );
        assert_eq!(
            with("x-real-ip:  2001:db8::1 \r\n"),
            "2001:db8::1".parse().ok()
        );
        assert_eq!(with("X-Real-IP: not an address\r\n"), None);
        assert_eq!(with(""), None);
    }

    #[test]
    fn requests_are_told_apart_by_method_path_and_headers() {
        let get = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n");
        assert_eq!(status(request_of(get("/healthz").as_bytes())), "health");
        assert_eq!(
            status(request_of(get("/metrics?x=1").as_bytes())),
            "metrics"
        );
        assert_eq!(
            status(request_of(get("/nothing").as_bytes())),
            "404 Not Found"
        );
        assert_eq!(
            status(request_of(get("/api/matches/3?x").as_bytes())),
            "api"
        );
        assert_eq!(
            status(request_of(get("/api/matches/x").as_bytes())),
            "api error"
        );
        assert_eq!(
            status(request_of(get("/ws").as_bytes())),
            "426 Upgrade Required"
        );
        assert_eq!(
            status(request_of(b"POST /ws HTTP/1.1\r\nHost: x\r\n\r\n")),
            "405 Method Not Allowed"
        );
        assert_eq!(
            status(request_of(b"\x16\x03\x01 not http\r\n\r\n")),
            "400 Bad Request"
        );
        let old_version = UPGRADE.replace("Version: 13", "Version: 8");
        assert_eq!(
            status(request_of(old_version.as_bytes())),
            "426 Upgrade Required"
        );
    }

    #[test]
    fn an_upgrade_keeps_its_key_and_the_bytes_after_the_head() {
        let mut bytes = UPGRADE.as_bytes().to_vec();
        bytes.extend_from_slice(b"\x81\x80");
        match request_of(&bytes) {
            Some(Request::Upgrade { key, leftover }) => {
                assert_eq!(key, "dGhlIHNhbXBsZSBub25jZQ==");
                assert_eq!(leftover, b"\x81\x80");
            }
            other => panic!("{:?}", status(other)),
        }
    }

    #[test]
    fn a_head_is_waited_for_until_it_is_complete_or_too_large() {
        assert_eq!(
            status(request_of(b"GET /healthz HTTP/1.1\r\nHost:")),
            "partial"
        );
        // One header line longer than the limit, still unfinished.
        let mut huge = b"GET / HTTP/1.1\r\nX-Filler: ".to_vec();
        huge.resize(MAX_HEAD + 1, b'a');
        assert_eq!(
            status(request_of(&huge)),
            "431 Request Header Fields Too Large"
        );
    }
}
