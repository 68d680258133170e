//! The match state machine: a set of games, their moves, the score, offers
//! and presence. Pure: no tasks, no sockets, no clocks of its own; every
//! request takes the time as an argument.
//!
//! A request is decided first (checked against the state; a refusal changes
//! nothing), and what it does is recorded as [`Fact`]s. Recording a fact
//! applies it ([`MatchState::apply`]) and yields the numbered
//! [`MatchEvent`] with what it led to. Replaying events applies the same
//! facts through the same function, so a match rebuilt from its events is
//! the match that emitted them ([`MatchState::replay`]).

use super::clock::GameClock;
use super::event::{EventKind, Fact, MatchEvent};
use super::timing::Timing;
use crate::clock::Millis;
use crate::error::ServerError;
use protocol::rules::{Game, Move, MoveError, Side, Status};
use protocol::wire::{
    DrawOfferEnd, GameEndReason, GameOutcome, GameSnapshot, MatchEndReason, MatchId, MatchSettings,
    MatchSnapshot, MatchSummary, PlayerRef, Seat, ShownRating,
};

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

/// What a move request did.
#[derive(Debug)]
pub(crate) enum Played {
    /// Applied: its events (the move, and any game or match end).
    Applied(Vec<MatchEvent>),
    /// The same move (game, ply, house, seat) was accepted before; nothing changed.
    Duplicate,
}

/// What a rematch request did.
#[derive(Debug)]
pub(crate) enum Rematch {
    /// An offer made or declined: its events.
    Recorded(Vec<MatchEvent>),
    /// Both want it: the new match is between these seats (swapped) with the
    /// same settings. Nothing is recorded until it has started
    /// ([`MatchState::rematch_started`] records the link), so a rematch that
    /// cannot start leaves the offer standing.
    Agreed([PlayerRef; 2], MatchSettings),
}

/// Why events could not be replayed into a state.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum ReplayError {
    #[error("no events to replay")]
    Empty,
    #[error("the first event is not match_started")]
    NoStart,
    #[error("event {version} does not apply here: {why}")]
    Misplaced { version: u64, why: String },
    #[error("event {version} leads elsewhere than recorded")]
    Diverged { version: u64 },
}

#[derive(Clone)]
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
        Seat::of_side(side, self.first)
    }

    fn to_move(&self) -> Option<Seat> {
        match self.outcome {
            Some(_) => None,
            None => self.game.position().to_move().map(|side| self.seat(side)),
        }
    }
}

/// A match between two seats.
#[derive(Clone)]
pub(crate) struct MatchState {
    id: MatchId,
    players: [PlayerRef; 2],
    /// The players' ratings when it began (shown, not used).
    ratings: Option<[ShownRating; 2]>,
    settings: MatchSettings,
    timing: Timing,
    version: u64,
    /// When the last event happened.
    last_at_us: u64,
    games: Vec<GameState>,
    /// Points per seat in halves: a win is 2, a draw 1.
    halves: [u32; 2],
    ended: Option<MatchEndReason>,
    /// The current game's clocks (timed matches only).
    clock: Option<GameClock>,
    /// A pending draw offer in the current game, by seat.
    draw_offer: Option<Seat>,
    /// Since when each seat's player has been away, if he is.
    absent_since: [Option<Millis>; 2],
    /// A pending rematch offer once the match is over, by seat.
    rematch_offer: Option<Seat>,
}

fn misplaced(version: u64, why: impl Into<String>) -> ReplayError {
    ReplayError::Misplaced {
        version,
        why: why.into(),
    }
}

/// What a request may change in a match, taken before it when the journal
/// is on, so that a request whose events could not be stored leaves the
/// match as it was. Requests only ever change the last game (or start a
/// new one), so the finished games are not copied: copying the whole match
/// before each request was 4% of the server's time under load.
pub(crate) struct UndoPoint {
    timing: Timing,
    version: u64,
    last_at_us: u64,
    games: usize,
    last_game: Option<GameState>,
    halves: [u32; 2],
    ended: Option<MatchEndReason>,
    clock: Option<GameClock>,
    draw_offer: Option<Seat>,
    absent_since: [Option<Millis>; 2],
    rematch_offer: Option<Seat>,
}

impl MatchState {
    /// The point [`MatchState::undo`] goes back to.
    pub(crate) fn undo_point(&self) -> UndoPoint {
        // Named field by field, so that a field added to the match must be
        // placed here: kept, or known not to change.
        let MatchState {
            id: _,
            players: _,
            ratings: _,
            settings: _,
            timing,
            version,
            last_at_us,
            games,
            halves,
            ended,
            clock,
            draw_offer,
            absent_since,
            rematch_offer,
        } = self;
        UndoPoint {
            timing: *timing,
            version: *version,
            last_at_us: *last_at_us,
            games: games.len(),
            last_game: games.last().cloned(),
            halves: *halves,
            ended: *ended,
            clock: clock.clone(),
            draw_offer: *draw_offer,
            absent_since: *absent_since,
            rematch_offer: *rematch_offer,
        }
    }

    /// Go back to `point`, taken from this match.
    pub(crate) fn undo(&mut self, point: UndoPoint) {
        self.timing = point.timing;
        self.version = point.version;
        self.last_at_us = point.last_at_us;
        self.games.truncate(point.games);
        if let (Some(last), Some(game)) = (self.games.last_mut(), point.last_game) {
            *last = game;
        }
        self.halves = point.halves;
        self.ended = point.ended;
        self.clock = point.clock;
        self.draw_offer = point.draw_offer;
        self.absent_since = point.absent_since;
        self.rematch_offer = point.rematch_offer;
    }
}

impl MatchState {
    fn opened(
        id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        timing: Timing,
        ratings: Option<[ShownRating; 2]>,
    ) -> MatchState {
        MatchState {
            id,
            players,
            settings,
            timing,
            ratings,
            version: 0,
            last_at_us: 0,
            games: Vec::new(),
            halves: [0, 0],
            ended: None,
            clock: None,
            draw_offer: None,
            absent_since: [None, None],
            rematch_offer: None,
        }
    }

    /// A new match at `now_us`; `first` moves first in game 1 (drawn by lot
    /// by the caller), and a seat whose player is not `present` counts as
    /// away from the start. Returns its opening events.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start(
        id: MatchId,
        players: [PlayerRef; 2],
        ratings: Option<[ShownRating; 2]>,
        settings: MatchSettings,
        timing: Timing,
        first: Seat,
        present: [bool; 2],
        now_us: u64,
    ) -> (MatchState, Vec<MatchEvent>) {
        let mut state = MatchState::opened(id, players.clone(), settings, timing, ratings);
        let mut out = Vec::with_capacity(3);
        let start = Fact::MatchStarted {
            match_id: id,
            players,
            settings,
            timing,
            ratings,
        };
        state.record(start, now_us, &mut out);
        state.record(Fact::GameStarted { first }, now_us, &mut out);
        for seat in Seat::BOTH {
            if !present[seat.index()] {
                state.record(Fact::PlayerLeft { seat }, now_us, &mut out);
            }
        }
        (state, out)
    }

    /// The match that `events` (all of them, from `match_started` on)
    /// describe, and the events as it emits them again (with each move's
    /// steps, which the journal does not keep).
    pub(crate) fn replay(
        events: &[MatchEvent],
    ) -> Result<(MatchState, Vec<MatchEvent>), ReplayError> {
        let first = events.first().ok_or(ReplayError::Empty)?;
        let EventKind::MatchStarted {
            match_id,
            players,
            settings,
            timing,
            ratings,
        } = &first.kind
        else {
            return Err(ReplayError::NoStart);
        };
        let mut state =
            MatchState::opened(*match_id, players.clone(), *settings, *timing, *ratings);
        let mut again = Vec::with_capacity(events.len());
        for event in events {
            let emitted = state.apply(event.kind.fact(), event.at_us)?;
            let same = emitted.version == event.version
                && emitted.at_us == event.at_us
                && emitted.kind.matches_stored(&event.kind);
            if !same {
                return Err(ReplayError::Diverged {
                    version: event.version,
                });
            }
            again.push(emitted.with_ratings_of(&event.kind));
        }
        Ok((state, again))
    }

    /// Apply a fact that was checked (or recorded before); push its event.
    fn record(&mut self, fact: Fact, at_us: u64, out: &mut Vec<MatchEvent>) {
        match self.apply(fact, at_us) {
            Ok(event) => out.push(event),
            // Requests are checked before they are recorded; this is a bug,
            // and the match carries on as it was.
            Err(e) => tracing::error!(match_id = self.id.0, "a checked request did not apply: {e}"),
        }
    }

    /// Apply one fact at `at_us`: the state moves on and the numbered event
    /// says what the fact led to. A fact that cannot happen here changes nothing.
    fn apply(&mut self, fact: Fact, at_us: u64) -> Result<MatchEvent, ReplayError> {
        let now = at_us / 1000;
        let version = self.version + 1;
        let kind = match fact {
            Fact::MatchStarted {
                match_id,
                players,
                settings,
                timing,
                ratings,
            } => {
                let same = match_id == self.id
                    && players == self.players
                    && settings == self.settings
                    && timing == self.timing
                    && ratings == self.ratings;
                if self.version != 0 || !same {
                    return Err(misplaced(version, "match_started after the start"));
                }
                EventKind::MatchStarted {
                    match_id,
                    players,
                    settings,
                    timing,
                    ratings,
                }
            }
            Fact::GameStarted { first } => {
                let number = self.games.len() + 1;
                if self.ended.is_some()
                    || self.current().is_some_and(|g| g.outcome.is_none())
                    || number > usize::from(self.settings.games)
                {
                    return Err(misplaced(version, "a game starts while none may"));
                }
                self.clock = GameClock::start(
                    self.settings.time_control,
                    self.timing.lag_allowance_ms,
                    first,
                    now,
                );
                let game = Game::new(self.settings.ruleset);
                let position = game.position().board();
                let legal = game.position().legal_moves().numbers();
                self.games.push(GameState {
                    number: number as u8,
                    first,
                    game,
                    moves: Vec::new(),
                    outcome: None,
                });
                EventKind::GameStarted {
                    game: number as u8,
                    first,
                    position,
                    legal,
                    clocks: self.clock.as_ref().map(|c| c.view(now)),
                }
            }
            Fact::MovePlayed { seat, house } => {
                if self.ended.is_some() {
                    return Err(misplaced(version, "a move after the end"));
                }
                let Some(state) = self.games.last_mut().filter(|g| g.outcome.is_none()) else {
                    return Err(misplaced(version, "a move between games"));
                };
                if state.to_move() != Some(seat) {
                    return Err(misplaced(version, "a move out of turn"));
                }
                let events = Move::from_number(i64::from(house))
                    .and_then(|mv| state.game.play(mv))
                    .map_err(|e| misplaced(version, e.to_string()))?;
                state.moves.push((seat, house));
                let next = state.to_move();
                let (game, ply) = (state.number, state.moves.len() as u32);
                let position = state.game.position().board();
                let legal = state.game.position().legal_moves().numbers();
                if let Some(clock) = &mut self.clock {
                    clock.moved(seat, next, now);
                }
                EventKind::MovePlayed {
                    game,
                    ply,
                    seat,
                    house,
                    events,
                    position,
                    legal,
                    next,
                    clocks: self.clock.as_ref().map(|c| c.view(now)),
                }
            }
            Fact::DrawOffered { seat } => {
                if self.live_game().is_err() || self.draw_offer.is_some() {
                    return Err(misplaced(version, "a draw offer while none may be made"));
                }
                self.draw_offer = Some(seat);
                EventKind::DrawOffered { seat }
            }
            Fact::DrawOfferEnded { seat, reason } => {
                if self.draw_offer != Some(seat) {
                    return Err(misplaced(version, "the end of a draw offer never made"));
                }
                self.draw_offer = None;
                EventKind::DrawOfferEnded { seat, reason }
            }
            Fact::PlayerLeft { seat } => {
                self.absent_since[seat.index()] = Some(now);
                EventKind::PlayerLeft { seat }
            }
            Fact::PlayerReturned { seat } => {
                self.absent_since[seat.index()] = None;
                EventKind::PlayerReturned { seat }
            }
            Fact::ServerRestarted {
                paused_ms,
                grace_ms,
            } => {
                if self.version == 0 {
                    return Err(misplaced(version, "a restart before the start"));
                }
                if let Some(clock) = &mut self.clock {
                    clock.pause(paused_ms);
                }
                // Nobody is connected yet; absence counts once the grace is over.
                self.absent_since = [Some(now + grace_ms); 2];
                EventKind::ServerRestarted {
                    paused_ms,
                    grace_ms,
                    clocks: self.clock.as_ref().map(|c| c.view(now)),
                }
            }
            Fact::GameEnded { reason, winner } => {
                if self.live_game().is_err() {
                    return Err(misplaced(version, "a game ends while none is played"));
                }
                if let Some(clock) = &mut self.clock {
                    clock.stop(now);
                }
                self.draw_offer = None;
                let total = self.settings.games;
                let Some(state) = self.games.last_mut() else {
                    return Err(misplaced(version, "no game"));
                };
                let outcome = GameOutcome {
                    reason,
                    winner,
                    stores: state.game.position().stores(),
                };
                state.outcome = Some(outcome);
                let game = state.number;
                // A forfeit gives the winner every game not to be played, too.
                let later = match reason {
                    GameEndReason::Forfeit => u32::from(total.saturating_sub(game)),
                    _ => 0,
                };
                match winner {
                    Some(seat) => self.halves[seat.index()] += 2 * (1 + later),
                    None => {
                        self.halves[0] += 1;
                        self.halves[1] += 1;
                    }
                }
                // An absent player who lost on his absence gets a whole
                // period again in the next game.
                if matches!(reason, GameEndReason::Claimed | GameEndReason::Abandoned)
                    && let Some(loser) = winner.map(Seat::opponent)
                    && self.absent_since[loser.index()].is_some()
                {
                    self.absent_since[loser.index()] = Some(now);
                }
                EventKind::GameEnded {
                    game,
                    outcome,
                    points: self.points(),
                    clocks: self.clock.as_ref().map(|c| c.view(now)),
                }
            }
            Fact::MatchEnded { reason } => {
                if self.ended.is_some() {
                    return Err(misplaced(version, "the match ends twice"));
                }
                if let Some(clock) = &mut self.clock {
                    clock.stop(now);
                }
                self.ended = Some(reason);
                let winner = match self.halves[0].cmp(&self.halves[1]) {
                    _ if reason == MatchEndReason::Aborted => None,
                    std::cmp::Ordering::Greater => Some(Seat::Zero),
                    std::cmp::Ordering::Less => Some(Seat::One),
                    std::cmp::Ordering::Equal => None,
                };
                EventKind::MatchEnded {
                    reason,
                    points: self.points(),
                    winner,
                    ratings: None,
                }
            }
            Fact::RematchOffered { seat } => {
                if self.ended.is_none() || self.rematch_offer.is_some() {
                    return Err(misplaced(version, "a rematch offer while none may be made"));
                }
                self.rematch_offer = Some(seat);
                EventKind::RematchOffered { seat }
            }
            Fact::RematchDeclined => {
                if self.rematch_offer.is_none() {
                    return Err(misplaced(version, "declining a rematch never offered"));
                }
                self.rematch_offer = None;
                EventKind::RematchDeclined
            }
            Fact::RematchAgreed { rematch_id } => {
                if self.rematch_offer.is_none() {
                    return Err(misplaced(version, "agreeing on a rematch never offered"));
                }
                self.rematch_offer = None;
                EventKind::RematchAgreed { rematch_id }
            }
        };
        self.version = version;
        self.last_at_us = at_us;
        Ok(MatchEvent {
            version,
            at_us,
            kind,
        })
    }

    /// The version of the last event.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// The match's id.
    pub(crate) fn id(&self) -> MatchId {
        self.id
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

    /// Seat 0's results for the ratings, one per game (1 a win, 0.5 a
    /// draw, 0 a loss): every finished game, and a forfeit's games not
    /// played, lost by the player who forfeited. `None` for a match that
    /// is not over, was aborted, or had no game.
    pub(crate) fn rating_scores(&self) -> Option<Vec<f64>> {
        if matches!(self.ended, None | Some(MatchEndReason::Aborted)) {
            return None;
        }
        let score = |winner: Option<Seat>| match winner {
            Some(Seat::Zero) => 1.0,
            Some(Seat::One) => 0.0,
            None => 0.5,
        };
        let mut scores: Vec<f64> = self
            .games
            .iter()
            .filter_map(|game| game.outcome.map(|outcome| score(outcome.winner)))
            .collect();
        if let Some(GameState {
            number,
            outcome: Some(outcome),
            ..
        }) = self.games.last()
            && outcome.reason == GameEndReason::Forfeit
        {
            let unplayed = self.settings.games.saturating_sub(*number);
            scores.extend(std::iter::repeat_n(
                score(outcome.winner),
                usize::from(unplayed),
            ));
        }
        (!scores.is_empty()).then_some(scores)
    }

    /// Points per seat (a win 1, a draw 0.5).
    pub(crate) fn points(&self) -> [f64; 2] {
        self.halves.map(|h| f64::from(h) / 2.0)
    }

    fn live_game(&self) -> Result<&GameState, ServerError> {
        if self.ended.is_some() {
            return Err(ServerError::MatchOver);
        }
        self.current()
            .filter(|g| g.outcome.is_none())
            .ok_or(ServerError::MatchOver)
    }

    // --- requests ---------------------------------------------------------

    /// A player's connection dropped (`present: false`) or came back at
    /// `now_us`. The seat is kept and, in timed games, the clock runs; a
    /// real-time player away too long may lose the game (see
    /// [`MatchState::check_time`]). Nothing is recorded once the match is
    /// over, or when nothing changed.
    pub(crate) fn presence(&mut self, seat: Seat, present: bool, now_us: u64) -> Vec<MatchEvent> {
        let mut out = Vec::new();
        let away = self.absent_since[seat.index()].is_some();
        if self.ended.is_none() && away == present {
            let fact = if present {
                Fact::PlayerReturned { seat }
            } else {
                Fact::PlayerLeft { seat }
            };
            self.record(fact, now_us, &mut out);
        }
        out
    }

    /// The server restarted at `now_us` with this match live: the time since
    /// its last event is charged to nobody, and players have `grace_ms` to
    /// come back before the absence rules apply to them.
    pub(crate) fn restarted(&mut self, now_us: u64, grace_ms: u64) -> Vec<MatchEvent> {
        let paused_ms = now_us.saturating_sub(self.last_at_us) / 1000;
        let mut out = Vec::with_capacity(1);
        let fact = Fact::ServerRestarted {
            paused_ms,
            grace_ms,
        };
        // Stamped no earlier than the last event, whatever the wall clock did.
        self.record(fact, now_us.max(self.last_at_us), &mut out);
        out
    }

    /// `seat` asks to sow `house` as ply `ply` of game `game`, at `now_us`
    /// (the stamp of the accepted move).
    pub(crate) fn play(
        &mut self,
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        now_us: u64,
    ) -> Result<Played, ServerError> {
        let state = (game as usize)
            .checked_sub(1)
            .and_then(|index| self.games.get(index));
        let played_before = state.and_then(|g| {
            let index = (ply as usize).checked_sub(1)?;
            g.moves.get(index).copied()
        });
        if played_before == Some((seat, house)) {
            return Ok(Played::Duplicate);
        }
        if self.ended.is_some() {
            return Err(ServerError::MatchOver);
        }
        let Some(state) = state else {
            return Err(ServerError::WrongGame {
                game,
                current: self.games.len(),
            });
        };
        if let Some((_, house)) = played_before {
            return Err(ServerError::StalePly { game, ply, house });
        }
        if state.outcome.is_some() {
            return Err(ServerError::GameOver(game));
        }
        let next = state.moves.len() as u32 + 1;
        if ply != next {
            return Err(ServerError::WrongPly { game, next });
        }
        if state.to_move() != Some(seat) {
            return Err(ServerError::NotYourTurn);
        }
        let houses = self.settings.ruleset.houses();
        if house == 0 || usize::from(house) > houses {
            return Err(ServerError::IllegalMove(MoveError::HouseOutOfRange {
                number: house.into(),
                houses,
            }));
        }
        let mv = Move::from_number(i64::from(house)).map_err(ServerError::IllegalMove)?;
        state
            .game
            .position()
            .check(mv)
            .map_err(ServerError::IllegalMove)?;
        let mut out = Vec::with_capacity(2);
        if self.draw_offer == Some(seat) {
            // An offer lapses when the offerer moves.
            let lapsed = Fact::DrawOfferEnded {
                seat,
                reason: DrawOfferEnd::Lapsed,
            };
            self.record(lapsed, now_us, &mut out);
        }
        self.record(Fact::MovePlayed { seat, house }, now_us, &mut out);
        if let Some(state) = self.current()
            && let Status::Over(reason) = state.game.position().status()
        {
            let winner = state
                .game
                .position()
                .result()
                .and_then(|r| r.winner)
                .map(|side| state.seat(side));
            self.end_game(reason.into(), winner, now_us, &mut out);
        }
        Ok(Played::Applied(out))
    }

    /// End the current game, then start the next one or end the match.
    fn end_game(
        &mut self,
        reason: GameEndReason,
        winner: Option<Seat>,
        now_us: u64,
        out: &mut Vec<MatchEvent>,
    ) {
        self.record(Fact::GameEnded { reason, winner }, now_us, out);
        let Some(&GameState { number, first, .. }) = self.current() else {
            return;
        };
        let remaining = u32::from(self.settings.games.saturating_sub(number));
        let lead = self.halves[0].abs_diff(self.halves[1]);
        if reason == GameEndReason::Forfeit {
            self.record(
                Fact::MatchEnded {
                    reason: MatchEndReason::Forfeit,
                },
                now_us,
                out,
            );
        } else if remaining == 0 {
            let reason = MatchEndReason::Completed;
            self.record(Fact::MatchEnded { reason }, now_us, out);
        } else if self.settings.stop_when_decided && lead > 2 * remaining {
            let reason = MatchEndReason::Decided;
            self.record(Fact::MatchEnded { reason }, now_us, out);
        } else {
            // The first move alternates from game to game.
            let first = first.opponent();
            self.record(Fact::GameStarted { first }, now_us, out);
        }
    }

    /// A player's request other than a move.
    pub(crate) fn act(
        &mut self,
        seat: Seat,
        action: Action,
        now_us: u64,
    ) -> Result<Vec<MatchEvent>, ServerError> {
        let game = self.live_game()?;
        let untouched = self.games.len() == 1 && game.moves.is_empty();
        let opponent = seat.opponent();
        let mut out = Vec::new();
        match action {
            Action::Resign => {
                self.end_game(GameEndReason::Resign, Some(opponent), now_us, &mut out)
            }
            Action::Forfeit => {
                self.end_game(GameEndReason::Forfeit, Some(opponent), now_us, &mut out)
            }
            Action::Abort if untouched => {
                let reason = MatchEndReason::Aborted;
                self.record(Fact::MatchEnded { reason }, now_us, &mut out);
            }
            Action::Abort => return Err(ServerError::TooLateToAbort),
            Action::DrawOffer => match self.draw_offer {
                Some(offerer) if offerer == seat => {
                    return Err(ServerError::AlreadyOffered("draw"));
                }
                // Both offered: that is an agreement.
                Some(_) => self.end_game(GameEndReason::DrawAgreed, None, now_us, &mut out),
                None => self.record(Fact::DrawOffered { seat }, now_us, &mut out),
            },
            Action::DrawAccept | Action::DrawDecline if self.draw_offer != Some(opponent) => {
                return Err(ServerError::NoDrawOffer);
            }
            Action::DrawAccept => self.end_game(GameEndReason::DrawAgreed, None, now_us, &mut out),
            Action::DrawDecline => {
                let declined = Fact::DrawOfferEnded {
                    seat: opponent,
                    reason: DrawOfferEnd::Declined,
                };
                self.record(declined, now_us, &mut out);
            }
            Action::Claim => {
                let now = now_us / 1000;
                let away = self.absent_since[opponent.index()].map(|s| now.saturating_sub(s));
                let allowed = self.settings.time_control.is_real_time()
                    && away.is_some_and(|away| away >= self.timing.claim_after_ms);
                if !allowed {
                    return Err(ServerError::CannotClaim(self.timing.claim_after_ms / 1000));
                }
                self.end_game(GameEndReason::Claimed, Some(seat), now_us, &mut out);
            }
        }
        Ok(out)
    }

    /// A rematch request after the match ended: an offer (`accept: None`),
    /// an acceptance or a refusal.
    pub(crate) fn rematch(
        &mut self,
        seat: Seat,
        accept: Option<bool>,
        now_us: u64,
    ) -> Result<Rematch, ServerError> {
        if self.ended.is_none() {
            return Err(ServerError::MatchNotOver);
        }
        let from_opponent = self.rematch_offer == Some(seat.opponent());
        let mut out = Vec::new();
        match accept {
            // An offer, or an offer crossing the opponent's: agreed.
            None | Some(true) if from_opponent => {
                let [a, b] = self.players.clone();
                return Ok(Rematch::Agreed([b, a], self.settings));
            }
            None if self.rematch_offer == Some(seat) => {
                return Err(ServerError::AlreadyOffered("rematch"));
            }
            None => self.record(Fact::RematchOffered { seat }, now_us, &mut out),
            Some(_) if !from_opponent => return Err(ServerError::NoRematchOffer),
            Some(_) => self.record(Fact::RematchDeclined, now_us, &mut out),
        }
        Ok(Rematch::Recorded(out))
    }

    /// The agreed rematch has started as `rematch_id`: the offer is spent,
    /// and the link to the new match is recorded.
    pub(crate) fn rematch_started(&mut self, rematch_id: MatchId, now_us: u64) -> Vec<MatchEvent> {
        let mut out = Vec::new();
        if self.rematch_offer.is_some() {
            self.record(Fact::RematchAgreed { rematch_id }, now_us, &mut out);
        }
        out
    }

    /// When the match must next look at the time: a flag falls or an
    /// absent real-time player forfeits the game; `None` when nothing is due.
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
        Seat::BOTH
            .into_iter()
            .filter_map(|seat| {
                self.absent_since[seat.index()]
                    .map(|since| (seat, since + self.timing.forfeit_after_ms))
            })
            .min_by_key(|&(_, at)| at)
    }

    /// End the current game if, at `now_us`, the seat to move has run out
    /// of time or an absent player has stayed away past the limit: a loss
    /// like any other. Returns the events (none if nothing was due).
    pub(crate) fn check_time(&mut self, now_us: u64) -> Vec<MatchEvent> {
        let now = now_us / 1000;
        let mut out = Vec::new();
        if self.live_game().is_err() {
            return out;
        }
        if let Some(seat) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
            let reason = GameEndReason::Timeout;
            self.end_game(reason, Some(seat.opponent()), now_us, &mut out);
        } else if let Some((seat, at)) = self.abandon_deadline()
            && now >= at
        {
            let reason = GameEndReason::Abandoned;
            self.end_game(reason, Some(seat.opponent()), now_us, &mut out);
        }
        out
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
        let legal = match self.current() {
            Some(g) if self.ended.is_none() => g.game.position().legal_moves().numbers(),
            _ => Vec::new(),
        };
        MatchSnapshot {
            match_id: self.id,
            version: self.version,
            players: self.players.clone(),
            settings: self.settings,
            points: self.points(),
            games,
            position,
            legal,
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
            ratings: self.ratings,
            settings: self.settings,
            points: self.points(),
            game: self.games.len() as u8,
            spectators,
        }
    }
}

#[cfg(test)]
mod tests;
