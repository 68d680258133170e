//! What one move does in Togyz Kumalak and Bestemshe, the Kazakh mancalas
//! (`RULES_TOGYZ.md`, PlayStrategy's rules): sowing with the first stone
//! back into its house and laps that do not skip it, captures on even
//! counts, and in Togyz Kumalak the *tuzdik*, a house of the opponent's
//! that a last stone made exactly three and that is the mover's for the
//! rest of the game: every stone sown into it goes to his store.
//!
//! Like [`super::sowing`] for the other games, this changes the pits only;
//! [`super::Position`] decides who moves next and how the game ends.

use super::event::{MoveEvent, Recorder};
use super::side::{Pit, Side};

/// Bytes of pits a position holds: two rows of nine houses and a store
/// each, in the Kazakh layout; the other games use the first 16 only.
pub(crate) const CELLS: usize = 20;

/// Where each pit lives in a Kazakh game's pits: side `s`'s house `i` at
/// `10·s + i`, its store at `10·s + 9`.
pub(crate) struct KazakhLayout;

impl KazakhLayout {
    /// Bytes per side: nine houses and the store.
    pub(crate) const STRIDE: usize = 10;

    #[inline(always)]
    pub(crate) const fn house(side: Side, index: usize) -> usize {
        side.index() * Self::STRIDE + index
    }

    #[inline(always)]
    pub(crate) const fn store(side: Side) -> usize {
        side.index() * Self::STRIDE + Self::STRIDE - 1
    }
}

/// The tuzdiks of a position: for each player, the opponent's house that
/// is his (its index + 1), or 0. Two bytes, so positions stay small.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Tuzdiks([u8; 2]);

impl Tuzdiks {
    /// From the wire's form: for each player, the index of his tuzdik in
    /// the opponent's row.
    pub(crate) fn from_indices(indices: [Option<u8>; 2]) -> Tuzdiks {
        Tuzdiks(indices.map(|index| index.map_or(0, |i| i + 1)))
    }

    /// For each player, the index of his tuzdik in the opponent's row.
    pub(crate) fn indices(self) -> [Option<u8>; 2] {
        self.0.map(|byte| byte.checked_sub(1))
    }

    /// `side`'s tuzdik, if he has one.
    #[inline(always)]
    fn of(self, side: Side) -> Option<usize> {
        self.0[side.index()].checked_sub(1).map(usize::from)
    }

    /// Whose tuzdik `side`'s house `index` is, if it is one.
    #[inline(always)]
    fn owner_of(self, side: Side, index: usize) -> Option<Side> {
        let owner = side.opponent();
        (self.of(owner) == Some(index)).then_some(owner)
    }
}

/// What a sowing did, besides moving stones, for the end-of-move rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KazakhOutcome {
    /// Whether stones were taken (an even count, or a tuzdik made).
    pub(crate) captured: bool,
}

/// Sow `mover`'s house `origin` on a board of `m` houses a side (the
/// caller has checked it holds stones), then capture or make a tuzdik
/// (where `tuzdik_allowed`).
#[inline]
pub(crate) fn sow<R: Recorder>(
    m: usize,
    tuzdik_allowed: bool,
    pits: &mut [u8; CELLS],
    tuzdiks: &mut Tuzdiks,
    mover: Side,
    origin: usize,
    rec: &mut R,
) -> KazakhOutcome {
    let cells = 2 * m;
    // Where a stone that reaches `cell` stays: its house, or the store of
    // the tuzdik's owner.
    let lands = |tuzdiks: Tuzdiks, cell: usize| -> usize {
        let (side, index) = pit_at(m, cell);
        match tuzdiks.owner_of(side, index) {
            Some(owner) => KazakhLayout::store(owner),
            None => KazakhLayout::house(side, index),
        }
    };
    let from = KazakhLayout::house(mover, origin);
    let stones = std::mem::take(&mut pits[from]);
    rec.record(|| MoveEvent::Lift {
        pit: Pit::House(mover, origin as u8),
        seeds: stones,
    });
    let first = first_cell(m, mover, origin, stones);
    let k = usize::from(stones);
    if k < cells {
        for d in 0..k {
            pits[lands(*tuzdiks, (first + d) % cells)] += 1;
        }
    } else {
        let (laps, rest) = (k / cells, k % cells);
        for d in 0..cells {
            let n = laps + usize::from(d < rest);
            pits[lands(*tuzdiks, (first + d) % cells)] += n as u8;
        }
    }
    for d in 0..k {
        rec.record(|| MoveEvent::Sow {
            pit: pit_of(lands(*tuzdiks, (first + d) % cells)),
        });
    }
    let (side, index) = pit_at(m, (first + k - 1) % cells);
    let opponent = mover.opponent();
    let mut outcome = KazakhOutcome { captured: false };
    if side != opponent || tuzdiks.owner_of(side, index).is_some() {
        return outcome;
    }
    let dest = KazakhLayout::house(side, index);
    let count = pits[dest];
    let pit = Pit::House(side, index as u8);
    let tuzdik = count == 3
        && tuzdik_allowed
        && tuzdiks.of(mover).is_none()
        && index != m - 1
        && tuzdiks.of(opponent) != Some(index);
    if !count.is_multiple_of(2) && !tuzdik {
        return outcome;
    }
    // An even count is taken; a tuzdik's three are taken and the house is
    // the mover's from now on.
    pits[dest] = 0;
    pits[KazakhLayout::store(mover)] += count;
    let (seeds, by) = (count, mover);
    if tuzdik {
        tuzdiks.0[mover.index()] = index as u8 + 1;
        rec.record(|| MoveEvent::Tuzdik { pit, seeds, by });
    } else {
        rec.record(|| MoveEvent::Capture { pit, seeds, by });
    }
    outcome.captured = true;
    outcome
}

/// The house of cell `cell` of the track, which numbers player 0's houses
/// `0..m`, then player 1's: both players sow their own houses up, then the
/// opponent's from his first.
#[inline(always)]
fn pit_at(m: usize, cell: usize) -> (Side, usize) {
    if cell < m {
        (Side::Player0, cell)
    } else {
        (Side::Player1, cell - m)
    }
}

/// The cell of the track the first of `stones` lifted from `mover`'s house
/// `origin` falls in: more than one, the first goes back into the origin;
/// a single one goes on.
#[inline(always)]
fn first_cell(m: usize, mover: Side, origin: usize, stones: u8) -> usize {
    let origin_cell = mover.index() * m + origin;
    if stones == 1 {
        (origin_cell + 1) % (2 * m)
    } else {
        origin_cell
    }
}

/// The house the last of `stones` lifted from `mover`'s house `origin`
/// falls in (a tuzdik included): its owner's side and its index.
pub(crate) fn last_house(m: usize, mover: Side, origin: usize, stones: u8) -> (Side, usize) {
    let first = first_cell(m, mover, origin, stones);
    pit_at(m, (first + usize::from(stones).max(1) - 1) % (2 * m))
}

/// The pit at byte `index` of the Kazakh layout.
fn pit_of(index: usize) -> Pit {
    let side = if index < KazakhLayout::STRIDE {
        Side::Player0
    } else {
        Side::Player1
    };
    match index % KazakhLayout::STRIDE {
        i if i == KazakhLayout::STRIDE - 1 => Pit::Store(side),
        i => Pit::House(side, i as u8),
    }
}
