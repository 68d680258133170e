//! Which node serves each live match: a lease row per match (owner, epoch,
//! expiry by PostgreSQL's clock), and the epochs this node holds.
//!
//! A node renews its leases a few times per lease length; one that stops
//! (dead, stopped, cut off) loses them when they expire, and another node
//! claims each with the next epoch. Every journal write of a match checks,
//! in its own transaction, that this node still holds the epoch it
//! claimed, the lease row locked until the commit (`FOR SHARE`, which a
//! claim's `UPDATE` waits for): a node that lost a match can never write to
//! it again, whatever its clock or its network say (fencing).
//!
//! A lease row is made with the match's first event (epoch 1) and deleted
//! with its end, in the same transactions: only live matches have one (a
//! node renewed the rows of 60 s of lingering ended matches too, tens of
//! thousands at 1,000 flat-out matches, which cost a fifth of the
//! throughput). No node claims an ended match, so the writes of its linger
//! (rematch offers) need no check.

use crate::store::StoreError;
use crate::sync::lock;
use deadpool_postgres::GenericClient;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// The leases of one node.
pub(crate) struct Leases {
    node: String,
    lease_ms: i64,
    /// Match → the epoch this node holds it at.
    held: Mutex<HashMap<u64, Held>>,
}

/// A lease this node holds.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Held {
    epoch: i64,
    /// Its row has been seen committed: only then can its absence mean that
    /// another node took it (a new match's row may be in a commit still).
    confirmed: bool,
    /// The match has ended here: its row went with its last event, and the
    /// writes of its linger (rematch offers) need no check (no node claims
    /// an ended match).
    ended: bool,
}

/// What this node holds of a match, for its next write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Standing {
    /// Live, at this epoch: the write is checked against its lease.
    Live(i64),
    /// Ended here: written without a check.
    Ended,
    /// Not held: the write is fenced.
    Lost,
}

/// A lease's expiry from now, `$2` milliseconds on.
pub(super) const EXPIRY: &str = "now() + make_interval(secs => $2::BIGINT / 1000.0)";

/// Let every row of `table` (`leases` or `tournament_runners`) held by
/// `node` lapse at once, for the other nodes to take.
pub(super) async fn lapse_all(
    client: &impl GenericClient,
    table: &str,
    node: &str,
) -> Result<(), StoreError> {
    let sql = format!(
        "UPDATE {table} SET expires_at = now() - interval '1 millisecond' WHERE owner = $1"
    );
    client
        .execute(&sql, &[&node])
        .await
        .map_err(|e| StoreError::PgWrite(e.into()))?;
    Ok(())
}

/// The (id, epoch) pairs of `rows` (a match's or a tournament's, then its
/// epoch), as renewals and checks return them.
pub(super) fn id_epochs(rows: &[tokio_postgres::Row]) -> HashSet<(u64, i64)> {
    rows.iter()
        .map(|row| (row.get::<_, i64>(0) as u64, row.get(1)))
        .collect()
}

impl Leases {
    pub(crate) fn new(node: String, lease_ms: u64) -> Leases {
        Leases {
            node,
            lease_ms: i64::try_from(lease_ms).unwrap_or(i64::MAX),
            held: Mutex::new(HashMap::new()),
        }
    }

    /// This node's name.
    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    /// How long a lease lasts unrenewed, in milliseconds.
    pub(crate) fn lease_ms(&self) -> i64 {
        self.lease_ms
    }

    /// What this node holds of match `id`.
    pub(crate) fn standing(&self, id: u64) -> Standing {
        match lock(&self.held).get(&id) {
            Some(held) if held.ended => Standing::Ended,
            Some(held) => Standing::Live(held.epoch),
            None => Standing::Lost,
        }
    }

    /// Match `id` ended here (`ended`), its lease row deleted with its end;
    /// or not after all (that commit failed).
    pub(crate) fn set_ended(&self, id: u64, ended: bool) {
        if let Some(held) = lock(&self.held).get_mut(&id) {
            held.ended = ended;
        }
    }

    /// This node holds new match `id` (epoch 1) from now, its row being
    /// written; `confirmed` once it is committed. A match held already (a
    /// start written twice, which the journal refuses) keeps its epoch.
    pub(crate) fn hold_new(&self, id: u64, confirmed: bool) {
        let mut held = lock(&self.held);
        let lease = held.entry(id).or_insert(Held {
            epoch: 1,
            confirmed,
            ended: false,
        });
        lease.confirmed |= confirmed;
    }

    /// This node no longer holds match `id`.
    pub(crate) fn forget(&self, id: u64) {
        lock(&self.held).remove(&id);
    }

    /// Take every live match nobody holds: those whose lease expired and,
    /// with `own_too` (at start), those held under this node's name by an
    /// earlier run of it; at most `limit`. Returns their ids, each now held
    /// at its next epoch.
    pub(crate) async fn claim(
        &self,
        client: &impl GenericClient,
        own_too: bool,
        limit: i64,
    ) -> Result<Vec<u64>, StoreError> {
        let sql = format!(
            "UPDATE leases SET owner = $1, epoch = epoch + 1, expires_at = {EXPIRY}
             WHERE match_id IN (
                 SELECT l.match_id FROM leases l JOIN matches m ON m.id = l.match_id
                 WHERE m.ended_ms IS NULL
                   AND ((l.expires_at <= now() AND l.owner <> $1) OR ($3 AND l.owner = $1))
                 ORDER BY l.match_id LIMIT $4 FOR UPDATE OF l SKIP LOCKED)
             RETURNING match_id, epoch"
        );
        let rows = client
            .query(&sql, &[&self.node, &self.lease_ms, &own_too, &limit])
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        let mut held = lock(&self.held);
        Ok(rows
            .iter()
            .map(|row| {
                let id = row.get::<_, i64>(0) as u64;
                let epoch = row.get(1);
                held.insert(
                    id,
                    Held {
                        epoch,
                        confirmed: true,
                        ended: false,
                    },
                );
                id
            })
            .collect())
    }

    /// Take live match `id` if its node stopped renewing its lease (or let
    /// it go): whether this node holds it now. A lapsed lease of this
    /// node's own name is taken too: it was let go by this node's previous
    /// run (a restart under the same name) and the match is not served
    /// here (the caller looked in memory first).
    pub(crate) async fn claim_one(
        &self,
        client: &impl GenericClient,
        id: u64,
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "UPDATE leases l SET owner = $1, epoch = l.epoch + 1, expires_at = {EXPIRY}
             FROM matches m
             WHERE l.match_id = $3 AND m.id = l.match_id AND m.ended_ms IS NULL
               AND l.expires_at <= now()
             RETURNING l.epoch"
        );
        let row = client
            .query_opt(&sql, &[&self.node, &self.lease_ms, &(id as i64)])
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        let Some(row) = row else {
            return Ok(false);
        };
        lock(&self.held).insert(
            id,
            Held {
                epoch: row.get(0),
                confirmed: true,
                ended: false,
            },
        );
        Ok(true)
    }

    /// The other node whose unexpired lease holds live match `id`, if one does.
    pub(crate) async fn owner(
        &self,
        client: &impl GenericClient,
        id: u64,
    ) -> Result<Option<String>, StoreError> {
        let row = client
            .query_opt(
                "SELECT owner FROM leases
                 WHERE match_id = $1 AND owner <> $2 AND owner <> '' AND expires_at > now()",
                &[&(id as i64), &self.node],
            )
            .await
            .map_err(|e| StoreError::PgRead(e.into()))?;
        Ok(row.map(|row| row.get(0)))
    }

    /// Delete the expired leases of ended matches: their owner stopped
    /// before its match's linger ran out, and nobody needs to serve them.
    pub(crate) async fn sweep_ended(&self, client: &impl GenericClient) -> Result<(), StoreError> {
        client
            .execute(
                "DELETE FROM leases l USING matches m
                 WHERE m.id = l.match_id AND m.ended_ms IS NOT NULL AND l.expires_at <= now()",
                &[],
            )
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        Ok(())
    }

    /// Renew every lease this node holds; returns the matches it held and
    /// has lost (another node claimed them), which it holds no more. The
    /// rows are locked in the order of their match, as the writer's lease
    /// check locks them: in any other order the two deadlocked under load
    /// (PostgreSQL aborted one: "deadlock detected").
    pub(crate) async fn renew(&self, client: &impl GenericClient) -> Result<Vec<u64>, StoreError> {
        let before = lock(&self.held).clone();
        let sql = format!(
            "WITH renewed AS (
                 SELECT l.match_id FROM leases l JOIN matches m ON m.id = l.match_id
                 WHERE l.owner = $1 AND m.ended_ms IS NULL
                 ORDER BY l.match_id FOR UPDATE OF l)
             UPDATE leases l SET expires_at = {EXPIRY} FROM renewed
             WHERE l.match_id = renewed.match_id
             RETURNING l.match_id, l.epoch"
        );
        let rows = client
            .query(&sql, &[&self.node, &self.lease_ms])
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        let kept = id_epochs(&rows);
        let mut held = lock(&self.held);
        for (id, epoch) in &kept {
            if let Some(lease) = held.get_mut(id)
                && lease.epoch == *epoch
            {
                lease.confirmed = true;
            }
        }
        // A match that ended meanwhile left `held` before its row went, and
        // a new one's row may not be committed yet: neither is lost.
        let lost: Vec<u64> = before
            .into_iter()
            .filter(|&(id, lease)| {
                lease.confirmed
                    && !lease.ended
                    && !kept.contains(&(id, lease.epoch))
                    && held.get(&id) == Some(&lease)
            })
            .map(|(id, _)| id)
            .collect();
        for id in &lost {
            held.remove(id);
        }
        Ok(lost)
    }

    /// Let other nodes take every match this node holds, at once (the
    /// node is stopping).
    pub(crate) async fn release(&self, client: &impl GenericClient) -> Result<(), StoreError> {
        lapse_all(client, "leases", &self.node).await?;
        lock(&self.held).clear();
        Ok(())
    }

    /// The check of `wanted` (match and the epoch this node holds it at)
    /// in a batch's transaction: it reads their lease rows and locks them
    /// until the transaction ends (a claim's `UPDATE` waits). Sent first in
    /// the batch's pipeline, its answer says afterwards which of `wanted`
    /// this node no longer holds ([`LeaseCheck::lost`]).
    pub(crate) async fn check(
        &self,
        transaction: &impl GenericClient,
        wanted: &[(u64, i64)],
    ) -> Result<LeaseCheck, StoreError> {
        let statement = transaction
            .prepare_cached(
                "SELECT match_id, epoch FROM leases WHERE match_id = ANY($1) AND owner = $2
                 ORDER BY match_id FOR SHARE",
            )
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        Ok(LeaseCheck {
            statement,
            ids: wanted.iter().map(|&(id, _)| id as i64).collect(),
            node: self.node.clone(),
            wanted: wanted.to_vec(),
            found: Mutex::new(None),
        })
    }
}

/// A lease check prepared for a batch ([`Leases::check`]).
pub(crate) struct LeaseCheck {
    statement: tokio_postgres::Statement,
    ids: Vec<i64>,
    node: String,
    wanted: Vec<(u64, i64)>,
    /// The (match, epoch) rows found, once answered.
    found: Mutex<Option<HashSet<(u64, i64)>>>,
}

impl LeaseCheck {
    /// Run it in `transaction` (as one of a pipeline's statements).
    pub(crate) async fn run(
        &self,
        transaction: &deadpool_postgres::Transaction<'_>,
    ) -> Result<u64, tokio_postgres::Error> {
        let rows = transaction
            .query(&self.statement, &[&self.ids, &self.node])
            .await?;
        *lock(&self.found) = Some(id_epochs(&rows));
        Ok(0)
    }

    /// The matches of the check this node no longer holds, once it has
    /// been answered (`None` before).
    pub(crate) fn lost(&self) -> Option<HashSet<u64>> {
        let found = lock(&self.found);
        let found = found.as_ref()?;
        Some(
            self.wanted
                .iter()
                .filter(|pair| !found.contains(pair))
                .map(|&(id, _)| id)
                .collect(),
        )
    }
}
