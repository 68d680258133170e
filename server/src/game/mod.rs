//! Matches: their domain events ([`event`]), the pure state machine that
//! decides requests and applies events ([`state`]), what clients are told of
//! each event ([`view`]), how the journal stores them ([`journal`]), a
//! game's clocks ([`clock`]), and the task that runs one live match ([`task`]).

pub(crate) mod clock;
pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod journal;
pub(crate) mod state;
pub(crate) mod task;
pub(crate) mod timing;
pub(crate) mod view;

pub(crate) use error::MatchError;
pub(crate) use state::Action;
pub(crate) use task::{
    Gone, MatchEnv, MatchHandle, MatchLimits, MatchNotice, MatchRequest, Opened, opened,
    reload_match, resume_match, start_match,
};
pub(crate) use timing::Timing;
