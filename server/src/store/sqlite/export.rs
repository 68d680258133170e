//! Reading the SQLite journal out, a chunk of a table at a time, for
//! `mancala-server migrate` (store/migrate.rs).

use super::schema;
use crate::store::StoreError;
use crate::store::tables::{Column, Table};
use rusqlite::Connection;
use rusqlite::types::Value;
use std::path::Path;

/// The SQLite journal being moved.
pub(crate) struct Export {
    connection: Connection,
}

impl Export {
    /// Open the journal at `path` as the server would (refusing what is not
    /// one, and bringing an older one's schema up to date first).
    pub(crate) fn open(path: &Path) -> Result<Export, StoreError> {
        if !path.is_file() {
            return Err(StoreError::Missing(path.to_owned()));
        }
        Ok(Export {
            connection: schema::open(path, 0, 0)?,
        })
    }

    /// Up to `limit` rows of `table` from the `offset`th, in the order of
    /// its first columns, as columns.
    pub(crate) fn chunk(
        &self,
        table: &Table,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<Column>, StoreError> {
        let names: Vec<&str> = table.columns.iter().map(|(name, _)| *name).collect();
        let source = table.sqlite_source.unwrap_or(table.name);
        // In the order of (up to) its first three columns: every table's
        // key is among them.
        let order: Vec<String> = (1..=names.len().min(3)).map(|n| n.to_string()).collect();
        let sql = format!(
            "SELECT {} FROM {source} ORDER BY {} LIMIT ?1 OFFSET ?2",
            names.join(", "),
            order.join(", ")
        );
        let mut columns: Vec<Column> = table
            .columns
            .iter()
            .map(|(_, kind)| Column::new(*kind))
            .collect();
        let mut statement = self.connection.prepare(&sql)?;
        let mut rows = statement.query([limit as i64, offset as i64])?;
        while let Some(row) = rows.next()? {
            for (index, column) in columns.iter_mut().enumerate() {
                let value: Value = row.get(index)?;
                match (column, value) {
                    (Column::Int(values), Value::Integer(v)) => values.push(Some(v)),
                    (Column::Int(values), _) => values.push(None),
                    (Column::Real(values), Value::Real(v)) => values.push(Some(v)),
                    (Column::Real(values), Value::Integer(v)) => values.push(Some(v as f64)),
                    (Column::Real(values), _) => values.push(None),
                    (Column::Text(values), Value::Text(v)) => values.push(Some(v)),
                    (Column::Text(values), _) => values.push(None),
                    (Column::Blob(values), Value::Blob(v)) => values.push(Some(v)),
                    (Column::Blob(values), _) => values.push(None),
                }
            }
        }
        Ok(columns)
    }

    /// The first id never handed out.
    pub(crate) fn next_free(&self) -> Result<i64, StoreError> {
        Ok(self
            .connection
            .query_row("SELECT next_free FROM sequence WHERE id = 1", [], |row| {
                row.get(0)
            })?)
    }
}
