//! 1,000 random games played by OpenSpiel (500 Kalah, 500 Oware), replayed
//! here: every move must be legal, the game must end exactly at the last move,
//! and the final score must be OpenSpiel's. An oracle we did not write; see
//! `scripts/openspiel_games.py` for how the data was made.

use protocol::rules::{EndReason, Game, Move, Ruleset, Status};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct OracleGame {
    #[serde(flatten)]
    ruleset: Ruleset,
    moves: Vec<i64>,
    expected_scores: [u8; 2],
}

#[test]
fn openspiel_games_replay_to_the_same_scores() {
    let data = include_str!("data/openspiel_games.jsonl");
    let mut checked = 0;
    let mut endings: BTreeMap<(String, &str), usize> = BTreeMap::new();
    for (line_no, line) in data.lines().enumerate() {
        let oracle: OracleGame = serde_json::from_str(line).expect("oracle line");
        let mut game = Game::new(oracle.ruleset);
        for (ply, &number) in oracle.moves.iter().enumerate() {
            assert!(
                !game.is_over(),
                "line {}: game over before move {}",
                line_no + 1,
                ply + 1
            );
            let mv = Move::from_number(number).expect("house number");
            game.play(mv).unwrap_or_else(|e| {
                panic!(
                    "line {}: move {} ({number}) refused: {e}",
                    line_no + 1,
                    ply + 1
                )
            });
        }
        let result = game.position().result();
        assert_eq!(
            result.map(|r| r.scores),
            Some(oracle.expected_scores),
            "line {}: final score",
            line_no + 1
        );
        if let Status::Over(reason) = game.position().status() {
            *endings
                .entry((oracle.ruleset.variant().to_string(), reason.as_str()))
                .or_default() += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, 1000);
    // The data must exercise every way an Oware game can end, or it proves little.
    for reason in [
        EndReason::Majority,
        EndReason::NoMove,
        EndReason::Repetition,
    ] {
        assert!(
            endings.contains_key(&("oware".to_owned(), reason.as_str())),
            "no Oware game ended by {reason}: {endings:?}"
        );
    }
    println!("{endings:?}");
}
