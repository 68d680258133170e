//! Fresh ids for connections, players, seeks, challenges and matches, none
//! handed out twice, even across a restart: the journal holds a reserved
//! block ahead of the last id handed out.

use super::{Store, StoreError, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Ids reserved in the journal at a time. A new block is stored when half
/// of the current one is used, so an id is stored as reserved long before
/// it is handed out, and none repeats after a restart.
const ID_BLOCK: u64 = 1 << 16;

/// The id sequence: a cheap, lock-free handle.
pub(crate) struct Sequence {
    next: AtomicU64,
    /// Ids below this are reserved in the journal.
    reserved: AtomicU64,
    store: Store,
}

impl Sequence {
    /// A sequence from 1, nothing reserved yet: [`Sequence::restore`] before
    /// any id is handed out when the journal has one.
    pub(crate) fn new(store: Store) -> Sequence {
        Sequence {
            next: AtomicU64::new(1),
            reserved: AtomicU64::new(0),
            store,
        }
    }

    /// A fresh id, never handed out before.
    pub(crate) fn next(&self) -> u64 {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let wanted = id + ID_BLOCK;
        if id + ID_BLOCK / 2 >= self.reserved.load(Ordering::Relaxed)
            && self.reserved.fetch_max(wanted, Ordering::Relaxed) < wanted
        {
            self.store
                .write_later(Write::Sequence { next_free: wanted });
        }
        id
    }

    /// Go on from `next_free`, the first id the journal never saw handed
    /// out, with a new block reserved and stored before this returns.
    pub(crate) async fn restore(&self, next_free: u64) -> Result<(), Arc<StoreError>> {
        let next_free = next_free.max(1);
        self.next.store(next_free, Ordering::Relaxed);
        let reserve = next_free + ID_BLOCK;
        self.reserved.store(reserve, Ordering::Relaxed);
        self.store
            .write(Write::Sequence { next_free: reserve })
            .durable()
            .await
    }
}
