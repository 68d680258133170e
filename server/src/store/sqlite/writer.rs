//! The one thread that writes the journal. It takes every write that
//! arrived while its previous commit ran and commits them in one
//! transaction (group commit): under load one fsync serves the moves of
//! many matches. Every write is answered once its transaction is durable,
//! or failed (then the whole transaction failed).

use super::recent::Recent;
use crate::metrics::Metrics;
use crate::store::queue::{Job, WriteQueue};
use crate::store::{Header, RatedRows, StepRow, StoreError, Write};
use rusqlite::{Connection, params};
use std::sync::Arc;
use std::thread::JoinHandle;
use tokio::sync::mpsc;

/// Writes one transaction takes at most, so an answer never waits behind a
/// flood of others.
const MAX_BATCH: usize = 4096;

/// The writer thread's queue, and the thread.
pub(crate) struct Handle {
    pub(crate) queue: WriteQueue,
    thread: std::sync::Mutex<Option<JoinHandle<()>>>,
}

/// How large the write-ahead log may grow. Under sustained writes the
/// checkpoint thread's passive checkpoints never catch up with the last
/// commit, so SQLite never starts the log again from its beginning: four
/// pairs offering and declining draws grew it to 438 MiB in 40 s. Past the
/// limit the writer itself folds the log back between two commits (a
/// passive checkpoint: it never waits for a reader), so that its next
/// commit starts the log again, cut back to the limit.
pub(crate) struct WalBound {
    pub(crate) path: std::path::PathBuf,
    /// In bytes; 0: no bound.
    pub(crate) limit: u64,
}

impl WalBound {
    fn keep(&self, connection: &Connection) {
        if self.limit == 0 {
            return;
        }
        let size = std::fs::metadata(&self.path).map_or(0, |m| m.len());
        if size > self.limit
            && let Err(e) = connection.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
        {
            tracing::warn!("the write-ahead log could not be folded back: {e}");
        }
    }
}

/// Start the writer on `connection`, after reading what waits in the
/// recent tables.
pub(crate) fn start(
    connection: Connection,
    wal: WalBound,
    metrics: Arc<Metrics>,
) -> Result<Handle, StoreError> {
    let recent = Recent::read(&connection).map_err(StoreError::Read)?;
    let (queue, inbox) = WriteQueue::new();
    let thread = std::thread::Builder::new()
        .name("journal".into())
        .spawn(move || run(connection, recent, inbox, &wal, &metrics))
        .map_err(StoreError::Thread)?;
    Ok(Handle {
        queue,
        thread: std::sync::Mutex::new(Some(thread)),
    })
}

impl Handle {
    /// Let the thread finish what is queued, and wait for it.
    pub(crate) fn stop(&self) {
        self.queue.close();
        let thread = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(thread) = thread
            && thread.join().is_err()
        {
            tracing::error!("the journal's writer panicked");
        }
    }
}

fn run(
    mut connection: Connection,
    recent: Recent,
    mut inbox: mpsc::UnboundedReceiver<Job>,
    wal: &WalBound,
    metrics: &Metrics,
) {
    // `None` after a failed commit left memory ahead of the database, until
    // the tables are read again: rows it refused must never be settled.
    let mut recent = Some(recent);
    let mut batch = Vec::new();
    while let Some(first) = inbox.blocking_recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match inbox.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let kept = match recent.take() {
            Some(kept) => Ok(kept),
            None => Recent::read(&connection).map_err(|e| Arc::new(StoreError::Read(e))),
        };
        let outcomes = match kept {
            Ok(mut kept) => {
                let outcomes = commit(&mut connection, &mut kept, &batch);
                recent = Some(kept);
                outcomes
            }
            Err(error) => batch.iter().map(|_| Err(Arc::clone(&error))).collect(),
        };
        if outcomes.iter().any(Result::is_err) {
            recent = None;
        }
        metrics
            .journal_waiting
            .set(recent.as_ref().map_or(0, |kept| kept.waiting() as i64));
        metrics.journal_commits.inc();
        metrics.journal_writes.inc_by(batch.len() as u64);
        let failed = outcomes.iter().filter(|o| o.is_err()).count();
        metrics.journal_failures.inc_by(failed as u64);
        for (job, outcome) in batch.drain(..).zip(outcomes) {
            if let Err(error) = &outcome {
                tracing::error!("journal write failed: {error}");
            }
            job.answer(outcome);
        }
        wal.keep(&connection);
    }
    // Stopping: leave every event in the indexed table.
    let settled = match recent {
        Some(mut kept) => connection
            .transaction()
            .and_then(|tx| kept.settle_all(&tx).and_then(|()| tx.commit())),
        None => Ok(()),
    };
    if let Err(error) = settled {
        tracing::warn!(
            "the journal's recent rows stay where they are (read at the next start): {error}"
        );
    }
}

/// Commit `batch` in one transaction: each write's outcome. A write the
/// database refuses fails the whole batch (its transaction is rolled back),
/// so that nothing after it is stored without it: per-write savepoints cost
/// a fifth of the writer's time, and every refusal seen in practice (a full
/// disk, an I/O error) would fail the rest alike.
fn commit(
    connection: &mut Connection,
    recent: &mut Recent,
    batch: &[Job],
) -> Vec<Result<(), Arc<StoreError>>> {
    let failed = |error: rusqlite::Error| {
        let error = Arc::new(StoreError::Write(error));
        batch.iter().map(|_| Err(Arc::clone(&error))).collect()
    };
    let transaction = match connection.transaction() {
        Ok(transaction) => transaction,
        Err(error) => return failed(error),
    };
    for job in batch {
        if let Err(error) = apply(&transaction, recent, &job.write) {
            return failed(error);
        }
    }
    if let Err(error) = recent.maintain(&transaction) {
        return failed(error);
    }
    match transaction.commit() {
        Ok(()) => batch.iter().map(|_| Ok(())).collect(),
        Err(error) => failed(error),
    }
}

fn apply(connection: &Connection, recent: &mut Recent, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::Events {
            match_id,
            rows,
            settle,
            rated,
        } => {
            for row in rows {
                let (id, at_ms) = (*match_id as i64, (row.at_us / 1000) as i64);
                match &row.header {
                    Header::Unchanged => {}
                    Header::Started {
                        players,
                        settings_json,
                    } => {
                        connection
                            .prepare_cached(
                                "INSERT INTO matches (id, player0, player1, name0, name1, settings, started_ms)
                                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                            )?
                            .execute(params![
                                id,
                                players[0].id.0 as i64,
                                players[1].id.0 as i64,
                                players[0].name,
                                players[1].name,
                                settings_json,
                                at_ms
                            ])?;
                    }
                    Header::FirstSeat(seat) => {
                        connection
                            .prepare_cached(
                                "UPDATE matches SET first_seat = ?2 WHERE id = ?1 AND first_seat IS NULL",
                            )?
                            .execute(params![id, seat])?;
                    }
                    Header::Ended {
                        reason,
                        points,
                        winner,
                    } => {
                        connection
                            .prepare_cached(
                                "UPDATE matches SET ended_ms = ?2, end_reason = ?3, points0 = ?4,
                                 points1 = ?5, winner = ?6 WHERE id = ?1",
                            )?
                            .execute(params![id, at_ms, reason, points[0], points[1], winner])?;
                    }
                    Header::GameEnded(winner) => {
                        let column = match winner {
                            Some(0) => "won0",
                            Some(_) => "won1",
                            None => "drawn",
                        };
                        connection
                            .prepare_cached(&format!(
                                "UPDATE matches SET {column} = {column} + 1 WHERE id = ?1"
                            ))?
                            .execute(params![id])?;
                    }
                    Header::Rematch(rematch) => {
                        connection
                            .prepare_cached("UPDATE matches SET rematch_id = ?2 WHERE id = ?1")?
                            .execute(params![id, *rematch as i64])?;
                    }
                }
            }
            if *settle {
                recent.settle(connection, *match_id, rows)?;
            } else {
                recent.append(connection, *match_id, rows)?;
            }
            if let Some(rated) = rated {
                store_ratings(connection, *match_id, rated)?;
            }
        }
        Write::Player {
            id,
            name,
            name_key,
            token_sha256,
            at_ms,
        } => {
            connection
                .prepare_cached(
                    "INSERT INTO players (id, name, name_key, token_sha256, created_ms, last_seen_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                )?
                .execute(params![
                    *id as i64,
                    name,
                    name_key,
                    &token_sha256[..],
                    *at_ms as i64
                ])?;
        }
        Write::Token { id, token_sha256 } => {
            connection
                .prepare_cached("UPDATE players SET token_sha256 = ?2 WHERE id = ?1")?
                .execute(params![*id as i64, &token_sha256[..]])?;
        }
        Write::Password { id, hash } => {
            connection
                .prepare_cached("UPDATE players SET password = ?2 WHERE id = ?1")?
                .execute(params![*id as i64, hash])?;
        }
        Write::Seen { id, at_ms } => {
            connection
                .prepare_cached("UPDATE players SET last_seen_ms = ?2 WHERE id = ?1")?
                .execute(params![*id as i64, *at_ms as i64])?;
        }
        Write::Forget { id } => {
            connection
                .prepare_cached(
                    "UPDATE players SET name_key = NULL, token_sha256 = NULL \
                     WHERE id = ?1 AND password IS NULL",
                )?
                .execute(params![*id as i64])?;
        }
        Write::Sequence { next_free } => {
            connection
                .prepare_cached("UPDATE sequence SET next_free = max(next_free, ?1) WHERE id = 1")?
                .execute(params![*next_free as i64])?;
        }
        Write::SeekAdded { seek, code } => {
            let settings = to_json(&seek.settings)?;
            let range = seek.rating_range.as_ref().map(to_json).transpose()?;
            connection
                .prepare_cached(
                    "INSERT OR REPLACE INTO seeks (id, player, settings, code, rating_range)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                )?
                .execute(params![
                    seek.seek_id.0 as i64,
                    seek.by.id.0 as i64,
                    settings,
                    code,
                    range
                ])?;
        }
        Write::SeekRemoved { id } => {
            connection
                .prepare_cached("DELETE FROM seeks WHERE id = ?1")?
                .execute(params![*id as i64])?;
        }
        Write::TournamentStep(StepRow {
            tournament_id,
            seq,
            json,
            over,
        }) => {
            connection
                .prepare_cached(
                    "INSERT INTO tournaments (id, over) VALUES (?1, ?2)
                     ON CONFLICT (id) DO UPDATE SET over = max(over, ?2)",
                )?
                .execute(params![*tournament_id as i64, i64::from(*over)])?;
            connection
                .prepare_cached(
                    "INSERT OR REPLACE INTO tournament_steps (tournament_id, seq, step)
                     VALUES (?1, ?2, ?3)",
                )?
                .execute(params![*tournament_id as i64, i64::from(*seq), json])?;
        }
        // One server owns every match of its file: no leases.
        Write::LeaseDone { .. } | Write::Flush => {}
    }
    Ok(())
}

/// Both players' new ratings, and a history row for each.
fn store_ratings(connection: &Connection, match_id: u64, rows: &RatedRows) -> rusqlite::Result<()> {
    let (variant, speed) = (rows.pool.variant.id(), rows.pool.speed.id());
    for (player, rated) in rows.players.iter().zip(&rows.rated) {
        let after = &rated.after;
        connection
            .prepare_cached(
                "INSERT OR REPLACE INTO ratings
                 (player, variant, speed, rating, deviation, volatility, games, rated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                *player as i64,
                variant,
                speed,
                after.rating,
                after.deviation,
                after.volatility,
                after.games,
                after.rated_ms as i64
            ])?;
        connection
            .prepare_cached(
                "INSERT OR REPLACE INTO rating_history
                 (player, match_id, variant, speed, before, rating, deviation, volatility, games, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?
            .execute(params![
                *player as i64,
                match_id as i64,
                variant,
                speed,
                rated.before.rating,
                after.rating,
                after.deviation,
                after.volatility,
                after.games.saturating_sub(rated.before.games),
                after.rated_ms as i64
            ])?;
    }
    Ok(())
}

/// `value` as JSON for a column.
fn to_json(value: &impl serde::Serialize) -> rusqlite::Result<String> {
    serde_json::to_string(value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}
