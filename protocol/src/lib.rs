//! What the mancala server and its clients must agree on: the rules engine
//! ([`rules`]), the wire messages ([`wire`]) and the HTTP API's answers
//! ([`api`]). No tokio, no I/O, so that every
//! piece here can be tested and fuzzed as plain functions.

pub mod api;
pub mod follow;
pub mod rules;
pub mod wire;
