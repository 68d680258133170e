//! Matches: their domain events ([`event`]), the pure state machine that
//! decides requests and applies events ([`state`]), what clients are told of
//! each event ([`view`]), how the journal stores them ([`journal`]), a
//! game's clocks ([`game_clock`]), the task that runs one live match
//! ([`task`]), and where requests find a live match ([`registry`]).

pub(crate) mod event;
pub(crate) mod game_clock;
pub(crate) mod journal;
pub(crate) mod registry;
pub(crate) mod state;
pub(crate) mod task;
pub(crate) mod timing;
pub(crate) mod view;

pub(crate) use crate::error::MatchError;
pub(crate) use state::Action;
pub(crate) use task::{
    Gone, MatchEnv, MatchHandle, MatchLimits, MatchNotice, MatchRequest, Opened, Played, opened,
};
pub(crate) use timing::Timing;
