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

/// What an entry is found by: the position, and what else its value
/// depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
    pub(crate) position: Position,
    /// The hash of the positions since the last capture under Oware's
    /// repetition rule, 0 otherwise ([`super::line::Line::context`]).
    pub(crate) context: u64,
}

/// What a search found out about a position.
#[derive(Clone, Copy)]
pub(crate) struct Learnt {
    pub(crate) value: i16,
    pub(crate) bound: Bound,
    /// How many plies deep the value was searched ([`EXACT_DEPTH`]: to the end).
    pub(crate) depth: u8,
    /// The best move found there (its house index), tried first next time.
    pub(crate) best: Option<Move>,
    /// About how much its search cost: log2 of the positions it visited.
    pub(crate) work: u8,
}

#[derive(Clone, Copy)]
struct Slot {
    key: Key,
    learnt: Learnt,
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

    /// The memory it takes, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Option<Slot>>()
    }

    /// The first slot of `key`'s pair.
    fn index(&self, key: &Key) -> usize {
        let mut hasher = rustc_hash::FxHasher::default();
        key.position.hash(&mut hasher);
        ((hasher.finish() ^ key.context) as usize) & self.mask & !1
    }

    /// The slot of the pair holding `key`, if one does.
    fn find(&self, key: &Key) -> Option<&Slot> {
        let first = self.index(key);
        self.slots[first..self.slots.len().min(first + 2)]
            .iter()
            .flatten()
            .find(|slot| slot.key == *key)
    }

    /// What was learnt of `key` searched at least `depth` plies, if its pair
    /// still holds it.
    pub(crate) fn get(&self, key: &Key, depth: u8) -> Option<Learnt> {
        let slot = self.find(key)?;
        (slot.learnt.depth >= depth).then_some(slot.learnt)
    }

    /// The best move last found for `key`, however deep, if its pair still
    /// holds it: searched first, it makes the cut-offs come early.
    pub(crate) fn best_move(&self, key: &Key) -> Option<Move> {
        self.find(key)?.learnt.best
    }

    /// Remember what was `learnt` of `key`.
    pub(crate) fn put(&mut self, key: Key, learnt: Learnt) {
        let first = self.index(&key);
        let work = learnt.work;
        let slot = Slot { key, learnt };
        let Some(second) = Some(first + 1).filter(|&i| i < self.slots.len()) else {
            self.slots[first] = Some(slot);
            return;
        };
        let here = |i: usize, slots: &[Option<Slot>]| slots[i].is_some_and(|s| s.key == key);
        if here(first, &self.slots) {
            self.slots[first] = Some(slot);
        } else if here(second, &self.slots) {
            // It may earn the first place now.
            if self.slots[first].is_none_or(|kept| kept.learnt.work <= work) {
                self.slots[second] = self.slots[first].take();
                self.slots[first] = Some(slot);
            } else {
                self.slots[second] = Some(slot);
            }
        } else if self.slots[first].is_none_or(|kept| kept.learnt.work <= work) {
            // The costlier entry keeps the first place; the one it displaces
            // takes the second.
            self.slots[second] = self.slots[first].take();
            self.slots[first] = Some(slot);
        } else {
            self.slots[second] = Some(slot);
        }
    }
}
