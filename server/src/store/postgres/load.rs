//! What the server restores at start from PostgreSQL, in one snapshot
//! (a repeatable-read transaction): the players who hold a name, their
//! ratings, the open seeks, the events in order of every live match this
//! node has claimed (store/postgres/leases.rs), the steps of the
//! tournaments it runs (store/postgres/runners.rs) and where the id
//! sequence stands. The same as SQLite's (store/sqlite/load.rs).

use crate::rating::{Pool, Rating};
use crate::store::stored::{LOAD_RATINGS, stored_pool};
use crate::store::{
    FoundPlayer, Loaded, MatchEvents, PlayerLookup, StoreError, StoredEvent, StoredPlayer,
    StoredSeek, TournamentSteps,
};
use deadpool_postgres::GenericClient;
use protocol::wire::PlayerId;
use tokio_postgres::{IsolationLevel, Row};

/// Everything to restore, with the live matches `claimed` (those this
/// node holds the leases of) and the `tournaments` it runs.
pub(crate) async fn load(
    client: &mut deadpool_postgres::Client,
    claimed: &[u64],
    tournaments: &[u64],
) -> Result<Loaded, StoreError> {
    let transaction = client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    let read = |e: tokio_postgres::Error| StoreError::PgRead(e.into());
    // The reservation, or past any id stored should a reservation have been lost.
    let next_free: i64 = transaction
        .query_one(
            "SELECT greatest((SELECT next_free FROM sequence WHERE id = 1),
                             coalesce((SELECT max(id) FROM players), 0) + 1,
                             coalesce((SELECT max(id) FROM matches), 0) + 1)",
            &[],
        )
        .await
        .map_err(read)?
        .get(0);
    let players = transaction
        .query(&format!("{PLAYERS} WHERE token_sha256 IS NOT NULL"), &[])
        .await
        .map_err(read)?
        .iter()
        .filter_map(stored_player)
        .collect();
    let matches = events_of(&transaction, claimed).await?;
    let seeks = transaction
        .query(
            "SELECT id, player, settings, code, rating_range FROM seeks ORDER BY id",
            &[],
        )
        .await
        .map_err(read)?
        .iter()
        .map(|row| StoredSeek {
            id: row.get::<_, i64>(0) as u64,
            player: row.get::<_, i64>(1) as u64,
            settings_json: row.get(2),
            code: row.get(3),
            rating_range_json: row.get(4),
        })
        .collect();
    let ratings = load_ratings(&transaction, LOAD_RATINGS, &[]).await?;
    let tournaments = steps_of(&transaction, tournaments).await?;
    transaction.commit().await.map_err(read)?;
    Ok(Loaded {
        players,
        ratings,
        seeks,
        matches,
        tournaments,
        next_free: next_free.max(1) as u64,
    })
}

/// The events of the matches `ids`, each match's in version order.
pub(crate) async fn events_of(
    client: &impl GenericClient,
    ids: &[u64],
) -> Result<Vec<MatchEvents>, StoreError> {
    let ids: Vec<i64> = ids.iter().map(|&id| id as i64).collect();
    let mut matches: Vec<MatchEvents> = Vec::new();
    for row in client
        .query(
            "SELECT match_id, version, at_us, event FROM events WHERE match_id = ANY($1)
             ORDER BY match_id, version",
            &[&ids],
        )
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?
    {
        let match_id = row.get::<_, i64>(0) as u64;
        let event = stored_event(&row, 1);
        match matches.last_mut() {
            Some((id, events)) if *id == match_id => events.push(event),
            _ => matches.push((match_id, vec![event])),
        }
    }
    Ok(matches)
}

/// Players as stored, with whether a match of theirs has ended.
const PLAYERS: &str = "SELECT id, name, token_sha256, last_seen_ms, password,
        EXISTS (SELECT 1 FROM matches WHERE player0 = players.id AND ended_ms IS NOT NULL)
        OR EXISTS (SELECT 1 FROM matches WHERE player1 = players.id AND ended_ms IS NOT NULL)
    FROM players";

/// The player in `row` (of [`PLAYERS`]); `None`, with a warning, for one
/// whose token hash is damaged.
fn stored_player(row: &Row) -> Option<StoredPlayer> {
    let id: i64 = row.get(0);
    let hash: Vec<u8> = row.get(2);
    let Ok(token_sha256) = <[u8; 32]>::try_from(hash.as_slice()) else {
        tracing::warn!("player {id}'s token hash is not 32 bytes; he is not restored");
        return None;
    };
    Some(StoredPlayer {
        id: id as u64,
        name: row.get(1),
        token_sha256,
        last_seen_ms: row.get::<_, i64>(3) as u64,
        password: row.get(4),
        played: row.get(5),
    })
}

/// The player who holds the token or the name of `lookup`, with his
/// ratings, if anyone does.
pub(crate) async fn find_player(
    client: &impl GenericClient,
    lookup: &PlayerLookup,
) -> Result<Option<FoundPlayer>, StoreError> {
    let read = |e: tokio_postgres::Error| StoreError::PgRead(e.into());
    let row = match lookup {
        PlayerLookup::Token(hash) => {
            let sql = format!("{PLAYERS} WHERE token_sha256 = $1");
            client.query_opt(&sql, &[&hash.as_slice()]).await
        }
        PlayerLookup::NameKey(key) => {
            let sql = format!("{PLAYERS} WHERE name_key = $1");
            client.query_opt(&sql, &[key]).await
        }
    }
    .map_err(read)?;
    let Some(player) = row.as_ref().and_then(stored_player) else {
        return Ok(None);
    };
    let sql = format!("{LOAD_RATINGS} AND r.player = $1");
    let ratings = load_ratings(client, &sql, &[&(player.id as i64)]).await?;
    Ok(Some(FoundPlayer { player, ratings }))
}

/// The ratings of `players`.
pub(crate) async fn player_ratings(
    client: &impl GenericClient,
    players: [u64; 2],
) -> Result<Vec<(PlayerId, Pool, Rating)>, StoreError> {
    let ids: Vec<i64> = players.iter().map(|&id| id as i64).collect();
    let sql = format!("{LOAD_RATINGS} AND r.player = ANY($1)");
    load_ratings(client, &sql, &[&ids]).await
}

/// The ratings `sql` (of [`LOAD_RATINGS`]'s columns) selects; a row of a
/// pool this server does not know is left out with a warning.
async fn load_ratings(
    client: &impl GenericClient,
    sql: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<Vec<(PlayerId, Pool, Rating)>, StoreError> {
    let rows = client
        .query(sql, params)
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    let mut ratings = Vec::with_capacity(rows.len());
    for row in rows {
        let player = PlayerId(row.get::<_, i64>(0) as u64);
        let (variant, speed): (String, String) = (row.get(1), row.get(2));
        let Some(pool) = stored_pool(player, &variant, &speed) else {
            continue;
        };
        let rating = Rating {
            rating: row.get(3),
            deviation: row.get(4),
            volatility: row.get(5),
            games: row.get::<_, i32>(6).max(0) as u32,
            rated_ms: row.get::<_, i64>(7) as u64,
        };
        ratings.push((player, pool, rating));
    }
    Ok(ratings)
}

/// The event in `row`'s columns `from` (version), `from + 1` (time) and
/// `from + 2` (JSON).
pub(crate) fn stored_event(row: &Row, from: usize) -> StoredEvent {
    StoredEvent {
        version: row.get::<_, i64>(from) as u64,
        at_us: row.get::<_, i64>(from + 1) as u64,
        json: row.get(from + 2),
    }
}

/// The steps of the tournaments `ids`, each tournament's in order.
pub(crate) async fn steps_of(
    client: &impl GenericClient,
    ids: &[u64],
) -> Result<Vec<TournamentSteps>, StoreError> {
    let ids: Vec<i64> = ids.iter().map(|&id| id as i64).collect();
    let rows = client
        .query(
            "SELECT tournament_id, step FROM tournament_steps
             WHERE tournament_id = ANY($1) ORDER BY tournament_id, seq",
            &[&ids],
        )
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    let mut tournaments: Vec<TournamentSteps> = Vec::new();
    for row in &rows {
        let id = row.get::<_, i64>(0) as u64;
        let step: String = row.get(1);
        match tournaments.last_mut() {
            Some((last, list)) if *last == id => list.push(step),
            _ => tournaments.push((id, vec![step])),
        }
    }
    Ok(tournaments)
}

/// Which of the matches `ids` have ended.
pub(crate) async fn ended_matches(
    client: &impl GenericClient,
    ids: &[u64],
) -> Result<Vec<u64>, StoreError> {
    let ids: Vec<i64> = ids.iter().map(|&id| id as i64).collect();
    let rows = client
        .query(
            "SELECT id FROM matches WHERE id = ANY($1) AND ended_ms IS NOT NULL ORDER BY id",
            &[&ids],
        )
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    Ok(rows.iter().map(|row| row.get::<_, i64>(0) as u64).collect())
}

/// The newest `limit` tournaments' ids, the newest first.
pub(crate) async fn newest_tournaments(
    client: &impl GenericClient,
    limit: u32,
) -> Result<Vec<u64>, StoreError> {
    let statement = client
        .prepare_cached("SELECT id FROM tournaments ORDER BY id DESC LIMIT $1")
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    let rows = client
        .query(&statement, &[&i64::from(limit)])
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    Ok(rows.iter().map(|row| row.get::<_, i64>(0) as u64).collect())
}

/// Tournament `id`'s steps from `from` on, in order.
pub(crate) async fn tournament_steps(
    client: &impl GenericClient,
    id: u64,
    from: u32,
) -> Result<Vec<String>, StoreError> {
    let statement = client
        .prepare_cached(
            "SELECT step FROM tournament_steps WHERE tournament_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    let rows = client
        .query(&statement, &[&(id as i64), &i64::from(from)])
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    Ok(rows.iter().map(|row| row.get(0)).collect())
}

/// One match's events, in version order.
pub(crate) async fn match_events(
    client: &impl GenericClient,
    match_id: u64,
) -> Result<Vec<StoredEvent>, StoreError> {
    let statement = client
        .prepare_cached(
            "SELECT version, at_us, event FROM events WHERE match_id = $1 ORDER BY version",
        )
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    let rows = client
        .query(&statement, &[&(match_id as i64)])
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    Ok(rows.iter().map(|row| stored_event(row, 0)).collect())
}
