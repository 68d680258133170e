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
//!
//! ```
//! use protocol::rules::{Game, Move, MoveEvent, Ruleset, Side, Variant};
//!
//! let mut game = Game::new(Ruleset::default_for(Variant::Kalah));
//! // RULES.md's K1: house 3 (index 2) ends in the store, so player 0 moves again.
//! let events = game.play(Move::from_number(3)?)?;
//! assert!(events.contains(&MoveEvent::ExtraTurn { side: Side::Player0 }));
//! assert_eq!(game.position().row(Side::Player0), &[4, 4, 0, 5, 5, 5]);
//! // An empty house is refused and nothing changes.
//! assert_eq!(game.play(Move::from_number(3)?).map_err(|e| e.code()), Err("empty_house"));
//! # Ok::<(), protocol::rules::MoveError>(())
//! ```
//!
//! # Choices where RULES.md is silent
//!
//! * **Event order.** A capture lists the opposite house first, then the
//!   capturing seed; an Oware chain runs from the last house backwards. The end
//!   of a game is one [`MoveEvent::GameOver`] carrying the final result, then
//!   the [`MoveEvent::Sweep`]s that result already counts, so a client can
//!   announce the result and then animate the sweep.
//! * **Oware, both restrictions at once.** Must-feed filters first; under
//!   `illegal_unless_forced` grand slams are then removed unless nothing would
//!   be left, in which case they are played and capture nothing.
//! * **Congkak's end rule** ("the player to move has no seeds") is applied to
//!   whoever moves next, so an extra turn earned with an empty row ends the game.
//! * **Setups.** [`Position::from_board`] refuses a player to move who has no
//!   legal move instead of guessing an end reason; finished positions name theirs.
//! * **perft** does not count sequences that end the game early (as in chess).
//! * **The Kazakh games** (Togyz Kumalak, Bestemshe) follow
//!   `RULES_TOGYZ.md`: a stone sown into a tuzdik is a [`MoveEvent::Sow`]
//!   into its owner's store; a tuzdik made is a [`MoveEvent::Tuzdik`]; a
//!   game won past half the stones ends without a sweep (the stones left
//!   count for nobody), one whose next player has no stone with the
//!   mover's sweep of his own row.

mod board;
mod event;
mod examples;
mod game;
mod moves;
mod notation;
mod perft;
mod position;
mod ruleset;
mod side;
mod since_capture;
mod sowing;
mod togyz;

pub use board::{Board, SetupError};
pub use event::{EndReason, GameResult, MoveEvent};
pub use examples::{WorkedExample, worked_examples, worked_examples_of};
pub use game::{Game, History, HistoryUndo};
pub use moves::{Move, MoveError, MoveSet, MoveSetIter};
pub use notation::{GameRecord, RecordError};
pub use perft::perft;
pub use position::{MAX_HOUSES, Played, Position, Status};
pub use ruleset::{
    EmptyOpposite, GrandSlam, KalahParams, OwareParams, Params, Ruleset, RulesetError, Variant,
};
pub use side::{HouseZero, InvalidSide, Pit, Side};
pub use since_capture::SinceCapture;
