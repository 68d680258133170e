//! Game-tree search for play: the alpha-beta [`Searcher`] with its
//! transposition [`Table`], the move order, Oware's repetition rule along
//! a line, the computer players' [`Level`]s, and the review of a finished
//! game. It reads the endgame databases ([`crate::endgame`]); the exact
//! solver is built on it, never the other way round.

mod analysis;
mod evaluation;
mod level;
mod line;
pub(crate) mod order;
mod searcher;
mod table;

pub use analysis::{Review, review, review_while, worst};
pub use evaluation::Evaluation;
pub use level::Level;
pub use searcher::{Budget, Searcher, Solution, Thought};
pub use table::Table;
