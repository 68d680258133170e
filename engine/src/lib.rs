//! Game-tree search over [`protocol::rules::Position`]: alpha-beta with a
//! transposition table and move ordering, for every variant, scored by the
//! final seed difference. An extra turn keeps the mover: the score is not
//! negated across it, as it would be across a move to the opponent.
//! [`Searcher::think`] deepens within a time, node or depth [`Budget`];
//! [`Searcher::solve`] finds the value with perfect play; [`Level`] makes
//! computer opponents of eight strengths from it.
//!
//! [`Solver`] solves Kalah (every board) and Mangala exactly, with an
//! [`Endgame`] database; the searcher looks its late game up in a small
//! shared one ([`Endgame::shared`]), so that its play there is perfect.
//!
//! Oware's repetition rule depends on the game's history, which a
//! [`protocol::rules::Position`] does not hold: this search sees positions
//! only, as if the rule did not exist (a repetition since the last capture
//! ends the game, each player keeping the seeds on his side: the search may
//! steer into one or miss one, and never plays an illegal move for it).

mod analysis;
mod level;
mod memory;
mod order;
mod search;
mod solver;
mod table;
#[cfg(test)]
mod testing;

pub use analysis::{Review, ReviewLine, review, worst};
pub use level::Level;
pub use search::{Budget, Searcher, Solution, Thought};
pub use solver::{Endgame, EndgameError, SHARED_SEEDS, SolveError, Solver, SolverStats};
pub use table::Table;
