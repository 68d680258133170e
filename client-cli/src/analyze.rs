//! `mancala analyze RECORD`: every move of every game in a record file,
//! its value against the best move's (both searched to the same depth, exact
//! where the search saw the game's end), and the moves that lost the most.

use crate::replay::{ReplayError, split_records};
use crate::text::{Text, t};
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
pub fn run(text: &Text, path: &Path, depth: u8, as_json: bool) -> Result<(), ReplayError> {
    let io_error = |source| ReplayError::Io {
        path: path.to_path_buf(),
        source,
    };
    let written = if path == Path::new("-") {
        io::read_to_string(io::stdin()).map_err(io_error)?
    } else {
        std::fs::read_to_string(path).map_err(io_error)?
    };
    let mut searcher =
        Searcher::new(Table::with_bytes(TABLE_BYTES)).with_endgames(&Endgames::new());
    let mut games = Vec::new();
    for (n, chunk) in split_records(&written).into_iter().enumerate() {
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
            .map(|(n, record, reviews)| game_text(text, *n, record, reviews, depth))
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

/// The class in the table's words (`--json` keeps the protocol's).
fn class_words(text: &Text, class: MoveClass) -> String {
    match class {
        MoveClass::Best => t!(text, "analyze-best"),
        MoveClass::Inaccuracy => t!(text, "analyze-inaccuracy"),
        MoveClass::Mistake => t!(text, "analyze-mistake"),
        MoveClass::Blunder => t!(text, "analyze-blunder"),
    }
}

fn signed(value: i32) -> String {
    format!("{value:+}")
}

/// A column of the table: its heading, and how wide its cells are at
/// least (the heading may make it wider).
struct Column {
    heading: String,
    width: usize,
}

impl Column {
    fn new(heading: String, least: usize) -> Column {
        let width = heading.chars().count().max(least);
        Column { heading, width }
    }
}

fn game_text(text: &Text, n: usize, record: &GameRecord, reviews: &[Review], depth: u8) -> String {
    let ruleset = record.game().ruleset();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        t!(
            text,
            "analyze-heading",
            game = n,
            variant = ruleset.variant().title(),
            ruleset = ruleset.to_string(),
            depth = depth
        )
    );
    let columns = [
        Column::new(t!(text, "analyze-ply"), 4),
        Column::new(t!(text, "analyze-side"), 4),
        Column::new(t!(text, "analyze-played"), 6),
        Column::new(t!(text, "analyze-value"), 6),
        Column::new(t!(text, "analyze-best-move"), 4),
        Column::new(t!(text, "analyze-value"), 6),
        Column::new(t!(text, "analyze-loss"), 4),
        Column::new(t!(text, "analyze-class"), 10),
    ];
    let [ply, mover, played, value, best, best_value, loss, class] = &columns;
    let _ = writeln!(
        out,
        "{:>w0$}  {:>w1$}  {:>w2$}  {:>w3$}  {:>w4$}  {:>w5$}  {:>w6$}  {:<w7$}  {}",
        ply.heading,
        mover.heading,
        played.heading,
        value.heading,
        best.heading,
        best_value.heading,
        loss.heading,
        class.heading,
        t!(text, "analyze-expected"),
        w0 = ply.width,
        w1 = mover.width,
        w2 = played.width,
        w3 = value.width,
        w4 = best.width,
        w5 = best_value.width,
        w6 = loss.width,
        w7 = class.width,
    );
    for r in reviews {
        let star = if r.exact { "*" } else { " " };
        let _ = writeln!(
            out,
            "{:>w0$}  {:>w1$}  {:>w2$}  {:>w3$}{star}  {:>w4$}  {:>w5$}{star}  {:>w6$}  {:<w7$}  {}",
            r.ply,
            r.mover.index(),
            r.played.number(),
            signed(r.value),
            r.best.number(),
            signed(r.best_value),
            r.loss(),
            class_words(text, r.class),
            r.expected
                .iter()
                .map(|mv| mv.number().to_string())
                .collect::<Vec<_>>()
                .join(" "),
            w0 = ply.width,
            w1 = mover.width,
            w2 = played.width,
            w3 = value.width - 1,
            w4 = best.width,
            w5 = best_value.width - 1,
            w6 = loss.width,
            w7 = class.width,
        );
    }
    let worst = engine::worst(reviews, WORST);
    if worst.is_empty() {
        let _ = writeln!(out, "{}", t!(text, "analyze-nothing-lost"));
    } else {
        let words: Vec<String> = worst
            .iter()
            .filter_map(|&ply| reviews.iter().find(|r| r.ply == ply))
            .map(|r| {
                t!(
                    text,
                    "analyze-worst-move",
                    ply = r.ply,
                    side = r.mover.index(),
                    played = r.played.number(),
                    best = r.best.number(),
                    seeds = r.loss()
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{}",
            t!(text, "analyze-worst", moves = words.join("; "))
        );
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
