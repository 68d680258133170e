//! What the mancala server and its clients must agree on: the rules engine
//! ([`rules`]) and, later, the wire messages. No tokio, no I/O, so that every
//! piece here can be tested and fuzzed as plain functions.

pub mod rules;
