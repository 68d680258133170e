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
