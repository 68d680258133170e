//! Game records: a text format a person can read and write, and its JSON form.
//!
//! A record names the variant and its parameters in tag lines, then lists the
//! moves as house numbers `1..m` counted from the mover's own left (the
//! convention of the Mangala correspondence rules):
//!
//! ```text
//! [variant "kalah"]
//! [seeds_per_house "4"]
//! [empty_capture "false"]
//! [player0 "alice"]
//! [player1 "bob"]
//! [result "27-21"]
//!
//! 1. 3,6 2
//! 2. 1 5
//! ```
//!
//! * Tags are `[name "value"]`, one per line, before the moves; `\"` and `\\`
//!   escape inside values. `variant` is required; parameters left out take
//!   their defaults; `result` (`"27-21"`, or `"*"` for an unfinished game) is
//!   checked against the replay; any other tag (players, date, event) is kept
//!   as it is.
//! * The moves are grouped into rounds: `N.` then player 0's turn, then player
//!   1's. A turn is one or more moves joined by commas: every move but the
//!   last of a turn must earn an extra turn, and the last must not (unless the
//!   game ends or the record stops there). Round numbers are optional but
//!   checked when given.
//! * Lines starting with `#` are comments.
//! * Togyz Kumalak and Bestemshe moves are written as their players write
//!   them (PlayStrategy's move list): the house played, the house the last
//!   stone fell in, `X` if it made a tuzdik, and the mover's score in
//!   brackets if it captured (`1. 54(10) 71X`); the house played is the
//!   first digit, and the rest is checked against the replay. A bare
//!   house number is read too.
//!
//! Parsing replays the game, so a parsed record is always a legal game, and a
//! bad record is refused with its line and the reason.

use super::game::Game;
use super::moves::{Move, MoveError};
use super::ruleset::{Params, Ruleset, RulesetError, Variant};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A legal game with its tags. Built from a [`Game`], parsed from text, or
/// deserialised from JSON: `{"variant": "kalah", "params": {...}, "tags": {...},
/// "moves": [3, 6, 2], "result": {...} or null}`.
#[derive(Clone, Debug)]
pub struct GameRecord {
    game: Game,
    tags: BTreeMap<String, String>,
}

impl GameRecord {
    /// The record of `game` with free-form `tags` (players, date, event...).
    /// Tags named like `variant`, a parameter or `result` are ignored: those
    /// come from the game itself.
    pub fn new(game: Game, tags: BTreeMap<String, String>) -> GameRecord {
        let tags = tags
            .into_iter()
            .filter(|(name, _)| !is_reserved(name))
            .collect();
        GameRecord { game, tags }
    }

    /// Replay `moves` under `ruleset` into a record.
    pub fn from_moves(ruleset: Ruleset, moves: &[Move]) -> Result<GameRecord, RecordError> {
        let mut game = Game::new(ruleset);
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|source| RecordError::IllegalMove {
                line: None,
                ply: i + 1,
                number: mv.number().into(),
                source,
            })?;
        }
        Ok(GameRecord::new(game, BTreeMap::new()))
    }

    /// The game, replayed to its last move.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The free-form tags.
    pub fn tags(&self) -> &BTreeMap<String, String> {
        &self.tags
    }

    /// The text form (see the module documentation).
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// Read a record from its text form.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        Parser::default().parse(text)
    }
}

fn is_reserved(name: &str) -> bool {
    name == "variant" || name == "result" || Params::NAMES.contains(&name)
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ruleset = self.game.ruleset();
        write_tag(f, "variant", ruleset.variant().id())?;
        for (name, value) in ruleset.params().pairs() {
            write_tag(f, name, &value)?;
        }
        for (name, value) in &self.tags {
            write_tag(f, name, value)?;
        }
        let result = match self.game.position().result() {
            Some(result) => format!("{}-{}", result.scores[0], result.scores[1]),
            None => "*".to_owned(),
        };
        write_tag(f, "result", &result)?;
        writeln!(f)?;

        // Group the moves into turns by replaying them: the mover before each
        // move says where one turn ends and the next begins.
        let mut position = *self.game.start();
        let mut round = 0;
        let mut line = String::new();
        let mut previous_mover = None;
        for &mv in self.game.moves() {
            let mover = position.to_move();
            if mover == previous_mover {
                line.push(',');
            } else if mover == Some(super::Side::Player0) {
                if !line.is_empty() {
                    writeln!(f, "{line}")?;
                }
                round += 1;
                line = format!("{round}. ");
            } else {
                line.push(' ');
            }
            match position.move_label(mv) {
                Ok(label) if ruleset.is_togyz() => line.push_str(&label),
                _ => line.push_str(&mv.to_string()),
            }
            previous_mover = mover;
            if position.play_in_place(mv).is_err() {
                break;
            }
        }
        if !line.is_empty() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    writeln!(f, "[{name} \"{escaped}\"]")
}

/// Why a record could not be read. Line numbers count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line in the header that is not `[name "value"]`.
    #[error("line {line}: a tag is written [name \"value\"]")]
    BadTag {
        /// Where.
        line: usize,
    },
    /// The same tag twice.
    #[error("line {line}: tag '{name}' is given twice")]
    DuplicateTag {
        /// Where.
        line: usize,
        /// Which tag.
        name: String,
    },
    /// A tag after the first move.
    #[error("line {line}: tags must come before the moves")]
    TagAfterMoves {
        /// Where.
        line: usize,
    },
    /// No `[variant "..."]` tag.
    #[error("the record has no [variant \"...\"] tag")]
    MissingVariant,
    /// The variant or a parameter was refused.
    #[error("line {line}: {source}")]
    Ruleset {
        /// Where.
        line: usize,
        /// Why.
        source: RulesetError,
    },
    /// A token in the move text that is neither a round number nor a turn.
    #[error(
        "line {line}: '{token}' is not a move (moves are house numbers such as 3, joined by commas within a turn: 3,6)"
    )]
    BadMoveToken {
        /// Where.
        line: usize,
        /// The token.
        token: String,
    },
    /// A round number out of sequence.
    #[error("line {line}: round {found}. comes where round {expected}. was expected")]
    RoundNumber {
        /// Where.
        line: usize,
        /// The number written.
        found: String,
        /// The number expected.
        expected: usize,
    },
    /// A move that the rules refuse.
    #[error("{}move {ply} (house {number}) is illegal: {source}", line_prefix(*line))]
    IllegalMove {
        /// Where, for text records.
        line: Option<usize>,
        /// Which move of the game, from 1.
        ply: usize,
        /// The house number written.
        number: i64,
        /// Why the rules refuse it.
        source: MoveError,
    },
    /// A turn goes on after a move that gave no extra turn.
    #[error(
        "line {line}: move {ply} ends the turn (no extra turn), so the next move belongs to the other player's turn: write a space, not a comma"
    )]
    TurnEndsEarly {
        /// Where.
        line: usize,
        /// The move that ended the turn.
        ply: usize,
    },
    /// A turn stops although its last move gave an extra turn.
    #[error(
        "line {line}: move {ply} gives an extra turn, so the same player moves again: join the next move with a comma"
    )]
    TurnIncomplete {
        /// Where.
        line: usize,
        /// The move that earned the extra turn.
        ply: usize,
    },
    /// A Togyz Kumalak or Bestemshe move written with another landing,
    /// tuzdik or score than the replay gives.
    #[error("line {line}: move {ply} is written {written}, but house {number} here plays {played}")]
    WrongLabel {
        /// Where.
        line: usize,
        /// Which move of the game, from 1.
        ply: usize,
        /// The house played.
        number: i64,
        /// What the record says.
        written: String,
        /// What the move does.
        played: String,
    },
    /// The `result` tag is not `A-B` or `*`.
    #[error(
        "line {line}: result '{value}' must be written like 27-21, or * for an unfinished game"
    )]
    BadResult {
        /// Where.
        line: usize,
        /// The text.
        value: String,
    },
    /// The `result` tag disagrees with the game.
    #[error("the result tag says {declared} but the moves give {actual}")]
    ResultMismatch {
        /// What the tag says.
        declared: String,
        /// What the replay gives.
        actual: String,
    },
}

fn line_prefix(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}

#[derive(Default)]
struct Parser {
    variant: Option<(usize, Variant)>,
    params: Params,
    params_line: usize,
    result: Option<(usize, String)>,
    tags: BTreeMap<String, String>,
}

/// A turn read from the move text: its moves (each a house number, and a
/// Kazakh move's whole label) and the line it stands on.
struct TurnToken {
    line: usize,
    moves: Vec<(i64, Option<String>)>,
}

/// One move of a turn: a house number, or in the Kazakh games (`kazakh`)
/// a label whose first digit is the house played.
fn read_move(part: &str, kazakh: bool) -> Option<(i64, Option<String>)> {
    if kazakh && part.len() > 1 {
        let house = part.get(..1)?.parse::<i64>().ok()?;
        return Some((house, Some(part.to_owned())));
    }
    part.parse::<i64>().ok().map(|house| (house, None))
}

impl Parser {
    fn parse(mut self, text: &str) -> Result<GameRecord, RecordError> {
        let mut turns: Vec<TurnToken> = Vec::new();
        let mut seen_tags = std::collections::HashSet::new();
        let mut in_moves = false;
        let mut round = 0usize;
        let mut turns_in_round = 2usize;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if trimmed.starts_with('[') {
                if in_moves {
                    return Err(RecordError::TagAfterMoves { line });
                }
                let (name, value) = parse_tag(trimmed).ok_or(RecordError::BadTag { line })?;
                if !seen_tags.insert(name.clone()) {
                    return Err(RecordError::DuplicateTag { line, name });
                }
                self.tag(line, name, value)?;
                continue;
            }
            in_moves = true;
            for token in trimmed.split_whitespace() {
                if let Some(number) = token.strip_suffix('.') {
                    let expected = round + 1;
                    if number.parse::<usize>().ok() != Some(expected) {
                        return Err(RecordError::RoundNumber {
                            line,
                            found: number.to_owned(),
                            expected,
                        });
                    }
                    round = expected;
                    turns_in_round = 0;
                    continue;
                }
                let kazakh = self
                    .variant
                    .is_some_and(|(_, v)| Ruleset::default_for(v).is_togyz());
                let moves = token
                    .split(',')
                    .map(|part| read_move(part, kazakh))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| RecordError::BadMoveToken {
                        line,
                        token: token.to_owned(),
                    })?;
                if turns_in_round >= 2 {
                    round += 1;
                    turns_in_round = 0;
                }
                turns_in_round += 1;
                turns.push(TurnToken { line, moves });
            }
        }
        let (variant_line, variant) = self.variant.ok_or(RecordError::MissingVariant)?;
        let ruleset =
            Ruleset::new(variant, self.params).map_err(|source| RecordError::Ruleset {
                line: self.params_line.max(variant_line),
                source,
            })?;
        let game = replay_turns(ruleset, &turns)?;
        if let Some((_, declared)) = &self.result {
            let actual = match game.position().result() {
                Some(r) => format!("{}-{}", r.scores[0], r.scores[1]),
                None => "*".to_owned(),
            };
            if *declared != actual {
                return Err(RecordError::ResultMismatch {
                    declared: declared.clone(),
                    actual,
                });
            }
        }
        Ok(GameRecord {
            game,
            tags: self.tags,
        })
    }

    fn tag(&mut self, line: usize, name: String, value: String) -> Result<(), RecordError> {
        match name.as_str() {
            "variant" => {
                let variant = value
                    .parse()
                    .map_err(|source| RecordError::Ruleset { line, source })?;
                self.variant = Some((line, variant));
            }
            "result" => {
                let valid = value == "*"
                    || value
                        .split_once('-')
                        .is_some_and(|(a, b)| a.parse::<u8>().is_ok() && b.parse::<u8>().is_ok());
                if !valid {
                    return Err(RecordError::BadResult { line, value });
                }
                self.result = Some((line, value));
            }
            _ if Params::NAMES.contains(&name.as_str()) => {
                self.params
                    .set(&name, &value)
                    .map_err(|source| RecordError::Ruleset { line, source })?;
                self.params_line = line;
            }
            _ => {
                self.tags.insert(name, value);
            }
        }
        Ok(())
    }
}

/// Play the turns, checking that each turn boundary falls where the rules put it.
fn replay_turns(ruleset: Ruleset, turns: &[TurnToken]) -> Result<Game, RecordError> {
    let mut game = Game::new(ruleset);
    for (turn_index, turn) in turns.iter().enumerate() {
        let last_turn = turn_index + 1 == turns.len();
        for (k, (number, label)) in turn.moves.iter().enumerate() {
            let number = *number;
            let ply = game.moves().len() + 1;
            let illegal = |source| RecordError::IllegalMove {
                line: Some(turn.line),
                ply,
                number,
                source,
            };
            let mover = game.position().to_move();
            let mv = game.ruleset().house(number).map_err(illegal)?;
            if let Some(written) = label {
                let played = game.position().move_label(mv).map_err(illegal)?;
                if *written != played {
                    return Err(RecordError::WrongLabel {
                        line: turn.line,
                        ply,
                        number,
                        written: written.clone(),
                        played,
                    });
                }
            }
            game.play(mv).map_err(illegal)?;
            let same_player_again = !game.is_over() && game.position().to_move() == mover;
            let last_of_turn = k + 1 == turn.moves.len();
            if !last_of_turn && !same_player_again && !game.is_over() {
                return Err(RecordError::TurnEndsEarly {
                    line: turn.line,
                    ply,
                });
            }
            if last_of_turn && same_player_again && !last_turn {
                return Err(RecordError::TurnIncomplete {
                    line: turn.line,
                    ply,
                });
            }
        }
    }
    Ok(game)
}

/// `[name "value"]` with `\"` and `\\` escapes; `None` if malformed.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|c| matches!(c, '"' | '\\'))?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_owned(), value))
}

/// The JSON form of a record.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordRepr {
    variant: Variant,
    #[serde(default)]
    params: Params,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    tags: BTreeMap<String, String>,
    moves: Vec<Move>,
    #[serde(default)]
    result: Option<super::GameResult>,
}

impl Serialize for GameRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ruleset = self.game.ruleset();
        RecordRepr {
            variant: ruleset.variant(),
            params: ruleset.params(),
            tags: self.tags.clone(),
            moves: self.game.moves().to_vec(),
            result: self.game.position().result(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameRecord {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameRecord, D::Error> {
        use serde::de::Error;
        let repr = RecordRepr::deserialize(deserializer)?;
        let ruleset = Ruleset::new(repr.variant, repr.params).map_err(D::Error::custom)?;
        let record = GameRecord::from_moves(ruleset, &repr.moves).map_err(D::Error::custom)?;
        if let Some(declared) = repr.result
            && record.game.position().result() != Some(declared)
        {
            return Err(D::Error::custom(
                "the result does not match the result of the moves",
            ));
        }
        Ok(GameRecord::new(record.game, repr.tags))
    }
}
