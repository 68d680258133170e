//! perft counts pinned in `data/perft.txt`: any change in move generation or
//! in the end-of-game rules shows here.

use protocol::rules::{Position, Ruleset, perft};

#[test]
fn perft_counts_match_the_data_file() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    let mut kalah_boards = 0;
    let mut failures = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (json, rest) = line
            .rsplit_once('}')
            .map(|(j, r)| (format!("{j}}}"), r))
            .expect("line");
        let mut numbers = rest
            .split_whitespace()
            .map(|n| n.parse::<u64>().expect("number"));
        let (depth, expected) = (
            numbers.next().expect("depth"),
            numbers.next().expect("count"),
        );
        let ruleset: Ruleset = serde_json::from_str(&json).expect("ruleset");
        kalah_boards += usize::from(Ruleset::kalah_boards().contains(&ruleset) && depth == 6);
        let got = perft(&Position::start(ruleset), depth as u32);
        if got != expected {
            failures.push(format!(
                "{ruleset} depth {depth}: {got}, expected {expected}"
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= Ruleset::all().len(), "every ruleset has a line");
    assert_eq!(
        kalah_boards,
        Ruleset::kalah_boards().len(),
        "every Kalah(m, n) board has a depth-6 line"
    );
}

#[test]
fn perft_of_a_finished_game_is_one_then_zero() {
    let mut position = Position::start(Ruleset::Mangala);
    while let Some(mv) = position.legal_moves().nth(0) {
        position.play_in_place(mv).expect("legal");
    }
    assert_eq!(perft(&position, 0), 1);
    assert_eq!(perft(&position, 3), 0);
}
