//! Matches: the pure state machine ([`state`]) and the task that runs one ([`task`]).

pub(crate) mod clock;
pub(crate) mod state;
pub(crate) mod task;

pub(crate) use state::{Action, Timing};
pub(crate) use task::{MatchCmd, MatchHandle, start_match};
