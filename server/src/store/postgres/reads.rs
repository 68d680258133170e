//! Reading matches back from PostgreSQL for the archive and for players'
//! pages: a match's header row, a player's matches newest first a page at
//! a time, his record and his rating history. The same answers as SQLite's
//! (store/sqlite/matches.rs).

use crate::store::{MatchPage, MatchRow, StoreError};
use deadpool_postgres::GenericClient;
use protocol::api::{HistoryRow, Record, Tally};
use tokio_postgres::Row;

/// The 15th column is the number of events, that is the last version
/// stored (versions count from 1); the last, the node serving a live match.
const COLUMNS: &str = "id, player0, name0, player1, name1, settings, first_seat, started_ms, \
    ended_ms, end_reason, points0, points1, winner, rematch_id, \
    coalesce((SELECT max(version) FROM events e WHERE e.match_id = matches.id), 0), \
    CASE WHEN ended_ms IS NULL THEN \
        (SELECT owner FROM leases l WHERE l.match_id = matches.id AND l.owner <> '') END";

fn match_row(row: &Row) -> MatchRow {
    let points = match (row.get::<_, Option<f64>>(10), row.get::<_, Option<f64>>(11)) {
        (Some(a), Some(b)) => Some([a, b]),
        _ => None,
    };
    let seat = |i| row.get::<_, Option<i32>>(i).map(|seat| seat as u8);
    MatchRow {
        id: row.get::<_, i64>(0) as u64,
        players: [
            (row.get::<_, i64>(1) as u64, row.get(2)),
            (row.get::<_, i64>(3) as u64, row.get(4)),
        ],
        settings_json: row.get(5),
        first_seat: seat(6),
        started_ms: row.get::<_, i64>(7) as u64,
        ended_ms: row.get::<_, Option<i64>>(8).map(|v| v as u64),
        end_reason: row.get(9),
        points,
        winner: seat(12),
        rematch_id: row.get::<_, Option<i64>>(13).map(|v| v as u64),
        events: row.get::<_, i64>(14) as u64,
        owner: row.get(15),
    }
}

/// Run the cached statement `sql` with `params`: its rows.
async fn rows(
    client: &impl GenericClient,
    sql: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<Vec<Row>, StoreError> {
    let statement = client
        .prepare_cached(sql)
        .await
        .map_err(|e| StoreError::PgRead(e.into()))?;
    client
        .query(&statement, params)
        .await
        .map_err(|e| StoreError::PgRead(e.into()))
}

/// Match `id`'s header, if it was ever stored.
pub(crate) async fn find_match(
    client: &impl GenericClient,
    id: u64,
) -> Result<Option<MatchRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM matches WHERE id = $1");
    let found = rows(client, &sql, &[&(id as i64)]).await?;
    Ok(found.first().map(match_row))
}

/// The player now holding the name whose key is `name_key`: his id and
/// name as written.
pub(crate) async fn find_player(
    client: &impl GenericClient,
    name_key: &str,
) -> Result<Option<(u64, String)>, StoreError> {
    let found = rows(
        client,
        "SELECT id, name FROM players WHERE name_key = $1",
        &[&name_key],
    )
    .await?;
    Ok(found
        .first()
        .map(|row| (row.get::<_, i64>(0) as u64, row.get(1))))
}

/// A page of `player`'s matches, newest first.
pub(crate) async fn player_matches(
    client: &impl GenericClient,
    player: u64,
    page: MatchPage,
) -> Result<Vec<MatchRow>, StoreError> {
    let before = page.before.map_or(i64::MAX, |b| b as i64);
    let sql = format!(
        "SELECT {COLUMNS} FROM matches WHERE id IN (
             SELECT id FROM matches WHERE player0 = $1 AND id < $2
             UNION ALL SELECT id FROM matches WHERE player1 = $1 AND id < $2)
         ORDER BY id DESC LIMIT $3"
    );
    let found = rows(
        client,
        &sql,
        &[&(player as i64), &before, &i64::from(page.limit)],
    )
    .await?;
    Ok(found.iter().map(match_row).collect())
}

/// The live matches `player` plays, by id.
pub(crate) async fn live_matches_of(
    client: &impl GenericClient,
    player: u64,
) -> Result<Vec<u64>, StoreError> {
    let sql = "SELECT id FROM matches WHERE ended_ms IS NULL AND player0 = $1
               UNION SELECT id FROM matches WHERE ended_ms IS NULL AND player1 = $1
               ORDER BY id";
    let found = rows(client, sql, &[&(player as i64)]).await?;
    Ok(found
        .iter()
        .map(|row| row.get::<_, i64>(0) as u64)
        .collect())
}

/// `player`'s record.
pub(crate) async fn player_record(
    client: &impl GenericClient,
    player: u64,
) -> Result<Record, StoreError> {
    // Each of his matches seen from his seat: his games won, the other's,
    // draws, and whether he won the match (NULL: level).
    let sql = "SELECT coalesce(sum(mine), 0)::BIGINT, coalesce(sum(theirs), 0)::BIGINT,
                      coalesce(sum(drawn), 0)::BIGINT,
                      count(*) FILTER (WHERE won), count(*) FILTER (WHERE won IS NULL),
                      count(*) FILTER (WHERE NOT won)
               FROM (SELECT won0 AS mine, won1 AS theirs, drawn, winner = 0 AS won FROM matches
                     WHERE player0 = $1 AND ended_ms IS NOT NULL AND end_reason != 'aborted'
                     UNION ALL
                     SELECT won1, won0, drawn, winner = 1 FROM matches
                     WHERE player1 = $1 AND ended_ms IS NOT NULL AND end_reason != 'aborted') mine";
    let found = rows(client, sql, &[&(player as i64)]).await?;
    let Some(row) = found.first() else {
        return Ok(Record::default());
    };
    let count = |i| row.get::<_, i64>(i).max(0) as u64;
    Ok(Record {
        games: Tally {
            won: count(0),
            lost: count(1),
            drawn: count(2),
        },
        matches: Tally {
            won: count(3),
            drawn: count(4),
            lost: count(5),
        },
    })
}

/// `player`'s rating history, oldest first, at most `limit` rows (the newest).
pub(crate) async fn rating_history(
    client: &impl GenericClient,
    player: u64,
    limit: u32,
) -> Result<Vec<HistoryRow>, StoreError> {
    let found = rows(
        client,
        "SELECT match_id, variant, speed, before, rating, deviation, games, at_ms FROM (
             SELECT * FROM rating_history WHERE player = $1 ORDER BY at_ms DESC, match_id DESC
             LIMIT $2) newest
         ORDER BY at_ms, match_id",
        &[&(player as i64), &i64::from(limit)],
    )
    .await?;
    Ok(found
        .iter()
        .map(|row| HistoryRow {
            match_id: row.get::<_, i64>(0) as u64,
            variant: row.get(1),
            speed: row.get(2),
            before: row.get(3),
            rating: row.get(4),
            deviation: row.get(5),
            games: row.get::<_, i32>(6).max(0) as u32,
            at_ms: row.get::<_, i64>(7) as u64,
        })
        .collect())
}
