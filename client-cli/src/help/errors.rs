//! clap's refusals of a command line (an unknown option, a bad value) in
//! the client's language. clap words them in English only and its error
//! formatter is a type without state, so they are worded here from what
//! clap found (its error's kind and context): the refusal, the values or
//! names it would take, the usage line and where to read more. English
//! keeps clap's own text.

use crate::text::{Text, t};
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// `error` as the client says it in `text`'s language.
pub fn worded(text: &Text, error: &clap::Error) -> String {
    if text.code() == "en" {
        return error.render().to_string();
    }
    let string = |kind| match error.get(kind) {
        Some(ContextValue::String(value)) => Some(value.clone()),
        _ => None,
    };
    let strings = |kind| match error.get(kind) {
        Some(ContextValue::Strings(values)) => values.clone(),
        Some(ContextValue::String(value)) => vec![value.clone()],
        _ => Vec::new(),
    };
    let number = |kind| match error.get(kind) {
        Some(ContextValue::Number(n)) => *n as i64,
        _ => 0,
    };
    let arg = string(ContextKind::InvalidArg).unwrap_or_default();
    let value = string(ContextKind::InvalidValue).unwrap_or_default();
    let mut out = String::new();
    let headline = match error.kind() {
        ErrorKind::InvalidValue if value.is_empty() => {
            t!(text, "argument-error-value-missing", arg = arg.as_str())
        }
        ErrorKind::InvalidValue => t!(
            text,
            "argument-error-invalid-value",
            value = value.as_str(),
            arg = arg.as_str()
        ),
        ErrorKind::ValueValidation => {
            // A number's parse error is worded here; another validator's
            // (the rules' own words) is shown as it is.
            let why = match std::error::Error::source(error) {
                Some(source) if source.is::<std::num::ParseIntError>() => {
                    t!(text, "argument-error-not-a-number")
                }
                Some(source) => {
                    let said = source.to_string();
                    // clap's range check: "300 is not in 0..=255".
                    match said.strip_prefix(&format!("{value} is not in ")) {
                        Some(range) => t!(text, "argument-error-out-of-range", range = range),
                        None => said,
                    }
                }
                None => String::new(),
            };
            t!(
                text,
                "argument-error-invalid-value",
                value = value.as_str(),
                arg = arg.as_str()
            ) + ": "
                + &why
        }
        ErrorKind::UnknownArgument => t!(text, "argument-error-unknown", arg = arg.as_str()),
        ErrorKind::InvalidSubcommand => t!(
            text,
            "argument-error-unknown-command",
            command = string(ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::MissingRequiredArgument => {
            let missing = strings(ContextKind::InvalidArg);
            let list = missing
                .iter()
                .fold(String::new(), |acc, m| acc + "\n  " + m);
            t!(text, "argument-error-missing") + &list
        }
        ErrorKind::MissingSubcommand => t!(
            text,
            "argument-error-command-missing",
            command = string(ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::ArgumentConflict => {
            let prior = strings(ContextKind::PriorArg);
            if prior == [arg.clone()] {
                t!(text, "argument-error-twice", arg = arg.as_str())
            } else {
                t!(
                    text,
                    "argument-error-conflict",
                    arg = arg.as_str(),
                    other = prior.join("', '")
                )
            }
        }
        ErrorKind::TooManyValues => t!(
            text,
            "argument-error-value-extra",
            value = value.as_str(),
            arg = arg.as_str()
        ),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => t!(
            text,
            "argument-error-value-count",
            arg = arg.as_str(),
            expected = number(ContextKind::MinValues).max(number(ContextKind::ExpectedNumValues)),
            given = number(ContextKind::ActualNumValues)
        ),
        ErrorKind::NoEquals => t!(text, "argument-error-no-equals", arg = arg.as_str()),
        _ => t!(text, "argument-error-other"),
    };
    out.push_str(&t!(text, "argument-error", problem = headline));
    let valid = strings(ContextKind::ValidValue);
    if !valid.is_empty() {
        let values = valid.join(", ");
        out.push_str(&format!(
            "\n  [{}]",
            t!(text, "argument-error-values", values = values)
        ));
    }
    let commands = strings(ContextKind::ValidSubcommand);
    if !commands.is_empty() && error.kind() == ErrorKind::MissingSubcommand {
        let commands = commands.join(", ");
        out.push_str(&format!(
            "\n  [{}]",
            t!(text, "argument-error-commands", commands = commands)
        ));
    }
    let mut tips = Vec::new();
    let similar = |kind| Some(strings(kind).join("', '")).filter(|s| !s.is_empty());
    if let Some(similar) = similar(ContextKind::SuggestedSubcommand) {
        tips.push(t!(
            text,
            "argument-error-similar-command",
            similar = similar
        ));
    }
    if let Some(similar) = similar(ContextKind::SuggestedArg) {
        tips.push(t!(
            text,
            "argument-error-similar-argument",
            similar = similar
        ));
    }
    if let Some(similar) = similar(ContextKind::SuggestedValue) {
        tips.push(t!(text, "argument-error-similar-value", similar = similar));
    }
    if let Some(ContextValue::StyledStrs(suggested)) = error.get(ContextKind::Suggested) {
        for tip in suggested {
            tips.push(suggestion(text, &tip.to_string(), &arg));
        }
    }
    if !tips.is_empty() {
        out.push('\n');
        for tip in tips {
            out.push_str(&format!(
                "\n  {}",
                t!(text, "argument-error-tip", tip = tip)
            ));
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) {
        let usage = usage.to_string();
        let line = usage.trim_start_matches("Usage:").trim_start();
        out.push_str(&format!("\n\n{} {line}", t!(text, "cmdline-usage")));
    }
    out.push_str(&format!("\n\n{}\n", t!(text, "argument-error-more")));
    out
}

/// One of clap's tips (its English sentence) in the client's words: the
/// three clap gives are known; another is shown as clap words it.
fn suggestion(text: &Text, english: &str, arg: &str) -> String {
    if english.starts_with("to pass '") {
        t!(text, "argument-error-as-value", arg = arg)
    } else if english.contains("exists; to use it, remove the '--'") {
        t!(text, "argument-error-no-dashes", command = arg)
    } else if let Some(exists) = english.strip_suffix("' exists") {
        let command = exists.trim_start_matches('\'');
        t!(text, "argument-error-under-command", command = command)
    } else {
        english.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction, CommandFactory};

    /// What the client says of `args` (after `mancala`) in language `code`.
    fn said(code: &str, args: &[&str]) -> String {
        let text = Text::of(code);
        let command = super::super::localized(crate::Cli::command(), &text);
        let error = command
            .try_get_matches_from(std::iter::once("mancala").chain(args.iter().copied()))
            .expect_err("a refusal");
        worded(&text, &error)
    }

    #[test]
    fn english_is_claps_own_text() {
        let error = crate::Cli::command()
            .try_get_matches_from(["mancala", "play", "--bogus"])
            .expect_err("a refusal");
        assert_eq!(worded(&Text::of("en"), &error), error.render().to_string());
    }

    #[test]
    fn each_kind_of_refusal_is_worded_with_what_clap_found() {
        let unknown = said("pl", &["play", "--bogus"]);
        assert_eq!(
            unknown,
            "błąd: nieoczekiwany argument '--bogus'\n\nUżycie: mancala play [OPTIONS]\n\nWięcej informacji: '--help'.\n"
        );
        let elsewhere = said("pl", &["--nam", "x", "play"]);
        assert!(
            elsewhere.contains("wskazówka: istnieje 'play --name'"),
            "{elsewhere}"
        );
        let misspelt = said("sl", &["plya"]);
        assert!(
            misspelt.starts_with("napaka: neznan ukaz 'plya'"),
            "{misspelt}"
        );
        assert!(
            misspelt.contains("namig: podobni ukazi: 'replay', 'play'"),
            "{misspelt}"
        );
        let empty = said("tr", &["play", "--server"]);
        assert!(
            empty.starts_with("hata: '--server <SERVER>' bir değer ister"),
            "{empty}"
        );
        let twice = said("ru", &["lobby", "--json", "--json"]);
        assert!(
            twice.starts_with("ошибка: аргумент '--json' нельзя указывать несколько раз"),
            "{twice}"
        );
        let letters = said("ru", &["solve", "kalah", "--houses", "x"]);
        assert!(letters.ends_with("'--houses <HOUSES>': ожидается целое число в допустимых пределах\n\nПодробнее: '--help'.\n"), "{letters}");
        let big = said("ru", &["solve", "kalah", "--houses", "300"]);
        assert!(big.contains(": должно быть в пределах 0..=255"), "{big}");
        let nothing = said("pl", &["--lang", "pl"]);
        assert!(
            nothing.starts_with("błąd: 'mancala' wymaga polecenia"),
            "{nothing}"
        );
        assert!(
            nothing.contains("[polecenia: play, watch, lobby,"),
            "{nothing}"
        );
    }

    #[test]
    fn the_values_a_choice_takes_are_listed() {
        let command = clap::Command::new("t").arg(
            Arg::new("side")
                .long("side")
                .action(ArgAction::Set)
                .value_parser(["north", "south"]),
        );
        let error = command
            .try_get_matches_from(["t", "--side", "east"])
            .expect_err("a refusal");
        let said = worded(&Text::of("pl"), &error);
        assert!(said.starts_with("błąd: nieprawidłowa wartość 'east' dla '--side <side>'\n  [możliwe wartości: north, south]"), "{said}");
    }
}
