//! The transposition table: a fixed number of slots set by the caller,
//! each remembering one position's searched value and how far it can be
//! trusted. A newer entry replaces an older one in its slot.

use protocol::rules::{Move, Position};
use std::collections::hash_map::DefaultHasher;
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
    value: i16,
    bound: Bound,
    /// How many plies deep the value was searched ([`EXACT_DEPTH`]: to the end).
    depth: u8,
    /// The best move found there (its house index), tried first next time.
    best: Option<Move>,
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

    fn index(&self, position: &Position) -> usize {
        let mut hasher = DefaultHasher::new();
        position.hash(&mut hasher);
        (hasher.finish() as usize) & self.mask
    }

    /// The stored value of `position` searched at least `depth` plies, if
    /// its slot still holds it, with the depth it was searched to.
    pub(crate) fn get(&self, position: &Position, depth: u8) -> Option<(i16, Bound, u8)> {
        let slot = self.slots[self.index(position)]?;
        (slot.position == *position && slot.depth >= depth)
            .then_some((slot.value, slot.bound, slot.depth))
    }

    /// The best move last found for `position`, however deep, if its slot
    /// still holds it: searched first, it makes the cut-offs come early.
    pub(crate) fn best_move(&self, position: &Position) -> Option<Move> {
        let slot = self.slots[self.index(position)]?;
        if slot.position == *position {
            slot.best
        } else {
            None
        }
    }

    /// Remember `position`'s value searched `depth` plies, and its best move.
    pub(crate) fn put(
        &mut self,
        position: &Position,
        depth: u8,
        value: i16,
        bound: Bound,
        best: Option<Move>,
    ) {
        let index = self.index(position);
        self.slots[index] = Some(Slot {
            position: *position,
            value,
            bound,
            depth,
            best,
        });
    }
}
