//! Passwords: hashing with Argon2id, checking a sign-in, and the budgets
//! that keep anyone from guessing. A password is only ever held long
//! enough to hash it; the journal keeps the PHC string, never the password.

use crate::budget::KeyedBudget;
use crate::clock::Clock;
use crate::error::ServerError;
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand::Rng;
use std::net::IpAddr;
use std::sync::LazyLock;

/// Passwords are 8 to 256 bytes: long enough to mean something, short
/// enough that hashing one costs what hashing any other does.
pub(crate) const PASSWORD_BYTES: std::ops::RangeInclusive<usize> = 8..=256;

/// Names and addresses whose attempt budgets are kept before full ones are dropped.
const KEEP: usize = 4096;

/// Refused unless 8 to 256 bytes.
pub(crate) fn check_password(password: &str) -> Result<(), ServerError> {
    if PASSWORD_BYTES.contains(&password.len()) {
        Ok(())
    } else {
        Err(ServerError::InvalidPassword)
    }
}

/// The Argon2id hash of `password` with a fresh salt, as a PHC string.
/// Slow on purpose (tens of milliseconds): call it off the async workers.
pub(crate) fn hash_password(password: &str) -> Result<String, ServerError> {
    let salt: [u8; 16] = rand::rng().random();
    let salt = SaltString::encode_b64(&salt).map_err(ServerError::unavailable)?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(ServerError::unavailable)
}

/// A hash of no password anyone has: checked against when the name is
/// unknown, so that an unknown name costs the same time as a wrong password.
static NOBODY: LazyLock<String> =
    LazyLock::new(|| hash_password("no one signs in with this").unwrap_or_default());

/// Whether `password` is the one `hash` was made from (`None`: an unknown
/// name, checked against a hash of nothing for the same cost). Slow, as
/// [`hash_password`].
pub(crate) fn verify_password(password: &str, hash: Option<&str>) -> bool {
    let known = hash.is_some();
    let phc = hash.unwrap_or(NOBODY.as_str());
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    let matches = Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok();
    known && matches
}

/// How many password sign-ins may be tried: per name (so that nobody's
/// password is guessed from many addresses) and per address (so that one
/// address does not guess many names).
pub(crate) struct Attempts {
    per_name: KeyedBudget<String>,
    per_address: KeyedBudget<IpAddr>,
}

/// What the budgets allow.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttemptLimits {
    /// Tries at once for one name, then one a minute.
    pub(crate) per_name: u32,
    /// Tries at once from one address, then one every 6 seconds.
    pub(crate) per_address: u32,
}

impl Attempts {
    pub(crate) fn new(limits: AttemptLimits, clock: &Clock) -> Attempts {
        Attempts {
            per_name: KeyedBudget::new(1.0 / 60.0, limits.per_name.max(1), KEEP, clock),
            per_address: KeyedBudget::new(1.0 / 6.0, limits.per_address.max(1), KEEP, clock),
        }
    }

    /// Spend one try for `name_key` from `ip`; `rate_limited` when either is spent.
    pub(crate) fn take(&self, name_key: &str, ip: IpAddr) -> Result<(), ServerError> {
        // Both are spent, so that one address cannot keep a name's budget
        // full by failing on its own.
        let name = self.per_name.take(&name_key.to_owned());
        let address = self.per_address.take(&ip);
        if name && address {
            Ok(())
        } else {
            Err(ServerError::RateLimited("sign_in"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_checks_against_its_hash_only() {
        let hash = hash_password("correct horse").expect("hashed");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password("correct horse", Some(&hash)));
        assert!(!verify_password("correct horsf", Some(&hash)));
        assert!(
            !verify_password("correct horse", None),
            "an unknown name never signs in"
        );
        assert!(!verify_password("no one signs in with this", None));
        assert_ne!(
            hash_password("correct horse").expect("hashed"),
            hash,
            "a fresh salt each time"
        );
        assert!(check_password("short").is_err());
        assert!(check_password(&"x".repeat(257)).is_err());
        assert!(check_password("long enough").is_ok());
    }

    #[test]
    fn attempts_run_out_per_name_and_per_address() {
        let (clock, manual) = crate::clock::ManualClock::new();
        let attempts = Attempts::new(
            AttemptLimits {
                per_name: 3,
                per_address: 4,
            },
            &clock,
        );
        let here: IpAddr = [10, 0, 0, 1].into();
        let there: IpAddr = [10, 0, 0, 2].into();
        for _ in 0..3 {
            assert!(attempts.take("ann", here).is_ok());
        }
        assert!(
            attempts.take("ann", there).is_err(),
            "ann's tries are spent from anywhere"
        );
        assert!(attempts.take("bob", here).is_ok());
        assert!(
            attempts.take("cat", here).is_err(),
            "this address has tried four times"
        );
        manual.advance(60_000);
        assert!(
            attempts.take("ann", there).is_ok(),
            "one more a minute later"
        );
    }
}
