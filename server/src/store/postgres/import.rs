//! Writing a journal into an empty PostgreSQL database, for
//! `mancala-server migrate` (store/migrate.rs): every chunk in one
//! transaction, committed only at the end.

use super::{PgError, connect, schema};
use crate::store::StoreError;
use crate::store::tables::{Column, TABLES, Table};
use tokio_postgres::types::ToSql;

/// An empty PostgreSQL journal being filled.
pub(crate) struct Import {
    client: tokio_postgres::Client,
    server: String,
}

impl Import {
    /// Connect to `url`, create the journal's tables if need be and open
    /// the transaction everything goes into.
    pub(crate) async fn open(url: &str) -> Result<Import, StoreError> {
        let (mut client, server) = connect(url).await?;
        schema::migrate(&mut client, &server).await?;
        client
            .batch_execute("BEGIN")
            .await
            .map_err(|e| StoreError::PgWrite(e.into()))?;
        Ok(Import { client, server })
    }

    /// Refuse a database that holds any row already.
    pub(crate) async fn ensure_empty(&self) -> Result<(), StoreError> {
        let counts: Vec<String> = TABLES
            .iter()
            .map(|table| format!("(SELECT count(*) FROM {})", table.name))
            .collect();
        let sql = format!("SELECT {}", counts.join(" + "));
        let rows: i64 = self
            .client
            .query_one(&sql, &[])
            .await
            .map_err(|e| StoreError::PgRead(e.into()))?
            .get(0);
        if rows > 0 {
            return Err(StoreError::NotEmpty {
                server: self.server.clone(),
                rows,
            });
        }
        Ok(())
    }

    /// Insert `columns` (one chunk of `table`) at once: how many rows.
    pub(crate) async fn insert(
        &self,
        table: &Table,
        columns: Vec<Column>,
    ) -> Result<u64, StoreError> {
        let names: Vec<&str> = table.columns.iter().map(|(name, _)| *name).collect();
        let arrays: Vec<String> = columns
            .iter()
            .enumerate()
            .map(|(index, column)| {
                let kind = match column {
                    Column::Int(_) => "BIGINT",
                    Column::Real(_) => "DOUBLE PRECISION",
                    Column::Text(_) => "TEXT",
                    Column::Blob(_) => "BYTEA",
                };
                format!("${}::{kind}[]", index + 1)
            })
            .collect();
        let sql = format!(
            "INSERT INTO {} ({}) SELECT * FROM unnest({})",
            table.name,
            names.join(", "),
            arrays.join(", ")
        );
        let params: Vec<&(dyn ToSql + Sync)> = columns
            .iter()
            .map(|column| match column {
                Column::Int(values) => values as &(dyn ToSql + Sync),
                Column::Real(values) => values,
                Column::Text(values) => values,
                Column::Blob(values) => values,
            })
            .collect();
        self.client
            .execute(&sql, &params)
            .await
            .map_err(|e| StoreError::PgWrite(PgError::from(e)))
    }

    /// Store where the id sequence stands, make the live matches free to
    /// take, and commit everything.
    pub(crate) async fn finish(self, next_free: i64) -> Result<(), StoreError> {
        let write = |e: tokio_postgres::Error| StoreError::PgWrite(e.into());
        self.client
            .execute(
                "UPDATE sequence SET next_free = greatest(next_free, $1) WHERE id = 1",
                &[&next_free],
            )
            .await
            .map_err(write)?;
        // The live matches moved in are free for the first node to take.
        self.client
            .batch_execute(
                "INSERT INTO leases (match_id, owner, epoch, expires_at)
                 SELECT id, '', 0, now() FROM matches WHERE ended_ms IS NULL",
            )
            .await
            .map_err(write)?;
        self.client.batch_execute("COMMIT").await.map_err(write)
    }
}
