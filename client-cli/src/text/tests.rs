//! Every language has every message, with no variable the English one
//! lacks; every message the code names exists, and every English one is
//! used; the plurals and the choice of language work.

use super::*;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

/// Each message of `source` with the variables it uses.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(_, errors)| {
        panic!("a message file does not parse: {errors:?}");
    });
    let mut found = BTreeMap::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let mut variables = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_variables(value, &mut variables);
                }
                let id = message.id.name.to_owned();
                assert!(found.insert(id.clone(), variables).is_none(), "{id} twice");
            }
            ast::Entry::Junk { content } => panic!("cannot read {content:?}"),
            _ => {}
        }
    }
    found
}

fn pattern_variables(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for variant in variants {
                pattern_variables(&variant.value, into);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, into),
        _ => {}
    }
}

#[test]
fn every_language_has_every_english_message_and_no_other() {
    let english = messages(LANGUAGES[0].2);
    for (code, _, source) in &LANGUAGES[1..] {
        let theirs = messages(source);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !theirs.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        let extra: Vec<_> = theirs
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            extra.is_empty(),
            "{code} has messages English lacks: {extra:?}"
        );
        for (id, variables) in &theirs {
            let unknown: Vec<_> = variables.difference(&english[id]).collect();
            assert!(
                unknown.is_empty(),
                "{code} {id} uses {unknown:?}, which the code never gives it"
            );
        }
    }
}

/// The message ids the client names, found after each `t!(` in its sources.
fn ids_in_code() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the sources").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let code = std::fs::read_to_string(&path).expect("a source");
            for after in code.split("t!(").skip(1) {
                // `text, "id"`, perhaps across lines.
                let mut parts = after.splitn(3, '"');
                let (Some(before), Some(id)) = (parts.next(), parts.next()) else {
                    continue;
                };
                if before.trim_end().ends_with(',') && !before.contains(')') {
                    ids.insert(id.to_owned());
                }
            }
        }
    }
    ids
}

#[test]
fn every_message_the_code_names_is_in_english_and_every_english_one_is_named() {
    let english = messages(LANGUAGES[0].2);
    let named = ids_in_code();
    assert!(named.len() > 150, "the scan found only {}", named.len());
    let missing: Vec<_> = named
        .iter()
        .filter(|id| !english.contains_key(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "named in the code, not in en.ftl: {missing:?}"
    );
    // The command line's help is named by the commands and options it words
    // (checked by the help's own tests).
    let unused: Vec<_> = english
        .keys()
        .filter(|id| !named.contains(*id) && !id.starts_with("cmdline-"))
        .collect();
    assert!(unused.is_empty(), "in en.ftl, never used: {unused:?}");
}

#[test]
fn each_language_counts_with_its_own_plurals() {
    let online = |code: &str, count: u32| t!(Text::of(code), "players-online", count = count);
    assert_eq!(online("en", 1), "1 player online");
    assert_eq!(online("en", 3), "3 players online");
    assert_eq!(online("pl", 1), "1 gracz online");
    assert_eq!(online("pl", 3), "3 gracze online");
    assert_eq!(online("pl", 5), "5 graczy online");
    assert_eq!(online("ru", 1), "1 игрок в сети");
    assert_eq!(online("ru", 3), "3 игрока в сети");
    assert_eq!(online("ru", 5), "5 игроков в сети");
    assert_eq!(online("sl", 2), "2 igralca na spletu");
    assert_eq!(online("sl", 5), "5 igralcev na spletu");
    assert_eq!(online("tr", 3), "3 oyuncu çevrimiçi");
    let points = |code: &str, p: f64| crate::plain::points_with_unit(&Text::of(code), p);
    assert_eq!(points("en", 1.0), "1 pt");
    assert_eq!(points("en", 0.0), "0 pts");
    assert_eq!(points("en", 1.5), "1.5 pts");
    assert_eq!(points("pl", 1.5), "1,5 pkt");
}

#[test]
fn the_language_is_the_flags_else_the_locales() {
    assert_eq!(spoken("pl_PL.UTF-8"), Some("pl"));
    assert_eq!(spoken("ru-RU"), Some("ru"));
    assert_eq!(spoken("sl"), Some("sl"));
    assert_eq!(spoken("tr_TR@euro"), Some("tr"));
    assert_eq!(spoken("C"), None);
    assert_eq!(spoken("de_DE.UTF-8"), None);
    assert_eq!(Text::choose(Some("PL")).map(|t| t.code()).ok(), Some("pl"));
    let refused = Text::choose(Some("de")).err().map(|e| e.to_string());
    assert_eq!(
        refused.as_deref(),
        Some(
            "--lang de: the client speaks en (English), tr (Türkçe), pl (Polski), ru (Русский), sl (Slovenščina)"
        )
    );
}

/// The refusals' sentences are the protocol's: every language has one for
/// every code the server may send, and each is plain text.
#[test]
fn every_language_words_every_refusal_code() {
    for (code, source) in protocol::wire::REFUSAL_MESSAGES {
        let theirs = messages(source);
        for error in protocol::wire::ErrorCode::ALL {
            let id = format!("refusal-{}", error.as_str());
            assert_eq!(theirs.get(&id), Some(&BTreeSet::new()), "{code} {id}");
        }
        assert_eq!(theirs.len(), protocol::wire::ErrorCode::ALL.len(), "{code}");
    }
}

#[test]
fn a_refusal_is_the_servers_words_in_english_and_the_codes_sentence_in_another_language() {
    let (code, words) = (ErrorCode::NoSuchMatch, "match 7 is not live");
    assert_eq!(Text::of("en").refusal(code, words), words);
    assert_eq!(Text::of("pl").refusal(code, words), "Ten mecz nie trwa.");
    assert_eq!(
        Text::of("tr").refusal(code, words),
        Text::of("tr").get("refusal-no_such_match")
    );
    assert_ne!(Text::of("tr").refusal(code, words), words);
}
