//! A rolling restart under load: three real nodes on one PostgreSQL
//! database and one Redis server behind the project's nginx, the load
//! generator playing 100 matches through nginx, and each node stopped
//! (SIGTERM: it hands its matches to the others, closes its own
//! connections with 1012 and tells the other nodes, which resume what
//! they relayed through it) and started again in turn while they play. No move is lost
//! or played twice, no pause is charged to a clock, every match ends.

use clap::Parser;
use serde_json::Value;
use std::path::Path;
use tests::{Backing, ServerProcess};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

/// Matches played at once, as the issue asks.
const MATCHES: usize = 100;

/// Moves the nodes accept after each restart before the next one: play
/// went on.
const MOVES_BETWEEN: f64 = 200.0;

/// The nodes charge every millisecond of a turn (no lag allowance), so a
/// pause charged to a player would show in the archive's clocks; and they
/// take the load generator's 200 new guests and private seeks an address
/// (its connections come from a few loopback addresses, which nginx passes
/// on).
const NODE_OPTIONS: &[&str] = &[
    "--lag-allowance-ms",
    "0",
    "--guests-per-ip-per-hour",
    "100000",
    "--hello-rate-per-ip",
    "100000",
    "--hello-burst-per-ip",
    "100000",
    "--seek-code-tries-per-ip",
    "100000",
];

/// The game end reasons of games played to their end by the rules.
const PLAYED_OUT: [&str; 4] = ["side_empty", "no_move", "majority", "repetition"];

/// Moves accepted by the nodes running now, together.
const ACCEPTED: &str = "mancala_moves_accepted_total";
/// Matches live on the nodes running now, together.
const LIVE: &str = "mancala_matches_live";

/// The metric `series` summed over the nodes running now.
async fn summed(nodes: &[Option<ServerProcess>], series: &str) -> f64 {
    let mut sum = 0.0;
    for node in nodes.iter().flatten() {
        sum += node.server().metric(series).await;
    }
    sum
}

/// Wait (up to `within`) until `series` summed over the nodes reaches
/// `at_least`; `front`'s log goes with the failure.
async fn reaches(
    nodes: &[Option<ServerProcess>],
    front: &tests::Nginx,
    series: &str,
    at_least: f64,
    within: std::time::Duration,
) {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let now = summed(nodes, series).await;
        if now >= at_least {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{series} stayed at {now}, short of {at_least}; nginx said:\n{}",
            front.log()
        );
        // Polling counters: the pause only spaces the questions out.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Check a finished match in the archive against what its players saw:
/// every move once, in order, every game played out by the rules, and no
/// move charged more than the time since the move before less the pauses
/// between them (restarts and takeovers). The number of moves checked
/// across a pause.
fn check_archived(played: &load::PlayedMatch, archived: &Value) -> usize {
    let (id, seen) = (played.match_id.0, &played.moves);
    assert_eq!(
        &tests::archived_moves(archived),
        seen,
        "match {id}: the archive has every move its players saw, once"
    );
    assert_eq!(archived["end_reason"], "completed", "match {id}");
    let restarts: Vec<(u64, u64)> = archived["restarts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["at_ms"].as_u64().unwrap_or(0),
                r["paused_ms"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let mut across_pauses = 0;
    for game in archived["games"].as_array().into_iter().flatten() {
        let reason = game["outcome"]["reason"].as_str().unwrap_or("");
        assert!(PLAYED_OUT.contains(&reason), "match {id}: {reason}");
        let moves = game["moves"].as_array().cloned().unwrap_or_default();
        for pair in moves.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let seat = after["seat"].as_u64().unwrap_or(0) as usize;
            let left = |m: &Value| m["clocks"]["remaining_ms"][seat].as_u64().unwrap_or(0);
            let charged = left(before).saturating_sub(left(after));
            let at = |m: &Value| m["played_at_us"].as_u64().unwrap_or(0) / 1000;
            let (from, to) = (at(before), at(after));
            let paused: u64 = restarts
                .iter()
                .filter(|(at, _)| (from..=to).contains(at))
                .map(|(_, paused)| paused)
                .sum();
            if paused > 0 {
                across_pauses += 1;
            }
            // A millisecond either side for the rounding of each stamp.
            assert!(
                charged <= (to - from).saturating_sub(paused) + 2,
                "match {id}: seat {seat} was charged {charged} ms for a move {} ms after the \
                 one before, {paused} ms of it paused",
                to - from
            );
        }
    }
    across_pauses
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_of_three_nodes_behind_nginx_loses_nothing_while_a_hundred_matches_play()
{
    let backing = Backing::start(Path::new(SERVER), "rolling");
    let names = ["node-a", "node-b", "node-c"];
    let mut nodes: Vec<Option<ServerProcess>> = names
        .iter()
        .map(|name| Some(backing.node_with(name, NODE_OPTIONS)))
        .collect();
    let addrs: Vec<_> = nodes.iter().flatten().map(|node| node.addr).collect();
    let front = tests::Nginx::start(&addrs);
    let on_front = front.server();

    // The load generator, on its own runtime as on the command line:
    // three-game matches of Mangala at a few moves a second each, players
    // who come back when their node closes them, one match per pair.
    let args = load::LoadArgs::parse_from([
        "mancala-load",
        "--server",
        &on_front.url(),
        "--matches",
        &MATCHES.to_string(),
        "--variant",
        // A minute a game: a busy machine slows the players, and a game
        // lost on time would not be played out by the rules.
        "mangala time=60+0",
        "--games",
        "3",
        "--think-ms",
        "100-300",
        "--play-out",
        "--reconnect",
        "--duration",
        "300",
        "--stall-ms",
        "30000",
    ]);
    let run = std::thread::spawn(move || {
        tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .expect("a runtime for the load")
            .block_on(load::run(args))
    });

    // Every match under way, then each node in turn, while it serves
    // matches, stopped and started again where nginx expects it.
    reaches(&nodes, &front, LIVE, MATCHES as f64, tests::WAIT * 6).await;
    for (n, name) in names.iter().enumerate() {
        let serving = nodes[n].as_ref().expect("running").server();
        serving.settled_metric(LIVE, |live| live >= 1.0).await;
        // Blocking calls: the load runs on a runtime of its own.
        let status = nodes[n].take().expect("running").terminate();
        assert!(status.success(), "{name} stops cleanly: {status}");
        let from = summed(&nodes, ACCEPTED).await;
        nodes[n] = Some(backing.node_at(name, addrs[n], NODE_OPTIONS));
        // Play goes on.
        reaches(&nodes, &front, ACCEPTED, from + MOVES_BETWEEN, tests::WAIT).await;
    }

    let summary = tokio::task::spawn_blocking(move || run.join())
        .await
        .expect("joined")
        .expect("the load ran")
        .expect("the load could start");
    assert!(summary.healthy(), "{}", summary.json());
    assert_eq!(summary.played().len(), MATCHES, "{}", summary.json());
    assert!(summary.reconnects() > 0, "{}", summary.json());
    let mut across_pauses = 0;
    for played in summary.played() {
        let (status, archived) = on_front
            .get_json(&format!("/api/matches/{}", played.match_id.0))
            .await;
        assert_eq!(status, 200, "{archived}");
        across_pauses += check_archived(played, &archived);
    }
    assert!(
        across_pauses > 0,
        "some moves were made across a node's stop"
    );
}
