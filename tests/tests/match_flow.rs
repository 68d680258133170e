//! A complete five-game match over real sockets, watched from the middle.

use protocol::rules::Ruleset;
use protocol::wire::{MatchEndReason, ServerMsg};
use serde_json::json;
use tests::{Client, Driver, TestServer, match_started, varied};

#[tokio::test]
async fn a_five_game_match_is_played_to_the_end_and_watched_from_the_middle() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;

    let id = ann
        .request(json!({"type": "seek_create", "settings": {"ruleset": {"variant": "mangala"}, "games": 5}}))
        .await;
    let seek_id = match ann.reply(id).await {
        ServerMsg::SeekCreated {
            seek, code: None, ..
        } => seek.seek_id,
        other => panic!("expected seek_created, got {other:?}"),
    };
    let id = bob
        .request(json!({"type": "seek_accept", "seek_id": seek_id}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));

    let (match_id, players) = match_started(&mut ann).await;
    let (bob_sees, _) = match_started(&mut bob).await;
    assert_eq!(bob_sees, match_id);
    assert_eq!(
        players,
        [ann.player_id, bob.player_id],
        "the seek's creator is seat 0"
    );

    // Play into the second game, then let a spectator in.
    let mut driver = Driver::new(match_id, Ruleset::Mangala, varied);
    assert!(driver.run([&mut ann, &mut bob], Some(40)).await.is_none());
    let mut eve = Client::join(&server, "eve").await;
    let id = eve
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    let snapshot = match eve.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => snapshot,
        other => panic!("expected a snapshot, got {other:?}"),
    };
    // The move answering event 40 may already be in: the snapshot is at 40 or just after.
    assert!(
        (40..=41).contains(&snapshot.version),
        "{}",
        snapshot.version
    );
    let moves_so_far: usize = snapshot.games.iter().map(|g| g.moves.len()).sum();
    assert!(moves_so_far > 0);
    assert_eq!(snapshot.spectators, 1);
    // The players hear of their spectator (throttled, but it comes).
    for player in [&mut ann, &mut bob] {
        let count = player
            .expect("spectators", |m| matches!(m, ServerMsg::Spectators { .. }))
            .await;
        assert_eq!(count, ServerMsg::Spectators { match_id, count: 1 });
    }

    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.reason, MatchEndReason::Completed);
    assert_eq!(outcome.games, 5, "all five games are played");
    assert_eq!(outcome.points[0] + outcome.points[1], 5.0);
    assert_eq!(
        outcome.points, outcome.points_from_games,
        "the score adds up game by game"
    );

    // The spectator saw every event after the snapshot, ending where the players did.
    let mut last_board = snapshot.position.clone();
    let mut version = snapshot.version;
    loop {
        let want = version + 1;
        let event = eve
            .expect(&format!("event {want}"), |m| {
                tests::event_version(m) == Some((match_id, want))
            })
            .await;
        version = want;
        match event {
            ServerMsg::MovePlayed { position, .. } => last_board = position,
            ServerMsg::MatchEnded { points, reason, .. } => {
                assert_eq!(points, outcome.points);
                assert_eq!(reason, MatchEndReason::Completed);
                break;
            }
            _ => {}
        }
    }
    assert_eq!(version, outcome.version);
    assert_eq!(
        last_board, outcome.last_position,
        "the spectator ends on the players' board"
    );
    server.stop().await;
}
