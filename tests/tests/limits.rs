//! Limits and liveness: connections in all and per address, the hello
//! timeout, the idle timeout behind the server's pings, message budgets, and
//! the metrics that count it all.

use protocol::wire::{ErrorCode, ServerMsg, close};
use serde_json::json;
use tests::{Client, Config, TestServer};

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
    let (server, manual) = TestServer::with_clock(Config {
        hello_timeout_ms: 10_000,
        ..Config::default()
    })
    .await;
    let mut silent = Client::connect(&server).await;
    // An answer shows the connection is being served (its deadline is set).
    silent.send(json!({"type": "lobby_subscribe"})).await;
    silent.expect_error(ErrorCode::HelloRequired).await;
    manual.advance(9_999);
    silent.send(json!({"type": "lobby_subscribe"})).await;
    silent.expect_error(ErrorCode::HelloRequired).await;
    manual.advance(1);
    let frame = silent.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert_eq!(frame.reason.as_str(), "no hello in time");
    // A signed-in client is not affected.
    let mut ann = Client::join(&server, "ann").await;
    manual.advance(10_000);
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    assert!(matches!(
        ann.reply(id).await,
        ServerMsg::LobbySnapshot { .. }
    ));
    server.stop().await;
}

#[tokio::test]
async fn a_connection_that_answers_no_ping_is_closed() {
    let (server, manual) = TestServer::with_clock(Config {
        ping_interval_ms: 15_000,
        idle_timeout_ms: 45_000,
        hello_timeout_ms: 3_600_000,
        ..Config::default()
    })
    .await;
    // A client that reads nothing (so answers no ping) after its first answer.
    let mut mute = Client::join(&server, "mute").await;
    // One that reads, and so answers every ping.
    let mut ann = Client::join(&server, "ann").await;
    for _ in 0..4 {
        manual.advance(14_000);
        // Reading the answer lets the client answer the pings sent meanwhile.
        let id = ann.request(json!({"type": "lobby_subscribe"})).await;
        ann.reply(id).await;
    }
    let frame = mute.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert_eq!(
        frame.reason.as_str(),
        "no sign of life: closed after silence"
    );
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
    let (server, manual) = TestServer::with_manual_clock(Config {
        lobby_rate: 2,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    // A burst of twice the rate passes, then the lobby budget runs dry...
    let mut answers = Vec::new();
    for _ in 0..6 {
        let id = ann.request(json!({"type": "pool_leave"})).await;
        answers.push(ann.reply(id).await);
    }
    let limited = |answers: &[ServerMsg]| {
        answers
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    ServerMsg::Error {
                        code: ErrorCode::RateLimited,
                        ..
                    }
                )
            })
            .count()
    };
    assert_eq!(limited(&answers), 2, "4 pass, 2 refused: {answers:?}");
    // ...while other kinds of traffic still go through...
    ann.send(json!({"type": "watch", "match_id": 424_242}))
        .await;
    ann.expect_error(ErrorCode::NoSuchMatch).await;
    // ...and it fills again with time: two a second.
    manual.advance(1_000);
    let mut answers = Vec::new();
    for _ in 0..3 {
        let id = ann.request(json!({"type": "pool_leave"})).await;
        answers.push(ann.reply(id).await);
    }
    assert_eq!(limited(&answers), 1, "{answers:?}");
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
