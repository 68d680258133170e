//! The real `mancala-server` binary killed with SIGKILL and started again
//! on the same database: every move any client saw acknowledged is there,
//! players and spectators resume where they were, the clocks lost nothing,
//! and the matches play on to their end.

use protocol::rules::Ruleset;
use protocol::wire::{MatchId, ServerMsg};
use serde_json::{Value, json};
use tests::{Client, Driver, ServerProcess, TestJournal, event_version};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

fn start(journal: &TestJournal) -> ServerProcess {
    let database = journal.database();
    ServerProcess::start(
        std::path::Path::new(SERVER),
        &["--database", &database, "--node-name", tests::NODE],
    )
}

tests::on_both_journals!(
    a_killed_server_loses_no_acknowledged_move_and_its_matches_play_on,
    a_graceful_stop_writes_everything_out,
    open_seeks_survive_a_restart,
);

fn settings(variant: &str, games: u8, time_control: Value) -> Value {
    json!({"ruleset": {"variant": variant, "params": {}}, "games": games, "time_control": time_control})
}

async fn a_killed_server_loses_no_acknowledged_move_and_its_matches_play_on(journal: TestJournal) {
    let first = start(&journal);
    let server = first.server();

    // A five-game real-time Mangala match, a correspondence Kalah match,
    // and a spectator on the first.
    let blitz = json!({"kind": "real_time", "initial_ms": 600000, "increment_ms": 0});
    let (mut ann, mut bob, live) =
        tests::seek_match(&server, ["ann", "bob"], settings("mangala", 5, blitz)).await;
    let id = ann
        .request(json!({"type": "seek_create", "settings": settings("kalah", 1, json!({"kind": "correspondence", "days_per_move": 3}))}))
        .await;
    let seek = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    bob.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let (slow, _) = tests::match_started(&mut ann).await;
    tests::match_started(&mut bob).await;
    let mut cid = Client::join(&server, "cid").await;
    let watched = Client::watch_snapshot(&mut cid, live).await;

    // Half way: into the second game of the one, a few moves into the other.
    let mut live_driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    let mut slow_driver = Driver::new(slow, Ruleset::Kalah(Default::default()), tests::varied);
    live_driver.run([&mut ann, &mut bob], Some(60)).await;
    slow_driver.run([&mut ann, &mut bob], Some(12)).await;
    // The spectator has read every event up to 40.
    let seen_by_cid = 40.max(watched.version);
    for version in watched.version + 1..=seen_by_cid {
        cid.expect(&format!("event {version}"), |m| {
            event_version(m) == Some((live, version))
        })
        .await;
    }
    let mut dan = Client::join(&server, "dan").await;
    let live_before = Client::watch_snapshot(&mut dan, live).await;
    let slow_before = Client::watch_snapshot(&mut dan, slow).await;
    let tokens = [ann.token.clone(), bob.token.clone(), cid.token.clone()];
    drop((ann, bob, cid, dan));

    first.kill();
    let second = start(&journal);
    let restored = second.wait_for_log("restored");
    assert!(
        // ann, bob, cid and dan, and the eight computer players.
        restored.contains("restored 12 players and 2 live matches"),
        "{restored}"
    );
    let server = second.server();

    let (mut ann, welcome) = Client::rejoin(&server, &tokens[0]).await;
    let (mut bob, _) = Client::rejoin(&server, &tokens[1]).await;
    let ServerMsg::Welcome { matches, name, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(name, "ann");
    let mut listed: Vec<MatchId> = matches.iter().map(|m| m.match_id).collect();
    listed.sort();
    assert_eq!(listed, [live, slow], "her live matches are in her welcome");

    // Each player gets what he missed and the restart; the clocks lost nothing.
    for (driver, before) in [(&live_driver, &live_before), (&slow_driver, &slow_before)] {
        let match_id = before.match_id;
        let missed = ann.resume_after(match_id, driver.version()).await;
        let twin = bob.resume_after(match_id, driver.version()).await;
        // The same events, but the one who resumed later may have heard
        // of more (the other's return).
        let common = missed.len().min(twin.len());
        assert_eq!(missed[..common], twin[..common]);
        tests::assert_same_clocks(before.clocks, tests::restarted_clocks(&missed));
        let after = Client::join(&server, &format!("w{}", match_id.0))
            .await
            .watch_snapshot(match_id)
            .await;
        let restart_version = missed.iter().find_map(|e| match e {
            ServerMsg::ServerRestarted { version, .. } => Some(*version),
            _ => None,
        });
        // Between the snapshot and the kill only the players' leaving
        // (their sockets closed) may have been recorded.
        let restart_version = restart_version.expect("a restart event");
        assert!(restart_version > before.version);
        assert!(
            missed
                .iter()
                .filter(|e| event_version(e)
                    .is_some_and(|(_, v)| v > before.version && v < restart_version))
                .all(|e| matches!(e, ServerMsg::PlayerLeft { .. })),
            "{missed:?}"
        );
        assert_eq!(after.games, before.games, "every move is there");
        assert_eq!(after.position, before.position);
        assert_eq!(after.points, before.points);
        // The resumed events are in the clients' backlog for the drivers.
        ann.requeue(missed);
        bob.requeue(twin);
    }

    // The spectator picks up where he was: further behind than a restored
    // match keeps events for, he gets its snapshot, which includes the
    // restart, and then every event as it comes.
    let (mut cid, _) = Client::rejoin(&server, &tokens[2]).await;
    let id = cid
        .request(json!({"type": "resume", "match_id": live, "last_version": seen_by_cid}))
        .await;
    match cid.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => {
            assert!(
                snapshot.version > live_before.version,
                "it includes the restart"
            );
            assert_eq!(snapshot.games, live_before.games);
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }

    // Both matches play on to their end, with every acknowledged move in them.
    let outcome = live_driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.points, outcome.points_from_games);
    assert_eq!(outcome.games, 5);
    slow_driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    let mut eve = Client::join(&server, "eve").await;
    for driver in [&live_driver, &slow_driver] {
        let finished = Client::watch_snapshot(&mut eve, driver.match_id()).await;
        let played: Vec<(u8, u8)> = finished
            .games
            .iter()
            .flat_map(|g| g.moves.iter().map(move |&h| (g.game, h)))
            .collect();
        assert_eq!(
            played,
            driver.accepted_moves(),
            "every acknowledged move, once"
        );
    }

    // The archive has them complete.
    let archive = second.server();
    let (status, body) = archive.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["end_reason"], json!("completed"));
    assert_eq!(body["games"].as_array().map(Vec::len), Some(5));
    let archived = tests::archived_moves(&body);
    assert_eq!(archived, live_driver.accepted_moves());
    assert_eq!(body["points"], json!(outcome.points));
    assert_eq!(body["restarts"].as_array().map(Vec::len), Some(1));
    let record = archive
        .http_get(&format!("/api/matches/{}/record", live.0))
        .await;
    assert!(record.starts_with("HTTP/1.1 200"), "{record}");
    assert_eq!(
        record.matches("[variant \"mangala\"]").count(),
        5,
        "{record}"
    );
    let (status, page) = archive.get_json("/api/players/ANN/matches?limit=1").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["matches"][0]["match_id"], json!(slow.0.max(live.0)));
    let older = page["next_before"].as_u64().expect("a next page");
    let (_, next) = archive
        .get_json(&format!("/api/players/ann/matches?before={older}"))
        .await;
    assert_eq!(next["matches"][0]["match_id"], json!(slow.0.min(live.0)));
    assert_eq!(next["next_before"], Value::Null);
    let (status, missing) = archive.get_json("/api/matches/999999").await;
    assert_eq!(
        (status, missing["error"].clone()),
        (404, json!("no_such_match"))
    );
    second.kill();
}

async fn a_graceful_stop_writes_everything_out(journal: TestJournal) {
    let first = start(&journal);
    let server = first.server();
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 3})).await;
    let mut driver = Driver::new(match_id, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(20)).await;
    let tokens = [ann.token.clone(), bob.token.clone()];
    let status = first.terminate();
    assert!(status.success(), "SIGTERM is a clean stop: {status}");

    let second = start(&journal);
    let server = second.server();
    let mut ann = Client::rejoin_resumed(&server, &tokens[0], match_id, driver.version()).await;
    let mut bob = Client::rejoin_resumed(&server, &tokens[1], match_id, driver.version()).await;
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 3);
    second.kill();
}

async fn open_seeks_survive_a_restart(journal: TestJournal) {
    let first = start(&journal);
    let server = first.server();
    let mut ann = Client::join(&server, "ann").await;
    let id = ann
        .request(json!({"type": "seek_create", "settings": settings("kalah", 3, json!({"kind": "untimed"}))}))
        .await;
    let ServerMsg::SeekCreated { seek: public, .. } = ann.reply(id).await else {
        panic!("a seek")
    };
    let id = ann
        .request(json!({"type": "seek_create", "settings": settings("oware", 1, json!({"kind": "untimed"})), "private": true}))
        .await;
    let ServerMsg::SeekCreated {
        seek: private,
        code: Some(code),
        ..
    } = ann.reply(id).await
    else {
        panic!("a private seek with its code")
    };
    let token = ann.token.clone();
    first.kill();

    let second = start(&journal);
    let server = second.server();
    let (mut ann, welcome) = Client::rejoin(&server, &token).await;
    let ServerMsg::Welcome { seeks, .. } = welcome else {
        unreachable!()
    };
    let mut kept: Vec<_> = seeks.iter().map(|s| s.seek_id).collect();
    kept.sort();
    assert_eq!(
        kept,
        [public.seek_id, private.seek_id],
        "both seeks are hers again"
    );
    let mut bob = Client::join(&server, "bob").await;
    let id = bob.request(json!({"type": "lobby_subscribe"})).await;
    let ServerMsg::LobbySnapshot { seeks, .. } = bob.reply(id).await else {
        panic!("a lobby snapshot")
    };
    assert_eq!(
        seeks.iter().map(|s| s.seek_id).collect::<Vec<_>>(),
        [public.seek_id],
        "the public one is listed, the private one is not"
    );
    let id = bob
        .request(json!({"type": "seek_join", "code": code}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    let (match_id, _) = tests::match_started(&mut ann).await;
    let id = ann
        .request(json!({"type": "seek_create", "settings": settings("mangala", 1, json!({"kind": "untimed"}))}))
        .await;
    let ServerMsg::SeekCreated { seek: newer, .. } = ann.reply(id).await else {
        panic!("a seek")
    };
    assert!(
        newer.seek_id.0 > match_id.0.max(private.seek_id.0),
        "ids never repeat"
    );
    second.kill();
}
