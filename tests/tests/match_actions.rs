//! Resign, forfeit and abort over the wire, several matches per player, and
//! 200 matches played at once.

use protocol::rules::Ruleset;
use protocol::wire::Seat;
use protocol::wire::{ErrorCode, GameEndReason, MatchEndReason, MatchId, ServerMsg};
use serde_json::json;
use tests::{Client, Config, Driver, TestServer, match_started, play_match, varied};

async fn new_match(
    server: &TestServer,
    names: [&str; 2],
    settings: serde_json::Value,
) -> (Client, Client, MatchId) {
    tests::seek_match(server, names, settings).await
}

async fn game_started(client: &mut Client, game: u8) -> Seat {
    tests::game_started(client, game).await.0
}

#[tokio::test]
async fn abort_before_the_first_move_ends_without_result() {
    let server = TestServer::start().await;
    let (mut a, mut b, match_id) = new_match(&server, ["ann", "bob"], json!({})).await;
    let id = b
        .request(json!({"type": "abort", "match_id": match_id}))
        .await;
    assert!(matches!(b.reply(id).await, ServerMsg::Ok { .. }));
    for client in [&mut a, &mut b] {
        match client
            .expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
            .await
        {
            ServerMsg::MatchEnded {
                reason,
                points,
                winner,
                ..
            } => {
                assert_eq!(reason, MatchEndReason::Aborted);
                assert_eq!(points, [0.0, 0.0]);
                assert_eq!(winner, None);
            }
            _ => unreachable!(),
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn resign_loses_the_game_and_the_next_starts_with_the_other_player() {
    let server = TestServer::start().await;
    let (mut a, mut b, match_id) = new_match(&server, ["ann", "bob"], json!({"games": 3})).await;
    let first = game_started(&mut a, 1).await;
    game_started(&mut b, 1).await;
    let id = a
        .request(json!({"type": "resign", "match_id": match_id}))
        .await;
    assert!(matches!(a.reply(id).await, ServerMsg::Ok { .. }));
    match b
        .expect("game_ended", |m| matches!(m, ServerMsg::GameEnded { .. }))
        .await
    {
        ServerMsg::GameEnded {
            game,
            outcome,
            points,
            ..
        } => {
            assert_eq!(game, 1);
            assert_eq!(outcome.reason, GameEndReason::Resign);
            assert_eq!(outcome.winner, Some(Seat::One));
            assert_eq!(points, [0.0, 1.0]);
        }
        _ => unreachable!(),
    }
    let second = game_started(&mut b, 2).await;
    assert_eq!(second, first.opponent(), "the first move alternates");

    // Forfeit in game 2: it and game 3 go to the other player.
    let id = b
        .request(json!({"type": "forfeit", "match_id": match_id}))
        .await;
    assert!(matches!(b.reply(id).await, ServerMsg::Ok { .. }));
    match a
        .expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await
    {
        ServerMsg::MatchEnded {
            reason,
            points,
            winner,
            ..
        } => {
            assert_eq!(reason, MatchEndReason::Forfeit);
            assert_eq!(points, [2.0, 1.0]);
            assert_eq!(winner, Some(Seat::Zero));
        }
        _ => unreachable!(),
    }
    server.stop().await;
}

#[tokio::test]
async fn a_player_plays_several_matches_at_once() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let mut cid = Client::join(&server, "cid").await;
    let mut matches = Vec::new();
    for opponent in [&mut bob, &mut cid] {
        let id = ann.request(json!({"type": "seek_create", "settings": {"games": 1, "ruleset": {"variant": "kalah"}}})).await;
        let seek = match ann.reply(id).await {
            ServerMsg::SeekCreated { seek, .. } => seek,
            other => panic!("{other:?}"),
        };
        opponent
            .send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
            .await;
        let (match_id, _) = match_started(opponent).await;
        matches.push(match_id);
    }
    assert_ne!(matches[0], matches[1]);
    // Both play out; ann's client carries events of both matches, each read by its version.
    for (match_id, opponent) in [(matches[0], &mut bob), (matches[1], &mut cid)] {
        let outcome = Driver::new(
            match_id,
            Ruleset::default_for(protocol::rules::Variant::Kalah),
            varied,
        )
        .run([&mut ann, opponent], None)
        .await
        .expect("ends");
        assert_eq!(outcome.games, 1);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_matches_play_to_the_end_at_once() {
    // 400 players sign in from this one address.
    let server = TestServer::with_config(Config {
        hello_burst_per_ip: 1_000,
        guests_per_ip_per_hour: 1_000,
        ..Config::default()
    })
    .await;
    let mut tasks = Vec::new();
    for n in 0..200 {
        let variant = ["mangala", "kalah", "oware", "kalah_relay", "congkak"][n % 5];
        let names = [format!("p{n}a"), format!("p{n}b")];
        let (mut a, mut b, match_id) = new_match(
            &server,
            [&names[0], &names[1]],
            json!({"ruleset": {"variant": variant}, "games": 5}),
        )
        .await;
        let ruleset = Ruleset::default_for(variant.parse().expect("variant"));
        tasks.push(tokio::spawn(async move {
            let outcome = play_match([&mut a, &mut b], match_id, ruleset, varied).await;
            (match_id, outcome)
        }));
    }
    let mut ids = std::collections::BTreeSet::new();
    for task in tasks {
        let (match_id, outcome) = task.await.expect("match task");
        assert!(ids.insert(match_id));
        assert_eq!(outcome.reason, MatchEndReason::Completed);
        assert_eq!(outcome.games, 5);
        assert_eq!(
            outcome.points, outcome.points_from_games,
            "match {match_id}: the score adds up"
        );
        assert_eq!(outcome.points[0] + outcome.points[1], 5.0);
        let expected_winner = match outcome.points[0].partial_cmp(&outcome.points[1]) {
            Some(std::cmp::Ordering::Greater) => Some(Seat::Zero),
            Some(std::cmp::Ordering::Less) => Some(Seat::One),
            _ => None,
        };
        assert_eq!(outcome.winner, expected_winner);
    }
    assert_eq!(ids.len(), 200);
    server.stop().await;
}

#[tokio::test]
async fn a_finished_match_is_forgotten_after_its_linger() {
    // The last move or resignation is applied on a player's connection; the
    // match's task must hear that it ended to start the linger. Its spectator
    // tick would also make it look, so the tick is made an hour long here.
    let server = TestServer::with_config(Config {
        ended_linger_ms: 50,
        spectator_update_ms: 3_600_000,
        ..Config::default()
    })
    .await;
    let (mut a, mut b, match_id) = new_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    game_started(&mut a, 1).await;
    game_started(&mut b, 1).await;
    assert_eq!(server.metric("mancala_matches_live").await, 1.0);
    let id = a
        .request(json!({"type": "resign", "match_id": match_id}))
        .await;
    assert!(matches!(a.reply(id).await, ServerMsg::Ok { .. }));
    b.expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    server
        .settled_metric("mancala_matches_live", |v| v == 0.0)
        .await;
    let id = b
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    assert!(matches!(
        b.reply(id).await,
        ServerMsg::Error {
            code: ErrorCode::NoSuchMatch,
            ..
        }
    ));
    server.stop().await;
}
