//! The browser client's words in each language it speaks. Its messages are
//! kept in Project Fluent's format, one file per language
//! (`server/web/i18n/LANG.ftl`, and the refusals' sentences from
//! `protocol/i18n/LANG.ftl`), parsed by fluent-syntax when the server
//! starts and answered at `GET /api/text/LANG` as patterns the client fills
//! in (`server/web/i18n.js`): text, `{ $name }` (a number in the
//! language's own format), and a choice on a variable, by a number's plural
//! category (`[one]`, `[few]`, `[many]`, `[other]`: the browser's
//! `Intl.PluralRules`, CLDR's rules), an exact number (`[0]`) or a word.
//! Any other Fluent construct (terms, message references, functions) is
//! refused at start, so the client never meets one. `GET /api/text` picks
//! the language from the request's `Accept-Language` (fluent-langneg),
//! English when none of them is asked for.

use super::answer::{self, Answer};
use super::routes::ApiRefusal;
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use serde_json::{Map, Value, json};

/// The languages the client speaks: code, the language's name for itself,
/// and its messages. English first: every other file has its messages.
const LANGUAGES: [(&str, &str, &str); 5] = [
    ("en", "English", include_str!("../../web/i18n/en.ftl")),
    ("tr", "Türkçe", include_str!("../../web/i18n/tr.ftl")),
    ("pl", "Polski", include_str!("../../web/i18n/pl.ftl")),
    ("ru", "Русский", include_str!("../../web/i18n/ru.ftl")),
    ("sl", "Slovenščina", include_str!("../../web/i18n/sl.ftl")),
];

/// Why a language's messages cannot be served.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TextError {
    #[error("the {lang} messages do not parse: {errors}")]
    Unparsed { lang: &'static str, errors: String },
    #[error("the {lang} message {id} uses {what}, which the browser client does not format")]
    Unsupported {
        lang: &'static str,
        id: String,
        what: &'static str,
    },
    #[error("the {lang} messages have {id} twice")]
    Twice { lang: &'static str, id: String },
}

/// One language's messages, compiled for the client.
struct Language {
    code: &'static str,
    /// The answer to `GET /api/text/CODE`, serialised once.
    answer: Answer,
}

/// Every language's messages, read at start.
pub(crate) struct Texts {
    languages: Vec<Language>,
}

impl Texts {
    /// Parse and compile every language's messages.
    pub(crate) fn load() -> Result<Texts, TextError> {
        let choices: Vec<Value> = LANGUAGES
            .iter()
            .map(|(code, name, _)| json!({"code": code, "name": name}))
            .collect();
        let mut languages = Vec::new();
        for (code, _, source) in LANGUAGES {
            let mut messages = compile(code, source)?;
            // The refusals' sentences are the protocol's, shared with the
            // terminal client.
            let refusals = protocol::wire::refusal_messages(code).unwrap_or_default();
            for (id, message) in compile(code, refusals)? {
                if messages.insert(id.clone(), message).is_some() {
                    return Err(TextError::Twice { lang: code, id });
                }
            }
            let body = json!({"lang": code, "languages": choices, "messages": messages});
            languages.push(Language {
                code,
                answer: answer::json(&body),
            });
        }
        Ok(Texts { languages })
    }

    /// The answer to `GET /api/text/LANG` (`lang`), or to `GET /api/text`
    /// for a client whose `Accept-Language` is `accept`.
    pub(crate) fn answer(&self, lang: Option<&str>, accept: &str) -> Answer {
        let code = match lang {
            Some(code) => code,
            None => self.negotiate(accept),
        };
        match self.languages.iter().find(|l| l.code == code) {
            Some(language) => language.answer.clone(),
            None => answer::refused(ApiRefusal::NotFound(format!(
                "the client speaks no language '{code}': it speaks {}",
                self.codes().join(", ")
            ))),
        }
    }

    /// The language to speak to a client whose `Accept-Language` is
    /// `accept`: the first it asks for that is spoken here (`pl-PL` is
    /// Polish), else English.
    fn negotiate(&self, accept: &str) -> &'static str {
        let requested = fluent_langneg::parse_accepted_languages(accept);
        let available = fluent_langneg::convert_vec_str_to_langids_lossy(self.codes());
        let chosen = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        let first = chosen.first().map(|id| id.language.as_str().to_owned());
        self.codes()
            .into_iter()
            .find(|code| first.as_deref() == Some(*code))
            .unwrap_or("en")
    }

    fn codes(&self) -> Vec<&'static str> {
        self.languages.iter().map(|l| l.code).collect()
    }
}

/// Language `lang`'s messages (`source`), each compiled to the client's
/// form: a string when it is only text, else a list of parts.
fn compile(lang: &'static str, source: &str) -> Result<Map<String, Value>, TextError> {
    let resource = fluent_syntax::parser::parse(source).map_err(|(_, errors)| {
        let errors: Vec<String> = errors.iter().map(|e| format!("{e:?}")).collect();
        TextError::Unparsed {
            lang,
            errors: errors.join("; "),
        }
    })?;
    let mut messages = Map::new();
    for entry in resource.body {
        let message = match entry {
            Entry::Message(message) => message,
            Entry::Comment(_) | Entry::GroupComment(_) | Entry::ResourceComment(_) => continue,
            Entry::Term(term) => {
                return Err(unsupported(lang, term.id.name, "a term"));
            }
            Entry::Junk { content } => {
                return Err(TextError::Unparsed {
                    lang,
                    errors: format!("cannot read {content:?}"),
                });
            }
        };
        let id = message.id.name;
        if !message.attributes.is_empty() {
            return Err(unsupported(lang, id, "attributes"));
        }
        let Some(value) = &message.value else {
            return Err(unsupported(lang, id, "no value"));
        };
        let compiled = pattern(value).map_err(|what| unsupported(lang, id, what))?;
        if messages.insert(id.to_owned(), compiled).is_some() {
            return Err(TextError::Twice {
                lang,
                id: id.to_owned(),
            });
        }
    }
    Ok(messages)
}

fn unsupported(lang: &'static str, id: &str, what: &'static str) -> TextError {
    TextError::Unsupported {
        lang,
        id: id.to_owned(),
        what,
    }
}

/// A pattern as the client takes it: one string, or parts (strings,
/// `{"var": name}`, `{"select": name, "variants": [[key, pattern]…],
/// "default": index}`).
fn pattern(pattern: &Pattern<&str>) -> Result<Value, &'static str> {
    let mut parts: Vec<Value> = Vec::new();
    for element in &pattern.elements {
        let part = match element {
            PatternElement::TextElement { value } => Value::String((*value).to_owned()),
            PatternElement::Placeable { expression } => placeable(expression)?,
        };
        // Neighbouring text (a string literal beside text) is one string.
        match (parts.last_mut(), part) {
            (Some(Value::String(last)), Value::String(text)) => last.push_str(&text),
            (_, part) => parts.push(part),
        }
    }
    Ok(match parts.as_slice() {
        [] => Value::String(String::new()),
        [Value::String(text)] => Value::String(text.clone()),
        _ => Value::Array(parts),
    })
}

fn placeable(expression: &Expression<&str>) -> Result<Value, &'static str> {
    match expression {
        Expression::Inline(inline) => inline_expression(inline),
        Expression::Select { selector, variants } => {
            let InlineExpression::VariableReference { id } = selector else {
                return Err("a choice on something other than a variable");
            };
            let mut choices = Vec::new();
            let mut default = 0;
            for (index, variant) in variants.iter().enumerate() {
                let key = match &variant.key {
                    VariantKey::Identifier { name } => name,
                    VariantKey::NumberLiteral { value } => value,
                };
                if variant.default {
                    default = index;
                }
                choices.push(json!([key, pattern(&variant.value)?]));
            }
            Ok(json!({"select": id.name, "variants": choices, "default": default}))
        }
    }
}

fn inline_expression(inline: &InlineExpression<&str>) -> Result<Value, &'static str> {
    match inline {
        InlineExpression::VariableReference { id } => Ok(json!({"var": id.name})),
        // `{ "{" }`: how Fluent writes a brace, or a space at an end.
        InlineExpression::StringLiteral { value } => Ok(Value::String(unescape(value))),
        InlineExpression::NumberLiteral { value } => Ok(Value::String((*value).to_owned())),
        InlineExpression::Placeable { expression } => placeable(expression),
        InlineExpression::FunctionReference { .. } => Err("a function"),
        InlineExpression::MessageReference { .. } => Err("a message reference"),
        InlineExpression::TermReference { .. } => Err("a term"),
    }
}

/// A string literal's text: `\"` and `\\` are the characters, `\uXXXX` the
/// code point.
fn unescape(literal: &str) -> String {
    let mut text = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next() {
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                text.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            Some(other) => text.push(other),
            None => {}
        }
    }
    text
}

#[cfg(test)]
mod tests;
