//! The archive over HTTP, read from the journal: a whole match as JSON
//! (`GET /api/matches/{id}`), its games as records in the notation of
//! docs/RECORDS.md (`.../record`), and a player's matches, newest first, a
//! page at a time (`GET /api/players/{name}/matches?before=ID&limit=N`).
//! Live matches are there too, as far as they have been played.

use crate::api::answer::{Answer, error, json, try_again};
use crate::api::answers::Key;
use crate::api::answers::{Answers, Kept};
use crate::api::routes::ArchiveRequest;
use crate::clock::Millis;
use crate::game::event::{EventKind, Told};
use crate::game::journal;
use crate::players::names::name_key;
use crate::store::{ArchivedRows, MatchPage, MatchRow, Store, StoreError, StoredEvent};
use protocol::api::{ArchivedGame, ArchivedMatch, ArchivedMove, MatchLine, PlayerMatches, Restart};
use protocol::rules::{GameRecord, Move};
use protocol::wire::{MatchId, MatchSettings, PlayerRef, Seat};
use std::collections::BTreeMap;

/// Answer `request` from `store`, or from the answers kept of finished
/// matches; a match that ended before `settled_before` (no rematch can be
/// agreed on it any more) has its answer kept.
pub(crate) async fn answer(
    store: &Store,
    answers: &Answers,
    request: ArchiveRequest,
    settled_before: Millis,
) -> Answer {
    let key = match request {
        ArchiveRequest::Match(id) => Some(Key::Match(id)),
        ArchiveRequest::Record(id) => Some(Key::Record(id)),
        ArchiveRequest::PlayerMatches { .. } => None,
    };
    if let Some(kept) = key.and_then(|key| answers.get(key)) {
        return Answer::kept(kept);
    }
    // A match being played is read again only once it has a new event:
    // until then its last answer holds (200 clients re-reading one live
    // match made the readers the server's busiest threads).
    let live = key.and_then(|key| answers.get_live(key));
    let read = match request {
        ArchiveRequest::Match(id) => {
            read_archived(store, id, live, settled_before, |row, events| {
                json(&whole_match(row, events))
            })
            .await
        }
        ArchiveRequest::Record(id) => read_archived(store, id, live, settled_before, records).await,
        ArchiveRequest::PlayerMatches {
            name,
            before,
            limit,
        } => {
            let page = MatchPage { before, limit };
            match store.player_matches(name_key(&name), page).await {
                Ok(Some(Some(rows))) => Ok(Read::Made {
                    answer: json(&player_page(rows.name, &rows.matches, limit)),
                    settled: false,
                    version: None,
                }),
                Ok(Some(None)) => Err(error(
                    "404 Not Found",
                    "no_such_player",
                    format!("no player '{name}'"),
                )),
                Ok(None) => Err(no_archive()),
                Err(e) => Err(unreadable(e)),
            }
        }
    };
    match (read, key) {
        (Ok(Read::Same(kept, settled)), key) => {
            answers.hit();
            if let (true, Some(key)) = (settled, key) {
                // Settled since: kept for good now.
                answers.keep(
                    key,
                    Kept {
                        version: None,
                        ..kept.clone()
                    },
                );
            }
            Answer::kept(kept)
        }
        (
            Ok(Read::Made {
                answer,
                settled,
                version,
            }),
            Some(key),
        ) => answer.keep_if(settled, version, answers, key),
        (Ok(Read::Made { answer, .. }), None) | (Err(answer), _) => answer,
    }
}

/// What a read for an answer found.
enum Read {
    /// The kept answer of a live match still holds; whether the match is
    /// settled now.
    Same(Kept, bool),
    /// A new answer, whether its match is settled, and the match's last
    /// event version when it was made.
    Made {
        answer: Answer,
        settled: bool,
        version: Option<u64>,
    },
}

/// Match `id`'s answer as `make` builds it from the archive, or `live`
/// (its kept answer while it was played) if it has no new event. A match
/// that ended before `settled_before` is settled: no rematch can be
/// agreed on it any more.
async fn read_archived(
    store: &Store,
    id: u64,
    live: Option<Kept>,
    settled_before: Millis,
    make: impl FnOnce(&MatchRow, &[Told]) -> Answer,
) -> Result<Read, Answer> {
    let settled = |row: &MatchRow| row.ended_ms.is_some_and(|t| t < settled_before);
    let known = live.as_ref().and_then(|kept| kept.version);
    match store.archived_match(id, known).await {
        Ok(Some(ArchivedRows::Unchanged(row))) => match live {
            Some(kept) => Ok(Read::Same(kept, settled(&row))),
            None => Err(unreadable(StoreError::Stopped)),
        },
        Ok(Some(ArchivedRows::Found(row, stored))) => {
            let events = replayed(id, &stored)?;
            Ok(Read::Made {
                answer: make(&row, &events),
                settled: settled(&row),
                version: Some(row.events),
            })
        }
        Ok(Some(ArchivedRows::Missing)) => Err(no_such_match(id)),
        Ok(None) => Err(no_archive()),
        Err(e) => Err(unreadable(e)),
    }
}

/// Match `id` as the archive has it, or the answer saying why not.
pub(super) async fn read_match(store: &Store, id: u64) -> Result<ArchivedMatch, Answer> {
    match store.archived_match(id, None).await {
        Ok(Some(ArchivedRows::Found(row, stored))) => {
            Ok(whole_match(&row, &replayed(id, &stored)?))
        }
        Ok(Some(ArchivedRows::Missing | ArchivedRows::Unchanged(_))) => Err(no_such_match(id)),
        Ok(None) => Err(no_archive()),
        Err(e) => Err(unreadable(e)),
    }
}

/// Match `id`'s events, replayed rather than only decoded: the replay
/// gives each move's sowing events and legal houses, which are not stored.
fn replayed(id: u64, stored: &[StoredEvent]) -> Result<Vec<Told>, Answer> {
    journal::restore(stored)
        .map(|(_, events)| events)
        .map_err(|e| {
            error(
                "500 Internal Server Error",
                "damaged",
                format!("match {id}'s journal cannot be read: {e}"),
            )
        })
}

fn no_such_match(id: u64) -> Answer {
    error(
        "404 Not Found",
        "no_such_match",
        format!("no match {id} in the archive"),
    )
}

/// Without a journal (`:memory:`) there is no archive.
fn no_archive() -> Answer {
    error(
        "404 Not Found",
        "no_archive",
        "this server keeps no archive (--database :memory:)".into(),
    )
}

/// The journal could not answer: busy (try again in a moment) or failing.
fn unreadable(e: StoreError) -> Answer {
    match e {
        StoreError::Busy => try_again(
            "503 Service Unavailable",
            "busy",
            StoreError::Busy.to_string(),
            1,
        ),
        e => error("503 Service Unavailable", "unavailable", e.to_string()),
    }
}

fn whole_match(row: &MatchRow, events: &[Told]) -> ArchivedMatch {
    let mut archived = ArchivedMatch {
        match_id: MatchId(row.id),
        players: players(row),
        settings: settings(row),
        started_at_ms: row.started_ms,
        ended_at_ms: row.ended_ms,
        end_reason: None,
        points: [0.0; 2],
        winner: None,
        ratings: None,
        rematch_id: row.rematch_id.map(MatchId),
        games: Vec::new(),
        restarts: Vec::new(),
        owner: row.owner.clone(),
    };
    for Told { event, after } in events {
        let at_ms = event.at_us / 1000;
        match &event.kind {
            EventKind::GameStarted { game, first } => archived.games.push(ArchivedGame {
                game: *game,
                first: *first,
                started_at_ms: at_ms,
                ended_at_ms: None,
                position: after.position.clone(),
                legal: after.legal.clone(),
                moves: Vec::new(),
                outcome: None,
                points: None,
            }),
            EventKind::MovePlayed {
                ply, seat, house, ..
            } => {
                if let Some(game) = archived.games.last_mut() {
                    game.moves.push(ArchivedMove {
                        ply: *ply,
                        seat: *seat,
                        house: *house,
                        label: after.label.clone(),
                        played_at_us: event.at_us,
                        clocks: after.clocks,
                        events: after.steps.clone(),
                        position: after.position.clone(),
                        next: after.next,
                        legal: after.legal.clone(),
                    });
                }
            }
            EventKind::GameEnded {
                outcome, points, ..
            } => {
                archived.points = *points;
                if let Some(game) = archived.games.last_mut() {
                    game.ended_at_ms = Some(at_ms);
                    game.outcome = Some(*outcome);
                    game.points = Some(*points);
                }
            }
            EventKind::MatchEnded {
                reason,
                points,
                winner,
                ratings,
            } => {
                archived.end_reason = Some(*reason);
                archived.points = *points;
                archived.winner = *winner;
                archived.ratings = ratings.map(|seats| seats.map(|rated| rated.change()));
            }
            EventKind::ServerRestarted { paused_ms, .. } => archived.restarts.push(Restart {
                at_ms,
                paused_ms: *paused_ms,
            }),
            _ => {}
        }
    }
    archived
}

/// Every game of the match as a record, one after another; each starts
/// with its `[variant ...]` tag. `player0` is the game's first mover.
fn records(row: &MatchRow, events: &[Told]) -> Answer {
    let archived = whole_match(row, events);
    let Some(settings) = archived.settings else {
        return error(
            "500 Internal Server Error",
            "damaged",
            format!("match {}'s settings cannot be read", row.id),
        );
    };
    let mut text = String::new();
    for game in &archived.games {
        let moves: Vec<Move> = game
            .moves
            .iter()
            .filter_map(|m| Move::from_number(i64::from(m.house)).ok())
            .collect();
        let record = match GameRecord::from_moves(settings.ruleset, &moves) {
            Ok(record) => record,
            Err(e) => {
                return error(
                    "500 Internal Server Error",
                    "damaged",
                    format!("game {} of match {}: {e}", game.game, row.id),
                );
            }
        };
        let name = |seat: Seat| archived.players[seat.index()].name.clone();
        let tags = BTreeMap::from([
            ("match".to_owned(), row.id.to_string()),
            ("game".to_owned(), game.game.to_string()),
            ("player0".to_owned(), name(game.first)),
            ("player1".to_owned(), name(game.first.opponent())),
        ]);
        text.push_str(&GameRecord::new(record.game().clone(), tags).to_text());
        text.push('\n');
    }
    Answer {
        status: "200 OK",
        content_type: "text/plain; charset=utf-8",
        body: text.trim_end().into(),
        retry_after_s: None,
    }
}

/// The row's players, seat 0 first.
fn players(row: &MatchRow) -> [PlayerRef; 2] {
    row.players.clone().map(|(id, name)| PlayerRef {
        id: protocol::wire::PlayerId(id),
        name,
    })
}

/// The row's settings, `None` if they do not read.
fn settings(row: &MatchRow) -> Option<MatchSettings> {
    serde_json::from_str(&row.settings_json).ok()
}

fn seat(index: u8) -> Option<Seat> {
    Seat::from_index(usize::from(index))
}

fn player_page(name: String, rows: &[MatchRow], limit: u32) -> PlayerMatches {
    let matches = match_lines(rows);
    let next_before = (rows.len() == limit as usize)
        .then(|| rows.last().map(|r| r.id))
        .flatten();
    PlayerMatches {
        name,
        matches,
        next_before,
    }
}

/// The lines of a player's list of matches (his page, his profile).
pub(crate) fn match_lines(rows: &[MatchRow]) -> Vec<MatchLine> {
    rows.iter()
        .map(|row| MatchLine {
            match_id: MatchId(row.id),
            players: players(row),
            settings: settings(row),
            first: row.first_seat.and_then(seat),
            events: row.events,
            started_at_ms: row.started_ms,
            ended_at_ms: row.ended_ms,
            end_reason: row.end_reason.clone(),
            points: row.points,
            winner: row.winner.and_then(seat),
            rematch_id: row.rematch_id.map(MatchId),
        })
        .collect()
}
