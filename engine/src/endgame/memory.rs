//! Large zero-filled tables (the solver's transposition table, the endgame
//! databases) in anonymous memory advised for transparent huge pages.
//!
//! The solver reads such tables at random, and with 4 KiB pages nearly
//! every read of a 1 GiB table also missed the TLB, whose page walk (two
//! levels deep in a virtual machine) cost more than the read: Kalah(5,5)
//! took 112 s with 4 KiB pages and 80 s with huge pages, the same search
//! (docs/ENGINE.md, "The solver"). The memory is also zero without being
//! written, so a table costs nothing until it is used.
//!
//! The bytes are viewed as typed cells by `zerocopy`, which also takes
//! atomic cells: the threads that build an endgame database share its
//! bytes that way, without locks.

use std::ops::Deref;
use std::sync::atomic::AtomicU8;
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};

/// Tables of at least this many bytes are mapped (smaller ones, as in
/// tests, come from the allocator).
const MAPPED_FROM_BYTES: usize = 2 << 20;

/// `len` cells of `T`, all bits zero at the start.
pub(crate) struct ZeroedTable<T> {
    storage: Storage<T>,
}

enum Storage<T> {
    /// Anonymous memory, advised for huge pages; it holds whole cells of
    /// `T`, suitably aligned (checked when mapped).
    Mapped(memmap2::MmapMut),
    /// Small tables, or where no mapping could be made.
    Owned(Box<[T]>),
}

impl<T: FromBytes + IntoBytes + KnownLayout> ZeroedTable<T> {
    /// A table of `len` cells, each all zero bits.
    pub(crate) fn new(len: usize) -> ZeroedTable<T> {
        let bytes = len.saturating_mul(std::mem::size_of::<T>());
        if bytes >= MAPPED_FROM_BYTES
            && let Ok(mut map) = memmap2::MmapMut::map_anon(bytes)
            && <[T]>::mut_from_bytes(&mut map).is_ok()
        {
            // Refused where huge pages are switched off: then it is only
            // slower.
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            return ZeroedTable {
                storage: Storage::Mapped(map),
            };
        }
        ZeroedTable {
            storage: Storage::Owned(std::iter::repeat_with(T::new_zeroed).take(len).collect()),
        }
    }

    /// Back every page of a mapped table now (zeroed, on huge pages where
    /// it was advised so), as if each had been written once: a thread with
    /// nothing else to do can take on the page faults that would otherwise
    /// fall on the first writes, each waiting for the kernel (and, in a
    /// virtual machine, the host) to find and clear a page.
    pub(crate) fn populate(&self) {
        #[cfg(target_os = "linux")]
        if let Storage::Mapped(map) = &self.storage {
            // Refused by kernels before 5.14: the pages then come on first use.
            let _ = map.advise(memmap2::Advice::PopulateWrite);
        }
    }

    /// The cells, to write (or, for atomic cells, to share among threads).
    pub(crate) fn cells_mut(&mut self) -> &mut [T] {
        match &mut self.storage {
            // The map's size and alignment were checked when it was made.
            Storage::Mapped(map) => <[T]>::mut_from_bytes(map).unwrap_or_default(),
            Storage::Owned(cells) => cells,
        }
    }
}

impl ZeroedTable<AtomicU8> {
    /// The same cells as plain bytes, once no thread writes them any more
    /// (a database built by several threads, then only read).
    pub(crate) fn into_bytes(self) -> ZeroedTable<u8> {
        let storage = match self.storage {
            Storage::Mapped(map) => Storage::Mapped(map),
            Storage::Owned(cells) => Storage::Owned(
                cells
                    .into_vec()
                    .into_iter()
                    .map(AtomicU8::into_inner)
                    .collect(),
            ),
        };
        ZeroedTable { storage }
    }
}

impl<T: FromBytes + IntoBytes + KnownLayout + Immutable> Deref for ZeroedTable<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.storage {
            Storage::Mapped(map) => <[T]>::ref_from_bytes(map).unwrap_or_default(),
            Storage::Owned(cells) => cells,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn small_and_large_tables_start_zero_and_keep_what_is_written() {
        for len in [1, 1000, 1 << 20] {
            let mut table = ZeroedTable::<[u64; 8]>::new(len);
            assert_eq!(table.len(), len);
            assert!(table.iter().all(|bucket| *bucket == [0; 8]));
            table.cells_mut()[len - 1][3] = 7;
            assert_eq!(table[len - 1][3], 7);
            assert_eq!(table[0][3], u64::from(len == 1) * 7);
        }
    }

    #[test]
    fn atomic_cells_are_mapped_zero_and_shared() {
        for len in [3, 1 << 20] {
            let mut table = ZeroedTable::<[AtomicU64; 8]>::new(len);
            let cells: &[[AtomicU64; 8]] = table.cells_mut();
            assert_eq!(cells.len(), len);
            assert_eq!(cells[len - 1][7].load(Ordering::Relaxed), 0);
            cells[len - 1][7].store(9, Ordering::Relaxed);
            assert_eq!(cells[len - 1][7].load(Ordering::Relaxed), 9);
        }
    }

    #[test]
    fn populating_keeps_what_was_written_and_the_rest_zero() {
        for len in [1000, 1 << 20] {
            let mut table = ZeroedTable::<[u64; 8]>::new(len);
            table.cells_mut()[len / 2][1] = 11;
            table.populate();
            assert_eq!(table[len / 2][1], 11);
            let zero = table
                .iter()
                .enumerate()
                .all(|(at, bucket)| at == len / 2 || *bucket == [0; 8]);
            assert!(zero);
            table.cells_mut()[len - 1][7] = 3;
            assert_eq!(table[len - 1][7], 3);
        }
    }

    #[test]
    fn atomic_bytes_become_plain_bytes_with_what_was_written() {
        for len in [3, 3 << 20] {
            let mut table = ZeroedTable::<AtomicU8>::new(len);
            table.cells_mut()[len - 1].store(5, Ordering::Relaxed);
            let bytes = table.into_bytes();
            assert_eq!((bytes.len(), bytes[len - 1], bytes[0]), (len, 5, 0));
        }
    }
}
