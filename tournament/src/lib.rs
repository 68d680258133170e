//! Tournaments as pure functions of what has happened so far: who is in an
//! event, what each round was for each player, and from that the next
//! round's pairings, the scores and the tie-breaks. Nothing here reads a
//! clock, a socket or a file; the server stores an event's history in its
//! journal and asks these functions what follows from it, so that a
//! restart (or another node) reaches the same answer.
//!
//! - [`swiss`]: the FIDE Dutch system (C.04.3) for a Swiss of matches, the
//!   match standing in for the chess game and its first mover for White;
//!   the standings and their tie-breaks.
//! - [`arena`]: an arena's scores (streaks, berserk) and the pairing of the
//!   players waiting.

pub mod arena;
pub mod swiss;
