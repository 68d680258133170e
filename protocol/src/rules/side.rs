//! Seats and pits: the two names every other rules module uses for places on the board.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two seats of a game.
///
/// `Player0` makes the first move of the game (RULES.md §1). Which human sits in
/// which seat is a match decision, not a rules one. On the wire a side is the
/// number `0` or `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Side {
    /// The player who moves first (often called South).
    Player0,
    /// The other player (North).
    Player1,
}

impl Side {
    /// Both sides, player 0 first: handy for loops over rows and stores.
    pub const BOTH: [Side; 2] = [Side::Player0, Side::Player1];

    /// The other seat.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Player0 => Side::Player1,
            Side::Player1 => Side::Player0,
        }
    }

    /// 0 or 1, for indexing per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with this number, if it is 0 or 1.
    pub const fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::Player0),
            1 => Some(Side::Player1),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.index())
    }
}

impl From<Side> for u8 {
    fn from(side: Side) -> u8 {
        side as u8
    }
}

/// The number given for a side was neither 0 nor 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("side must be 0 or 1, not {0}")]
pub struct InvalidSide(pub u8);

impl TryFrom<u8> for Side {
    type Error = InvalidSide;
    fn try_from(value: u8) -> Result<Side, InvalidSide> {
        Side::from_index(value as usize).ok_or(InvalidSide(value))
    }
}

/// A place seeds can be in: a house or a store.
///
/// Houses are indexed from 0 internally, counted from the owner's own left.
/// On the wire a house is named by its number `1..=m`, the same convention as
/// moves, so that a client never has to translate between the two:
/// `{"kind": "house", "side": 0, "house": 3}` or `{"kind": "store", "side": 1}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PitRepr", into = "PitRepr")]
pub enum Pit {
    /// House `index` (0-based, from the owner's left) of `side`'s row.
    House(Side, u8),
    /// The store of `side`.
    Store(Side),
}

impl Pit {
    /// The side that owns this pit.
    pub const fn side(self) -> Side {
        match self {
            Pit::House(side, _) | Pit::Store(side) => side,
        }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pit::House(side, index) => write!(f, "{side}'s house {}", index + 1),
            Pit::Store(side) => write!(f, "{side}'s store"),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum PitRepr {
    House { side: Side, house: u8 },
    Store { side: Side },
}

impl From<Pit> for PitRepr {
    fn from(pit: Pit) -> PitRepr {
        match pit {
            Pit::House(side, index) => PitRepr::House {
                side,
                house: index + 1,
            },
            Pit::Store(side) => PitRepr::Store { side },
        }
    }
}

/// A pit on the wire named house 0 (house numbers start at 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("house numbers start at 1")]
pub struct HouseZero;

impl TryFrom<PitRepr> for Pit {
    type Error = HouseZero;
    fn try_from(repr: PitRepr) -> Result<Pit, HouseZero> {
        match repr {
            PitRepr::House { house: 0, .. } => Err(HouseZero),
            PitRepr::House { side, house } => Ok(Pit::House(side, house - 1)),
            PitRepr::Store { side } => Ok(Pit::Store(side)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_numbers_on_the_wire() {
        assert_eq!(
            serde_json::to_string(&Side::Player1).ok().as_deref(),
            Some("1")
        );
        assert!(serde_json::from_str::<Side>("2").is_err());
    }

    #[test]
    fn pits_use_house_numbers_from_one() {
        let json = serde_json::to_string(&Pit::House(Side::Player0, 2)).unwrap_or_default();
        assert_eq!(json, r#"{"kind":"house","side":0,"house":3}"#);
        let back: Pit = serde_json::from_str(&json).expect("round trip");
        assert_eq!(back, Pit::House(Side::Player0, 2));
        assert!(serde_json::from_str::<Pit>(r#"{"kind":"house","side":0,"house":0}"#).is_err());
    }
}
