//! Two real `mancala-server` processes on one PostgreSQL database: a live
//! match outlives the node serving it. When that node dies (SIGKILL) or
//! hangs (SIGSTOP), the other takes the match over once its lease lapses;
//! the players reconnect there and play on, with the time lost charged to
//! nobody; a hung node that wakes up can never write to the match again
//! and sends its clients away (close code 1012) to reconnect.

use protocol::rules::Ruleset;
use protocol::wire::{ErrorCode, MatchId, PROTOCOL_VERSION, ServerMsg, close};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};
use tests::{Client, Driver, ServerProcess, TestServer};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

/// Short leases, so that a failover comes soon (the waits below do not
/// depend on it: they wait for the takeover, however long it takes).
const LEASE_MS: &str = "1000";

/// How long a takeover may take before the test fails (a busy machine
/// may be slow; a takeover that never comes is what this catches).
const TAKEOVER: Duration = Duration::from_secs(60);

fn node(url: &str, name: &str) -> ServerProcess {
    ServerProcess::start(
        Path::new(SERVER),
        &[
            "--database",
            url,
            "--node-name",
            name,
            "--lease-ms",
            LEASE_MS,
            "--computers",
            "false",
        ],
    )
}

/// Wait until `server`'s archive says `node` serves match `id`; the match
/// as the archive has it then.
async fn wait_for_owner(server: &TestServer, id: MatchId, node: &str) -> Value {
    let deadline = Instant::now() + TAKEOVER;
    loop {
        let (status, body) = server.get_json(&format!("/api/matches/{}", id.0)).await;
        if status == 200 && body["owner"] == json!(node) {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "{node} never took match {id} over: {status}, owner {}",
            body["owner"]
        );
        // Polling the archive: the pause only spaces the looks out (and
        // keeps them under the API's rate per address).
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn blitz_mangala(games: u8) -> Value {
    json!({"ruleset": {"variant": "mangala", "params": {}}, "games": games,
           "time_control": {"kind": "real_time", "initial_ms": 600000, "increment_ms": 0}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_match_survives_the_death_of_its_node() {
    let postgres = tests::Postgres::start();
    let url = postgres.create_database("failover");
    let a = node(&url, "node-a");
    let b = node(&url, "node-b");
    let (on_a, on_b) = (a.server(), b.server());
    // Ann and Bob play on node a, which node b knows nothing of but the journal.
    let (mut ann, mut bob, live) = tests::seek_match(&on_a, ["ann", "bob"], blitz_mangala(3)).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(30)).await;
    let mut taken = Client::connect(&on_b).await;
    taken
        .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "Ann"}))
        .await;
    taken.expect_error(ErrorCode::NameTaken).await;

    // The match stays where it is while its node lives.
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(body["owner"], json!("node-a"), "{body}");
    let before = Client::join(&on_a, "cid").await.watch_snapshot(live).await;
    let tokens = [ann.token.clone(), bob.token.clone()];
    drop((ann, bob));

    a.kill();
    let taken = wait_for_owner(&on_b, live, "node-b").await;
    assert_eq!(
        taken["restarts"].as_array().map(Vec::len),
        Some(1),
        "the takeover is in the archive as a restart: {taken}"
    );

    // The players reconnect to the node that lives (which learns them from
    // the journal), get what they missed and the takeover; the clocks lost
    // nothing to it.
    let (mut ann, _) = Client::rejoin(&on_b, &tokens[0]).await;
    let (mut bob, _) = Client::rejoin(&on_b, &tokens[1]).await;
    let missed = ann.resume_after(live, driver.version()).await;
    let twin = bob.resume_after(live, driver.version()).await;
    tests::assert_same_clocks(before.clocks, tests::restarted_clocks(&missed));
    ann.requeue(missed);
    bob.requeue(twin);

    // The match plays on to its end on node b, every acknowledged move in it.
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 3);
    let (status, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["end_reason"], json!("completed"));
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
    assert_eq!(body.get("owner"), None, "an ended match has no owner");
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_node_that_wakes_up_can_never_write_to_the_match_it_lost() {
    let postgres = tests::Postgres::start();
    let url = postgres.create_database("fencing");
    let a = node(&url, "node-a");
    let on_a = a.server();
    let (mut ann, mut bob, live) = tests::seek_match(&on_a, ["ann", "bob"], blitz_mangala(1)).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(8)).await;
    let b = node(&url, "node-b");
    let on_b = b.server();
    // A move node a would take, by what it knows before it hangs.
    let hung_view = Client::join(&on_a, "cid").await.watch_snapshot(live).await;
    let to_move = hung_view.to_move.expect("someone is to move");
    let game = hung_view.games.last().expect("a game");
    let stale_move = json!({"type": "move", "match_id": live, "game": game.game,
        "ply": game.moves.len() + 1, "house": hung_view.legal[0]});

    // Node a hangs with both players connected to it; they go to node b
    // and play on there.
    a.pause();
    wait_for_owner(&on_b, live, "node-b").await;
    let (mut ann_b, _) = Client::rejoin(&on_b, &ann.token).await;
    let (mut bob_b, _) = Client::rejoin(&on_b, &bob.token).await;
    let missed = ann_b.resume_after(live, driver.version()).await;
    let twin = bob_b.resume_after(live, driver.version()).await;
    ann_b.requeue(missed);
    bob_b.requeue(twin);
    let played = driver.version();
    driver.run([&mut ann_b, &mut bob_b], Some(played + 6)).await;

    // Node a wakes up. Whatever it still believes, the move it would have
    // taken is not taken (refused, or its connection sent away first), and
    // its clients are told to reconnect.
    a.wake();
    let stale = if to_move.index() == 0 {
        &mut ann
    } else {
        &mut bob
    };
    let id = stale.request(stale_move).await;
    let frame = match stale.reply_or_close(id).await {
        Ok(ServerMsg::Error { .. }) => stale.closed().await,
        Ok(other) => panic!("node a took a move for a match it lost: {other:?}"),
        Err(frame) => frame,
    };
    let frame = frame.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::SERVICE_RESTART, "{frame:?}");

    // The journal has exactly the moves node b acknowledged, and node b
    // plays on.
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
    assert_eq!(body["owner"], json!("node-b"));
    let played = driver.version();
    driver.run([&mut ann_b, &mut bob_b], Some(played + 2)).await;
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_loses_no_move_and_charges_no_clock() {
    let postgres = tests::Postgres::start();
    let url = postgres.create_database("rolling");
    let names = ["node-a", "node-b"];
    let mut nodes = names.map(|name| Some(node(&url, name)));
    let on_a = nodes[0].as_ref().expect("node a").server();
    let (mut ann, mut bob, live) = tests::seek_match(&on_a, ["ann", "bob"], blitz_mangala(3)).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(10)).await;

    // Node a, then b, then a again, then b again: each stopped (SIGTERM)
    // while it serves the match, and started again afterwards.
    for round in 0..4 {
        let (serving, other) = (round % 2, 1 - round % 2);
        let server = nodes[serving].as_ref().expect("the serving node").server();
        let before = Client::join(&server, &format!("w{round}"))
            .await
            .watch_snapshot(live)
            .await;
        let stopped = nodes[serving].take().expect("the serving node");
        assert!(stopped.terminate().success(), "a clean stop");
        for player in [&mut ann, &mut bob] {
            let frame = player.closed().await.expect("a close frame");
            assert_eq!(
                u16::from(frame.code),
                close::SERVICE_RESTART,
                "the stopping node sends its players elsewhere: {frame:?}"
            );
        }

        // They come back on the other node at once, which takes the match
        // over when they ask for it; the clocks lost nothing.
        let elsewhere = nodes[other].as_ref().expect("the other node").server();
        let (mut ann_next, _) = Client::rejoin(&elsewhere, &ann.token).await;
        let (mut bob_next, _) = Client::rejoin(&elsewhere, &bob.token).await;
        let missed = ann_next.resume_after(live, driver.version()).await;
        let twin = bob_next.resume_after(live, driver.version()).await;
        tests::assert_same_clocks(before.clocks, tests::restarted_clocks(&missed));
        ann_next.requeue(missed);
        bob_next.requeue(twin);
        (ann, bob) = (ann_next, bob_next);
        let played = driver.version();
        driver.run([&mut ann, &mut bob], Some(played + 6)).await;
        nodes[serving] = Some(node(&url, names[serving]));
    }

    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 3);
    let serving = nodes[0].as_ref().expect("node a").server();
    let (_, body) = serving.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(body["end_reason"], json!("completed"));
    assert_eq!(
        tests::archived_moves(&body),
        driver.accepted_moves(),
        "no move lost"
    );
    assert_eq!(
        body["restarts"].as_array().map(Vec::len),
        Some(4),
        "each stop is a pause charged to nobody"
    );
}

/// One rated game of Mangala, played to its end by `ann` and `bob`: the
/// rating changes of its end, by seat.
async fn rated_game(ann: &mut Client, bob: &mut Client) -> [protocol::wire::RatingChange; 2] {
    let settings = json!({"ruleset": {"variant": "mangala", "params": {}}, "games": 1,
        "rated": true,
        "time_control": {"kind": "real_time", "initial_ms": 600000, "increment_ms": 0}});
    let id = tests::seek_taken(ann, bob, settings).await;
    let outcome = tests::play_match([ann, bob], id, Ruleset::Mangala, tests::lowest).await;
    outcome.ratings.expect("a rated match")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rating_changed_on_one_node_is_where_the_next_node_starts_from() {
    let postgres = tests::Postgres::start();
    let url = postgres.create_database("ratings");
    let a = node(&url, "node-a");
    let b = node(&url, "node-b");
    let (on_a, on_b) = (a.server(), b.server());
    // Ann and Bob are known to node b before they are rated anywhere...
    let tokens = [
        Client::join(&on_b, "ann").await.token,
        Client::join(&on_b, "bob").await.token,
    ];
    // ...then play a rated game on node a...
    let (mut ann, _) = Client::rejoin(&on_a, &tokens[0]).await;
    let (mut bob, _) = Client::rejoin(&on_a, &tokens[1]).await;
    let first = rated_game(&mut ann, &mut bob).await;
    // ...and another on node b, which rates them from where node a left
    // them, not from what it knew of them.
    let (mut ann, _) = Client::rejoin(&on_b, &tokens[0]).await;
    let (mut bob, _) = Client::rejoin(&on_b, &tokens[1]).await;
    let second = rated_game(&mut ann, &mut bob).await;
    let mut after_first: Vec<f64> = first.iter().map(|change| change.after).collect();
    let mut before_second: Vec<f64> = second.iter().map(|change| change.before).collect();
    after_first.sort_by(f64::total_cmp);
    before_second.sort_by(f64::total_cmp);
    assert_eq!(after_first, before_second);
    assert!(
        before_second.iter().all(|rating| *rating != 1500.0),
        "{before_second:?}"
    );
}
