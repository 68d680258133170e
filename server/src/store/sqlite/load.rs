//! What the server restores at start: the players who hold a name, every
//! live match's events in order, and where the id sequence stands.

use super::recent::in_order;
use crate::rating::{Pool, Rating};
use crate::store::stored::{LOAD_RATINGS, stored_pool};
use crate::store::{Loaded, StoreError, StoredEvent, StoredPlayer, StoredSeek, TournamentSteps};
use protocol::wire::PlayerId;
use rusqlite::Connection;
use std::collections::BTreeMap;

pub(crate) fn load(connection: &Connection) -> Result<Loaded, StoreError> {
    // One snapshot: the writer may move rows between tables meanwhile.
    let connection = &connection.unchecked_transaction()?;
    // The reservation, or past any id stored should a reservation have been lost.
    let next_free: i64 = connection.query_row(
        "SELECT max((SELECT next_free FROM sequence WHERE id = 1),
                    coalesce((SELECT max(id) FROM players), 0) + 1,
                    coalesce((SELECT max(id) FROM matches), 0) + 1)",
        [],
        |row| row.get(0),
    )?;
    let mut players = Vec::new();
    let mut query = connection.prepare(
        "SELECT id, name, token_sha256, last_seen_ms, password,
                EXISTS (SELECT 1 FROM matches WHERE player0 = players.id AND ended_ms IS NOT NULL)
                OR EXISTS (SELECT 1 FROM matches WHERE player1 = players.id AND ended_ms IS NOT NULL)
         FROM players
         WHERE token_sha256 IS NOT NULL",
    )?;
    let mut rows = query.query([])?;
    while let Some(row) = rows.next()? {
        let hash: Vec<u8> = row.get(2)?;
        let Ok(token_sha256) = <[u8; 32]>::try_from(hash.as_slice()) else {
            let id: i64 = row.get(0)?;
            tracing::warn!("player {id}'s token hash is not 32 bytes; he is not restored");
            continue;
        };
        players.push(StoredPlayer {
            id: row.get::<_, i64>(0)? as u64,
            name: row.get(1)?,
            token_sha256,
            last_seen_ms: row.get::<_, i64>(3)? as u64,
            password: row.get(4)?,
            played: row.get(5)?,
        });
    }
    let mut matches: BTreeMap<u64, Vec<StoredEvent>> = BTreeMap::new();
    let mut query = connection.prepare(
        "SELECT e.match_id, e.version, e.at_us, e.event FROM matches m
         JOIN events e ON e.match_id = m.id WHERE m.ended_ms IS NULL
         UNION ALL SELECT r.match_id, r.version, r.at_us, r.event FROM matches m
         JOIN recent0 r ON r.match_id = m.id WHERE m.ended_ms IS NULL
         UNION ALL SELECT r.match_id, r.version, r.at_us, r.event FROM matches m
         JOIN recent1 r ON r.match_id = m.id WHERE m.ended_ms IS NULL",
    )?;
    let mut rows = query.query([])?;
    while let Some(row) = rows.next()? {
        let match_id = row.get::<_, i64>(0)? as u64;
        matches
            .entry(match_id)
            .or_default()
            .push(stored_event(row, 1)?);
    }
    drop(rows);
    drop(query);
    for events in matches.values_mut() {
        in_order(events, |event| event.version);
    }
    let seeks = connection
        .prepare("SELECT id, player, settings, code, rating_range FROM seeks ORDER BY id")?
        .query_map([], |row| {
            Ok(StoredSeek {
                id: row.get::<_, i64>(0)? as u64,
                player: row.get::<_, i64>(1)? as u64,
                settings_json: row.get(2)?,
                code: row.get(3)?,
                rating_range_json: row.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let ratings = load_ratings(connection)?;
    let mut tournaments: Vec<TournamentSteps> = Vec::new();
    let mut steps = connection.prepare(
        "SELECT s.tournament_id, s.step FROM tournament_steps s
         JOIN tournaments t ON t.id = s.tournament_id
         WHERE t.over = 0 ORDER BY s.tournament_id, s.seq",
    )?;
    let mut rows = steps.query([])?;
    while let Some(row) = rows.next()? {
        let id = row.get::<_, i64>(0)? as u64;
        let step: String = row.get(1)?;
        match tournaments.last_mut() {
            Some((last, list)) if *last == id => list.push(step),
            _ => tournaments.push((id, vec![step])),
        }
    }
    drop(rows);
    drop(steps);
    Ok(Loaded {
        players,
        ratings,
        seeks,
        matches: matches.into_iter().collect(),
        tournaments,
        next_free: next_free.max(1) as u64,
    })
}

/// The ratings of the players who are still known; a row of a pool this
/// server does not know is left out with a warning.
fn load_ratings(connection: &Connection) -> Result<Vec<(PlayerId, Pool, Rating)>, StoreError> {
    let mut ratings = Vec::new();
    let mut query = connection.prepare(LOAD_RATINGS)?;
    let mut rows = query.query([])?;
    while let Some(row) = rows.next()? {
        let player = PlayerId(row.get::<_, i64>(0)? as u64);
        let (variant, speed): (String, String) = (row.get(1)?, row.get(2)?);
        let Some(pool) = stored_pool(player, &variant, &speed) else {
            continue;
        };
        let rating = Rating {
            rating: row.get(3)?,
            deviation: row.get(4)?,
            volatility: row.get(5)?,
            games: row.get(6)?,
            rated_ms: row.get::<_, i64>(7)? as u64,
        };
        ratings.push((player, pool, rating));
    }
    Ok(ratings)
}

fn stored_event(row: &rusqlite::Row<'_>, from: usize) -> rusqlite::Result<StoredEvent> {
    Ok(StoredEvent {
        version: row.get::<_, i64>(from)? as u64,
        at_us: row.get::<_, i64>(from + 1)? as u64,
        json: row.get(from + 2)?,
    })
}

/// One match's events, in version order (for loading it on demand and the
/// archive). A match that has not ended may have events not yet settled;
/// finding them reads the recent tables through (at most two tables of
/// `recent::ROTATE_ROWS` rows).
pub(crate) fn match_events(
    connection: &Connection,
    match_id: u64,
) -> Result<Vec<StoredEvent>, StoreError> {
    let connection = &connection.unchecked_transaction()?;
    let mut events = connection
        .prepare_cached(
            "SELECT version, at_us, event FROM events WHERE match_id = ?1 ORDER BY version",
        )?
        .query_map([match_id as i64], |row| stored_event(row, 0))?
        .collect::<Result<Vec<_>, _>>()?;
    let mut recent = connection.prepare_cached(
        "SELECT version, at_us, event FROM recent0 WHERE match_id = ?1
         AND NOT EXISTS (SELECT 1 FROM matches WHERE id = ?1 AND ended_ms IS NOT NULL)
         UNION ALL SELECT version, at_us, event FROM recent1 WHERE match_id = ?1
         AND NOT EXISTS (SELECT 1 FROM matches WHERE id = ?1 AND ended_ms IS NOT NULL)",
    )?;
    let waiting = recent
        .query_map([match_id as i64], |row| stored_event(row, 0))?
        .collect::<Result<Vec<_>, _>>()?;
    if !waiting.is_empty() {
        events.extend(waiting);
        in_order(&mut events, |event| event.version);
    }
    Ok(events)
}
