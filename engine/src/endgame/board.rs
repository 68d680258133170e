//! The solver's own board for Kalah (every m, n and capture rule) and
//! Mangala: the two rows on one short track, the mover's row first, so a
//! position needs no side to move and no stores (these games' play looks
//! at the houses only; the stores just add to the result). Its moves are
//! the rules engine's moves, checked against it move by move in the tests;
//! it exists for speed: with [`protocol::rules::Position`] the solver spent
//! about 230 ns a position on bookkeeping the solver does not need (a move's
//! legality, the status, the variant dispatch) — see docs/ENGINE.md.

use protocol::rules::{Position, Ruleset, Side};

/// The widest row an endgame board takes (Congkak's 7): a board's 16
/// bytes hold two such rows and the stores' places. The Kazakh games'
/// nine houses are not among these boards.
pub(crate) const WIDEST: usize = 7;

/// Which rules a [`Board`] follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Houses a row (m).
    pub(crate) houses: usize,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Kalah { empty_capture: bool },
    Mangala,
}

impl Rules {
    /// The board rules of `ruleset`, if the solver takes it.
    pub(crate) fn of(ruleset: Ruleset) -> Option<Rules> {
        let kind = match ruleset {
            Ruleset::Kalah(p) => Kind::Kalah {
                empty_capture: p.empty_capture(),
            },
            Ruleset::Mangala => Kind::Mangala,
            _ => return None,
        };
        Some(Rules {
            houses: ruleset.houses(),
            kind,
        })
    }

    /// A name for these board rules: the same for two rulesets exactly
    /// when their board rules are equal (what a database file is named by).
    pub(crate) fn name(self) -> String {
        match self.kind {
            Kind::Kalah {
                empty_capture: true,
            } => format!("kalah-{}-houses-empty-capture", self.houses),
            Kind::Kalah {
                empty_capture: false,
            } => format!("kalah-{}-houses", self.houses),
            Kind::Mangala => format!("mangala-{}-houses", self.houses),
        }
    }

    /// Pits on the mover's track: his houses, his store, the opponent's houses.
    fn track(self) -> usize {
        2 * self.houses + 1
    }
}

/// Who moves after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The mover again (his last seed fell into his store).
    Again,
    /// The opponent (the board is turned to his side).
    Other,
    /// Nobody: the game is over (the sweep is in the gain).
    Over,
}

/// A position as the solver sees it: `pits[0..m]` the mover's houses from
/// his left, `pits[m]` his store's place on the track (always 0 between
/// moves), `pits[m+1..=2m]` the opponent's houses from the opponent's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pits: [u8; 16],
}

/// One move's result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    /// The board after it, from the side of whoever moves next.
    pub(crate) board: Board,
    /// Seeds the mover banked by it less those his opponent banked
    /// (captures, and the sweep at the end of the game).
    pub(crate) gain: i32,
    pub(crate) next: Next,
}

impl Board {
    /// No seeds anywhere.
    pub(crate) const EMPTY: Board = Board { pits: [0; 16] };

    /// The board of `position` from its mover's side.
    pub(crate) fn of(position: &Position, rules: Rules) -> Option<Board> {
        let mover = position.to_move()?;
        Some(Board::from_rows(
            rules,
            position.row(mover),
            position.row(mover.opponent()),
        ))
    }

    /// The board with `mover`'s row and his opponent's.
    pub(crate) fn from_rows(rules: Rules, mover: &[u8], opponent: &[u8]) -> Board {
        let m = rules.houses;
        let mut pits = [0u8; 16];
        pits[..m].copy_from_slice(&mover[..m]);
        pits[m + 1..=2 * m].copy_from_slice(&opponent[..m]);
        Board { pits }
    }

    /// The mover's row and the opponent's, each from its owner's left.
    #[cfg(test)]
    pub(crate) fn rows(&self, rules: Rules) -> [[u8; WIDEST]; 2] {
        let m = rules.houses;
        let mut rows = [[0u8; WIDEST]; 2];
        rows[0][..m].copy_from_slice(&self.pits[..m]);
        rows[1][..m].copy_from_slice(&self.pits[m + 1..=2 * m]);
        rows
    }

    /// Seeds in the houses.
    #[inline]
    pub(crate) fn seeds(&self) -> u32 {
        self.pits.iter().map(|&s| u32::from(s)).sum()
    }

    /// Seeds in the houses, pit by pit (mover's houses, then the
    /// opponent's), for the endgame database's numbering.
    pub(crate) fn houses(&self, rules: Rules) -> impl Iterator<Item = u8> + '_ {
        let m = rules.houses;
        self.pits[..m]
            .iter()
            .chain(&self.pits[m + 1..=2 * m])
            .copied()
    }

    /// Seeds in the houses up to each (mover's houses, then the
    /// opponent's), for the endgame database's numbering
    /// ([`super::numbering::Numbering::place_of_sums`]): one multiplication
    /// a row gives every running total of its bytes.
    #[inline]
    pub(crate) fn running_sums(&self, rules: Rules) -> [u8; 2 * WIDEST] {
        const ONES: u64 = u64::from_le_bytes([1; 8]);
        let m = rules.houses;
        let pits = u128::from_le_bytes(self.pits);
        let row = u64::MAX >> (64 - 8 * m);
        let own = (pits as u64 & row).wrapping_mul(ONES);
        let own_total = own >> (8 * (m - 1)) & 0xFF;
        let theirs = ((pits >> (8 * (m + 1))) as u64 & row).wrapping_mul(ONES) + own_total * ONES;
        // Both rows in one word, not two slices of a length known only at
        // run time: those were calls to `memcpy`, 15 % of a database's build.
        let both = u128::from(own & row) | u128::from(theirs & row) << (8 * m);
        let mut sums = [0u8; 2 * WIDEST];
        sums.copy_from_slice(&both.to_le_bytes()[..2 * WIDEST]);
        sums
    }

    /// The table's key: the whole board, exactly, five bits a house (up
    /// to 12 houses in 60 bits), so that a table entry is small; `None`
    /// for a board with a house of 32 seeds or more, which the table does
    /// not keep (rare, and only slower to search, never wrong).
    #[inline]
    pub(crate) fn key(&self, rules: Rules) -> Option<u64> {
        let words = u128::from_le_bytes(self.pits);
        if words & 0xE0E0_E0E0_E0E0_E0E0_E0E0_E0E0_E0E0_E0E0 != 0 {
            return None;
        }
        let key = self
            .houses(rules)
            .fold(0u64, |key, seeds| (key << 5) | u64::from(seeds));
        Some(key)
    }

    /// The mover's non-empty houses, a bit each.
    #[inline]
    pub(crate) fn moves(&self, rules: Rules) -> u8 {
        let mut mask = 0u8;
        for (i, &seeds) in self.pits[..rules.houses].iter().enumerate() {
            if seeds > 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Sow the mover's house `house` (non-empty) and apply captures, the
    /// extra turn and the end of the game.
    ///
    /// The board is worked on as one 128-bit word, a byte a pit: a sowing
    /// is one addition of a pattern of ones, and turning the board one
    /// exchange of its halves, with no loop whose length depends on the
    /// seeds: Kalah(6)'s 18-seed database took 18.6 s to build this way
    /// and 20.4 s with a loop a seed (docs/ENGINE.md, "The solver"). No
    /// byte can carry into the next: a pit never holds more than the
    /// game's 72 seeds.
    #[inline]
    pub(crate) fn play(&self, rules: Rules, house: usize) -> Step {
        let m = rules.houses;
        let track = rules.track();
        let mut pits = u128::from_le_bytes(self.pits);
        let seeds = usize::from(self.pits[house]);
        pits &= !byte_mask(house);
        // Kalah starts with the next pit; Mangala puts the first of two or
        // more seeds back into the house it lifted them from.
        let first = match rules.kind {
            Kind::Mangala if seeds >= 2 => house,
            _ if house + 1 == track => 0,
            _ => house + 1,
        };
        let (laps, rest) = if seeds < track {
            (0, seeds)
        } else {
            (seeds / track, seeds % track)
        };
        let track_ones = ones(track);
        pits += laps as u128 * track_ones;
        // `rest` ones from `first` on, those past the track's end wrapped
        // round to its start.
        let run = ones(rest);
        pits +=
            ((run << (8 * first)) & track_ones.wrapping_mul(0xFF)) | (run >> (8 * (track - first)));
        let mut last = first + rest + track - 1;
        if last >= track {
            last -= track;
        }
        if last >= track {
            last -= track;
        }
        let mut gain = byte(pits, m) as i32;
        pits &= !byte_mask(m);
        let again = last == m;
        if !again {
            let opposite = 2 * m - last;
            let at_last = byte(pits, last);
            match rules.kind {
                Kind::Kalah { empty_capture } if last < m && at_last == 1 => {
                    let taken = byte(pits, opposite);
                    if taken > 0 {
                        gain += taken as i32 + 1;
                        pits &= !(byte_mask(opposite) | byte_mask(last));
                    } else if empty_capture {
                        gain += 1;
                        pits &= !byte_mask(last);
                    }
                }
                // A last seed on the opponent's side takes that house if
                // it made it even.
                Kind::Mangala if last > m && at_last.is_multiple_of(2) => {
                    gain += at_last as i32;
                    pits &= !byte_mask(last);
                }
                Kind::Mangala if last < m && at_last == 1 && byte(pits, opposite) > 0 => {
                    gain += byte(pits, opposite) as i32 + 1;
                    pits &= !(byte_mask(opposite) | byte_mask(last));
                }
                _ => {}
            }
        }
        let row = ones(m).wrapping_mul(0xFF);
        let own = byte_sum(pits & row);
        let theirs = byte_sum((pits >> (8 * (m + 1))) & row);
        if own == 0 || theirs == 0 {
            gain += match rules.kind {
                // Each keeps his own row.
                Kind::Kalah { .. } => own - theirs,
                // The player whose row ran empty takes what is left.
                Kind::Mangala if own == 0 => theirs,
                Kind::Mangala => -own,
            };
            return Step {
                board: Board::EMPTY,
                gain,
                next: Next::Over,
            };
        }
        if again {
            return Step {
                board: Board {
                    pits: pits.to_le_bytes(),
                },
                gain,
                next: Next::Again,
            };
        }
        let turned = ((pits >> (8 * (m + 1))) & row) | ((pits & row) << (8 * (m + 1)));
        Step {
            board: Board {
                pits: turned.to_le_bytes(),
            },
            gain,
            next: Next::Other,
        }
    }
}

/// A one in each of the lowest `count` bytes (at most 16).
fn ones(count: usize) -> u128 {
    const ALL: u128 = u128::from_le_bytes([1; 16]);
    ALL.checked_shr(8 * (16 - count) as u32).unwrap_or(0)
}

/// The bits of byte `at`.
fn byte_mask(at: usize) -> u128 {
    0xFF << (8 * at)
}

/// Byte `at` of `pits`.
fn byte(pits: u128, at: usize) -> u8 {
    (pits >> (8 * at)) as u8
}

/// The sum of the bytes of `pits`, all in its low eight bytes and summing
/// to less than 256 (one row of a board).
fn byte_sum(pits: u128) -> i32 {
    ((pits as u64).wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

/// `mover`'s store less his opponent's.
pub(crate) fn store_difference(position: &Position, mover: Side) -> i32 {
    i32::from(position.store(mover)) - i32::from(position.store(mover.opponent()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::Status;

    /// Random games of every Kalah board and Mangala: each move on the
    /// solver's board gives what the rules engine gives.
    #[test]
    fn every_move_equals_the_rules_engine() {
        let mut rulesets = Ruleset::kalah_boards();
        rulesets.push(Ruleset::Mangala);
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut moves = 0;
        for ruleset in rulesets {
            let rules = Rules::of(ruleset).expect("solvable");
            for _ in 0..40 {
                let mut position = Position::start(ruleset);
                while let Some(mover) = position.to_move() {
                    let board = Board::of(&position, rules).expect("a mover");
                    assert_eq!(
                        u32::from(board.moves(rules)),
                        position
                            .legal_moves()
                            .iter()
                            .map(|mv| 1 << mv.index())
                            .sum::<u32>()
                    );
                    for mv in position.legal_moves() {
                        let mut child = position;
                        child.play_in_place(mv).expect("legal");
                        let step = board.play(rules, mv.index());
                        let gain =
                            store_difference(&child, mover) - store_difference(&position, mover);
                        assert_eq!(
                            step.gain,
                            gain,
                            "{ruleset} {:?} house {}",
                            position.board(),
                            mv.number()
                        );
                        match child.status() {
                            Status::Over(_) => assert_eq!(step.next, Next::Over),
                            Status::ToMove(side) => {
                                let next = if side == mover {
                                    Next::Again
                                } else {
                                    Next::Other
                                };
                                assert_eq!(step.next, next, "{ruleset} {:?}", position.board());
                                assert_eq!(Some(step.board), Board::of(&child, rules));
                            }
                        }
                        moves += 1;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let legal = position.legal_moves();
                    let mv = legal
                        .nth((state % legal.len() as u64) as usize)
                        .expect("a move");
                    position.play_in_place(mv).expect("legal");
                }
            }
        }
        assert!(moves > 100_000, "{moves}");
    }
}
