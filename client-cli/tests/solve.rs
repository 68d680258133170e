//! `mancala solve` in a real process: a small Kalah board solved from the
//! start, the same value with and without the endgame database, the value
//! RULES.md gives for Kalah(3,3) with empty capture, the relay game solved
//! from the start by the general search, and bad requests refused in words.

use std::process::Command;

fn solve(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("solve")
        .args(args)
        .output()
        .expect("mancala runs")
}

fn solved(args: &[&str]) -> serde_json::Value {
    let output = solve(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON")
}

#[test]
fn a_small_kalah_board_is_solved_with_each_first_move() {
    let small = [
        "kalah",
        "--houses",
        "3",
        "--seeds",
        "3",
        "--empty-capture",
        "--table-mib",
        "8",
    ];
    let with_database = solved(&[&small[..], &["--json"]].concat());
    // RULES.md §2: Kalah(3,3) with empty capture is +2 under the standard end.
    assert_eq!(with_database["value"], 2);
    let moves = with_database["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3, "each first move");
    let best = moves
        .iter()
        .map(|m| m["value"].as_i64().expect("a value"))
        .max();
    assert_eq!(best, Some(2), "the value is the best first move's");
    assert!(with_database["positions"].as_u64().expect("positions") > 0);
    assert!(with_database["endgame_seeds"].as_u64().expect("seeds") > 0);
    let without = solved(&[&small[..], &["--json", "--endgame-seeds", "0"]].concat());
    assert_eq!(without["value"], 2);
    assert_eq!(without["moves"], with_database["moves"]);
    assert_eq!(without["endgame_hits"], 0);
}

#[test]
fn the_value_alone_matches_the_full_solve() {
    let board = [
        "kalah",
        "--houses",
        "4",
        "--seeds",
        "2",
        "--table-mib",
        "8",
        "--json",
    ];
    let full = solved(&board);
    let quick = solved(&[&board[..], &["--value-only"]].concat());
    assert_eq!(quick["value"], full["value"]);
    assert_eq!(quick["value_only"], true);
    let best = &quick["moves"][0];
    assert!(
        full["moves"].as_array().expect("moves").contains(best),
        "{best} is one of the full solve's moves with its value"
    );
}

/// Kalah(3,4) with a database of `endgame_seeds`, a small table, as JSON.
fn kalah_3_4(endgame_seeds: &str) -> [&str; 10] {
    [
        "kalah",
        "--houses",
        "3",
        "--seeds",
        "4",
        "--endgame-seeds",
        endgame_seeds,
        "--table-mib",
        "8",
        "--json",
    ]
}

#[test]
fn two_threads_find_what_one_finds() {
    let board = kalah_3_4("4");
    let one = solved(&[&board[..], &["--threads", "1"]].concat());
    let two = solved(&[&board[..], &["--threads", "2"]].concat());
    assert_eq!(one["threads"], 1);
    assert_eq!(two["threads"], 2);
    assert_eq!(two["value"], one["value"]);
    assert_eq!(two["moves"], one["moves"]);
}

#[test]
fn an_endgame_file_is_built_once_and_read_back() {
    let dir = tempfile::tempdir().expect("a directory");
    let file = dir.path().join("kalah-3-4.endgame");
    let file_arg = file.to_str().expect("a UTF-8 path");
    let with_file = |endgame_seeds| {
        [
            &kalah_3_4(endgame_seeds)[..],
            &["--threads", "1", "--endgame-file", file_arg],
        ]
        .concat()
    };
    let board = with_file("8");
    let first = solve(&board);
    assert!(first.status.success());
    assert!(
        String::from_utf8_lossy(&first.stderr).contains("saved to"),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(file.exists());
    let again = solve(&board);
    let progress = String::from_utf8_lossy(&again.stderr);
    assert!(progress.contains("read from"), "{progress}");
    assert!(
        !progress.contains("seeds done"),
        "not built again: {progress}"
    );
    let first: serde_json::Value = serde_json::from_slice(&first.stdout).expect("JSON");
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).expect("JSON");
    assert_eq!(again["moves"], first["moves"]);
    assert_eq!(again["endgame_hits"], first["endgame_hits"]);
    // The same file for other seeds is refused, and left as it was.
    let before = std::fs::read(&file).expect("read");
    let other = solve(&with_file("7"));
    assert!(!other.status.success());
    let error = String::from_utf8_lossy(&other.stderr);
    assert!(error.contains("up to 8 seeds"), "{error}");
    assert_eq!(std::fs::read(&file).expect("read"), before);
}

#[test]
fn the_text_report_names_the_value_the_moves_and_the_cost() {
    let output = solve(&["kalah", "--houses", "2", "--seeds", "2", "--table-mib", "1"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("with perfect play"), "{text}");
    assert!(
        text.contains("house 1:") && text.contains("house 2:"),
        "{text}"
    );
    assert!(text.contains("positions searched"), "{text}");
    assert!(text.contains("thread"), "{text}");
    assert!(text.contains("time:"), "{text}");
    let progress = String::from_utf8_lossy(&output.stderr);
    assert!(progress.contains("endgame database"), "{progress}");
}

/// The relay game (here its variant where a capture banks the capturing
/// seed, the quicker of the two) is solved from the start by the general
/// search: its value and each first move's, as docs/SOLVED.md gives them,
/// each first move told on standard error as it is solved.
#[test]
fn the_relay_game_is_solved_by_the_general_search() {
    let output = solve(&[
        "kalah_relay",
        "--capture-includes-last",
        "--table-mib",
        "256",
        "--json",
    ]);
    let progress = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{progress}");
    assert!(progress.contains("house 4: +8 ("), "{progress}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["value"], 8, "{report}");
    let moves: Vec<(i64, i64)> = report["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m["house"].as_i64().expect("house"),
                m["value"].as_i64().expect("value"),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [(1, -10), (2, -10), (3, -10), (4, 8), (5, 6), (6, -2)],
        "{report}"
    );
    assert_eq!(report["endgame_bytes"], 0);
    assert_eq!(report["threads"], 1);
}

#[test]
fn games_it_cannot_solve_are_refused_in_words() {
    for (args, words) in [
        (&["oware"][..], "not solvable"),
        (
            &["congkak", "--empty-opposite", "sideways"][..],
            "empty_opposite",
        ),
        (&["congkak", "--threads", "0"][..], "threads"),
        (
            &["kalah_relay", "--endgame-file", "x.endgame"][..],
            "no endgame database",
        ),
        (
            &["kalah_relay", "--endgame-seeds", "8"][..],
            "no endgame database",
        ),
        (
            &["kalah", "--capture-includes-last"][..],
            "capture_includes_last",
        ),
        (&["kalah", "--houses", "7"][..], "houses"),
        (&["chess"][..], "unknown variant"),
        (&["mangala", "--empty-capture"][..], "empty_capture"),
        (&["kalah", "--table-mib", "999999999"][..], "table-mib"),
        (&["kalah", "--threads", "0"][..], "threads"),
    ] {
        let output = solve(args);
        assert!(!output.status.success(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(words), "{args:?}: {error}");
    }
}
