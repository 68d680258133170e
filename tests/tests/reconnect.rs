//! Disconnects and reconnection: the seat is kept, the others are told, and a
//! returning player or spectator catches up from the last version it saw,
//! from the event history or by a snapshot, with nothing applied twice.

use protocol::rules::Ruleset;
use protocol::wire::Seat;
use protocol::wire::{MatchId, ServerMsg};
use serde_json::json;
use tests::{Client, Config, Driver, TestServer, event_version, lowest, varied};

async fn seek_match(server: &TestServer) -> (Client, Client, MatchId) {
    tests::seek_match(server, ["ann", "bob"], json!({"games": 2})).await
}

fn left(match_id: MatchId, seat: Seat) -> impl Fn(&ServerMsg) -> bool {
    move |m| matches!(m, ServerMsg::PlayerLeft { match_id: id, seat: s, .. } if *id == match_id && *s == seat)
}

fn returned(match_id: MatchId, seat: Seat) -> impl Fn(&ServerMsg) -> bool {
    move |m| matches!(m, ServerMsg::PlayerReturned { match_id: id, seat: s, .. } if *id == match_id && *s == seat)
}

#[tokio::test]
async fn a_player_who_returns_within_the_history_gets_exactly_what_he_missed() {
    let server = TestServer::start().await;
    let (mut ann, bob, match_id) = seek_match(&server).await;
    let mut bob = bob;
    let mut driver = Driver::new(match_id, Ruleset::Mangala, varied);
    assert!(driver.run([&mut ann, &mut bob], Some(12)).await.is_none());
    let token = bob.token.clone();
    bob.leave().await;
    ann.wait_for("player_left", left(match_id, Seat::One)).await;

    let (mut bob, welcome) = Client::rejoin(&server, &token).await;
    match welcome {
        ServerMsg::Welcome { matches, .. } => {
            assert_eq!(
                matches.len(),
                1,
                "the live match comes back with the identity"
            );
            assert_eq!(matches[0].match_id, match_id);
        }
        _ => unreachable!(),
    }
    let back = ann
        .wait_for("player_returned", returned(match_id, Seat::One))
        .await;
    let back_version = event_version(&back).map(|(_, v)| v).expect("versioned");

    let id = bob
        .request(json!({"type": "resume", "match_id": match_id, "last_version": 12}))
        .await;
    match bob.reply(id).await {
        ServerMsg::Resumed { version, .. } => assert_eq!(version, back_version),
        other => panic!("expected resumed, got {other:?}"),
    }
    // Everything after 12 came, in order, before `resumed`; the driver checks
    // both players see the same stream and plays on to the end.
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 2);
    assert_eq!(outcome.points[0] + outcome.points[1], 2.0);
    server.stop().await;
}

#[tokio::test]
async fn a_player_who_missed_more_than_the_history_gets_a_snapshot() {
    let server = TestServer::with_config(Config {
        event_history: 2,
        ..Config::default()
    })
    .await;
    let (mut ann, mut bob, match_id) = seek_match(&server).await;
    let mut driver = Driver::new(match_id, Ruleset::Mangala, lowest);
    assert!(driver.run([&mut ann, &mut bob], Some(10)).await.is_none());
    let token = bob.token.clone();
    bob.leave().await;
    ann.wait_for("player_left", left(match_id, Seat::One)).await;
    let (mut bob, _) = Client::rejoin(&server, &token).await;
    ann.wait_for("player_returned", returned(match_id, Seat::One))
        .await;

    let id = bob
        .request(json!({"type": "resume", "match_id": match_id, "last_version": 10}))
        .await;
    let snapshot = match bob.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => snapshot,
        other => panic!("expected a snapshot, got {other:?}"),
    };
    // The snapshot is ann's view: her last board and version.
    let mut ann_board = None;
    let mut version = 10;
    loop {
        let want = version + 1;
        let found = ann
            .expect(&format!("event {want}"), |m| {
                event_version(m) == Some((match_id, want))
            })
            .await;
        if let ServerMsg::MovePlayed { position, .. } = &found {
            ann_board = Some(position.clone());
        }
        version = want;
        if matches!(found, ServerMsg::PlayerReturned { .. }) {
            break;
        }
    }
    assert_eq!(snapshot.version, version);
    let board = ann_board.expect("the move answering event 10 was played while bob was away");
    assert_eq!(snapshot.position, board);
    // Both play on from the snapshot.
    driver.resync([&mut ann, &mut bob], &snapshot).await;
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 2);
    server.stop().await;
}

#[tokio::test]
async fn a_move_sent_again_after_reconnecting_is_applied_once() {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id) = seek_match(&server).await;
    let first = match ann
        .expect("game_started", |m| {
            matches!(m, ServerMsg::GameStarted { .. })
        })
        .await
    {
        ServerMsg::GameStarted { first, .. } => first,
        _ => unreachable!(),
    };
    let (mover, other) = if first == Seat::Zero {
        (ann, &mut bob)
    } else {
        (bob, &mut ann)
    };
    let mut mover = mover;
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 2}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted {
            duplicate: false,
            ..
        }
    ));
    let token = mover.token.clone();
    mover.leave().await;
    other.wait_for("player_left", left(match_id, first)).await;
    let (mut mover, _) = Client::rejoin(&server, &token).await;
    // Not sure the first one arrived, the client sends it again.
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 2}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted {
            duplicate: true,
            ..
        }
    ));
    let id = mover
        .request(json!({"type": "resume", "match_id": match_id, "last_version": 2}))
        .await;
    let resumed_version = match mover.reply(id).await {
        ServerMsg::Resumed { version, .. } => version,
        other => panic!("{other:?}"),
    };
    let moves = (3..=resumed_version)
        .filter(|v| {
            mover.has_seen(|m| {
                matches!(m, ServerMsg::MovePlayed { .. })
                    && event_version(m) == Some((match_id, *v))
            })
        })
        .count();
    assert_eq!(moves, 1, "the move was played exactly once");
    server.stop().await;
}

#[tokio::test]
async fn a_spectator_resumes_the_same_way_and_watches_on() {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id) = seek_match(&server).await;
    let eve = Client::join(&server, "eve").await;
    let mut eve = eve;
    let id = eve
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    let seen = match eve.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => snapshot.version,
        other => panic!("{other:?}"),
    };
    let token = eve.token.clone();
    eve.leave().await;
    let mut driver = Driver::new(match_id, Ruleset::Mangala, varied);
    assert!(
        driver
            .run([&mut ann, &mut bob], Some(seen + 6))
            .await
            .is_none()
    );
    let (mut eve, _) = Client::rejoin(&server, &token).await;
    let id = eve
        .request(json!({"type": "resume", "match_id": match_id, "last_version": seen}))
        .await;
    let now = match eve.reply(id).await {
        ServerMsg::Resumed { version, .. } => version,
        other => panic!("{other:?}"),
    };
    for v in seen + 1..=now {
        assert!(
            eve.has_seen(|m| event_version(m) == Some((match_id, v))),
            "event {v} replayed"
        );
    }
    // Watching again: the next event reaches her too.
    let outcome = driver.run([&mut ann, &mut bob], None).await.expect("ends");
    eve.expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    assert_eq!(outcome.games, 2);
    server.stop().await;
}

#[tokio::test]
async fn seeks_wait_for_a_quick_return() {
    let server = TestServer::with_config(Config {
        seek_grace_ms: 60_000,
        ..Config::default()
    })
    .await;
    let ann = Client::join(&server, "ann").await;
    let mut ann = ann;
    let id = ann
        .request(json!({"type": "seek_create", "private": true}))
        .await;
    let seek = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    let token = ann.token.clone();
    ann.leave().await;
    let (_ann, welcome) = Client::rejoin(&server, &token).await;
    match welcome {
        ServerMsg::Welcome { seeks, .. } => assert_eq!(seeks, vec![seek]),
        _ => unreachable!(),
    }
    server.stop().await;
}

/// A server that stops while a player's requests are coming in answers
/// none of them with an error: its matches stop before its connections
/// close, and a request caught in between is not refused as if its match
/// did not exist (clients would give up on it); the close says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_caught_by_a_stop_get_no_error_only_the_close() {
    let config = Config {
        watch_rate: 1_000_000,
        ..Config::default()
    };
    let server = TestServer::with_config(config).await;
    let (mut ann, mut bob, match_id) = seek_match(&server).await;
    let mut driver = Driver::new(match_id, Ruleset::Mangala, lowest);
    assert!(driver.run([&mut ann, &mut bob], Some(4)).await.is_none());
    let resume = json!({"type": "resume", "match_id": match_id, "last_version": driver.version()});
    for _ in 0..1_000 {
        ann.request(resume.clone()).await;
    }
    assert!(server.stop().await, "the server stops");
    let close = ann
        .expect_or_close("an error", |m| matches!(m, ServerMsg::Error { .. }))
        .await
        .expect_err("no request is refused while the server stops");
    // The close frame itself may be lost: the server closes its sockets with
    // the rest of the flood unread, which resets the connection.
    if let Some(frame) = close {
        assert_eq!(u16::from(frame.code), 1001, "the server is going away");
    }
}
