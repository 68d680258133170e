//! `mancala analyze RECORD`: every move of every game in a record file,
//! its value against the best move's (both searched to the same depth, exact
//! where the search saw the game's end), and the moves that lost the most.

use crate::replay::{ReplayError, split_records};
use engine::{Endgames, Review, Searcher, Table};
use protocol::api::{MoveClass, ReviewLine};
use protocol::rules::{GameRecord, Side};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

/// The engine's memory for the review.
const TABLE_BYTES: usize = 64 << 20;

/// How many of the worst moves are listed.
const WORST: usize = 3;

/// Analyze every game of the record file `path` (`-`: standard input).
pub fn run(path: &Path, depth: u8, as_json: bool) -> Result<(), ReplayError> {
    let io_error = |source| ReplayError::Io {
        path: path.to_path_buf(),
        source,
    };
    let text = if path == Path::new("-") {
        io::read_to_string(io::stdin()).map_err(io_error)?
    } else {
        std::fs::read_to_string(path).map_err(io_error)?
    };
    let mut searcher =
        Searcher::new(Table::with_bytes(TABLE_BYTES)).with_endgames(&Endgames::new());
    let mut games = Vec::new();
    for (n, chunk) in split_records(&text).into_iter().enumerate() {
        let record = GameRecord::parse(chunk).map_err(|source| ReplayError::BadRecord {
            game: n + 1,
            source,
        })?;
        let game = record.game();
        // A parsed record is a legal game: its moves replay.
        let reviews =
            engine::review(&mut searcher, game.start(), game.moves(), depth).unwrap_or_default();
        games.push((n + 1, record, reviews));
    }
    let out = if as_json {
        let value: Vec<serde_json::Value> = games
            .iter()
            .map(|(n, record, reviews)| game_json(*n, record, reviews, depth))
            .collect();
        format!("{}\n", serde_json::Value::Array(value))
    } else {
        games
            .iter()
            .map(|(n, record, reviews)| game_text(*n, record, reviews, depth))
            .collect::<Vec<_>>()
            .join("\n")
    };
    io::stdout()
        .lock()
        .write_all(out.as_bytes())
        .map_err(|source| ReplayError::Io {
            path: Path::new("-").to_path_buf(),
            source,
        })
}

fn side(side: Side) -> usize {
    side.index()
}

/// The class as the table writes it (as `--json` does).
fn class_word(class: MoveClass) -> &'static str {
    match class {
        MoveClass::Best => "best",
        MoveClass::Inaccuracy => "inaccuracy",
        MoveClass::Mistake => "mistake",
        MoveClass::Blunder => "blunder",
    }
}

fn signed(value: i32) -> String {
    format!("{value:+}")
}

fn game_text(n: usize, record: &GameRecord, reviews: &[Review], depth: u8) -> String {
    let ruleset = record.game().ruleset();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Game {n}: {} ({ruleset}), each position searched {depth} plies; a value is the mover's store less his opponent's as far as the search saw (* where it saw the end: exact)",
        ruleset.variant().title()
    );
    let _ = writeln!(
        out,
        "{:>4}  {:>4}  {:>6}  {:>6}  {:>4}  {:>6}  {:>4}  {:<10}  expected line",
        "ply", "side", "played", "value", "best", "value", "loss", "class"
    );
    for r in reviews {
        let star = if r.exact { "*" } else { " " };
        let _ = writeln!(
            out,
            "{:>4}  {:>4}  {:>6}  {:>5}{star}  {:>4}  {:>5}{star}  {:>4}  {:<10}  {}",
            r.ply,
            side(r.mover),
            r.played.number(),
            signed(r.value),
            r.best.number(),
            signed(r.best_value),
            r.loss(),
            class_word(r.class),
            r.expected
                .iter()
                .map(|mv| mv.number().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    let worst = engine::worst(reviews, WORST);
    if worst.is_empty() {
        let _ = writeln!(out, "No move lost anything at this depth.");
    } else {
        let words: Vec<String> = worst
            .iter()
            .filter_map(|&ply| reviews.iter().find(|r| r.ply == ply))
            .map(|r| {
                format!(
                    "ply {} (side {}, house {} for {}: {} seeds)",
                    r.ply,
                    side(r.mover),
                    r.played.number(),
                    r.best.number(),
                    r.loss()
                )
            })
            .collect();
        let _ = writeln!(out, "Moves that lost the most: {}.", words.join("; "));
    }
    out
}

/// One game of a record file reviewed, as `--json` writes it.
#[derive(serde::Serialize)]
struct ReviewedRecord<'a> {
    /// The game's number in the file, from 1.
    game: usize,
    variant: &'static str,
    tags: &'a std::collections::BTreeMap<String, String>,
    depth: u8,
    moves: Vec<SideReview>,
    /// The plies of the moves that lost the most, worst first.
    worst: Vec<usize>,
}

/// A reviewed move with the rules side that played it (a record has no seats).
#[derive(serde::Serialize)]
struct SideReview {
    #[serde(flatten)]
    line: ReviewLine,
    side: usize,
}

fn game_json(n: usize, record: &GameRecord, reviews: &[Review], depth: u8) -> serde_json::Value {
    let reviewed = ReviewedRecord {
        game: n,
        variant: record.game().ruleset().variant().id(),
        tags: record.tags(),
        depth,
        moves: reviews
            .iter()
            .map(|r| SideReview {
                line: r.line(),
                side: side(r.mover),
            })
            .collect(),
        worst: engine::worst(reviews, WORST),
    };
    serde_json::to_value(reviewed).unwrap_or_default()
}
