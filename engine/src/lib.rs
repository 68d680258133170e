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
//! shared one ([`Endgames`], which the caller gives the searcher), so that its play there is perfect.
//! Oware's late game has bounds instead of values ([`OwareBounds`]: true
//! whatever the positions since the last capture, which its values depend
//! on), which cut the search short and end it where they meet.
//!
//! Oware's repetition rule depends on the game's history, which a
//! [`protocol::rules::Position`] does not hold: the searcher is told the
//! positions since the last capture ([`Searcher::set_since_capture`], from
//! a [`protocol::rules::Game`] or a [`SinceCapture`] that follows a game's
//! moves), and follows the rule along every line it searches, its table
//! keyed on that set as well as the position.

//!
//! The crate is three wings that point one way: [`endgame`] (databases)
//! ← [`search`] (play) ← [`solver`] (exact values), with [`solve()`] on
//! top choosing the method for a ruleset.

mod endgame;
mod search;
mod solve;
mod solver;
#[cfg(test)]
mod testing;

pub use endgame::{
    Endgame, EndgameError, EndgameReadError, Endgames, OWARE_SHARED_SEEDS, OwareBounds,
    SHARED_SEEDS,
};
pub use protocol::rules::SinceCapture;
pub use search::{
    Budget, Evaluation, Level, Review, Searcher, Solution, Table, Thought, review, review_while,
    worst,
};
pub use solve::{
    DEFAULT_ENDGAME_SEEDS, Method, Reports, SolveOptions, Solved, default_endgame_seeds, solve,
    table_bytes_for,
};
pub use solver::{SolveError, Solver, SolverStats};
