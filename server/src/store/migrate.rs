//! `mancala-server migrate --from FILE.sqlite3 --to postgres://…`: a
//! single node's journal moved into PostgreSQL, for a site that grows to
//! several nodes. Table by table, a chunk of rows at a time, all in one
//! PostgreSQL transaction: it lands whole or not at all. A database that
//! holds anything already is refused, never merged into.

use super::tables::{CHUNK, TABLES};
use super::{StoreError, postgres, sqlite};
use std::path::Path;

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
