//! Limits and liveness: connections in all and per address, the hello
//! timeout, the idle timeout behind the server's pings, message budgets, and
//! the metrics that count it all.

use protocol::wire::{ErrorCode, ServerMsg, close};
use serde_json::json;
use tests::{Client, Config, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn refused_status(result: Result<impl Sized, tokio_tungstenite::tungstenite::Error>) -> u16 {
    match result {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("expected an HTTP refusal, got {other}"),
        Ok(_) => panic!("expected a refusal"),
    }
}

#[tokio::test]
async fn connections_over_the_limits_are_refused_with_a_status() {
    let server = TestServer::with_config(Config {
        max_connections_per_ip: 2,
        ..Config::default()
    })
    .await;
    let _a = Client::connect(&server).await;
    let _b = Client::connect(&server).await;
    let third = tokio_tungstenite::connect_async(server.url()).await;
    assert_eq!(refused_status(third), 429);
    server.stop().await;

    let server = TestServer::with_config(Config {
        max_connections: 1,
        ..Config::default()
    })
    .await;
    let _a = Client::connect(&server).await;
    let second = tokio_tungstenite::connect_async(server.url()).await;
    assert_eq!(refused_status(second), 503);
    // Plain HTTP counts too: a full server turns /healthz away as well.
    let health = server.http_get("/healthz").await;
    assert!(health.starts_with("HTTP/1.1 503"), "{health}");
    server.stop().await;
}

#[tokio::test]
async fn a_connection_that_never_says_hello_is_closed() {
    let server = TestServer::with_config(Config {
        hello_timeout_ms: 200,
        ..Config::default()
    })
    .await;
    let mut silent = Client::connect(&server).await;
    let frame = silent.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert_eq!(frame.reason.as_str(), "no hello in time");
    // A signed-in client is not affected.
    let mut ann = Client::join(&server, "ann").await;
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    assert!(matches!(
        ann.reply(id).await,
        ServerMsg::LobbySnapshot { .. }
    ));
    server.stop().await;
}

#[tokio::test]
async fn a_connection_that_answers_no_ping_is_closed() {
    let server = TestServer::with_config(Config {
        ping_interval_ms: 50,
        idle_timeout_ms: 300,
        hello_timeout_ms: 60_000,
        ..Config::default()
    })
    .await;
    // A raw socket: the upgrade, then never a byte back (not even a pong).
    let mut raw = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    raw.write_all(
        b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    )
    .await
    .expect("upgrade");
    let mut bytes = Vec::new();
    let read = tokio::time::timeout(tests::WAIT, raw.read_to_end(&mut bytes)).await;
    assert!(read.is_ok(), "the server closed the silent connection");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.starts_with("HTTP/1.1 101"), "{text}");
    assert!(
        text.contains("no sign of life"),
        "the close frame says why: {text}"
    );
    // Meanwhile a normal client, which answers pings, stays.
    let mut ann = Client::join(&server, "ann").await;
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    assert!(matches!(
        ann.reply(id).await,
        ServerMsg::LobbySnapshot { .. }
    ));
    let metrics = server.http_get("/metrics").await;
    assert!(
        metrics.contains("mancala_closes_total{reason=\"idle\"} 1"),
        "{metrics}"
    );
    server.stop().await;
}

#[tokio::test]
async fn each_kind_of_traffic_has_its_budget() {
    let server = TestServer::with_config(Config {
        lobby_rate: 2,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    // A burst of twice the rate passes, then the lobby budget runs dry...
    let mut limited = 0;
    for _ in 0..10 {
        let id = ann.request(json!({"type": "pool_leave"})).await;
        if let ServerMsg::Error {
            code: ErrorCode::RateLimited,
            ..
        } = ann.reply(id).await
        {
            limited += 1;
        }
    }
    assert!(limited >= 5, "{limited} of 10 refused");
    // ...while other kinds of traffic still go through.
    ann.send(json!({"type": "watch", "match_id": 424_242}))
        .await;
    ann.expect_error(ErrorCode::NoSuchMatch).await;
    server.stop().await;
}

#[tokio::test]
async fn metrics_count_connections_moves_and_refusals() {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let (first, _) = tests::game_started(&mut ann, 1).await;
    let (mover, waiter) = if first.index() == 0 {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted { .. }
    ));
    waiter
        .send(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    waiter.expect_error(ErrorCode::StalePly).await;
    let metrics = server.http_get("/metrics").await;
    assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
    for line in [
        "mancala_connections_open 2",
        "mancala_players_online 2",
        "mancala_matches_live 1",
        "mancala_moves_accepted_total 1",
        "mancala_requests_rejected_total{code=\"stale_ply\"} 1",
    ] {
        assert!(metrics.contains(line), "missing {line}:\n{metrics}");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_graceful_shutdown_tells_everyone_and_finishes() {
    let server = TestServer::start().await;
    let addr = server.addr;
    let (mut ann, mut bob, _) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 5})).await;
    let mut silent = Client::connect(&server).await;
    assert!(server.stop().await, "the server finished within the wait");
    for client in [&mut ann, &mut bob, &mut silent] {
        let frame = client.closed().await.expect("a close frame");
        assert_eq!(u16::from(frame.code), close::GOING_AWAY);
        assert_eq!(frame.reason.as_str(), "server shutting down");
    }
    // Nothing listens any more.
    assert!(tokio::net::TcpStream::connect(addr).await.is_err());
}
