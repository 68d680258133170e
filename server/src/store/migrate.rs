//! `mancala-server migrate --from FILE.sqlite3 --to postgres://…`: a
//! single node's journal moved into PostgreSQL, for a site that grows to
//! several nodes. Table by table, a chunk of rows at a time, all in one
//! PostgreSQL transaction: it lands whole or not at all. A database that
//! holds anything already is refused, never merged into.

use super::{StoreError, postgres, sqlite};
use std::path::Path;

/// Rows moved per statement.
pub(crate) const CHUNK: usize = 5_000;

/// A column's type, in both databases.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    Int,
    Real,
    Text,
    Blob,
}

/// A table moved, with its columns in order.
pub(crate) struct Table {
    pub(crate) name: &'static str,
    pub(crate) columns: &'static [(&'static str, Kind)],
    /// Where SQLite keeps its rows, when that is more than the table
    /// (events wait in unindexed tables before they reach `events`).
    pub(crate) sqlite_source: Option<&'static str>,
}

use Kind::{Blob, Int, Real, Text};

/// Every table of the journal but the id sequence (moved on its own).
pub(crate) const TABLES: &[Table] = &[
    Table {
        name: "players",
        columns: &[
            ("id", Int),
            ("name", Text),
            ("name_key", Text),
            ("token_sha256", Blob),
            ("created_ms", Int),
            ("last_seen_ms", Int),
            ("password", Text),
        ],
        sqlite_source: None,
    },
    Table {
        name: "matches",
        columns: &[
            ("id", Int),
            ("player0", Int),
            ("player1", Int),
            ("name0", Text),
            ("name1", Text),
            ("settings", Text),
            ("first_seat", Int),
            ("started_ms", Int),
            ("ended_ms", Int),
            ("end_reason", Text),
            ("points0", Real),
            ("points1", Real),
            ("winner", Int),
            ("rematch_id", Int),
            ("won0", Int),
            ("won1", Int),
            ("drawn", Int),
        ],
        sqlite_source: None,
    },
    Table {
        name: "events",
        columns: &[
            ("match_id", Int),
            ("version", Int),
            ("at_us", Int),
            ("event", Text),
        ],
        // UNION, not UNION ALL: a row may be in a recent table and in
        // `events` at once (store/sqlite/recent.rs), and moves once.
        sqlite_source: Some(
            "(SELECT match_id, version, at_us, event FROM events
              UNION SELECT match_id, version, at_us, event FROM recent0
              UNION SELECT match_id, version, at_us, event FROM recent1)",
        ),
    },
    Table {
        name: "seeks",
        columns: &[
            ("id", Int),
            ("player", Int),
            ("settings", Text),
            ("code", Text),
            ("rating_range", Text),
        ],
        sqlite_source: None,
    },
    Table {
        name: "ratings",
        columns: &[
            ("player", Int),
            ("variant", Text),
            ("speed", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("rated_ms", Int),
        ],
        sqlite_source: None,
    },
    Table {
        name: "rating_history",
        columns: &[
            ("player", Int),
            ("match_id", Int),
            ("variant", Text),
            ("speed", Text),
            ("before", Real),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("at_ms", Int),
        ],
        sqlite_source: None,
    },
];

/// One column of a chunk of rows.
#[derive(Debug)]
pub(crate) enum Column {
    Int(Vec<Option<i64>>),
    Real(Vec<Option<f64>>),
    Text(Vec<Option<String>>),
    Blob(Vec<Option<Vec<u8>>>),
}

impl Column {
    pub(crate) fn new(kind: Kind) -> Column {
        match kind {
            Int => Column::Int(Vec::new()),
            Real => Column::Real(Vec::new()),
            Text => Column::Text(Vec::new()),
            Blob => Column::Blob(Vec::new()),
        }
    }
}

/// How many rows of each table were moved, in [`TABLES`]' order.
pub(crate) type Moved = Vec<(&'static str, u64)>;

/// Move the SQLite journal at `from` into the empty PostgreSQL database at
/// `to`; `progress` hears of each table as it is done.
pub(crate) async fn migrate(
    from: &Path,
    to: &str,
    progress: &mut (dyn FnMut(&str, u64) + Send),
) -> Result<Moved, StoreError> {
    let source = sqlite::Export::open(from)?;
    let target = postgres::Import::open(to).await?;
    target.ensure_empty().await?;
    let mut moved = Vec::new();
    for table in TABLES {
        let mut count = 0;
        loop {
            let columns = source.chunk(table, count, CHUNK)?;
            let rows = target.insert(table, columns).await?;
            count += rows;
            if rows < CHUNK as u64 {
                break;
            }
        }
        progress(table.name, count);
        moved.push((table.name, count));
    }
    target.finish(source.next_free()?).await?;
    Ok(moved)
}
