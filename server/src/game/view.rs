//! What clients are told of a match's events: each [`MatchEvent`] as the
//! [`ServerMsg`] players and spectators receive alike (every recipient gets
//! the same bytes, so it is serialised once).

use super::event::{EventKind, MatchEvent};
use protocol::wire::{MatchId, ServerMsg};

/// The message for `event` of match `match_id`.
pub(crate) fn message(match_id: MatchId, event: &MatchEvent) -> ServerMsg {
    let version = event.version;
    match &event.kind {
        EventKind::MatchStarted {
            players, settings, ..
        } => ServerMsg::MatchStarted {
            match_id,
            version,
            players: players.clone(),
            settings: *settings,
        },
        EventKind::GameStarted {
            game,
            first,
            position,
            clocks,
        } => ServerMsg::GameStarted {
            match_id,
            version,
            game: *game,
            first: *first,
            position: position.clone(),
            clocks: *clocks,
        },
        EventKind::MovePlayed {
            game,
            ply,
            seat,
            house,
            events,
            position,
            next,
            clocks,
        } => ServerMsg::MovePlayed {
            match_id,
            version,
            game: *game,
            ply: *ply,
            seat: *seat,
            house: *house,
            played_at_us: event.at_us,
            events: events.clone(),
            position: position.clone(),
            next: *next,
            clocks: *clocks,
        },
        EventKind::DrawOffered { seat } => ServerMsg::DrawOffered {
            match_id,
            version,
            seat: *seat,
        },
        EventKind::DrawOfferEnded { seat, reason } => ServerMsg::DrawOfferEnded {
            match_id,
            version,
            seat: *seat,
            reason: *reason,
        },
        EventKind::PlayerLeft { seat } => ServerMsg::PlayerLeft {
            match_id,
            version,
            seat: *seat,
        },
        EventKind::PlayerReturned { seat } => ServerMsg::PlayerReturned {
            match_id,
            version,
            seat: *seat,
        },
        EventKind::GameEnded {
            game,
            outcome,
            points,
            clocks,
        } => ServerMsg::GameEnded {
            match_id,
            version,
            game: *game,
            outcome: *outcome,
            points: *points,
            clocks: *clocks,
        },
        EventKind::MatchEnded {
            reason,
            points,
            winner,
        } => ServerMsg::MatchEnded {
            match_id,
            version,
            reason: *reason,
            points: *points,
            winner: *winner,
        },
        EventKind::RematchOffered { seat } => ServerMsg::RematchOffered {
            match_id,
            version,
            seat: *seat,
        },
        EventKind::RematchDeclined => ServerMsg::RematchDeclined { match_id, version },
        EventKind::RematchAgreed { rematch_id } => ServerMsg::RematchAgreed {
            match_id,
            version,
            rematch_id: *rematch_id,
        },
    }
}
