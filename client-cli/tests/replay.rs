//! `mancala replay` as a user runs it: the real binary, real stdin and files.

use protocol::rules::{Game, GameRecord, Move, Ruleset, Variant};
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mancala(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mancala");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("mancala runs")
}

fn jsonl(input: &str) -> Vec<Value> {
    let output = mancala(&["replay", "--jsonl"], input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("utf-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("every output line is JSON"))
        .collect()
}

#[test]
fn jsonl_gives_every_position_and_the_result() {
    let out =
        jsonl(r#"{"variant": "kalah", "params": {"seeds_per_house": 4}, "moves": [3, 5, 1]}"#);
    assert_eq!(out.len(), 1);
    let positions = out[0]["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 4, "the start and one per move");
    assert_eq!(
        positions[0],
        json!({"houses": [[4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4]], "stores": [0, 0], "to_move": 0})
    );
    // Move 1 is RULES.md's K1: house 3 (index 2) ends in the store, player 0 again.
    assert_eq!(
        positions[1],
        json!({"houses": [[4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]], "stores": [1, 0], "to_move": 0})
    );
    assert_eq!(positions[2]["to_move"], 1);
    assert!(out[0]["result"].is_null(), "the game is not over");
}

#[test]
fn jsonl_reports_the_result_of_a_finished_game() {
    let moves = first_legal_moves("mangala");
    let line = json!({"variant": "mangala", "moves": moves}).to_string();
    let out = jsonl(&line);
    let result = &out[0]["result"];
    let scores = result["scores"].as_array().expect("scores");
    assert_eq!(
        scores[0].as_u64().unwrap_or(0) + scores[1].as_u64().unwrap_or(0),
        48
    );
    let last = out[0]["positions"]
        .as_array()
        .and_then(|p| p.last())
        .expect("last");
    assert!(last["to_move"].is_null());
    assert_eq!(last["stores"], result["scores"]);
}

/// A whole game in which each player always takes his lowest legal house.
fn first_legal_game(variant: &str) -> Game {
    let ruleset = Ruleset::default_for(variant.parse::<Variant>().expect("variant"));
    let mut game = Game::new(ruleset);
    while let Some(mv) = game.position().legal_moves().nth(0) {
        game.play(mv).expect("legal");
    }
    game
}

fn first_legal_moves(variant: &str) -> Vec<i64> {
    let game = first_legal_game(variant);
    game.moves().iter().map(|m| i64::from(m.number())).collect()
}

#[test]
fn jsonl_answers_every_bad_line_and_goes_on() {
    let input = [
        r#"{"variant": "kalah", "moves": [3, 3]}"#,
        r#"{"variant": "kalah", "moves": [9]}"#,
        r#"{"variant": "kalah", "moves": [0]}"#,
        r#"{"variant": "kalah", "moves": [-2]}"#,
        r#"{"variant": "oware", "moves": [1, 1, 1]}"#,
        r#"{"variant": "chess", "moves": []}"#,
        r#"{"variant": "kalah", "params": {"seeds_per_house": 9}, "moves": []}"#,
        r#"{"variant": "kalah", "params": {"grand_slam": "legal_no_capture"}, "moves": []}"#,
        r#"{"variant": "kalah", "moves": [3, "x"]}"#,
        r#"{"variant": "kalah"}"#,
        r#"{"variant": "kalah", "moves": [1], "extra": true}"#,
        r#"[1, 2, 3]"#,
        r#"this is not json"#,
        r#"{"variant": "congkak", "params": {"empty_opposite": "last_to_store"}, "moves": [1]}"#,
    ]
    .join("\n");
    let out = jsonl(&input);
    assert_eq!(out.len(), 14, "one line out per line in");
    let codes: Vec<(Value, &str)> = out
        .iter()
        .take(13)
        .map(|line| {
            let error = &line["error"];
            assert!(
                error["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{line}"
            );
            (
                error["ply"].clone(),
                error["code"].as_str().unwrap_or("<none>"),
            )
        })
        .collect();
    assert_eq!(
        codes,
        vec![
            (json!(2), "empty_house"),
            (json!(1), "house_out_of_range"),
            (json!(1), "house_out_of_range"),
            (json!(1), "house_out_of_range"),
            (json!(3), "empty_house"),
            (Value::Null, "bad_ruleset"),
            (Value::Null, "bad_ruleset"),
            (Value::Null, "bad_ruleset"),
            (Value::Null, "malformed"),
            (Value::Null, "malformed"),
            (Value::Null, "malformed"),
            (Value::Null, "malformed"),
            (Value::Null, "malformed"),
        ]
    );
    assert!(
        out[13]["positions"].is_array(),
        "a good line after bad ones still replays"
    );
}

#[test]
fn jsonl_refuses_moves_after_the_end() {
    let moves = first_legal_moves("kalah");
    let mut more = moves.clone();
    more.push(1);
    let out = jsonl(&json!({"variant": "kalah", "moves": more}).to_string());
    assert_eq!(out[0]["error"]["code"], "game_over");
    assert_eq!(out[0]["error"]["ply"], json!(moves.len() + 1));
}

#[test]
fn jsonl_refuses_a_move_that_does_not_feed() {
    // Walk random-ish Oware games until the opponent's row is empty and some
    // non-empty house cannot reach it; that house must be refused.
    for seed in 0..10_000u64 {
        let mut game = Game::new(Ruleset::default_for(Variant::Oware));
        let mut state = seed;
        while let Some(side) = game.position().to_move() {
            let position = *game.position();
            let starving = position.row(side.opponent()).iter().all(|&s| s == 0);
            let non_feeding = (0..6u8).map(Move::from_index).find(|&mv| {
                position.house(side, mv.index()) > 0 && !position.legal_moves().contains(mv)
            });
            if let (true, Some(mv)) = (starving, non_feeding) {
                let mut moves: Vec<i64> = game.moves().iter().map(|m| m.number().into()).collect();
                moves.push(mv.number().into());
                let out = jsonl(&json!({"variant": "oware", "moves": moves}).to_string());
                assert_eq!(out[0]["error"]["code"], "must_feed", "{}", out[0]);
                assert_eq!(out[0]["error"]["ply"], json!(moves.len()));
                return;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal = position.legal_moves();
            let mv = legal
                .nth((state >> 33) as usize % legal.len())
                .expect("a legal move");
            game.play(mv).expect("legal");
        }
    }
    panic!("no must-feed position found");
}

/// Run `mancala replay` on a record file holding `contents`.
fn replay_record(name: &str, contents: &str) -> Output {
    let path = std::env::temp_dir().join(format!("mancala-test-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write temp file");
    let output = mancala(&["replay", path.to_str().expect("utf-8 path")], "");
    let _ = std::fs::remove_file(&path);
    output
}

/// The standard output of a replay that must succeed.
fn replayed_text(name: &str, contents: &str) -> String {
    let output = replay_record(name, contents);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8")
}

#[test]
fn a_record_file_prints_every_board_and_the_result() {
    let text = replayed_text(
        "game.txt",
        "[variant \"kalah\"]\n[player0 \"alice\"]\n\n1. 3,6 1\n",
    );
    assert!(text.contains("player0: alice"), "{text}");
    assert!(
        text.contains("Move 1: player 0 plays house 3; extra turn"),
        "{text}"
    );
    assert!(text.contains("Move 3: player 1 plays house 1"), "{text}");
    // Four boards: the start and one after each of the three moves.
    assert_eq!(text.matches("P0 store").count(), 4, "{text}");
    assert!(text.contains("Unfinished: player 0 to move"), "{text}");
    // After K1 the store holds 1 and house 3 is empty, from player 0's side.
    assert!(text.contains("P0 seeds  4  4  0  5  5  5"), "{text}");
}

#[test]
fn a_finished_record_ends_with_its_result() {
    let game = first_legal_game("kalah_relay");
    let result = game.position().result().expect("over");
    let record = GameRecord::new(game, Default::default());
    let stdout = replayed_text("relay.txt", &record.to_text());
    let expected = format!("Result: {result} (side_empty)");
    assert!(stdout.trim_end().ends_with(&expected), "{stdout}");
}

#[test]
fn a_bad_record_is_an_error_with_its_line() {
    let output = replay_record("bad.txt", "[variant \"kalah\"]\n1. 3,3\n");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 2: move 2 (house 3) is illegal: house 3 is empty"),
        "{stderr}"
    );
    let missing = mancala(&["replay", "/nonexistent/game.txt"], "");
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/game.txt"));
    let nothing = mancala(&["replay"], "");
    assert!(!nothing.status.success());
}

#[test]
fn help_lists_examples() {
    let output = mancala(&["replay", "--help"], "");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Examples:") && text.contains("--jsonl"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archived_match_replays_from_the_server_game_by_game() {
    let dir = tempfile::tempdir().expect("a directory");
    let server = tests::TestServer::with_config(tests::Config {
        database: dir.path().join("archive.sqlite3").display().to_string(),
        ..tests::Config::default()
    })
    .await;
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 3})).await;
    let outcome = tests::play_match(
        [&mut ann, &mut bob],
        match_id,
        Ruleset::Mangala,
        tests::lowest,
    )
    .await;
    let url = format!("http://{}", server.addr);
    let id = match_id.0.to_string();
    let output =
        tokio::task::spawn_blocking(move || mancala(&["replay", "--server", &url, &id], ""))
            .await
            .expect("mancala ran");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(text.matches("Result: ").count(), outcome.games, "{text}");
    assert!(text.contains(&format!("match: {}", match_id.0)), "{text}");
    assert!(text.contains("player0: "), "{text}");
    // An unknown match: the server's own words, and a failure.
    let url = format!("ws://{}/ws", server.addr);
    let output =
        tokio::task::spawn_blocking(move || mancala(&["replay", "--server", &url, "999999"], ""))
            .await
            .expect("mancala ran");
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("no match 999999 in the archive"), "{error}");
    server.stop().await;
}

#[test]
fn jsonl_names_the_variants_house_count_when_a_house_is_out_of_range() {
    for (variant, house, houses) in [("kalah", 9, 6), ("mangala", 7, 6), ("congkak", 8, 7)] {
        let out = jsonl(&json!({"variant": variant, "moves": [house]}).to_string());
        let message = out[0]["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(out[0]["error"]["code"], "house_out_of_range", "{variant}");
        assert!(
            message.ends_with(&format!("numbered 1 to {houses}")),
            "{variant}: {message}"
        );
    }
}
