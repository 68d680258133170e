//! Togyz Kumalak and Bestemshe, the Kazakh mancalas (`RULES_TOGYZ.md`,
//! PlayStrategy's rules): nine houses a side and 162 stones, or five and
//! 50, sowing with the first stone back into its house, captures on even
//! counts, and in Togyz Kumalak the *tuzdik*, a house of the opponent's
//! that a last stone made exactly three and that is the mover's for the
//! rest of the game.
//!
//! Its own position type for now: the other variants' [`super::Position`]
//! holds seven houses a side and no tuzdik. Like it, [`TogyzPosition`] is
//! `Copy` and [`TogyzPosition::play`] allocates nothing.

use std::fmt;

/// Houses a side, at most (Togyz Kumalak's nine).
pub const TOGYZ_MAX_HOUSES: usize = 9;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TogyzVariant {
    /// 9 houses of 9 stones a side; tuzdiks; more than 81 wins.
    TogyzKumalak,
    /// 5 houses of 5 stones a side; no tuzdik; more than 25 wins.
    Bestemshe,
}

impl TogyzVariant {
    /// Houses a side.
    pub fn houses(self) -> usize {
        match self {
            TogyzVariant::TogyzKumalak => 9,
            TogyzVariant::Bestemshe => 5,
        }
    }

    /// Stones in all (each house starts with as many as there are houses).
    pub fn total(self) -> u32 {
        let m = self.houses() as u32;
        2 * m * m
    }

    fn uses_tuzdik(self) -> bool {
        self == TogyzVariant::TogyzKumalak
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TogyzEnd {
    /// A store holds more than half the stones (the rest count for nobody).
    Score,
    /// The player to move had no stone: the other took what was left.
    NoMove,
}

/// What a move did, besides sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TogyzOutcome {
    /// The house the last stone fell in: (the row's owner, its index).
    pub dest: (u8, u8),
    /// Stones captured by an even count there.
    pub captured: u8,
    /// Whether that house became the mover's tuzdik.
    pub tuzdik: bool,
    /// Stones the mover swept at the end (the opponent had none left).
    pub swept: u32,
    /// How the game ended, if it did.
    pub end: Option<TogyzEnd>,
}

/// A move refused; the position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TogyzMoveError {
    /// The game is over.
    GameOver,
    /// No such house on this board.
    NoSuchHouse,
    /// The house holds no stone (a tuzdik never does).
    EmptyHouse,
}

impl fmt::Display for TogyzMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TogyzMoveError::GameOver => "the game is over",
            TogyzMoveError::NoSuchHouse => "no such house",
            TogyzMoveError::EmptyHouse => "that house is empty",
        })
    }
}

impl std::error::Error for TogyzMoveError {}

/// A hand-made position that play could not reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TogyzSetupError {
    /// Rows of the wrong length, or no such player.
    Shape,
    /// Not all the stones (this many).
    Stones(u32),
    /// A tuzdik no move could have made, or holding stones.
    Tuzdik,
    /// The player to move has no move.
    NoMove,
}

impl fmt::Display for TogyzSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TogyzSetupError::Shape => f.write_str("rows of the wrong length, or no such player"),
            TogyzSetupError::Stones(n) => write!(f, "{n} stones, not all of them"),
            TogyzSetupError::Tuzdik => f.write_str("a tuzdik no move could have made"),
            TogyzSetupError::NoMove => f.write_str("the player to move has no move"),
        }
    }
}

impl std::error::Error for TogyzSetupError {}

/// A position of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TogyzPosition {
    variant: TogyzVariant,
    /// `houses[p][i]`: player p's house number `i + 1`, from his left
    /// (only the first [`TogyzVariant::houses`] are used).
    houses: [[u8; TOGYZ_MAX_HOUSES]; 2],
    stores: [u8; 2],
    /// `tuzdik[p] = Some(j)`: player 1-p's house `j` is player p's.
    tuzdik: [Option<u8>; 2],
    to_move: u8,
    end: Option<TogyzEnd>,
}

impl TogyzPosition {
    /// The start: every house full, player 0 to move.
    pub fn start(variant: TogyzVariant) -> TogyzPosition {
        let m = variant.houses();
        let mut houses = [[0; TOGYZ_MAX_HOUSES]; 2];
        for row in &mut houses {
            row[..m].fill(m as u8);
        }
        TogyzPosition {
            variant,
            houses,
            stores: [0; 2],
            tuzdik: [None; 2],
            to_move: 0,
            end: None,
        }
    }

    /// A position set up by hand: each row from its owner's left, the
    /// stores, each player's tuzdik (the opponent's house index), and who
    /// is to move; refused unless it could arise in play (all the stones,
    /// each tuzdik allowed and empty, a move for the player to move).
    pub fn setup(
        variant: TogyzVariant,
        rows: [&[u8]; 2],
        stores: [u8; 2],
        tuzdik: [Option<u8>; 2],
        to_move: usize,
    ) -> Result<TogyzPosition, TogyzSetupError> {
        let m = variant.houses();
        if rows.iter().any(|row| row.len() != m) || to_move > 1 {
            return Err(TogyzSetupError::Shape);
        }
        let mut houses = [[0; TOGYZ_MAX_HOUSES]; 2];
        for (p, row) in rows.iter().enumerate() {
            houses[p][..m].copy_from_slice(row);
        }
        let board: u32 = rows
            .iter()
            .flat_map(|r| r.iter())
            .map(|&n| u32::from(n))
            .sum();
        let kept: u32 = stores.iter().map(|&n| u32::from(n)).sum();
        if board + kept != variant.total() {
            return Err(TogyzSetupError::Stones(board + kept));
        }
        for p in 0..2 {
            if let Some(j) = tuzdik[p] {
                let j = usize::from(j);
                let allowed = variant.uses_tuzdik()
                    && j < m - 1
                    && tuzdik[1 - p] != Some(j as u8)
                    && houses[1 - p][j] == 0;
                if !allowed {
                    return Err(TogyzSetupError::Tuzdik);
                }
            }
        }
        let position = TogyzPosition {
            variant,
            houses,
            stores,
            tuzdik,
            to_move: to_move as u8,
            end: None,
        };
        if position.legal_moves().next().is_none() {
            return Err(TogyzSetupError::NoMove);
        }
        Ok(position)
    }

    /// Which game.
    pub fn variant(&self) -> TogyzVariant {
        self.variant
    }

    /// Player `p`'s row, from his left.
    pub fn row(&self, p: usize) -> &[u8] {
        &self.houses[p][..self.variant.houses()]
    }

    /// Each player's store.
    pub fn stores(&self) -> [u8; 2] {
        self.stores
    }

    /// For each player, the opponent's house that is his tuzdik.
    pub fn tuzdiks(&self) -> [Option<u8>; 2] {
        self.tuzdik
    }

    /// The player to move, `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        self.end.is_none().then_some(usize::from(self.to_move))
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<TogyzEnd> {
        self.end
    }

    /// The winner of a finished game (`Some(None)`: a draw).
    pub fn winner(&self) -> Option<Option<usize>> {
        self.end?;
        Some(match self.stores[0].cmp(&self.stores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The houses the player to move may play (indices), in order.
    pub fn legal_moves(&self) -> impl Iterator<Item = u8> + '_ {
        let row = self.to_move().map(|p| self.row(p)).unwrap_or(&[]);
        (0..row.len() as u8).filter(move |&i| row[usize::from(i)] > 0)
    }

    /// The owner of the tuzdik at cell `(row, index)`, if it is one.
    fn tuzdik_owner(&self, row: usize, index: usize) -> Option<usize> {
        let owner = 1 - row;
        (self.tuzdik[owner] == Some(index as u8)).then_some(owner)
    }

    /// Put `n` stones at cell `c` of the track (`c < m`: player 0's house
    /// `c`, else player 1's `c - m`): into the house, or a tuzdik's owner's
    /// store.
    fn drop_stones(&mut self, c: usize, n: u8) {
        let m = self.variant.houses();
        let (row, index) = (c / m, c % m);
        match self.tuzdik_owner(row, index) {
            Some(owner) => self.stores[owner] += n,
            None => self.houses[row][index] += n,
        }
    }

    /// Player `house` (index from his left) of the player to move.
    pub fn play(&mut self, house: u8) -> Result<TogyzOutcome, TogyzMoveError> {
        let mover = self.to_move().ok_or(TogyzMoveError::GameOver)?;
        let m = self.variant.houses();
        let i = usize::from(house);
        if i >= m {
            return Err(TogyzMoveError::NoSuchHouse);
        }
        let k = self.houses[mover][i];
        if k == 0 {
            return Err(TogyzMoveError::EmptyHouse);
        }
        self.houses[mover][i] = 0;
        let cells = 2 * m;
        let origin = mover * m + i;
        let dest = if k == 1 {
            let dest = (origin + 1) % cells;
            self.drop_stones(dest, 1);
            dest
        } else {
            // The first stone back into the origin, laps not skipping it.
            let k = usize::from(k);
            let (laps, rest) = (k / cells, k % cells);
            for d in 0..cells {
                let n = laps + usize::from(d < rest);
                if n > 0 {
                    self.drop_stones((origin + d) % cells, n as u8);
                }
            }
            (origin + k - 1) % cells
        };
        let opponent = 1 - mover;
        let (row, index) = (dest / m, dest % m);
        let mut outcome = TogyzOutcome {
            dest: (row as u8, index as u8),
            captured: 0,
            tuzdik: false,
            swept: 0,
            end: None,
        };
        if row == opponent && self.tuzdik_owner(row, index).is_none() {
            let count = self.houses[row][index];
            if count.is_multiple_of(2) {
                self.stores[mover] += count;
                self.houses[row][index] = 0;
                outcome.captured = count;
            } else if count == 3
                && self.variant.uses_tuzdik()
                && self.tuzdik[mover].is_none()
                && index != m - 1
                && self.tuzdik[opponent] != Some(index as u8)
            {
                self.tuzdik[mover] = Some(index as u8);
                self.stores[mover] += 3;
                self.houses[row][index] = 0;
                outcome.tuzdik = true;
            }
        }
        self.to_move = opponent as u8;
        if self.row(opponent).iter().all(|&n| n == 0) {
            let left: u32 = self.row(mover).iter().map(|&n| u32::from(n)).sum();
            self.houses[mover][..m].fill(0);
            self.stores[mover] = (u32::from(self.stores[mover]) + left) as u8;
            outcome.swept = left;
            self.end = Some(TogyzEnd::NoMove);
        } else if self
            .stores
            .iter()
            .any(|&s| u32::from(s) * 2 > self.variant.total())
        {
            self.end = Some(TogyzEnd::Score);
        }
        outcome.end = self.end;
        Ok(outcome)
    }

    /// A move as players write it (PlayStrategy's move list): the origin's
    /// number and the last stone's house's number, then `X` if it made a
    /// tuzdik, then the mover's score in brackets if it captured, e.g.
    /// `54(10)`, `71X`, `45`. `self` is the position after the move.
    pub fn notation(&self, house: u8, outcome: &TogyzOutcome) -> String {
        let mut text = format!("{}{}", house + 1, outcome.dest.1 + 1);
        if outcome.tuzdik {
            text.push('X');
        }
        if outcome.captured > 0 {
            let mover = 1 - usize::from(self.to_move);
            text.push_str(&format!("({})", self.stores[mover]));
        }
        text
    }
}
