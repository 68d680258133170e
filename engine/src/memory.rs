//! Large zero-filled tables (the solver's transposition table, the endgame
//! databases) in anonymous memory advised for transparent huge pages.
//!
//! The solver reads such tables at random, and with 4 KiB pages nearly
//! every read of a 1 GiB table also missed the TLB, whose page walk (two
//! levels deep in a virtual machine) cost more than the read: Kalah(5,5)
//! took 112 s with 4 KiB pages and 80 s with huge pages, the same search
//! (docs/ENGINE.md, "The solver"). The memory is also zero without being
//! written, so a table costs nothing until it is used.

use bytemuck::Pod;
use std::ops::{Deref, DerefMut};

/// Below this a table is an ordinary vector: a huge page is 2 MiB.
const MAPPED_FROM_BYTES: usize = 2 << 20;

/// `len` zero values of `T`, in huge pages where the system grants them.
pub(crate) struct ZeroedTable<T: Pod> {
    storage: Storage<T>,
}

enum Storage<T> {
    /// An anonymous mapping (page-aligned, so every `T` is aligned).
    Mapped(memmap2::MmapMut),
    /// Small tables, or where no mapping could be made.
    Owned(Vec<T>),
}

impl<T: Pod> ZeroedTable<T> {
    /// A table of `len` zeroed values.
    pub(crate) fn new(len: usize) -> ZeroedTable<T> {
        let bytes = len.saturating_mul(std::mem::size_of::<T>());
        if bytes >= MAPPED_FROM_BYTES
            && let Ok(map) = memmap2::MmapMut::map_anon(bytes)
            && bytemuck::try_cast_slice::<u8, T>(&map).is_ok()
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
            storage: Storage::Owned(vec![T::zeroed(); len]),
        }
    }
}

impl<T: Pod> Deref for ZeroedTable<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match &self.storage {
            Storage::Mapped(map) => bytemuck::cast_slice(map),
            Storage::Owned(values) => values,
        }
    }
}

impl<T: Pod> DerefMut for ZeroedTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.storage {
            Storage::Mapped(map) => bytemuck::cast_slice_mut(map),
            Storage::Owned(values) => values,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_tables_start_zero_and_keep_what_is_written() {
        for len in [1, 1000, 1 << 20] {
            let mut table = ZeroedTable::<[u64; 8]>::new(len);
            assert_eq!(table.len(), len);
            assert!(table.iter().all(|bucket| *bucket == [0; 8]));
            table[len - 1][3] = 7;
            assert_eq!(table[len - 1][3], 7);
            assert_eq!(table[0][3], u64::from(len == 1) * 7);
        }
    }
}
