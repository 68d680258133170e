//! One live match: a task that owns its [`MatchState`] and its audience
//! ([`audience`]: the seats' connections, the spectators, the recent
//! events). Requests arrive in a bounded inbox ([`handle`]) and are carried
//! out one at a time; only then is the sender answered and are the events
//! fanned out, each serialised once for every recipient. The task keeps
//! the match's time too (flag falls, abandonment, the spectator count, the
//! linger after the end).
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

mod audience;
mod commit;
mod handle;
mod rematch;
mod start;

pub(crate) use handle::{Gone, MatchHandle, MatchNotice, MatchRequest, Opened, Played, opened};
pub(crate) use start::{MatchEnv, MatchLimits, reload_match, resume_match, start_match};

use super::event::{MatchEvent, Told};
use super::state::{Decision, MatchState, Request};
use super::view;
use crate::clock::Millis;
use crate::error::ServerError;
use crate::peer::{Peer, Snapshot, frame};
use audience::{Audience, Relinked, Role};
use commit::Commits;
use protocol::wire::close;
use protocol::wire::{ChatRoom, MatchSettings, PlayerRef, RequestId, Seat, ServerMsg};
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;

/// Events a match loaded from the journal keeps for resuming clients at first.
const LOADED_HISTORY: usize = 16;

struct MatchTask {
    state: MatchState,
    /// Who hears the match.
    audience: Audience,
    /// Where its events are stored before they happen.
    commits: Commits,
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
        lost: CancellationToken,
    ) {
        match self.commits.commit(&mut self.state, opening).await {
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
                // Another node took it: it must not write, nor tell the hub
                // anything (the hub forgot it already, and may serve it again).
                // Those who asked something meanwhile are sent away with its
                // audience: unanswered, a resume would leave its client
                // waiting for a match he never hears of again.
                _ = lost.cancelled() => {
                    let reason = format!(
                        "match {} is served by another node now: reconnect and resume",
                        self.state.id()
                    );
                    self.audience.close_all(close::SERVICE_RESTART, &reason);
                    requests.close();
                    while let Ok(request) = requests.try_recv() {
                        if let Some(asker) = request.asker() {
                            asker.close(close::SERVICE_RESTART, &reason);
                        }
                    }
                    return;
                }
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
                        self.audience.clear();
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
            && self.audience.is_empty()
            && self.env.clock.now() >= self.last_activity.saturating_add(after)
    }

    /// The match stops answering; `unstarted`: its start was never stored,
    /// so its players are freed of it as of an ended match.
    async fn closed(&mut self, unstarted: bool) {
        self.audience.clear();
        let id = self.state.id();
        if self.ended || unstarted {
            self.env
                .store
                .write_later(crate::store::Write::LeaseDone { match_id: id.0 });
        }
        if unstarted {
            let players = self.state.players();
            let notice = MatchNotice::Ended {
                match_id: id,
                players: [players[0].id, players[1].id],
                real_time: self.state.settings().time_control.is_real_time(),
                played: None,
            };
            let _ = self.env.notices.send(notice).await;
        }
        let _ = self.env.notices.send(MatchNotice::Closed(id)).await;
    }

    /// Decide `request` at the time now, store it and apply it.
    async fn carry_out(&mut self, request: Request) -> Result<Outcome, ServerError> {
        if self.commits.unsure {
            self.resync().await?;
        }
        match self.state.decide(request, self.now_us())? {
            Decision::Events(events) => {
                let told = self.commits.commit(&mut self.state, events).await?;
                Ok(Outcome::Told(told))
            }
            Decision::Duplicate => Ok(Outcome::Duplicate),
            Decision::RematchAgreed(players, settings) => {
                Ok(Outcome::RematchAgreed(players, settings))
            }
        }
    }

    /// After a write whose outcome was not known, bring memory to what the
    /// journal holds ([`Commits::resync`]) and tell what it missed.
    async fn resync(&mut self) -> Result<(), ServerError> {
        let missed = self.commits.resync(&mut self.state).await?;
        self.publish(missed).await;
        Ok(())
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
        let conn = peer.as_ref().map(Peer::id);
        let relinked = self.audience.relink(seat, peer);
        tracing::debug!("seat {seat:?} is on connection {conn:?} now: {relinked:?}");
        let Relinked::Presence(present) = relinked else {
            return;
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
            MatchRequest::Watch { id, peer, lane } => {
                self.audience.watch(peer.clone(), lane);
                let snapshot = self.snapshot();
                let kind = Snapshot::Match(self.state.id());
                peer.send_snapshot(
                    &ServerMsg::MatchSnapshot {
                        id,
                        snapshot: Box::new(snapshot),
                    },
                    kind,
                );
            }
            MatchRequest::Unwatch { conn } => self.audience.unwatch(conn),
            MatchRequest::Resume {
                id,
                peer,
                seat,
                lane,
                last_version,
            } => {
                let role = match seat {
                    Some(seat) => Role::Player(seat),
                    None => Role::Spectator { lane },
                };
                self.resume(id, peer, role, last_version).await;
            }
        }
    }

    fn snapshot(&self) -> protocol::wire::MatchSnapshot {
        let now = self.env.clock.now();
        self.state.snapshot(self.audience.spectators(), now)
    }

    /// Send a client what it missed since `last_version` (see
    /// [`Audience::catch_up`]); a seat's connection is linked first.
    async fn resume(&mut self, id: Option<RequestId>, peer: Peer, role: Role, last_version: u64) {
        if let Role::Player(seat) = role {
            self.relink(seat, Some(peer.clone())).await;
        }
        let (state, now) = (&self.state, self.env.clock.now());
        let version = state.version();
        tracing::debug!(
            "connection {} resumes from version {last_version} of {version}",
            peer.id()
        );
        let snapshot = |spectators| state.snapshot(spectators, now);
        self.audience
            .catch_up(id, peer, role, last_version, version, snapshot);
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
        } else if self.audience.is_watching(reply.id()) {
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
        self.audience.chat(room, &message, self.state.is_over());
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
            let message = view::message(match_id, told);
            self.audience.tell(version, frame(&message), &message);
        }
        if self.state.is_over() && !self.ended {
            self.ended = true;
            self.audience.trim_history();
            let players = self.state.players();
            let notice = MatchNotice::Ended {
                match_id,
                players: [players[0].id, players[1].id],
                real_time: self.state.settings().time_control.is_real_time(),
                played: Some(handle::Played {
                    points: self.state.points(),
                    moved: self.state.moved(),
                    berserked: self.state.berserked(),
                }),
            };
            let _ = self.env.notices.send(notice).await;
        } else if summary_changed && !self.state.is_over() {
            let summary = self.state.summary(self.audience.spectators());
            let _ = self.env.notices.send(MatchNotice::Changed(summary)).await;
        }
    }

    /// Tell players and spectators the spectator count, at most once a
    /// tick, and the lobby when it changed.
    async fn announce_spectators(&mut self) {
        let Some(count) = self.audience.announce_spectators() else {
            return;
        };
        if !self.state.is_over() {
            let summary = self.state.summary(count);
            let _ = self.env.notices.send(MatchNotice::Changed(summary)).await;
        }
    }
}

#[cfg(test)]
mod tests;
