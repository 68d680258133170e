//! Reading finished (and live) matches back for the archive: a match's
//! header row, and a player's matches newest first, a page at a time.

use crate::store::{MatchPage, MatchRow, StoreError};
use protocol::api::{HistoryRow, Record, Tally};
use rusqlite::{Connection, OptionalExtension, Row, params};

/// The last column is the number of events, that is the last version
/// stored (versions count from 1): an ended match has them all in `events`,
/// a live one may have some in the recent tables yet (read through).
const COLUMNS: &str = "id, player0, name0, player1, name1, settings, first_seat, started_ms, \
    ended_ms, end_reason, points0, points1, winner, rematch_id, \
    max(coalesce((SELECT max(version) FROM events e WHERE e.match_id = matches.id), 0), \
        CASE WHEN ended_ms IS NULL THEN max( \
            coalesce((SELECT max(version) FROM recent0 r WHERE r.match_id = matches.id), 0), \
            coalesce((SELECT max(version) FROM recent1 r WHERE r.match_id = matches.id), 0)) \
        ELSE 0 END)";

fn match_row(row: &Row<'_>) -> rusqlite::Result<MatchRow> {
    let points = match (
        row.get::<_, Option<f64>>(10)?,
        row.get::<_, Option<f64>>(11)?,
    ) {
        (Some(a), Some(b)) => Some([a, b]),
        _ => None,
    };
    Ok(MatchRow {
        id: row.get::<_, i64>(0)? as u64,
        players: [
            (row.get::<_, i64>(1)? as u64, row.get(2)?),
            (row.get::<_, i64>(3)? as u64, row.get(4)?),
        ],
        settings_json: row.get(5)?,
        first_seat: row.get(6)?,
        started_ms: row.get::<_, i64>(7)? as u64,
        ended_ms: row.get::<_, Option<i64>>(8)?.map(|v| v as u64),
        end_reason: row.get(9)?,
        points,
        winner: row.get(12)?,
        rematch_id: row.get::<_, Option<i64>>(13)?.map(|v| v as u64),
        events: row.get::<_, i64>(14)? as u64,
        // One server serves every match of its file.
        owner: None,
    })
}

/// Match `id`'s header, if it was ever stored.
pub(crate) fn find_match(connection: &Connection, id: u64) -> Result<Option<MatchRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM matches WHERE id = ?1");
    Ok(connection
        .prepare_cached(&sql)?
        .query_row([id as i64], match_row)
        .optional()?)
}

/// The player now holding the name whose key (`players::names::name_key`)
/// is `name_key`: his id and name as written.
pub(crate) fn find_player(
    connection: &Connection,
    name_key: &str,
) -> Result<Option<(u64, String)>, StoreError> {
    Ok(connection
        .prepare_cached("SELECT id, name FROM players WHERE name_key = ?1")?
        .query_row([name_key], |row| {
            Ok((row.get::<_, i64>(0)? as u64, row.get(1)?))
        })
        .optional()?)
}

/// A page of `player`'s matches, newest first.
pub(crate) fn player_matches(
    connection: &Connection,
    player: u64,
    page: MatchPage,
) -> Result<Vec<MatchRow>, StoreError> {
    let before = page.before.map_or(i64::MAX, |b| b as i64);
    let sql = format!(
        "SELECT {COLUMNS} FROM matches WHERE id IN (
             SELECT id FROM matches WHERE player0 = ?1 AND id < ?2
             UNION ALL SELECT id FROM matches WHERE player1 = ?1 AND id < ?2)
         ORDER BY id DESC LIMIT ?3"
    );
    let rows = connection
        .prepare_cached(&sql)?
        .query_map(
            params![player as i64, before, i64::from(page.limit)],
            match_row,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// `player`'s record.
pub(crate) fn player_record(connection: &Connection, player: u64) -> Result<Record, StoreError> {
    // Each of his matches seen from his seat: his games won, the other's, draws,
    // and the match's winner as 1 (him), 0 (the other) or NULL (level).
    let sql = "SELECT coalesce(sum(mine), 0), coalesce(sum(theirs), 0), coalesce(sum(drawn), 0),
                      coalesce(sum(won = 1), 0), coalesce(sum(won IS NULL), 0), coalesce(sum(won = 0), 0)
               FROM (SELECT won0 AS mine, won1 AS theirs, drawn, winner = 0 AS won FROM matches
                     WHERE player0 = ?1 AND ended_ms IS NOT NULL AND end_reason != 'aborted'
                     UNION ALL
                     SELECT won1, won0, drawn, winner = 1 FROM matches
                     WHERE player1 = ?1 AND ended_ms IS NOT NULL AND end_reason != 'aborted')";
    let record = connection
        .prepare_cached(sql)?
        .query_row([player as i64], |row| {
            let count = |i| row.get::<_, i64>(i).map(|n| n as u64);
            Ok(Record {
                games: Tally {
                    won: count(0)?,
                    lost: count(1)?,
                    drawn: count(2)?,
                },
                matches: Tally {
                    won: count(3)?,
                    drawn: count(4)?,
                    lost: count(5)?,
                },
            })
        })?;
    Ok(record)
}

/// `player`'s rating history, oldest first, at most `limit` rows (the newest).
pub(crate) fn rating_history(
    connection: &Connection,
    player: u64,
    limit: u32,
) -> Result<Vec<HistoryRow>, StoreError> {
    let rows = connection
        .prepare_cached(
            "SELECT match_id, variant, speed, before, rating, deviation, games, at_ms FROM (
                 SELECT * FROM rating_history WHERE player = ?1 ORDER BY at_ms DESC, match_id DESC
                 LIMIT ?2)
             ORDER BY at_ms, match_id",
        )?
        .query_map(params![player as i64, i64::from(limit)], |row| {
            Ok(HistoryRow {
                match_id: row.get::<_, i64>(0)? as u64,
                variant: row.get(1)?,
                speed: row.get(2)?,
                before: row.get(3)?,
                rating: row.get(4)?,
                deviation: row.get(5)?,
                games: row.get(6)?,
                at_ms: row.get::<_, i64>(7)? as u64,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}
