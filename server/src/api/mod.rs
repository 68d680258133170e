//! The HTTP API under `/api/`, read from the journal and memory: the
//! archive of matches and records ([`archive`]), players and leaderboards
//! ([`profile`]), and what those answers may cost ([`answers`]: the cache
//! and the analyses' gate).

pub(crate) mod answers;
pub(crate) mod archive;
pub(crate) mod profile;
