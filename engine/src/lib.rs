//! Game-tree search over [`protocol::rules::Position`]: alpha-beta with a
//! transposition table and move ordering, for every variant, scored by the
//! final seed difference. An extra turn keeps the mover: the score is not
//! negated across it, as it would be across a move to the opponent.
//! [`Searcher::think`] deepens within a time, node or depth [`Budget`];
//! [`Searcher::solve`] finds the value with perfect play; [`Level`] makes
//! computer opponents of eight strengths from it.
//!
//! Still to come for issue 17: endgame databases, the solver's speed
//! targets, Kalah with fewer houses.
//!
//! Oware's repetition rule depends on the game's history, which a
//! [`protocol::rules::Position`] does not hold: this search sees positions
//! only, as if the rule did not exist (a repetition since the last capture
//! ends the game, each player keeping the seeds on his side: the search may
//! steer into one or miss one, and never plays an illegal move for it).

mod analysis;
mod level;
mod search;
mod table;

pub use analysis::{Review, review, worst};
pub use level::Level;
pub use search::{Budget, Searcher, Solution, Thought};
pub use table::Table;
