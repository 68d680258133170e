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
//! A seat whose player signed in again is linked at once, but gets the
//! match's events only once he has asked to `resume` from the last version
//! he saw: he then receives every event he missed exactly once, in version
//! order, and the live ones after them.

use super::event::MatchEvent;
use super::state::{Action, MatchState, Played, Rematch};
use super::timing::Timing;
use super::view;
use crate::clock::{Clock, Millis};
use crate::error::ServerError;
use crate::metrics::Metrics;
use crate::peer::{Frame, Peer, Snapshot, frame};
use protocol::wire::{
    ChatRoom, MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef, RequestId, Seat, ServerMsg,
};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
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
    /// Both players want a rematch: start it and say whether it started.
    Rematch {
        players: [PlayerRef; 2],
        settings: MatchSettings,
        started: oneshot::Sender<Result<MatchId, ServerError>>,
    },
    /// It stopped answering (its linger ran out, or the server stops).
    Closed(MatchId),
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
}

/// How the rest of the server reaches a live match. Cheap to clone.
#[derive(Clone)]
pub(crate) struct MatchHandle {
    players: [PlayerId; 2],
    inbox: mpsc::Sender<MatchRequest>,
    seats: Arc<[watch::Sender<Option<Peer>>; 2]>,
}

/// The match has stopped answering (it ended and its linger ran out).
#[derive(Debug)]
pub(crate) struct Gone;

impl MatchHandle {
    /// The seat of `player`, if he plays here.
    pub(crate) fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == player)
    }

    /// Queue a request; waits while the inbox is full.
    pub(crate) async fn send(&self, request: MatchRequest) -> Result<(), Gone> {
        self.inbox.send(request).await.map_err(|_| Gone)
    }

    /// The connection `seat`'s player is on now (`None`: he has none).
    /// Never waits; the match takes the latest value.
    pub(crate) fn link(&self, seat: Seat, peer: Option<Peer>) {
        self.seats[seat.index()].send_replace(peer);
    }
}

/// Start a match whose seats' players are on `links` now (`None`: away):
/// spawn its task and return its handle and lobby line.
#[allow(clippy::too_many_arguments)]
pub(crate) fn start_match(
    env: MatchEnv,
    id: MatchId,
    players: [PlayerRef; 2],
    settings: MatchSettings,
    timing: Timing,
    first: Seat,
    links: [Option<Peer>; 2],
) -> (MatchHandle, MatchSummary) {
    let ids = [players[0].id, players[1].id];
    let present = [links[0].is_some(), links[1].is_some()];
    let (state, opening) = MatchState::start(
        id,
        players,
        settings,
        timing,
        first,
        present,
        env.clock.now_us(),
    );
    let summary = state.summary(0);
    let (inbox, requests) = mpsc::channel(env.limits.inbox.max(1));
    let (seat0, rx0) = watch::channel(links[0].clone());
    let (seat1, rx1) = watch::channel(links[1].clone());
    let task = MatchTask {
        state,
        history: VecDeque::with_capacity(env.limits.event_history.min(1024)),
        links: links.map(|peer| peer.map(|peer| SeatLink { peer, live: true })),
        watchers: HashMap::new(),
        announced: 0,
        counted: 0,
        ended: false,
        env: env.clone(),
    };
    env.tasks.spawn(
        task.run(opening, requests, [rx0, rx1])
            .instrument(tracing::info_span!("match", id = id.0)),
    );
    let handle = MatchHandle {
        players: ids,
        inbox,
        seats: Arc::new([seat0, seat1]),
    };
    (handle, summary)
}

/// A seat's player's connection, as the match knows it.
struct SeatLink {
    peer: Peer,
    /// Whether it gets the match's events: from the start, or once it has resumed.
    live: bool,
}

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
    env: MatchEnv,
}

impl MatchTask {
    async fn run(
        mut self,
        opening: Vec<MatchEvent>,
        mut requests: mpsc::Receiver<MatchRequest>,
        mut seats: [watch::Receiver<Option<Peer>>; 2],
    ) {
        self.publish(opening).await;
        let clock = self.env.clock.clone();
        let mut deadline = clock.timer(0);
        let every = self.env.limits.spectator_update_ms.max(1);
        let mut tick = clock.timer(clock.now() + every);
        let mut linger: Option<Millis> = None;
        let shutdown = self.env.shutdown.clone();
        let [seat0, seat1] = &mut seats;
        loop {
            let due = self.state.deadline();
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
                    self.announce_spectators().await;
                    let next = clock.now() + every;
                    tick.reset(linger.map_or(next, |at| at.min(next)));
                }
            }
        }
        self.watchers.clear();
        self.sync_spectators();
        let _ = self
            .env
            .notices
            .send(MatchNotice::Closed(self.state.id()))
            .await;
    }

    fn now_us(&self) -> u64 {
        self.env.clock.now_us()
    }

    async fn check_time(&mut self) {
        let events = self.state.check_time(self.now_us());
        self.publish(events).await;
    }

    /// The seat's player is on `peer` now (`None`: he left).
    async fn relink(&mut self, seat: Seat, peer: Option<Peer>) {
        let slot = &mut self.links[seat.index()];
        let events = match (peer, slot.as_ref()) {
            (None, None) => return,
            (None, Some(_)) => {
                *slot = None;
                self.state.presence(seat, false, self.env.clock.now_us())
            }
            (Some(peer), Some(link)) if link.peer.id() == peer.id() => return,
            (Some(peer), was) => {
                let returned = was.is_none();
                // He gets the events again once he has resumed.
                *slot = Some(SeatLink { peer, live: false });
                if !returned {
                    return;
                }
                self.state.presence(seat, true, self.env.clock.now_us())
            }
        };
        self.publish(events).await;
    }

    async fn handle(&mut self, request: MatchRequest) {
        let now_us = self.now_us();
        match request {
            MatchRequest::Move {
                seat,
                game,
                ply,
                house,
                id,
                reply,
            } => match self.state.play(seat, game, ply, house, now_us) {
                Ok(played) => {
                    let duplicate = matches!(played, Played::Duplicate);
                    reply.send_msg(&ServerMsg::MoveAccepted {
                        id,
                        match_id: self.state.id(),
                        game,
                        ply,
                        duplicate,
                    });
                    if let Played::Applied(events) = played {
                        self.env.metrics.moves_accepted.inc();
                        self.publish(events).await;
                    }
                }
                Err(error) => reply.refuse(&error, id),
            },
            MatchRequest::Act {
                seat,
                action,
                id,
                reply,
            } => {
                let result = self.state.act(seat, action, now_us);
                self.answer(result, id, &reply).await;
            }
            MatchRequest::Rematch {
                seat,
                accept,
                id,
                reply,
            } => self.rematch(seat, accept, id, reply, now_us).await,
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
        now_us: u64,
    ) {
        match self.state.rematch(seat, accept, now_us) {
            Ok(Rematch::Recorded(events)) => {
                reply.send_msg(&ServerMsg::Ok { id });
                self.publish(events).await;
            }
            Ok(Rematch::Agreed(players, settings)) => {
                let (started, result) = oneshot::channel();
                let asked = self
                    .env
                    .notices
                    .send(MatchNotice::Rematch {
                        players,
                        settings,
                        started,
                    })
                    .await;
                let result = match asked {
                    Ok(()) => result.await.unwrap_or(Err(ServerError::MatchOver)),
                    Err(_) => Err(ServerError::MatchOver),
                };
                match result {
                    Ok(rematch_id) => {
                        reply.send_msg(&ServerMsg::Ok { id });
                        let events = self.state.rematch_started(rematch_id, self.now_us());
                        self.publish(events).await;
                    }
                    Err(error) => reply.refuse(&error, id),
                }
            }
            Err(error) => reply.refuse(&error, id),
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

    /// Acknowledge a player's request with `ok`, then publish what it did.
    async fn answer(
        &mut self,
        result: Result<Vec<MatchEvent>, ServerError>,
        id: Option<RequestId>,
        reply: &Peer,
    ) {
        match result {
            Ok(events) => {
                reply.send_msg(&ServerMsg::Ok { id });
                self.publish(events).await;
            }
            Err(error) => reply.refuse(&error, id),
        }
    }

    /// Keep each event for resuming clients and send it, serialised once,
    /// to the live seats and every spectator; then tell the rest of the
    /// server what changed.
    async fn publish(&mut self, events: Vec<MatchEvent>) {
        if events.is_empty() {
            return;
        }
        let match_id = self.state.id();
        let keep = self.env.limits.event_history;
        let mut summary_changed = false;
        for event in events {
            summary_changed |= event.kind.changes_summary();
            let version = event.version;
            let frame = frame(&view::message(match_id, event));
            if keep > 0 {
                if self.history.len() >= keep {
                    self.history.pop_front();
                }
                self.history.push_back((version, frame.clone()));
            }
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
