//! The rules engine: every variant of `RULES.md`, exactly, with no I/O.
//!
//! * [`Ruleset`] says which game and options; [`Position::start`] opens it.
//! * [`Position::legal_moves`] and [`Position::play`] (or the allocation-free
//!   [`Position::play_in_place`]) move; an illegal move is a [`MoveError`] and
//!   leaves the position as it was.
//! * [`Game`] adds what a lone position cannot know (Oware's repetition rule)
//!   and keeps the moves; [`GameRecord`] reads and writes whole games.
//! * [`perft`] counts move sequences to a depth, to pin move generation.
//!
//! Houses are numbered from each player's own left; a [`Move`] is written as
//! the house number `1..m` and held as the index `0..m-1`.

mod board;
mod diagram;
mod event;
mod game;
mod moves;
mod notation;
mod perft;
mod position;
mod ruleset;
mod side;
mod sowing;

pub use board::{Board, SetupError};
pub use diagram::diagram;
pub use event::{EndReason, GameResult, MoveEvent};
pub use game::Game;
pub use moves::{Move, MoveError, MoveSet, MoveSetIter};
pub use notation::{GameRecord, RecordError};
pub use perft::perft;
pub use position::{MAX_HOUSES, Played, Position, Status};
pub use ruleset::{
    EmptyOpposite, GrandSlam, KalahParams, OwareParams, Params, Ruleset, RulesetError, Variant,
};
pub use side::{HouseZero, InvalidSide, Pit, Side};
