//! The game-record text format: reading, writing and the errors a person sees.

use protocol::rules::{GameRecord, RecordError, Ruleset, Variant};

const RECORD: &str = r#"# a friendly game
[variant "kalah"]
[seeds_per_house "4"]
[player0 "alice"]
[player1 "bob \"the builder\""]
[result "*"]

1. 3,6 1
2. 1
"#;

#[test]
fn a_record_reads_with_its_tags_and_turns() {
    let record = GameRecord::parse(RECORD).expect("valid record");
    assert_eq!(
        record.game().ruleset(),
        Ruleset::default_for(Variant::Kalah)
    );
    let moves: Vec<u8> = record.game().moves().iter().map(|m| m.number()).collect();
    assert_eq!(moves, vec![3, 6, 1, 1]);
    assert_eq!(
        record.tags().get("player1").map(String::as_str),
        Some("bob \"the builder\"")
    );
    let text = record.to_text();
    assert!(text.contains("[player0 \"alice\"]"), "{text}");
    assert!(text.contains("1. 3,6 1\n2. 1\n"), "{text}");
    assert!(
        text.contains("[empty_capture \"false\"]"),
        "defaults are written out: {text}"
    );
    let again = GameRecord::parse(&text).expect("own output reads back");
    assert_eq!(again.to_text(), text);
}

#[test]
fn round_numbers_are_optional() {
    let record = GameRecord::parse("[variant \"kalah\"]\n3,6 1 1").expect("valid");
    assert_eq!(record.game().moves().len(), 4);
}

fn error(text: &str) -> RecordError {
    GameRecord::parse(text).expect_err("must be refused")
}

#[test]
fn bad_records_say_what_and_where() {
    assert_eq!(error("1. 3"), RecordError::MissingVariant);
    assert!(matches!(
        error("[variant \"chess\"]"),
        RecordError::Ruleset { line: 1, .. }
    ));
    assert!(matches!(
        error("[variant \"kalah\"]\n[seeds_per_house \"9\"]"),
        RecordError::Ruleset { line: 2, .. }
    ));
    assert!(matches!(
        error("[variant \"mangala\"]\n[grand_slam \"legal_no_capture\"]"),
        RecordError::Ruleset { .. }
    ));
    assert_eq!(error("[variant kalah]"), RecordError::BadTag { line: 1 });
    assert!(matches!(
        error("[variant \"kalah\"]\n[variant \"oware\"]"),
        RecordError::DuplicateTag { line: 2, .. }
    ));
    assert_eq!(
        error("[variant \"kalah\"]\n1. 3,6 2\n[event \"late\"]"),
        RecordError::TagAfterMoves { line: 3 }
    );
    assert!(matches!(
        error("[variant \"kalah\"]\n1. 3x"),
        RecordError::BadMoveToken { line: 2, .. }
    ));
    assert!(matches!(
        error("[variant \"kalah\"]\n2. 3,6 2"),
        RecordError::RoundNumber {
            line: 2,
            expected: 1,
            ..
        }
    ));
    assert!(matches!(
        error("[variant \"kalah\"]\n1. 3,3"),
        RecordError::IllegalMove {
            line: Some(2),
            ply: 2,
            number: 3,
            ..
        }
    ));
    assert!(matches!(
        error("[variant \"kalah\"]\n1. 9"),
        RecordError::IllegalMove {
            ply: 1,
            number: 9,
            ..
        }
    ));
    assert_eq!(
        error("[variant \"kalah\"]\n1. 1,2"),
        RecordError::TurnEndsEarly { line: 2, ply: 1 }
    );
    assert_eq!(
        error("[variant \"kalah\"]\n1. 3 2"),
        RecordError::TurnIncomplete { line: 2, ply: 1 }
    );
    assert!(matches!(
        error("[variant \"kalah\"]\n[result \"25-23\"]\n1. 3"),
        RecordError::ResultMismatch { .. }
    ));
    assert!(matches!(
        error("[variant \"kalah\"]\n[result \"a lot\"]"),
        RecordError::BadResult { line: 2, .. }
    ));
}

#[test]
fn error_messages_read_as_sentences() {
    let message = error("[variant \"kalah\"]\n1. 3,3").to_string();
    assert_eq!(
        message,
        "line 2: move 2 (house 3) is illegal: house 3 is empty"
    );
    let message = error("[variant \"kalah\"]\n1. 3 2").to_string();
    assert!(message.contains("extra turn"), "{message}");
}

#[test]
fn a_finished_game_carries_its_result() {
    // The first legal move every time finishes a Mangala game quickly.
    let mut game = protocol::rules::Game::new(Ruleset::Mangala);
    while let Some(mv) = game.position().legal_moves().nth(0) {
        game.play(mv).expect("legal");
    }
    let record = GameRecord::new(game.clone(), Default::default());
    let text = record.to_text();
    let result = game.position().result().expect("over");
    let tag = format!("[result \"{}-{}\"]", result.scores[0], result.scores[1]);
    assert!(text.contains(&tag), "{text}");
    let json = serde_json::to_value(&record).expect("json");
    assert_eq!(json["variant"], "mangala");
    assert_eq!(json["result"]["scores"][0], result.scores[0]);
}
