//! One live match: the state machine behind a lock, applied to by the
//! connections that send requests, and a task that keeps its time.
//!
//! A request is applied on the task of the connection that sent it: it
//! locks the match, plays, answers, and fans every event out to the players
//! and the spectators, serialised once, before it lets go. `shared/
//! ARCHITECTURE.md` has a task own each match and take requests over a
//! channel; that costs every move a channel hop and a task wake, and the
//! move is the server's hot path (docs/PERFORMANCE.md). The lock is never
//! held across an `.await`, and its order is fixed: a match may call into
//! the hub while locked, the hub never locks a match (it queues presence
//! notices for the match's task instead). The task applies those notices,
//! ends games on time, announces the spectator count, and forgets the match
//! after it has lingered past its end.

use super::state::{Action, MatchState, MoveResult, Refusal, Rematch};
use crate::hub::Hub;
use crate::metrics::Metrics;
use crate::peer::{Frame, Peer, frame};
use protocol::rules::Side;
use protocol::wire::{
    ChatRoom, ErrorCode, MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef, RequestId,
    Seat, ServerMsg,
};
use rand::Rng;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{Notify, mpsc};
use tracing::Instrument;

/// Requests a connection sends to a match. Each carries the connection to
/// answer and the request id to echo.
pub(crate) enum MatchCmd {
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
    /// A chat message from a player (`seat`) or a spectator (`conn`).
    Chat {
        from: PlayerRef,
        seat: Option<Seat>,
        conn: u64,
        text: String,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// Someone starts watching.
    Watch { id: Option<RequestId>, peer: Peer },
    /// A spectator stops watching (or left).
    Unwatch { conn: u64 },
    /// A player's connection dropped (`online: false`) or came back.
    Presence { seat: Seat, online: bool },
    /// A reconnected client catches up from `last_version`; a spectator
    /// (`seat: None`) is watching again afterwards.
    Resume {
        id: Option<RequestId>,
        peer: Peer,
        seat: Option<Seat>,
        last_version: u64,
    },
}

/// How connections reach a match: its players (to tell seats from
/// spectators without asking), the match itself, and a queue for callers
/// that must not wait for it.
#[derive(Clone)]
pub(crate) struct MatchHandle {
    pub(crate) players: [PlayerId; 2],
    /// For callers holding one of the hub's locks (presence notices): the
    /// match's task applies what comes here. A match calls into the hub while
    /// it is locked, so the hub never locks a match; this keeps the order.
    pub(crate) tx: mpsc::Sender<MatchCmd>,
    shared: Arc<Shared>,
}

/// The match has stopped answering (it ended and its linger ran out).
#[derive(Debug)]
pub(crate) struct Gone;

impl MatchHandle {
    /// The seat of `player`, if he plays here.
    pub(crate) fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        Side::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == player)
    }

    /// Apply a request now, on the caller's task, and fan out what it did.
    ///
    /// A move is the hot path of the server: applying it where it was read
    /// spares a channel hop and a task wake per move (the match's task only
    /// keeps time). Requests of one connection are applied in the order it
    /// sent them; the match's lock is never held across an `.await`.
    pub(crate) fn apply(&self, cmd: MatchCmd) -> Result<(), Gone> {
        self.shared.apply(cmd)
    }
}

/// Presence notices a match queues; a full queue drops the notice.
const QUEUE: usize = 64;

/// Start a match: draw game 1's first mover by lot, spawn its task, and
/// return its handle and lobby line.
pub(crate) fn start_match(
    hub: Arc<Hub>,
    id: MatchId,
    players: [PlayerRef; 2],
    settings: MatchSettings,
) -> (MatchHandle, MatchSummary) {
    let first = if rand::rng().random::<bool>() {
        Side::Player0
    } else {
        Side::Player1
    };
    let ids = [players[0].id, players[1].id];
    let now = hub.config.clock.now();
    let (state, events) = MatchState::start(
        id,
        players,
        settings,
        first,
        now,
        hub.config.timing(settings.time_control),
    );
    let summary = state.summary(0);
    let (tx, rx) = mpsc::channel(QUEUE);
    let history = VecDeque::with_capacity(hub.config.event_history.min(1024));
    let core = MatchCore {
        hub: Arc::clone(&hub),
        id,
        state,
        opening: Some(events),
        watchers: HashMap::new(),
        announced: 0,
        history,
        counted: 0,
        ended: false,
        scheduled: None,
        closed: false,
    };
    let shared = Arc::new(Shared {
        core: Mutex::new(core),
        wake: Notify::new(),
    });
    tokio::spawn(
        keep_time(hub, id, Arc::clone(&shared), rx)
            .instrument(tracing::info_span!("match", id = id.0)),
    );
    (
        MatchHandle {
            players: ids,
            tx,
            shared,
        },
        summary,
    )
}

/// A match, shared by the connections that apply requests to it and by
/// the task that keeps its time.
struct Shared {
    core: Mutex<MatchCore>,
    /// Wakes the task when the match's deadline moved earlier or it ended.
    wake: Notify,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, MatchCore> {
        // A panic while holding the lock would be a bug; keep serving the match as it is.
        self.core
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn apply(&self, cmd: MatchCmd) -> Result<(), Gone> {
        self.with_core(|core| {
            // A flag that fell before this request counts first.
            core.flag_if_due();
            core.dispatch(cmd);
        })
    }

    /// Run `change` on the match (opened first), then settle what it did,
    /// waking the task if its timing changed.
    fn with_core(&self, change: impl FnOnce(&mut MatchCore)) -> Result<(), Gone> {
        let mut core = self.lock();
        if core.closed {
            return Err(Gone);
        }
        core.open();
        change(&mut core);
        let wake = core.settle();
        drop(core);
        if wake {
            self.wake.notify_one();
        }
        Ok(())
    }
}

/// The match's own task: it applies queued notices, ends games on time,
/// announces the spectator count, and forgets the match once it has
/// lingered after its end.
async fn keep_time(
    hub: Arc<Hub>,
    id: MatchId,
    shared: Arc<Shared>,
    mut rx: mpsc::Receiver<MatchCmd>,
) {
    // Send the opening events unless a request already has (`with_core` opens).
    let _ = shared.with_core(|_| {});
    let mut tick = tokio::time::interval(hub.config.spectator_update());
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let linger = tokio::time::sleep(std::time::Duration::MAX / 4);
    tokio::pin!(linger);
    let mut lingering = false;
    let clock = hub.config.clock.clone();
    loop {
        let (deadline, ended) = {
            let mut core = shared.lock();
            core.scheduled = core.state.deadline();
            (core.scheduled, core.ended)
        };
        if ended && !lingering {
            lingering = true;
            linger
                .as_mut()
                .reset(tokio::time::Instant::now() + hub.config.ended_linger());
        }
        tokio::select! {
            // Notices first; timers are looked at when none is waiting.
            biased;
            cmd = rx.recv() => match cmd {
                Some(cmd) => {
                    let _ = shared.apply(cmd);
                }
                None => break,
            },
            _ = shared.wake.notified() => {}
            _ = clock.sleep_until(deadline.unwrap_or(0)), if deadline.is_some() => {
                let _ = shared.with_core(MatchCore::flag_if_due);
            }
            _ = tick.tick() => {
                let _ = shared.with_core(MatchCore::announce_spectators);
            }
            _ = &mut linger, if lingering => break,
        }
    }
    {
        let mut core = shared.lock();
        core.closed = true;
        core.watchers.clear();
        core.sync_spectators();
    }
    hub.forget_match(id);
}

/// Events a finished match keeps for resuming players (see `trim_history`).
const ENDED_HISTORY: usize = 8;

struct MatchCore {
    hub: Arc<Hub>,
    id: MatchId,
    state: MatchState,
    /// The opening events, until the first to lock the match sends them.
    opening: Option<Vec<ServerMsg>>,
    watchers: HashMap<u64, Peer>,
    /// The spectator count last announced.
    announced: u32,
    /// The latest events, serialised, for clients that reconnect.
    history: VecDeque<(u64, Frame)>,
    /// Spectators counted in the server-wide gauge.
    counted: i64,
    /// The match is over and the hub has been told.
    ended: bool,
    /// The deadline the task is waiting for.
    scheduled: Option<crate::clock::Millis>,
    /// The task has stopped: requests get `Gone`.
    closed: bool,
}

impl MatchCore {
    /// Send the opening events if nobody has yet. They are not sent where
    /// the match is made: the hub holds its locks there, and a broadcast
    /// looks players up in the hub.
    fn open(&mut self) {
        if let Some(opening) = self.opening.take() {
            self.broadcast(&opening);
        }
    }

    /// After a change: keep the spectator gauge true, tell the hub once the
    /// match is over, and say whether the task must look at the time again
    /// (the deadline came earlier, or the match just ended).
    fn settle(&mut self) -> bool {
        self.sync_spectators();
        let mut wake = false;
        if self.state.is_over() && !self.ended {
            self.ended = true;
            wake = true;
            self.trim_history();
            let players = self.state.players();
            self.hub.match_ended(
                self.id,
                [players[0].id, players[1].id],
                self.state.settings().time_control.is_real_time(),
            );
        }
        match (self.state.deadline(), self.scheduled) {
            (Some(new), Some(waiting)) => wake || new < waiting,
            (Some(_), None) => true,
            (None, _) => wake,
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

    fn now(&self) -> crate::clock::Millis {
        self.hub.config.clock.now()
    }

    /// End the current game on time if the clock of the seat to move ran out.
    fn flag_if_due(&mut self) {
        let events = self.state.check_flag(self.now());
        self.broadcast(&events);
    }

    /// Keep the server-wide spectator gauge in step with this match's watchers.
    fn sync_spectators(&mut self) {
        let now = self.watchers.len() as i64;
        if now == self.counted {
            // The usual case after a move: no write to the server-wide counter.
            return;
        }
        self.hub
            .metrics
            .spectators
            .fetch_add(now - self.counted, std::sync::atomic::Ordering::Relaxed);
        self.counted = now;
    }

    fn dispatch(&mut self, cmd: MatchCmd) {
        match cmd {
            MatchCmd::Move {
                seat,
                game,
                ply,
                house,
                id,
                reply,
            } => match self.state.play(
                seat,
                game,
                ply,
                house,
                self.now(),
                self.hub.config.clock.unix_micros(),
            ) {
                Ok(result) => {
                    let duplicate = matches!(result, MoveResult::Duplicate);
                    reply.send_msg(&ServerMsg::MoveAccepted {
                        id,
                        match_id: self.id,
                        game,
                        ply,
                        duplicate,
                    });
                    if let MoveResult::Applied(events) = result {
                        Metrics::add(&self.hub.metrics.moves_accepted);
                        self.broadcast(&events);
                    }
                }
                Err(refusal) => refused(&self.hub.metrics, &reply, id, refusal),
            },
            MatchCmd::Act {
                seat,
                action,
                id,
                reply,
            } => {
                let result = self.state.act(seat, action, self.now());
                self.answer(result, id, &reply);
            }
            MatchCmd::Rematch {
                seat,
                accept,
                id,
                reply,
            } => self.rematch(seat, accept, id, &reply),
            MatchCmd::Chat {
                from,
                seat,
                conn,
                text,
                id,
                reply,
            } => self.chat(from, seat, conn, text, id, &reply),
            MatchCmd::Watch { id, peer } => {
                self.watchers.insert(peer.id(), peer.clone());
                let snapshot = self.state.snapshot(self.watchers.len() as u32, self.now());
                peer.send_msg(&ServerMsg::MatchSnapshot { id, snapshot });
            }
            MatchCmd::Unwatch { conn } => {
                self.watchers.remove(&conn);
            }
            MatchCmd::Presence { seat, online } => {
                let now = self.now();
                let events = self.state.presence(seat, online, now);
                self.broadcast(&events);
            }
            MatchCmd::Resume {
                id,
                peer,
                seat,
                last_version,
            } => self.resume(id, peer, seat, last_version),
        }
    }

    /// Send a reconnected client what it missed: the events after
    /// `last_version` if the history still has them all, else a snapshot.
    fn resume(&mut self, id: Option<RequestId>, peer: Peer, seat: Option<Seat>, last_version: u64) {
        if seat.is_none() {
            self.watchers.insert(peer.id(), peer.clone());
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
            let snapshot = self.state.snapshot(self.watchers.len() as u32, self.now());
            peer.send_msg(&ServerMsg::MatchSnapshot { id, snapshot });
            return;
        }
        peer.send_msg(&ServerMsg::Resumed {
            id,
            match_id: self.id,
            version,
        });
    }

    fn rematch(&mut self, seat: Seat, accept: Option<bool>, id: Option<RequestId>, reply: &Peer) {
        match self.state.rematch(seat, accept) {
            Ok(Rematch::Offered(msg)) | Ok(Rematch::Declined(msg)) => {
                reply.send_msg(&ServerMsg::Ok { id });
                self.to_players(&frame(&msg));
            }
            Ok(Rematch::Agreed(players, settings)) => match self.hub.rematch(players, settings) {
                Ok(()) => {
                    reply.send_msg(&ServerMsg::Ok { id });
                }
                Err((code, message)) => {
                    reply.send_msg(&ServerMsg::Error {
                        id,
                        code,
                        message,
                        reason: None,
                    });
                }
            },
            Err(refusal) => refused(&self.hub.metrics, reply, id, refusal),
        }
    }

    /// Players talk among themselves; spectators among themselves, and the
    /// players hear them once the match is over.
    fn chat(
        &mut self,
        from: PlayerRef,
        seat: Option<Seat>,
        conn: u64,
        text: String,
        id: Option<RequestId>,
        reply: &Peer,
    ) {
        let room = if seat.is_some() {
            ChatRoom::Players
        } else if self.watchers.contains_key(&conn) {
            ChatRoom::Spectators
        } else {
            reply.send_msg(&ServerMsg::Error {
                id,
                code: ErrorCode::NotWatching,
                message: format!("watch match {} to talk in its spectators' chat", self.id),
                reason: None,
            });
            return;
        };
        reply.send_msg(&ServerMsg::Ok { id });
        let message = frame(&ServerMsg::ChatMessage {
            match_id: self.id,
            room,
            from,
            text,
        });
        if room == ChatRoom::Players || self.state.is_over() {
            self.to_players(&message);
        }
        if room == ChatRoom::Spectators {
            self.watchers.retain(|_, peer| peer.send(&message));
        }
    }

    /// Send a frame to both players' current connections.
    fn to_players(&self, frame: &Frame) {
        let players = self.state.players();
        for player in players {
            if let Some(peer) = self.hub.peer_of(player.id) {
                peer.send(frame);
            }
        }
    }

    /// Acknowledge a player's request with `ok`, then broadcast what it did.
    fn answer(
        &mut self,
        result: Result<Vec<ServerMsg>, Refusal>,
        id: Option<RequestId>,
        reply: &Peer,
    ) {
        match result {
            Ok(events) => {
                reply.send_msg(&ServerMsg::Ok { id });
                self.broadcast(&events);
            }
            Err(refusal) => refused(&self.hub.metrics, reply, id, refusal),
        }
    }

    /// Send each event, serialised once, to both players and every spectator.
    fn broadcast(&mut self, events: &[ServerMsg]) {
        if events.is_empty() {
            return;
        }
        let players = self.state.players();
        let seats = [
            self.hub.peer_of(players[0].id),
            self.hub.peer_of(players[1].id),
        ];
        let mut score_changed = false;
        for event in events {
            score_changed |= matches!(
                event,
                ServerMsg::GameEnded { .. } | ServerMsg::GameStarted { .. }
            );
            let frame = frame(event);
            if let Some((_, version)) = event.match_event() {
                if self.history.len() >= self.hub.config.event_history {
                    self.history.pop_front();
                }
                if self.hub.config.event_history > 0 {
                    self.history.push_back((version, frame.clone()));
                }
            }
            for peer in seats.iter().flatten() {
                peer.send(&frame);
            }
            // A spectator that cannot keep up is dropped; the players never wait for one.
            self.watchers.retain(|_, peer| peer.send(&frame));
        }
        if score_changed && !self.state.is_over() {
            self.hub
                .match_changed(self.state.summary(self.watchers.len() as u32));
        }
    }

    /// Tell players and spectators the spectator count, at most once a tick.
    fn announce_spectators(&mut self) {
        self.watchers.retain(|_, peer| !peer.is_closed());
        let count = self.watchers.len() as u32;
        if count == self.announced {
            return;
        }
        self.announced = count;
        let msg = ServerMsg::Spectators {
            match_id: self.id,
            count,
        };
        self.broadcast(std::slice::from_ref(&msg));
        if !self.state.is_over() {
            self.hub.match_changed(self.state.summary(count));
        }
    }
}

fn refused(metrics: &Metrics, reply: &Peer, id: Option<RequestId>, refusal: Refusal) {
    metrics.rejected(refusal.code);
    reply.send_msg(&ServerMsg::Error {
        id,
        code: refusal.code,
        message: refusal.message,
        reason: refusal.reason.map(str::to_owned),
    });
}
