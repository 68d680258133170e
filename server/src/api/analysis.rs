//! Every move of an archived match reviewed by the engine
//! (`GET /api/matches/{id}/analysis`): searched in its turn on the
//! analyses' threads, within each address's budget, and kept once its
//! match is settled.

use crate::api::answer::{Answer, error, json, try_again};
use crate::api::answers::{Answers, Key, Refusal};
use crate::api::archive::read_match;
use crate::clock::Millis;
use crate::store::Store;
use protocol::api::{Analysis, ReviewedGame, SeatReview};
use protocol::rules::Move;
use protocol::wire::Seat;
use std::sync::atomic::Ordering;

/// How many of the worst moves each game lists.
const WORST: usize = 3;

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
            let games = archived
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
                    ReviewedGame {
                        game: game.game,
                        first: game.first,
                        moves: reviews
                            .iter()
                            .map(|review| SeatReview {
                                line: review.line(),
                                seat: Seat::of_side(review.mover, game.first),
                            })
                            .collect(),
                        worst: engine::worst(&reviews, WORST),
                    }
                })
                .collect();
            Analysis {
                match_id: id,
                depth,
                games,
            }
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
