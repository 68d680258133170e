//! The task that writes the journal to PostgreSQL. Like SQLite's writer
//! (store/sqlite/writer.rs) it takes every write that arrived while its
//! previous commit ran and commits them in one transaction (group commit),
//! answering each once PostgreSQL has committed it, or failing them all.
//!
//! A batch costs a few round trips, not one per row: its statements are
//! sent together (pipelined on the one connection, in order) and its
//! events go in as one `INSERT … SELECT FROM unnest(…)` of arrays.

use super::leases::{LeaseCheck, Leases, Standing};
use super::ordered::run_in_order;
use crate::metrics::Metrics;
use crate::store::queue::{Job, WriteQueue};
use crate::store::{Header, RatedRows, StepRow, StoreError, Write};
use deadpool_postgres::Pool;
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_postgres::types::ToSql;

/// Times a batch is run again after colliding with another node's
/// transaction (PostgreSQL aborted it as one side of a deadlock).
const COLLISION_RETRIES: u32 = 3;

/// Writes one transaction takes at most, so an answer never waits behind a
/// flood of others.
const MAX_BATCH: usize = 4096;

/// The writer task's queue, and the task.
pub(crate) struct Handle {
    pub(crate) queue: WriteQueue,
    task: Mutex<Option<JoinHandle<()>>>,
}

/// Start the writer on connections from `pool` (one at a time), fencing
/// each match's writes with this node's `leases`.
pub(crate) fn start(pool: Pool, leases: Arc<Leases>, metrics: Arc<Metrics>) -> Handle {
    let (queue, inbox) = WriteQueue::new();
    let task = tokio::spawn(run(pool, inbox, leases, metrics));
    Handle {
        queue,
        task: Mutex::new(Some(task)),
    }
}

impl Handle {
    /// Let the task finish what is queued, and wait for it.
    pub(crate) async fn stop(&self) {
        self.queue.close();
        let task = self.task.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(task) = task
            && task.await.is_err()
        {
            tracing::error!("the journal's writer panicked");
        }
    }
}

async fn run(
    pool: Pool,
    mut inbox: mpsc::UnboundedReceiver<Job>,
    leases: Arc<Leases>,
    metrics: Arc<Metrics>,
) {
    let mut batch = Vec::new();
    while inbox.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let outcome = commit(&pool, &batch, &leases).await.map_err(Arc::new);
        metrics.journal_commits.inc();
        metrics.journal_writes.inc_by(batch.len() as u64);
        if let Err(error) = &outcome {
            metrics.journal_failures.inc_by(batch.len() as u64);
            tracing::error!("journal write failed: {error}");
        }
        for job in batch.drain(..) {
            let answer = match (&outcome, fenced_match(&job.write)) {
                (Ok(fenced), Some(id)) if fenced.contains(&id) => {
                    Err(Arc::new(StoreError::Fenced { match_id: id }))
                }
                (Ok(_), _) => Ok(()),
                (Err(error), _) => Err(Arc::clone(error)),
            };
            job.answer(answer);
        }
    }
}

/// The match whose lease a write needs, if any.
fn fenced_match(write: &Write) -> Option<u64> {
    match write {
        Write::Events { match_id, .. } => Some(*match_id),
        _ => None,
    }
}

/// Whether `write` is of a match that has ended (its lease goes).
fn settles(write: &Write) -> bool {
    matches!(write, Write::Events { settle: true, .. })
}

/// Whether `write` starts its match (and makes its lease).
fn starts(write: &Write) -> bool {
    matches!(write, Write::Events { rows, .. }
        if rows.iter().any(|row| matches!(row.header, Header::Started { .. })))
}

/// Commit `batch` in one transaction, but for the writes of matches this
/// node no longer holds (returned: each is answered
/// [`StoreError::Fenced`]). A write PostgreSQL refuses fails the whole
/// batch, as in SQLite's writer, so that nothing after it is stored
/// without it.
///
/// The lease check goes first in the batch's pipeline, costing no round
/// trip of its own; only when it finds a match lost (rare: after a
/// takeover) is the transaction rolled back and the batch sent again
/// without that match's writes (which may also have collided with the new
/// owner's rows).
async fn commit(pool: &Pool, batch: &[Job], leases: &Leases) -> Result<HashSet<u64>, StoreError> {
    let mut starting = HashSet::new();
    let mut ending = HashSet::new();
    let mut fenced = HashSet::new();
    let mut checks = Vec::new();
    for write in batch.iter().map(|job| &job.write) {
        let Some(id) = fenced_match(write) else {
            continue;
        };
        if starts(write) {
            starting.insert(id);
            leases.hold_new(id, false);
            continue;
        }
        let standing = leases.standing(id);
        if !starting.contains(&id) {
            match standing {
                Standing::Live(epoch) => checks.push((id, epoch)),
                Standing::Ended => {}
                Standing::Lost => {
                    fenced.insert(id);
                }
            }
        }
        if settles(write) && standing != Standing::Ended {
            ending.insert(id);
        }
    }
    let write = |e: tokio_postgres::Error| StoreError::PgWrite(e.into());
    let mut client = pool.get().await.map_err(|e| StoreError::PgAway(e.into()))?;
    let mut collisions = 0;
    loop {
        checks.retain(|(id, _)| !fenced.contains(id));
        let transaction = client.transaction().await.map_err(write)?;
        let check = if checks.is_empty() {
            None
        } else {
            Some(leases.check(&transaction, &checks).await?)
        };
        let mut statements = Statements::default();
        for write in batch.iter().map(|job| &job.write) {
            if fenced_match(write).is_none_or(|id| !fenced.contains(&id)) {
                statements.add(write, leases);
            }
        }
        if !starting.is_empty() {
            statements.leases(&starting, leases);
        }
        let ended: Vec<i64> = ending
            .iter()
            .filter(|id| !fenced.contains(id))
            .map(|&id| id as i64)
            .collect();
        if !ended.is_empty() {
            statements.push(
                "DELETE FROM leases WHERE match_id = ANY($1) AND owner = $2",
                vec![Box::new(ended), Box::new(leases.node().to_owned())],
            );
        }
        let executed = statements.execute(&transaction, check.as_ref()).await;
        let lost = check
            .as_ref()
            .and_then(LeaseCheck::lost)
            .filter(|lost| !lost.is_empty());
        match (executed, lost) {
            (Ok(()), None) => {
                // Marked ended before the row's deletion can be seen, so
                // that a renewal meanwhile does not take it for lost.
                let ended: Vec<u64> = ending
                    .iter()
                    .copied()
                    .filter(|id| !fenced.contains(id))
                    .collect();
                for &id in &ended {
                    leases.set_ended(id, true);
                }
                if let Err(error) = transaction.commit().await {
                    for &id in &ended {
                        leases.set_ended(id, false);
                    }
                    return Err(write(error));
                }
                break;
            }
            (_, Some(lost)) => {
                fenced.extend(lost);
                transaction.rollback().await.map_err(write)?;
            }
            (Err(StoreError::PgWrite(error)), None)
                if error.is_collision() && collisions < COLLISION_RETRIES =>
            {
                collisions += 1;
                tracing::debug!("a journal batch collided with another node's, run again: {error}");
                transaction.rollback().await.map_err(write)?;
            }
            (Err(error), None) => return Err(error),
        }
    }
    for id in starting {
        leases.hold_new(id, true);
    }
    Ok(fenced)
}

/// A parameter of a statement.
type Param = Box<dyn ToSql + Sync + Send>;

/// A batch as statements, in the order they must run, and its events as
/// columns for one insert.
#[derive(Default)]
struct Statements {
    each: Vec<(&'static str, Vec<Param>)>,
    /// When players were last seen, by id: updated last and in id order,
    /// so that two nodes' batches take those rows in the same order.
    seen: std::collections::BTreeMap<i64, i64>,
    event_match: Vec<i64>,
    event_version: Vec<i64>,
    event_at_us: Vec<i64>,
    event_json: Vec<String>,
}

/// Every event of the batch at once.
const INSERT_EVENTS: &str = "INSERT INTO events (match_id, version, at_us, event)
     SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::TEXT[])";

impl Statements {
    fn push(&mut self, sql: &'static str, params: Vec<Param>) {
        self.each.push((sql, params));
    }

    /// The leases of the matches `starting`, this node's at epoch 1.
    fn leases(&mut self, starting: &HashSet<u64>, leases: &Leases) {
        self.push(
            "INSERT INTO leases (match_id, owner, epoch, expires_at)
             SELECT unnest($1::BIGINT[]), $2, 1, now() + make_interval(secs => $3::BIGINT / 1000.0)",
            vec![
                Box::new(starting.iter().map(|&id| id as i64).collect::<Vec<i64>>()),
                Box::new(leases.node().to_owned()),
                Box::new(leases.lease_ms()),
            ],
        );
    }

    fn add(&mut self, write: &Write, leases: &Leases) {
        match write {
            Write::Events {
                match_id,
                rows,
                settle: _,
                rated,
            } => {
                let id = *match_id as i64;
                for row in rows {
                    self.header(id, (row.at_us / 1000) as i64, &row.header);
                    self.event_match.push(id);
                    self.event_version.push(row.version as i64);
                    self.event_at_us.push(row.at_us as i64);
                    self.event_json.push(row.json.clone());
                }
                if let Some(rated) = rated {
                    self.ratings(*match_id, rated);
                }
            }
            Write::Player {
                id,
                name,
                name_key,
                token_sha256,
                at_ms,
            } => self.push(
                "INSERT INTO players (id, name, name_key, token_sha256, created_ms, last_seen_ms)
                 VALUES ($1, $2, $3, $4, $5, $5)",
                vec![
                    Box::new(*id as i64),
                    Box::new(name.clone()),
                    Box::new(name_key.clone()),
                    Box::new(token_sha256.to_vec()),
                    Box::new(*at_ms as i64),
                ],
            ),
            Write::Token { id, token_sha256 } => self.push(
                "UPDATE players SET token_sha256 = $2 WHERE id = $1",
                vec![Box::new(*id as i64), Box::new(token_sha256.to_vec())],
            ),
            Write::Password { id, hash } => self.push(
                "UPDATE players SET password = $2 WHERE id = $1",
                vec![Box::new(*id as i64), Box::new(hash.clone())],
            ),
            Write::Seen { id, at_ms } => {
                let last = self.seen.entry(*id as i64).or_default();
                *last = (*last).max(*at_ms as i64);
            }
            Write::Forget { id } => self.push(
                // A guest only: one who set a password meanwhile (on
                // another node, whose news had not come) keeps his name.
                "UPDATE players SET name_key = NULL, token_sha256 = NULL \
                 WHERE id = $1 AND password IS NULL",
                vec![Box::new(*id as i64)],
            ),
            Write::Sequence { next_free } => self.push(
                "UPDATE sequence SET next_free = greatest(next_free, $1) WHERE id = 1",
                vec![Box::new(*next_free as i64)],
            ),
            Write::SeekAdded { seek, code } => {
                // Serialising the wire's own types cannot fail; an empty
                // text would be read back as a damaged seek and left out.
                let settings = serde_json::to_string(&seek.settings).unwrap_or_default();
                let range = seek
                    .rating_range
                    .as_ref()
                    .and_then(|range| serde_json::to_string(range).ok());
                self.push(
                    "INSERT INTO seeks (id, player, settings, code, rating_range)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (id) DO UPDATE SET player = $2, settings = $3, code = $4,
                         rating_range = $5",
                    vec![
                        Box::new(seek.seek_id.0 as i64),
                        Box::new(seek.by.id.0 as i64),
                        Box::new(settings),
                        Box::new(code.clone()),
                        Box::new(range),
                    ],
                );
            }
            Write::SeekRemoved { id } => self.push(
                "DELETE FROM seeks WHERE id = $1",
                vec![Box::new(*id as i64)],
            ),
            // Not the server's way with PostgreSQL (its steps go through
            // store/postgres/runners.rs, fenced), but a write like any.
            Write::TournamentStep(StepRow {
                tournament_id,
                seq,
                json,
                over,
            }) => {
                self.push(
                    "INSERT INTO tournaments (id, over) VALUES ($1, $2)
                     ON CONFLICT (id) DO UPDATE SET over = greatest(tournaments.over, $2)",
                    vec![Box::new(*tournament_id as i64), Box::new(i64::from(*over))],
                );
                self.push(
                    "INSERT INTO tournament_steps (tournament_id, seq, step) VALUES ($1, $2, $3)
                     ON CONFLICT (tournament_id, seq) DO UPDATE SET step = $3",
                    vec![
                        Box::new(*tournament_id as i64),
                        Box::new(i64::from(*seq)),
                        Box::new(json.clone()),
                    ],
                );
            }
            // Its row went with its end.
            Write::LeaseDone { match_id } => leases.forget(*match_id),
            Write::Flush => {}
        }
    }

    /// What an event changes in its match's header row.
    fn header(&mut self, id: i64, at_ms: i64, header: &Header) {
        match header {
            Header::Unchanged => {}
            Header::Started {
                players,
                settings_json,
            } => self.push(
                "INSERT INTO matches (id, player0, player1, name0, name1, settings, started_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                vec![
                    Box::new(id),
                    Box::new(players[0].id.0 as i64),
                    Box::new(players[1].id.0 as i64),
                    Box::new(players[0].name.clone()),
                    Box::new(players[1].name.clone()),
                    Box::new(settings_json.clone()),
                    Box::new(at_ms),
                ],
            ),
            Header::FirstSeat(seat) => self.push(
                "UPDATE matches SET first_seat = $2 WHERE id = $1 AND first_seat IS NULL",
                vec![Box::new(id), Box::new(i32::from(*seat))],
            ),
            Header::GameEnded(winner) => self.push(
                match winner {
                    Some(0) => "UPDATE matches SET won0 = won0 + 1 WHERE id = $1",
                    Some(_) => "UPDATE matches SET won1 = won1 + 1 WHERE id = $1",
                    None => "UPDATE matches SET drawn = drawn + 1 WHERE id = $1",
                },
                vec![Box::new(id)],
            ),
            Header::Ended {
                reason,
                points,
                winner,
            } => self.push(
                "UPDATE matches SET ended_ms = $2, end_reason = $3, points0 = $4, points1 = $5,
                 winner = $6 WHERE id = $1",
                vec![
                    Box::new(id),
                    Box::new(at_ms),
                    Box::new(reason.clone()),
                    Box::new(points[0]),
                    Box::new(points[1]),
                    Box::new(winner.map(i32::from)),
                ],
            ),
            Header::Rematch(rematch) => self.push(
                "UPDATE matches SET rematch_id = $2 WHERE id = $1",
                vec![Box::new(id), Box::new(*rematch as i64)],
            ),
        }
    }

    /// Both players' new ratings, and a history row for each.
    fn ratings(&mut self, match_id: u64, rows: &RatedRows) {
        let (variant, speed) = (rows.pool.variant.id(), rows.pool.speed.id());
        for (player, rated) in rows.players.iter().zip(&rows.rated) {
            let after = &rated.after;
            self.push(
                "INSERT INTO ratings
                 (player, variant, speed, rating, deviation, volatility, games, rated_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (player, variant, speed) DO UPDATE SET rating = $4,
                     deviation = $5, volatility = $6, games = $7, rated_ms = $8",
                vec![
                    Box::new(*player as i64),
                    Box::new(variant.to_owned()),
                    Box::new(speed.to_owned()),
                    Box::new(after.rating),
                    Box::new(after.deviation),
                    Box::new(after.volatility),
                    Box::new(after.games as i32),
                    Box::new(after.rated_ms as i64),
                ],
            );
            self.push(
                "INSERT INTO rating_history
                 (player, match_id, variant, speed, before, rating, deviation, volatility, games, at_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                 ON CONFLICT (player, match_id) DO UPDATE SET variant = $3, speed = $4,
                     before = $5, rating = $6, deviation = $7, volatility = $8, games = $9,
                     at_ms = $10",
                vec![
                    Box::new(*player as i64),
                    Box::new(match_id as i64),
                    Box::new(variant.to_owned()),
                    Box::new(speed.to_owned()),
                    Box::new(rated.before.rating),
                    Box::new(after.rating),
                    Box::new(after.deviation),
                    Box::new(after.volatility),
                    Box::new(after.games.saturating_sub(rated.before.games) as i32),
                    Box::new(after.rated_ms as i64),
                ],
            );
        }
    }

    /// Run every statement in `transaction`, sent together and in order,
    /// after the lease `check` if there is one.
    async fn execute(
        self,
        transaction: &deadpool_postgres::Transaction<'_>,
        check: Option<&LeaseCheck>,
    ) -> Result<(), StoreError> {
        let mut each = self.each;
        for (id, at_ms) in self.seen {
            each.push((
                "UPDATE players SET last_seen_ms = $2 WHERE id = $1",
                vec![Box::new(id), Box::new(at_ms)],
            ));
        }
        let mut prepared = Vec::with_capacity(each.len() + 1);
        for (sql, params) in &each {
            let statement = transaction
                .prepare_cached(sql)
                .await
                .map_err(|e| StoreError::PgWrite(e.into()))?;
            prepared.push((statement, params));
        }
        let events = if self.event_match.is_empty() {
            None
        } else {
            Some(
                transaction
                    .prepare_cached(INSERT_EVENTS)
                    .await
                    .map_err(|e| StoreError::PgWrite(e.into()))?,
            )
        };
        let event_params: [&(dyn ToSql + Sync); 4] = [
            &self.event_match,
            &self.event_version,
            &self.event_at_us,
            &self.event_json,
        ];
        let mut runs: Vec<BoxFuture<'_, Result<u64, tokio_postgres::Error>>> =
            Vec::with_capacity(prepared.len() + 2);
        if let Some(check) = check {
            runs.push(check.run(transaction).boxed());
        }
        for (statement, params) in &prepared {
            let params: Vec<&(dyn ToSql + Sync)> = params
                .iter()
                .map(|param| param.as_ref() as &(dyn ToSql + Sync))
                .collect();
            runs.push(async move { transaction.execute(statement, &params).await }.boxed());
        }
        if let Some(statement) = &events {
            runs.push(async move { transaction.execute(statement, &event_params).await }.boxed());
        }
        run_in_order(runs)
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))
    }
}
