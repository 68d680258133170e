//! What the rules and the engine refuse (a bad record, an illegal move, an
//! unknown variant, a game the solver does not take), in the player's
//! language. Their error types carry the facts and word them in English;
//! the English messages here are those words exactly (a test keeps them
//! equal), so a script sees one text whichever way it is made.

use crate::text::{Text, t};
use engine::{EndgameError, SolveError};
use protocol::rules::{MoveError, RecordError, RulesetError};

/// Why the rules refused a move.
pub fn move_error(text: &Text, error: &MoveError) -> String {
    match *error {
        MoveError::HouseOutOfRange { number, houses } => t!(
            text,
            "complaint-house-out-of-range",
            number = number,
            houses = houses
        ),
        MoveError::EmptyHouse { number } => t!(text, "complaint-empty-house", number = number),
        MoveError::MustFeed { number } => t!(text, "complaint-must-feed", number = number),
        MoveError::GrandSlam { number } => t!(text, "complaint-grand-slam", number = number),
        MoveError::GameOver => t!(text, "complaint-game-over"),
    }
}

/// Why a game record could not be read.
pub fn record_error(text: &Text, error: &RecordError) -> String {
    let at = |line: usize, said: String| t!(text, "complaint-at-line", line = line, said = said);
    match error {
        RecordError::BadTag { line } => at(*line, t!(text, "complaint-bad-tag")),
        RecordError::DuplicateTag { line, name } => at(
            *line,
            t!(text, "complaint-duplicate-tag", name = name.as_str()),
        ),
        RecordError::TagAfterMoves { line } => at(*line, t!(text, "complaint-tag-after-moves")),
        RecordError::MissingVariant => t!(text, "complaint-missing-variant"),
        RecordError::Ruleset { line, source } => at(*line, ruleset_error(text, source)),
        RecordError::BadMoveToken { line, token } => at(
            *line,
            t!(text, "complaint-bad-move-token", token = token.as_str()),
        ),
        RecordError::RoundNumber {
            line,
            found,
            expected,
        } => at(
            *line,
            t!(
                text,
                "complaint-round-number",
                found = found.as_str(),
                expected = *expected
            ),
        ),
        RecordError::IllegalMove {
            line,
            ply,
            number,
            source,
        } => {
            let said = t!(
                text,
                "complaint-illegal-move",
                ply = *ply,
                number = *number,
                why = move_error(text, source)
            );
            match line {
                Some(line) => at(*line, said),
                None => said,
            }
        }
        RecordError::TurnEndsEarly { line, ply } => {
            at(*line, t!(text, "complaint-turn-ends-early", ply = *ply))
        }
        RecordError::TurnIncomplete { line, ply } => {
            at(*line, t!(text, "complaint-turn-incomplete", ply = *ply))
        }
        RecordError::WrongLabel {
            line,
            ply,
            number,
            written,
            played,
        } => at(
            *line,
            t!(
                text,
                "complaint-wrong-label",
                ply = *ply,
                written = written.as_str(),
                number = *number,
                played = played.as_str()
            ),
        ),
        RecordError::BadResult { line, value } => at(
            *line,
            t!(text, "complaint-bad-result", value = value.as_str()),
        ),
        RecordError::ResultMismatch { declared, actual } => t!(
            text,
            "complaint-result-mismatch",
            declared = declared.as_str(),
            actual = actual.as_str()
        ),
    }
}

/// Why a variant or its parameters were refused.
pub fn ruleset_error(text: &Text, error: &RulesetError) -> String {
    match error {
        RulesetError::UnknownVariant(name) => {
            t!(text, "complaint-unknown-variant", name = name.as_str())
        }
        RulesetError::SeedsPerHouse {
            variant,
            seeds,
            allowed,
        } => t!(
            text,
            "complaint-seeds-per-house",
            variant = variant.to_string(),
            allowed = format!("{allowed:?}"),
            seeds = *seeds
        ),
        RulesetError::Houses { houses, allowed } => t!(
            text,
            "complaint-houses",
            allowed = format!("{allowed:?}"),
            houses = *houses
        ),
        RulesetError::UnknownParam { variant, name } => t!(
            text,
            "complaint-unknown-param",
            variant = variant.to_string(),
            name = *name
        ),
        RulesetError::NotAParam(name) => t!(text, "complaint-not-a-param", name = name.as_str()),
        RulesetError::BadValue { name, value } => t!(
            text,
            "complaint-bad-value",
            value = value.as_str(),
            name = name.as_str()
        ),
    }
}

/// Why a position was not solved.
pub fn solve_error(text: &Text, error: &SolveError) -> String {
    match error {
        SolveError::NotSolvable(ruleset) => {
            t!(
                text,
                "complaint-not-solvable",
                ruleset = ruleset.to_string()
            )
        }
        SolveError::NoEndgameHere(ruleset) => {
            t!(
                text,
                "complaint-no-endgame-here",
                ruleset = ruleset.to_string()
            )
        }
        SolveError::Over => t!(text, "complaint-nothing-to-solve"),
        SolveError::OtherRules { database, position } => t!(
            text,
            "complaint-other-rules",
            database = database.to_string(),
            position = position.to_string()
        ),
    }
}

/// Why an endgame database was not built.
pub fn endgame_error(text: &Text, error: &EndgameError) -> String {
    match error {
        EndgameError::NotSolvable(ruleset) => {
            t!(text, "complaint-no-database", ruleset = ruleset.to_string())
        }
        EndgameError::NotOware(ruleset) => {
            t!(text, "complaint-no-bounds", ruleset = ruleset.to_string())
        }
        EndgameError::TooLarge {
            seeds,
            needed,
            limit,
        } => t!(
            text,
            "complaint-database-too-large",
            seeds = *seeds,
            needed = needed.to_string(),
            limit = limit.to_string()
        ),
        // What a database's builder gives back to it: not the player's doing.
        EndgameError::Values { .. } | EndgameError::Value { .. } | EndgameError::Cycle(_) => {
            error.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{Ruleset, Variant};

    /// Each kind of complaint, in English, is its type's own words.
    #[test]
    fn english_is_the_errors_own_words() {
        let en = Text::of("en");
        let moves = [
            MoveError::HouseOutOfRange {
                number: 9,
                houses: 6,
            },
            MoveError::EmptyHouse { number: 3 },
            MoveError::MustFeed { number: 2 },
            MoveError::GrandSlam { number: 5 },
            MoveError::GameOver,
        ];
        for error in &moves {
            assert_eq!(move_error(&en, error), error.to_string());
        }
        let rulesets = [
            RulesetError::UnknownVariant("chess".into()),
            RulesetError::SeedsPerHouse {
                variant: Variant::Kalah,
                seeds: 9,
                allowed: &[3, 4, 5, 6],
            },
            RulesetError::Houses {
                houses: 9,
                allowed: &[4, 5, 6],
            },
            RulesetError::UnknownParam {
                variant: Variant::Oware,
                name: "empty_capture",
            },
            RulesetError::NotAParam("speed".into()),
            RulesetError::BadValue {
                name: "grand_slam".into(),
                value: "maybe".into(),
            },
        ];
        for error in &rulesets {
            assert_eq!(ruleset_error(&en, error), error.to_string());
        }
        let records = [
            RecordError::BadTag { line: 1 },
            RecordError::DuplicateTag {
                line: 2,
                name: "variant".into(),
            },
            RecordError::TagAfterMoves { line: 3 },
            RecordError::MissingVariant,
            RecordError::Ruleset {
                line: 1,
                source: rulesets[0].clone(),
            },
            RecordError::BadMoveToken {
                line: 4,
                token: "x".into(),
            },
            RecordError::RoundNumber {
                line: 4,
                found: "3".into(),
                expected: 2,
            },
            RecordError::IllegalMove {
                line: Some(4),
                ply: 2,
                number: 3,
                source: moves[1],
            },
            RecordError::IllegalMove {
                line: None,
                ply: 2,
                number: 3,
                source: moves[1],
            },
            RecordError::TurnEndsEarly { line: 4, ply: 1 },
            RecordError::TurnIncomplete { line: 4, ply: 1 },
            RecordError::WrongLabel {
                line: 4,
                ply: 1,
                number: 5,
                written: "51".into(),
                played: "71X".into(),
            },
            RecordError::BadResult {
                line: 2,
                value: "x".into(),
            },
            RecordError::ResultMismatch {
                declared: "27-21".into(),
                actual: "24-24".into(),
            },
        ];
        for error in &records {
            assert_eq!(record_error(&en, error), error.to_string());
        }
        let kalah = Ruleset::default_for(Variant::Kalah);
        let oware = Ruleset::default_for(Variant::Oware);
        let solves = [
            SolveError::NotSolvable(oware),
            SolveError::NoEndgameHere(kalah),
            SolveError::Over,
            SolveError::OtherRules {
                database: kalah,
                position: oware,
            },
        ];
        for error in &solves {
            assert_eq!(solve_error(&en, error), error.to_string());
        }
        let endgames = [
            EndgameError::NotSolvable(oware),
            EndgameError::NotOware(kalah),
            EndgameError::TooLarge {
                seeds: 40,
                needed: 1 << 40,
                limit: 1 << 30,
            },
        ];
        for error in &endgames {
            assert_eq!(endgame_error(&en, error), error.to_string());
        }
    }

    #[test]
    fn another_language_words_them_with_the_same_facts() {
        let pl = Text::of("pl");
        let error = RecordError::IllegalMove {
            line: Some(2),
            ply: 2,
            number: 3,
            source: MoveError::EmptyHouse { number: 3 },
        };
        assert_eq!(
            record_error(&pl, &error),
            "wiersz 2: ruch 2 (dołek 3) jest niedozwolony: dołek 3 jest pusty"
        );
        let unknown = RulesetError::UnknownVariant("chess".into());
        assert!(ruleset_error(&Text::of("ru"), &unknown).contains("'chess'"));
        assert_ne!(
            ruleset_error(&Text::of("ru"), &unknown),
            unknown.to_string()
        );
    }
}
