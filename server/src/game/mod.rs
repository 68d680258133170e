//! Matches: the pure state machine ([`state`]) and a live match around it,
//! shared by its connections, with the task that keeps its time ([`task`]).

pub(crate) mod clock;
pub(crate) mod state;
pub(crate) mod task;

pub(crate) use state::{Action, Timing};
pub(crate) use task::{MatchCmd, MatchHandle, start_match};
