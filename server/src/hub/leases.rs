//! Several nodes on one PostgreSQL journal: each node renews the leases of
//! the live matches it serves, stops serving those another node took (its
//! writes to them are refused by the journal from then on: fencing), and
//! takes over the matches of nodes that stopped renewing theirs (dead,
//! stopped, cut off), replaying each from the journal and resuming it with
//! the time since its last event charged to nobody, as after a restart.
//! The tournaments it runs go the same way, in the same rounds
//! (hub/tournament_runners.rs).
//!
//! Lease times are PostgreSQL's: no two nodes' clocks are compared.

use super::{Hub, lock};
use protocol::wire::MatchId;
use std::sync::Arc;

/// Live matches taken over at most per round, so that a node that takes
/// over from a large one answers its own clients between rounds.
const CLAIMS_PER_ROUND: usize = 1_000;

impl Hub {
    /// Keep this node's leases, renewed every third of `--lease-ms`, until
    /// the server stops; from before its restore, whose matches' leases
    /// were claimed as the journal was read. On their own, not between
    /// takeovers: a takeover (or a restore) replays and stores its matches,
    /// which under load took longer than a lease lasts, and renewals that
    /// waited for it let this node's leases lapse (the others took its
    /// matches, and it theirs, back and forth). Nothing to do on a journal
    /// of one server.
    pub(crate) async fn renew_leases(self: Arc<Self>) {
        if self.store.has_leases() {
            self.every_third_of_a_lease(|hub| Box::pin(hub.renew_leases_once()))
                .await;
        }
    }

    /// Take over the matches other nodes left, every third of `--lease-ms`,
    /// until the server stops (after the restore).
    pub(crate) async fn take_over_orphans(self: Arc<Self>) {
        if self.store.has_leases() {
            self.every_third_of_a_lease(|hub| Box::pin(hub.take_over_orphans_once()))
                .await;
        }
    }

    /// Run `round` every third of `--lease-ms` (after the last one ended)
    /// until the server stops.
    async fn every_third_of_a_lease(
        &self,
        round: impl for<'a> Fn(&'a Hub) -> futures_util::future::BoxFuture<'a, ()>,
    ) {
        let every = (self.config.lease_ms / 3).max(1);
        let clock = self.context.clock.clone();
        let shutdown = self.context.shutdown.clone();
        let mut tick = clock.timer(clock.now() + every);
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = &mut tick => {}
            }
            round(self).await;
            tick.reset(clock.now() + every);
        }
    }

    /// Renew this node's leases, and give up the matches and tournaments
    /// it lost.
    async fn renew_leases_once(&self) {
        self.renew_match_leases().await;
        self.renew_runners_once().await;
    }

    async fn renew_match_leases(&self) {
        match self.store.renew_leases().await {
            Ok(lost) => {
                for id in lost {
                    self.lose_match(MatchId(id));
                }
            }
            Err(error) => tracing::warn!("this node's leases could not be renewed: {error}"),
        }
    }

    /// Claim the matches whose node stopped, and serve them from here
    /// (requests for them wait meanwhile: [`Hub::find_match`]); then the
    /// tournaments, whose boards' matches were claimed first.
    async fn take_over_orphans_once(&self) {
        let under_way = self.taking_over.start();
        self.claim_orphans().await;
        drop(under_way);
        self.claim_tournaments_once().await;
    }

    async fn claim_orphans(&self) {
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
