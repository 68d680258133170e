//! Abuse that costs the sender, not the server: each attack here once grew
//! the server's memory or took something from other players. Every test
//! asserts the bound (a close code, a refusal code, a count), never a time.

use protocol::wire::{ServerMsg, close};
use serde_json::json;
use tests::{Client, Config, TestServer};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

/// A client that floods pings and never reads the pongs is closed with
/// 1008 and a reason once its ping budget is spent; another player on the
/// same server is served throughout.
#[tokio::test]
async fn a_ping_flood_is_closed_by_its_budget() {
    // A manual clock that does not move: the budget never refills.
    let (server, _manual) = TestServer::with_manual_clock(Config {
        ping_rate: 2,
        ..Config::default()
    })
    .await;
    let mut flooder = Client::join(&server, "flooder").await;
    let mut ann = Client::join(&server, "ann").await;
    let mut sent = 0;
    while sent < 10_000 && flooder.try_feed_ping().await {
        sent += 1;
    }
    flooder.flush().await;
    let frame = flooder.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert_eq!(frame.reason.as_str(), "too many pings: at most 2 a second");
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    assert!(matches!(
        ann.reply(id).await,
        ServerMsg::LobbySnapshot { .. }
    ));
    server
        .settled_metric("mancala_closes_total{reason=\"ping_flood\"}", |v| v == 1.0)
        .await;
    server.stop().await;
}

/// The pings of a well-behaved client (within the budget) keep it open.
#[tokio::test]
async fn pings_within_the_budget_are_answered() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        ping_rate: 2,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    for _ in 0..20 {
        assert!(ann.try_feed_ping().await && ann.flush().await);
        manual.advance(1_000);
        let id = ann.request(json!({"type": "lobby_subscribe"})).await;
        ann.reply(id).await;
    }
    server.stop().await;
}

/// A frame that breaks the WebSocket protocol closes with 1002 and says
/// why, not with a normal "bye".
#[tokio::test]
async fn a_protocol_violation_closes_with_1002() {
    let server = TestServer::start().await;
    let mut rogue = Client::join(&server, "rogue").await;
    // A text frame with a reserved bit set, and no extension that uses it.
    let mut frame = Frame::message("{}", OpCode::Data(Data::Text), true);
    frame.header_mut().rsv1 = true;
    rogue.try_send_frame(frame).await;
    let frame = rogue.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::PROTOCOL_ERROR);
    assert!(
        frame
            .reason
            .as_str()
            .starts_with("WebSocket protocol error"),
        "{}",
        frame.reason
    );
    server.stop().await;
}

/// Sustained writes (a long match played as fast as the journal takes it)
/// keep the write-ahead log near its limit: the writer folds it back once
/// past it, and the next commit starts it again, cut back to the limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sustained_writes_keep_the_write_ahead_log_bounded() {
    const LIMIT: u64 = 64 * 1024;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = dir.path().join("wal.sqlite3");
    let server = TestServer::with_config(Config {
        database: database.display().to_string(),
        wal_limit_bytes: LIMIT,
        ..Config::default()
    })
    .await;
    let wal = dir.path().join("wal.sqlite3-wal");
    let mut largest = 0;
    for round in 0..3 {
        let settings =
            json!({"ruleset": {"variant": "kalah", "params": {"seeds_per_house": 6}}, "games": 9});
        let names = [format!("ann{round}"), format!("bob{round}")];
        let (mut ann, mut bob, match_id) =
            tests::seek_match(&server, [&names[0], &names[1]], settings).await;
        let ruleset =
            serde_json::from_value(json!({"variant": "kalah", "params": {"seeds_per_house": 6}}))
                .expect("a ruleset");
        tests::Driver::new(match_id, ruleset, tests::varied)
            .run([&mut ann, &mut bob], None)
            .await
            .expect("the match ends");
        largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
    }
    let moves = server.metric("mancala_moves_accepted_total").await;
    assert!(moves > 500.0, "sustained: {moves} moves");
    // One commit's pages may come on top of the limit before it is folded
    // back (and a checkpoint of the background thread may hold it up once).
    assert!(
        largest <= LIMIT + 256 * 1024,
        "the log grew to {largest} bytes over {moves} moves"
    );
    server.stop().await;
}

/// Offering and declining draws in a loop (each is a journal write) is
/// budgeted per player: past the burst each is refused `rate_limited`, and
/// the budget fills again with time.
#[tokio::test]
async fn draw_offers_and_declines_draw_on_a_budget() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        offers_per_minute: 6,
        ..Config::default()
    })
    .await;
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let m = match_id.0;
    let mut refused = None;
    for round in 0..10 {
        let id = ann
            .request(json!({"type": "draw_offer", "match_id": m}))
            .await;
        match ann.reply(id).await {
            ServerMsg::Ok { .. } => {}
            ServerMsg::Error { code, .. } => {
                assert_eq!(code, protocol::wire::ErrorCode::RateLimited);
                refused = Some(round);
                break;
            }
            other => panic!("{other:?}"),
        }
        let id = bob
            .request(json!({"type": "draw_decline", "match_id": m}))
            .await;
        assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    }
    assert_eq!(refused, Some(6), "six offers, then refused");
    manual.advance(10_000);
    let id = ann
        .request(json!({"type": "draw_offer", "match_id": m}))
        .await;
    assert!(
        matches!(ann.reply(id).await, ServerMsg::Ok { .. }),
        "one more after 10 s"
    );
    server.stop().await;
}

/// A private seek's code is 128 random bits, codes tried from one address
/// are budgeted, and the lobby holds a bounded number of seeks in all.
#[tokio::test]
async fn private_codes_cannot_be_guessed_and_the_lobby_is_bounded() {
    use protocol::wire::ErrorCode;
    let (server, manual) = TestServer::with_manual_clock(Config {
        seek_code_tries_per_ip: 3,
        max_seeks_total: 2,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    let id = ann
        .request(json!({"type": "seek_create", "settings": {"games": 1}, "private": true}))
        .await;
    let ServerMsg::SeekCreated {
        code: Some(code), ..
    } = ann.reply(id).await
    else {
        panic!("a private seek with a code")
    };
    assert_eq!(code.len(), 32, "{code}");
    assert!(code.chars().all(|c| c.is_ascii_hexdigit()), "{code}");
    let mut guesser = Client::join(&server, "guesser").await;
    for n in 0..3 {
        let id = guesser
            .request(json!({"type": "seek_join", "code": format!("{n:032x}")}))
            .await;
        assert!(matches!(
            guesser.reply(id).await,
            ServerMsg::Error {
                code: ErrorCode::NoSuchSeek,
                ..
            }
        ));
    }
    let id = guesser
        .request(json!({"type": "seek_join", "code": code}))
        .await;
    let ServerMsg::Error {
        code: refused,
        message,
        ..
    } = guesser.reply(id).await
    else {
        panic!("refused")
    };
    assert_eq!(refused, ErrorCode::RateLimited, "even the right code waits");
    assert_eq!(
        message,
        "too many private codes tried from this address: one more a minute"
    );
    // The lobby's second seek fits; a third, from anyone, does not.
    let mut bob = Client::join(&server, "bob").await;
    let id = bob
        .request(json!({"type": "seek_create", "settings": {"games": 1}}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::SeekCreated { .. }));
    let id = guesser
        .request(json!({"type": "seek_create", "settings": {"games": 1}}))
        .await;
    let ServerMsg::Error {
        code: full,
        message,
        ..
    } = guesser.reply(id).await
    else {
        panic!("refused")
    };
    assert_eq!(full, ErrorCode::TooManySeeks);
    assert_eq!(
        message,
        "the lobby holds 2 open seeks, the most it takes: join one, or try again later"
    );
    manual.advance(60_000);
    let id = guesser
        .request(json!({"type": "seek_join", "code": code}))
        .await;
    assert!(
        matches!(guesser.reply(id).await, ServerMsg::Ok { .. }),
        "a minute later"
    );
    server.stop().await;
}
