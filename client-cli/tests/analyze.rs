//! `mancala analyze` on a real record: every move reviewed, losses measured
//! against the best move, the worst listed first; bad input refused in words.

use std::process::Command;

fn analyze(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("analyze")
        .args(args)
        .output()
        .expect("mancala runs")
}

fn sample() -> String {
    format!(
        "{}/../records/mangala-sample.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn every_move_of_the_record_is_reviewed_against_the_best() {
    let output = analyze(&[&sample(), "--depth", "4", "--json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let games: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let game = &games[0];
    assert_eq!(game["variant"], "mangala");
    assert_eq!(game["depth"], 4);
    let moves = game["moves"].as_array().expect("moves");
    let record = std::fs::read_to_string(sample()).expect("the sample");
    let record = protocol::rules::GameRecord::parse(&record).expect("a record");
    assert_eq!(
        moves.len(),
        record.game().moves().len(),
        "every move reviewed"
    );
    for (n, m) in moves.iter().enumerate() {
        assert_eq!(m["ply"], n + 1);
        let (value, best, loss) = (
            m["value"].as_i64(),
            m["best_value"].as_i64(),
            m["loss"].as_i64(),
        );
        assert_eq!(best.zip(value).map(|(b, v)| b - v), loss, "ply {}", n + 1);
        assert!(
            loss.is_some_and(|l| l >= 0),
            "nothing beats the best: ply {}",
            n + 1
        );
        let class = m["class"].as_str().unwrap_or_default();
        match loss {
            Some(0) => assert_eq!(class, "best", "ply {}", n + 1),
            _ => assert!(
                ["inaccuracy", "mistake", "blunder"].contains(&class),
                "ply {}: {class}",
                n + 1
            ),
        }
        let line = m["line"].as_array().expect("an expected line");
        assert_eq!(
            line.first(),
            Some(&m["best"]),
            "ply {}: the line starts with the best move",
            n + 1
        );
        assert!(line.len() <= 4, "ply {}: no longer than the depth", n + 1);
    }
    let worst: Vec<usize> = game["worst"]
        .as_array()
        .expect("worst")
        .iter()
        .filter_map(|p| p.as_u64().map(|p| p as usize))
        .collect();
    let loss = |ply: usize| moves[ply - 1]["loss"].as_i64().unwrap_or(0);
    assert!(
        worst.windows(2).all(|w| loss(w[0]) >= loss(w[1])),
        "worst first: {worst:?}"
    );
    assert!(worst.iter().all(|&p| loss(p) > 0));
}

#[test]
fn the_text_lists_the_moves_that_lost_the_most() {
    let output = analyze(&[&sample(), "--depth", "3"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("Game 1: Turkish Mangala"), "{text}");
    assert!(text.contains("class       expected line"), "{text}");
    assert!(text.contains("Moves that lost the most:") || text.contains("No move lost anything"));
}

#[test]
fn a_missing_file_or_a_bad_depth_is_refused_in_words() {
    let missing = analyze(&["no-such-record.txt"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-record.txt"));
    let deep = analyze(&[&sample(), "--depth", "0"]);
    assert!(!deep.status.success());
}
