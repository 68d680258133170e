//! Which node runs each tournament: a runner row per tournament (owner,
//! epoch, expiry by PostgreSQL's clock), and the epochs this node holds.
//!
//! The same promise as a live match's lease (store/postgres/leases.rs),
//! for a tournament's steps: the node that creates a tournament runs it
//! (epoch 1, its row made with the creation); it renews the rows of the
//! tournaments it runs while they are not over; when it stops renewing
//! (dead, stopped, cut off) another node claims each with the next epoch
//! and rebuilds it from its steps. Every step is written in a transaction
//! of its own that first reads the runner row `FOR SHARE` (a claim's
//! `UPDATE` waits for it): a node that lost a tournament can never write
//! a step of it again (fencing). Steps are few (a pairing, a result), so
//! they stay out of the writer's batches, which a refused step would
//! otherwise hold up.
//!
//! The row of a tournament that is over stays (it names the node that ran
//! it to the end) and is neither renewed nor claimed.

use super::leases::{EXPIRY, id_epochs, lapse_all};
use crate::store::{StepRow, StoreError, TournamentRunner};
use crate::sync::lock;
use deadpool_postgres::GenericClient;
use std::collections::HashMap;
use std::sync::Mutex;

/// The tournaments one node runs.
pub(crate) struct Runners {
    node: String,
    lease_ms: i64,
    /// Tournament → the epoch this node runs it at.
    held: Mutex<HashMap<u64, i64>>,
}

impl Runners {
    pub(crate) fn new(node: String, lease_ms: i64) -> Runners {
        Runners {
            node,
            lease_ms,
            held: Mutex::new(HashMap::new()),
        }
    }

    /// Take every tournament not over that nobody runs: those whose runner
    /// stopped renewing its row, those without a row (from before rows
    /// were kept, or imported) and, with `own_too` (at start), those run
    /// under this node's name by an earlier run of it; at most `limit`.
    /// Returns their ids, each now run here at its next epoch.
    pub(crate) async fn claim(
        &self,
        client: &impl GenericClient,
        own_too: bool,
        limit: i64,
    ) -> Result<Vec<u64>, StoreError> {
        let write = |e: tokio_postgres::Error| StoreError::PgWrite(e.into());
        let without = format!(
            "INSERT INTO tournament_runners (tournament_id, owner, epoch, expires_at)
             SELECT t.id, $1, 1, {EXPIRY} FROM tournaments t
             WHERE t.over = 0
               AND NOT EXISTS (SELECT 1 FROM tournament_runners r WHERE r.tournament_id = t.id)
             ORDER BY t.id LIMIT $3
             ON CONFLICT (tournament_id) DO NOTHING
             RETURNING tournament_id, epoch"
        );
        let mut rows = client
            .query(&without, &[&self.node, &self.lease_ms, &limit])
            .await
            .map_err(write)?;
        let lapsed = format!(
            "UPDATE tournament_runners SET owner = $1, epoch = epoch + 1, expires_at = {EXPIRY}
             WHERE tournament_id IN (
                 SELECT r.tournament_id FROM tournament_runners r
                 JOIN tournaments t ON t.id = r.tournament_id
                 WHERE t.over = 0
                   AND ((r.expires_at <= now() AND r.owner <> $1) OR ($3 AND r.owner = $1))
                 ORDER BY r.tournament_id LIMIT $4 FOR UPDATE OF r SKIP LOCKED)
             RETURNING tournament_id, epoch"
        );
        let left = (limit - rows.len() as i64).max(0);
        rows.extend(
            client
                .query(&lapsed, &[&self.node, &self.lease_ms, &own_too, &left])
                .await
                .map_err(write)?,
        );
        let mut held = lock(&self.held);
        Ok(rows
            .iter()
            .map(|row| {
                let id = row.get::<_, i64>(0) as u64;
                held.insert(id, row.get(1));
                id
            })
            .collect())
    }

    /// Renew the row of every tournament this node runs that is not over;
    /// returns those it ran and has lost (another node claimed them), which
    /// it runs no more. The rows are locked in the order of their
    /// tournament, as a claim locks them.
    pub(crate) async fn renew(&self, client: &impl GenericClient) -> Result<Vec<u64>, StoreError> {
        let before = lock(&self.held).clone();
        let sql = format!(
            "WITH renewed AS (
                 SELECT r.tournament_id FROM tournament_runners r
                 JOIN tournaments t ON t.id = r.tournament_id
                 WHERE r.owner = $1 AND t.over = 0
                 ORDER BY r.tournament_id FOR UPDATE OF r)
             UPDATE tournament_runners r SET expires_at = {EXPIRY} FROM renewed
             WHERE r.tournament_id = renewed.tournament_id
             RETURNING r.tournament_id, r.epoch"
        );
        let rows = client
            .query(&sql, &[&self.node, &self.lease_ms])
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        let kept = id_epochs(&rows);
        let mut held = lock(&self.held);
        // One whose last step was stored meanwhile left `held` before its
        // commit: it is over, not lost.
        let lost: Vec<u64> = before
            .into_iter()
            .filter(|&(id, epoch)| !kept.contains(&(id, epoch)) && held.get(&id) == Some(&epoch))
            .map(|(id, _)| id)
            .collect();
        for id in &lost {
            held.remove(id);
        }
        Ok(lost)
    }

    /// Let other nodes take every tournament this node runs, at once (the
    /// node is stopping).
    pub(crate) async fn release(&self, client: &impl GenericClient) -> Result<(), StoreError> {
        lapse_all(client, "tournament_runners", &self.node).await?;
        lock(&self.held).clear();
        Ok(())
    }

    /// The node whose name tournament `id`'s row holds, if any: the one
    /// running it, or the last one (stopped, its row lapsing; or the one
    /// that ran it to its end).
    pub(crate) async fn runner(
        &self,
        client: &impl GenericClient,
        id: u64,
    ) -> Result<Option<TournamentRunner>, StoreError> {
        let row = client
            .query_opt(
                "SELECT r.owner, t.over <> 0 FROM tournament_runners r
                 JOIN tournaments t ON t.id = r.tournament_id
                 WHERE r.tournament_id = $1",
                &[&(id as i64)],
            )
            .await
            .map_err(|e| StoreError::PgRead(e.into()))?;
        Ok(row.map(|row| TournamentRunner {
            node: row.get(0),
            over: row.get(1),
        }))
    }

    /// Store step `seq` of tournament `id` (`over` with its last), in a
    /// transaction of its own on `client`: its creation (step 0) makes its
    /// row, run here at epoch 1; any later step is refused as
    /// [`StoreError::TournamentMoved`] unless this node still runs it at
    /// the epoch it holds.
    pub(crate) async fn store_step(
        &self,
        client: &mut deadpool_postgres::Client,
        step: &StepRow,
    ) -> Result<(), StoreError> {
        let write = |e: tokio_postgres::Error| StoreError::PgWrite(e.into());
        let id = step.tournament_id as i64;
        let moved = StoreError::TournamentMoved {
            tournament_id: step.tournament_id,
        };
        let transaction = client.transaction().await.map_err(write)?;
        if step.seq == 0 {
            let sql = format!(
                "INSERT INTO tournament_runners (tournament_id, owner, epoch, expires_at)
                 VALUES ($3, $1, 1, {EXPIRY})"
            );
            transaction
                .execute(&sql, &[&self.node, &self.lease_ms, &id])
                .await
                .map_err(write)?;
        } else {
            let Some(epoch) = lock(&self.held).get(&step.tournament_id).copied() else {
                return Err(moved);
            };
            let runs = transaction
                .query_opt(
                    "SELECT 1 FROM tournament_runners
                     WHERE tournament_id = $1 AND owner = $2 AND epoch = $3 FOR SHARE",
                    &[&id, &self.node, &epoch],
                )
                .await
                .map_err(write)?;
            if runs.is_none() {
                lock(&self.held).remove(&step.tournament_id);
                return Err(moved);
            }
        }
        transaction
            .execute(
                "INSERT INTO tournaments (id, over) VALUES ($1, $2)
                 ON CONFLICT (id) DO UPDATE SET over = greatest(tournaments.over, $2)",
                &[&id, &i64::from(step.over)],
            )
            .await
            .map_err(write)?;
        transaction
            .execute(
                "INSERT INTO tournament_steps (tournament_id, seq, step) VALUES ($1, $2, $3)
                 ON CONFLICT (tournament_id, seq) DO UPDATE SET step = $3",
                &[&id, &i64::from(step.seq), &step.json],
            )
            .await
            .map_err(write)?;
        // Out of `held` before the commit, so that a renewal meanwhile does
        // not take it for lost; back if the commit fails.
        let before = if step.over {
            lock(&self.held).remove(&step.tournament_id)
        } else {
            None
        };
        if let Err(error) = transaction.commit().await {
            if let Some(epoch) = before {
                lock(&self.held).insert(step.tournament_id, epoch);
            }
            return Err(write(error));
        }
        if step.seq == 0 && !step.over {
            lock(&self.held).insert(step.tournament_id, 1);
        }
        Ok(())
    }
}
