//! The transposition table: a fixed number of slots set by the caller,
//! each remembering one position's searched value and how far it can be
//! trusted. Slots come in pairs: a position may sit in either of its
//! pair. The first keeps the entry that cost the most to find (its search
//! visited the most positions), the second takes whatever comes, so that a
//! costly result is not lost to a stream of cheap ones.

use protocol::rules::{Move, Position};
use std::hash::{Hash, Hasher};

/// How a stored value bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy)]
struct Slot {
    position: Position,
    /// What else the value depends on: the hash of the positions since the
    /// last capture under Oware's repetition rule, 0 otherwise
    /// ([`crate::line::Line::context`]).
    context: u64,
    value: i16,
    bound: Bound,
    /// How many plies deep the value was searched ([`EXACT_DEPTH`]: to the end).
    depth: u8,
    /// The best move found there (its house index), tried first next time.
    best: Option<Move>,
    /// About how much its search cost: log2 of the positions it visited.
    work: u8,
}

/// The depth of a value searched to the end of the game.
pub(crate) const EXACT_DEPTH: u8 = u8::MAX;

/// Positions searched before, by hash, in a fixed amount of memory.
pub struct Table {
    slots: Vec<Option<Slot>>,
    mask: usize,
}

impl Table {
    /// A table of about `bytes` bytes (a power of two slots, at least one).
    pub fn with_bytes(bytes: usize) -> Table {
        let per = std::mem::size_of::<Option<Slot>>().max(1);
        let wanted = (bytes / per).max(1);
        let slots = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        }
        .max(1);
        Table {
            slots: vec![None; slots],
            mask: slots - 1,
        }
    }

    /// How many positions it can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The first slot of `position`'s pair.
    fn index(&self, position: &Position, context: u64) -> usize {
        let mut hasher = rustc_hash::FxHasher::default();
        position.hash(&mut hasher);
        ((hasher.finish() ^ context) as usize) & self.mask & !1
    }

    /// The slot of the pair holding `position`, if one does.
    fn find(&self, position: &Position, context: u64) -> Option<&Slot> {
        let first = self.index(position, context);
        self.slots[first..self.slots.len().min(first + 2)]
            .iter()
            .flatten()
            .find(|slot| slot.position == *position && slot.context == context)
    }

    /// The stored value of `position` searched at least `depth` plies, if
    /// its pair still holds it, with the depth it was searched to.
    pub(crate) fn get(
        &self,
        position: &Position,
        context: u64,
        depth: u8,
    ) -> Option<(i16, Bound, u8)> {
        let slot = self.find(position, context)?;
        (slot.depth >= depth).then_some((slot.value, slot.bound, slot.depth))
    }

    /// The best move last found for `position`, however deep, if its pair
    /// still holds it: searched first, it makes the cut-offs come early.
    pub(crate) fn best_move(&self, position: &Position, context: u64) -> Option<Move> {
        self.find(position, context)?.best
    }

    /// Remember `position`'s value searched `depth` plies, its best move,
    /// and what its search cost (`work`, log2 of the positions visited).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn put(
        &mut self,
        position: &Position,
        context: u64,
        depth: u8,
        value: i16,
        bound: Bound,
        best: Option<Move>,
        work: u8,
    ) {
        let first = self.index(position, context);
        let slot = Slot {
            position: *position,
            context,
            value,
            bound,
            depth,
            best,
            work,
        };
        let Some(second) = Some(first + 1).filter(|&i| i < self.slots.len()) else {
            self.slots[first] = Some(slot);
            return;
        };
        let here = |i: usize, slots: &[Option<Slot>]| {
            slots[i].is_some_and(|s| s.position == *position && s.context == context)
        };
        if here(first, &self.slots) {
            self.slots[first] = Some(slot);
        } else if here(second, &self.slots) {
            // It may earn the first place now.
            if self.slots[first].is_none_or(|kept| kept.work <= work) {
                self.slots[second] = self.slots[first].take();
                self.slots[first] = Some(slot);
            } else {
                self.slots[second] = Some(slot);
            }
        } else if self.slots[first].is_none_or(|kept| kept.work <= work) {
            // The costlier entry keeps the first place; the one it displaces
            // takes the second.
            self.slots[second] = self.slots[first].take();
            self.slots[first] = Some(slot);
        } else {
            self.slots[second] = Some(slot);
        }
    }
}
