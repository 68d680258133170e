//! What clients are told of a match's events: each applied event, with
//! what it led to, as the [`ServerMsg`] players and spectators receive alike
//! (every recipient gets the same bytes, so it is serialised once).

use super::event::{After, EventKind, Told};
use protocol::wire::{MatchId, ServerMsg};

/// The message for an applied event of match `match_id`. It takes the
/// event, whose board and move steps move into the message uncopied (this
/// runs for every move).
pub(crate) fn message(match_id: MatchId, told: Told) -> ServerMsg {
    let Told { event, after } = told;
    let After {
        steps,
        label,
        position,
        legal,
        next,
        clocks,
    } = after;
    let version = event.version;
    let at_us = event.at_us;
    match event.kind {
        EventKind::MatchStarted {
            players,
            settings,
            ratings,
            timing,
            ..
        } => ServerMsg::MatchStarted {
            match_id,
            version,
            players,
            settings,
            ratings,
            berserk: timing.berserk,
            tournament_id: timing.tournament_id,
        },
        EventKind::Berserked { seat } => ServerMsg::Berserked {
            match_id,
            version,
            seat,
            clocks,
        },
        EventKind::GameStarted { game, first } => ServerMsg::GameStarted {
            match_id,
            version,
            game,
            first,
            position,
            legal,
            clocks,
        },
        EventKind::MovePlayed {
            game,
            ply,
            seat,
            house,
        } => ServerMsg::MovePlayed {
            match_id,
            version,
            game,
            ply,
            seat,
            house,
            label,
            played_at_us: at_us,
            events: steps,
            position,
            legal,
            next,
            clocks,
        },
        EventKind::DrawOffered { seat } => ServerMsg::DrawOffered {
            match_id,
            version,
            seat,
        },
        EventKind::DrawOfferEnded { seat, reason } => ServerMsg::DrawOfferEnded {
            match_id,
            version,
            seat,
            reason,
        },
        EventKind::PlayerLeft { seat } => ServerMsg::PlayerLeft {
            match_id,
            version,
            seat,
        },
        EventKind::PlayerReturned { seat } => ServerMsg::PlayerReturned {
            match_id,
            version,
            seat,
        },
        EventKind::ServerRestarted {
            paused_ms,
            grace_ms,
        } => ServerMsg::ServerRestarted {
            match_id,
            version,
            paused_ms,
            grace_ms,
            clocks,
        },
        EventKind::GameEnded {
            game,
            outcome,
            points,
        } => ServerMsg::GameEnded {
            match_id,
            version,
            game,
            outcome,
            points,
            clocks,
        },
        EventKind::MatchEnded {
            reason,
            points,
            winner,
            ratings,
        } => ServerMsg::MatchEnded {
            match_id,
            version,
            reason,
            points,
            winner,
            ratings: ratings.map(|seats| seats.map(|rated| rated.change())),
        },
        EventKind::RematchOffered { seat } => ServerMsg::RematchOffered {
            match_id,
            version,
            seat,
        },
        EventKind::RematchDeclined => ServerMsg::RematchDeclined { match_id, version },
        EventKind::RematchAgreed { rematch_id } => ServerMsg::RematchAgreed {
            match_id,
            version,
            rematch_id,
        },
    }
}
