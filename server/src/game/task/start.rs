//! Starting a live match's task: a new match, one loaded again after it
//! left memory, or one brought back after a restart; and what every match
//! is given of the rest of the server ([`MatchEnv`]).

use super::audience::Audience;
use super::commit::Commits;
use super::handle::{MatchHandle, MatchNotice, Opened};
use super::{LOADED_HISTORY, MatchTask};
use crate::clock::Clock;
use crate::game::event::{MatchEvent, Told};
use crate::game::state::{Decision, MatchState, Request};
use crate::game::timing::Timing;
use crate::game::view;
use crate::metrics::Metrics;
use crate::peer::{Peer, frame};
use crate::rating::{Book, Pool};
use crate::store::Store;
use protocol::wire::{MatchId, MatchSettings, MatchSummary, PlayerRef, Seat};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

/// The limits a match keeps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MatchLimits {
    /// Events kept for clients that resume; more missed gets a snapshot.
    pub(crate) event_history: usize,
    /// How often the spectator count may be announced.
    pub(crate) spectator_update_ms: u64,
    /// How long a finished match still answers.
    pub(crate) ended_linger_ms: u64,
    /// Requests waiting in a match's inbox.
    pub(crate) inbox: usize,
    /// A match that is not real-time and that no player or spectator was
    /// connected to for this long leaves memory (0: never; only with a journal).
    pub(crate) unload_after_ms: u64,
}

/// Everything a match uses from the rest of the server.
#[derive(Clone)]
pub(crate) struct MatchEnv {
    pub(crate) clock: Clock,
    pub(crate) metrics: Arc<Metrics>,
    pub(crate) limits: MatchLimits,
    pub(crate) notices: mpsc::Sender<MatchNotice>,
    pub(crate) shutdown: CancellationToken,
    pub(crate) tasks: TaskTracker,
    /// Where events are stored before they are told.
    pub(crate) store: Store,
    /// Every player's ratings, which a rated match changes when it ends.
    pub(crate) ratings: Book,
}

/// Start a match whose seats' players are on `links` now (`None`: away):
/// spawn its task and return its handle, its lobby line, and whether its
/// opening events were stored.
#[allow(clippy::too_many_arguments)]
pub(crate) fn start_match(
    env: MatchEnv,
    id: MatchId,
    players: [PlayerRef; 2],
    settings: MatchSettings,
    timing: Timing,
    first: Seat,
    links: [Option<Peer>; 2],
) -> (MatchHandle, MatchSummary, Opened) {
    let present = [links[0].is_some(), links[1].is_some()];
    // The ratings shown beside the players' names, as they stand now.
    let ratings = Pool::of(&settings).map(|pool| {
        let now = env.clock.now();
        [0, 1].map(|seat| env.ratings.get(players[seat].id, pool, now).shown())
    });
    let (state, opening) = MatchState::open(
        id,
        players,
        ratings,
        settings,
        timing,
        first,
        present,
        env.clock.now_us(),
    );
    spawn(env, state, opening, Vec::new(), links)
}

/// Load a match that left memory ([`MatchNotice::Unloaded`]) from its
/// events: it goes on where it was, nobody connected yet.
pub(crate) fn reload_match(
    env: MatchEnv,
    state: MatchState,
    replayed: Vec<Told>,
) -> (MatchHandle, MatchSummary, Opened) {
    spawn(env, state, Vec::new(), replayed, [None, None])
}

/// Bring back a match the journal holds after a restart (`replayed`: its
/// events, emitted again by its state): nobody is connected yet; players
/// have `grace_ms` to come back. Returns as [`start_match`] does; the
/// restart's event is stored before the match answers anyone.
pub(crate) fn resume_match(
    env: MatchEnv,
    state: MatchState,
    replayed: Vec<Told>,
    grace_ms: u64,
) -> (MatchHandle, MatchSummary, Opened) {
    let restarted = state.decide(Request::Restarted { grace_ms }, env.clock.now_us());
    let opening = match restarted {
        Ok(Decision::Events(events)) => events,
        _ => Vec::new(),
    };
    spawn(env, state, opening, replayed, [None, None])
}

fn spawn(
    env: MatchEnv,
    state: MatchState,
    opening: Vec<MatchEvent>,
    earlier: Vec<Told>,
    links: [Option<Peer>; 2],
) -> (MatchHandle, MatchSummary, Opened) {
    let id = state.id();
    let players = state.players();
    let ids = [players[0].id, players[1].id];
    let summary = state.summary(0);
    let real_time = state.settings().time_control.is_real_time();
    let (inbox, requests) = mpsc::channel(env.limits.inbox.max(1));
    let (seat0, rx0) = watch::channel(links[0].clone());
    let (seat1, rx1) = watch::channel(links[1].clone());
    let (opened_tx, opened_rx) = oneshot::channel();
    let lost = CancellationToken::new();
    let audience = Audience::new(
        id,
        links.clone(),
        env.limits.event_history,
        Arc::clone(&env.metrics),
    );
    let commits = Commits {
        store: env.store.clone(),
        ratings: Arc::clone(&env.ratings),
        clock: env.clock.clone(),
        unsure: false,
    };
    let mut task = MatchTask {
        state,
        audience,
        commits,
        ended: false,
        retry_at: None,
        rematch_starting: false,
        last_activity: env.clock.now(),
        env: env.clone(),
    };
    // Only the last few: a client further behind gets a snapshot, and
    // serialising every event of 10,000 matches was most of a restart's time.
    let keep = env.limits.event_history.min(LOADED_HISTORY);
    for told in earlier.into_iter().rev().take(keep).rev() {
        let version = told.event.version;
        task.audience
            .remember(version, frame(&view::message(id, told)));
    }
    env.tasks.spawn(
        task.run(opening, opened_tx, requests, [rx0, rx1], lost.clone())
            .instrument(tracing::info_span!("match", id = id.0)),
    );
    let handle = MatchHandle {
        players: ids,
        inbox,
        seats: Arc::new([seat0, seat1]),
        lost,
        real_time,
    };
    (handle, summary, opened_rx)
}
