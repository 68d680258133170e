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

/// Connect as a proxy in front of the server does for the client at
/// `client` (its `X-Real-IP`), without saying hello.
async fn connect_as_proxy_for(
    server: &TestServer,
    client: &str,
) -> Result<impl Sized + use<>, tokio_tungstenite::tungstenite::Error> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = server.url().into_client_request()?;
    let value = client.parse().expect("a header value");
    request.headers_mut().insert("X-Real-IP", value);
    tokio_tungstenite::connect_async(request).await
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_budget() {
    let server = TestServer::with_config(Config {
        max_connections_per_ip: 2,
        trusted_proxies: vec!["127.0.0.1".parse().expect("an address")],
        ..Config::default()
    })
    .await;
    // Two connections of one client through the proxy, then a third refused...
    let _a = connect_as_proxy_for(&server, "203.0.113.1")
        .await
        .expect("a");
    let _b = connect_as_proxy_for(&server, "203.0.113.1")
        .await
        .expect("b");
    let third = connect_as_proxy_for(&server, "203.0.113.1").await;
    assert_eq!(refused_status(third), 429, "the client's own limit");
    // ...while another client through the same proxy, and the proxy's own
    // address, still have room.
    let _c = connect_as_proxy_for(&server, "203.0.113.2")
        .await
        .expect("c");
    let _d = Client::connect(&server).await;
    server.stop().await;

    // From an address that is not a trusted proxy the header is ignored:
    // the connections count against the address they come from.
    let server = TestServer::with_config(Config {
        max_connections_per_ip: 2,
        ..Config::default()
    })
    .await;
    let _a = connect_as_proxy_for(&server, "203.0.113.1")
        .await
        .expect("a");
    let _b = connect_as_proxy_for(&server, "203.0.113.2")
        .await
        .expect("b");
    let third = connect_as_proxy_for(&server, "203.0.113.3").await;
    assert_eq!(
        refused_status(third),
        429,
        "a forged header changes nothing"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_refused_connection_is_answered_at_once() {
    // The server would wait an hour for a request head it serves; one it
    // refuses is answered before the client has sent a byte.
    let (server, _manual) = TestServer::with_clock(Config {
        max_connections: 1,
        handshake_timeout_ms: 3_600_000,
        ..Config::default()
    })
    .await;
    let _a = Client::connect(&server).await;
    let mut raw = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let mut answer = String::new();
    tokio::time::timeout(
        tests::WAIT,
        tokio::io::AsyncReadExt::read_to_string(&mut raw, &mut answer),
    )
    .await
    .expect("an answer without a request")
    .expect("read");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("the server is full"), "{answer}");
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
    // Someone who follows the lobby without signing in is not closed.
    let mut visitor = Client::connect(&server).await;
    let id = visitor.request(json!({"type": "lobby_subscribe"})).await;
    visitor.reply(id).await;
    // An answer shows the connection is being served (its deadline is set).
    silent.send(json!({"type": "pool_leave"})).await;
    silent.expect_error(ErrorCode::HelloRequired).await;
    manual.advance(9_999);
    silent.send(json!({"type": "pool_leave"})).await;
    silent.expect_error(ErrorCode::HelloRequired).await;
    manual.advance(1);
    let frame = silent.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert_eq!(frame.reason.as_str(), "no hello in time");
    // A signed-in client is not affected, nor the visitor, who sees him come.
    let mut ann = Client::join(&server, "ann").await;
    manual.advance(10_000);
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    assert!(matches!(
        ann.reply(id).await,
        ServerMsg::LobbySnapshot { .. }
    ));
    visitor
        .expect("ann online", |m| {
            matches!(m, ServerMsg::PlayersOnline { count: 1 })
        })
        .await;
    let id = visitor.request(json!({"type": "lobby_subscribe"})).await;
    assert!(matches!(
        visitor.reply(id).await,
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

/// The code of an error reply, if it is one.
fn code(msg: &ServerMsg) -> Option<ErrorCode> {
    match msg {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[tokio::test]
async fn refused_frames_are_not_free() {
    let (server, manual) = TestServer::with_clock(Config {
        max_refused: 20,
        refused_window_ms: 10_000,
        ..Config::default()
    })
    .await;
    // Before hello: garbage and requests that need a hello, 20 answered...
    let mut junk = Client::connect(&server).await;
    for n in 0..20 {
        let frame = if n % 2 == 0 {
            "not json"
        } else {
            r#"{"type": "pool_leave"}"#
        };
        junk.send_text(frame).await;
        let answer = junk.next_message("an error").await;
        assert!(
            matches!(
                code(&answer),
                Some(ErrorCode::Malformed | ErrorCode::HelloRequired)
            ),
            "{answer:?}"
        );
    }
    // ...and the next one closes the connection, with its answer and a reason.
    junk.send_text(r#"{"type": "fly"}"#).await;
    assert_eq!(
        junk.expect_error(ErrorCode::UnknownType).await,
        "unknown message type \"fly\""
    );
    let frame = junk.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert_eq!(
        frame.reason.as_str(),
        "too many refused requests: more than 20 in 10 s"
    );
    // After hello the same, and the budget fills again with time: 2 a second.
    let mut ann = Client::join(&server, "ann").await;
    for _ in 0..20 {
        let id = ann.request(json!({"type": "pool_leave"})).await;
        assert_eq!(code(&ann.reply(id).await), Some(ErrorCode::NotInPool));
    }
    manual.advance(1_000);
    for _ in 0..2 {
        let id = ann
            .request(json!({"type": "seek_cancel", "seek_id": 1}))
            .await;
        assert_eq!(code(&ann.reply(id).await), Some(ErrorCode::NoSuchSeek));
    }
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    assert!(
        matches!(ann.reply(id).await, ServerMsg::LobbySnapshot { .. }),
        "accepted requests cost nothing"
    );
    ann.send(json!({"type": "unwatch", "match_id": 1})).await;
    ann.expect_error(ErrorCode::NotWatching).await;
    assert!(ann.closed().await.is_some());
    server.stop().await;
}

#[tokio::test]
async fn hellos_have_a_budget_per_connection_and_per_address() {
    let (server, manual) = TestServer::with_clock(Config {
        hello_burst: 3,
        hello_burst_per_ip: 5,
        hello_rate_per_ip: 1,
        ..Config::default()
    })
    .await;
    let hello = |token: &str| json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION, "name": "x", "token": token});
    // Three guesses on one connection, then the fourth is refused unread.
    let mut guesser = Client::connect(&server).await;
    for _ in 0..3 {
        guesser.send(hello("0000")).await;
        guesser.expect_error(ErrorCode::UnknownToken).await;
    }
    guesser.send(hello("0000")).await;
    let message = guesser.expect_error(ErrorCode::RateLimited).await;
    assert_eq!(message, "too many hello messages: slow down");
    // The address has spent three of its five (the refused one did not
    // count): two more connections sign in, the next is refused until a
    // second has passed.
    let ann = Client::join(&server, "ann").await;
    let bob = Client::join(&server, "bob").await;
    assert_ne!(ann.player_id, bob.player_id);
    let mut cat = Client::connect(&server).await;
    cat.send(json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION, "name": "cat"}))
        .await;
    cat.expect_error(ErrorCode::RateLimited).await;
    manual.advance(1_000);
    cat.hello("cat").await;
    server.stop().await;
}

#[tokio::test]
async fn a_lobby_subscriber_that_does_not_read_parks_one_snapshot() {
    let server = TestServer::with_config(Config {
        lobby_rate: 1_000_000,
        ..Config::default()
    })
    .await;
    // A lobby worth reading: a few seeks.
    let mut owners = Vec::new();
    for n in 0..5 {
        let mut owner = Client::join(&server, &format!("owner{n}")).await;
        for _ in 0..3 {
            let id = owner.request(json!({"type": "seek_create"})).await;
            owner.reply(id).await;
        }
        owners.push(owner);
    }
    let mut lurker = Client::connect_with_small_window(&server).await;
    lurker.hello("lurker").await;
    // Two thousand snapshots asked for, none read meanwhile.
    let asked = 2_000;
    let mut last = 0;
    for _ in 0..asked {
        last = lurker.request(json!({"type": "lobby_subscribe"})).await;
    }
    // The last is answered; most of those still waiting were replaced by it,
    // so the connection never counted as too slow.
    let mut snapshots = match lurker.reply_or_close(last).await {
        Ok(ServerMsg::LobbySnapshot { .. }) => 1,
        Ok(other) => panic!("{other:?}"),
        Err(frame) => panic!("closed: {frame:?}"),
    };
    snapshots += lurker.backlog_count(|m| matches!(m, ServerMsg::LobbySnapshot { .. }));
    assert!(
        snapshots < asked,
        "{snapshots} of {asked} snapshots were sent"
    );
    assert_eq!(server.metric("mancala_queue_drops_total").await, 0.0);
    server.stop().await;
}
