//! A correspondence match nobody is connected to leaves memory (its events
//! are all in the journal) and comes back when a player asks for it, or by
//! itself when its deadline comes. On the manual clock.

use protocol::wire::{MatchId, Seat, ServerMsg};
use serde_json::{Value, json};
use tests::{Client, Config, TestServer};

const DAY: u64 = 24 * 60 * 60 * 1000;

async fn live_matches(server: &TestServer, expected: f64) {
    server
        .settled_metric("mancala_matches_live", |v| v == expected)
        .await;
}

/// `client` resumes `match_id` from the start: the position it ends on, the
/// seat to move, and the number of moves played in the current game.
async fn resume(client: &mut Client, match_id: MatchId) -> (Option<Seat>, u32) {
    let id = client
        .request(json!({"type": "resume", "match_id": match_id, "last_version": 0}))
        .await;
    let mut to_move = None;
    let mut plies = 0;
    loop {
        let msg = client
            .expect("the catch-up", |m| {
                tests::event_version(m).is_some_and(|(m, _)| m == match_id)
                    || tests::reply_id(m) == Some(id)
            })
            .await;
        match msg {
            ServerMsg::GameStarted { first, .. } => (to_move, plies) = (Some(first), 0),
            ServerMsg::MovePlayed { next, ply, .. } => (to_move, plies) = (next, ply),
            ServerMsg::Resumed { .. } => return (to_move, plies),
            ServerMsg::MatchSnapshot { snapshot, .. } => {
                let plies = snapshot.games.last().map_or(0, |g| g.moves.len() as u32);
                return (snapshot.to_move, plies);
            }
            _ => {}
        }
    }
}

/// Both players leave; `watcher` waits until the match has heard of both,
/// then stops watching: nobody is connected to it from then on.
async fn everyone_leaves(players: [Client; 2], watcher: &mut Client, match_id: MatchId) {
    let id = watcher
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    watcher.reply(id).await;
    for player in players {
        player.leave().await;
    }
    for _ in 0..2 {
        watcher
            .expect("player_left", |m| matches!(m, ServerMsg::PlayerLeft { .. }))
            .await;
    }
    let id = watcher
        .request(json!({"type": "unwatch", "match_id": match_id}))
        .await;
    watcher.reply(id).await;
}

async fn move_in(client: &mut Client, match_id: MatchId, ply: u32, house: u8) {
    let id = client
        .request(
            json!({"type": "move", "match_id": match_id, "game": 1, "ply": ply, "house": house}),
        )
        .await;
    let answer = client.reply(id).await;
    assert!(
        matches!(answer, ServerMsg::MoveAccepted { .. }),
        "{answer:?}"
    );
}

#[tokio::test]
async fn an_idle_correspondence_match_leaves_memory_and_comes_back() {
    let dir = tempfile::tempdir().expect("a directory");
    let (server, clock) = TestServer::with_manual_clock(Config {
        database: dir.path().join("unload.sqlite3").display().to_string(),
        unload_after_ms: 60_000,
        ..Config::default()
    })
    .await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1,
        "time_control": {"kind": "correspondence", "days_per_move": 3}});
    let (mut ann, mut bob, match_id) = tests::seek_match(&server, ["ann", "bob"], settings).await;
    let (first, _) = tests::game_started(&mut ann, 1).await;
    let seats = |first: Seat| if first == Seat::Zero { [0, 1] } else { [1, 0] };
    let order = seats(first);
    {
        let players = [&mut ann, &mut bob];
        move_in(players[order[0]], match_id, 1, 1).await;
    }
    live_matches(&server, 1.0).await;
    let tokens = [ann.token.clone(), bob.token.clone()];
    let mut cid = Client::join(&server, "cid").await;
    everyone_leaves([ann, bob], &mut cid, match_id).await;

    // A minute with nobody there: it leaves memory, and stays listed as live.
    clock.advance(61_000);
    live_matches(&server, 0.0).await;
    let (mut ann, welcome) = Client::rejoin(&server, &tokens[0]).await;
    let ServerMsg::Welcome { matches, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(
        matches.iter().map(|m| m.match_id).collect::<Vec<_>>(),
        [match_id]
    );

    // Asking for it loads it, as it was: one move played.
    let (to_move, plies) = resume(&mut ann, match_id).await;
    live_matches(&server, 1.0).await;
    assert_eq!(plies, 1);
    let (mut bob, _) = Client::rejoin(&server, &tokens[1]).await;
    let (bob_to_move, _) = resume(&mut bob, match_id).await;
    assert_eq!(to_move, bob_to_move);
    let mover = to_move.expect("someone is to move");
    {
        let players = [&mut ann, &mut bob];
        // Kalah house 1 after the opening move: legal for either side here.
        move_in(players[seats(mover)[0]], match_id, 2, 2).await;
    }

    // Out of memory again, its deadline passes: it comes back by itself
    // and the game ends on time.
    everyone_leaves([ann, bob], &mut cid, match_id).await;
    clock.advance(61_000);
    live_matches(&server, 0.0).await;
    clock.advance(3 * DAY);
    let response = loop {
        let response = server
            .http_get(&format!("/api/matches/{}", match_id.0))
            .await;
        if response.contains("\"end_reason\":\"completed\"") {
            break response;
        }
        // Polling the archive while the woken match stores its end.
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let body: Value =
        serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap_or("")).expect("JSON");
    assert_eq!(body["games"][0]["outcome"]["reason"], json!("timeout"));
    assert_eq!(body["games"][0]["moves"].as_array().map(Vec::len), Some(2));
    let (_, welcome) = Client::rejoin(&server, &tokens[0]).await;
    let ServerMsg::Welcome { matches, .. } = welcome else {
        unreachable!()
    };
    assert!(matches.is_empty(), "the match is over: {matches:?}");
    server.stop().await;
}
