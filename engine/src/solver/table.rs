//! The solver's transposition table: bounds on the exact value of the
//! seeds left in the houses, keyed by the board (the mover's row first), so
//! that every store split and either mover shares one entry.
//!
//! The solver is bound by memory latency (a large table is read at random),
//! so an entry is 12 bytes and a bucket of five is one cache line (64
//! bytes, in memory advised for huge pages: [`crate::endgame::memory`]): a probe
//! costs one miss. Within a bucket the entry whose search cost least gives
//! way to a new one.
//!
//! Threads share the table without locks on reading: each bucket carries a
//! version (a sequence lock) that a writer makes odd while he changes the
//! bucket, and a reader who sees it odd or changed by the end of his read
//! takes it as a miss (which only costs a search, never a wrong bound). A
//! read is then plain loads with no locked instruction, which would have
//! made every probe wait for the one before: docs/ENGINE.md, "The solver".

use crate::endgame::memory::ZeroedTable;
use std::sync::atomic::{AtomicU64, Ordering, fence};

/// Entries a bucket holds.
const WAYS: usize = 5;

/// One cache line: five keys (packed boards, [`crate::endgame::board::Board::key`];
/// 0, a board with no seed, a finished game never searched, marks an
/// empty slot) in words 0..5, then their [`Data`] two to a word, the last
/// word's high half the bucket's version ([`VERSION_WORD`]).
type Bucket = [AtomicU64; 8];

/// The word whose high 32 bits are the bucket's version: odd while a
/// writer changes the bucket.
const VERSION_WORD: usize = 7;

/// One step of the version, in its word.
const VERSION_STEP: u64 = 1 << 32;

fn is_locked(version_word: u64) -> bool {
    version_word & VERSION_STEP != 0
}

/// The word and bit shift of `way`'s data.
fn data_place(way: usize) -> (usize, u32) {
    (WAYS + way / 2, 32 * (way % 2) as u32)
}

/// What an entry says: the value lies in `lower..=upper`, `best` was the
/// best move found and `work` is log2 of the positions its search visited.
#[derive(Clone, Copy)]
struct Data {
    lower: i8,
    upper: i8,
    best: u8,
    work: u8,
}

const NO_MOVE: u8 = u8::MAX;

impl Data {
    fn unpack(bits: u32) -> Data {
        let [lower, upper, best, work] = bits.to_le_bytes();
        Data {
            lower: lower as i8,
            upper: upper as i8,
            best,
            work,
        }
    }

    fn pack(self) -> u32 {
        u32::from_le_bytes([self.lower as u8, self.upper as u8, self.best, self.work])
    }

    /// `way`'s data in a bucket's `words`.
    fn of(words: &[u64; 8], way: usize) -> Data {
        let (word, shift) = data_place(way);
        Data::unpack((words[word] >> shift) as u32)
    }
}

/// What the table knows of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Known {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) best: Option<u8>,
}

impl Known {
    /// What an exact value says (from the endgame database).
    pub(crate) fn exactly(value: i32) -> Known {
        Known {
            lower: value,
            upper: value,
            best: None,
        }
    }
}

/// Bounds on solved values in a fixed amount of memory, for the threads of
/// one solve to share through [`SolveTable::shared`].
pub(crate) struct SolveTable {
    buckets: ZeroedTable<Bucket>,
    /// How many buckets (a power of two).
    len: usize,
    /// 64 less log2 of the buckets.
    shift: u32,
}

impl SolveTable {
    /// A table of about `bytes` bytes (a power of two buckets, at least one).
    pub(crate) fn with_bytes(bytes: usize) -> SolveTable {
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        SolveTable {
            buckets: ZeroedTable::new(len),
            len,
            shift: 64 - len.trailing_zeros(),
        }
    }

    /// Its size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<Bucket>()
    }

    /// Have the memory behind every bucket now ([`ZeroedTable::populate`]),
    /// on a thread that would otherwise wait.
    pub(crate) fn populate(&self) {
        self.buckets.populate();
    }

    /// How many entries it can hold.
    pub(crate) fn capacity(&self) -> usize {
        self.len * WAYS
    }

    /// The table for threads to read and write together (for as long as the
    /// solver lends it).
    pub(crate) fn shared(&mut self) -> SharedTable<'_> {
        SharedTable {
            buckets: self.buckets.cells_mut(),
            shift: self.shift,
        }
    }
}

/// A [`SolveTable`] lent to the threads of a search.
#[derive(Clone, Copy)]
pub(crate) struct SharedTable<'a> {
    buckets: &'a [Bucket],
    shift: u32,
}

impl SharedTable<'_> {
    fn bucket(&self, key: u64) -> &Bucket {
        // With one bucket the shift is 64, which `checked_shr` turns to 0.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let at = mixed.checked_shr(self.shift).unwrap_or(0) as usize;
        &self.buckets[at & (self.buckets.len() - 1)]
    }

    /// The bounds and best move remembered for `key` (none while another
    /// thread changes its bucket).
    pub(crate) fn get(&self, key: u64) -> Option<Known> {
        let bucket = self.bucket(key);
        let version = bucket[VERSION_WORD].load(Ordering::Acquire);
        if is_locked(version) {
            return None;
        }
        let way = (0..WAYS).find(|&way| bucket[way].load(Ordering::Relaxed) == key)?;
        let (word, shift) = data_place(way);
        let data = Data::unpack((bucket[word].load(Ordering::Relaxed) >> shift) as u32);
        // The loads above come before the version is read again: if any saw
        // a writer's store, this sees his version (or a later one).
        fence(Ordering::Acquire);
        if bucket[VERSION_WORD].load(Ordering::Relaxed) >> 32 != version >> 32 {
            return None;
        }
        Some(Known {
            lower: i32::from(data.lower),
            upper: i32::from(data.upper),
            best: (data.best != NO_MOVE).then_some(data.best),
        })
    }

    /// Remember that `key`'s value lies in `lower..=upper` (tightening what
    /// was known), with its best move and the cost of the search (`work`).
    pub(crate) fn put(&self, key: u64, (lower, upper): (i32, i32), best: Option<u8>, work: u8) {
        let clamp = |v: i32| v.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8;
        let mut data = Data {
            lower: clamp(lower),
            upper: clamp(upper),
            best: best.unwrap_or(NO_MOVE),
            work,
        };
        let bucket = self.bucket(key);
        let _writing = Writing::lock(bucket);
        // The bucket is this thread's until `_writing` is dropped.
        let words: [u64; 8] = std::array::from_fn(|i| bucket[i].load(Ordering::Relaxed));
        let way = match words[..WAYS].iter().position(|&k| k == key) {
            Some(way) => {
                let old = Data::of(&words, way);
                data.lower = data.lower.max(old.lower);
                data.upper = data.upper.min(old.upper);
                if best.is_none() {
                    data.best = old.best;
                }
                data.work = data.work.max(old.work);
                way
            }
            // An empty slot, or else the entry that cost least.
            None => (0..WAYS)
                .min_by_key(|&way| {
                    if words[way] == 0 {
                        -1
                    } else {
                        i32::from(Data::of(&words, way).work)
                    }
                })
                .unwrap_or(0),
        };
        let (word, shift) = data_place(way);
        bucket[way].store(key, Ordering::Relaxed);
        let merged = (words[word] & !(0xFFFF_FFFF << shift)) | (u64::from(data.pack()) << shift);
        bucket[word].store(merged, Ordering::Relaxed);
    }
}

/// A bucket's version held odd: while it lives, no other thread writes the
/// bucket and readers take it as a miss.
struct Writing<'a> {
    version: &'a AtomicU64,
}

impl<'a> Writing<'a> {
    fn lock(bucket: &'a Bucket) -> Writing<'a> {
        let version = &bucket[VERSION_WORD];
        loop {
            let now = version.load(Ordering::Relaxed);
            if !is_locked(now)
                && version
                    .compare_exchange_weak(
                        now,
                        now.wrapping_add(VERSION_STEP),
                        Ordering::Acquire,
                        Ordering::Relaxed,
                    )
                    .is_ok()
            {
                // The bucket's new words are seen only after the odd version.
                fence(Ordering::Release);
                return Writing { version };
            }
            std::hint::spin_loop();
        }
    }
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        // Even again, and one step on: a reader who began before sees the
        // change. Only the holder writes the version word now.
        let now = self.version.load(Ordering::Relaxed);
        self.version
            .store(now.wrapping_add(VERSION_STEP), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }

    #[test]
    fn bounds_tighten_and_the_costliest_entries_stay() {
        let mut table = SolveTable::with_bytes(64);
        assert_eq!(table.capacity(), WAYS);
        let table = table.shared();
        table.put(7, (-4, 6), Some(2), 3);
        table.put(7, (-2, 8), None, 1);
        assert_eq!(
            table.get(7),
            Some(Known {
                lower: -2,
                upper: 6,
                best: Some(2)
            })
        );
        // One bucket: six more keys push out the cheapest ones, never 7.
        for key in 8..14 {
            table.put(key, (0, 0), None, 0);
        }
        assert!(table.get(7).is_some());
        assert!(table.get(13).is_some(), "the newest entry is always kept");
        let kept = (8..14).filter(|&key| table.get(key).is_some()).count();
        assert_eq!(kept, WAYS - 1);
    }

    #[test]
    fn a_reader_never_sees_an_entry_torn_by_a_writer() {
        // Every key's entry is always (k, k, best k), so a read mixing one
        // key with another's data (a writer replacing it midway) shows. One
        // bucket, four threads writing and reading twelve keys into it.
        let mut table = SolveTable::with_bytes(64);
        let table = table.shared();
        let hits = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let hits = &hits;
                scope.spawn(move || {
                    for round in 0..200_000u64 {
                        let key = 1 + (round * 7 + thread * 5) % 12;
                        let k = key as i32;
                        if round % 3 == 0 {
                            table.put(key, (k, k), Some(key as u8), (round % 11) as u8);
                        } else if let Some(known) = table.get(key) {
                            assert_eq!(
                                known,
                                Known {
                                    lower: k,
                                    upper: k,
                                    best: Some(key as u8)
                                }
                            );
                            hits.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert!(
            hits.load(Ordering::Relaxed) > 0,
            "some reads must find their key"
        );
    }
}
