//! A Swiss event paired by the FIDE Dutch system (Handbook C.04.3), with a
//! match for a game: a player's "colour" in a round is whether he moves
//! first in the match's first game (the later games alternate inside the
//! match, so only the first is the event's to balance).
//!
//! - [`history`]: what each round was for a player, and the scores it gives.
//! - [`colour`]: first-mover preferences from a player's history (C.04.3
//!   A.6) and who moves first in a pair (C.04.3 E).
//! - [`standings`]: the standings, with the tie-breaks in their order.
//! - [`results`]: a round's results written into the players' histories.
//! - [`event`]: an event's life (join, withdraw, pause, pair, record) as
//!   steps decided and then applied, so that stored steps rebuild it.
//! - [`dutch`]: the pairing of a round, the Dutch system's criteria in
//!   their order turned into one cost per pair and paired by a
//!   minimum-cost perfect matching.

pub mod colour;
pub mod dutch;
pub mod event;
pub mod history;
pub mod results;
pub mod standings;

pub use colour::{Preference, Strength};
pub use dutch::{Board, MOST_PLAYERS, Pairing, PairingError, RoundToPair, pair_round};
pub use event::{EventError, Settings, Step, SwissEvent};
pub use history::{Entrant, MatchResult, PlayerId, Round};
pub use results::{BoardResult, record_round};
pub use standings::{Line, standings};
