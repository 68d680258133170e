//! The worked examples of the rules' specifications (`RULES.md`: K1 to C2;
//! `RULES_TOGYZ.md`: T1 to B3b), as their pictures draw them: for the
//! rules pages, which play them on a board, and for the tests, which check
//! that the engine reproduces every one.
//!
//! The pictures are kept verbatim in `protocol/data/`, so the data stays in
//! the specifications' own words; this reads them.

use super::board::Board;
use super::event::EndReason;
use super::moves::Move;
use super::ruleset::{Ruleset, Variant};
use super::side::Side;

const RULES_EXAMPLES: &str = include_str!("../../data/worked_examples.txt");
const TOGYZ_EXAMPLES: &str = include_str!("../../data/togyz_worked_examples.txt");

/// One worked example: a position, the move played in it, and what the
/// specification says follows.
#[derive(Clone, Debug)]
pub struct WorkedExample {
    /// Its name in the specification (`K1`, `T4c`).
    pub id: String,
    /// Its heading, where the specification gives one.
    pub title: String,
    /// The game.
    pub ruleset: Ruleset,
    /// The position before the move.
    pub before: Board,
    /// The moves the specification says are legal there.
    pub legal: Vec<Move>,
    /// The house played.
    pub house: Move,
    /// Stones in it.
    pub seeds: u8,
    /// The position the specification draws after the move (the Kalah
    /// endings K6–K8 are drawn before their sweep: see `final_stores`).
    pub after: Board,
    /// How the game ended, if the move ended it.
    pub end: Option<EndReason>,
    /// The final stores the prose gives where the picture is drawn before
    /// the sweep.
    pub final_stores: Option<[u8; 2]>,
}

/// Every worked example of both specifications, in their order.
pub fn worked_examples() -> Vec<WorkedExample> {
    [RULES_EXAMPLES, TOGYZ_EXAMPLES]
        .into_iter()
        .flat_map(|text| text.split("\n=== ").skip(1))
        .filter_map(example)
        .collect()
}

/// The worked examples of `variant`.
pub fn worked_examples_of(variant: Variant) -> Vec<WorkedExample> {
    worked_examples()
        .into_iter()
        .filter(|example| example.ruleset.variant() == variant)
        .collect()
}

fn numbers(text: &str) -> Vec<u8> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .filter_map(|t| t.parse().ok())
        .collect()
}

/// A row as drawn after its label: counts, `X` (a tuzdik) as 0.
fn row(line: &str, labels: [&str; 2]) -> Option<Vec<u8>> {
    let (_, rest) = labels.iter().find_map(|label| line.split_once(label))?;
    rest.split_whitespace()
        .map(|t| if t == "X" { Some(0) } else { t.parse().ok() })
        .collect()
}

/// One picture: five lines, then the tuzdik line the Kazakh pictures add.
fn picture(lines: &[&str]) -> Option<Board> {
    let mut top = row(lines.get(1)?, ["P1 seeds", "P1 stones"])?;
    top.reverse();
    let stores = numbers(lines.get(2)?);
    let (&p1_store, &p0_store) = (stores.get(1)?, stores.get(2)?);
    let bottom = row(lines.get(3)?, ["P0 seeds", "P0 stones"])?;
    let status = lines.get(4)?;
    let to_move = if status.contains("(player 0 to move)") {
        Some(Side::Player0)
    } else if status.contains("(player 1 to move)") {
        Some(Side::Player1)
    } else {
        None
    };
    let mut board = Board::new([bottom, top], [p0_store, p1_store], to_move);
    if let Some(tuzdik) = lines.get(5).and_then(|l| l.strip_prefix("tuzdik: ")) {
        for part in tuzdik.split("; ") {
            // "P0's tuzdik = P1's house 2": player 0 owns player 1's house 2.
            let found = numbers(part);
            if let [owner, _, house] = found[..] {
                let owner = usize::from(owner).min(1);
                board.tuzdik[owner] = house.checked_sub(1);
            }
        }
    }
    Some(board)
}

/// Read one example: its header line, then its block.
fn example(chunk: &str) -> Option<WorkedExample> {
    let mut lines = chunk.lines();
    let header = lines.next()?;
    let (id, rest) = header.split_once(' ')?;
    let (json, title) = match rest.find("} ") {
        Some(at) => (&rest[..=at], rest[at + 2..].trim()),
        None => (rest, ""),
    };
    let ruleset: Ruleset = serde_json::from_str(json).ok()?;
    let body: Vec<&str> = lines
        .filter(|l| !l.trim().is_empty() && !l.starts_with("FEN:"))
        .collect();
    let legal_at = body.iter().position(|l| l.starts_with("legal moves"))?;
    let before = picture(&body[..legal_at])?;
    let legal_line = body.get(legal_at)?;
    // "move indices [0, 2]" where the specification gives both, else the indices.
    let legal_text = legal_line.split_once("move indices").map_or_else(
        || legal_line.split_once(':').map(|(_, t)| t),
        |(_, t)| Some(t),
    )?;
    let legal = numbers(legal_text)
        .into_iter()
        .map(Move::from_index)
        .collect();
    let move_line = body.get(legal_at + 1)?;
    // "plays house 5 (move index 4, 9 stones)" or RULES.md's "plays house 2 (4 seeds)".
    let (house, seeds) = match move_line.split_once("move index") {
        Some((_, rest)) => {
            let found = numbers(rest);
            (*found.first()?, *found.get(1)?)
        }
        None => {
            let found = numbers(move_line.split_once("plays house")?.1);
            (*found.first()?, *found.get(1)?)
        }
    };
    let after_lines: Vec<&str> = body[legal_at + 2..].to_vec();
    let drawn = if after_lines.get(5).is_some_and(|l| l.starts_with("tuzdik:")) {
        6
    } else {
        5
    };
    let after = picture(after_lines.get(..drawn)?)?;
    let mut end = None;
    let mut final_stores = None;
    for line in after_lines.iter().skip(drawn) {
        if let Some(reason) = line.strip_prefix("end reason: ") {
            let reason = reason.split(';').next()?.trim();
            end = Some(match reason {
                "score" => EndReason::Majority,
                other => {
                    serde_json::from_value(serde_json::Value::String(other.to_owned())).ok()?
                }
            });
        } else if let Some(scores) = line.strip_prefix("final (from the prose): ") {
            let found = numbers(scores);
            final_stores = Some([*found.first()?, *found.get(1)?]);
        }
    }
    Some(WorkedExample {
        id: id.to_owned(),
        title: title.to_owned(),
        ruleset,
        before,
        legal,
        house: Move::from_index(house),
        seeds,
        after,
        end,
        final_stores,
    })
}
