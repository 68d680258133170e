//! `mancala solve` in a real process: a small Kalah board solved from the
//! start, the same value with and without the endgame database, the value
//! RULES.md gives for Kalah(3,3) with empty capture, the relay game solved
//! from the start by the general search, and bad requests refused in words.

use std::process::Command;

/// `mancala solve` with `args`, its cache of databases in a directory of
/// its own (so that no test reads what another kept, nor the user's).
fn solve(args: &[&str]) -> std::process::Output {
    let cache = tempfile::tempdir().expect("a directory");
    solve_with_cache(args, cache.path())
}

fn solve_with_cache(args: &[&str], cache: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("solve")
        .args(args)
        .env("MANCALA_CACHE_DIR", cache)
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
fn a_built_database_is_kept_in_the_cache_and_the_largest_kept_serves_later_solves() {
    let cache = tempfile::tempdir().expect("a directory");
    let kept = |seeds: u32| {
        cache
            .path()
            .join("endgame")
            .join(format!("kalah-3-houses-{seeds}-seeds.endgame"))
    };
    let stderr = |output: &std::process::Output| {
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    // The default for Kalah(3,4) is a third of its 24 seeds: 8.
    let board = ["kalah", "--houses", "3", "--seeds", "4", "--table-mib", "8"];
    fn json<'a>(board: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [board, extra, &["--json", "--threads", "1"]].concat()
    }
    let json = |extra: &[&'static str]| json(&board, extra);
    let first = solve_with_cache(&json(&[]), cache.path());
    assert!(stderr(&first).contains("kept in"), "{}", stderr(&first));
    assert!(kept(8).exists());
    let again = solve_with_cache(&json(&[]), cache.path());
    let progress = stderr(&again);
    assert!(progress.contains("read from"), "{progress}");
    assert!(
        !progress.contains("seeds done"),
        "not built again: {progress}"
    );
    // A larger one, asked for once, is what a solve naming no size reads;
    // Kalah(3,3) has the same board rules.
    let larger = solve_with_cache(&json(&["--endgame-seeds", "10"]), cache.path());
    assert!(kept(10).exists(), "{}", stderr(&larger));
    let later = solve_with_cache(
        &["kalah", "--houses", "3", "--seeds", "3", "--json"],
        cache.path(),
    );
    assert!(
        stderr(&later).contains("up to 10 seeds"),
        "{}",
        stderr(&later)
    );
    let later: serde_json::Value = serde_json::from_slice(&later.stdout).expect("JSON");
    assert_eq!(later["endgame_seeds"], 10);
    assert_eq!(later["value"], 2, "Kalah(3,3)'s value, RULES.md");
    // Unless it is larger than --endgame-mib allows.
    let within = solve_with_cache(&json(&["--endgame-mib", "0"]), cache.path());
    let within: serde_json::Value = serde_json::from_slice(&within.stdout).expect("JSON");
    assert_ne!(within["endgame_seeds"], 10);
    // A damaged file kept there is built again, with a note, and replaced.
    std::fs::write(kept(10), b"not a database").expect("written");
    let repaired = solve_with_cache(&json(&["--endgame-seeds", "10"]), cache.path());
    let progress = stderr(&repaired);
    assert!(progress.contains("building it again"), "{progress}");
    let repaired: serde_json::Value = serde_json::from_slice(&repaired.stdout).expect("JSON");
    let first: serde_json::Value = serde_json::from_slice(&first.stdout).expect("JSON");
    assert_eq!(repaired["moves"], first["moves"]);
    let again = solve_with_cache(&json(&["--endgame-seeds", "10"]), cache.path());
    assert!(stderr(&again).contains("read from"), "{}", stderr(&again));
    // --no-endgame-cache neither reads nor keeps.
    let own = tempfile::tempdir().expect("a directory");
    let alone = solve_with_cache(&json(&["--no-endgame-cache"]), own.path());
    assert!(stderr(&alone).contains("seeds done"));
    assert!(!own.path().join("endgame").exists());
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
