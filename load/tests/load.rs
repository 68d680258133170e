//! `mancala-load` against a real server in this test: it plays, follows
//! rematches, reports in one JSON line, and fails loudly when moves are lost.

use serde_json::Value;
use std::time::Duration;
use tests::{Config, TestServer};
use tokio::process::Command;

const WAIT: Duration = Duration::from_secs(120);

/// Run `mancala-load` with `args`; its exit code, its JSON summary (if it printed one) and stderr.
async fn load(args: &[&str]) -> (Option<i32>, Option<Value>, String) {
    let output = tokio::time::timeout(
        WAIT,
        Command::new(env!("CARGO_BIN_EXE_mancala-load"))
            .args(args)
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("the run ends in time")
    .expect("mancala-load runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout
        .lines()
        .last()
        .map(|line| serde_json::from_str(line).expect("the last line is JSON"));
    (
        output.status.code(),
        summary,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Run `mancala-load` with `args`, expecting it to succeed; its summary and stderr.
async fn healthy_run(args: &[&str]) -> (Value, String) {
    let (code, summary, stderr) = load(args).await;
    assert_eq!(code, Some(0), "{stderr}");
    (summary.expect("a summary"), stderr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_run_plays_follows_rematches_and_reports() {
    // One-game matches end many times a second; spectators follow each
    // rematch with two watch messages, beyond the default watch budget, and
    // each pair offers a rematch far more often than a person's budget.
    let server = TestServer::with_config(Config {
        watch_rate: 1000,
        offers_per_minute: 1_000_000,
        ..Config::default()
    })
    .await;
    let url = server.url();
    let (summary, stderr) = healthy_run(&[
        "--server",
        &url,
        "--matches",
        "3",
        "--spectators",
        "4",
        "--duration",
        "1",
        "--games",
        "1",
        "--variant",
        "kalah",
    ])
    .await;
    assert_eq!(summary["matches"], 3);
    assert_eq!(summary["spectators"], 4);
    assert_eq!(summary["variant"], "kalah");
    for zero in [
        "errors",
        "failed_connections",
        "lost_moves",
        "lost_events",
        "stalled_matches",
        "matches_without_moves",
    ] {
        assert_eq!(summary[zero], 0, "{zero} in {summary}");
    }
    let moves = summary["moves"].as_f64().expect("moves");
    assert!(moves > 0.0, "{summary}");
    // One-game matches end often: rematches kept the pairs playing.
    assert!(summary["matches_completed"].as_u64() > Some(3), "{summary}");
    assert!(summary["rtt_ms"]["p50"].as_f64() > Some(0.0), "{summary}");
    assert!(summary["rtt_ms"]["max"].as_f64() >= summary["rtt_ms"]["p99"].as_f64());
    assert!(
        summary["spectator_delay_ms"]["p50"].as_f64() > Some(0.0),
        "{summary}"
    );
    assert!(summary["server"]["cpu_s"].is_number(), "{summary}");
    // The server accepted at least every move the run counted.
    assert!(server.metric("mancala_moves_accepted_total").await >= moves);
    // Progress went to stderr, one line a second.
    assert!(stderr.contains("[  1/1 s] moves"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_moves_fail_the_run() {
    // One move a second per connection: the rest come back rate_limited.
    let server = TestServer::with_config(Config {
        play_rate: 1,
        ..Config::default()
    })
    .await;
    let url = server.url();
    let (code, summary, stderr) = load(&[
        "--server",
        &url,
        "--matches",
        "2",
        "--duration",
        "1",
        "--stall-ms",
        "1500",
    ])
    .await;
    assert_eq!(code, Some(1), "{stderr}");
    let summary = summary.expect("a summary");
    assert!(summary["errors"].as_u64() > Some(0), "{summary}");
    assert!(summary["lost_moves"].as_u64() > Some(0), "{summary}");
    assert!(stderr.contains("rate_limited"), "{stderr}");
}

#[tokio::test]
async fn load_goes_to_this_machine_only() {
    let (code, summary, stderr) = load(&["--server", "ws://192.0.2.1:7878/ws"]).await;
    assert_eq!(code, Some(2));
    assert!(summary.is_none());
    assert!(stderr.contains("not a loopback address"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_played_out_run_ends_when_every_match_has_ended() {
    let server = TestServer::start().await;
    let url = server.url();
    let (summary, _) = healthy_run(&[
        "--server",
        &url,
        "--matches",
        "2",
        "--games",
        "1",
        "--variant",
        "kalah",
        "--play-out",
        "--duration",
        "100",
    ])
    .await;
    assert_eq!(summary["play_out"], true, "{summary}");
    assert_eq!(summary["matches_completed"], 2, "no rematch: {summary}");
    // It ended with the matches, long before --duration.
    assert!(summary["duration_s"].as_f64() < Some(100.0), "{summary}");
    assert_eq!(summary["errors"], 0, "{summary}");
}
