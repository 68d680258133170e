//! Committing what a match decided: its events go to the journal (with a
//! rated match's rating changes) and are durable before the match and the
//! ratings apply them. If the journal refuses, nothing has changed.
//!
//! A write reported failed may have been stored all the same: PostgreSQL
//! may commit a transaction whose answer is lost with its connection. The
//! match asks the journal before it refuses, so that memory never falls
//! behind what is stored (then its next write would collide with it).

use crate::clock::Clock;
use crate::error::ServerError;
use crate::game::event::{EventKind, MatchEvent, Told};
use crate::game::journal;
use crate::game::state::MatchState;
use crate::rating::{Book, Pool, Turn};
use crate::store::{EventRow, RatedRows, Store, StoreError, Write};
use protocol::wire::PlayerId;

/// Where a match's events go before they happen: the journal, and the
/// ratings a rated match changes when it ends.
#[derive(Clone)]
pub(super) struct Commits {
    pub(super) store: Store,
    /// Every player's ratings, shared with every other match.
    pub(super) ratings: Book,
    pub(super) clock: Clock,
    /// A write failed and the journal may hold it all the same (or may
    /// commit it late): memory must be checked against the journal before
    /// anything more is decided (`MatchTask::resync`), or the next write
    /// would collide with what is stored.
    pub(super) unsure: bool,
}

impl Commits {
    /// Store `events` (decided by `state`), then apply them to it: the one
    /// way a match changes. If the store fails, the match is as it was and
    /// the error says why.
    pub(super) async fn commit(
        &mut self,
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
            self.ratings.settle(pool, player_ids(state), &rated);
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

    /// After a write whose outcome was not known ([`Commits::unsure`]):
    /// read the match back from the journal. If it holds events memory
    /// does not (the write was committed after all), `state` is rebuilt
    /// from them, as at a restart, a rated end among them settles its
    /// ratings, and they are returned to be told; then deciding goes on
    /// from what is stored. A journal that cannot be read refuses, and
    /// nothing is written meanwhile.
    pub(super) async fn resync(
        &mut self,
        state: &mut MatchState,
    ) -> Result<Vec<Told>, ServerError> {
        let id = state.id();
        let stored = self
            .store
            .match_events(id.0)
            .await
            .map_err(ServerError::unavailable)?
            .unwrap_or_default();
        let known = state.version();
        let mut missed = Vec::new();
        if stored.last().is_some_and(|last| last.version > known) {
            let (rebuilt, replayed) =
                journal::restore(&stored).map_err(ServerError::unavailable)?;
            tracing::warn!(
                "match {id}: the journal holds events up to {} that memory did not (a write \
                 reported failed was stored); the match goes on from them",
                rebuilt.version()
            );
            *state = rebuilt;
            missed.extend(
                replayed
                    .into_iter()
                    .filter(|told| told.event.version > known),
            );
            let pool = Pool::rated(state.settings());
            for told in &missed {
                if let (
                    EventKind::MatchEnded {
                        ratings: Some(rated),
                        ..
                    },
                    Some(pool),
                ) = (&told.event.kind, pool)
                {
                    self.ratings.settle(pool, player_ids(state), rated);
                }
            }
        }
        self.unsure = false;
        Ok(missed)
    }

    /// Store `events` in the journal and wait until they are durable.
    async fn store(
        &mut self,
        state: &MatchState,
        events: &[MatchEvent],
        rated: Option<RatedRows>,
    ) -> Result<(), ServerError> {
        if !self.store.is_durable() {
            return Ok(());
        }
        let rows = journal::rows(events).map_err(ServerError::unavailable)?;
        let ends = |event: &MatchEvent| matches!(event.kind, EventKind::MatchEnded { .. });
        let match_id = state.id().0;
        let write = Write::Events {
            match_id,
            rows,
            settle: state.is_over() || events.iter().any(ends),
            rated,
        };
        let Err(error) = self.store.write(write).durable().await else {
            return Ok(());
        };
        // Refused before anything was written: another node serves it.
        if matches!(*error, StoreError::Fenced { .. }) {
            return Err(ServerError::unavailable(error));
        }
        if self.was_stored(match_id, events).await {
            tracing::warn!(
                "match {match_id}: the journal reported a failed write ({error}) that it had \
                 stored; the match goes on from it"
            );
            return Ok(());
        }
        self.unsure = true;
        Err(ServerError::unavailable(error))
    }

    /// Whether the journal holds the last of `events` as match `match_id`'s
    /// event (version, time, JSON): the whole write it ended was stored (a
    /// write is one transaction). A journal that cannot be read says no.
    /// Serialised again here, off the path of every write that succeeds.
    async fn was_stored(&self, match_id: u64, events: &[MatchEvent]) -> bool {
        let Some(Ok(rows)) = events
            .last()
            .map(|last| journal::rows(std::slice::from_ref(last)))
        else {
            return false;
        };
        let Some(EventRow {
            version,
            at_us,
            json,
            ..
        }) = rows.into_iter().next()
        else {
            return false;
        };
        match self.store.match_events(match_id).await {
            Ok(Some(stored)) => stored.iter().rev().any(|event| {
                event.version == version && event.at_us == at_us && event.json == json
            }),
            _ => false,
        }
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
        let turn = self.ratings.take_turns(pool, players).await;
        // Another node may have rated them since this one read them.
        match self
            .store
            .player_ratings(players.map(|player| player.0))
            .await
        {
            Ok(stored) => self.ratings.refresh(stored),
            Err(error) => tracing::warn!("the players' ratings could not be read again: {error}"),
        }
        let now = self.clock.now();
        let rated = self.ratings.rate(pool, players, &scores, now);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::game::state::{Action, Decision, Request};
    use crate::game::timing::Timing;
    use crate::rating::MemoryBook;
    use crate::store::{
        ArchivedRows, Commit, Journal, Loaded, MatchPage, PlayerMatchRows, ProfileRows, StoreError,
        StoredEvent,
    };
    use crate::sync::lock;
    use futures_util::FutureExt;
    use futures_util::future::BoxFuture;
    use protocol::rules::Ruleset;
    use protocol::wire::{MatchId, MatchSettings, PlayerRef, Seat, TimeControl};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    /// A journal that refuses every write (as a full disk does), or keeps
    /// what it is given in memory, answering each write as stored or, with
    /// `lose_answers`, as failed (a commit whose answer was lost).
    #[derive(Default)]
    struct TestJournal {
        refuse: bool,
        lose_answers: AtomicBool,
        /// Reads to fail before they succeed again.
        fail_reads: AtomicUsize,
        /// Each write of events: match, rows, whether rated.
        events: Mutex<Vec<(u64, usize, bool)>>,
        /// Every event stored, by match.
        stored: Mutex<Vec<(u64, StoredEvent)>>,
    }

    impl Journal for TestJournal {
        fn describe(&self) -> String {
            "a test journal".into()
        }
        fn write(&self, write: Write) -> Commit {
            let (answer, outcome) = tokio::sync::oneshot::channel();
            let result = if self.refuse {
                Err(Arc::new(StoreError::Stopped))
            } else {
                if let Write::Events {
                    match_id,
                    rows,
                    rated,
                    ..
                } = &write
                {
                    lock(&self.events).push((*match_id, rows.len(), rated.is_some()));
                    lock(&self.stored).extend(rows.iter().map(|row| {
                        let event = StoredEvent {
                            version: row.version,
                            at_us: row.at_us,
                            json: row.json.clone(),
                        };
                        (*match_id, event)
                    }));
                }
                if self.lose_answers.load(Ordering::Relaxed) {
                    Err(Arc::new(StoreError::Stopped))
                } else {
                    Ok(())
                }
            };
            let _ = answer.send(result);
            Commit::pending(outcome)
        }
        fn write_later(&self, write: Write) {
            drop(self.write(write));
        }
        fn load(&self) -> BoxFuture<'static, Result<Loaded, StoreError>> {
            async { Ok(Loaded::default()) }.boxed()
        }
        fn reserve_ids(&self, _count: u64) -> BoxFuture<'static, Result<u64, Arc<StoreError>>> {
            async { Ok(1) }.boxed()
        }
        fn match_events(
            &self,
            id: u64,
        ) -> BoxFuture<'static, Result<Vec<StoredEvent>, StoreError>> {
            let failing = self
                .fail_reads
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                .is_ok();
            if failing {
                return async { Err(StoreError::Busy) }.boxed();
            }
            let events: Vec<StoredEvent> = lock(&self.stored)
                .iter()
                .filter(|(match_id, _)| *match_id == id)
                .map(|(_, event)| StoredEvent {
                    version: event.version,
                    at_us: event.at_us,
                    json: event.json.clone(),
                })
                .collect();
            async move { Ok(events) }.boxed()
        }
        fn archived_match(
            &self,
            _: u64,
            _: Option<u64>,
        ) -> BoxFuture<'static, Result<ArchivedRows, StoreError>> {
            async { Ok(ArchivedRows::Missing) }.boxed()
        }
        fn player_matches(
            &self,
            _: String,
            _: MatchPage,
        ) -> BoxFuture<'static, Result<Option<PlayerMatchRows>, StoreError>> {
            async { Ok(None) }.boxed()
        }
        fn profile(
            &self,
            _: u64,
            _: u32,
            _: u32,
        ) -> BoxFuture<'static, Result<ProfileRows, StoreError>> {
            async { Ok(ProfileRows::default()) }.boxed()
        }
        fn close(&self) -> BoxFuture<'static, ()> {
            async {}.boxed()
        }
    }

    /// A rated one-game blitz match between ann and bob, and its opening
    /// events, not applied yet.
    fn rated_opening(now_us: u64) -> (MatchState, Vec<MatchEvent>) {
        let players = [1, 2].map(|id| PlayerRef {
            id: PlayerId(id),
            name: format!("player{id}"),
        });
        let settings = MatchSettings {
            ruleset: Ruleset::Mangala,
            games: 1,
            rated: true,
            time_control: TimeControl::RealTime {
                initial_ms: 60_000,
                increment_ms: 0,
            },
            ..MatchSettings::default()
        };
        let timing = Timing {
            berserk: false,
            tournament: false,
            tournament_id: None,
            lag_allowance_ms: 500,
            claim_after_ms: 20_000,
            forfeit_after_ms: 60_000,
            first_move_ms: 0,
        };
        MatchState::open(
            MatchId(7),
            players,
            None,
            settings,
            timing,
            Seat::Zero,
            [true, true],
            now_us,
        )
    }

    /// A rated one-game blitz match between ann and bob, started.
    fn rated_match(now_us: u64) -> MatchState {
        let (mut state, opening) = rated_opening(now_us);
        for event in opening {
            state.apply(event).expect("the opening applies");
        }
        state
    }

    fn commits(journal: Arc<TestJournal>) -> (Commits, Book) {
        let (clock, _) = ManualClock::new();
        let ratings = MemoryBook::book(7 * 86_400_000);
        let commits = Commits {
            store: Store::over(journal),
            ratings: Arc::clone(&ratings),
            clock,
            unsure: false,
        };
        (commits, ratings)
    }

    /// Ann resigns: the match's end, decided and not yet applied.
    fn resignation(state: &MatchState, now_us: u64) -> Vec<MatchEvent> {
        let request = Request::Act {
            seat: Seat::Zero,
            action: Action::Forfeit,
        };
        match state.decide(request, now_us) {
            Ok(Decision::Events(events)) => events,
            other => panic!("a forfeit is decided: {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_rated_end_the_journal_refuses_changes_neither_the_match_nor_a_rating() {
        let now_us = ManualClock::START * 1000;
        let mut state = rated_match(now_us);
        let journal = Arc::new(TestJournal {
            refuse: true,
            ..TestJournal::default()
        });
        let (mut commits, ratings) = commits(journal);
        let events = resignation(&state, now_us);
        assert!(commits.commit(&mut state, events).await.is_err());
        assert!(!state.is_over(), "the match goes on as it was");
        let now = ManualClock::START;
        assert!(ratings.of_player(PlayerId(1), now).is_empty());
        assert!(ratings.of_player(PlayerId(2), now).is_empty());
    }

    #[tokio::test]
    async fn a_stored_rated_end_ends_the_match_and_then_rates_both_players() {
        let now_us = ManualClock::START * 1000;
        let mut state = rated_match(now_us);
        let journal = Arc::new(TestJournal::default());
        let (mut commits, ratings) = commits(Arc::clone(&journal));
        let events = resignation(&state, now_us);
        let told = commits.commit(&mut state, events).await.expect("stored");
        assert!(!told.is_empty());
        assert!(state.is_over());
        let stored = lock(&journal.events).clone();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].0, 7);
        assert!(
            stored[0].2,
            "the new ratings are stored with the match's end"
        );
        let now = ManualClock::START;
        let ann = ratings.of_player(PlayerId(1), now);
        let bob = ratings.of_player(PlayerId(2), now);
        assert!(ann[0].1.rating < 1500.0 && bob[0].1.rating > 1500.0);
        // A snapshot of the finished match carries the changes, by seat.
        let changes = state.snapshot(0, now).rating_changes.expect("rated");
        assert_eq!(changes[1].after, bob[0].1.rating);
        assert_eq!(changes[0].before, 1500.0);
    }

    #[tokio::test]
    async fn a_write_reported_failed_that_the_journal_stored_is_applied() {
        let now_us = ManualClock::START * 1000;
        let mut state = rated_match(now_us);
        let journal = Arc::new(TestJournal {
            lose_answers: AtomicBool::new(true),
            ..TestJournal::default()
        });
        let (mut commits, ratings) = commits(Arc::clone(&journal));
        let events = resignation(&state, now_us);
        let told = commits
            .commit(&mut state, events)
            .await
            .expect("the journal has it: the write went through");
        assert!(!told.is_empty());
        assert!(state.is_over(), "memory holds what the journal holds");
        let now = ManualClock::START;
        assert!(!ratings.of_player(PlayerId(1), now).is_empty());
        assert_eq!(
            state.version(),
            lock(&journal.stored)
                .last()
                .map(|(_, e)| e.version)
                .unwrap_or(0),
        );
    }

    #[tokio::test]
    async fn a_write_whose_outcome_was_unknown_is_found_before_the_next_decision() {
        let now_us = ManualClock::START * 1000;
        let (mut state, opening) = rated_opening(now_us);
        let journal = Arc::new(TestJournal::default());
        let (mut commits, ratings) = commits(Arc::clone(&journal));
        commits
            .commit(&mut state, opening)
            .await
            .expect("the opening is stored");
        // The end is stored, its answer lost, and the check cannot read.
        journal.lose_answers.store(true, Ordering::Relaxed);
        journal.fail_reads.store(1, Ordering::Relaxed);
        let events = resignation(&state, now_us);
        assert!(commits.commit(&mut state, events).await.is_err());
        assert!(commits.unsure, "memory may be behind the journal");
        assert!(!state.is_over());
        // Before anything more is decided, memory catches up.
        journal.lose_answers.store(false, Ordering::Relaxed);
        let missed = commits.resync(&mut state).await.expect("the journal reads");
        assert!(state.is_over(), "the stored end counts");
        assert!(!commits.unsure);
        assert!(
            missed
                .iter()
                .any(|told| matches!(told.event.kind, EventKind::MatchEnded { .. })),
            "the end is told"
        );
        let stored_last = lock(&journal.stored).last().map(|(_, e)| e.version);
        assert_eq!(Some(state.version()), stored_last);
        let now = ManualClock::START;
        assert!(
            !ratings.of_player(PlayerId(1), now).is_empty(),
            "the stored ratings are settled in memory"
        );
        // Nothing was missed: a second look changes nothing.
        commits.unsure = true;
        assert!(commits.resync(&mut state).await.expect("reads").is_empty());
    }
}
