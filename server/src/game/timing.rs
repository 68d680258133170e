//! A match's time rules, fixed when it starts and recorded in its first event.

/// The server's time rules for a match: the lag allowance per real-time move
/// (see [`crate::game::game_clock::GameClock`]), how long a real-time game's
/// first mover has for its first move, and how long a real-time player may
/// stay away before the opponent may claim the game, and before he forfeits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Timing {
    pub(crate) lag_allowance_ms: u64,
    pub(crate) claim_after_ms: u64,
    pub(crate) forfeit_after_ms: u64,
    /// Real time: the window for a game's first move, while the first
    /// mover's clock does not run (0, as in matches stored before it
    /// existed: his clock runs from the game's start).
    #[serde(default)]
    pub(crate) first_move_ms: u64,
    /// A player may berserk (an arena's match that allows it): half his
    /// clock and no increment, for a point more in the arena if he wins.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) berserk: bool,
    /// A tournament's match: it may not be aborted (an aborted match would
    /// count as a draw for two who never played).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) tournament: bool,
    /// Which tournament, for the players' boards (stored since matches
    /// carried it; a tournament's match stored before says only
    /// `tournament`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) tournament_id: Option<protocol::wire::TournamentId>,
}
