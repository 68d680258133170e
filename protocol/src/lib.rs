//! What the mancala server and its clients must agree on: the rules engine
//! ([`rules`]) and the wire messages ([`wire`]). No tokio, no I/O, so that every
//! piece here can be tested and fuzzed as plain functions.

pub mod rules;
pub mod wire;
