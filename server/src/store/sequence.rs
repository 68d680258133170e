//! Fresh ids for connections, players, seeks, challenges and matches, none
//! handed out twice, even across a restart, and, on PostgreSQL, by no two
//! nodes: each node takes blocks of ids from the journal
//! ([`Store::reserve_ids`]), one at a time, and hands them out from memory.

use super::{Store, StoreError};
use crate::sync::lock;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Ids a node takes from the journal at a time. The next block is asked
/// for when half of the current one is used, so one is there long before
/// it is needed.
const ID_BLOCK: u64 = 1 << 16;

/// The id sequence: a cheap handle (a short lock, no waiting).
pub(crate) struct Sequence {
    blocks: Mutex<Blocks>,
    store: Store,
}

struct Blocks {
    /// The block ids come from now.
    current: Range<u64>,
    /// The next block, once the journal has given it.
    spare: Option<Range<u64>>,
    /// A block has been asked for and not given yet.
    asking: bool,
}

impl Sequence {
    /// A sequence with no block yet: [`Sequence::restore`] before any id
    /// is handed out when the journal keeps things.
    pub(crate) fn new(store: Store) -> Sequence {
        let current = if store.is_durable() {
            1..1
        } else {
            1..u64::MAX
        };
        Sequence {
            blocks: Mutex::new(Blocks {
                current,
                spare: None,
                asking: false,
            }),
            store,
        }
    }

    /// A fresh id, never handed out before.
    ///
    /// Should every block run out before the journal gives the next (it
    /// would have to be unreachable for 32,768 new ids), ids go on past the
    /// block with an error in the log: the journal's keys then refuse a
    /// player, seek or match whose id another node holds, as `unavailable`.
    pub(crate) fn next(self: &Arc<Self>) -> u64 {
        let (id, ask) = {
            let mut blocks = lock(&self.blocks);
            if blocks.current.is_empty() {
                match blocks.spare.take() {
                    Some(spare) => blocks.current = spare,
                    None => {
                        tracing::error!(
                            "the id block ran out before the journal gave another: ids go on past it"
                        );
                        let start = blocks.current.start;
                        blocks.current = start..start + 1;
                    }
                }
            }
            let id = blocks.current.start;
            blocks.current.start += 1;
            let ask = !blocks.asking
                && blocks.spare.is_none()
                && blocks.current.end != u64::MAX
                && blocks.current.end - blocks.current.start <= ID_BLOCK / 2;
            blocks.asking |= ask;
            (id, ask)
        };
        if ask && let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let sequence = Arc::clone(self);
            runtime.spawn(async move { sequence.take_spare().await });
        }
        id
    }

    /// Ask the journal for the next block.
    async fn take_spare(&self) {
        let block = self.store.reserve_ids(ID_BLOCK).await;
        let mut blocks = lock(&self.blocks);
        blocks.asking = false;
        match block {
            Ok(start) => blocks.spare = Some(start..start + ID_BLOCK),
            Err(error) => tracing::error!("no new block of ids (asked again later): {error}"),
        }
    }

    /// Take the first block from the journal, before any id is handed out.
    pub(crate) async fn restore(&self) -> Result<(), Arc<StoreError>> {
        if !self.store.is_durable() {
            return Ok(());
        }
        let start = self.store.reserve_ids(ID_BLOCK).await?;
        lock(&self.blocks).current = start..start + ID_BLOCK;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_journal_ids_count_from_one() {
        let ids = Arc::new(Sequence::new(Store::default()));
        assert_eq!((ids.next(), ids.next(), ids.next()), (1, 2, 3));
    }
}
