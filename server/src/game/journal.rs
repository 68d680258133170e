//! A match's events as the journal stores them, and back: each event's
//! JSON (its [`EventKind`]) with what it changes in the match's header row,
//! and a stored match replayed into its state.

use super::event::{EventKind, MatchEvent, Told};
use super::state::{MatchState, ReplayError};
use crate::store::{EventRow, Header, StoredEvent};

/// Why a stored match could not be read back.
#[derive(Debug, thiserror::Error)]
pub(crate) enum JournalError {
    #[error("event {version} is not an event this server knows: {source}")]
    Unreadable {
        version: u64,
        source: serde_json::Error,
    },
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The rows that store `events`.
pub(crate) fn rows(events: &[MatchEvent]) -> Result<Vec<EventRow>, serde_json::Error> {
    events
        .iter()
        .map(|event| {
            Ok(EventRow {
                version: event.version,
                at_us: event.at_us,
                json: serde_json::to_string(&event.kind)?,
                header: header(&event.kind),
            })
        })
        .collect()
}

fn header(kind: &EventKind) -> Header {
    match kind {
        EventKind::MatchStarted {
            players, settings, ..
        } => Header::Started {
            players: players.clone(),
            settings_json: serde_json::to_string(settings).unwrap_or_default(),
        },
        EventKind::GameStarted { game: 1, first, .. } => Header::FirstSeat(first.index() as u8),
        EventKind::GameEnded { outcome, .. } => {
            Header::GameEnded(outcome.winner.map(|seat| seat.index() as u8))
        }
        EventKind::MatchEnded {
            reason,
            points,
            winner,
            ..
        } => Header::Ended {
            reason: serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            points: *points,
            winner: winner.map(|seat| seat.index() as u8),
        },
        EventKind::RematchAgreed { rematch_id } => Header::Rematch(rematch_id.0),
        _ => Header::Unchanged,
    }
}

/// The events of a stored match.
fn decode(stored: &[StoredEvent]) -> Result<Vec<MatchEvent>, JournalError> {
    stored
        .iter()
        .map(|row| {
            let kind =
                serde_json::from_str(&row.json).map_err(|source| JournalError::Unreadable {
                    version: row.version,
                    source,
                })?;
            Ok(MatchEvent {
                version: row.version,
                at_us: row.at_us,
                kind,
            })
        })
        .collect()
}

/// A stored match rebuilt: its state and its events as told again.
pub(crate) type Restored = Result<(MatchState, Vec<Told>), JournalError>;

/// Rebuild a stored match from its events.
pub(crate) fn restore(stored: &[StoredEvent]) -> Restored {
    let events = decode(stored)?;
    Ok(MatchState::replay(events)?)
}
