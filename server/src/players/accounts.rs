//! Passwords: hashing with Argon2id, checking a sign-in, and the budgets
//! that keep anyone from guessing. A password is only ever held long
//! enough to hash it; the journal keeps the PHC string, never the password.

use crate::budget::KeyedBudget;
use crate::clock::Clock;
use crate::error::ServerError;
use crate::sync::lock;
use crate::workers::{WorkError, Workers};
use argon2::password_hash::{self, Output, ParamsString, PasswordHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use lru::LruCache;
use rand::Rng;
use std::net::IpAddr;
use std::num::NonZeroUsize;
use std::sync::{LazyLock, Mutex};

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

/// The memory of one Argon2 hash (about 19 MiB with the default
/// parameters), kept by a hashing thread between hashes: allocated afresh
/// for every hash, what the allocator kept of it grew the server's memory
/// by more than the hashes themselves need (docs/PERFORMANCE.md, "Attacks
/// beside an honest match").
#[derive(Default)]
pub(crate) struct HashMemory(Vec<Block>);

/// Argon2's output for `password` and `salt` under `argon`'s parameters,
/// worked out in `memory`.
fn argon2_output(
    argon: &Argon2<'_>,
    password: &[u8],
    salt: &Salt<'_>,
    memory: &mut HashMemory,
) -> password_hash::Result<Output> {
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
    let blocks = argon.params().block_count();
    if memory.0.len() < blocks {
        memory.0.resize(blocks, Block::default());
    }
    let length = argon
        .params()
        .output_len()
        .unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    Output::init_with(length, |out| {
        Ok(argon.hash_password_into_with_memory(
            password,
            salt_bytes,
            out,
            &mut memory.0[..blocks],
        )?)
    })
}

/// The Argon2id hash of `password` with a fresh salt, as a PHC string.
/// Slow on purpose (tens of milliseconds): call it off the async workers.
pub(crate) fn hash_password(
    password: &str,
    memory: &mut HashMemory,
) -> Result<String, ServerError> {
    let salt: [u8; 16] = rand::rng().random();
    let salt = SaltString::encode_b64(&salt).map_err(ServerError::unavailable)?;
    let argon = Argon2::default();
    let hashed =
        argon2_output(&argon, password.as_bytes(), &salt.as_salt(), memory).and_then(|output| {
            Ok(PasswordHash {
                algorithm: Algorithm::Argon2id.ident(),
                version: Some(Version::default().into()),
                params: ParamsString::try_from(argon.params())?,
                salt: Some(salt.as_salt()),
                hash: Some(output),
            }
            .to_string())
        });
    hashed.map_err(ServerError::unavailable)
}

/// Whether `password` gives `phc` (a PHC string of Argon2), worked out in `memory`.
fn matches(password: &str, phc: &str, memory: &mut HashMemory) -> password_hash::Result<bool> {
    let parsed = PasswordHash::new(phc)?;
    let version = match parsed.version {
        Some(version) => Version::try_from(version)?,
        None => Version::default(),
    };
    let argon = Argon2::new(
        Algorithm::try_from(parsed.algorithm)?,
        version,
        Params::try_from(&parsed)?,
    );
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Ok(false);
    };
    // `Output`'s comparison takes the same time whatever the bytes.
    Ok(argon2_output(&argon, password.as_bytes(), &salt, memory)? == expected)
}

/// A hash of no password anyone has: checked against when the name is
/// unknown, so that an unknown name costs the same time as a wrong password.
static NOBODY: LazyLock<String> = LazyLock::new(|| {
    hash_password("no one signs in with this", &mut HashMemory::default()).unwrap_or_default()
});

/// Whether `password` is the one `hash` was made from (`None`: an unknown
/// name, checked against a hash of nothing for the same cost). Slow, as
/// [`hash_password`].
pub(crate) fn verify_password(password: &str, hash: Option<&str>, memory: &mut HashMemory) -> bool {
    let known = hash.is_some();
    let phc = hash.unwrap_or(NOBODY.as_str());
    let matches = matches(password, phc, memory).unwrap_or(false);
    known && matches
}

/// How many password sign-ins may be tried: per address (so that one
/// address does not guess many names), per name and address, and per name
/// from addresses the name has not signed in from (so that nobody's
/// password is guessed from many addresses, while its owner, from an
/// address he has signed in from before, still gets in past a guesser).
pub(crate) struct Attempts {
    per_name: KeyedBudget<String>,
    per_name_and_address: KeyedBudget<(String, IpAddr)>,
    per_address: KeyedBudget<IpAddr>,
    /// The addresses each name last signed in from with its password (or
    /// set it from), most recent first: kept in memory only, bounded.
    trusted: Mutex<LruCache<String, Vec<IpAddr>>>,
}

/// Addresses remembered per name as its owner's.
const TRUSTED_PER_NAME: usize = 4;

/// What the budgets allow.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttemptLimits {
    /// Tries at once for one name (from one address, or from addresses it
    /// never signed in from), then one a minute.
    pub(crate) per_name: u32,
    /// Tries at once from one address, then one every 6 seconds.
    pub(crate) per_address: u32,
}

impl Attempts {
    pub(crate) fn new(limits: AttemptLimits, clock: &Clock) -> Attempts {
        let per_name = limits.per_name.max(1);
        Attempts {
            per_name: KeyedBudget::new(1.0 / 60.0, per_name, KEEP, clock),
            per_name_and_address: KeyedBudget::new(1.0 / 60.0, per_name, KEEP, clock),
            per_address: KeyedBudget::new(1.0 / 6.0, limits.per_address.max(1), KEEP, clock),
            trusted: Mutex::new(LruCache::new(
                NonZeroUsize::new(KEEP).unwrap_or(NonZeroUsize::MIN),
            )),
        }
    }

    /// Spend one try for `name_key` from `ip`; `rate_limited` when a budget
    /// it draws on is spent.
    pub(crate) fn take(&self, name_key: &str, ip: IpAddr) -> Result<(), ServerError> {
        // Every budget concerned is spent, so that one address cannot keep
        // another's budget full by failing on its own.
        let address = self.per_address.take(&ip);
        let pair = self.per_name_and_address.take(&(name_key.to_owned(), ip));
        let name = self.is_trusted(name_key, ip) || self.per_name.take(&name_key.to_owned());
        if address && pair && name {
            Ok(())
        } else {
            Err(ServerError::RateLimited("sign_in"))
        }
    }

    /// Spend one password change from `ip` (each costs a hash).
    pub(crate) fn take_change(&self, ip: IpAddr) -> Result<(), ServerError> {
        if self.per_address.take(&ip) {
            Ok(())
        } else {
            Err(ServerError::RateLimited("password"))
        }
    }

    /// `name_key`'s owner proved himself from `ip` (his password).
    pub(crate) fn trust(&self, name_key: &str, ip: IpAddr) {
        let mut trusted = lock(&self.trusted);
        let addresses = trusted.get_or_insert_mut(name_key.to_owned(), Vec::new);
        addresses.retain(|&known| known != ip);
        addresses.insert(0, ip);
        addresses.truncate(TRUSTED_PER_NAME);
    }

    fn is_trusted(&self, name_key: &str, ip: IpAddr) -> bool {
        lock(&self.trusted)
            .peek(name_key)
            .is_some_and(|addresses| addresses.contains(&ip))
    }
}

/// The key a name's attempts are counted under: its comparison form, cut
/// to a name's greatest length (a longer one is no name anyone has), so
/// that the budgets' memory stays bounded whatever is sent.
pub(crate) fn attempt_key(name: &str) -> String {
    crate::players::names::name_key(name)
        .chars()
        .take(20)
        .collect()
}

/// Argon2 runs on a few threads of its own with a bounded queue: each hash
/// takes about 20 MiB and tens of milliseconds of a core, and unbounded, 96
/// connections setting passwords at once took the server to 1.9 GiB and
/// 101 threads and an honest player's p99 to 236 ms. A request past the
/// queue is refused at once (`rate_limited`), never queued.
pub(crate) struct Hashing {
    workers: Workers<HashMemory>,
}

impl Hashing {
    /// `threads` hashes at once (at least one), `queue` more waiting.
    pub(crate) fn new(threads: usize, queue: usize) -> Hashing {
        Hashing {
            workers: Workers::start(
                "password",
                (0..threads.max(1)).map(|_| HashMemory::default()).collect(),
                queue,
            ),
        }
    }

    /// Run `work` (a hash or a check, in the thread's hash memory) on one
    /// of the hashing threads; `rate_limited` at once when the queue is full.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut HashMemory) -> T + Send + 'static,
    ) -> Result<T, ServerError> {
        self.workers.run(work).await.map_err(|e| match e {
            WorkError::Busy => ServerError::PasswordsBusy,
            WorkError::Stopped => ServerError::unavailable(e),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_checks_against_its_hash_only() {
        let memory = &mut HashMemory::default();
        let hash = hash_password("correct horse", memory).expect("hashed");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password("correct horse", Some(&hash), memory));
        assert!(!verify_password("correct horsf", Some(&hash), memory));
        assert!(
            !verify_password("correct horse", None, memory),
            "an unknown name never signs in"
        );
        assert!(!verify_password("no one signs in with this", None, memory));
        assert_ne!(
            hash_password("correct horse", memory).expect("hashed"),
            hash,
            "a fresh salt each time"
        );
        assert!(!verify_password(
            "correct horse",
            Some("not a hash"),
            memory
        ));
        assert!(check_password("short").is_err());
        assert!(check_password(&"x".repeat(257)).is_err());
        assert!(check_password("long enough").is_ok());
    }

    /// Budgets of `per_name` and `per_address` tries, on a manual clock.
    fn attempts(
        per_name: u32,
        per_address: u32,
    ) -> (Attempts, std::sync::Arc<crate::clock::ManualClock>) {
        let (clock, manual) = crate::clock::ManualClock::new();
        let limits = AttemptLimits {
            per_name,
            per_address,
        };
        (Attempts::new(limits, &clock), manual)
    }

    /// The hashes made in kept memory are Argon2's own: its verifier takes
    /// ours, and ours takes its (those stored before the memory was kept).
    #[test]
    fn hashes_in_kept_memory_are_argon2s_own() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let memory = &mut HashMemory::default();
        let ours = hash_password("correct horse", memory).expect("hashed");
        let parsed = PasswordHash::new(&ours).expect("a PHC string");
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        let salt = SaltString::encode_b64(&[7u8; 16]).expect("a salt");
        let theirs = Argon2::default()
            .hash_password(b"battery staple", &salt)
            .expect("hashed")
            .to_string();
        assert!(verify_password("battery staple", Some(&theirs), memory));
        assert!(!verify_password("battery stapler", Some(&theirs), memory));
    }

    #[test]
    fn attempts_run_out_per_name_and_per_address() {
        let (attempts, manual) = attempts(3, 4);
        let here: IpAddr = [10, 0, 0, 1].into();
        let there: IpAddr = [10, 0, 0, 2].into();
        for _ in 0..3 {
            assert!(attempts.take("ann", here).is_ok());
        }
        assert!(
            attempts.take("ann", there).is_err(),
            "ann's tries are spent from anywhere she never signed in from"
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

    #[test]
    fn the_owner_gets_in_from_his_own_address_past_a_guesser() {
        let (attempts, _manual) = attempts(3, 100);
        let home: IpAddr = [10, 0, 0, 1].into();
        let guesser: IpAddr = [10, 0, 0, 2].into();
        let elsewhere: IpAddr = [10, 0, 0, 3].into();
        attempts.trust("ann", home);
        for _ in 0..3 {
            assert!(attempts.take("ann", guesser).is_ok());
        }
        assert!(
            attempts.take("ann", guesser).is_err(),
            "the guesser is stopped"
        );
        assert!(
            attempts.take("ann", elsewhere).is_err(),
            "the name's budget holds for addresses it never signed in from"
        );
        assert!(
            attempts.take("ann", home).is_ok(),
            "the owner still gets in"
        );
        for _ in 0..2 {
            assert!(attempts.take("ann", home).is_ok());
        }
        assert!(
            attempts.take("ann", home).is_err(),
            "his own address has a budget of its own"
        );
    }

    #[tokio::test]
    async fn hashing_refuses_past_its_queue_as_a_busy_server() {
        let hashing = Hashing::new(1, 0);
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
        let held = hashing.run(move |_| {
            let _ = started_tx.send(());
            wait.recv().is_ok()
        });
        let (held, refused) = tokio::join!(held, async {
            let _ = started.await;
            let refused = hashing.run(|_| 3).await;
            let _ = release.send(());
            refused
        });
        assert_eq!(held, Ok(true));
        assert_eq!(refused, Err(ServerError::PasswordsBusy), "refused at once");
        assert_eq!(hashing.run(|_| 4).await, Ok(4));
    }
}
