//! `mancala replay`: show a recorded game move by move, or check many games as JSON Lines.

use crate::complaints::record_error;
use crate::diagram::diagram;
use crate::plain::game_end_words;
use crate::text::{Text, t};
use protocol::rules::{
    Board, Game, GameRecord, GameResult, MoveEvent, Params, Pit, RecordError, Ruleset, Status,
};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

/// Shown under `mancala replay --help`.
pub const EXAMPLES: &str = r#"Examples:
  mancala replay game.txt
      Print the board after every move of a game record, and the result.

  mancala replay --server http://127.0.0.1:7878 31
      Every game of archived match 31, board by board, from the server's archive.

  echo '{"variant": "kalah", "moves": [3, 6, 1]}' | mancala replay --jsonl
      One line out per line in: {"positions": [...], "result": ...}, or
      {"error": {"ply": k, "code": "...", "message": "..."}} at the first illegal
      move (ply counts moves from 1; null when the line itself is bad).

JSON Lines input: {"variant": ID, "params": {...} (optional), "moves": [house numbers 1..m]}
Variants: mangala, kalah, oware, kalah_relay, congkak. Blank lines are skipped.
Error codes: malformed (not a game line), bad_ruleset (unknown variant or parameter),
house_out_of_range, empty_house, must_feed, grand_slam, game_over."#;

/// What can stop `mancala replay` as a whole (a bad JSON line does not: it gets an error line).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// Reading the input or writing the output failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file, or `-` for the standard streams.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The game record could not be read.
    #[error("{}: {source}", path.display())]
    Record {
        /// The record file.
        path: PathBuf,
        /// What is wrong with it.
        source: RecordError,
    },
    /// No record file was named.
    #[error("name a game record to replay, or use --jsonl to read JSON Lines (see --help)")]
    NoFile,
    /// With --server, the match id is missing or not a number.
    #[error("name the match to replay by its id: mancala replay --server URL MATCH_ID")]
    NoMatchId,
    /// The server could not be asked, or refused.
    #[error(transparent)]
    Web(#[from] crate::web::WebError),
    /// The server's records did not read back.
    #[error("the server's record of game {game} is not readable: {source}")]
    BadRecord {
        /// The game's place in the match, from 1.
        game: usize,
        /// What is wrong with it.
        source: RecordError,
    },
}

impl ReplayError {
    /// The error in `text`'s language (what the system says of a file
    /// stays as it says it).
    pub fn say(&self, text: &Text) -> String {
        match self {
            ReplayError::Io { .. } => self.to_string(),
            ReplayError::Record { path, source } => {
                format!("{}: {}", path.display(), record_error(text, source))
            }
            ReplayError::NoFile => t!(text, "replay-no-file"),
            ReplayError::NoMatchId => t!(text, "replay-no-match-id"),
            ReplayError::Web(error) => error.say(text),
            ReplayError::BadRecord { game, source } => t!(
                text,
                "replay-bad-record",
                game = *game,
                problem = record_error(text, source)
            ),
        }
    }
}

/// Run `mancala replay --server URL MATCH_ID`: fetch the match's records
/// from the archive and show each game board by board.
pub fn archived(text: &Text, server: &str, match_id: Option<&Path>) -> Result<(), ReplayError> {
    let id: u64 = match_id
        .and_then(|p| p.to_str())
        .and_then(|text| text.parse().ok())
        .ok_or(ReplayError::NoMatchId)?;
    let url = format!("{}/api/matches/{id}/record", crate::web::base_url(server));
    let records = crate::web::get(&url)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (game, chunk) in split_records(&records).into_iter().enumerate() {
        let record = GameRecord::parse(chunk).map_err(|source| ReplayError::BadRecord {
            game: game + 1,
            source,
        })?;
        let shown = format!("{}\n", render_record(text, &record));
        out.write_all(shown.as_bytes())
            .map_err(|source| ReplayError::Io {
                path: PathBuf::from("-"),
                source,
            })?;
    }
    Ok(())
}

/// The records of a match, one after another: each starts at its
/// `[variant ...]` tag line.
pub(crate) fn split_records(text: &str) -> Vec<&str> {
    let starts: Vec<usize> = text
        .match_indices("[variant ")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text[..i].ends_with('\n'))
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(n, &start)| &text[start..starts.get(n + 1).copied().unwrap_or(text.len())])
        .collect()
}

/// Run `mancala replay` with the command-line arguments.
pub fn run(text: &Text, file: Option<&Path>, jsonl: bool) -> Result<(), ReplayError> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ReplayError::Io { path, source }
    };
    let stdin_path = Path::new("-");
    if jsonl {
        return match file.filter(|f| *f != stdin_path) {
            Some(path) => {
                let input = std::fs::File::open(path).map_err(io_error(path))?;
                replay_jsonl(io::BufReader::new(input), &mut out).map_err(io_error(path))
            }
            None => replay_jsonl(io::stdin().lock(), &mut out).map_err(io_error(stdin_path)),
        };
    }
    let path = file.ok_or(ReplayError::NoFile)?;
    let written = if path == stdin_path {
        io::read_to_string(io::stdin()).map_err(io_error(path))?
    } else {
        std::fs::read_to_string(path).map_err(io_error(path))?
    };
    let record = GameRecord::parse(&written).map_err(|source| ReplayError::Record {
        path: path.to_path_buf(),
        source,
    })?;
    out.write_all(render_record(text, &record).as_bytes())
        .map_err(io_error(stdin_path))
}

/// The text shown for a record: header, opening board, each move with its
/// board, and the result, in `text`'s language.
pub fn render_record(text: &Text, record: &GameRecord) -> String {
    let game = record.game();
    let ruleset = game.ruleset();
    let mut out = String::new();
    let _ = writeln!(out, "{} — {ruleset}", ruleset.variant().title());
    for (name, value) in record.tags() {
        let _ = writeln!(out, "{name}: {value}");
    }
    let _ = writeln!(
        out,
        "\n{}\n{}",
        t!(text, "replay-start"),
        diagram(text, game.start())
    );
    let mut replay = Game::from_position(*game.start());
    for (ply, &mv) in game.moves().iter().enumerate() {
        let mover = replay.position().to_move();
        let Ok(events) = replay.play(mv) else {
            // A parsed record is a legal game; nothing to show past a refusal.
            break;
        };
        let said = t!(
            text,
            "replay-move",
            ply = ply + 1,
            side = mover.map_or(0, |side| side.index()),
            house = mv.number()
        );
        let _ = writeln!(out, "{said}{}", summary(text, &events));
        let _ = writeln!(out, "{}", diagram(text, replay.position()));
    }
    let position = replay.position();
    let _ = match (position.status(), position.result()) {
        (Status::Over(reason), Some(result)) => {
            writeln!(out, "{}", result_words(text, result, reason))
        }
        (Status::Over(_), None) => Ok(()),
        (Status::ToMove(side), _) => writeln!(
            out,
            "{}",
            t!(text, "replay-unfinished", side = side.index())
        ),
    };
    out
}

/// "Result: 27-21, player 0 wins (side_empty)".
fn result_words(text: &Text, result: GameResult, reason: protocol::rules::EndReason) -> String {
    let [first, second] = result.scores;
    let reason = game_end_words(text, reason.into());
    match result.winner {
        Some(side) => t!(
            text,
            "replay-result-won",
            first = first,
            second = second,
            side = side.index(),
            reason = reason
        ),
        None => t!(
            text,
            "replay-result-draw",
            first = first,
            second = second,
            reason = reason
        ),
    }
}

/// "; captures 5; extra turn" — the parts of a move worth a word.
fn summary(text: &Text, events: &[MoveEvent]) -> String {
    let mut parts = Vec::new();
    let relays = events
        .iter()
        .filter(|e| matches!(e, MoveEvent::Relay { .. }))
        .count();
    if relays > 0 {
        parts.push(t!(text, "replay-relays", count = relays));
    }
    let captured = MoveEvent::captured(events);
    if captured > 0 {
        parts.push(t!(text, "replay-captures", seeds = captured));
    }
    for event in events {
        match event {
            MoveEvent::ExtraTurn { .. } => parts.push(t!(text, "replay-extra-turn")),
            MoveEvent::Tuzdik {
                pit: Pit::House(side, index),
                by,
                ..
            } => parts.push(t!(
                text,
                "replay-tuzdik",
                house = index + 1,
                owner = side.index(),
                by = by.index()
            )),
            MoveEvent::GameOver { reason, .. } => parts.push(t!(
                text,
                "replay-game-over",
                reason = game_end_words(text, (*reason).into())
            )),
            MoveEvent::Sweep { from, to, seeds } => parts.push(t!(
                text,
                "replay-sweep",
                to = to.index(),
                seeds = *seeds,
                from = from.index()
            )),
            _ => {}
        }
    }
    parts.iter().fold(String::new(), |acc, p| acc + "; " + p)
}

/// One input line of `--jsonl`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameLine {
    variant: String,
    #[serde(default)]
    params: Option<serde_json::Value>,
    moves: Vec<i64>,
}

/// One output line of `--jsonl`.
#[derive(Serialize)]
#[serde(untagged)]
enum ResultLine {
    Replayed {
        positions: Vec<serde_json::Value>,
        result: Option<GameResult>,
    },
    Failed {
        error: LineError,
    },
}

#[derive(Serialize)]
struct LineError {
    ply: Option<usize>,
    code: &'static str,
    message: String,
}

impl LineError {
    fn line(code: &'static str, message: impl ToString) -> LineError {
        LineError {
            ply: None,
            code,
            message: message.to_string(),
        }
    }
}

/// Replay every JSON line of `input`, writing one result line per game.
/// Bad lines get an error line; only I/O failures stop the run.
pub fn replay_jsonl(input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let result = match replay_line(&line) {
            Ok((positions, result)) => ResultLine::Replayed { positions, result },
            Err(error) => ResultLine::Failed { error },
        };
        serde_json::to_writer(&mut *out, &result)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
}

type Replayed = (Vec<serde_json::Value>, Option<GameResult>);

/// A position as `--jsonl` writes it: the board, with `"tuzdik": [t0, t1]`
/// always in the Kazakh games (as their example vectors have it), even
/// before either player has one.
fn position_line(board: Board, kazakh: bool) -> serde_json::Value {
    let tuzdik = board.tuzdik;
    let mut value = serde_json::to_value(board).unwrap_or_default();
    if kazakh && let Some(fields) = value.as_object_mut() {
        fields.insert("tuzdik".to_owned(), serde_json::json!(tuzdik));
    }
    value
}

fn replay_line(line: &str) -> Result<Replayed, LineError> {
    let input: GameLine =
        serde_json::from_str(line).map_err(|e| LineError::line("malformed", e))?;
    let variant = input
        .variant
        .parse()
        .map_err(|e| LineError::line("bad_ruleset", e))?;
    let params = match input.params {
        None | Some(serde_json::Value::Null) => Params::default(),
        Some(value) => {
            serde_json::from_value(value).map_err(|e| LineError::line("bad_ruleset", e))?
        }
    };
    let ruleset = Ruleset::new(variant, params).map_err(|e| LineError::line("bad_ruleset", e))?;
    let mut game = Game::new(ruleset);
    let kazakh = ruleset.is_togyz();
    let mut positions = Vec::with_capacity(input.moves.len() + 1);
    positions.push(position_line(game.position().board(), kazakh));
    for (index, &number) in input.moves.iter().enumerate() {
        let refused = |error: protocol::rules::MoveError| LineError {
            ply: Some(index + 1),
            code: error.code(),
            message: error.to_string(),
        };
        let mv = game.ruleset().house(number).map_err(refused)?;
        game.play(mv).map_err(refused)?;
        positions.push(position_line(game.position().board(), kazakh));
    }
    Ok((positions, game.position().result()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::Move;

    fn run_lines(input: &str) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        replay_jsonl(input.as_bytes(), &mut out).expect("in-memory I/O");
        String::from_utf8(out)
            .expect("utf-8")
            .lines()
            .map(|l| serde_json::from_str(l).expect("each output line is JSON"))
            .collect()
    }

    #[test]
    fn a_togyz_kumalak_line_carries_the_tuzdiks_in_every_position() {
        // RULES_TOGYZ.md's opening T1, then a reply.
        let lines = run_lines(r#"{"variant": "togyz_kumalak", "moves": [5, 1]}"#);
        let positions = lines[0]["positions"].as_array().expect("positions");
        assert_eq!(positions.len(), 3);
        for position in positions {
            assert_eq!(
                position["tuzdik"],
                serde_json::json!([null, null]),
                "{position}"
            );
        }
        assert_eq!(positions[1]["stores"], serde_json::json!([10, 0]));
        let kalah = run_lines(r#"{"variant": "kalah", "moves": [3]}"#);
        assert!(
            kalah[0]["positions"][0].get("tuzdik").is_none(),
            "only where the game has them"
        );
    }

    #[test]
    fn summary_names_captures_and_extra_turns() {
        let mut game = Game::new(Ruleset::default_for(protocol::rules::Variant::Kalah));
        let events = game.play(Move::from_index(2)).expect("legal");
        assert_eq!(summary(&Text::of("en"), &events), "; extra turn");
    }

    #[test]
    fn blank_lines_are_skipped_and_bad_ones_answered() {
        let lines = run_lines("\n{\"variant\":\"kalah\",\"moves\":[]}\n  \nnot json\n");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["error"]["code"], "malformed");
        assert!(lines[1]["error"]["ply"].is_null());
    }
}
