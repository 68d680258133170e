//! Where the writer puts events first: two append-only tables with no
//! index (`recent0`, `recent1`), so that a commit writes only the last pages
//! of one table. The table `events`, indexed by (match, version), gets each
//! match's rows later, many at a time ("settling" them): when the match has
//! ended, and when the table they wait in is to be emptied. Indexing every
//! event as it came touched one index page per event, wherever its match's
//! entries were, and made the journal cost a third of the server's
//! throughput (docs/PERFORMANCE.md, "The journal").
//!
//! One table takes new rows while the other is emptied: its matches are
//! settled a few per commit, and once none of its rows waits any more it is
//! cleared in one statement. The tables then swap when the one taking rows
//! holds [`ROTATE_ROWS`]. Memory holds a copy of every row not yet known to
//! be settled, so settling reads nothing back; after a restart (or a failed
//! commit) that copy is read again from both tables. A row may then be in
//! `events` and still in its table: settling inserts with `OR IGNORE` on
//! (match, version), and readers take each version once.

use crate::store::EventRow;
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// Rows the table taking new rows holds before the tables swap: at 15,000
/// moves a second, a swap every four seconds, and at most about 30 MB of
/// rows kept in memory for settling (two tables' worth).
pub(crate) const ROTATE_ROWS: u64 = 65_536;

/// Rows settled per commit while a table is being emptied (whole matches,
/// so a commit may go past it by one match's rows). Settling costs about
/// 7 µs a row: 64 matches a commit (about 4,000 rows) made commits of 20 to
/// 60 ms that every waiting move felt; 256 rows add about 2 ms, and at a
/// few hundred commits a second still settle far faster than moves come.
const DRAIN_ROWS_PER_COMMIT: usize = 256;

const TABLES: [&str; 2] = ["recent0", "recent1"];

/// A row kept for settling.
struct Kept {
    version: u64,
    at_us: u64,
    json: String,
}

/// A match's rows not yet known to be settled, and how many wait in each table.
#[derive(Default)]
struct Waiting {
    rows: Vec<Kept>,
    in_table: [u64; 2],
}

/// The writer's view of the recent tables.
pub(crate) struct Recent {
    /// Rows the active table takes before a swap ([`ROTATE_ROWS`]).
    rotate_rows: u64,
    /// The table taking new rows.
    active: usize,
    /// Rows in each table, settled or not.
    rows: [u64; 2],
    /// Rows of each table not yet known to be settled.
    waiting_rows: [u64; 2],
    waiting: HashMap<u64, Waiting>,
    /// Matches that had rows in the table being emptied when it stopped
    /// taking rows, to settle a few per commit.
    draining: Vec<u64>,
}

impl Recent {
    /// What the tables hold now (after a restart, or a failed commit that
    /// left memory ahead of the database).
    pub(crate) fn read(connection: &Connection) -> rusqlite::Result<Recent> {
        let mut recent = Recent {
            rotate_rows: ROTATE_ROWS,
            active: 0,
            rows: [0, 0],
            waiting_rows: [0, 0],
            waiting: HashMap::new(),
            draining: Vec::new(),
        };
        for (table, name) in TABLES.iter().enumerate() {
            let mut query = connection.prepare(&format!(
                "SELECT match_id, version, at_us, event FROM {name} ORDER BY seq"
            ))?;
            let mut rows = query.query([])?;
            while let Some(row) = rows.next()? {
                let waiting = recent
                    .waiting
                    .entry(row.get::<_, i64>(0)? as u64)
                    .or_default();
                waiting.rows.push(Kept {
                    version: row.get::<_, i64>(1)? as u64,
                    at_us: row.get::<_, i64>(2)? as u64,
                    json: row.get(3)?,
                });
                waiting.in_table[table] += 1;
                recent.rows[table] += 1;
                recent.waiting_rows[table] += 1;
            }
        }
        for waiting in recent.waiting.values_mut() {
            waiting.rows.sort_by_key(|row| row.version);
            waiting.rows.dedup_by_key(|row| row.version);
        }
        // The fuller table is emptied first; the other takes new rows.
        recent.active = usize::from(recent.rows[0] > recent.rows[1]);
        recent.start_draining();
        Ok(recent)
    }

    /// Rows waiting to be settled, for the metrics and the tests.
    pub(crate) fn waiting(&self) -> u64 {
        self.waiting_rows.iter().sum()
    }

    fn start_draining(&mut self) {
        let other = 1 - self.active;
        self.draining = self
            .waiting
            .iter()
            .filter(|(_, waiting)| waiting.in_table[other] > 0)
            .map(|(id, _)| *id)
            .collect();
    }

    /// Append `rows` of `match_id` to the table taking rows.
    pub(crate) fn append(
        &mut self,
        connection: &Connection,
        match_id: u64,
        rows: &[EventRow],
    ) -> rusqlite::Result<()> {
        let table = self.active;
        let mut insert = connection.prepare_cached(&format!(
            "INSERT INTO {} (match_id, version, at_us, event) VALUES (?1, ?2, ?3, ?4)",
            TABLES[table]
        ))?;
        let waiting = self.waiting.entry(match_id).or_default();
        for row in rows {
            insert.execute(params![
                match_id as i64,
                row.version as i64,
                row.at_us as i64,
                row.json
            ])?;
            waiting.rows.push(Kept {
                version: row.version,
                at_us: row.at_us,
                json: row.json.clone(),
            });
        }
        let count = rows.len() as u64;
        waiting.in_table[table] += count;
        self.rows[table] += count;
        self.waiting_rows[table] += count;
        Ok(())
    }

    /// Put every waiting row of `match_id`, then `rows`, into `events`.
    pub(crate) fn settle(
        &mut self,
        connection: &Connection,
        match_id: u64,
        rows: &[EventRow],
    ) -> rusqlite::Result<()> {
        let mut insert = connection.prepare_cached(
            "INSERT OR IGNORE INTO events (match_id, version, at_us, event) VALUES (?1, ?2, ?3, ?4)",
        )?;
        let id = match_id as i64;
        if let Some(waiting) = self.waiting.remove(&match_id) {
            for row in &waiting.rows {
                insert.execute(params![id, row.version as i64, row.at_us as i64, row.json])?;
            }
            for table in 0..2 {
                self.waiting_rows[table] -= waiting.in_table[table];
            }
        }
        for row in rows {
            insert.execute(params![id, row.version as i64, row.at_us as i64, row.json])?;
        }
        Ok(())
    }

    /// Work between commits: settle a few matches of the table being
    /// emptied, clear it once nothing in it waits, and swap the tables when
    /// the one taking rows is full.
    pub(crate) fn maintain(&mut self, connection: &Connection) -> rusqlite::Result<()> {
        let other = 1 - self.active;
        let mut settled = 0;
        while settled < DRAIN_ROWS_PER_COMMIT && self.waiting_rows[other] > 0 {
            let Some(match_id) = self.draining.pop() else {
                // Rows of that table whose match was not listed: cannot
                // happen, but list them again rather than wait forever.
                self.start_draining();
                if self.draining.is_empty() {
                    break;
                }
                continue;
            };
            let rows = match self.waiting.get(&match_id) {
                Some(waiting) if waiting.in_table[other] > 0 => waiting.rows.len(),
                _ => continue,
            };
            self.settle(connection, match_id, &[])?;
            settled += rows;
        }
        if self.waiting_rows[other] == 0 && self.rows[other] > 0 {
            connection.execute(&format!("DELETE FROM {}", TABLES[other]), [])?;
            self.rows[other] = 0;
        }
        if self.rows[other] == 0 && self.rows[self.active] >= self.rotate_rows {
            self.active = other;
            self.start_draining();
        }
        Ok(())
    }

    /// Settle everything and empty both tables (at a graceful stop).
    pub(crate) fn settle_all(&mut self, connection: &Connection) -> rusqlite::Result<()> {
        let ids: Vec<u64> = self.waiting.keys().copied().collect();
        for id in ids {
            self.settle(connection, id, &[])?;
        }
        for (table, name) in TABLES.iter().enumerate() {
            connection.execute(&format!("DELETE FROM {name}"), [])?;
            self.rows[table] = 0;
        }
        self.draining.clear();
        Ok(())
    }
}

/// Every stored version of a match once, in order: `events` holds the
/// settled rows, the recent tables those not yet settled, and a row can be
/// in both for a while.
pub(crate) fn in_order<T>(rows: &mut Vec<T>, version: impl Fn(&T) -> u64) {
    rows.sort_by_key(&version);
    rows.dedup_by(|a, b| version(a) == version(b));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Header;
    use crate::store::sqlite::load::match_events;

    fn database() -> (tempfile::TempDir, Connection) {
        let dir = tempfile::tempdir().expect("a directory");
        let connection =
            crate::store::sqlite::schema::open(&dir.path().join("t.sqlite3"), 0, 0).expect("open");
        (dir, connection)
    }

    fn row(version: u64) -> EventRow {
        EventRow {
            version,
            at_us: version * 10,
            json: format!("{{\"v\":{version}}}"),
            header: Header::Unchanged,
        }
    }

    fn count(connection: &Connection, table: &str) -> u64 {
        connection
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
                r.get::<_, i64>(0)
            })
            .expect("count") as u64
    }

    /// One commit: `writes` (match, version, settle), then the upkeep.
    fn commit(connection: &mut Connection, recent: &mut Recent, writes: &[(u64, u64, bool)]) {
        let tx = connection.transaction().expect("begin");
        for &(id, version, settle) in writes {
            if settle {
                recent.settle(&tx, id, &[row(version)]).expect("settle");
            } else {
                recent.append(&tx, id, &[row(version)]).expect("append");
            }
        }
        recent.maintain(&tx).expect("maintain");
        tx.commit().expect("commit");
    }

    fn versions(connection: &Connection, id: u64) -> Vec<u64> {
        match_events(connection, id)
            .expect("read")
            .iter()
            .map(|e| e.version)
            .collect()
    }

    #[test]
    fn events_move_to_the_index_without_one_lost_or_repeated() {
        let (_dir, mut connection) = database();
        let mut recent = Recent::read(&connection).expect("read");
        recent.rotate_rows = 10;
        // Forty matches, each a row per commit; match 0 never ends, the
        // others end (their last write settles) at different times.
        let mut swaps = 0;
        let mut last_active = recent.active;
        for version in 1..=30u64 {
            let writes: Vec<_> = (0..40u64)
                .filter(|id| *id == 0 || version <= 10 + id / 2)
                .map(|id| (id, version, id != 0 && version == 10 + id / 2))
                .collect();
            commit(&mut connection, &mut recent, &writes);
            if recent.active != last_active {
                swaps += 1;
                last_active = recent.active;
            }
            // What a reader sees is every version so far, once, in order.
            assert_eq!(versions(&connection, 0), (1..=version).collect::<Vec<_>>());
        }
        assert!(swaps >= 3, "the tables swapped {swaps} times");
        for id in 1..40u64 {
            assert_eq!(
                versions(&connection, id),
                (1..=10 + id / 2).collect::<Vec<_>>(),
                "match {id}"
            );
        }
        // The table being emptied was cleared, and memory holds no more
        // than the tables do.
        let in_tables = count(&connection, "recent0") + count(&connection, "recent1");
        assert!(recent.waiting() <= in_tables);
        assert!(
            in_tables < 2 * 10 + 40 * 2,
            "{in_tables} rows left in the recent tables"
        );

        // After a restart the same rows wait, and settling them again
        // (some are in `events` already) repeats none.
        let mut again = Recent::read(&connection).expect("read again");
        assert!(again.waiting() >= recent.waiting());
        let tx = connection.transaction().expect("begin");
        again.settle_all(&tx).expect("settle all");
        tx.commit().expect("commit");
        assert_eq!(
            count(&connection, "recent0") + count(&connection, "recent1"),
            0
        );
        assert_eq!(versions(&connection, 0), (1..=30).collect::<Vec<_>>());
        let stored = count(&connection, "events");
        let expected = 30 + (1..40u64).map(|id| 10 + id / 2).sum::<u64>();
        assert_eq!(stored, expected, "each event once in the indexed table");
    }
}
