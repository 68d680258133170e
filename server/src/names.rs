//! Player names: which are allowed, and what two names are compared by.

use crate::error::ServerError;
use unicode_normalization::UnicodeNormalization;

/// What a name is compared by: its Unicode NFKC form, lower-cased, so that
/// `Ann`, `ANN` and `Ａｎｎ` (full-width) are one name.
pub(crate) fn name_key(name: &str) -> String {
    name.nfkc().collect::<String>().to_lowercase()
}

/// A name as it is kept: its NFKC form, 1 to 20 letters or digits of any
/// script, `_` or `-`.
pub(crate) fn check_name(name: &str) -> Result<String, ServerError> {
    let name: String = name.nfkc().collect();
    let valid_chars = name
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if (1..=20).contains(&name.chars().count()) && valid_chars {
        Ok(name)
    } else {
        Err(ServerError::InvalidName)
    }
}
