//! One live match: a task that owns its [`MatchState`], its recent events,
//! its spectators and a link to each seat's current connection. Requests
//! arrive in a bounded inbox and are applied one at a time; only then is the
//! sender answered and are the events fanned out, each serialised once for
//! every recipient. The task keeps the match's time too (flag falls,
//! abandonment, the spectator count, the linger after the end).
//!
//! The match knows nothing of the hub: it reads the time, counts in the
//! metrics and tells the rest of the server what it must know through
//! [`MatchNotice`]s on a channel ([`MatchEnv`]). Which connection each seat's
//! player is on comes in through a `watch` per seat, which the hub sets when
//! he signs in or leaves: the latest value always arrives, nothing is
//! dropped, and the hub never waits for the match.
//!
//! **Decide, store, apply.** A request is decided first (reading the
//! state only); its events are committed to the journal, when it is on,
//! before anything changes, the request is answered or anyone hears of
//! them; only then are they applied. If the store fails, the match is as
//! it was and the request is refused with `unavailable`: nothing to undo.
//!
//! A seat whose player signed in again is linked at once, but gets the
//! match's events only once he has asked to `resume` from the last version
//! he saw: he then receives every event he missed exactly once, in version
//! order, and the live ones after them.

use super::event::{EventKind, MatchEvent, Told};
use super::journal;
use super::state::{Action, Decision, MatchState, Request};
use super::timing::Timing;
use super::view;
use crate::clock::{Clock, Millis};
use crate::error::ServerError;
use crate::game::MatchError;
use crate::metrics::Metrics;
use crate::peer::{Frame, Peer, Snapshot, frame};
use crate::rating::{Pool, Ratings};
use crate::store::{RatedRows, Store, Write};
use crate::sync::lock;
use protocol::wire::{
    ChatRoom, MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef, RequestId, Seat, ServerMsg,
};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::Mutex;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

/// What a connection asks of a match. Each request carries the connection
/// to answer and the request id to echo.
pub(crate) enum MatchRequest {
    /// A player's move.
    Move {
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// A player's request other than a move (resign, forfeit, abort, draw, claim).
    Act {
        seat: Seat,
        action: Action,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// After the match: offer (`accept: None`), accept or decline a rematch.
    Rematch {
        seat: Seat,
        accept: Option<bool>,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// A chat message from a player (`seat`) or a spectator.
    Chat {
        from: PlayerRef,
        seat: Option<Seat>,
        text: String,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// The agreed rematch started as the given match, or could not start
    /// (the answer to [`MatchNotice::Rematch`]): the player who agreed
    /// last is answered now.
    RematchStarted {
        result: Result<MatchId, ServerError>,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// Someone starts watching: a snapshot, then the events.
    Watch { id: Option<RequestId>, peer: Peer },
    /// A spectator stops watching (or left).
    Unwatch { conn: u64 },
    /// A client catches up from `last_version`: a seat's player (`seat`),
    /// whose connection is then linked and live, or a spectator (`None`),
    /// who is watching again afterwards.
    Resume {
        id: Option<RequestId>,
        peer: Peer,
        seat: Option<Seat>,
        last_version: u64,
    },
}

/// What a match tells the rest of the server.
pub(crate) enum MatchNotice {
    /// Its lobby line changed (score, game, spectators).
    Changed(MatchSummary),
    /// It ended: its players are free of it.
    Ended {
        match_id: MatchId,
        players: [PlayerId; 2],
        real_time: bool,
    },
    /// Both players want a rematch: start it, and answer through the
    /// match's inbox ([`MatchRequest::RematchStarted`]) with the request
    /// `id` and connection `reply` of the player who agreed last. The match
    /// goes on meanwhile; it never waits for the answer.
    Rematch {
        match_id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// It stopped answering (its linger ran out, or the server stops).
    Closed(MatchId),
    /// Nobody was connected to it for a while: it left memory, every event
    /// stored, to be loaded again when someone asks for it, or at `wake_at`
    /// (its next deadline).
    Unloaded {
        match_id: MatchId,
        wake_at: Option<Millis>,
    },
}

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
    pub(crate) ratings: Arc<Mutex<Ratings>>,
}

/// Whether a new match's opening events were stored (and it plays), or why not.
pub(crate) type Opened = oneshot::Receiver<Result<(), ServerError>>;

/// Wait for a new match's opening to be stored.
pub(crate) async fn opened(opened: Opened) -> Result<(), ServerError> {
    opened
        .await
        .unwrap_or_else(|_| Err(ServerError::unavailable("the match stopped")))
}

/// How the rest of the server reaches a live match. Cheap to clone.
#[derive(Clone)]
pub(crate) struct MatchHandle {
    players: [PlayerId; 2],
    inbox: mpsc::Sender<MatchRequest>,
    seats: Arc<[watch::Sender<Option<Peer>>; 2]>,
}

/// The match has stopped answering (it ended and its linger ran out, or
/// it left memory a moment ago); the request comes back.
pub(crate) struct Gone(pub(crate) MatchRequest);

impl MatchHandle {
    /// The seat of `player`, if he plays here.
    pub(crate) fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == player)
    }

    /// Queue a request; waits while the inbox is full.
    pub(crate) async fn send(&self, request: MatchRequest) -> Result<(), Gone> {
        self.inbox.send(request).await.map_err(|e| Gone(e.0))
    }

    /// The connection `seat`'s player is on now (`None`: he has none).
    /// Never waits; the match takes the latest value.
    pub(crate) fn link(&self, seat: Seat, peer: Option<Peer>) {
        self.seats[seat.index()].send_replace(peer);
    }
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
        let ratings = lock(&env.ratings);
        let now = env.clock.now();
        [0, 1].map(|seat| ratings.get(players[seat].id, pool, now).shown())
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
    let (inbox, requests) = mpsc::channel(env.limits.inbox.max(1));
    let (seat0, rx0) = watch::channel(links[0].clone());
    let (seat1, rx1) = watch::channel(links[1].clone());
    let (opened_tx, opened_rx) = oneshot::channel();
    let mut task = MatchTask {
        state,
        history: VecDeque::with_capacity(env.limits.event_history.min(1024)),
        links: links.map(|peer| peer.map(|peer| SeatLink { peer, live: true })),
        watchers: HashMap::new(),
        announced: 0,
        counted: 0,
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
        task.remember(told.event.version, frame(&view::message(id, told)));
    }
    env.tasks.spawn(
        task.run(opening, opened_tx, requests, [rx0, rx1])
            .instrument(tracing::info_span!("match", id = id.0)),
    );
    let handle = MatchHandle {
        players: ids,
        inbox,
        seats: Arc::new([seat0, seat1]),
    };
    (handle, summary, opened_rx)
}

/// A seat's player's connection, as the match knows it.
struct SeatLink {
    peer: Peer,
    /// Whether it gets the match's events: from the start, or once it has resumed.
    live: bool,
}

/// Events a match loaded from the journal keeps for resuming clients at first.
const LOADED_HISTORY: usize = 16;

/// Events a finished match keeps for resuming players (see `trim_history`).
const ENDED_HISTORY: usize = 8;

struct MatchTask {
    state: MatchState,
    /// The latest events, serialised, for clients that resume.
    history: VecDeque<(u64, Frame)>,
    links: [Option<SeatLink>; 2],
    watchers: HashMap<u64, Peer>,
    /// The spectator count last announced.
    announced: u32,
    /// Spectators counted in the server-wide gauge.
    counted: i64,
    /// The match is over and the rest of the server has been told.
    ended: bool,
    /// After a time check whose events could not be stored: when to try again.
    retry_at: Option<Millis>,
    /// A rematch was agreed and is being started: until the answer comes,
    /// another agreement must not start a second one.
    rematch_starting: bool,
    /// The last request or change of connection.
    last_activity: Millis,
    env: MatchEnv,
}

/// What a request came to, once stored and applied.
enum Outcome {
    /// Its events, as told.
    Told(Vec<Told>),
    /// A move accepted before: nothing new.
    Duplicate,
    /// Both want a rematch; it is not started yet.
    RematchAgreed([PlayerRef; 2], MatchSettings),
}

impl Outcome {
    /// The events to publish (none but for [`Outcome::Told`]).
    fn told(self) -> Vec<Told> {
        match self {
            Outcome::Told(told) => told,
            Outcome::Duplicate | Outcome::RematchAgreed(..) => Vec::new(),
        }
    }
}

/// How long a match waits before it tries again to store a flag fall or
/// an abandonment that the journal refused.
const RETRY_MS: u64 = 1_000;

impl MatchTask {
    async fn run(
        mut self,
        opening: Vec<MatchEvent>,
        opened: oneshot::Sender<Result<(), ServerError>>,
        mut requests: mpsc::Receiver<MatchRequest>,
        mut seats: [watch::Receiver<Option<Peer>>; 2],
    ) {
        match self.commit(opening).await {
            Ok(told) => {
                let _ = opened.send(Ok(()));
                self.publish(told).await;
            }
            Err(error) => {
                tracing::error!("match {} could not start: {error}", self.state.id());
                let _ = opened.send(Err(error));
                self.closed(true).await;
                return;
            }
        }
        let clock = self.env.clock.clone();
        let mut deadline = clock.timer(0);
        let every = self.env.limits.spectator_update_ms.max(1);
        let mut tick = clock.timer(clock.now() + every);
        let mut linger: Option<Millis> = None;
        let shutdown = self.env.shutdown.clone();
        let [seat0, seat1] = &mut seats;
        loop {
            let due = match (self.state.deadline(), self.retry_at) {
                (Some(at), Some(retry)) => Some(at.max(retry)),
                (due, _) => due,
            };
            if let Some(at) = due {
                deadline.reset(at);
            }
            if self.ended && linger.is_none() {
                let at = clock.now() + self.env.limits.ended_linger_ms;
                linger = Some(at);
                tick.reset(at.min(clock.now() + every));
            }
            tokio::select! {
                // Requests first; timers are looked at when none is waiting.
                biased;
                _ = shutdown.cancelled() => break,
                request = requests.recv() => match request {
                    Some(request) => {
                        // A flag that fell before this request counts first.
                        self.check_time().await;
                        self.handle(request).await;
                    }
                    None => break,
                },
                Ok(()) = seat0.changed() => {
                    let peer = seat0.borrow_and_update().clone();
                    self.relink(Seat::Zero, peer).await;
                }
                Ok(()) = seat1.changed() => {
                    let peer = seat1.borrow_and_update().clone();
                    self.relink(Seat::One, peer).await;
                }
                () = &mut deadline, if due.is_some() => self.check_time().await,
                () = &mut tick => {
                    if linger.is_some_and(|at| clock.now() >= at) {
                        break;
                    }
                    if self.may_unload() {
                        // Whatever was queued before the inbox closed is
                        // answered here; a later sender finds the match gone
                        // and asks the hub again, which loads it anew.
                        requests.close();
                        while let Ok(request) = requests.try_recv() {
                            self.handle(request).await;
                        }
                        self.watchers.clear();
                        self.sync_spectators();
                        let notice = MatchNotice::Unloaded {
                            match_id: self.state.id(),
                            wake_at: self.state.deadline(),
                        };
                        let _ = self.env.notices.send(notice).await;
                        return;
                    }
                    self.announce_spectators().await;
                    let next = clock.now() + every;
                    tick.reset(linger.map_or(next, |at| at.min(next)));
                }
            }
        }
        self.closed(false).await;
    }

    /// Whether the match may leave memory now: stored, not real-time (whose
    /// absence rules need its timers), not over, nobody connected, and idle
    /// for the configured while.
    fn may_unload(&self) -> bool {
        let after = self.env.limits.unload_after_ms;
        after > 0
            && self.env.store.is_durable()
            && !self.ended
            && !self.state.settings().time_control.is_real_time()
            && self.links.iter().all(Option::is_none)
            && self.watchers.is_empty()
            && self.env.clock.now() >= self.last_activity.saturating_add(after)
    }

    /// The match stops answering; `unstarted`: its start was never stored,
    /// so its players are freed of it as of an ended match.
    async fn closed(&mut self, unstarted: bool) {
        self.watchers.clear();
        self.sync_spectators();
        let id = self.state.id();
        if unstarted {
            let players = self.state.players();
            let notice = MatchNotice::Ended {
                match_id: id,
                players: [players[0].id, players[1].id],
                real_time: self.state.settings().time_control.is_real_time(),
            };
            let _ = self.env.notices.send(notice).await;
        }
        let _ = self.env.notices.send(MatchNotice::Closed(id)).await;
    }

    /// Store `events` in the journal and wait until they are durable.
    async fn store(
        &self,
        events: &[MatchEvent],
        rated: Option<RatedRows>,
    ) -> Result<(), ServerError> {
        if events.is_empty() || !self.env.store.is_durable() {
            return Ok(());
        }
        let rows = journal::rows(events).map_err(ServerError::unavailable)?;
        let ends = |event: &MatchEvent| matches!(event.kind, EventKind::MatchEnded { .. });
        let write = Write::Events {
            match_id: self.state.id().0,
            rows,
            settle: self.state.is_over() || events.iter().any(ends),
            rated,
        };
        self.env
            .store
            .write(write)
            .durable()
            .await
            .map_err(ServerError::unavailable)
    }

    /// Store what a request was decided to do, then apply it: the one way
    /// the match changes. If the store fails, the match is as it was and
    /// the error says why.
    async fn commit(&mut self, mut events: Vec<MatchEvent>) -> Result<Vec<Told>, ServerError> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let rated = self.rate(&mut events);
        // Ratings are shared with the players' other matches, so memory
        // takes a rated match's changes at once, under its lock; a failed
        // store puts the old ones back (see `Ratings::revert`).
        let undo_ratings = rated.as_ref().map(|rows| (rows.pool, rows.rated));
        if let Err(error) = self.store(&events, rated).await {
            if let Some((pool, rated)) = undo_ratings {
                let players = self.player_ids();
                lock(&self.env.ratings).revert(pool, players, &rated);
            }
            return Err(error);
        }
        let mut told = Vec::with_capacity(events.len());
        for event in events {
            match self.state.apply(event) {
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

    /// Decide `request` at the time now, store it and apply it.
    async fn carry_out(&mut self, request: Request) -> Result<Outcome, ServerError> {
        match self.state.decide(request, self.now_us())? {
            Decision::Events(events) => self.commit(events).await.map(Outcome::Told),
            Decision::Duplicate => Ok(Outcome::Duplicate),
            Decision::RematchAgreed(players, settings) => {
                Ok(Outcome::RematchAgreed(players, settings))
            }
        }
    }

    fn player_ids(&self) -> [PlayerId; 2] {
        let players = self.state.players();
        [players[0].id, players[1].id]
    }

    /// If `events` end a rated match: rate both players (memory holds
    /// their new ratings at once), write the changes into the match's end,
    /// and return what to store with it.
    fn rate(&self, events: &mut [MatchEvent]) -> Option<RatedRows> {
        let pool = Pool::rated(self.state.settings())?;
        let scores = self.state.rating_scores(events)?;
        let end = events.iter_mut().find_map(|event| match &mut event.kind {
            EventKind::MatchEnded { ratings, .. } => Some(ratings),
            _ => None,
        })?;
        let players = self.player_ids();
        let now = self.env.clock.now();
        let rated = lock(&self.env.ratings).rate(pool, players, &scores, now);
        *end = Some(rated);
        Some(RatedRows {
            pool,
            players: players.map(|player| player.0),
            rated,
        })
    }

    fn now_us(&self) -> u64 {
        self.env.clock.now_us()
    }

    async fn check_time(&mut self) {
        if self
            .retry_at
            .is_some_and(|retry| self.env.clock.now() < retry)
        {
            return;
        }
        match self.carry_out(Request::Clock).await {
            Ok(outcome) => {
                self.retry_at = None;
                self.publish(outcome.told()).await;
            }
            Err(error) => {
                tracing::error!("a time check could not be stored: {error}");
                self.retry_at = Some(self.env.clock.now() + RETRY_MS);
            }
        }
    }

    /// The seat's player is on `peer` now (`None`: he left).
    async fn relink(&mut self, seat: Seat, peer: Option<Peer>) {
        self.last_activity = self.env.clock.now();
        let slot = &mut self.links[seat.index()];
        let present = match (peer, slot.as_ref()) {
            (None, None) => return,
            (None, Some(_)) => {
                *slot = None;
                false
            }
            (Some(peer), Some(link)) if link.peer.id() == peer.id() => return,
            (Some(peer), was) => {
                let returned = was.is_none();
                // He gets the events again once he has resumed.
                *slot = Some(SeatLink { peer, live: false });
                if !returned {
                    return;
                }
                true
            }
        };
        match self.carry_out(Request::Presence { seat, present }).await {
            Ok(outcome) => self.publish(outcome.told()).await,
            // The seat's link stands; only its event is missing.
            Err(error) => tracing::error!("a presence change could not be stored: {error}"),
        }
    }

    async fn handle(&mut self, request: MatchRequest) {
        self.last_activity = self.env.clock.now();
        match request {
            MatchRequest::Move {
                seat,
                game,
                ply,
                house,
                id,
                reply,
            } => {
                let request = Request::Move {
                    seat,
                    game,
                    ply,
                    house,
                };
                match self.carry_out(request).await {
                    Ok(outcome) => {
                        let duplicate = matches!(outcome, Outcome::Duplicate);
                        reply.send_msg(&ServerMsg::MoveAccepted {
                            id,
                            match_id: self.state.id(),
                            game,
                            ply,
                            duplicate,
                        });
                        if !duplicate {
                            self.env.metrics.moves_accepted.inc();
                            self.publish(outcome.told()).await;
                        }
                    }
                    Err(error) => reply.refuse(&error, id),
                }
            }
            MatchRequest::Act {
                seat,
                action,
                id,
                reply,
            } => {
                let result = self.carry_out(Request::Act { seat, action }).await;
                self.answer(result, id, &reply).await;
            }
            MatchRequest::Rematch {
                seat,
                accept,
                id,
                reply,
            } => self.rematch(seat, accept, id, reply).await,
            MatchRequest::RematchStarted { result, id, reply } => {
                self.rematch_started(result, id, reply).await
            }
            MatchRequest::Chat {
                from,
                seat,
                text,
                id,
                reply,
            } => self.chat(from, seat, text, id, &reply),
            MatchRequest::Watch { id, peer } => {
                self.watchers.insert(peer.id(), peer.clone());
                self.sync_spectators();
                let snapshot = self.snapshot();
                let kind = Snapshot::Match(self.state.id());
                peer.send_snapshot(&ServerMsg::MatchSnapshot { id, snapshot }, kind);
            }
            MatchRequest::Unwatch { conn } => {
                self.watchers.remove(&conn);
                self.sync_spectators();
            }
            MatchRequest::Resume {
                id,
                peer,
                seat,
                last_version,
            } => self.resume(id, peer, seat, last_version).await,
        }
    }

    fn snapshot(&self) -> protocol::wire::MatchSnapshot {
        self.state
            .snapshot(self.watchers.len() as u32, self.env.clock.now())
    }

    /// Send a client what it missed since `last_version`: the events from
    /// the history if it still has them all (then `resumed`), else a
    /// snapshot. A seat's connection is linked first and gets the live
    /// events only after its catch-up, so it sees each event once, in order.
    async fn resume(
        &mut self,
        id: Option<RequestId>,
        peer: Peer,
        seat: Option<Seat>,
        last_version: u64,
    ) {
        if let Some(seat) = seat {
            self.relink(seat, Some(peer.clone())).await;
        }
        let version = self.state.version();
        let oldest = self.history.front().map_or(version + 1, |(v, _)| *v);
        if last_version >= version {
            // Nothing missed.
        } else if last_version + 1 >= oldest {
            for (_, frame) in self.history.iter().filter(|(v, _)| *v > last_version) {
                if !peer.send(frame) {
                    return;
                }
            }
        } else {
            let snapshot = self.snapshot();
            let kind = Snapshot::Match(self.state.id());
            peer.send_snapshot(&ServerMsg::MatchSnapshot { id, snapshot }, kind);
            self.go_live(&peer, seat);
            return;
        }
        peer.send_msg(&ServerMsg::Resumed {
            id,
            match_id: self.state.id(),
            version,
        });
        self.go_live(&peer, seat);
    }

    /// After a catch-up: a seat's connection gets the events from now on, a
    /// spectator is watching again.
    fn go_live(&mut self, peer: &Peer, seat: Option<Seat>) {
        match seat {
            Some(seat) => {
                if let Some(link) = &mut self.links[seat.index()]
                    && link.peer.id() == peer.id()
                {
                    link.live = true;
                }
            }
            None => {
                self.watchers.insert(peer.id(), peer.clone());
                self.sync_spectators();
            }
        }
    }

    async fn rematch(
        &mut self,
        seat: Seat,
        accept: Option<bool>,
        id: Option<RequestId>,
        reply: Peer,
    ) {
        if self.rematch_starting {
            // Both agreed already; the rematch is starting.
            reply.refuse(
                &ServerError::from(MatchError::AlreadyOffered("rematch")),
                id,
            );
            return;
        }
        match self.carry_out(Request::Rematch { seat, accept }).await {
            Ok(Outcome::RematchAgreed(players, settings)) => {
                self.rematch_starting = true;
                let notice = MatchNotice::Rematch {
                    match_id: self.state.id(),
                    players,
                    settings,
                    id,
                    reply,
                };
                let _ = self.env.notices.send(notice).await;
            }
            result => self.answer(result, id, &reply).await,
        }
    }

    /// The rematch agreed here started (or not): answer the player who
    /// agreed last, and record the link to the new match.
    async fn rematch_started(
        &mut self,
        result: Result<MatchId, ServerError>,
        id: Option<RequestId>,
        reply: Peer,
    ) {
        self.rematch_starting = false;
        let rematch_id = match result {
            Ok(rematch_id) => rematch_id,
            Err(error) => {
                reply.refuse(&error, id);
                return;
            }
        };
        reply.send_msg(&ServerMsg::Ok { id });
        match self.carry_out(Request::RematchStarted { rematch_id }).await {
            Ok(outcome) => self.publish(outcome.told()).await,
            // The rematch plays; only the link to it is missing.
            Err(error) => tracing::error!("a rematch link could not be stored: {error}"),
        }
    }

    /// Players talk among themselves; spectators among themselves, and the
    /// players hear them once the match is over.
    fn chat(
        &mut self,
        from: PlayerRef,
        seat: Option<Seat>,
        text: String,
        id: Option<RequestId>,
        reply: &Peer,
    ) {
        let room = if seat.is_some() {
            ChatRoom::Players
        } else if self.watchers.contains_key(&reply.id()) {
            ChatRoom::Spectators
        } else {
            reply.refuse(&ServerError::WatchToChat(self.state.id()), id);
            return;
        };
        reply.send_msg(&ServerMsg::Ok { id });
        let message = frame(&ServerMsg::ChatMessage {
            match_id: self.state.id(),
            room,
            from,
            text,
        });
        if room == ChatRoom::Players || self.state.is_over() {
            for link in self.links.iter().flatten() {
                link.peer.send(&message);
            }
        }
        if room == ChatRoom::Spectators {
            self.watchers.retain(|_, peer| peer.send(&message));
        }
    }

    /// Answer a player's request other than a move: `ok`, then publish
    /// what it did; or the refusal (a failed store included: nothing changed).
    async fn answer(
        &mut self,
        result: Result<Outcome, ServerError>,
        id: Option<RequestId>,
        reply: &Peer,
    ) {
        match result {
            Ok(outcome) => {
                reply.send_msg(&ServerMsg::Ok { id });
                self.publish(outcome.told()).await;
            }
            Err(error) => reply.refuse(&error, id),
        }
    }

    /// Keep each event for resuming clients and send it, serialised once,
    /// to the live seats and every spectator; then tell the rest of the
    /// server what changed.
    async fn publish(&mut self, told: Vec<Told>) {
        if told.is_empty() {
            return;
        }
        let match_id = self.state.id();
        let mut summary_changed = false;
        for told in told {
            summary_changed |= told.event.kind.changes_summary();
            let version = told.event.version;
            let frame = frame(&view::message(match_id, told));
            self.remember(version, frame.clone());
            for link in self.links.iter().flatten().filter(|link| link.live) {
                link.peer.send(&frame);
            }
            // A spectator that cannot keep up is dropped; the players never wait for one.
            self.watchers.retain(|_, peer| peer.send(&frame));
        }
        self.sync_spectators();
        if self.state.is_over() && !self.ended {
            self.ended = true;
            self.trim_history();
            let players = self.state.players();
            let notice = MatchNotice::Ended {
                match_id,
                players: [players[0].id, players[1].id],
                real_time: self.state.settings().time_control.is_real_time(),
            };
            let _ = self.env.notices.send(notice).await;
        } else if summary_changed && !self.state.is_over() {
            let summary = self.state.summary(self.watchers.len() as u32);
            let _ = self.env.notices.send(MatchNotice::Changed(summary)).await;
        }
    }

    /// Keep an event's frame for clients that resume, within the history limit.
    fn remember(&mut self, version: u64, frame: Frame) {
        let keep = self.env.limits.event_history;
        if keep == 0 {
            return;
        }
        if self.history.len() >= keep {
            self.history.pop_front();
        }
        self.history.push_back((version, frame));
    }

    /// A finished match lingers only to answer late requests: it keeps the
    /// last few events for players resuming right at the end, and anyone
    /// further behind gets the final snapshot. Without this, the histories of
    /// finished matches were most of the server's memory under load.
    fn trim_history(&mut self) {
        let keep = ENDED_HISTORY.min(self.history.len());
        self.history.drain(..self.history.len() - keep);
        self.history.shrink_to_fit();
    }

    /// Keep the server-wide spectator gauge in step with this match's watchers.
    fn sync_spectators(&mut self) {
        let now = self.watchers.len() as i64;
        if now == self.counted {
            return;
        }
        self.env.metrics.spectators.inc_by(now - self.counted);
        self.counted = now;
    }

    /// Tell players and spectators the spectator count, at most once a tick.
    async fn announce_spectators(&mut self) {
        self.watchers.retain(|_, peer| !peer.is_closed());
        self.sync_spectators();
        let count = self.watchers.len() as u32;
        if count == self.announced {
            return;
        }
        self.announced = count;
        let message = frame(&ServerMsg::Spectators {
            match_id: self.state.id(),
            count,
        });
        for link in self.links.iter().flatten().filter(|link| link.live) {
            link.peer.send(&message);
        }
        self.watchers.retain(|_, peer| peer.send(&message));
        if !self.state.is_over() {
            let summary = self.state.summary(count);
            let _ = self.env.notices.send(MatchNotice::Changed(summary)).await;
        }
    }
}
