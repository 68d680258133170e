//! A match's time rules, fixed when it starts and recorded in its first event.

/// The server's time rules for a match: the lag allowance per real-time move
/// (see [`GameClock`]), and how long a real-time player may stay away before
/// the opponent may claim the game, and before he forfeits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Timing {
    pub(crate) lag_allowance_ms: u64,
    pub(crate) claim_after_ms: u64,
    pub(crate) forfeit_after_ms: u64,
}
