//! Every worked example of RULES.md (K1 to C2): the engine must reproduce the
//! legal moves and the position after the move exactly.
//!
//! The examples are transcribed verbatim into `data/worked_examples.txt`; this
//! file reads RULES.md's diagrams, so the data stays in the spec's own words.

use protocol::rules::{
    Board, EndReason, Game, Move, MoveEvent, Pit, Position, Ruleset, Side, Status,
};

const DATA: &str = include_str!("data/worked_examples.txt");

struct Example {
    id: String,
    ruleset: Ruleset,
    before: Board,
    legal: Vec<usize>,
    mover: Side,
    house: usize,
    seeds: u8,
    after: Board,
    end: Option<EndReason>,
    final_stores: Option<[u8; 2]>,
}

fn numbers(text: &str) -> Vec<u8> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("number"))
        .collect()
}

/// Read one RULES.md diagram (five lines) into a board.
fn diagram(lines: &[&str]) -> Board {
    assert_eq!(lines.len(), 5, "a diagram has five lines: {lines:?}");
    let after = |line: &str, marker: &str| line.split_once(marker).expect(marker).1.to_owned();
    let mut top = numbers(&after(lines[1], "P1 seeds"));
    top.reverse();
    let stores = numbers(lines[2]);
    assert_eq!(stores.len(), 4, "store line: {}", lines[2]); // "P1", a, b, "P0" -> 1, a, b, 0
    let bottom = numbers(&after(lines[3], "P0 seeds"));
    let status = lines[4];
    let to_move = if status.contains("(player 0 to move)") {
        Some(Side::Player0)
    } else if status.contains("(player 1 to move)") {
        Some(Side::Player1)
    } else {
        assert!(status.contains("(game over)"), "status: {status}");
        None
    };
    Board::new([bottom, top], [stores[2], stores[1]], to_move)
}

fn examples() -> Vec<Example> {
    let mut out = Vec::new();
    for chunk in DATA.split("=== ").skip(1) {
        let mut lines = chunk.lines();
        let header = lines.next().expect("header");
        let (id, json) = header.split_once(' ').expect("id and ruleset");
        let ruleset: Ruleset = serde_json::from_str(json).expect("ruleset json");
        let body: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
        let before = diagram(&body[0..5]);
        let legal_line = body[5];
        let move_line = body[6];
        let after = diagram(&body[7..12]);
        let mut end = None;
        let mut final_stores = None;
        for line in &body[12..] {
            if let Some(reason) = line.strip_prefix("end reason: ") {
                end = Some(
                    serde_json::from_value(serde_json::Value::String(reason.to_owned()))
                        .expect("known end reason"),
                );
            } else if let Some(scores) = line.strip_prefix("final (from the prose): ") {
                let scores = numbers(scores);
                final_stores = Some([scores[0], scores[1]]);
            } else {
                panic!("{id}: unexpected line {line}");
            }
        }
        let legal: Vec<usize> = numbers(legal_line.split_once(':').expect("legal").1)
            .into_iter()
            .map(usize::from)
            .collect();
        let move_numbers = numbers(move_line);
        let (mover, house, seeds) = (move_numbers[0], move_numbers[1], move_numbers[2]);
        out.push(Example {
            id: id.to_owned(),
            ruleset,
            before,
            legal,
            mover: Side::from_index(mover.into()).expect("side"),
            house: house.into(),
            seeds,
            after,
            end,
            final_stores,
        });
    }
    out
}

#[test]
fn all_thirty_four_examples_are_present() {
    let ids: Vec<String> = examples().into_iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), 34, "{ids:?}");
    assert_eq!(ids.first().map(String::as_str), Some("K1"));
    assert_eq!(ids.last().map(String::as_str), Some("C2"));
}

#[test]
fn every_worked_example_is_reproduced_exactly() {
    let mut failures = Vec::new();
    for ex in examples() {
        let position = Position::from_board(ex.ruleset, &ex.before, None)
            .unwrap_or_else(|e| panic!("{}: bad setup: {e}", ex.id));
        assert_eq!(position.to_move(), Some(ex.mover), "{}: mover", ex.id);
        let legal: Vec<usize> = position.legal_moves().iter().map(Move::index).collect();
        if legal != ex.legal {
            failures.push(format!(
                "{}: legal moves {legal:?}, expected {:?}",
                ex.id, ex.legal
            ));
        }
        let mut game = Game::from_position(position);
        let mv = Move::from_index(ex.house as u8);
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
                pit: Pit::House(ex.mover, ex.house as u8),
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
