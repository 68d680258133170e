//! `mancala-server migrate`: a single node's SQLite journal, killed with
//! SIGKILL mid-match, moved into PostgreSQL; a server on PostgreSQL then
//! has every finished match as it was, and the live match plays on from
//! where it stopped. A database that holds a journal already is refused.

use protocol::rules::Ruleset;
use protocol::wire::MatchId;
use serde_json::{Value, json};
use std::path::Path;
use tests::{Client, Driver, Postgres, ServerProcess, TestServer};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

fn start(database: &str) -> ServerProcess {
    ServerProcess::start(Path::new(SERVER), &["--database", database])
}

/// `mancala-server migrate --from FILE --to URL`: whether it succeeded,
/// and what it said.
fn migrate(from: &str, to: &str) -> (bool, String) {
    let args = ["migrate", "--from", from, "--to", to];
    let (status, said) = ServerProcess::run_once(Path::new(SERVER), &args);
    (status.success(), said)
}

/// The archive's answer for `match_id`.
async fn archived(server: &TestServer, match_id: MatchId) -> Value {
    let response = server
        .http_get(&format!("/api/matches/{}", match_id.0))
        .await;
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {response}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_journal_moves_into_postgres_and_its_matches_play_on() {
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("single.sqlite3").display().to_string();
    let first = start(&file);
    let server = first.server();
    let (mut ann, mut bob, finished) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    Driver::new(finished, Ruleset::Mangala, tests::lowest)
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    let (mut cat, mut dan, live) =
        tests::seek_match(&server, ["cat", "dan"], json!({"games": 3})).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut cat, &mut dan], Some(12)).await;
    let before = archived(&server, finished).await;
    let tokens = [cat.token.clone(), dan.token.clone()];
    first.kill();

    let postgres = Postgres::start();
    let url = postgres.create_database("mancala");
    let (moved, said) = migrate(&file, &url);
    assert!(moved, "{said}");
    assert!(said.contains("events: "), "progress per table: {said}");

    let second = start(&url);
    let server = second.server();
    assert_eq!(
        archived(&server, finished).await,
        before,
        "the finished match, as it was"
    );
    let mut cat = Client::rejoin_resumed(&server, &tokens[0], live, driver.version()).await;
    let mut dan = Client::rejoin_resumed(&server, &tokens[1], live, driver.version()).await;
    let outcome = driver
        .run([&mut cat, &mut dan], None)
        .await
        .expect("the live match plays on to its end");
    assert_eq!(outcome.games, 3);
    second.kill();

    let (moved, said) = migrate(&format!("{file}.missing"), &url);
    assert!(!moved);
    assert!(said.contains("there is no journal at"), "{said}");
    let players = postgres.query("mancala", "SELECT count(*) FROM players");
    let (moved, said) = migrate(&file, &url);
    assert!(!moved, "a second migration is refused: {said}");
    assert!(said.contains("holds a journal already"), "{said}");
    assert_eq!(
        postgres.query("mancala", "SELECT count(*) FROM players"),
        players,
        "nothing added"
    );
}
