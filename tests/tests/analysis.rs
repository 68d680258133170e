//! `GET /api/matches/ID/analysis`: a finished match from the archive,
//! every move reviewed by the engine; a malformed request gets a 400 and an
//! unknown match a 404, each saying why.

use protocol::rules::Ruleset;
use serde_json::{Value, json};
use tests::{Config, Driver, TestServer};

fn body(response: &str) -> Value {
    serde_json::from_str(response.split("\r\n\r\n").nth(1).unwrap_or("")).expect("JSON")
}

#[tokio::test]
async fn every_move_of_an_archived_match_is_reviewed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = TestServer::with_config(Config {
        database: dir.path().join("analysis.sqlite3").display().to_string(),
        ..Config::default()
    })
    .await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 2});
    let (mut ann, mut bob, match_id) = tests::seek_match(&server, ["ann", "bob"], settings).await;
    let mut driver = Driver::new(match_id, Ruleset::Kalah(Default::default()), tests::varied);
    driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");

    let archived = body(
        &server
            .http_get(&format!("/api/matches/{}", match_id.0))
            .await,
    );
    let response = server
        .http_get(&format!("/api/matches/{}/analysis?depth=3", match_id.0))
        .await;
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
    let analysis = body(&response);
    assert_eq!(analysis["depth"], 3);
    let games = analysis["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    for (game, played) in games
        .iter()
        .zip(archived["games"].as_array().expect("games"))
    {
        let moves = game["moves"].as_array().expect("moves");
        let played = played["moves"].as_array().expect("moves");
        assert_eq!(
            moves.len(),
            played.len(),
            "every move of game {}",
            game["game"]
        );
        for (review, played) in moves.iter().zip(played) {
            assert_eq!(review["played"], played["house"]);
            assert_eq!(review["seat"], played["seat"], "the mover's seat");
            let loss = review["loss"].as_i64().expect("a loss");
            assert!(loss >= 0);
            assert_eq!(
                review["best_value"]
                    .as_i64()
                    .zip(review["value"].as_i64())
                    .map(|(b, v)| b - v),
                Some(loss)
            );
            assert_eq!(
                review["class"] == "best",
                loss == 0,
                "a move is classed best exactly when it lost nothing: {review}"
            );
            let line = review["line"].as_array().expect("an expected line");
            assert_eq!(line.first(), Some(&review["best"]), "{review}");
            assert!(line.len() <= 3, "no longer than the depth: {review}");
        }
    }
}

#[tokio::test]
async fn a_bad_depth_is_a_bad_request_and_an_unknown_match_is_not_found() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = TestServer::with_config(Config {
        database: dir.path().join("analysis.sqlite3").display().to_string(),
        ..Config::default()
    })
    .await;
    for (path, status, code) in [
        ("/api/matches/1/analysis?depth=0", 400, "bad_request"),
        ("/api/matches/1/analysis?depth=15", 400, "bad_request"),
        ("/api/matches/1/analysis?deep=3", 400, "bad_request"),
        ("/api/matches/x/analysis", 400, "bad_request"),
        ("/api/matches/99/analysis", 404, "no_such_match"),
        ("/api/matches/1/nothing", 404, "not_found"),
    ] {
        let response = server.http_get(path).await;
        assert!(
            response.starts_with(&format!("HTTP/1.1 {status}")),
            "{path}: {response}"
        );
        assert!(
            response.contains("\r\nX-Content-Type-Options: nosniff\r\n"),
            "{response}"
        );
        assert_eq!(body(&response)["error"], code, "{path}");
    }
}

/// A settled match's answers (the match, its analysis) are served from
/// memory the second time; analyses draw on the address's budget, which
/// answers from memory do not spend, and beyond it the answer is 429 with
/// `Retry-After`.
#[tokio::test]
async fn settled_answers_are_kept_and_analyses_are_budgeted_per_address() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (server, manual) = TestServer::with_manual_clock(Config {
        database: dir.path().join("kept.sqlite3").display().to_string(),
        analyses_per_address: 2,
        ..Config::default()
    })
    .await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1});
    let (mut ann, mut bob, match_id) = tests::seek_match(&server, ["ann", "bob"], settings).await;
    Driver::new(match_id, Ruleset::Kalah(Default::default()), tests::varied)
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    let m = match_id.0;
    let hits = || server.metric("mancala_archive_cache_hits_total");
    // Ended, but a rematch may still be agreed: kept while no new event
    // comes (the journal is asked its last version each time).
    let first = server.http_get(&format!("/api/matches/{m}")).await;
    let second = server.http_get(&format!("/api/matches/{m}")).await;
    assert_eq!(hits().await, 1.0, "no new event: the answer holds");
    assert_eq!(body(&first), body(&second), "the same answer");
    manual.advance(Config::default().ended_linger_ms + 1);
    // Settled now: kept for good, served without asking the journal.
    server.http_get(&format!("/api/matches/{m}")).await;
    let again = server.http_get(&format!("/api/matches/{m}")).await;
    assert_eq!(hits().await, 3.0);
    assert_eq!(body(&first), body(&again), "the same answer");
    for depth in [2, 3] {
        let response = server
            .http_get(&format!("/api/matches/{m}/analysis?depth={depth}"))
            .await;
        assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
    }
    let kept = server
        .http_get(&format!("/api/matches/{m}/analysis?depth=2"))
        .await;
    assert!(kept.starts_with("HTTP/1.1 200 OK"), "kept answers are free");
    assert_eq!(hits().await, 4.0);
    let refused = server
        .http_get(&format!("/api/matches/{m}/analysis?depth=4"))
        .await;
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(refused.contains("\r\nRetry-After: 60\r\n"), "{refused}");
    assert_eq!(body(&refused)["error"], "rate_limited");
    server.stop().await;
}

/// A match being played is answered from memory only while it has no new
/// event: after moves, the archive shows them.
#[tokio::test]
async fn a_live_matchs_kept_answer_gives_way_to_new_moves() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = TestServer::with_config(Config {
        database: dir.path().join("live.sqlite3").display().to_string(),
        ..Config::default()
    })
    .await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1});
    let (mut ann, mut bob, match_id) = tests::seek_match(&server, ["ann", "bob"], settings).await;
    let moves = |v: &Value| {
        v["games"].as_array().map_or(0, |g| {
            g.iter()
                .map(|g| g["moves"].as_array().map_or(0, Vec::len))
                .sum::<usize>()
        })
    };
    let path = format!("/api/matches/{}", match_id.0);
    let mut driver = Driver::new(match_id, Ruleset::Kalah(Default::default()), tests::varied);
    driver.run([&mut ann, &mut bob], Some(5)).await;
    let before = body(&server.http_get(&path).await);
    let again = body(&server.http_get(&path).await);
    assert_eq!(before, again);
    assert_eq!(server.metric("mancala_archive_cache_hits_total").await, 1.0);
    driver.run([&mut ann, &mut bob], Some(12)).await;
    // Every acknowledged move is stored before it is shown.
    let after = body(&server.http_get(&path).await);
    assert!(
        moves(&after) > moves(&before),
        "{} then {}",
        moves(&before),
        moves(&after)
    );
    server.stop().await;
}
