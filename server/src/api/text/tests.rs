use super::*;
use std::collections::BTreeSet;

fn texts() -> Texts {
    Texts::load().expect("every language's messages load")
}

/// The messages of `language` as the client gets them.
fn messages(language: &Language) -> Map<String, Value> {
    let body: Value = serde_json::from_str(&language.answer.body).expect("JSON");
    match body.get("messages") {
        Some(Value::Object(messages)) => messages.clone(),
        other => panic!("no messages: {other:?}"),
    }
}

fn english(texts: &Texts) -> Map<String, Value> {
    messages(&texts.languages[0])
}

/// The variables a pattern fills in or chooses on.
fn variables(pattern: &Value, into: &mut BTreeSet<String>) {
    match pattern {
        Value::Array(parts) => parts.iter().for_each(|p| variables(p, into)),
        Value::Object(part) => {
            for key in ["var", "select"] {
                if let Some(Value::String(name)) = part.get(key) {
                    into.insert(name.clone());
                }
            }
            if let Some(Value::Array(choices)) = part.get("variants") {
                for choice in choices {
                    if let Some(pattern) = choice.get(1) {
                        variables(pattern, into);
                    }
                }
            }
        }
        _ => {}
    }
}

#[test]
fn every_language_has_every_english_message_and_no_other() {
    let texts = texts();
    let ours = english(&texts);
    let english: BTreeSet<&String> = ours.keys().collect();
    assert!(english.len() > 50, "{}", english.len());
    for language in &texts.languages[1..] {
        let messages = messages(language);
        let theirs: BTreeSet<&String> = messages.keys().collect();
        let missing: Vec<_> = english.difference(&theirs).collect();
        let extra: Vec<_> = theirs.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            language.code
        );
    }
}

#[test]
fn a_translation_fills_in_only_the_variables_english_gives_it() {
    let texts = texts();
    let translations: Vec<_> = texts.languages[1..]
        .iter()
        .map(|l| (l.code, messages(l)))
        .collect();
    for (id, pattern) in english(&texts) {
        let mut given = BTreeSet::new();
        variables(&pattern, &mut given);
        for (code, messages) in &translations {
            let mut used = BTreeSet::new();
            variables(&messages[&id], &mut used);
            let unknown: Vec<_> = used.difference(&given).collect();
            assert!(unknown.is_empty(), "{code} {id}: {unknown:?}");
        }
    }
}

/// The message ids the browser client names literally: `t('id'` in its
/// modules.
fn named_by_the_client() -> BTreeSet<String> {
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut named = BTreeSet::new();
    for entry in std::fs::read_dir(&web).expect("the client's folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("a module");
        let mut rest = source.as_str();
        while let Some(at) = rest.find("t('") {
            let before = rest[..at].chars().last();
            rest = &rest[at + 3..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            if let Some(end) = rest.find('\'') {
                named.insert(rest[..end].to_owned());
            }
        }
    }
    named
}

use protocol::wire::{ChallengeCloseReason, GameEndReason, MatchEndReason};

/// Every game end reason (the match fails to compile when one is added).
fn game_end_reasons() -> Vec<GameEndReason> {
    use GameEndReason::*;
    let all = vec![
        SideEmpty, NoMove, Majority, Repetition, Resign, Forfeit, Timeout, DrawAgreed, Claimed,
        Abandoned, NoStart,
    ];
    for reason in &all {
        match reason {
            SideEmpty | NoMove | Majority | Repetition | Resign | Forfeit | Timeout
            | DrawAgreed | Claimed | Abandoned | NoStart => {}
        }
    }
    all
}

fn match_end_reasons() -> Vec<MatchEndReason> {
    use MatchEndReason::*;
    let all = vec![Completed, Decided, Forfeit, Aborted];
    for reason in &all {
        match reason {
            Completed | Decided | Forfeit | Aborted => {}
        }
    }
    all
}

fn challenge_close_reasons() -> Vec<ChallengeCloseReason> {
    use ChallengeCloseReason::*;
    let all = vec![Declined, Withdrawn, Expired, PlayerLeft];
    for reason in &all {
        match reason {
            Declined | Withdrawn | Expired | PlayerLeft => {}
        }
    }
    all
}

#[test]
fn every_message_the_client_names_is_there() {
    let texts = texts();
    let english = english(&texts);
    let named = named_by_the_client();
    assert!(named.len() > 20, "{named:?}");
    let missing: Vec<_> = named
        .iter()
        .filter(|id| !english.contains_key(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "named by the client, missing: {missing:?}"
    );
    // The families the client names by a variable part.
    let words = |value: Value| value.as_str().map(str::to_owned).unwrap_or_default();
    let mut families = Vec::new();
    for variant in protocol::api::variants().variants {
        families.push(format!("variant-{}", words(json!(variant.id))));
        for param in variant.params {
            families.push(format!("param-{}", param.key));
            families.push(format!("param-{}-short", param.key));
            for value in param.words.keys() {
                families.push(format!("param-value-{value}"));
            }
        }
    }
    for reason in game_end_reasons() {
        families.push(format!("game-end-{}", words(json!(reason))));
    }
    for reason in match_end_reasons() {
        families.push(format!("match-end-{}", words(json!(reason))));
    }
    for reason in challenge_close_reasons() {
        families.push(format!("challenge-closed-{}", words(json!(reason))));
    }
    // Every refusal the server may send, and those the client makes itself
    // (a lost connection) or the HTTP API answers.
    for code in protocol::wire::ErrorCode::ALL {
        families.push(format!("refusal-{}", code.as_str()));
    }
    for code in ["disconnected", "not_found", "bad_request"] {
        families.push(format!("refusal-{code}"));
    }
    let missing: Vec<_> = families
        .iter()
        .filter(|id| !english.contains_key(*id))
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
}

/// The rules pages show each paragraph of a variant's rules in short, and
/// each worked example's title, from the messages: English says what the
/// server's own page says, and no paragraph is left out or added.
#[test]
fn the_rules_in_short_are_the_servers_in_english_and_there_in_every_language() {
    let texts = texts();
    let english = english(&texts);
    for variant in protocol::api::variants().variants {
        let page = protocol::api::rules_page(variant.id);
        let id = |i: usize| format!("rules-{}-{i}", words_of(&json!(variant.id)));
        for (i, paragraph) in page.summary.iter().enumerate() {
            assert_eq!(
                english.get(&id(i + 1)),
                Some(&json!(paragraph)),
                "{}",
                id(i + 1)
            );
        }
        assert!(
            !english.contains_key(&id(page.summary.len() + 1)),
            "{} has a paragraph the server's page lacks",
            variant.title
        );
        for example in page.examples.iter().filter(|e| !e.title.is_empty()) {
            let id = format!("example-{}", example.id);
            assert_eq!(english.get(&id), Some(&json!(example.title)), "{id}");
        }
    }
}

fn words_of(value: &Value) -> String {
    value.as_str().map(str::to_owned).unwrap_or_default()
}

#[test]
fn messages_compile_to_text_variables_and_choices() {
    let source = "plain = Just text\nfilled = { $name } seeks { $count ->\n    [one] one game\n   *[other] { $count } games\n}\nbrace = A {\"{\"} brace\n";
    let messages = compile("en", source).expect("compiles");
    assert_eq!(messages["plain"], json!("Just text"));
    assert_eq!(
        messages["filled"],
        json!([{"var": "name"}, " seeks ", {"select": "count", "variants": [["one", "one game"], ["other", [{"var": "count"}, " games"]]], "default": 1}])
    );
    assert_eq!(messages["brace"], json!("A { brace"));
    for (source, what) in [
        ("a = { -term }\n-term = T\n", "a term"),
        ("a = { b }\nb = B\n", "a message reference"),
        ("a = { NUMBER($n) }\n", "a function"),
        ("a = A\n    .title = T\n", "attributes"),
    ] {
        let error = compile("en", source).expect_err(source).to_string();
        assert!(
            error.contains("browser client does not format") || error.contains(what),
            "{error}"
        );
    }
    assert!(matches!(
        compile("en", "a = A\na = B\n"),
        Err(TextError::Twice { .. })
    ));
    assert!(matches!(
        compile("en", "= nothing\n"),
        Err(TextError::Unparsed { .. })
    ));
}

#[test]
fn the_language_is_the_first_asked_for_that_is_spoken_else_english() {
    let texts = texts();
    for (accept, code) in [
        ("pl-PL,pl;q=0.9,en;q=0.8", "pl"),
        ("de-DE,de;q=0.9,tr;q=0.5", "tr"),
        ("sl", "sl"),
        ("ru-RU", "ru"),
        ("de-DE", "en"),
        ("", "en"),
        ("garbage;;;", "en"),
    ] {
        assert_eq!(texts.negotiate(accept), code, "{accept}");
        let body: Value = serde_json::from_str(&texts.answer(None, accept).body).expect("JSON");
        assert_eq!(body["lang"], json!(code));
        assert_eq!(body["languages"].as_array().map(Vec::len), Some(5));
    }
    let refused = texts.answer(Some("xx"), "");
    assert_eq!(refused.status, "404 Not Found");
    assert!(
        refused.body.contains("en, tr, pl, ru, sl"),
        "{}",
        refused.body
    );
}
