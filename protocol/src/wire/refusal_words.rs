//! The sentence for each refusal code in each language the clients speak,
//! kept beside the codes so that every client shows the same words. They
//! are Project Fluent messages `refusal-CODE` (`protocol/i18n/LANG.ftl`),
//! plain text without variables: the server's own English `message` names
//! the detail ("games must be 1 to 9"); these are what a client shows when
//! it speaks another language. The browser client gets them with its other
//! messages (`GET /api/text/LANG`), the terminal client compiles them in.

/// Each language's refusal messages: its code and the Fluent source.
/// English first; the clients' tests check every file has a message for
/// every [`super::ErrorCode`].
pub const REFUSAL_MESSAGES: [(&str, &str); 5] = [
    ("en", include_str!("../../i18n/en.ftl")),
    ("tr", include_str!("../../i18n/tr.ftl")),
    ("pl", include_str!("../../i18n/pl.ftl")),
    ("ru", include_str!("../../i18n/ru.ftl")),
    ("sl", include_str!("../../i18n/sl.ftl")),
];

/// Language `code`'s refusal messages (Fluent source), if it has them.
pub fn refusal_messages(code: &str) -> Option<&'static str> {
    REFUSAL_MESSAGES
        .iter()
        .find(|(lang, _)| *lang == code)
        .map(|(_, source)| *source)
}
