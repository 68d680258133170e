//! Several nodes on one PostgreSQL journal: each node renews the leases of
//! the live matches it serves, stops serving those another node took (its
//! writes to them are refused by the journal from then on: fencing), and
//! takes over the matches of nodes that stopped renewing theirs (dead,
//! stopped, cut off), replaying each from the journal and resuming it with
//! the time since its last event charged to nobody, as after a restart.
//!
//! Lease times are PostgreSQL's: no two nodes' clocks are compared.

use super::{Hub, lock};
use protocol::wire::MatchId;
use std::sync::Arc;

/// Live matches taken over at most per round, so that a node that takes
/// over from a large one answers its own clients between rounds.
const CLAIMS_PER_ROUND: usize = 1_000;

impl Hub {
    /// Keep this node's leases, a round every third of `--lease-ms`, until
    /// the server stops. Nothing to do on a journal of one server.
    pub(crate) async fn keep_leases(self: Arc<Self>) {
        if !self.store.has_leases() {
            return;
        }
        let every = (self.config.lease_ms / 3).max(1);
        let clock = self.context.clock.clone();
        let shutdown = self.context.shutdown.clone();
        let mut tick = clock.timer(clock.now() + every);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = &mut tick => {}
            }
            self.lease_round().await;
            tick.reset(clock.now() + every);
        }
    }

    /// Renew, give up what was lost, take over what was left.
    async fn lease_round(&self) {
        match self.store.renew_leases().await {
            Ok(lost) => {
                for id in lost {
                    self.lose_match(MatchId(id));
                }
            }
            Err(error) => tracing::warn!("this node's leases could not be renewed: {error}"),
        }
        self.taking_over.send_replace(true);
        self.take_over_orphans().await;
        self.taking_over.send_replace(false);
    }

    /// Claim the matches whose node stopped, and serve them from here.
    async fn take_over_orphans(&self) {
        match self.store.claim_orphans(CLAIMS_PER_ROUND).await {
            Ok(claimed) if claimed.is_empty() => {}
            Ok(claimed) => {
                let count = claimed.len();
                let revived = self.revive(claimed).await;
                tracing::info!(
                    "took over {} live matches whose node stopped{}",
                    revived.matches,
                    if revived.damaged > 0 {
                        format!(" ({} of {count} damaged, left out)", revived.damaged)
                    } else {
                        String::new()
                    }
                );
            }
            Err(error) => tracing::warn!("no live matches could be taken over: {error}"),
        }
    }

    /// Another node serves match `id` now: stop serving it here, unlist it
    /// and free its players of it on this node.
    fn lose_match(&self, id: MatchId) {
        let Some((players, real_time)) = self.matches.lose(id) else {
            return;
        };
        tracing::warn!("match {id} is served by another node now; this node let it go");
        let now = self.now();
        let mut identities = lock(&self.identities);
        identities.release(players, id, real_time, now);
        drop(identities);
        self.lobby.lock().unlist_match(id);
    }
}
