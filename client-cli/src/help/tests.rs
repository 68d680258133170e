use super::*;
use crate::text::LANGUAGES;
use clap::CommandFactory;

/// The `cmdline-` messages of English.
fn english_help_ids() -> Vec<String> {
    LANGUAGES[0]
        .2
        .lines()
        .filter_map(|line| line.split_once(" ="))
        .map(|(id, _)| id.trim().to_owned())
        .filter(|id| id.starts_with("cmdline-"))
        .collect()
}

#[test]
fn every_text_of_the_help_is_a_message_and_every_help_message_is_a_text() {
    let english = Text::of("en");
    let mut used: Vec<String> = OWN_WORDS.iter().map(|id| (*id).to_owned()).collect();
    for (source, _) in texts(&crate::Cli::command()) {
        let id = source.ids().into_iter().find(|id| english.has(id));
        let id = id.unwrap_or_else(|| panic!("no message for {source:?}: {:?}", source.ids()));
        used.push(id);
    }
    let left: Vec<String> = english_help_ids()
        .into_iter()
        .filter(|id| !used.contains(id) && !is_reference(id))
        .collect();
    assert!(left.is_empty(), "help messages no text asks for: {left:?}");
}

/// Whether English message `id` only stands for another (`{ cmdline-… }`),
/// as the options several commands share with the same words do.
fn is_reference(id: &str) -> bool {
    LANGUAGES[0]
        .2
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{id} = ")))
        .is_some_and(|value| value.starts_with("{ cmdline-"))
}

#[test]
fn the_english_help_is_word_for_word_the_codes() {
    let english = Text::of("en");
    for (source, words) in texts(&crate::Cli::command()) {
        assert_eq!(
            worded(&english, &source).as_deref(),
            Some(words.as_str()),
            "{source:?}: en.ftl says otherwise than the doc comment"
        );
    }
}

/// The help of `mancala SUB --help` (the top's for `None`) in `code`.
fn rendered(code: &str, sub: Option<&str>) -> String {
    let mut command = localized(crate::Cli::command(), &Text::of(code));
    command.build();
    let command = match sub {
        Some(sub) => command.find_subcommand_mut(sub).expect("a subcommand"),
        None => &mut command,
    };
    command.render_help().to_string()
}

#[test]
fn each_language_words_the_help_with_its_own_headings_and_nothing_in_english() {
    for (code, _, _) in LANGUAGES {
        let text = Text::of(code);
        for sub in [None, Some("play"), Some("solve"), Some("tournaments")] {
            let help = rendered(code, sub);
            assert!(
                help.contains(&text.get("cmdline-usage")),
                "{code} {sub:?}:\n{help}"
            );
            assert!(
                help.contains(&format!("{}:", text.get("cmdline-options"))),
                "{code} {sub:?}:\n{help}"
            );
            assert!(
                help.contains(&text.get("cmdline-flag-help")),
                "{code}:\n{help}"
            );
            if code != "en" {
                for english in ["Usage:", "Options:", "Print help", "Examples:"] {
                    assert!(
                        !help.contains(english),
                        "{code} {sub:?} says {english:?}:\n{help}"
                    );
                }
            }
        }
    }
    let polish = rendered("pl", Some("play"));
    assert!(polish.contains("Twoje imię"), "{polish}");
    assert!(polish.contains("Przykłady:"), "{polish}");
    let top = rendered("ru", None);
    assert!(top.contains("Команды:") && top.contains("Играть"), "{top}");
}
