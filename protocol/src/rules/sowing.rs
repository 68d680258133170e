//! What one move does to the pits in each variant: sowing, relays and captures.
//!
//! These functions change only the pits; who moves next and whether the game
//! is over is decided afterwards by [`super::Position`]. They are generic over
//! a [`Recorder`] so the same code serves the event-recording `play` and the
//! allocation-free fast path.

use super::event::{MoveEvent, NoEvents, Recorder};
use super::ruleset::{EmptyOpposite, Ruleset};
use super::side::{Pit, Side};

/// Where each pit lives in the flat 16-byte pit array: side `s`'s house `i`
/// at `8·s + i`, its store at `8·s + 7`.
pub(crate) struct Layout;

const STORE: usize = 7;

impl Layout {
    #[inline(always)]
    pub(crate) const fn house(side: Side, index: usize) -> usize {
        side.index() * 8 + index
    }

    #[inline(always)]
    pub(crate) const fn store(side: Side) -> usize {
        side.index() * 8 + STORE
    }

    #[inline]
    fn pit(index: usize) -> Pit {
        let side = if index < 8 {
            Side::Player0
        } else {
            Side::Player1
        };
        match index & 7 {
            STORE => Pit::Store(side),
            i => Pit::House(side, i as u8),
        }
    }

    #[inline(always)]
    fn side_of(index: usize) -> usize {
        index >> 3
    }

    /// The house across the board from house `index`.
    #[inline(always)]
    fn opposite(index: usize, m: usize) -> usize {
        ((Layout::side_of(index) ^ 1) << 3) | (m - 1 - (index & 7))
    }
}

/// What a sowing left for the turn logic to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SowOutcome {
    /// The last seed fell into the mover's own store.
    pub(crate) extra_turn: bool,
    /// Seeds were captured.
    pub(crate) captured: bool,
}

/// The mover's sowing track: his houses, his store (where the variant sows
/// into stores), the opponent's houses, round again; `skip` is a pit never
/// sown (Oware's origin), or a value no pit has.
struct Track {
    mover: usize,
    m: usize,
    with_store: bool,
    skip: usize,
}

impl Track {
    #[inline(always)]
    fn next(&self, index: usize) -> usize {
        let i = index & 7;
        let side = Layout::side_of(index);
        if i + 1 < self.m {
            index + 1
        } else if i != STORE && side == self.mover && self.with_store {
            (side << 3) | STORE
        } else {
            (side ^ 1) << 3
        }
    }

    /// Drop `seeds` seeds one by one after `from`; returns the pit of the last.
    #[inline(always)]
    fn sow<R: Recorder>(&self, pits: &mut [u8; 16], from: usize, seeds: u8, rec: &mut R) -> usize {
        let mut index = from;
        for _ in 0..seeds {
            index = self.next(index);
            if index == self.skip {
                index = self.next(index);
            }
            pits[index] += 1;
            rec.record(|| MoveEvent::Sow {
                pit: Layout::pit(index),
            });
        }
        index
    }
}

#[inline(always)]
fn lift<R: Recorder>(pits: &mut [u8; 16], index: usize, relay: bool, rec: &mut R) -> u8 {
    let seeds = std::mem::take(&mut pits[index]);
    rec.record(|| {
        let pit = Layout::pit(index);
        if relay {
            MoveEvent::Relay { pit, seeds }
        } else {
            MoveEvent::Lift { pit, seeds }
        }
    });
    seeds
}

#[inline(always)]
fn capture<R: Recorder>(pits: &mut [u8; 16], index: usize, by: Side, rec: &mut R) {
    let seeds = std::mem::take(&mut pits[index]);
    pits[Layout::store(by)] += seeds;
    rec.record(|| MoveEvent::Capture {
        pit: Layout::pit(index),
        seeds,
        by,
    });
}

/// A last seed in an empty own house: take the opposite house (and the
/// capturing seed with it when `with_last`). False, taking nothing, when the
/// opposite house is empty.
#[inline(always)]
fn capture_opposite<R: Recorder>(
    pits: &mut [u8; 16],
    last: usize,
    m: usize,
    mover: Side,
    with_last: bool,
    rec: &mut R,
) -> bool {
    let opposite = Layout::opposite(last, m);
    if pits[opposite] == 0 {
        return false;
    }
    capture(pits, opposite, mover, rec);
    if with_last {
        capture(pits, last, mover, rec);
    }
    true
}

/// Sow from `mover`'s house `origin` under `ruleset`, with captures and relays.
/// The caller has checked that the move is legal.
#[inline]
pub(crate) fn sow<R: Recorder>(
    ruleset: Ruleset,
    pits: &mut [u8; 16],
    mover: Side,
    origin: usize,
    rec: &mut R,
) -> SowOutcome {
    let m = ruleset.houses();
    let track = Track {
        mover: mover.index(),
        m,
        with_store: ruleset.sows_into_store(),
        skip: usize::MAX,
    };
    let from = Layout::house(mover, origin);
    let store = Layout::store(mover);
    let own = |index: usize| Layout::side_of(index) == mover.index() && index != store;
    let mut captured = false;
    let mut extra_turn = false;
    match ruleset {
        Ruleset::Kalah(params) => {
            let seeds = lift(pits, from, false, rec);
            let last = track.sow(pits, from, seeds, rec);
            if last == store {
                extra_turn = true;
            } else if own(last) && pits[last] == 1 {
                captured = capture_opposite(pits, last, m, mover, true, rec);
                if !captured && params.empty_capture() {
                    capture(pits, last, mover, rec);
                    captured = true;
                }
            }
        }
        Ruleset::Mangala => {
            let seeds = lift(pits, from, false, rec);
            // Two or more: the first stone goes back into the origin house.
            let last = if seeds >= 2 {
                pits[from] += 1;
                rec.record(|| MoveEvent::Sow {
                    pit: Layout::pit(from),
                });
                track.sow(pits, from, seeds - 1, rec)
            } else {
                track.sow(pits, from, seeds, rec)
            };
            if last == store {
                extra_turn = true;
            } else if !own(last) {
                if pits[last].is_multiple_of(2) {
                    capture(pits, last, mover, rec);
                    captured = true;
                }
            } else if pits[last] == 1 {
                captured = capture_opposite(pits, last, m, mover, true, rec);
            }
        }
        Ruleset::KalahRelay {
            capture_includes_last,
        } => {
            let seeds = lift(pits, from, false, rec);
            let mut last = track.sow(pits, from, seeds, rec);
            // Relay terminates: RULES.md §5 gives a potential that grows with every lap.
            while own(last) && pits[last] > 1 {
                let seeds = lift(pits, last, true, rec);
                last = track.sow(pits, last, seeds, rec);
            }
            if last == store {
                extra_turn = true;
            } else if own(last) {
                captured = capture_opposite(pits, last, m, mover, capture_includes_last, rec);
            }
        }
        Ruleset::Congkak { empty_opposite } => {
            let seeds = lift(pits, from, false, rec);
            let mut last = track.sow(pits, from, seeds, rec);
            // Relay from any occupied house on either side; every lap passes
            // the mover's store, so this ends (RULES.md §6).
            while last != store && pits[last] > 1 {
                let seeds = lift(pits, last, true, rec);
                last = track.sow(pits, last, seeds, rec);
            }
            if last == store {
                extra_turn = true;
            } else if own(last) {
                captured = capture_opposite(pits, last, m, mover, true, rec);
                if !captured && empty_opposite == EmptyOpposite::LastToStore {
                    capture(pits, last, mover, rec);
                    captured = true;
                }
            }
        }
        // Sown by super::togyz, on their own layout.
        Ruleset::TogyzKumalak | Ruleset::Bestemshe => {}
        Ruleset::Oware(_) => {
            let last = oware_sow(pits, m, mover, origin, rec);
            let (low, seeds) = oware_chain(pits, m, mover, last);
            // A grand slam (taking every seed the opponent has) captures
            // nothing; where it is illegal instead, legality has already
            // refused it unless it was forced, and then it captures nothing too.
            if seeds > 0 && seeds < opponent_row_total(pits, m, mover) {
                for index in (low..=last).rev() {
                    capture(pits, index, mover, rec);
                }
                captured = true;
            }
        }
    }
    SowOutcome {
        extra_turn,
        captured,
    }
}

/// Oware sowing: no stores, and the origin house is skipped on every lap.
#[inline(always)]
fn oware_sow<R: Recorder>(
    pits: &mut [u8; 16],
    m: usize,
    mover: Side,
    origin: usize,
    rec: &mut R,
) -> usize {
    let from = Layout::house(mover, origin);
    let track = Track {
        mover: mover.index(),
        m,
        with_store: false,
        skip: from,
    };
    let seeds = lift(pits, from, false, rec);
    track.sow(pits, from, seeds, rec)
}

/// The Oware capture chain ending at `last`: the lowest house index of the
/// chain and the seeds it holds (0 when the last seed captures nothing).
/// It runs backwards over opponent houses holding 2 or 3 and never leaves the
/// opponent's row.
#[inline(always)]
fn oware_chain(pits: &[u8; 16], m: usize, mover: Side, last: usize) -> (usize, u32) {
    let opponent_base = Layout::house(mover.opponent(), 0);
    if !(opponent_base..opponent_base + m).contains(&last) {
        return (last, 0);
    }
    let mut low = last + 1;
    let mut seeds = 0u32;
    while low > opponent_base && matches!(pits[low - 1], 2 | 3) {
        low -= 1;
        seeds += u32::from(pits[low]);
    }
    (low, seeds)
}

fn opponent_row_total(pits: &[u8; 16], m: usize, mover: Side) -> u32 {
    let base = Layout::house(mover.opponent(), 0);
    pits[base..base + m].iter().map(|&s| u32::from(s)).sum()
}

/// Whether sowing `mover`'s house `origin` would capture every seed the
/// opponent has on the board (Oware's grand slam).
pub(crate) fn oware_is_grand_slam(pits: &[u8; 16], m: usize, mover: Side, origin: usize) -> bool {
    let mut after = *pits;
    let last = oware_sow(&mut after, m, mover, origin, &mut NoEvents);
    let (_, seeds) = oware_chain(&after, m, mover, last);
    seeds > 0 && seeds == opponent_row_total(&after, m, mover)
}
