//! The loose description of a position that the wire and the replay output carry.

use super::event::MoveEvent;
use super::side::{Pit, Side};
use serde::{Deserialize, Serialize};

/// Pits and turn, unchecked: what a client receives and what tests write down.
///
/// `{"houses": [[player 0's houses from his left], [player 1's houses from his left]],
/// "stores": [s0, s1], "to_move": 0, 1 or null}`, and in Togyz Kumalak
/// once a tuzdik was made `"tuzdik": [t0, t1]`: for each player, the index
/// (from 0) of his tuzdik in the opponent's row, or null. Turn it into a checked
/// [`Position`](super::Position) with [`Position::from_board`](super::Position::from_board).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Each player's row, counted from that player's own left.
    pub houses: [Vec<u8>; 2],
    /// Player 0's and player 1's stores.
    pub stores: [u8; 2],
    /// Who moves next; `None` once the game is over.
    pub to_move: Option<Side>,
    /// Togyz Kumalak: each player's tuzdik, the index of the opponent's
    /// house that is his; left out of the JSON while neither has one.
    #[serde(default, skip_serializing_if = "no_tuzdik")]
    pub tuzdik: [Option<u8>; 2],
}

fn no_tuzdik(tuzdik: &[Option<u8>; 2]) -> bool {
    tuzdik == &[None, None]
}

impl Board {
    /// A board without tuzdiks (every game but Togyz Kumalak).
    pub fn new(houses: [Vec<u8>; 2], stores: [u8; 2], to_move: Option<Side>) -> Board {
        Board {
            houses,
            stores,
            to_move,
            tuzdik: [None, None],
        }
    }
}

impl Board {
    /// Apply one step of a move, as a client animating from events would:
    /// lifts, sowings, relays, captures and sweeps move seeds; `GameOver`
    /// clears `to_move`. Who moves after an ordinary move is not in the
    /// events (the move's message says it), so `to_move` is otherwise left
    /// alone. Returns `false` for an event that does not
    /// fit this board (a pit it lacks, or a count that differs).
    pub fn apply_event(&mut self, event: &MoveEvent) -> bool {
        match *event {
            MoveEvent::Lift { pit, seeds } | MoveEvent::Relay { pit, seeds } => {
                self.take(pit, seeds)
            }
            MoveEvent::Sow { pit } => match self.pit_mut(pit) {
                Some(count) => match count.checked_add(1) {
                    Some(more) => {
                        *count = more;
                        true
                    }
                    None => false,
                },
                None => false,
            },
            MoveEvent::Capture { pit, seeds, by } => self.take(pit, seeds) && self.bank(by, seeds),
            MoveEvent::Tuzdik { pit, seeds, by } => match pit {
                Pit::House(side, index) if side != by && self.take(pit, seeds) => {
                    self.tuzdik[by.index()] = Some(index);
                    self.bank(by, seeds)
                }
                _ => false,
            },
            MoveEvent::Sweep { from, to, seeds } => {
                let row = &mut self.houses[from.index()];
                if row.iter().map(|&s| u32::from(s)).sum::<u32>() != u32::from(seeds) {
                    return false;
                }
                row.fill(0);
                self.bank(to, seeds)
            }
            MoveEvent::ExtraTurn { .. } => true,
            MoveEvent::GameOver { .. } => {
                self.to_move = None;
                true
            }
        }
    }

    fn pit_mut(&mut self, pit: Pit) -> Option<&mut u8> {
        match pit {
            Pit::House(side, index) => self.houses[side.index()].get_mut(usize::from(index)),
            Pit::Store(side) => Some(&mut self.stores[side.index()]),
        }
    }

    fn take(&mut self, pit: Pit, seeds: u8) -> bool {
        match self.pit_mut(pit) {
            Some(count) if *count == seeds => {
                *count = 0;
                true
            }
            _ => false,
        }
    }

    fn bank(&mut self, side: Side, seeds: u8) -> bool {
        match self.stores[side.index()].checked_add(seeds) {
            Some(total) => {
                self.stores[side.index()] = total;
                true
            }
            None => false,
        }
    }
}

/// Why a board cannot be turned into a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A row has the wrong number of houses for the variant.
    #[error("{side}'s row has {len} houses, this game has {houses}")]
    RowLength {
        /// The row.
        side: Side,
        /// Houses given.
        len: usize,
        /// Houses the variant has.
        houses: usize,
    },
    /// More seeds than a pit can count.
    #[error("{0} seeds in all: at most 255 are supported")]
    TooManySeeds(u32),
    /// Neither a player to move nor an end reason.
    #[error("a position needs a player to move, or an end reason once the game is over")]
    NoStatus,
    /// Both a player to move and an end reason.
    #[error("a finished game has no player to move")]
    MoverAfterEnd,
    /// The player to move has no legal move, so the game would be over.
    #[error("{0} is to move but has no legal move")]
    NoLegalMove(Side),
    /// A tuzdik play could not have made: in a game without them, in the
    /// opponent's last house, numbered as the other player's, or holding stones.
    #[error("{0}'s tuzdik is one no move could have made")]
    Tuzdik(Side),
}
