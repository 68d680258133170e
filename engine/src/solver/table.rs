//! The solver's transposition table: bounds on the exact value of the
//! seeds left in the houses, keyed by the board (the mover's row first), so
//! that every store split and either mover shares one entry. Slots come in
//! pairs as in the searcher's table: the first keeps
//! the entry whose search cost the most, the second takes whatever comes.

#[derive(Clone, Copy)]
struct Entry {
    /// The board, eight bits a pit; all zeros (a finished game, never
    /// searched) marks an empty slot.
    key: [u64; 2],
    /// The value is at least this…
    lower: i8,
    /// …and at most this.
    upper: i8,
    /// The best move found (its house index), or [`NO_MOVE`].
    best: u8,
    /// log2 of the positions its search visited.
    work: u8,
}

const NO_MOVE: u8 = u8::MAX;

const EMPTY: Entry = Entry {
    key: [0, 0],
    lower: i8::MIN,
    upper: i8::MAX,
    best: NO_MOVE,
    work: 0,
};

/// What the table knows of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Known {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) best: Option<u8>,
}

/// Bounds on solved values in a fixed amount of memory.
pub(crate) struct SolveTable {
    entries: Vec<Entry>,
    shift: u32,
}

impl SolveTable {
    /// A table of about `bytes` bytes (a power of two entries, at least two).
    pub(crate) fn with_bytes(bytes: usize) -> SolveTable {
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(2);
        let entries = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        SolveTable {
            entries: vec![EMPTY; entries],
            shift: 64 - entries.trailing_zeros(),
        }
    }

    /// Its size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// How many entries it can hold.
    pub(crate) fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// The first slot of the pair of `key`.
    fn slot(&self, key: [u64; 2]) -> usize {
        let mixed = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((mixed >> self.shift) as usize) & !1
    }

    fn find(&self, key: [u64; 2]) -> Option<usize> {
        let first = self.slot(key);
        (first..first + 2).find(|&i| self.entries[i].key == key)
    }

    /// The bounds and best move remembered for `key`.
    pub(crate) fn get(&self, key: [u64; 2]) -> Option<Known> {
        let entry = self.entries[self.find(key)?];
        Some(Known {
            lower: i32::from(entry.lower),
            upper: i32::from(entry.upper),
            best: (entry.best != NO_MOVE).then_some(entry.best),
        })
    }

    /// Remember that `key`'s value lies in `lower..=upper` (tightening what
    /// was known), with its best move and the cost of the search (`work`).
    pub(crate) fn put(
        &mut self,
        key: [u64; 2],
        (lower, upper): (i32, i32),
        best: Option<u8>,
        work: u8,
    ) {
        let clamp = |v: i32| v.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8;
        let mut entry = Entry {
            key,
            lower: clamp(lower),
            upper: clamp(upper),
            best: best.unwrap_or(NO_MOVE),
            work,
        };
        let first = self.slot(key);
        if let Some(at) = self.find(key) {
            let old = self.entries[at];
            entry.lower = entry.lower.max(old.lower);
            entry.upper = entry.upper.min(old.upper);
            if best.is_none() {
                entry.best = old.best;
            }
            entry.work = entry.work.max(old.work);
            if at == first || self.entries[first].work > entry.work {
                self.entries[at] = entry;
                return;
            }
            // It has earned the first place.
            self.entries[at] = self.entries[first];
            self.entries[first] = entry;
            return;
        }
        if self.entries[first].work <= entry.work {
            self.entries[first + 1] = self.entries[first];
            self.entries[first] = entry;
        } else {
            self.entries[first + 1] = entry;
        }
    }
}
