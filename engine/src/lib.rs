//! Game-tree search over [`protocol::rules::Position`]: alpha-beta with a
//! transposition table, for every variant, scored by the final seed
//! difference. An extra turn keeps the mover: the score is not negated
//! across it, as it would be across a move to the opponent.
//!
//! First step of issue 17 (see its closing note for what is still to come:
//! iterative deepening with move ordering, endgame databases, Oware's
//! repetition rule, the solver's speed targets).
//!
//! Oware's repetition rule depends on the game's history, which a
//! [`protocol::rules::Position`] does not hold: this search sees positions
//! only, as if the rule did not exist.

mod search;
mod table;

pub use search::{Searcher, Solution};
pub use table::Table;
