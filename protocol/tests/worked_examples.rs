//! Every worked example of RULES.md (K1 to C2) and RULES_TOGYZ.md (T1 to
//! B3b): the engine must reproduce the legal moves and the position after
//! the move exactly.
//!
//! The examples are transcribed verbatim into `protocol/data/`;
//! `protocol::rules::worked_examples` reads the specifications' diagrams, so
//! the data stays in their own words (the rules pages play the same ones).

use protocol::rules::{
    Board, Game, Move, MoveEvent, Pit, Position, Ruleset, Side, Status, WorkedExample,
};

fn examples() -> Vec<WorkedExample> {
    protocol::rules::worked_examples()
}

#[test]
fn all_forty_eight_examples_are_present() {
    let ids: Vec<String> = examples().into_iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), 34 + 14, "{ids:?}");
    assert_eq!(ids.first().map(String::as_str), Some("K1"));
    assert_eq!(ids[33], "C2");
    assert_eq!(ids[34], "T1");
    assert_eq!(ids.last().map(String::as_str), Some("B3b"));
}

#[test]
fn every_worked_example_is_reproduced_exactly() {
    let mut failures = Vec::new();
    for ex in examples() {
        let position = Position::from_board(ex.ruleset, &ex.before, None)
            .unwrap_or_else(|e| panic!("{}: bad setup: {e}", ex.id));
        let mover = ex.before.to_move.expect("a player to move");
        assert_eq!(position.to_move(), Some(mover), "{}: mover", ex.id);
        let legal: Vec<Move> = position.legal_moves().iter().collect();
        if legal != ex.legal {
            failures.push(format!(
                "{}: legal moves {legal:?}, expected {:?}",
                ex.id, ex.legal
            ));
        }
        let mut game = Game::from_position(position);
        let mv = ex.house;
        let events = match game.play(mv) {
            Ok(events) => events,
            Err(e) => {
                failures.push(format!("{}: move refused: {e}", ex.id));
                continue;
            }
        };
        let after = game.position();
        assert_eq!(
            events.first(),
            Some(&MoveEvent::Lift {
                pit: Pit::House(mover, ex.house.index() as u8),
                seeds: ex.seeds
            }),
            "{}: the move starts by lifting the chosen house",
            ex.id
        );

        // Replaying the events on the old board must give the new one; the
        // board just before the end-of-game sweep is kept, since RULES.md
        // draws the Kalah endings (K6-K8) at that moment.
        let mut replayed = ex.before.clone();
        let mut before_sweep = None;
        for event in &events {
            if matches!(event, MoveEvent::GameOver { .. }) {
                let mut snapshot = replayed.clone();
                snapshot.to_move = None;
                before_sweep = Some(snapshot);
            }
            assert!(
                replayed.apply_event(event),
                "{}: event {event:?} does not fit",
                ex.id
            );
        }
        replayed.to_move = after.to_move();
        assert_eq!(
            replayed,
            after.board(),
            "{}: events replay to the new board",
            ex.id
        );

        let matches_final = after.board() == ex.after && ex.final_stores.is_none();
        let matches_before_sweep =
            before_sweep.as_ref() == Some(&ex.after) && ex.final_stores == Some(after.stores());
        if !(matches_final || matches_before_sweep) {
            failures.push(format!(
                "{}: got {:?} (before the sweep: {before_sweep:?}), expected {:?} with final {:?}",
                ex.id,
                after.board(),
                ex.after,
                ex.final_stores
            ));
        }
        assert_eq!(
            after.total_seeds(),
            position.total_seeds(),
            "{}: seeds conserved",
            ex.id
        );
        if let Some(reason) = ex.end {
            assert_eq!(
                after.status(),
                Status::Over(reason),
                "{}: end reason",
                ex.id
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// O4b's closing sentence: with a second, non-slam move available, the
/// grand slam from house 4 is refused under `illegal_unless_forced`.
#[test]
fn grand_slam_is_refused_when_another_move_exists() {
    let board = Board::new(
        [vec![1, 0, 0, 0, 3, 0], vec![1, 1, 0, 0, 0, 0]],
        [20, 22],
        Some(Side::Player0),
    );
    let strict: Ruleset = serde_json::from_str(
        r#"{"variant":"oware","params":{"grand_slam":"illegal_unless_forced"}}"#,
    )
    .expect("ruleset");
    let position = Position::from_board(strict, &board, None).expect("setup");
    let legal: Vec<usize> = position.legal_moves().iter().map(Move::index).collect();
    assert_eq!(legal, vec![0]);
    let error = position
        .play(Move::from_index(4))
        .expect_err("grand slam refused");
    assert_eq!(error.code(), "grand_slam");

    let lenient: Ruleset = serde_json::from_str(r#"{"variant":"oware"}"#).expect("ruleset");
    let position = Position::from_board(lenient, &board, None).expect("setup");
    let played = position
        .play(Move::from_index(4))
        .expect("legal under abapa");
    assert!(!played.captured, "a grand slam captures nothing");
    assert_eq!(played.position.row(Side::Player1), &[2, 2, 0, 0, 0, 0]);
}
