//! Player names: which are allowed, and what two names are compared by.

use crate::error::ServerError;
use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, MixedScript, skeleton};

/// What a name is compared by: its Unicode NFKC form, lower-cased, so that
/// `Ann`, `ANN` and `Ａｎｎ` (full-width) are one name.
pub(crate) fn name_key(name: &str) -> String {
    name.nfkc().collect::<String>().to_lowercase()
}

/// What a name looks like: its confusables skeleton (Unicode's UTS #39)
/// after full case folding (upper then lower case, so `straße` and
/// `STRASSE` agree), so that `cоmputer-8` with a Cyrillic `о` looks like
/// `computer-8`. A new name may not look like one another player holds.
pub(crate) fn look_key(name: &str) -> String {
    let folded = name
        .nfkc()
        .collect::<String>()
        .to_uppercase()
        .to_lowercase();
    skeleton(&folded).collect()
}

/// A name as it is kept: its NFKC form, 1 to 20 letters or digits, `_` or
/// `-`, of one script (or of the scripts one language writes together, as
/// Japanese does), with no invisible or blank character (Unicode's
/// identifier profile, UTS #39, refuses fillers such as Hangul's).
pub(crate) fn check_name(name: &str) -> Result<String, ServerError> {
    let name: String = name.nfkc().collect();
    let valid_chars = name
        .chars()
        .all(|c| c == '_' || c == '-' || (c.is_alphanumeric() && c.identifier_allowed()));
    if (1..=20).contains(&name.chars().count()) && valid_chars && name.as_str().is_single_script() {
        Ok(name)
    } else {
        Err(ServerError::InvalidName)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_one_script_without_invisible_characters() {
        for good in [
            "ann",
            "Ayşe",
            "Ζωή",
            "Иван",
            "山田たろう",
            "김민준",
            "a_b-c9",
        ] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "c\u{43e}mputer-8",
            "a\u{200b}b",
            "\u{3164}",
            "a\u{3164}b",
            "\u{115f}\u{1160}",
            "",
            "a b",
            "twenty-one-characters",
        ] {
            assert_eq!(check_name(bad), Err(ServerError::InvalidName), "{bad:?}");
        }
    }

    #[test]
    fn names_that_look_alike_share_a_look() {
        assert_eq!(look_key("straße"), look_key("STRASSE"));
        assert_eq!(look_key("computer-8"), look_key("c\u{43e}mputer-8"));
        assert_eq!(
            look_key("paypal"),
            look_key("\u{440}\u{430}y\u{440}\u{430}l")
        );
        assert_eq!(look_key("ann"), look_key("ANN"));
        assert_ne!(look_key("ann"), look_key("anne"));
    }
}
