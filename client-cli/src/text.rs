//! The terminal client's words in each language it speaks. The messages are
//! Project Fluent files (`client-cli/i18n/LANG.ftl`, the format the browser
//! client's are in), compiled into the binary and formatted by
//! fluent-bundle, which brings each language's plural rules (CLDR): Polish
//! and Russian say "2 gracze" but "5 graczy", Slovenian has a dual.
//!
//! The language is `--lang` (or `MANCALA_LANG`), else the environment's
//! locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first one set), else
//! English. Every renderer is handed the [`Text`] it speaks: there is no
//! global language.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use protocol::wire::{ErrorCode, refusal_messages};
use unic_langid::LanguageIdentifier;

/// The languages spoken: code, the language's name for itself, and its
/// messages. English first: it has every message, and stands in for one a
/// file lacks (the tests keep every file complete).
pub const LANGUAGES: [(&str, &str, &str); 5] = [
    ("en", "English", include_str!("../i18n/en.ftl")),
    ("tr", "Türkçe", include_str!("../i18n/tr.ftl")),
    ("pl", "Polski", include_str!("../i18n/pl.ftl")),
    ("ru", "Русский", include_str!("../i18n/ru.ftl")),
    ("sl", "Slovenščina", include_str!("../i18n/sl.ftl")),
];

/// One language's messages, ready to format.
pub struct Text {
    code: &'static str,
    bundle: FluentBundle<FluentResource>,
}

/// Why `--lang` cannot be honoured.
#[derive(Debug, thiserror::Error)]
#[error("--lang {asked}: the client speaks {spoken}")]
pub struct UnknownLanguage {
    asked: String,
    spoken: String,
}

impl Text {
    /// English.
    #[cfg(test)]
    pub fn english() -> Text {
        Text::of("en")
    }

    /// The language named by `--lang` (`asked`: `pl`, `pl-PL`, `pl_PL.UTF-8`),
    /// else the one of the environment's locale, else English.
    pub fn choose(asked: Option<&str>) -> Result<Text, UnknownLanguage> {
        if let Some(asked) = asked {
            return spoken(asked).map(Text::of).ok_or_else(|| UnknownLanguage {
                asked: asked.to_owned(),
                spoken: LANGUAGES
                    .map(|(code, name, _)| format!("{code} ({name})"))
                    .join(", "),
            });
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty());
        Ok(Text::of(locale.as_deref().and_then(spoken).unwrap_or("en")))
    }

    /// Language `code` (one of [`LANGUAGES`]; English for any other).
    pub fn of(code: &str) -> Text {
        let (code, _, source) = LANGUAGES
            .iter()
            .copied()
            .find(|(c, _, _)| *c == code)
            .unwrap_or(LANGUAGES[0]);
        let id: LanguageIdentifier = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Unicode isolation marks are for bidirectional text in a browser;
        // on a terminal they only show as odd characters.
        bundle.set_use_isolating(false);
        // The files are checked by the tests; a message that failed to
        // parse would show as its id rather than stop the client.
        // The refusals' sentences are the protocol's, shared with the
        // browser client.
        let refusals = |code| refusal_messages(code).unwrap_or_default();
        let (english, ours) = (LANGUAGES[0].2, source);
        bundle.add_resource_overriding(resource(english));
        bundle.add_resource_overriding(resource(refusals("en")));
        if code != "en" {
            bundle.add_resource_overriding(resource(ours));
            bundle.add_resource_overriding(resource(refusals(code)));
        }
        Text { code, bundle }
    }

    /// The language's code (`pl`).
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// Whether there is a message `id` (in this language or English).
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// Message `id` without variables.
    pub fn get(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// Message `id` with its variables.
    pub fn with(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(id, Some(&fluent_args))
    }

    /// What the server refused, in this language. The server words its
    /// refusals in English and names the detail ("games must be 1 to 9"):
    /// English shows them as sent; another language shows the sentence for
    /// the refusal's code (`refusal-CODE`, the protocol's, as the browser
    /// client does).
    pub fn refusal(&self, code: ErrorCode, message: &str) -> String {
        let id = format!("refusal-{}", code.as_str());
        if self.code != "en" && self.has(&id) {
            self.get(&id)
        } else {
            message.to_owned()
        }
    }

    /// A number with a fraction as the language writes it: `1.5` in
    /// English, `1,5` in the others.
    pub fn decimal(&self, value: f64, digits: usize) -> String {
        let text = format!("{value:.digits$}");
        if self.code == "en" {
            text
        } else {
            text.replace('.', ",")
        }
    }

    fn format(&self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_owned();
        };
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned()
    }
}

/// `source` parsed; what does not parse is left out (and fails the tests).
fn resource(source: &str) -> FluentResource {
    FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, _)| partial)
}

/// The spoken language a locale or `--lang` names: `pl_PL.UTF-8`, `pl-PL`
/// and `pl` are Polish; `C` and `POSIX` name none.
fn spoken(locale: &str) -> Option<&'static str> {
    let language = locale
        .split(['.', '@'])
        .next()?
        .split(['_', '-'])
        .next()?
        .to_ascii_lowercase();
    LANGUAGES
        .iter()
        .map(|(code, _, _)| *code)
        .find(|code| *code == language)
}

/// `t!(text, ID)` or `t!(text, ID, name = value, ...)`: message ID (a
/// string literal) in `text`'s language. The ids are literals so that a
/// test can find every one the code uses in the English file.
macro_rules! t {
    ($text:expr, $id:literal) => {
        $text.get($id)
    };
    ($text:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $text.with(
            $id,
            &[$((stringify!($name), ::fluent_bundle::FluentValue::from($value))),+],
        )
    };
}
pub(crate) use t;

#[cfg(test)]
mod tests;
