//! The match state machine: a set of games, their moves, the score, offers
//! and presence. Pure: no tasks, no sockets, no clocks of its own; every
//! request takes the time as an argument.
//!
//! A request goes one way: **decide, store, apply**. [`MatchState::decide`]
//! reads the state and says what the request does as numbered events (a
//! refusal is a [`MatchError`]); the match's task stores them; only then
//! does [`MatchState::apply`] change the state, one event at a time, and
//! say what each led to ([`After`]). Nothing is ever undone, and replaying a
//! match from the journal is applying its events again through the same
//! function ([`MatchState::replay`]).

mod apply;
mod decide;

pub(crate) use decide::{Decision, Request};

use super::event::{EventKind, MatchEvent, Told};
use super::game_clock::GameClock;
use super::timing::Timing;
use crate::clock::Millis;
use crate::error::MatchError;
use protocol::rules::{Game, Side};
use protocol::wire::{
    GameEndReason, GameOutcome, GameSnapshot, MatchEndReason, MatchId, MatchSettings,
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
    Berserk,
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
    /// In the Kazakh games, each ply as players write it (the board before
    /// the move is needed to write it, so it is written as it is played).
    labels: Vec<String>,
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
    /// What a rated match's end did to both ratings.
    rated: Option<[crate::rating::Rated; 2]>,
    /// The current game's clocks (timed matches only).
    clock: Option<GameClock>,
    /// A pending draw offer in the current game, by seat.
    draw_offer: Option<Seat>,
    /// Since when each seat's player has been away, if he is.
    absent_since: [Option<Millis>; 2],
    /// A pending rematch offer once the match is over, by seat.
    rematch_offer: Option<Seat>,
    /// Who has berserked, by seat.
    berserked: [bool; 2],
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
            rated: None,
            clock: None,
            draw_offer: None,
            absent_since: [None, None],
            rematch_offer: None,
            berserked: [false, false],
        }
    }

    /// A new match at `now_us`; `first` moves first in game 1 (drawn by lot
    /// by the caller), and a seat whose player is not `present` counts as
    /// away from the start. Returns the match before anything happened and
    /// the events that open it, to be stored, then applied.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn open(
        id: MatchId,
        players: [PlayerRef; 2],
        ratings: Option<[ShownRating; 2]>,
        settings: MatchSettings,
        timing: Timing,
        first: Seat,
        present: [bool; 2],
        now_us: u64,
    ) -> (MatchState, Vec<MatchEvent>) {
        let state = MatchState::opened(id, players.clone(), settings, timing, ratings);
        let start = EventKind::MatchStarted {
            match_id: id,
            players,
            settings,
            timing,
            ratings,
        };
        let absent = Seat::BOTH
            .into_iter()
            .filter(|seat| !present[seat.index()])
            .map(|seat| EventKind::PlayerLeft { seat });
        let opening = [start, EventKind::GameStarted { game: 1, first }]
            .into_iter()
            .chain(absent)
            .zip(1..)
            .map(|(kind, version)| MatchEvent {
                version,
                at_us: now_us,
                kind,
            })
            .collect();
        (state, opening)
    }

    /// The match that `events` (all of them, from `match_started` on)
    /// describe, and the events as it tells them again.
    pub(crate) fn replay(events: Vec<MatchEvent>) -> Result<(MatchState, Vec<Told>), ReplayError> {
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
        let told = events
            .into_iter()
            .map(|event| state.apply(event))
            .collect::<Result<_, _>>()?;
        Ok((state, told))
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
    /// draw, 0 a loss), once the `pending` events (decided, not applied
    /// yet) have happened: every finished game, and a forfeit's games not
    /// played, lost by the player who forfeited. `None` for a match that
    /// is not over then, was aborted, or had no game.
    pub(crate) fn rating_scores(&self, pending: &[MatchEvent]) -> Option<Vec<f64>> {
        let ended = pending
            .iter()
            .find_map(|event| match event.kind {
                EventKind::MatchEnded { reason, .. } => Some(reason),
                _ => None,
            })
            .or(self.ended);
        if matches!(ended, None | Some(MatchEndReason::Aborted)) {
            return None;
        }
        let score = |winner: Option<Seat>| match winner {
            Some(Seat::Zero) => 1.0,
            Some(Seat::One) => 0.0,
            None => 0.5,
        };
        let played = self
            .games
            .iter()
            .filter_map(|game| game.outcome.map(|outcome| (game.number, outcome)));
        let decided = pending.iter().filter_map(|event| match event.kind {
            EventKind::GameEnded { game, outcome, .. } => Some((game, outcome)),
            _ => None,
        });
        let outcomes: Vec<(u8, GameOutcome)> = played.chain(decided).collect();
        let mut scores: Vec<f64> = outcomes
            .iter()
            .map(|(_, outcome)| score(outcome.winner))
            .collect();
        if let Some((number, outcome)) = outcomes.last()
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
    /// Whether each seat has made a move in any game.
    pub(crate) fn moved(&self) -> [bool; 2] {
        let mut moved = [false, false];
        for (seat, _) in self.games.iter().flat_map(|game| &game.moves) {
            moved[seat.index()] = true;
        }
        moved
    }

    pub(crate) fn points(&self) -> [f64; 2] {
        points(self.halves)
    }

    /// Who has berserked, by seat.
    pub(crate) fn berserked(&self) -> [bool; 2] {
        self.berserked
    }

    /// Whether `seat` may berserk now: the match allows it, its clock is
    /// real time, game 1 is being played and he has not moved in it yet.
    fn may_berserk(&self, seat: Seat) -> bool {
        let Ok(game) = self.live_game() else {
            return false;
        };
        self.timing.berserk
            && self.settings.time_control.is_real_time()
            && !self.berserked[seat.index()]
            && game.number == 1
            && !game.moves.iter().any(|(mover, _)| *mover == seat)
    }

    fn live_game(&self) -> Result<&GameState, MatchError> {
        if self.ended.is_some() {
            return Err(MatchError::MatchOver);
        }
        self.current()
            .filter(|g| g.outcome.is_none())
            .ok_or(MatchError::MatchOver)
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

    /// The whole match so far, clocks as of `now`.
    pub(crate) fn snapshot(&self, spectators: u32, now: Millis) -> MatchSnapshot {
        let games = self
            .games
            .iter()
            .map(|g| GameSnapshot {
                game: g.number,
                first: g.first,
                moves: g.moves.iter().map(|&(_, house)| house).collect(),
                movers: g.moves.iter().map(|&(seat, _)| seat).collect(),
                labels: g.labels.clone(),
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
            ratings: self.ratings,
            rating_changes: self.rated.map(|rated| rated.map(|r| r.change())),
            berserk: self.timing.berserk.then_some(self.berserked),
            tournament_id: self.timing.tournament_id,
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

/// Points per seat (a win 1, a draw 0.5) from points in halves.
fn points(halves: [u32; 2]) -> [f64; 2] {
    halves.map(|h| f64::from(h) / 2.0)
}

/// The points in halves after a game `number` of `total` ended for
/// `reason` with `winner`: a win is 2, a draw 1 each, and a forfeit gives
/// the winner every game not to be played, too.
fn scored(
    mut halves: [u32; 2],
    number: u8,
    total: u8,
    reason: GameEndReason,
    winner: Option<Seat>,
) -> [u32; 2] {
    let later = match reason {
        GameEndReason::Forfeit => u32::from(total.saturating_sub(number)),
        _ => 0,
    };
    match winner {
        Some(seat) => halves[seat.index()] += 2 * (1 + later),
        None => {
            halves[0] += 1;
            halves[1] += 1;
        }
    }
    halves
}

/// Who won a match that ended for `reason` with these points in halves.
fn match_winner(halves: [u32; 2], reason: MatchEndReason) -> Option<Seat> {
    match halves[0].cmp(&halves[1]) {
        _ if reason == MatchEndReason::Aborted => None,
        std::cmp::Ordering::Greater => Some(Seat::Zero),
        std::cmp::Ordering::Less => Some(Seat::One),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests;
