//! Committing what a match decided: its events go to the journal (with a
//! rated match's rating changes) and are durable before the match and the
//! ratings apply them. If the journal refuses, nothing has changed.

use crate::clock::Clock;
use crate::error::ServerError;
use crate::game::event::{EventKind, MatchEvent, Told};
use crate::game::journal;
use crate::game::state::MatchState;
use crate::rating::{Pool, RatingTurns, Ratings, Turn};
use crate::store::{RatedRows, Store, Write};
use crate::sync::lock;
use protocol::wire::PlayerId;
use std::sync::{Arc, Mutex};

/// Where a match's events go before they happen: the journal, and the
/// ratings a rated match changes when it ends.
#[derive(Clone)]
pub(super) struct Commits {
    pub(super) store: Store,
    /// Every player's ratings, shared with every other match.
    pub(super) ratings: Arc<Mutex<Ratings>>,
    /// One rated match end at a time per player.
    pub(super) rating_turns: RatingTurns,
    pub(super) clock: Clock,
}

impl Commits {
    /// Store `events` (decided by `state`), then apply them to it: the one
    /// way a match changes. If the store fails, the match is as it was and
    /// the error says why.
    pub(super) async fn commit(
        &self,
        state: &mut MatchState,
        mut events: Vec<MatchEvent>,
    ) -> Result<Vec<Told>, ServerError> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        // A rated end holds its players' turns from reading their ratings
        // until memory holds the new ones.
        let (rated, _turn) = self.rate(state, &mut events).await.unzip();
        let settle = rated.as_ref().map(|rows| (rows.pool, rows.rated));
        self.store(state, &events, rated).await?;
        if let Some((pool, rated)) = settle {
            lock(&self.ratings).settle(pool, player_ids(state), &rated);
        }
        let mut told = Vec::with_capacity(events.len());
        for event in events {
            match state.apply(event) {
                Ok(event) => told.push(event),
                // Decided from this very state: this is a bug. The events
                // are stored; the match says so and carries on as it is.
                Err(error) => {
                    tracing::error!("a decided event did not apply: {error}");
                    break;
                }
            }
        }
        Ok(told)
    }

    /// Store `events` in the journal and wait until they are durable.
    async fn store(
        &self,
        state: &MatchState,
        events: &[MatchEvent],
        rated: Option<RatedRows>,
    ) -> Result<(), ServerError> {
        if !self.store.is_durable() {
            return Ok(());
        }
        let rows = journal::rows(events).map_err(ServerError::unavailable)?;
        let ends = |event: &MatchEvent| matches!(event.kind, EventKind::MatchEnded { .. });
        let write = Write::Events {
            match_id: state.id().0,
            rows,
            settle: state.is_over() || events.iter().any(ends),
            rated,
        };
        self.store
            .write(write)
            .durable()
            .await
            .map_err(ServerError::unavailable)
    }

    /// If `events` end a rated match: take both players' turns, rate them
    /// as they stand, write the changes into the match's end, and return
    /// what to store with it (memory changes only once it is stored).
    async fn rate(
        &self,
        state: &MatchState,
        events: &mut [MatchEvent],
    ) -> Option<(RatedRows, Turn)> {
        let pool = Pool::rated(state.settings())?;
        let scores = state.rating_scores(events)?;
        let end = events.iter_mut().find_map(|event| match &mut event.kind {
            EventKind::MatchEnded { ratings, .. } => Some(ratings),
            _ => None,
        })?;
        let players = player_ids(state);
        let turn = self.rating_turns.take(pool, players).await;
        let now = self.clock.now();
        let rated = lock(&self.ratings).rate(pool, players, &scores, now);
        *end = Some(rated);
        let rows = RatedRows {
            pool,
            players: players.map(|player| player.0),
            rated,
        };
        Some((rows, turn))
    }
}

fn player_ids(state: &MatchState) -> [PlayerId; 2] {
    let players = state.players();
    [players[0].id, players[1].id]
}
