//! Opening the database and its schema, versioned with SQLite's
//! `user_version`: each migration is a step from one version to the next,
//! run in one transaction. A database of a newer version than this server
//! knows is refused before anything is written to it.

use crate::store::StoreError;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

/// The migrations, in order: `MIGRATIONS[n]` takes version `n` to `n + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: players, the id sequence, matches and their events.
    "CREATE TABLE sequence (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        -- Every id below this may have been handed out.
        next_free INTEGER NOT NULL
    );
    INSERT INTO sequence (id, next_free) VALUES (1, 1);
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        -- Lower-case name while the player holds it; NULL once forgotten.
        name_key TEXT UNIQUE,
        -- SHA-256 of the token; NULL once forgotten.
        token_sha256 BLOB UNIQUE,
        created_ms INTEGER NOT NULL,
        last_seen_ms INTEGER NOT NULL
    );
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        player0 INTEGER NOT NULL,
        player1 INTEGER NOT NULL,
        name0 TEXT NOT NULL,
        name1 TEXT NOT NULL,
        settings TEXT NOT NULL,
        -- Seat moving first in game 1 (the draw).
        first_seat INTEGER,
        started_ms INTEGER NOT NULL,
        ended_ms INTEGER,
        end_reason TEXT,
        points0 REAL,
        points1 REAL,
        winner INTEGER,
        rematch_id INTEGER
    );
    CREATE INDEX matches_live ON matches (id) WHERE ended_ms IS NULL;
    CREATE INDEX matches_player0 ON matches (player0, id);
    CREATE INDEX matches_player1 ON matches (player1, id);
    -- In the order they were stored, so that a commit appends to the end
    -- of the table: keyed by (match, version) instead, each commit's rows
    -- landed on as many pages as it had matches, and split them, about five
    -- pages written per event. The index finds a match's events.
    CREATE TABLE events (
        seq INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        at_us INTEGER NOT NULL,
        event TEXT NOT NULL
    );
    CREATE UNIQUE INDEX events_by_match ON events (match_id, version);",
    // 2: open seeks (a restart keeps them for their owners to come back to).
    "CREATE TABLE seeks (
        id INTEGER PRIMARY KEY,
        player INTEGER NOT NULL,
        settings TEXT NOT NULL,
        -- A private seek's code; NULL for a public one.
        code TEXT
    );",
    // 3: events land in an unindexed table first and reach `events` a match
    // at a time (store/recent.rs): one index page per match and batch
    // instead of one per event.
    "CREATE TABLE recent0 (
        seq INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        at_us INTEGER NOT NULL,
        event TEXT NOT NULL
    );
    CREATE TABLE recent1 (
        seq INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        at_us INTEGER NOT NULL,
        event TEXT NOT NULL
    );",
    // 4: ratings (one row per player and pool, and one per rated match and
    // player for the history), passwords, seeks' rating ranges, and each match's games won and
    // drawn for the players' records (filled in for the matches already
    // stored from their game ends).
    "CREATE TABLE ratings (
        player INTEGER NOT NULL,
        variant TEXT NOT NULL,
        speed TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        rated_ms INTEGER NOT NULL,
        PRIMARY KEY (player, variant, speed)
    ) WITHOUT ROWID;
    CREATE TABLE rating_history (
        player INTEGER NOT NULL,
        match_id INTEGER NOT NULL,
        variant TEXT NOT NULL,
        speed TEXT NOT NULL,
        before REAL NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (player, match_id)
    ) WITHOUT ROWID;
    -- An Argon2id hash in the PHC string format; NULL for a guest.
    ALTER TABLE players ADD COLUMN password TEXT;
    -- A seek's rating range as JSON ({\"min\": .., \"max\": ..}); NULL for none.
    ALTER TABLE seeks ADD COLUMN rating_range TEXT;
    ALTER TABLE matches ADD COLUMN won0 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN won1 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN drawn INTEGER NOT NULL DEFAULT 0;
    CREATE TEMP VIEW game_ends AS
        SELECT match_id, json_extract(event, '$.outcome.winner') AS winner
        -- UNION, not UNION ALL: a row may be in a recent table and in
        -- events at once, and counts once.
        FROM (SELECT match_id, version, event FROM events UNION
              SELECT match_id, version, event FROM recent0 UNION
              SELECT match_id, version, event FROM recent1)
        WHERE event LIKE '{\"type\":\"game_ended\"%';
    UPDATE matches SET
        won0 = (SELECT count(*) FROM game_ends WHERE match_id = matches.id AND winner = 0),
        won1 = (SELECT count(*) FROM game_ends WHERE match_id = matches.id AND winner = 1),
        drawn = (SELECT count(*) FROM game_ends WHERE match_id = matches.id AND winner IS NULL);
    DROP VIEW game_ends;",
    // 5: tournaments, each a list of steps (JSON) that rebuilds it; `over`
    // once its last round's results are in (only the others are loaded).
    "CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        over INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE tournament_steps (
        tournament_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        step TEXT NOT NULL,
        PRIMARY KEY (tournament_id, seq)
    ) WITHOUT ROWID;",
];

/// The schema version this server writes.
pub(crate) const VERSION: i64 = MIGRATIONS.len() as i64;

/// The page size of a new database. Each commit writes every page it
/// touched to the WAL, two system calls a page. When every event also went
/// into the index of its match, a commit touched one index page per event
/// and larger pages meant fewer of them (8 KiB then); now that commits
/// append to the recent tables (store/recent.rs) and touch a few pages at
/// their end, smaller pages write less (docs/PERFORMANCE.md, "The journal").
const PAGE_SIZE: i64 = 4096;

/// The writer's page cache, in KiB.
const CACHE_KIB: i64 = 64 * 1024;

/// How much of the database the reader maps into memory.
const READER_MMAP_BYTES: i64 = 1 << 30;

/// How long a statement waits for a lock another connection holds.
const BUSY: Duration = Duration::from_secs(5);

/// Open `path` for writing: check it is a database of a version this server
/// knows, migrate it, and set WAL and full synchronous commits.
pub(crate) fn open(path: &Path, max_bytes: u64, wal_limit: u64) -> Result<Connection, StoreError> {
    let open_error = |source| StoreError::Open {
        path: path.to_owned(),
        source,
    };
    let mut connection = Connection::open(path).map_err(open_error)?;
    connection.busy_timeout(BUSY).map_err(open_error)?;
    let version: i64 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|source| StoreError::NotADatabase {
            path: path.to_owned(),
            source,
        })?;
    if version > VERSION {
        return Err(StoreError::TooNew {
            path: path.to_owned(),
            found: version,
            known: VERSION,
        });
    }
    // A damaged file fails the same writes a read-only one does: the
    // error's code tells which it is.
    let not_writable = |source: rusqlite::Error| match source.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => {
            StoreError::Damaged {
                path: path.to_owned(),
                source,
            }
        }
        _ => StoreError::NotWritable {
            path: path.to_owned(),
            source,
        },
    };
    if version == 0 {
        // Only a new database takes a page size (before WAL and any table).
        connection
            .pragma_update(None, "page_size", PAGE_SIZE)
            .map_err(not_writable)?;
    }
    connection
        .pragma_update(None, "journal_mode", "WAL")
        .map_err(not_writable)?;
    connection
        .pragma_update(None, "synchronous", "FULL")
        .map_err(not_writable)?;
    if max_bytes > 0 {
        let page: i64 = connection
            .pragma_query_value(None, "page_size", |row| row.get(0))
            .map_err(open_error)?;
        // The log takes its allowance (twice its limit: it is folded back
        // once past it, at most half the limit) out of the limit; the
        // database file has the rest.
        let for_log = wal_limit.saturating_mul(2).min(max_bytes / 2);
        let for_database = max_bytes - for_log;
        let pages = (for_database / page.max(1) as u64).max(1) as i64;
        connection
            .pragma_update(None, "max_page_count", pages)
            .map_err(open_error)?;
    }
    // The writer's pages stay in memory (SQLite's default cache is 2 MB),
    // and checkpoints run on a thread of their own (see `checkpointer`), not
    // in the middle of a commit that players wait for.
    connection
        .pragma_update(None, "cache_size", -CACHE_KIB)
        .map_err(open_error)?;
    connection
        .pragma_update(None, "wal_autocheckpoint", 0)
        .map_err(open_error)?;
    // When the log starts again from its beginning, a longer file is cut
    // back to the limit, so the disk it holds stays bounded too.
    if wal_limit > 0 {
        connection
            .pragma_update(None, "journal_size_limit", wal_limit as i64)
            .map_err(open_error)?;
    }
    migrate(&mut connection, version).map_err(not_writable)?;
    // Prove the file takes writes now, not at the first move.
    connection
        .execute("UPDATE sequence SET next_free = next_free WHERE id = 1", [])
        .map_err(not_writable)?;
    Ok(connection)
}

/// The write-ahead log of the database at `path`.
pub(crate) fn wal_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    std::path::PathBuf::from(name)
}

/// A second connection for reading, beside the writer's.
pub(crate) fn open_reader(path: &Path) -> Result<Connection, StoreError> {
    let open_error = |source| StoreError::Open {
        path: path.to_owned(),
        source,
    };
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags).map_err(open_error)?;
    connection.busy_timeout(BUSY).map_err(open_error)?;
    // Reads map the file instead of a read call per page: loading every
    // live match at start read 10,000 matches' pages one call each.
    connection
        .pragma_update(None, "mmap_size", READER_MMAP_BYTES)
        .map_err(open_error)?;
    connection
        .pragma_update(None, "cache_size", -CACHE_KIB)
        .map_err(open_error)?;
    Ok(connection)
}

fn migrate(connection: &mut Connection, from: i64) -> rusqlite::Result<()> {
    for (index, step) in MIGRATIONS.iter().enumerate().skip(from as usize) {
        let transaction = connection.transaction()?;
        transaction.execute_batch(step)?;
        transaction.pragma_update(None, "user_version", index as i64 + 1)?;
        transaction.commit()?;
        tracing::info!("database schema migrated to version {}", index + 1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_database_is_migrated_and_keeps_its_rows() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("old.sqlite3");
        {
            let connection = Connection::open(&path).expect("open");
            connection.execute_batch(MIGRATIONS[0]).expect("version 1");
            connection
                .execute_batch(
                    "INSERT INTO events (match_id, version, at_us, event) VALUES (7, 1, 0, '{}');
                     PRAGMA user_version = 1;",
                )
                .expect("a row");
        }
        let connection = open(&path, 0, 0).expect("migrates");
        let version: i64 = connection
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .expect("version");
        assert_eq!(version, VERSION);
        let rows: i64 = connection
            .query_row("SELECT count(*) FROM events", [], |row| row.get(0))
            .expect("count");
        assert_eq!(rows, 1, "the old rows are kept");
        connection
            .execute(
                "INSERT INTO seeks (id, player, settings) VALUES (1, 2, '{}')",
                [],
            )
            .expect("the new table is there");
    }

    #[test]
    fn migration_4_counts_the_games_each_stored_match_had() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("v3.sqlite3");
        {
            let connection = Connection::open(&path).expect("open");
            for migration in &MIGRATIONS[..3] {
                connection
                    .execute_batch(migration)
                    .expect("versions 1 to 3");
            }
            let ended = |winner: &str| {
                format!(
                    r#"{{"type":"game_ended","game":1,"outcome":{{"reason":"side_empty","winner":{winner},"stores":[30,18]}}}}"#
                )
            };
            connection
                .execute_batch(&format!(
                    "INSERT INTO matches (id, player0, player1, name0, name1, settings, started_ms)
                         VALUES (7, 1, 2, 'ann', 'bob', '{{}}', 0);
                     INSERT INTO events (match_id, version, at_us, event) VALUES
                         (7, 3, 0, '{one}'), (7, 5, 0, '{zero}'), (7, 7, 0, '{draw}');
                     -- The same row waiting in a recent table counts once;
                     -- one only there counts too.
                     INSERT INTO recent0 (match_id, version, at_us, event) VALUES
                         (7, 7, 0, '{draw}'), (7, 9, 0, '{one}');
                     PRAGMA user_version = 3;",
                    zero = ended("0"),
                    one = ended("1"),
                    draw = ended("null"),
                ))
                .expect("a match");
        }
        let connection = open(&path, 0, 0).expect("migrates");
        let counts: (i64, i64, i64) = connection
            .query_row(
                "SELECT won0, won1, drawn FROM matches WHERE id = 7",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .expect("the match");
        assert_eq!(counts, (1, 2, 1));
    }
}
