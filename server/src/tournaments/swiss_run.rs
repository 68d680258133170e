//! A Swiss tournament's own part (docs/TOURNAMENTS.md): the `tournament`
//! crate's event (entries, pairings, results), who withdrew or paused, and
//! each round's boards and matches. [`super::Tournament`] holds it beside
//! what every tournament has (settings, names) and dispatches to it.

use super::shared::{Names, Next, board_result, refusal, refused, shown_result};
use super::stored::Stored;
use crate::error::ServerError;
use crate::game::Played;
use protocol::wire::{
    BoardView, MatchId, PlayerId, PlayerRef, RoundView, StandingLine, TournamentStage,
};
use std::collections::HashSet;
use tournament::swiss::{self, BoardResult, EventError, Pairing, SwissEvent};

/// Late entries are taken until this round is paired (docs/TOURNAMENTS.md).
const JOIN_UNTIL_ROUND: u32 = 2;

/// One round as played: its pairing, each board's match and result.
#[derive(Clone, Debug)]
struct RoundRecord {
    pairing: Pairing,
    matches: Vec<Option<MatchId>>,
    results: Vec<Option<BoardResult>>,
}

/// A Swiss of matches as its steps have made it.
#[derive(Clone, Debug)]
pub(super) struct SwissRun {
    swiss: SwissEvent,
    withdrawn: HashSet<u64>,
    paused: HashSet<u64>,
    rounds: Vec<RoundRecord>,
    next_round_at: Option<u64>,
    closed: bool,
}

impl SwissRun {
    pub(super) fn new(rounds: u32) -> SwissRun {
        SwissRun {
            swiss: SwissEvent::new(swiss::Settings {
                rounds,
                join_until_round: JOIN_UNTIL_ROUND,
                initial_first: true,
            }),
            withdrawn: HashSet::new(),
            paused: HashSet::new(),
            rounds: Vec::new(),
            next_round_at: None,
            closed: false,
        }
    }

    /// Whether its last round's results are in (or it closed for want of players).
    pub(super) fn is_over(&self) -> bool {
        self.closed || self.swiss.is_over()
    }

    /// What its timer finds to do at `now`: pair the next round once it
    /// is due (the first at `starts_at_ms`).
    pub(super) fn due(&self, starts_at_ms: u64, now: u64) -> Result<Next, ServerError> {
        if self.is_over() || self.swiss.playing().is_some() {
            return Ok(Next::Idle);
        }
        let at = if self.swiss.round() == 0 {
            starts_at_ms
        } else {
            match self.next_round_at {
                Some(at) => at,
                None => return Ok(Next::Idle),
            }
        };
        if at > now {
            return Ok(Next::At(at));
        }
        self.pair_next().map(Next::step)
    }

    /// The next round's pairing, or the end for want of players.
    fn pair_next(&self) -> Result<Stored, ServerError> {
        match self.swiss.pair_next() {
            Ok(swiss::Step::Paired { pairing }) => Ok(Stored::Paired { pairing }),
            Err(EventError::TooFewPlayers) => Ok(Stored::Closed),
            Ok(_) => Err(refused("the next round cannot be paired")),
            Err(error) => Err(refusal(error)),
        }
    }

    /// What follows a result at `now`: the next round's time once the
    /// round is complete (and the tournament not over).
    pub(super) fn after_result(&self, now: u64, between_rounds_ms: u64) -> Option<Stored> {
        let complete = self.swiss.round() > 0 && self.swiss.playing().is_none();
        (complete && !self.is_over()).then(|| Stored::NextRound {
            at_ms: now + between_rounds_ms,
        })
    }

    /// The board of the round being played whose match is `match_id`.
    pub(super) fn board_of(&self, match_id: MatchId) -> Option<usize> {
        let (_, results) = self.swiss.playing()?;
        let round = self.rounds.last()?;
        round
            .matches
            .iter()
            .position(|m| *m == Some(match_id))
            .filter(|board| results.get(*board).is_some_and(Option::is_none))
    }

    /// The round being played, if one is.
    fn round_under_way(&self) -> Option<&RoundRecord> {
        self.rounds
            .last()
            .filter(|_| self.swiss.playing().is_some())
    }

    /// The matches of the round being played that have started and have no
    /// result yet.
    pub(super) fn live_boards(&self) -> Vec<(usize, MatchId)> {
        let Some(round) = self.round_under_way() else {
            return Vec::new();
        };
        round
            .matches
            .iter()
            .zip(&round.results)
            .enumerate()
            .filter_map(|(board, (m, result))| m.filter(|_| result.is_none()).map(|m| (board, m)))
            .collect()
    }

    /// The boards of the round being played whose match has not started,
    /// with their players' ids (first mover first).
    pub(super) fn unstarted_boards(&self) -> Vec<(usize, [u64; 2])> {
        let Some(round) = self.round_under_way() else {
            return Vec::new();
        };
        round
            .pairing
            .boards
            .iter()
            .enumerate()
            .filter(|(board, _)| round.matches[*board].is_none() && round.results[*board].is_none())
            .map(|(board, b)| (board, [b.first, b.second]))
            .collect()
    }

    /// `player` enters.
    pub(super) fn join(&self, player: &PlayerRef) -> Result<Stored, ServerError> {
        self.swiss.join(player.id.0).map_err(refusal)?;
        Ok(Stored::Joined {
            player: player.clone(),
            rating: None,
        })
    }

    /// `player` withdraws.
    pub(super) fn withdraw(&self, player: PlayerId) -> Result<Stored, ServerError> {
        if self.withdrawn.contains(&player.0) {
            return Err(refusal(EventError::NotIn(player.0)));
        }
        self.swiss.withdraw(player.0).map_err(refusal)?;
        Ok(Stored::Withdrew { player })
    }

    /// `player` pauses (`paused`) or comes back.
    pub(super) fn pause(&self, player: PlayerId, paused: bool) -> Result<Stored, ServerError> {
        if self.withdrawn.contains(&player.0) {
            return Err(refusal(EventError::NotIn(player.0)));
        }
        if paused == self.paused.contains(&player.0) {
            return Err(refused(if paused {
                "you are paused already"
            } else {
                "you are not paused"
            }));
        }
        if paused {
            self.swiss.pause(player.0).map_err(refusal)?;
            Ok(Stored::Paused { player })
        } else {
            self.swiss.come_back(player.0).map_err(refusal)?;
            Ok(Stored::Back { player })
        }
    }

    /// Board `board`'s result from its match as `played` (its first mover
    /// is seat 0): see [`board_result`].
    pub(super) fn end_board(&self, board: usize, played: &Played) -> Result<Stored, ServerError> {
        let result = board_result(played);
        match self.swiss.end_board(board, result).map_err(refusal)? {
            swiss::Step::Ended { board, result } => Ok(Stored::Ended { board, result }),
            _ => Err(refused("no such board")),
        }
    }

    /// `player` is entered (a stored entry, or a computer at the creation).
    pub(super) fn enter(&mut self, player: u64) {
        self.swiss.apply(swiss::Step::Joined { player });
    }

    /// Take a stored step (the common part is the tournament's); returns
    /// the player to forget, if one withdrew before the start.
    pub(super) fn apply(&mut self, step: &Stored) -> Option<u64> {
        match step {
            Stored::Joined { player, .. } => self.enter(player.id.0),
            Stored::Withdrew { player } => {
                self.swiss.apply(swiss::Step::Withdrew { player: player.0 });
                if self.swiss.round() == 0 {
                    self.paused.remove(&player.0);
                    return Some(player.0);
                }
                self.withdrawn.insert(player.0);
            }
            Stored::Paused { player } => {
                self.swiss.apply(swiss::Step::Paused { player: player.0 });
                self.paused.insert(player.0);
            }
            Stored::Back { player } => {
                self.swiss.apply(swiss::Step::Back { player: player.0 });
                self.paused.remove(&player.0);
            }
            Stored::Paired { pairing } => {
                self.next_round_at = None;
                self.rounds.push(RoundRecord {
                    matches: vec![None; pairing.boards.len()],
                    results: vec![None; pairing.boards.len()],
                    pairing: pairing.clone(),
                });
                self.swiss.apply(swiss::Step::Paired {
                    pairing: pairing.clone(),
                });
            }
            Stored::Started { board, match_id } => {
                if let Some(slot) = self
                    .rounds
                    .last_mut()
                    .and_then(|round| round.matches.get_mut(*board))
                {
                    *slot = Some(*match_id);
                }
            }
            Stored::Ended { board, result } => {
                if let Some(slot) = self
                    .rounds
                    .last_mut()
                    .and_then(|round| round.results.get_mut(*board))
                {
                    *slot = Some(*result);
                }
                self.swiss.apply(swiss::Step::Ended {
                    board: *board,
                    result: *result,
                });
            }
            Stored::NextRound { at_ms } => self.next_round_at = Some(*at_ms),
            Stored::Closed => self.closed = true,
            Stored::Created { .. }
            | Stored::ArenaOpened
            | Stored::ArenaPaired { .. }
            | Stored::ArenaEnded { .. } => {}
        }
        None
    }

    /// Where it is in its life.
    pub(super) fn stage(&self) -> TournamentStage {
        if self.is_over() {
            TournamentStage::Over
        } else if self.swiss.round() == 0 {
            TournamentStage::Waiting
        } else if self.swiss.playing().is_some() {
            TournamentStage::Playing
        } else {
            TournamentStage::BetweenRounds
        }
    }

    /// When the next round is paired, while waiting for it.
    pub(super) fn next_round_at(&self) -> Option<u64> {
        (self.stage() == TournamentStage::BetweenRounds)
            .then_some(self.next_round_at)
            .flatten()
    }

    /// The standings as everyone sees them.
    pub(super) fn standings(&self, games: u8, names: &Names) -> Vec<StandingLine> {
        self.swiss
            .standings(games)
            .into_iter()
            .map(|line| StandingLine {
                place: u32::try_from(line.place).unwrap_or(u32::MAX),
                player: names.name(line.id),
                points: f64::from(line.half_points) / 2.0,
                game_points: f64::from(line.game_half_points) / 2.0,
                sonneborn_berger: f64::from(line.sonneborn_berger_quarters) / 4.0,
                buchholz: f64::from(line.buchholz_half_points) / 2.0,
                withdrawn: self.withdrawn.contains(&line.id),
                paused: self.paused.contains(&line.id),
            })
            .collect()
    }

    /// Every round paired so far as everyone sees it.
    pub(super) fn rounds_played(&self, names: &Names) -> Vec<RoundView> {
        self.rounds
            .iter()
            .enumerate()
            .map(|(index, round)| RoundView {
                round: index as u32 + 1,
                boards: round
                    .pairing
                    .boards
                    .iter()
                    .enumerate()
                    .map(|(board, b)| BoardView {
                        first: names.name(b.first),
                        second: names.name(b.second),
                        match_id: round.matches[board],
                        result: round.results[board].map(shown_result),
                    })
                    .collect(),
                bye: round.pairing.bye.map(|id| names.name(id)),
            })
            .collect()
    }
}
