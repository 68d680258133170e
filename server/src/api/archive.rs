//! The archive over HTTP, read from the journal: a whole match as JSON
//! (`GET /api/matches/{id}`), its games as records in the notation of
//! docs/RECORDS.md (`.../record`), and a player's matches, newest first, a
//! page at a time (`GET /api/players/{name}/matches?before=ID&limit=N`).
//! Live matches are there too, as far as they have been played.

use crate::api::answers::{Answers, Kept, Key, Refusal};
use crate::clock::Millis;
use crate::game::event::{EventKind, Told};
use crate::game::journal;
use crate::store::{self, MatchPage, MatchRow, Store, StoreError};
use protocol::rules::{Board, GameRecord, Move, MoveEvent};
use protocol::wire::{
    Clocks, GameOutcome, MatchEndReason, MatchId, MatchSettings, PlayerRef, Seat,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The most matches one page lists, and how many when the client does not say.
const MAX_PAGE: u32 = 100;
const DEFAULT_PAGE: u32 = 20;

/// A request under `/api/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ApiRequest {
    /// Answered from the journal here ([`answer`]).
    Archive(ArchiveRequest),
    /// A player's profile (answered by the profile pages).
    Player(String),
    /// A pool's leaderboard (answered by the profile pages).
    Leaderboard(crate::rating::Pool),
    /// Every move of a match reviewed by the engine, each position searched
    /// `depth` plies ([`analysis`]).
    Analysis { id: u64, depth: u8 },
}

/// A request for the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ArchiveRequest {
    Match(u64),
    Record(u64),
    PlayerMatches {
        name: String,
        before: Option<u64>,
        limit: u32,
    },
}

/// Why a path under `/api/` is refused: it names no endpoint (404), or an
/// endpoint with an id or parameter that cannot be one (400).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ApiRefusal {
    NotFound(String),
    BadRequest(String),
}

/// Which request `path` (and its `query`) is; `None` when the path is
/// not under `/api/`, `Err` when it is but names nothing or is malformed.
/// Path segments are percent-decoded, so a name in any script reaches the
/// lookup as the browser sent it.
pub(crate) fn route(path: &str, query: &str) -> Option<Result<ApiRequest, ApiRefusal>> {
    let rest = path.strip_prefix("/api/")?;
    let decoded: Result<Vec<String>, ApiRefusal> = rest
        .split('/')
        .map(|part| {
            percent_encoding::percent_decode_str(part)
                .decode_utf8()
                .map(|text| text.into_owned())
                .map_err(|_| ApiRefusal::BadRequest(format!("'{part}' is not UTF-8 once decoded")))
        })
        .collect();
    let parts = match decoded {
        Ok(parts) => parts,
        Err(refusal) => return Some(Err(refusal)),
    };
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let id = |text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("'{text}' is not a match id"))
    };
    let bad = ApiRefusal::BadRequest;
    Some(match parts.as_slice() {
        ["matches", match_id] => id(match_id)
            .map(|id| ApiRequest::Archive(ArchiveRequest::Match(id)))
            .map_err(bad),
        ["matches", match_id, "record"] => id(match_id)
            .map(|id| ApiRequest::Archive(ArchiveRequest::Record(id)))
            .map_err(bad),
        ["matches", match_id, "analysis"] => id(match_id)
            .and_then(|id| analysis_depth(query).map(|depth| ApiRequest::Analysis { id, depth }))
            .map_err(bad),
        ["players", name] => Ok(ApiRequest::Player((*name).to_owned())),
        ["leaderboard"] => crate::rating::pool_of(query)
            .map(ApiRequest::Leaderboard)
            .map_err(bad),
        ["players", name, "matches"] => page(query)
            .map(|(before, limit)| {
                ApiRequest::Archive(ArchiveRequest::PlayerMatches {
                    name: (*name).to_owned(),
                    before,
                    limit,
                })
            })
            .map_err(bad),
        _ => Err(ApiRefusal::NotFound(format!(
            "no such endpoint: {path} (there are /api/matches/ID, \
             /api/matches/ID/record, /api/matches/ID/analysis, /api/players/NAME, /api/players/NAME/matches \
             and /api/leaderboard?variant=V&speed=S)"
        ))),
    })
}

/// `before` and `limit` from a query string.
fn page(query: &str) -> Result<(Option<u64>, u32), String> {
    let (mut before, mut limit) = (None, DEFAULT_PAGE);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("{key} must be a number, not '{value}'"))?;
        match key {
            "before" => before = Some(number),
            "limit" if (1..=u64::from(MAX_PAGE)).contains(&number) => limit = number as u32,
            "limit" => return Err(format!("limit is 1 to {MAX_PAGE}")),
            _ => return Err(format!("unknown parameter '{key}' (before, limit)")),
        }
    }
    Ok((before, limit))
}

/// An answer: status line, content type, body, and for a refusal that
/// passes, in how many seconds to ask again (`Retry-After`).
pub(crate) struct Answer {
    pub(crate) status: &'static str,
    pub(crate) content_type: &'static str,
    pub(crate) body: Arc<str>,
    pub(crate) retry_after_s: Option<u32>,
}

impl Answer {
    /// A kept answer, as it is served.
    fn kept(kept: Kept) -> Answer {
        Answer {
            status: "200 OK",
            content_type: kept.content_type,
            body: kept.body,
            retry_after_s: None,
        }
    }

    /// Keep this answer for `key` if it is a success: for good if its match
    /// is settled, else while `version` is its last event.
    fn keep_if(self, settled: bool, version: Option<u64>, answers: &Answers, key: Key) -> Answer {
        if self.status == "200 OK" && (settled || version.is_some()) {
            let kept = Kept {
                content_type: self.content_type,
                body: Arc::clone(&self.body),
                version: if settled { None } else { version },
            };
            answers.keep(key, kept);
        }
        self
    }
}

const JSON: &str = "application/json";

/// An error answer: `{"error": code, "message": ...}`.
pub(crate) fn error(status: &'static str, code: &str, message: String) -> Answer {
    let body = serde_json::json!({"error": code, "message": message}).to_string();
    Answer {
        status,
        content_type: JSON,
        body: body.into(),
        retry_after_s: None,
    }
}

/// The answer to an address past its budget of `/api/` requests.
pub(crate) fn api_rate_limited(rate: u32) -> Answer {
    try_again(
        "429 Too Many Requests",
        "rate_limited",
        format!("too many requests from this address: at most {rate} a second"),
        1,
    )
}

/// The answer when the answers waiting for their clients fill their bytes.
pub(crate) fn answers_busy() -> Answer {
    try_again(
        "503 Service Unavailable",
        "busy",
        "the server is sending as many archive answers as it holds: try again in a moment".into(),
        1,
    )
}

/// A refusal that passes: `status` with `Retry-After: seconds`.
fn try_again(status: &'static str, code: &str, message: String, seconds: u32) -> Answer {
    Answer {
        retry_after_s: Some(seconds),
        ..error(status, code, message)
    }
}

/// A refused archive request: a path under `/api/` that names nothing
/// (404 `not_found`) or asks with a malformed id or parameter (400
/// `bad_request`).
pub(crate) fn refused(refusal: ApiRefusal) -> Answer {
    match refusal {
        ApiRefusal::NotFound(message) => error("404 Not Found", "not_found", message),
        ApiRefusal::BadRequest(message) => error("400 Bad Request", "bad_request", message),
    }
}

/// `value` as a JSON answer.
pub(crate) fn json(value: &impl Serialize) -> Answer {
    match serde_json::to_string(value) {
        Ok(body) => Answer {
            status: "200 OK",
            content_type: JSON,
            body: body.into(),
            retry_after_s: None,
        },
        Err(e) => error("500 Internal Server Error", "internal", e.to_string()),
    }
}

/// The depth an analysis searches when not asked, and the deepest it may be asked.
const ANALYSIS_DEPTH: u8 = 8;
const ANALYSIS_MAX_DEPTH: u8 = 14;

fn analysis_depth(query: &str) -> Result<u8, String> {
    let mut depth = ANALYSIS_DEPTH;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("depth", value)) => {
                depth = value
                    .parse::<u8>()
                    .ok()
                    .filter(|d| (1..=ANALYSIS_MAX_DEPTH).contains(d))
                    .ok_or_else(|| format!("depth is 1 to {ANALYSIS_MAX_DEPTH}, not '{value}'"))?;
            }
            _ => return Err(format!("unknown parameter '{pair}' (depth)")),
        }
    }
    Ok(depth)
}

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
    let settled = move |row: &MatchRow| row.ended_ms.is_some_and(|t| t < settled_before);
    let read = from_archive(
        store,
        move |connection| -> Result<Result<Read, Answer>, StoreError> {
            if let (Some(kept), ArchiveRequest::Match(id) | ArchiveRequest::Record(id)) =
                (live, &request)
                && let Some(row) = store::find_match(connection, *id)?
                && kept.version == Some(row.events)
            {
                return Ok(Ok(Read::Same(kept, settled(&row))));
            }
            let made = |answer: Answer, row: &MatchRow| Read::Made {
                answer,
                settled: settled(row),
                version: Some(row.events),
            };
            Ok(match request {
                ArchiveRequest::Match(id) => archived(connection, id)?
                    .map(|(row, events)| made(json(&whole_match(&row, &events)), &row)),
                ArchiveRequest::Record(id) => archived(connection, id)?
                    .map(|(row, events)| made(records(&row, &events), &row)),
                ArchiveRequest::PlayerMatches {
                    name,
                    before,
                    limit,
                } => match store::find_player(connection, &crate::players::names::name_key(&name))?
                {
                    None => Err(error(
                        "404 Not Found",
                        "no_such_player",
                        format!("no player '{name}'"),
                    )),
                    Some((id, name)) => {
                        let rows =
                            store::player_matches(connection, id, MatchPage { before, limit })?;
                        Ok(Read::Made {
                            answer: json(&player_page(name, &rows, limit)),
                            settled: false,
                            version: None,
                        })
                    }
                },
            })
        },
    )
    .await;
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

/// What `read` finds in the archive, or the answer saying why not: its
/// own (a 404 for what is not there), no archive at all (`:memory:`), or
/// the database failing.
async fn from_archive<T: Send + 'static>(
    store: &Store,
    read: impl FnOnce(&rusqlite::Connection) -> Result<Result<T, Answer>, StoreError> + Send + 'static,
) -> Result<T, Answer> {
    match store.read(store::ReadFor::Client, read).await {
        Ok(Some(found)) => found,
        Ok(None) => Err(error(
            "404 Not Found",
            "no_archive",
            "this server keeps no archive (--database :memory:)".into(),
        )),
        Err(StoreError::Busy) => Err(try_again(
            "503 Service Unavailable",
            "busy",
            StoreError::Busy.to_string(),
            1,
        )),
        Err(e) => Err(error(
            "503 Service Unavailable",
            "unavailable",
            e.to_string(),
        )),
    }
}

/// Match `id` as the archive has it, or the answer saying why not.
async fn read_match(store: &Store, id: u64) -> Result<ArchivedMatch, Answer> {
    from_archive(store, move |connection| {
        Ok(archived(connection, id)?.map(|(row, events)| whole_match(&row, &events)))
    })
    .await
}

/// Every move of match `id` reviewed by the engine (see docs/PROTOCOL.md),
/// for a client at `ip`: from the answers kept when the match is settled
/// (ended before `settled_before`), else searched in its turn, stopping
/// if the request is dropped (its client hung up).
pub(crate) async fn analysis(
    store: &Store,
    answers: &Answers,
    request: AnalysisRequest,
    settled_before: Millis,
) -> Answer {
    let AnalysisRequest { id, depth, ip } = request;
    let key = Key::Analysis(id, depth);
    if let Some(kept) = answers.get(key) {
        return Answer::kept(kept);
    }
    let archived = match read_match(store, id).await {
        Ok(archived) => archived,
        Err(answer) => return answer,
    };
    let settled = archived.ended_at_ms.is_some_and(|t| t < settled_before);
    let Some(settings) = archived.settings else {
        return error(
            "500 Internal Server Error",
            "damaged",
            format!("match {id}'s settings cannot be read"),
        );
    };
    let (cancelled, _cancel_when_dropped) = crate::api::answers::cancellation();
    let searched = answers
        .analyse(ip, move |endgames| {
            let keep_going = || !cancelled.load(Ordering::Relaxed);
            let mut searcher =
                engine::Searcher::new(engine::Table::with_bytes(16 << 20)).with_endgames(endgames);
            let start = protocol::rules::Position::start(settings.ruleset);
            let games: Vec<serde_json::Value> = archived
                .games
                .iter()
                .map(|game| {
                    let moves: Vec<Move> = game
                        .moves
                        .iter()
                        .filter_map(|m| Move::from_number(i64::from(m.house)).ok())
                        .collect();
                    let reviews =
                        engine::review_while(&mut searcher, &start, &moves, depth, keep_going)
                            .unwrap_or_default();
                    let lines: Vec<serde_json::Value> = reviews
                        .iter()
                        .map(|r| {
                            let mut line = serde_json::json!(r.line());
                            line["seat"] = serde_json::json!(Seat::of_side(r.mover, game.first));
                            line
                        })
                        .collect();
                    serde_json::json!({
                        "game": game.game,
                        "first": game.first,
                        "moves": lines,
                        "worst": engine::worst(&reviews, 3),
                    })
                })
                .collect();
            serde_json::json!({"match_id": id, "depth": depth, "games": games})
        })
        .await;
    match searched {
        Ok(value) => json(&value).keep_if(settled, None, answers, key),
        Err(Refusal::Busy) => try_again(
            "503 Service Unavailable",
            "busy",
            "the server is analysing as many matches as it queues: try again in a moment".into(),
            5,
        ),
        Err(Refusal::Budget) => try_again(
            "429 Too Many Requests",
            "rate_limited",
            "this address has asked for too many analyses: one more a minute".into(),
            60,
        ),
    }
}

/// An analysis asked for: which match, how deep, and from where.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AnalysisRequest {
    pub(crate) id: u64,
    pub(crate) depth: u8,
    pub(crate) ip: std::net::IpAddr,
}

/// Match `id`'s header and events, or the 404 answer.
fn archived(
    connection: &rusqlite::Connection,
    id: u64,
) -> Result<Result<(MatchRow, Vec<Told>), Answer>, StoreError> {
    let Some(row) = store::find_match(connection, id)? else {
        return Ok(Err(error(
            "404 Not Found",
            "no_such_match",
            format!("no match {id} in the archive"),
        )));
    };
    let stored = store::match_events(connection, id)?;
    // Replayed rather than only decoded: the replay gives each move's
    // sowing events and legal houses, which are not stored.
    Ok(journal::restore(&stored)
        .map(|(_, events)| (row, events))
        .map_err(|e| {
            error(
                "500 Internal Server Error",
                "damaged",
                format!("match {id}'s journal cannot be read: {e}"),
            )
        }))
}

/// A match as the archive returns it.
#[derive(Serialize)]
struct ArchivedMatch {
    match_id: MatchId,
    /// Seat 0 first.
    players: [PlayerRef; 2],
    settings: Option<MatchSettings>,
    started_at_ms: u64,
    /// `None` while it is live.
    ended_at_ms: Option<u64>,
    end_reason: Option<MatchEndReason>,
    /// Match points by seat.
    points: [f64; 2],
    /// A seat; `None` for a level match, an abort, or while it is live.
    winner: Option<Seat>,
    /// A rated match's rating changes by seat; `None` for a casual one.
    ratings: Option<[protocol::wire::RatingChange; 2]>,
    rematch_id: Option<MatchId>,
    games: Vec<ArchivedGame>,
    /// Each restart of the server while the match was live.
    restarts: Vec<Restart>,
}

#[derive(Serialize)]
struct ArchivedGame {
    game: u8,
    /// The seat that moved first (rules side 0).
    first: Seat,
    started_at_ms: u64,
    ended_at_ms: Option<u64>,
    /// The opening board (rules sides) and the houses its first mover may play.
    position: Board,
    legal: Vec<u8>,
    moves: Vec<ArchivedMove>,
    outcome: Option<GameOutcome>,
    /// Match points by seat once it ended.
    points: Option<[f64; 2]>,
}

#[derive(Serialize)]
struct ArchivedMove {
    ply: u32,
    seat: Seat,
    house: u8,
    /// When the server accepted it, in microseconds since the epoch.
    played_at_us: u64,
    /// Both clocks after it, by seat (timed matches).
    clocks: Option<Clocks>,
    /// The sowing, as `move_played` tells it (rules sides), for replays
    /// that animate.
    events: Vec<MoveEvent>,
    /// The board after it (rules sides), the seat to move next and the
    /// houses it may play.
    position: Board,
    next: Option<Seat>,
    legal: Vec<u8>,
}

#[derive(Serialize)]
struct Restart {
    at_ms: u64,
    paused_ms: u64,
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

/// One line of a player's list of matches.
#[derive(Serialize)]
struct MatchLine {
    match_id: MatchId,
    players: [PlayerRef; 2],
    settings: Option<MatchSettings>,
    /// The seat that moved first in game 1 (drawn by lot).
    first: Option<Seat>,
    /// Events recorded so far (moves, game ends, ...).
    events: u64,
    started_at_ms: u64,
    ended_at_ms: Option<u64>,
    /// As in `match_ended`; `None` while it is live.
    end_reason: Option<String>,
    points: Option<[f64; 2]>,
    winner: Option<Seat>,
    rematch_id: Option<MatchId>,
}

#[derive(Serialize)]
struct PlayerPage {
    name: String,
    matches: Vec<MatchLine>,
    /// Pass as `before` for the next (older) page; `None` on the last.
    next_before: Option<u64>,
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

/// The lines of `rows` as JSON, for a player's profile.
pub(crate) fn match_lines(rows: &[MatchRow]) -> Option<serde_json::Value> {
    serde_json::to_value(lines(rows)).ok()
}

fn player_page(name: String, rows: &[MatchRow], limit: u32) -> PlayerPage {
    let matches = lines(rows);
    let next_before = (rows.len() == limit as usize)
        .then(|| rows.last().map(|r| r.id))
        .flatten();
    PlayerPage {
        name,
        matches,
        next_before,
    }
}

fn lines(rows: &[MatchRow]) -> Vec<MatchLine> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_under_api_are_routed_or_refused_with_a_reason() {
        assert_eq!(route("/ws", ""), None);
        assert_eq!(
            route("/api/matches/17", ""),
            Some(Ok(ApiRequest::Archive(ArchiveRequest::Match(17))))
        );
        assert_eq!(
            route("/api/matches/17/record", ""),
            Some(Ok(ApiRequest::Archive(ArchiveRequest::Record(17))))
        );
        assert_eq!(
            route("/api/players/ann/matches", "before=40&limit=5"),
            Some(Ok(ApiRequest::Archive(ArchiveRequest::PlayerMatches {
                name: "ann".into(),
                before: Some(40),
                limit: 5
            })))
        );
        assert!(matches!(
            route("/api/matches/x", ""),
            Some(Err(ApiRefusal::BadRequest(_)))
        ));
        assert_eq!(
            route("/api/players/Ay%C5%9Fe", ""),
            Some(Ok(ApiRequest::Player("Ayşe".to_owned()))),
            "percent-decoded"
        );
        assert!(matches!(
            route("/api/players/ann/matches", "limit=500"),
            Some(Err(_))
        ));
        assert!(matches!(
            route("/api/nothing", ""),
            Some(Err(ApiRefusal::NotFound(_)))
        ));
    }
}
