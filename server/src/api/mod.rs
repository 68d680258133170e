//! The HTTP API under `/api/`, read from the journal and memory: which
//! request a path is ([`routes`]), the answer and its refusals
//! ([`answer`]), the archive of matches and records ([`archive`]), the
//! engine's review of a match ([`analysis`]), players and leaderboards
//! ([`profile`]), the lobby for the signed out ([`lobby_view`]), a private
//! seek's invitation ([`invitation`]), the browser client's words in its
//! languages ([`text`]), and what
//! those answers may cost ([`answers`]: the cache
//! and the analyses' gate). The answers' bodies are `protocol::api`'s
//! types, which clients read back.

pub(crate) mod analysis;
pub(crate) mod answer;
pub(crate) mod answers;
pub(crate) mod archive;
pub(crate) mod invitation;
pub(crate) mod lobby_view;
pub(crate) mod profile;
pub(crate) mod routes;
pub(crate) mod text;
pub(crate) mod tournaments_view;
