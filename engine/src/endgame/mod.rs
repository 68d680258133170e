//! The late game, known before anyone searches it: endgame databases of
//! exact values (Kalah and Mangala, [`Endgame`]) and of bounds (Oware,
//! [`OwareBounds`]), their numbering of boards, the board they are built
//! on, their file format, and the small shared ones every searcher reads
//! ([`Endgames`]). This wing needs nothing from the search or the solver;
//! both read it.

pub(crate) mod board;
mod database;
mod file;
pub(crate) mod memory;
mod numbering;
mod oware;
mod shared;

pub use database::{Endgame, EndgameError, SHARED_SEEDS};
pub use file::EndgameReadError;
pub use oware::{OWARE_SHARED_SEEDS, OwareBounds};
pub use shared::Endgames;
