//! Moves, sets of legal moves, and why a move is refused.

use serde::{Deserialize, Serialize};
use std::fmt;

/// "Sow from my house number `n`", counted `1..=m` from the mover's own left.
///
/// A move is relative to the mover, so the same number means the same thing
/// for both seats and for every picture of the board. It is stored as the
/// 0-based index (RULES.md's `i`) and written as the house number, on the wire
/// and in records: `3` is index 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Move(u8);

impl Move {
    /// The move from 0-based house `index`.
    pub const fn from_index(index: u8) -> Move {
        Move(index)
    }

    /// The move from house `number` (1-based), if it could name a house at
    /// all; whether the house exists in a given game is checked when it is played.
    pub fn from_number(number: i64) -> Result<Move, MoveError> {
        match u8::try_from(number) {
            Ok(n) if n >= 1 && (n as usize) <= super::MAX_HOUSES => Ok(Move(n - 1)),
            _ => Err(MoveError::HouseOutOfRange {
                number,
                houses: super::MAX_HOUSES,
            }),
        }
    }

    /// The 0-based house index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The house number, `index + 1`.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl From<Move> for u8 {
    fn from(mv: Move) -> u8 {
        mv.number()
    }
}

impl TryFrom<u8> for Move {
    type Error = MoveError;
    fn try_from(number: u8) -> Result<Move, MoveError> {
        Move::from_number(number.into())
    }
}

/// The legal moves of a position: a bit set over the (at most 9) houses.
///
/// `Copy` and allocation-free, so move generation costs nothing on the heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveSet(u16);

impl MoveSet {
    /// No moves.
    pub const EMPTY: MoveSet = MoveSet(0);

    /// The set whose bit `i` stands for house index `i`.
    #[inline]
    pub const fn from_bits(bits: u16) -> MoveSet {
        MoveSet(bits)
    }

    /// Add a move.
    #[inline]
    pub fn insert(&mut self, mv: Move) {
        self.0 |= 1 << mv.0;
    }

    /// Remove a move.
    #[inline]
    pub fn remove(&mut self, mv: Move) {
        self.0 &= !(1 << mv.0);
    }

    /// Whether `mv` is in the set.
    #[inline]
    pub fn contains(self, mv: Move) -> bool {
        mv.0 < 16 && self.0 & (1 << mv.0) != 0
    }

    /// How many moves.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `k`-th move in house order, if there are more than `k`: picks a
    /// uniformly random move from a random `k` without building a list.
    #[inline]
    pub fn nth(self, k: usize) -> Option<Move> {
        let mut bits = self.0;
        for _ in 0..k {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| Move(bits.trailing_zeros() as u8))
    }

    /// The house numbers (from 1, the mover's leftmost) in house order: the
    /// wire's `legal`, so a client can offer the moves without the rules.
    pub fn numbers(self) -> Vec<u8> {
        self.iter().map(Move::number).collect()
    }

    /// The moves in house order.
    pub fn iter(self) -> MoveSetIter {
        MoveSetIter(self.0)
    }
}

impl IntoIterator for MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;
    fn into_iter(self) -> MoveSetIter {
        self.iter()
    }
}

/// Iterator over a [`MoveSet`], lowest house first.
#[derive(Clone, Debug)]
pub struct MoveSetIter(u16);

impl Iterator for MoveSetIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Move(index))
    }
}

/// Why a move was refused. The position is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// No such house in this game.
    #[error("there is no house {number}: houses are numbered 1 to {houses}")]
    HouseOutOfRange {
        /// The number given.
        number: i64,
        /// Houses in a row in this game.
        houses: usize,
    },
    /// The chosen house holds no seeds.
    #[error("house {number} is empty")]
    EmptyHouse {
        /// The house number.
        number: u8,
    },
    /// Oware: the opponent's row is empty and this house does not reach it.
    #[error("house {number} does not reach the opponent's empty row, and the opponent must be fed")]
    MustFeed {
        /// The house number.
        number: u8,
    },
    /// Oware with `grand_slam = illegal_unless_forced`: the move would capture
    /// every seed the opponent has, and another move is available.
    #[error(
        "house {number} would capture all the opponent's seeds (a grand slam), which is not allowed while another move exists"
    )]
    GrandSlam {
        /// The house number.
        number: u8,
    },
    /// The game is over; nobody moves.
    #[error("the game is already over")]
    GameOver,
}

impl MoveError {
    /// A stable, machine-readable code for the wire and for scripts.
    pub const fn code(self) -> &'static str {
        match self {
            MoveError::HouseOutOfRange { .. } => "house_out_of_range",
            MoveError::EmptyHouse { .. } => "empty_house",
            MoveError::MustFeed { .. } => "must_feed",
            MoveError::GrandSlam { .. } => "grand_slam",
            MoveError::GameOver => "game_over",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_set_iterates_and_picks() {
        let mut set = MoveSet::EMPTY;
        for i in [1, 3, 6] {
            set.insert(Move::from_index(i));
        }
        assert_eq!(set.len(), 3);
        let indices: Vec<usize> = set.iter().map(Move::index).collect();
        assert_eq!(indices, vec![1, 3, 6]);
        assert_eq!(set.nth(2), Some(Move::from_index(6)));
        assert_eq!(set.nth(3), None);
        set.remove(Move::from_index(3));
        assert!(!set.contains(Move::from_index(3)));
    }

    #[test]
    fn moves_are_house_numbers_on_the_wire() {
        assert_eq!(
            serde_json::to_string(&Move::from_index(0)).ok().as_deref(),
            Some("1")
        );
        assert!(serde_json::from_str::<Move>("0").is_err());
        assert_eq!(
            Move::from_number(-3).map_err(MoveError::code),
            Err("house_out_of_range")
        );
    }
}
