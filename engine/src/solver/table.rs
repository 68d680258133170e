//! The solver's transposition table: bounds on the exact value of the
//! seeds left in the houses, keyed by the board (the mover's row first), so
//! that every store split and either mover shares one entry.
//!
//! The solver is bound by memory latency (a large table is read at random),
//! so an entry is 12 bytes and a bucket of five is one cache line (64
//! bytes, in memory advised for huge pages: [`crate::memory`]): a probe
//! costs one miss. Within a bucket the entry whose search cost least gives
//! way to a new one.

use crate::memory::ZeroedTable;
use std::sync::{Mutex, MutexGuard};

/// Entries a bucket holds.
const WAYS: usize = 5;

/// One cache line: five keys (packed boards, [`super::board::Board::key`];
/// 0, a board with no seed, a finished game never searched, marks an
/// empty slot) in words 0..5, then their [`Data`] two to a word.
type Bucket = [u64; 8];

fn data_of(bucket: &Bucket, way: usize) -> Data {
    Data::unpack((bucket[WAYS + way / 2] >> (32 * (way % 2))) as u32)
}

fn set_data(bucket: &mut Bucket, way: usize, data: Data) {
    let (word, shift) = (WAYS + way / 2, 32 * (way % 2));
    bucket[word] = (bucket[word] & !(0xFFFF_FFFF << shift)) | (u64::from(data.pack()) << shift);
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
}

/// What the table knows of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Known {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) best: Option<u8>,
}

/// Bounds on solved values in a fixed amount of memory, shared by the
/// threads of one solve: the buckets are split into segments of 2 MiB (one
/// huge page), each behind its own lock, so two threads seldom wait for
/// each other.
pub(crate) struct SolveTable {
    segments: Vec<Mutex<ZeroedTable<Bucket>>>,
    /// log2 of the buckets a segment holds.
    segment_bits: u32,
    /// 64 less log2 of all the buckets.
    shift: u32,
}

/// log2 of the buckets of a segment (2 MiB of 64-byte buckets).
const SEGMENT_BITS: u32 = 15;

impl SolveTable {
    /// A table of about `bytes` bytes (a power of two buckets, at least one).
    pub(crate) fn with_bytes(bytes: usize) -> SolveTable {
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let bits = buckets.trailing_zeros();
        let segment_bits = bits.min(SEGMENT_BITS);
        let segments = (0..1usize << (bits - segment_bits))
            .map(|_| Mutex::new(ZeroedTable::new(1 << segment_bits)))
            .collect();
        SolveTable {
            segments,
            segment_bits,
            shift: 64 - bits,
        }
    }

    /// Its size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.capacity() / WAYS * std::mem::size_of::<Bucket>()
    }

    /// How many entries it can hold.
    pub(crate) fn capacity(&self) -> usize {
        (self.segments.len() << self.segment_bits) * WAYS
    }

    /// The segment of `key`, locked, and its bucket's place in it.
    fn bucket(&self, key: u64) -> (MutexGuard<'_, ZeroedTable<Bucket>>, usize) {
        // With one bucket the shift is 64, which `checked_shr` turns to 0.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let at = mixed.checked_shr(self.shift).unwrap_or(0) as usize;
        let segment = &self.segments[at >> self.segment_bits];
        // Nothing panics while a segment is locked; a poisoned lock still
        // holds sound bounds.
        let guard = segment
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        (guard, at & ((1 << self.segment_bits) - 1))
    }

    /// The bounds and best move remembered for `key`.
    pub(crate) fn get(&self, key: u64) -> Option<Known> {
        let (segment, at) = self.bucket(key);
        let bucket = &segment[at];
        let way = bucket[..WAYS].iter().position(|&k| k == key)?;
        let data = data_of(bucket, way);
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
        let (mut segment, at) = self.bucket(key);
        let bucket = &mut segment.cells_mut()[at];
        let way = match bucket[..WAYS].iter().position(|&k| k == key) {
            Some(way) => {
                let old = data_of(bucket, way);
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
                    if bucket[way] == 0 {
                        -1
                    } else {
                        i32::from(data_of(bucket, way).work)
                    }
                })
                .unwrap_or(0),
        };
        bucket[way] = key;
        set_data(bucket, way, data);
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
        let table = SolveTable::with_bytes(64);
        assert_eq!(table.capacity(), WAYS);
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
}
