//! The journal's tables in PostgreSQL, versioned in a table of their own
//! (`mancala_schema`): each migration is a step from one version to the
//! next, run in one transaction under an advisory lock, so that nodes
//! starting together migrate once. A database of a newer version than this
//! server knows is refused before anything is written to it.
//!
//! The tables hold what SQLite's do (store/sqlite/schema.rs), without its
//! unindexed "recent" tables: PostgreSQL's B-tree takes a match's events
//! keyed by (match, version) directly.

use crate::store::StoreError;
use tokio_postgres::Client;

/// The migrations, in order: `MIGRATIONS[n]` takes version `n` to `n + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: everything the SQLite file's version 4 holds.
    "CREATE TABLE sequence (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        -- Every id below this may have been handed out.
        next_free BIGINT NOT NULL
    );
    INSERT INTO sequence (id, next_free) VALUES (1, 1);
    CREATE TABLE players (
        id BIGINT PRIMARY KEY,
        name TEXT NOT NULL,
        -- The name as compared while the player holds it; NULL once forgotten.
        name_key TEXT UNIQUE,
        -- SHA-256 of the token; NULL once forgotten.
        token_sha256 BYTEA UNIQUE,
        created_ms BIGINT NOT NULL,
        last_seen_ms BIGINT NOT NULL,
        -- An Argon2id hash in the PHC string format; NULL for a guest.
        password TEXT
    );
    CREATE TABLE matches (
        id BIGINT PRIMARY KEY,
        player0 BIGINT NOT NULL,
        player1 BIGINT NOT NULL,
        name0 TEXT NOT NULL,
        name1 TEXT NOT NULL,
        settings TEXT NOT NULL,
        -- Seat moving first in game 1 (the draw).
        first_seat INTEGER,
        started_ms BIGINT NOT NULL,
        ended_ms BIGINT,
        end_reason TEXT,
        points0 DOUBLE PRECISION,
        points1 DOUBLE PRECISION,
        winner INTEGER,
        rematch_id BIGINT,
        won0 INTEGER NOT NULL DEFAULT 0,
        won1 INTEGER NOT NULL DEFAULT 0,
        drawn INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX matches_live ON matches (id) WHERE ended_ms IS NULL;
    CREATE INDEX matches_player0 ON matches (player0, id);
    CREATE INDEX matches_player1 ON matches (player1, id);
    CREATE TABLE events (
        match_id BIGINT NOT NULL,
        version BIGINT NOT NULL,
        at_us BIGINT NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (match_id, version)
    );
    CREATE TABLE seeks (
        id BIGINT PRIMARY KEY,
        player BIGINT NOT NULL,
        settings TEXT NOT NULL,
        -- A private seek's code; NULL for a public one.
        code TEXT,
        -- Its rating range as JSON ({\"min\": .., \"max\": ..}); NULL for none.
        rating_range TEXT
    );
    CREATE TABLE ratings (
        player BIGINT NOT NULL,
        variant TEXT NOT NULL,
        speed TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        rated_ms BIGINT NOT NULL,
        PRIMARY KEY (player, variant, speed)
    );
    CREATE TABLE rating_history (
        player BIGINT NOT NULL,
        match_id BIGINT NOT NULL,
        variant TEXT NOT NULL,
        speed TEXT NOT NULL,
        before DOUBLE PRECISION NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (player, match_id)
    );",
    // 2: which node serves each live match, and the epoch that fences its
    // writes (store/postgres/leases.rs). Live matches of version 1 are
    // free for the first node to take.
    "CREATE TABLE leases (
        match_id BIGINT PRIMARY KEY,
        owner TEXT NOT NULL,
        -- Grows by one at every change of owner; a write must name the current one.
        epoch BIGINT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX leases_owner ON leases (owner);
    INSERT INTO leases (match_id, owner, epoch, expires_at)
        SELECT id, '', 0, now() FROM matches WHERE ended_ms IS NULL;",
    // 3: a player's live matches, read at each sign-in (a node's `welcome`
    // lists them before the other nodes' news of them has come), without
    // going through his finished ones.
    "CREATE INDEX matches_live_player0 ON matches (player0) WHERE ended_ms IS NULL;
    CREATE INDEX matches_live_player1 ON matches (player1) WHERE ended_ms IS NULL;",
    // 4: tournaments, each a list of steps (JSON) that rebuilds it; `over`
    // once its last round's results are in (only the others are loaded).
    "CREATE TABLE tournaments (
        id BIGINT PRIMARY KEY,
        over BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE tournament_steps (
        tournament_id BIGINT NOT NULL,
        seq BIGINT NOT NULL,
        step TEXT NOT NULL,
        PRIMARY KEY (tournament_id, seq)
    );",
    // 5: which node runs each tournament, and the epoch that fences its
    // steps (store/postgres/runners.rs). A tournament not over without a
    // row (one from before, or imported) is free for the first node to take.
    "CREATE TABLE tournament_runners (
        tournament_id BIGINT PRIMARY KEY,
        owner TEXT NOT NULL,
        -- Grows by one at every change of runner; a step must name the current one.
        epoch BIGINT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX tournament_runners_owner ON tournament_runners (owner);
    CREATE INDEX tournaments_running ON tournaments (id) WHERE over = 0;",
];

/// The schema version this server writes.
pub(crate) const VERSION: i32 = MIGRATIONS.len() as i32;

/// The advisory lock the migrations take (any number the server's own:
/// "mancala" in ASCII).
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

/// Bring the database's schema up to date, or refuse one too new.
pub(crate) async fn migrate(client: &mut Client, server: &str) -> Result<(), StoreError> {
    let unreachable = |source: tokio_postgres::Error| StoreError::PgUnreachable {
        server: server.to_owned(),
        source: source.into(),
    };
    let transaction = client.transaction().await.map_err(unreachable)?;
    transaction
        .execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(unreachable)?;
    // "relation already exists, skipping" at every start is no news.
    transaction
        .batch_execute("SET LOCAL client_min_messages = warning")
        .await
        .map_err(unreachable)?;
    transaction
        .batch_execute("CREATE TABLE IF NOT EXISTS mancala_schema (version INTEGER NOT NULL)")
        .await
        .map_err(|source| StoreError::PgNotWritable {
            server: server.to_owned(),
            source: source.into(),
        })?;
    let found: Option<i32> = transaction
        .query_opt("SELECT max(version) FROM mancala_schema", &[])
        .await
        .map_err(unreachable)?
        .and_then(|row| row.get(0));
    let found = found.unwrap_or(0);
    if found > VERSION {
        return Err(StoreError::PgTooNew {
            server: server.to_owned(),
            found,
            known: VERSION,
        });
    }
    for (index, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let version = index as i32 + 1;
        let applied = async {
            transaction.batch_execute(step).await?;
            transaction
                .execute("DELETE FROM mancala_schema", &[])
                .await?;
            transaction
                .execute(
                    "INSERT INTO mancala_schema (version) VALUES ($1)",
                    &[&version],
                )
                .await
        };
        applied.await.map_err(|source| StoreError::PgNotWritable {
            server: server.to_owned(),
            source: source.into(),
        })?;
        tracing::info!("database schema migrated to version {version}");
    }
    transaction.commit().await.map_err(unreachable)
}
