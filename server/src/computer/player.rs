//! One computer player: a client inside the server. He signs in like
//! anyone (his own session, the same message budgets, but refusals never
//! close him: they are his challengers' doing) and takes what the server
//! tells him as messages, not frames (a typed outbox: nothing is serialised
//! for him, nothing parsed back). He follows each of his matches with the
//! [`Follower`] `mancala bot` uses, accepts every challenge and every
//! rematch, declines draws, and when it is his move asks the search pool
//! for one and plays it after a pause a person would take. Pause and search
//! together take at most a twentieth of what is left on his clock, counted
//! from when he saw it was his move, so he never loses on time.

use super::pool::{Pool, Request};
use crate::clock::Millis;
use crate::context::Context;
use crate::net::session::Session;
use crate::peer::TypedOutbox;
use engine::Level;
use protocol::follow::{Follower, Turn};
use protocol::wire::{ClientFrame, ClientMsg, MatchId, PlayerRef, RequestId, ServerMsg};
use rand::Rng;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::mpsc;
use tracing::{debug, warn};

/// A computer's level and everything he needs to play.
pub(crate) struct Computer {
    pub(crate) level: Level,
    pub(crate) context: Context,
    pub(crate) settings: Arc<super::ComputerSettings>,
    pub(crate) pool: Arc<Pool>,
    pub(crate) session: Session,
    pub(crate) outbox: TypedOutbox,
    pub(crate) me: PlayerRef,
}

/// A move chosen for a turn, to be played if the match is still there.
struct Chosen {
    turn: Turn,
    house: u8,
}

impl Computer {
    /// Play until the server stops, or until his connection closes (then
    /// he says why, and his supervisor starts him again).
    pub(crate) async fn run(mut self, matches: Vec<MatchId>) -> Result<(), String> {
        let mut followed: HashMap<MatchId, Follower> = HashMap::new();
        let (chosen_tx, mut chosen_rx) = mpsc::channel::<Chosen>(64);
        // After a restart, his live matches: every event from the start.
        for match_id in matches {
            self.send(ClientMsg::Resume {
                match_id,
                last_version: 0,
            })
            .await;
        }
        let stopping = self.context.shutdown.clone();
        let ended = loop {
            tokio::select! {
                messages = self.outbox.next_messages() => {
                    let Some(messages) = messages else {
                        let why = self.outbox.reason().map_or_else(
                            || "its connection closed".to_owned(),
                            |r| format!("its connection closed: {} {}", r.code, r.reason),
                        );
                        break Err(why);
                    };
                    for msg in messages {
                        self.heard(msg, &mut followed, &chosen_tx).await;
                    }
                }
                Some(chosen) = chosen_rx.recv() => self.play(chosen, &mut followed, &chosen_tx).await,
                () = stopping.cancelled() => break Ok(()),
            }
        };
        // Offline as this connection: the next start signs him in afresh.
        self.session.finish().await;
        ended
    }

    async fn send(&mut self, msg: ClientMsg) {
        self.request(None, msg).await;
    }

    /// Send `msg` under request id `id` (a move's is its match's number, so
    /// that a refusal says which match to choose again for).
    async fn request(&mut self, id: Option<RequestId>, msg: ClientMsg) {
        let _ = self.session.handle(ClientFrame { id, msg }).await;
    }

    /// React to one message from the server.
    async fn heard(
        &mut self,
        msg: ServerMsg,
        followed: &mut HashMap<MatchId, Follower>,
        chosen: &mpsc::Sender<Chosen>,
    ) {
        if let Some(follower) = Follower::starting(&msg, self.me.id) {
            followed.insert(follower.match_id(), follower);
        } else if let Some(follower) = msg.match_id().and_then(|id| followed.get_mut(&id)) {
            follower.heard(&msg);
        }
        match msg {
            ServerMsg::ChallengeReceived { challenge } => {
                self.send(ClientMsg::ChallengeAccept {
                    challenge_id: challenge.challenge_id,
                })
                .await;
            }
            ServerMsg::DrawOffered { match_id, seat, .. }
                if followed.get(&match_id).is_some_and(|f| f.seat() != seat) =>
            {
                self.send(ClientMsg::DrawDecline { match_id }).await;
            }
            ServerMsg::RematchOffered { match_id, seat, .. }
                if followed.get(&match_id).is_some_and(|f| f.seat() != seat) =>
            {
                self.send(ClientMsg::RematchAccept { match_id }).await;
            }
            ServerMsg::RematchAgreed { match_id, .. }
            | ServerMsg::RematchDeclined { match_id, .. } => {
                followed.remove(&match_id);
            }
            ServerMsg::Error {
                id, code, message, ..
            } => {
                debug!(
                    level = self.level.number(),
                    ?code,
                    "computer refused: {message}"
                );
                // A refused move: choose again if it is still his move.
                if let Some(RequestId::Number(number)) = id {
                    let match_id = MatchId(number);
                    if let Some(follower) = followed.get_mut(&match_id) {
                        follower.refused();
                        self.think(match_id, followed, chosen);
                    }
                }
            }
            other => {
                if let Some(match_id) = other.match_id() {
                    self.think(match_id, followed, chosen);
                }
            }
        }
    }

    /// If it is his move in `match_id` and he is not choosing one already,
    /// ask the pool, and after his pause hand the move back to the loop.
    fn think(
        &self,
        match_id: MatchId,
        followed: &mut HashMap<MatchId, Follower>,
        chosen: &mpsc::Sender<Chosen>,
    ) {
        let Some(follower) = followed.get_mut(&match_id) else {
            return;
        };
        let Some(turn) = follower.turn() else {
            return;
        };
        follower.choosing(&turn);
        let budget = move_budget(self.level, self.settings.think_ms, turn.clock_left_ms);
        let pause = pause(self.settings.delay_ms).min(budget);
        let clock = self.context.clock.clone();
        let started = clock.now();
        let pool = Arc::clone(&self.pool);
        let request = Request {
            position: turn.position,
            since_capture: turn.since_capture.clone(),
            level: self.level,
            deadline: started + budget,
        };
        let chosen = chosen.clone();
        let stopping = self.context.shutdown.clone();
        self.context.tasks.spawn(async move {
            // A search still running when the server stops is not waited for.
            let chosen_move = tokio::select! {
                mv = pool.choose(request) => mv,
                () = stopping.cancelled() => None,
            };
            let Some(mv) = chosen_move else {
                return;
            };
            let ready = started + pause;
            if clock.now() < ready {
                clock.timer(ready).await;
            }
            let _ = chosen
                .send(Chosen {
                    turn,
                    house: mv.number(),
                })
                .await;
        });
    }

    /// Play a chosen move if the game is still at that ply.
    async fn play(
        &mut self,
        chosen: Chosen,
        followed: &mut HashMap<MatchId, Follower>,
        again: &mpsc::Sender<Chosen>,
    ) {
        let match_id = chosen.turn.match_id;
        let Some(follower) = followed.get_mut(&match_id) else {
            return;
        };
        if !follower.still(&chosen.turn) {
            // The game moved on meanwhile (or ended): choose afresh if it is
            // still his move.
            follower.refused();
            self.think(match_id, followed, again);
            return;
        }
        let id = Some(RequestId::Number(match_id.0));
        let request = ClientMsg::Move {
            match_id,
            game: chosen.turn.game,
            ply: chosen.turn.ply,
            house: chosen.house,
        };
        self.request(id, request).await;
    }
}

/// How long `level` may take for a move, waiting for a search thread and
/// pausing included: full strength `most`, lower levels a fraction, never
/// more than a twentieth of what is left of a real-time clock
/// (`clock_left_ms`), so what is left shrinks by at most a twentieth a
/// move, and never runs out.
fn move_budget(level: Level, most: u64, clock_left_ms: Option<u64>) -> Millis {
    let share = u64::from(level.number()) * most / u64::from(Level::MAX.number());
    let clock_left = clock_left_ms.map_or(u64::MAX, |left| left / 20);
    share.min(clock_left).max(1)
}

/// A person's pause: between half and one and a half times `typical`.
fn pause(typical: u64) -> Millis {
    if typical == 0 {
        return 0;
    }
    rand::rng().random_range(typical / 2..=typical + typical / 2)
}

/// A computer that could not sign in says so once.
pub(crate) fn cannot_start(name: &str, error: &dyn std::fmt::Display) {
    warn!("computer player {name} cannot sign in: {error}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real-time clock caps the budget at a twentieth of what is left;
    /// lower levels take a share of the most.
    #[test]
    fn the_budget_is_a_share_of_the_most_and_a_twentieth_of_the_clock() {
        let full = Level::new(8).expect("a level");
        let half = Level::new(4).expect("a level");
        assert_eq!(move_budget(full, 2_000, None), 2_000);
        assert_eq!(move_budget(half, 2_000, None), 1_000);
        assert_eq!(move_budget(full, 2_000, Some(20_000)), 1_000);
        assert_eq!(move_budget(full, 2_000, Some(0)), 1, "never nothing");
    }
}
