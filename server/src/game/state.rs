//! The match state machine: a set of games, their moves, the score and the
//! numbered events. Pure: no tasks, no sockets, no clocks; every method takes
//! a request and returns the events to broadcast or a refusal.

use super::clock::GameClock;
use crate::clock::Millis;
use protocol::rules::{Game, Move, Side};
use protocol::wire::{
    ErrorCode, GameEndReason, GameOutcome, GameSnapshot, MatchEndReason, MatchId, MatchSettings,
    MatchSnapshot, MatchSummary, PlayerRef, Seat, ServerMsg,
};

/// Why a request to the match was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) code: ErrorCode,
    pub(crate) message: String,
    /// The rules engine's code, for `illegal_move`.
    pub(crate) reason: Option<&'static str>,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            reason: None,
        }
    }
}

/// What a move request did.
#[derive(Debug)]
pub(crate) enum MoveResult {
    /// Applied: the events to broadcast (the move, and any game or match end).
    Applied(Vec<ServerMsg>),
    /// The same move (game, ply, house, player) was accepted before; nothing changed.
    Duplicate,
}

struct GameState {
    number: u8,
    first: Seat,
    game: Game,
    /// Each ply's mover and house number.
    moves: Vec<(Seat, u8)>,
    outcome: Option<GameOutcome>,
}

impl GameState {
    /// The seat playing rules side `side` in this game.
    fn seat(&self, side: Side) -> Seat {
        if side == Side::Player0 {
            self.first
        } else {
            self.first.opponent()
        }
    }

    fn to_move(&self) -> Option<Seat> {
        match self.outcome {
            Some(_) => None,
            None => self.game.position().to_move().map(|side| self.seat(side)),
        }
    }
}

/// A match between two seats.
pub(crate) struct MatchState {
    id: MatchId,
    players: [PlayerRef; 2],
    settings: MatchSettings,
    version: u64,
    games: Vec<GameState>,
    /// Points per seat in halves: a win is 2, a draw 1.
    halves: [u32; 2],
    ended: Option<MatchEndReason>,
    /// The current game's clocks (timed matches only).
    clock: Option<GameClock>,
    timing: Timing,
    /// A pending draw offer in the current game, by seat.
    draw_offer: Option<Seat>,
    /// Since when each seat's player has been away, if he is.
    absent_since: [Option<Millis>; 2],
    /// A pending rematch offer once the match is over, by seat.
    rematch_offer: Option<Seat>,
}

/// The server's time rules for a match: the lag allowance per real-time move
/// (see [`GameClock`]), and how long a real-time player may stay away before
/// the opponent may claim the game, and before he forfeits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Timing {
    pub(crate) lag_allowance_ms: u64,
    pub(crate) claim_after_ms: u64,
    pub(crate) forfeit_after_ms: u64,
}

/// What a player may ask of his match besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    Resign,
    Forfeit,
    Abort,
    DrawOffer,
    DrawAccept,
    DrawDecline,
    Claim,
}

/// What a rematch request did.
#[derive(Debug)]
pub(crate) enum Rematch {
    /// The offer stands; tell both players.
    Offered(ServerMsg),
    /// Both want it: start a match between these seats (swapped) with the same settings.
    Agreed([PlayerRef; 2], MatchSettings),
    /// Declined; tell both players.
    Declined(ServerMsg),
}

impl MatchState {
    /// A new match at `now`; `first` moves first in game 1 (drawn by lot by
    /// the caller). Returns the opening events: `match_started` and `game_started`.
    pub(crate) fn start(
        id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        first: Seat,
        now: Millis,
        timing: Timing,
    ) -> (MatchState, Vec<ServerMsg>) {
        let mut state = MatchState {
            id,
            players,
            settings,
            version: 0,
            games: Vec::new(),
            halves: [0, 0],
            ended: None,
            clock: None,
            timing,
            draw_offer: None,
            absent_since: [None, None],
            rematch_offer: None,
        };
        let mut events = vec![ServerMsg::MatchStarted {
            match_id: id,
            version: state.next_version(),
            players: state.players.clone(),
            settings,
        }];
        state.begin_game(first, now, &mut events);
        (state, events)
    }

    fn next_version(&mut self) -> u64 {
        self.version += 1;
        self.version
    }

    fn begin_game(&mut self, first: Seat, now: Millis, events: &mut Vec<ServerMsg>) {
        let number = self.games.len() as u8 + 1;
        self.clock = GameClock::start(
            self.settings.time_control,
            self.timing.lag_allowance_ms,
            first,
            now,
        );
        let game = Game::new(self.settings.ruleset);
        let position = game.position().board();
        self.games.push(GameState {
            number,
            first,
            game,
            moves: Vec::new(),
            outcome: None,
        });
        events.push(ServerMsg::GameStarted {
            match_id: self.id,
            version: self.next_version(),
            game: number,
            first,
            position,
            clocks: self.clock.as_ref().map(|c| c.view(now)),
        });
    }

    /// The version of the last event.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// A player's connection dropped or came back at `now`: tell everyone.
    /// The seat is kept and, in timed games, the clock runs; a real-time
    /// player away too long may lose the game (see [`MatchState::check_flag`]).
    pub(crate) fn presence(&mut self, seat: Seat, online: bool, now: Millis) -> Vec<ServerMsg> {
        self.absent_since[seat.index()] = if online { None } else { Some(now) };
        if self.ended.is_some() {
            return Vec::new();
        }
        let version = self.next_version();
        vec![if online {
            ServerMsg::PlayerReturned {
                match_id: self.id,
                version,
                seat,
            }
        } else {
            ServerMsg::PlayerLeft {
                match_id: self.id,
                version,
                seat,
            }
        }]
    }

    /// The match's settings.
    pub(crate) fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    /// The players, seat 0 first.
    pub(crate) fn players(&self) -> &[PlayerRef; 2] {
        &self.players
    }

    /// Whether the match has ended.
    pub(crate) fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    fn current(&self) -> Option<&GameState> {
        self.games.last()
    }

    /// Points per seat (a win 1, a draw 0.5).
    pub(crate) fn points(&self) -> [f64; 2] {
        self.halves.map(|h| f64::from(h) / 2.0)
    }

    /// `seat` asks to sow `house` as ply `ply` of game `game`, at `now` by the
    /// match clock and `played_at_us` by the wall clock (stamped on the event).
    pub(crate) fn play(
        &mut self,
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        now: Millis,
        played_at_us: u64,
    ) -> Result<MoveResult, Refusal> {
        let Some(index) = (game as usize)
            .checked_sub(1)
            .filter(|&i| i < self.games.len())
        else {
            return Err(Refusal::new(
                ErrorCode::WrongGame,
                format!(
                    "game {game} is not being played; the current game is {}",
                    self.games.len()
                ),
            ));
        };
        let state = &self.games[index];
        let played = state.moves.len() as u32;
        if ply >= 1 && ply <= played {
            return match state.moves[ply as usize - 1] {
                (mover, h) if mover == seat && h == house => Ok(MoveResult::Duplicate),
                (_, h) => Err(Refusal::new(
                    ErrorCode::StalePly,
                    format!("ply {ply} of game {game} was already played (house {h})"),
                )),
            };
        }
        if state.outcome.is_some() {
            return Err(Refusal::new(
                ErrorCode::GameOver,
                format!("game {game} is over"),
            ));
        }
        if self.ended.is_some() {
            return Err(Refusal::new(ErrorCode::MatchOver, "the match is over"));
        }
        if ply != played + 1 {
            return Err(Refusal::new(
                ErrorCode::WrongPly,
                format!("the next ply of game {game} is {}", played + 1),
            ));
        }
        if state.to_move() != Some(seat) {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                "it is the other player's turn",
            ));
        }
        let mv = Move::from_number(i64::from(house)).map_err(illegal)?;
        let state = &mut self.games[index];
        let move_events = state.game.play(mv).map_err(illegal)?;
        state.moves.push((seat, house));
        let position = state.game.position();
        let board = position.board();
        let next = state.to_move();
        let board_end = position.status();
        if let Some(clock) = &mut self.clock {
            clock.moved(seat, next, now);
        }
        let clocks = self.clock.as_ref().map(|c| c.view(now));
        let mut events = Vec::with_capacity(2);
        if self.draw_offer == Some(seat) {
            // An offer lapses when the offerer moves.
            self.draw_offer = None;
            events.push(ServerMsg::DrawOfferEnded {
                match_id: self.id,
                version: self.next_version(),
                seat,
                reason: protocol::wire::DrawOfferEnd::Lapsed,
            });
        }
        let version = self.next_version();
        events.push(ServerMsg::MovePlayed {
            match_id: self.id,
            version,
            game,
            ply,
            seat,
            house,
            played_at_us,
            events: move_events,
            position: board,
            next,
            clocks,
        });
        if let protocol::rules::Status::Over(reason) = board_end {
            let state = &self.games[index];
            let result = state.game.position().result();
            let winner = result.and_then(|r| r.winner).map(|side| state.seat(side));
            let stores = state.game.position().stores();
            self.end_game(
                GameOutcome {
                    reason: reason.into(),
                    winner,
                    stores,
                },
                now,
                &mut events,
            );
        }
        Ok(MoveResult::Applied(events))
    }

    /// Stop the clocks, record the current game's `outcome`, score it (the
    /// winner also takes `later_wins` games not to be played: a forfeit), and
    /// announce it. Returns the game's number and first mover.
    fn record_game_end(
        &mut self,
        outcome: GameOutcome,
        later_wins: u32,
        now: Millis,
        events: &mut Vec<ServerMsg>,
    ) -> Option<(u8, Seat)> {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.draw_offer = None;
        let clocks = self.clock.as_ref().map(|c| c.view(now));
        let state = self.games.last_mut()?;
        state.outcome = Some(outcome);
        let (number, first) = (state.number, state.first);
        match outcome.winner {
            Some(seat) => self.halves[seat.index()] += 2 * (1 + later_wins),
            None => {
                self.halves[0] += 1;
                self.halves[1] += 1;
            }
        }
        events.push(ServerMsg::GameEnded {
            match_id: self.id,
            version: self.next_version(),
            game: number,
            outcome,
            points: self.points(),
            clocks,
        });
        Some((number, first))
    }

    /// Record the current game's outcome, score it, and start the next game
    /// or end the match.
    fn end_game(&mut self, outcome: GameOutcome, now: Millis, events: &mut Vec<ServerMsg>) {
        let Some((number, first)) = self.record_game_end(outcome, 0, now, events) else {
            return;
        };
        let total = u32::from(self.settings.games);
        let remaining = total - u32::from(number);
        let lead = self.halves[0].abs_diff(self.halves[1]);
        if remaining == 0 {
            self.end_match(MatchEndReason::Completed, events);
        } else if self.settings.stop_when_decided && lead > 2 * remaining {
            self.end_match(MatchEndReason::Decided, events);
        } else {
            // The first move alternates from game to game.
            self.begin_game(first.opponent(), now, events);
        }
    }

    fn end_match(&mut self, reason: MatchEndReason, events: &mut Vec<ServerMsg>) {
        self.ended = Some(reason);
        let winner = match self.halves[0].cmp(&self.halves[1]) {
            std::cmp::Ordering::Greater => Some(Side::Player0),
            std::cmp::Ordering::Less => Some(Side::Player1),
            std::cmp::Ordering::Equal => None,
        };
        events.push(ServerMsg::MatchEnded {
            match_id: self.id,
            version: self.next_version(),
            reason,
            points: self.points(),
            winner: if reason == MatchEndReason::Aborted {
                None
            } else {
                winner
            },
        });
    }

    fn live_game(&self) -> Result<&GameState, Refusal> {
        if self.ended.is_some() {
            return Err(Refusal::new(ErrorCode::MatchOver, "the match is over"));
        }
        self.current()
            .filter(|g| g.outcome.is_none())
            .ok_or_else(|| Refusal::new(ErrorCode::MatchOver, "the match is over"))
    }

    fn lost_by(&self, seat: Seat, reason: GameEndReason) -> Result<GameOutcome, Refusal> {
        let game = self.live_game()?;
        Ok(GameOutcome {
            reason,
            winner: Some(seat.opponent()),
            stores: game.game.position().stores(),
        })
    }

    /// `seat` resigns the current game: it is lost, and the match goes on.
    pub(crate) fn resign(&mut self, seat: Seat, now: Millis) -> Result<Vec<ServerMsg>, Refusal> {
        let outcome = self.lost_by(seat, GameEndReason::Resign)?;
        let mut events = Vec::new();
        self.end_game(outcome, now, &mut events);
        Ok(events)
    }

    /// The next moment something happens by itself: a clock runs out, or an
    /// absent real-time player forfeits the game.
    pub(crate) fn deadline(&self) -> Option<Millis> {
        if self.ended.is_some() {
            return None;
        }
        let flag = self.clock.as_ref().and_then(GameClock::deadline);
        let abandon = self.abandon_deadline().map(|(_, at)| at);
        match (flag, abandon) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The absent real-time player who forfeits the game next, and when.
    fn abandon_deadline(&self) -> Option<(Seat, Millis)> {
        if !self.settings.time_control.is_real_time() || self.live_game().is_err() {
            return None;
        }
        Side::BOTH
            .into_iter()
            .filter_map(|seat| {
                self.absent_since[seat.index()]
                    .map(|since| (seat, since + self.timing.forfeit_after_ms))
            })
            .min_by_key(|&(_, at)| at)
    }

    /// End the current game if, at `now`, the seat to move has run out of
    /// time or an absent player has stayed away past the limit: a loss like
    /// any other. Returns the events (none if nothing was due).
    pub(crate) fn check_flag(&mut self, now: Millis) -> Vec<ServerMsg> {
        let mut events = Vec::new();
        if self.ended.is_some() {
            return events;
        }
        if let Some(seat) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
            if let Ok(outcome) = self.lost_by(seat, GameEndReason::Timeout) {
                self.end_game(outcome, now, &mut events);
            }
        } else if let Some((seat, at)) = self.abandon_deadline()
            && now >= at
        {
            if let Ok(outcome) = self.lost_by(seat, GameEndReason::Abandoned) {
                self.end_game(outcome, now, &mut events);
            }
            // The next game gives him a whole period again.
            self.absent_since[seat.index()] = Some(now);
        }
        events
    }

    /// A player's request other than a move.
    pub(crate) fn act(
        &mut self,
        seat: Seat,
        action: Action,
        now: Millis,
    ) -> Result<Vec<ServerMsg>, Refusal> {
        match action {
            Action::Resign => self.resign(seat, now),
            Action::Forfeit => self.forfeit(seat, now),
            Action::Abort => self.abort(),
            Action::DrawOffer => self.offer_draw(seat, now),
            Action::DrawAccept => self.accept_draw(seat, now),
            Action::DrawDecline => self.decline_draw(seat),
            Action::Claim => self.claim(seat, now),
        }
    }

    fn offer_draw(&mut self, seat: Seat, now: Millis) -> Result<Vec<ServerMsg>, Refusal> {
        self.live_game()?;
        match self.draw_offer {
            Some(offerer) if offerer == seat => Err(Refusal::new(
                ErrorCode::AlreadyOffered,
                "your draw offer is pending",
            )),
            // Both offered: that is an agreement.
            Some(_) => self.accept_draw(seat, now),
            None => {
                self.draw_offer = Some(seat);
                Ok(vec![ServerMsg::DrawOffered {
                    match_id: self.id,
                    version: self.next_version(),
                    seat,
                }])
            }
        }
    }

    fn accept_draw(&mut self, seat: Seat, now: Millis) -> Result<Vec<ServerMsg>, Refusal> {
        let game = self.live_game()?;
        if self.draw_offer != Some(seat.opponent()) {
            return Err(Refusal::new(
                ErrorCode::NoDrawOffer,
                "your opponent has not offered a draw",
            ));
        }
        let outcome = GameOutcome {
            reason: GameEndReason::DrawAgreed,
            winner: None,
            stores: game.game.position().stores(),
        };
        let mut events = Vec::new();
        self.end_game(outcome, now, &mut events);
        Ok(events)
    }

    fn decline_draw(&mut self, seat: Seat) -> Result<Vec<ServerMsg>, Refusal> {
        self.live_game()?;
        if self.draw_offer != Some(seat.opponent()) {
            return Err(Refusal::new(
                ErrorCode::NoDrawOffer,
                "your opponent has not offered a draw",
            ));
        }
        self.draw_offer = None;
        Ok(vec![ServerMsg::DrawOfferEnded {
            match_id: self.id,
            version: self.next_version(),
            seat: seat.opponent(),
            reason: protocol::wire::DrawOfferEnd::Declined,
        }])
    }

    /// `seat` claims the game because his opponent has been away long enough
    /// (real-time games only; correspondence is left to the clock).
    fn claim(&mut self, seat: Seat, now: Millis) -> Result<Vec<ServerMsg>, Refusal> {
        let game = self.live_game()?;
        let away =
            self.absent_since[seat.opponent().index()].map(|since| now.saturating_sub(since));
        let allowed = self.settings.time_control.is_real_time()
            && away.is_some_and(|away| away >= self.timing.claim_after_ms);
        if !allowed {
            return Err(Refusal::new(
                ErrorCode::CannotClaim,
                format!(
                    "a real-time game can be claimed once the opponent has been away {} s",
                    self.timing.claim_after_ms / 1000
                ),
            ));
        }
        let outcome = GameOutcome {
            reason: GameEndReason::Claimed,
            winner: Some(seat),
            stores: game.game.position().stores(),
        };
        let mut events = Vec::new();
        self.end_game(outcome, now, &mut events);
        // The absent player gets a fresh period in the next game.
        self.absent_since[seat.opponent().index()] =
            self.absent_since[seat.opponent().index()].map(|_| now);
        Ok(events)
    }

    /// A rematch request after the match ended.
    pub(crate) fn rematch(&mut self, seat: Seat, accept: Option<bool>) -> Result<Rematch, Refusal> {
        if self.ended.is_none() {
            return Err(Refusal::new(
                ErrorCode::MatchNotOver,
                "a rematch can be offered once the match is over",
            ));
        }
        let from_opponent = self.rematch_offer == Some(seat.opponent());
        match accept {
            // An offer, or an offer crossing the opponent's: agreed.
            None if from_opponent => Ok(self.agree_rematch()),
            None if self.rematch_offer == Some(seat) => Err(Refusal::new(
                ErrorCode::AlreadyOffered,
                "your rematch offer is pending",
            )),
            None => {
                self.rematch_offer = Some(seat);
                Ok(Rematch::Offered(ServerMsg::RematchOffered {
                    match_id: self.id,
                    seat,
                }))
            }
            Some(_) if !from_opponent => Err(Refusal::new(
                ErrorCode::NoRematchOffer,
                "your opponent has not offered a rematch",
            )),
            Some(true) => Ok(self.agree_rematch()),
            Some(false) => {
                self.rematch_offer = None;
                Ok(Rematch::Declined(ServerMsg::RematchDeclined {
                    match_id: self.id,
                }))
            }
        }
    }

    fn agree_rematch(&mut self) -> Rematch {
        self.rematch_offer = None;
        let [a, b] = self.players.clone();
        Rematch::Agreed([b, a], self.settings)
    }

    /// `seat` forfeits the match: the current game and every remaining one are lost.
    pub(crate) fn forfeit(&mut self, seat: Seat, now: Millis) -> Result<Vec<ServerMsg>, Refusal> {
        let outcome = self.lost_by(seat, GameEndReason::Forfeit)?;
        let mut events = Vec::new();
        let current = self.games.len() as u8;
        let later = u32::from(self.settings.games.saturating_sub(current));
        self.record_game_end(outcome, later, now, &mut events);
        self.end_match(MatchEndReason::Forfeit, &mut events);
        Ok(events)
    }

    /// End the match without result, which only a match with no move yet allows.
    pub(crate) fn abort(&mut self) -> Result<Vec<ServerMsg>, Refusal> {
        self.live_game()?;
        let untouched = self.games.len() == 1 && self.games[0].moves.is_empty();
        if !untouched {
            return Err(Refusal::new(
                ErrorCode::TooLateToAbort,
                "a match can only be aborted before its first move",
            ));
        }
        let mut events = Vec::new();
        self.end_match(MatchEndReason::Aborted, &mut events);
        Ok(events)
    }

    /// The whole match so far, clocks as of `now`.
    pub(crate) fn snapshot(&self, spectators: u32, now: Millis) -> MatchSnapshot {
        let games = self
            .games
            .iter()
            .map(|g| GameSnapshot {
                game: g.number,
                first: g.first,
                moves: g.moves.iter().map(|&(_, house)| house).collect(),
                outcome: g.outcome,
            })
            .collect();
        let position = self
            .current()
            .map(|g| g.game.position().board())
            .unwrap_or_else(|| Game::new(self.settings.ruleset).position().board());
        MatchSnapshot {
            match_id: self.id,
            version: self.version,
            players: self.players.clone(),
            settings: self.settings,
            points: self.points(),
            games,
            position,
            to_move: if self.ended.is_some() {
                None
            } else {
                self.current().and_then(GameState::to_move)
            },
            spectators,
            ended: self.ended,
            clocks: self.clock.as_ref().map(|c| c.view(now)),
        }
    }

    /// The lobby's line for this match.
    pub(crate) fn summary(&self, spectators: u32) -> MatchSummary {
        MatchSummary {
            match_id: self.id,
            players: self.players.clone(),
            settings: self.settings,
            points: self.points(),
            game: self.games.len() as u8,
            spectators,
        }
    }
}

fn illegal(error: protocol::rules::MoveError) -> Refusal {
    Refusal {
        code: ErrorCode::IllegalMove,
        message: error.to_string(),
        reason: Some(error.code()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::Ruleset;
    use protocol::wire::PlayerId;

    const TIMING: Timing = Timing {
        lag_allowance_ms: 500,
        claim_after_ms: 20_000,
        forfeit_after_ms: 60_000,
    };

    fn players() -> [PlayerRef; 2] {
        [
            PlayerRef {
                id: PlayerId(1),
                name: "ann".into(),
            },
            PlayerRef {
                id: PlayerId(2),
                name: "bob".into(),
            },
        ]
    }

    fn settings(games: u8, stop_when_decided: bool) -> MatchSettings {
        MatchSettings {
            ruleset: Ruleset::Mangala,
            games,
            stop_when_decided,
            ..MatchSettings::default()
        }
    }

    /// Play the current game to its end, each side taking its lowest legal house.
    fn finish_game(state: &mut MatchState) -> Vec<ServerMsg> {
        let mut all = Vec::new();
        while let Some((game, seat)) = state
            .current()
            .and_then(|g| g.to_move().map(|seat| (g, seat)))
        {
            let number = game.number;
            let ply = game.moves.len() as u32 + 1;
            let mv = game
                .game
                .position()
                .legal_moves()
                .nth(0)
                .expect("a legal move");
            match state.play(seat, number, ply, mv.number(), 0, 0) {
                Ok(MoveResult::Applied(events)) => {
                    let ended = events
                        .iter()
                        .any(|e| matches!(e, ServerMsg::GameEnded { .. }));
                    all.extend(events);
                    if ended {
                        break;
                    }
                }
                other => panic!("move refused: {other:?}"),
            }
        }
        all
    }

    fn versions(events: &[ServerMsg]) -> Vec<u64> {
        events
            .iter()
            .filter_map(|e| match e {
                ServerMsg::MatchStarted { version, .. }
                | ServerMsg::GameStarted { version, .. }
                | ServerMsg::MovePlayed { version, .. }
                | ServerMsg::GameEnded { version, .. }
                | ServerMsg::MatchEnded { version, .. } => Some(*version),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn five_games_alternate_the_first_mover_and_number_every_event() {
        let (mut state, mut events) = MatchState::start(
            MatchId(1),
            players(),
            settings(5, false),
            Side::Player1,
            0,
            TIMING,
        );
        for _ in 0..5 {
            events.extend(finish_game(&mut state));
        }
        let firsts: Vec<Seat> = events
            .iter()
            .filter_map(|e| match e {
                ServerMsg::GameStarted { first, .. } => Some(*first),
                _ => None,
            })
            .collect();
        use Side::{Player0, Player1};
        assert_eq!(firsts, vec![Player1, Player0, Player1, Player0, Player1]);
        let v = versions(&events);
        assert_eq!(
            v,
            (1..=v.len() as u64).collect::<Vec<_>>(),
            "versions grow by one"
        );
        assert!(matches!(
            events.last(),
            Some(ServerMsg::MatchEnded {
                reason: MatchEndReason::Completed,
                ..
            })
        ));
        let points = state.points();
        assert_eq!(points[0] + points[1], 5.0, "five games, one point each");
    }

    #[test]
    fn a_decided_match_stops_early_when_asked() {
        let (mut state, _) = MatchState::start(
            MatchId(1),
            players(),
            settings(3, true),
            Side::Player0,
            0,
            TIMING,
        );
        state.resign(Side::Player1, 0).expect("resign game 1");
        let events = state.resign(Side::Player1, 0).expect("resign game 2");
        assert!(matches!(
            events.last(),
            Some(ServerMsg::MatchEnded {
                reason: MatchEndReason::Decided,
                winner: Some(Side::Player0),
                ..
            })
        ));
        assert_eq!(state.points(), [2.0, 0.0]);
    }

    #[test]
    fn moves_are_checked_in_order_and_repeats_acknowledged() {
        let (mut state, _) = MatchState::start(
            MatchId(1),
            players(),
            settings(5, false),
            Side::Player0,
            0,
            TIMING,
        );
        let code = |r: Result<MoveResult, Refusal>| r.map(|_| ()).map_err(|e| e.code);
        assert_eq!(
            code(state.play(Side::Player1, 1, 1, 3, 0, 0)),
            Err(ErrorCode::NotYourTurn)
        );
        assert_eq!(
            code(state.play(Side::Player0, 2, 1, 3, 0, 0)),
            Err(ErrorCode::WrongGame)
        );
        assert_eq!(
            code(state.play(Side::Player0, 1, 2, 3, 0, 0)),
            Err(ErrorCode::WrongPly)
        );
        assert_eq!(
            code(state.play(Side::Player0, 1, 1, 9, 0, 0)),
            Err(ErrorCode::IllegalMove)
        );
        assert!(matches!(
            state.play(Side::Player0, 1, 1, 3, 0, 0),
            Ok(MoveResult::Applied(_))
        ));
        assert!(matches!(
            state.play(Side::Player0, 1, 1, 3, 0, 0),
            Ok(MoveResult::Duplicate)
        ));
        assert_eq!(
            code(state.play(Side::Player0, 1, 1, 4, 0, 0)),
            Err(ErrorCode::StalePly)
        );
        assert_eq!(
            state.abort().map(|_| ()).map_err(|e| e.code),
            Err(ErrorCode::TooLateToAbort)
        );
    }

    #[test]
    fn forfeit_loses_every_remaining_game() {
        let (mut state, _) = MatchState::start(
            MatchId(1),
            players(),
            settings(5, false),
            Side::Player0,
            0,
            TIMING,
        );
        finish_game(&mut state);
        let before = state.points();
        state.forfeit(Side::Player0, 0).expect("forfeit");
        let after = state.points();
        assert_eq!(after[0], before[0]);
        assert_eq!(after[1], before[1] + 4.0);
        assert!(state.is_over());
        assert_eq!(
            state
                .resign(Side::Player1, 0)
                .map(|_| ())
                .map_err(|e| e.code),
            Err(ErrorCode::MatchOver)
        );
    }
}
