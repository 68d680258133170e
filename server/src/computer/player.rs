//! One computer player: a connection inside the server. He signs in like
//! anyone (his own outbox, his own session, the same message budgets, but
//! refusals never close him: they are his challengers' doing), reads what
//! the server tells him, accepts every challenge and every rematch, declines
//! draws, and when it is his move asks the search pool for one and plays it
//! after a pause a person would take. Pause and search together take at
//! most a twentieth of what is left on his clock, counted from when he saw
//! it was his move, so he never loses on time.

use super::pool::{Pool, Request};
use crate::clock::Millis;
use crate::context::Context;
use crate::net::session::Session;
use crate::peer::Outbox;
use engine::{Level, SinceCapture};
use protocol::rules::{Board, Position, Ruleset};
use protocol::wire::{
    ClientFrame, ClientMsg, Clocks, MatchId, MatchSettings, PlayerRef, Seat, ServerMsg, TimeControl,
};
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
    pub(crate) outbox: Outbox,
    pub(crate) me: PlayerRef,
}

/// What he has seen of one of his matches.
struct Seen {
    ruleset: Ruleset,
    time_control: TimeControl,
    seat: Seat,
    game: u8,
    /// Moves played in the current game.
    plies: u32,
    board: Option<Board>,
    /// The positions since the last capture (Oware's repetition rule).
    since_capture: SinceCapture,
    next: Option<Seat>,
    clocks: Option<Clocks>,
    /// The move being chosen, for this game and ply.
    thinking: Option<(u8, u32)>,
    over: bool,
}

/// A move chosen for a match, to be played if it is still that ply.
struct Chosen {
    match_id: MatchId,
    game: u8,
    ply: u32,
    house: u8,
}

impl Computer {
    /// Play until the server stops, or until his connection closes (then
    /// he says why, and his supervisor starts him again).
    pub(crate) async fn run(mut self, matches: Vec<MatchId>) -> Result<(), String> {
        let mut tables: HashMap<MatchId, Seen> = HashMap::new();
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
                batch = self.outbox.next_batch() => {
                    let Some(batch) = batch else {
                        let why = self.outbox.reason().map_or_else(
                            || "its connection closed".to_owned(),
                            |r| format!("its connection closed: {} {}", r.code, r.reason),
                        );
                        break Err(why);
                    };
                    let messages: Vec<ServerMsg> = batch
                        .iter()
                        .filter_map(|(frame, _)| serde_json::from_str(frame.as_str()).ok())
                        .collect();
                    self.outbox.recycle(batch);
                    for msg in messages {
                        self.heard(msg, &mut tables, &chosen_tx).await;
                    }
                }
                Some(chosen) = chosen_rx.recv() => self.play(chosen, &mut tables, &chosen_tx).await,
                () = stopping.cancelled() => break Ok(()),
            }
        };
        // Offline as this connection: the next start signs him in afresh.
        self.session.finish().await;
        ended
    }

    async fn send(&mut self, msg: ClientMsg) {
        let _ = self.session.handle(ClientFrame { id: None, msg }).await;
    }

    /// React to one message from the server.
    async fn heard(
        &mut self,
        msg: ServerMsg,
        tables: &mut HashMap<MatchId, Seen>,
        chosen: &mpsc::Sender<Chosen>,
    ) {
        match msg {
            ServerMsg::ChallengeReceived { challenge } => {
                self.send(ClientMsg::ChallengeAccept {
                    challenge_id: challenge.challenge_id,
                })
                .await;
            }
            ServerMsg::MatchStarted {
                match_id,
                players,
                settings,
                ..
            } => {
                let Some(seat) = players.iter().position(|p| p.id == self.me.id) else {
                    return;
                };
                let Some(seat) = Seat::from_index(seat) else {
                    return;
                };
                tables.insert(match_id, Seen::new(&settings, seat));
            }
            ServerMsg::MatchSnapshot { snapshot, .. } => {
                let Some(seat) = snapshot.players.iter().position(|p| p.id == self.me.id) else {
                    return;
                };
                let Some(seat) = Seat::from_index(seat) else {
                    return;
                };
                let mut table = Seen::new(&snapshot.settings, seat);
                if let Some(game) = snapshot.games.last() {
                    table.game = game.game;
                    table.plies = game.moves.len() as u32;
                }
                table.board = Some(snapshot.position);
                table.next = snapshot.to_move;
                table.clocks = snapshot.clocks;
                table.over = snapshot.ended.is_some();
                table.saw_board();
                tables.insert(snapshot.match_id, table);
                self.think(snapshot.match_id, tables, chosen);
            }
            ServerMsg::GameStarted {
                match_id,
                game,
                first,
                position,
                clocks,
                ..
            } => {
                if let Some(table) = tables.get_mut(&match_id) {
                    table.game = game;
                    table.plies = 0;
                    table.board = Some(position);
                    table.next = Some(first);
                    table.clocks = clocks;
                    table.saw_board();
                }
                self.think(match_id, tables, chosen);
            }
            ServerMsg::MovePlayed {
                match_id,
                game,
                ply,
                position,
                next,
                clocks,
                ..
            } => {
                if let Some(table) = tables.get_mut(&match_id).filter(|t| t.game == game) {
                    table.plies = ply;
                    table.board = Some(position);
                    table.next = next;
                    table.clocks = clocks;
                    table.saw_board();
                }
                self.think(match_id, tables, chosen);
            }
            ServerMsg::GameEnded { match_id, .. } => {
                if let Some(table) = tables.get_mut(&match_id) {
                    table.next = None;
                }
            }
            ServerMsg::MatchEnded { match_id, .. } => {
                if let Some(table) = tables.get_mut(&match_id) {
                    table.over = true;
                    table.next = None;
                }
            }
            ServerMsg::DrawOffered { match_id, seat, .. }
                if tables.get(&match_id).is_some_and(|t| t.seat != seat) =>
            {
                self.send(ClientMsg::DrawDecline { match_id }).await;
            }
            ServerMsg::RematchOffered { match_id, seat, .. }
                if tables.get(&match_id).is_some_and(|t| t.seat != seat) =>
            {
                self.send(ClientMsg::RematchAccept { match_id }).await;
            }
            ServerMsg::RematchAgreed { match_id, .. }
            | ServerMsg::RematchDeclined { match_id, .. } => {
                tables.remove(&match_id);
            }
            ServerMsg::Error { code, message, .. } => {
                debug!(
                    level = self.level.number(),
                    ?code,
                    "computer refused: {message}"
                );
            }
            _ => {}
        }
    }

    /// If it is his move in `match_id` and he is not choosing one already,
    /// ask the pool, and after his pause hand the move back to the loop.
    fn think(
        &self,
        match_id: MatchId,
        tables: &mut HashMap<MatchId, Seen>,
        chosen: &mpsc::Sender<Chosen>,
    ) {
        let Some(table) = tables.get_mut(&match_id) else {
            return;
        };
        if table.over || table.next != Some(table.seat) {
            return;
        }
        let (game, ply) = (table.game, table.plies + 1);
        if table.thinking == Some((game, ply)) {
            return;
        }
        let Some(position) = table.position() else {
            return;
        };
        let since_capture = table.since_capture.positions().to_vec();
        table.thinking = Some((game, ply));
        let budget = move_budget(self.level, self.settings.think_ms, table);
        let pause = pause(self.settings.delay_ms).min(budget);
        let clock = self.context.clock.clone();
        let started = clock.now();
        let pool = Arc::clone(&self.pool);
        let request = Request {
            position,
            since_capture,
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
                    match_id,
                    game,
                    ply,
                    house: mv.number(),
                })
                .await;
        });
    }

    /// Play a chosen move if the game is still at that ply.
    async fn play(
        &mut self,
        chosen: Chosen,
        tables: &mut HashMap<MatchId, Seen>,
        again: &mpsc::Sender<Chosen>,
    ) {
        let Some(table) = tables.get_mut(&chosen.match_id) else {
            return;
        };
        if table.thinking == Some((chosen.game, chosen.ply)) {
            table.thinking = None;
        }
        let current = table.game == chosen.game && table.plies + 1 == chosen.ply;
        if !current || table.over || table.next != Some(table.seat) {
            // The game moved on meanwhile (or ended): choose afresh if it is
            // still his move.
            self.think(chosen.match_id, tables, again);
            return;
        }
        self.send(ClientMsg::Move {
            match_id: chosen.match_id,
            game: chosen.game,
            ply: chosen.ply,
            house: chosen.house,
        })
        .await;
    }
}

impl Seen {
    /// The board as a position of the rules, if it is one.
    fn position(&self) -> Option<Position> {
        let board = self.board.as_ref()?;
        Position::from_board(self.ruleset, board, None).ok()
    }

    /// Follow the board just seen for the repetition rule.
    fn saw_board(&mut self) {
        if let Some(position) = self.position() {
            self.since_capture.reached(self.game, self.plies, position);
        }
    }

    fn new(settings: &MatchSettings, seat: Seat) -> Seen {
        Seen {
            ruleset: settings.ruleset,
            time_control: settings.time_control,
            seat,
            game: 0,
            plies: 0,
            board: None,
            since_capture: SinceCapture::new(),
            next: None,
            clocks: None,
            thinking: None,
            over: false,
        }
    }
}

/// How long `level` may take for a move, waiting for a search thread and
/// pausing included: full strength `most`, lower levels a fraction, never
/// more than a twentieth of what is left of a real-time clock (so what is
/// left shrinks by at most a twentieth a move, and never runs out).
fn move_budget(level: Level, most: u64, table: &Seen) -> Millis {
    let share = u64::from(level.number()) * most / u64::from(Level::MAX.number());
    let clock_left = match (table.time_control, &table.clocks) {
        (TimeControl::RealTime { .. }, Some(clocks)) => {
            clocks.remaining_ms[table.seat.index()] / 20
        }
        _ => u64::MAX,
    };
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
    use protocol::rules::{Game, Variant};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The boards a computer sees of an Oware game, move by move, give him
    /// the positions since the last capture that the game itself keeps.
    #[test]
    fn the_boards_seen_give_the_positions_since_the_last_capture() {
        let settings = MatchSettings {
            ruleset: Ruleset::default_for(Variant::Oware),
            ..MatchSettings::default()
        };
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..20 {
            let mut table = Seen::new(&settings, Seat::from_index(0).expect("a seat"));
            let mut game = Game::new(settings.ruleset);
            table.game = 1;
            table.board = Some(game.position().board());
            table.saw_board();
            while !game.is_over() {
                assert_eq!(table.since_capture.positions(), game.since_capture());
                let legal = game.position().legal_moves();
                let mv = legal.nth(rng.random_range(0..legal.len())).expect("a move");
                game.play(mv).expect("legal");
                table.plies += 1;
                table.board = Some(game.position().board());
                table.saw_board();
            }
        }
    }
}
