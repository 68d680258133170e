//! One rated match end at a time per player and pool.
//!
//! A rated match's end is decided (the new ratings computed from the
//! players' ratings as they stand), stored, then applied to memory. Two of
//! a player's matches ending together would both be rated against the same
//! old figure and the later would overwrite the earlier; so a match takes
//! its players' turns before it reads their ratings and gives them back
//! once memory holds the new ones. Matches of other players never wait.

use super::Pool;
use dashmap::DashMap;
use protocol::wire::PlayerId;
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

type Key = (PlayerId, Pool);

/// The turns of every player who has a rated match ending now. Cheap to
/// clone; an entry lives only while someone holds or waits for it.
#[derive(Clone, Default)]
pub(crate) struct RatingTurns {
    turns: Arc<DashMap<Key, Arc<Mutex<()>>>>,
}

/// Both players' turns in one pool, held until dropped.
pub(crate) struct HeldTurns {
    held: Vec<OwnedMutexGuard<()>>,
    keys: Vec<Key>,
    turns: RatingTurns,
}

impl RatingTurns {
    /// Wait for the turns of `players` in `pool`. They are taken in one
    /// order (the keys sorted), so two matches never wait on each other.
    pub(crate) async fn take(&self, pool: Pool, players: [PlayerId; 2]) -> HeldTurns {
        let mut keys: Vec<Key> = players.iter().map(|&player| (player, pool)).collect();
        keys.sort();
        keys.dedup();
        let mut held = Vec::with_capacity(keys.len());
        for key in &keys {
            // The map's own lock is let go before the wait.
            let turn = Arc::clone(self.turns.entry(*key).or_default().value());
            held.push(turn.lock_owned().await);
        }
        HeldTurns {
            held,
            keys,
            turns: self.clone(),
        }
    }

    /// Players whose turn someone holds or waits for.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.turns.len()
    }
}

impl Drop for HeldTurns {
    fn drop(&mut self) {
        self.held.clear();
        for key in &self.keys {
            // Kept while another match still holds or waits for it.
            self.turns
                .turns
                .remove_if(key, |_, turn| Arc::strong_count(turn) == 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::Variant;
    use protocol::wire::Speed;

    const POOL: Pool = Pool {
        variant: Variant::Kalah,
        speed: Speed::RealTime,
    };

    #[tokio::test]
    async fn a_player_in_two_ending_matches_is_rated_by_one_at_a_time() {
        let turns = RatingTurns::default();
        let (ann, bob, cid) = (PlayerId(1), PlayerId(2), PlayerId(3));
        let first = turns.take(POOL, [ann, bob]).await;
        // Ann's other match must wait; a match of other players need not.
        let mut second = Box::pin(turns.take(POOL, [cid, ann]));
        assert!(futures_util::poll!(second.as_mut()).is_pending());
        let other = turns.take(POOL, [cid, PlayerId(4)]).await;
        drop(other);
        assert!(futures_util::poll!(second.as_mut()).is_pending());
        drop(first);
        let second = second.await;
        drop(second);
        assert_eq!(
            turns.len(),
            0,
            "nothing is kept once every turn is given back"
        );
    }
}
