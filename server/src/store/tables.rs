//! The journal's tables as both journals hold them, column by column:
//! what `mancala-server migrate` (store/migrate.rs) reads out of SQLite
//! and writes into PostgreSQL, a chunk of rows at a time.

use Kind::{Blob, Int, Real, Text};

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
    Table {
        name: "tournaments",
        columns: &[("id", Int), ("over", Int)],
        sqlite_source: None,
    },
    Table {
        name: "tournament_steps",
        columns: &[("tournament_id", Int), ("seq", Int), ("step", Text)],
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
