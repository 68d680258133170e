//! One Swiss tournament: its settings, the `tournament` crate's event
//! (entries, pairings, results), the players' names, and each round's
//! matches. Decisions read it and return the [`Stored`] step they would
//! take; [`Tournament::apply`] takes a stored step. No clock, no socket.

use super::stored::Stored;
use crate::error::ServerError;
use protocol::wire::{
    self, BoardView, MatchId, PlayerId, PlayerRef, RoundView, StandingLine, TournamentId,
    TournamentSettings, TournamentStage, TournamentView,
};
use std::collections::{HashMap, HashSet};
use tournament::swiss::{self, BoardResult, EventError, MatchResult, Pairing, SwissEvent};

/// One round as played: its pairing, each board's match and result.
#[derive(Clone, Debug)]
struct RoundRecord {
    pairing: Pairing,
    matches: Vec<Option<MatchId>>,
    results: Vec<Option<BoardResult>>,
}

/// A Swiss tournament of matches.
#[derive(Clone, Debug)]
pub(crate) struct Tournament {
    id: TournamentId,
    settings: TournamentSettings,
    director: PlayerRef,
    /// A private tournament's code: without it, it is not there.
    code: Option<String>,
    swiss: SwissEvent,
    names: HashMap<u64, PlayerRef>,
    withdrawn: HashSet<u64>,
    paused: HashSet<u64>,
    rounds: Vec<RoundRecord>,
    next_round_at: Option<u64>,
    closed: bool,
    /// Steps stored so far (the next one's number).
    steps: u32,
}

/// Late entries are taken until this round is paired (docs/TOURNAMENTS.md).
const JOIN_UNTIL_ROUND: u32 = 2;

impl Tournament {
    /// A tournament as its first step creates it.
    pub(crate) fn created(
        id: TournamentId,
        settings: TournamentSettings,
        director: PlayerRef,
        code: Option<String>,
        computers: &[PlayerRef],
    ) -> Tournament {
        let swiss = SwissEvent::new(swiss::Settings {
            rounds: settings.rounds,
            join_until_round: JOIN_UNTIL_ROUND,
            initial_first: true,
        });
        let mut tournament = Tournament {
            id,
            settings,
            director,
            code,
            swiss,
            names: HashMap::new(),
            withdrawn: HashSet::new(),
            paused: HashSet::new(),
            rounds: Vec::new(),
            next_round_at: None,
            closed: false,
            steps: 1,
        };
        for computer in computers {
            tournament.enter(computer);
        }
        tournament
    }

    /// A tournament rebuilt from its stored steps (the first creates it);
    /// `None` if the first is not a creation.
    pub(crate) fn restored(id: TournamentId, steps: &[Stored]) -> Option<Tournament> {
        let (first, rest) = steps.split_first()?;
        let Stored::Created {
            settings,
            director,
            code,
            computers,
        } = first
        else {
            return None;
        };
        let mut tournament = Tournament::created(
            id,
            settings.clone(),
            director.clone(),
            code.clone(),
            computers,
        );
        for step in rest {
            tournament.apply(step);
        }
        Some(tournament)
    }

    pub(crate) fn id(&self) -> TournamentId {
        self.id
    }

    pub(crate) fn director(&self) -> PlayerId {
        self.director.id
    }

    /// Whether it is private (left out of the lists).
    pub(crate) fn is_private(&self) -> bool {
        self.code.is_some()
    }

    /// Whether one who gives `code` may read, follow and enter it: anyone
    /// for a public one, the code's holders for a private one.
    pub(crate) fn admits(&self, code: Option<&str>) -> bool {
        self.code.is_none() || self.code.as_deref() == code
    }

    pub(crate) fn settings(&self) -> &TournamentSettings {
        &self.settings
    }

    /// The number the next stored step takes.
    pub(crate) fn next_step(&self) -> u32 {
        self.steps
    }

    /// Whether its last round's results are in (or it closed for want of players).
    pub(crate) fn is_over(&self) -> bool {
        self.closed || self.swiss.is_over()
    }

    /// When the next round is to be paired, if one is waiting to be.
    pub(crate) fn pairing_due_at(&self) -> Option<u64> {
        if self.is_over() || self.swiss.playing().is_some() {
            return None;
        }
        if self.swiss.round() == 0 {
            return Some(self.settings.starts_at_ms);
        }
        self.next_round_at
    }

    /// Whether the round being played has every result in.
    pub(crate) fn round_complete(&self) -> bool {
        self.swiss.round() > 0 && self.swiss.playing().is_none()
    }

    /// The board of the round being played whose match is `match_id`.
    pub(crate) fn board_of(&self, match_id: MatchId) -> Option<usize> {
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
    pub(crate) fn live_boards(&self) -> Vec<(usize, MatchId)> {
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
    /// with their players (first mover first).
    pub(crate) fn unstarted_boards(&self) -> Vec<(usize, [PlayerRef; 2])> {
        let Some(round) = self.round_under_way() else {
            return Vec::new();
        };
        round
            .pairing
            .boards
            .iter()
            .enumerate()
            .filter(|(board, _)| round.matches[*board].is_none() && round.results[*board].is_none())
            .map(|(board, b)| (board, [self.name(b.first), self.name(b.second)]))
            .collect()
    }

    /// `player` enters.
    pub(crate) fn join(&self, player: &PlayerRef) -> Result<Stored, ServerError> {
        if self.is_over() {
            return Err(refused("the tournament is over"));
        }
        if self.names.len() >= swiss::MOST_PLAYERS {
            return Err(refused("the tournament is full: 1,000 players"));
        }
        self.swiss.join(player.id.0).map_err(refusal)?;
        Ok(Stored::Joined {
            player: player.clone(),
        })
    }

    /// `player` withdraws.
    pub(crate) fn withdraw(&self, player: PlayerId) -> Result<Stored, ServerError> {
        if self.is_over() {
            return Err(refused("the tournament is over"));
        }
        if self.withdrawn.contains(&player.0) {
            return Err(refusal(EventError::NotIn(player.0)));
        }
        self.swiss.withdraw(player.0).map_err(refusal)?;
        Ok(Stored::Withdrew { player })
    }

    /// `player` pauses (`paused`) or comes back.
    pub(crate) fn pause(&self, player: PlayerId, paused: bool) -> Result<Stored, ServerError> {
        if self.is_over() {
            return Err(refused("the tournament is over"));
        }
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

    /// The next round's pairing, or the end for want of players.
    pub(crate) fn pair_next(&self) -> Result<Stored, ServerError> {
        match self.swiss.pair_next() {
            Ok(swiss::Step::Paired { pairing }) => Ok(Stored::Paired { pairing }),
            Err(EventError::TooFewPlayers) => Ok(Stored::Closed),
            Ok(_) => Err(refused("the next round cannot be paired")),
            Err(error) => Err(refusal(error)),
        }
    }

    /// Board `board`'s result, from its match's points by seat (its first
    /// mover is seat 0) and whether each made a move: one who made none did
    /// not come, and loses by forfeit (FIDE's rule: his opponent's point is
    /// not a game played). If neither did, the board is scored as played.
    pub(crate) fn end_board(
        &self,
        board: usize,
        points: [f64; 2],
        moved: [bool; 2],
    ) -> Result<Stored, ServerError> {
        let half = |p: f64| (p * 2.0).round().max(0.0) as u32;
        let games = [half(points[0]), half(points[1])];
        let first = match games[0].cmp(&games[1]) {
            std::cmp::Ordering::Greater => MatchResult::Win,
            std::cmp::Ordering::Equal => MatchResult::Draw,
            std::cmp::Ordering::Less => MatchResult::Loss,
        };
        let result = match moved {
            [true, false] => BoardResult::Forfeit { first_came: true },
            [false, true] => BoardResult::Forfeit { first_came: false },
            _ => BoardResult::Played { first, games },
        };
        match self.swiss.end_board(board, result).map_err(refusal)? {
            swiss::Step::Ended { board, result } => Ok(Stored::Ended { board, result }),
            _ => Err(refused("no such board")),
        }
    }

    /// Take a stored step.
    fn enter(&mut self, player: &PlayerRef) {
        self.swiss.apply(swiss::Step::Joined {
            player: player.id.0,
        });
        self.names.insert(player.id.0, player.clone());
    }

    pub(crate) fn apply(&mut self, step: &Stored) {
        self.steps += 1;
        match step {
            Stored::Created { .. } => {}
            Stored::Joined { player } => self.enter(player),
            Stored::Withdrew { player } => {
                self.swiss.apply(swiss::Step::Withdrew { player: player.0 });
                if self.swiss.round() == 0 {
                    self.names.remove(&player.0);
                    self.paused.remove(&player.0);
                } else {
                    self.withdrawn.insert(player.0);
                }
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
        }
    }

    /// The tournament as everyone sees it.
    pub(crate) fn view(&self) -> TournamentView {
        let games = self.settings.settings.games;
        let standings = self
            .swiss
            .standings(games)
            .into_iter()
            .map(|line| StandingLine {
                place: u32::try_from(line.place).unwrap_or(u32::MAX),
                player: self.name(line.id),
                points: f64::from(line.half_points) / 2.0,
                game_points: f64::from(line.game_half_points) / 2.0,
                sonneborn_berger: f64::from(line.sonneborn_berger_quarters) / 4.0,
                buchholz: f64::from(line.buchholz_half_points) / 2.0,
                withdrawn: self.withdrawn.contains(&line.id),
                paused: self.paused.contains(&line.id),
            })
            .collect();
        let rounds_played = self
            .rounds
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
                        first: self.name(b.first),
                        second: self.name(b.second),
                        match_id: round.matches[board],
                        result: round.results[board].map(shown_result),
                    })
                    .collect(),
                bye: round.pairing.bye.map(|id| self.name(id)),
            })
            .collect();
        let stage = if self.is_over() {
            TournamentStage::Over
        } else if self.swiss.round() == 0 {
            TournamentStage::Waiting
        } else if self.swiss.playing().is_some() {
            TournamentStage::Playing
        } else {
            TournamentStage::BetweenRounds
        };
        TournamentView {
            tournament_id: self.id,
            name: self.settings.name.clone(),
            director: self.director.clone(),
            settings: self.settings.settings,
            rounds: self.settings.rounds,
            starts_at_ms: self.settings.starts_at_ms,
            between_rounds_ms: self.settings.between_rounds_ms,
            min_rating: self.settings.min_rating,
            min_rated_games: self.settings.min_rated_games,
            private: self.is_private(),
            stage,
            next_round_at_ms: (stage == TournamentStage::BetweenRounds)
                .then_some(self.next_round_at)
                .flatten(),
            standings,
            rounds_played,
        }
    }

    fn name(&self, id: u64) -> PlayerRef {
        self.names.get(&id).cloned().unwrap_or_else(|| PlayerRef {
            id: PlayerId(id),
            name: format!("player {id}"),
        })
    }
}

/// A board's result as the wire shows it: games and match points, first
/// mover first.
fn shown_result(result: BoardResult) -> wire::BoardResult {
    let points = |first: MatchResult| match first {
        MatchResult::Win => [1.0, 0.0],
        MatchResult::Draw => [0.5, 0.5],
        MatchResult::Loss => [0.0, 1.0],
    };
    match result {
        BoardResult::Played { first, games } => wire::BoardResult {
            games: [f64::from(games[0]) / 2.0, f64::from(games[1]) / 2.0],
            points: points(first),
            forfeit: false,
        },
        BoardResult::Forfeit { first_came } => wire::BoardResult {
            games: [0.0, 0.0],
            points: if first_came { [1.0, 0.0] } else { [0.0, 1.0] },
            forfeit: true,
        },
    }
}

fn refusal(error: EventError) -> ServerError {
    ServerError::TournamentRefused(error.to_string())
}

fn refused(words: &str) -> ServerError {
    ServerError::TournamentRefused(words.to_owned())
}

/// The settings a director may choose: a name, 1 to 15 rounds, a start
/// within a week (not in the past), a wait between rounds of at most a
/// day. (The match's own settings are the hub's to check, as any match's.)
pub(crate) fn check_settings(
    settings: &TournamentSettings,
    now_ms: u64,
) -> Result<(), ServerError> {
    let name = settings.name.trim();
    if name.is_empty() || name.chars().count() > TournamentSettings::NAME_CHARS {
        return Err(refused("a tournament's name has 1 to 60 characters"));
    }
    if !(1..=TournamentSettings::MOST_ROUNDS).contains(&settings.rounds) {
        return Err(refused("a tournament has 1 to 15 rounds"));
    }
    if settings.starts_at_ms < now_ms
        || settings.starts_at_ms > now_ms.saturating_add(TournamentSettings::LATEST_START_MS)
    {
        return Err(refused(
            "a tournament starts within a week from now (starts_at_ms, by the server's clock)",
        ));
    }
    if settings.between_rounds_ms > TournamentSettings::LONGEST_GAP_MS {
        return Err(refused("the wait between rounds is at most a day"));
    }
    let conditions = settings.min_rating.is_some() || settings.min_rated_games.is_some();
    if conditions
        && matches!(
            settings.settings.time_control,
            protocol::wire::TimeControl::Untimed
        )
    {
        return Err(refused(
            "an entry condition on ratings needs a timed clock (untimed matches have no rating)",
        ));
    }
    if settings
        .min_rating
        .is_some_and(|r| !(0.0..=4000.0).contains(&r))
    {
        return Err(refused("a minimum rating is 0 to 4000"));
    }
    if !settings.computers.is_empty() && settings.settings.rated {
        return Err(refused(
            "computer players play in casual tournaments only: make its matches unrated",
        ));
    }
    let mut levels = settings.computers.clone();
    levels.sort_unstable();
    levels.dedup();
    if levels.len() != settings.computers.len() || levels.iter().any(|l| !(1..=8).contains(l)) {
        return Err(refused(
            "computer players are named by their levels, 1 to 8, each at most once",
        ));
    }
    Ok(())
}

/// Whether a player with `rating` and `rated_games` in the tournament's
/// pool may enter `settings`'s tournament; the refusal says why not.
pub(crate) fn check_entry(
    settings: &TournamentSettings,
    rating: f64,
    rated_games: u32,
) -> Result<(), ServerError> {
    if let Some(min) = settings.min_rating
        && rating < min
    {
        return Err(ServerError::TournamentRefused(format!(
            "this tournament takes players rated {min:.0} or more; you are rated {rating:.0}"
        )));
    }
    if let Some(min) = settings.min_rated_games
        && rated_games < min
    {
        return Err(ServerError::TournamentRefused(format!(
            "this tournament takes players with {min} rated games or more in its game and speed; you have {rated_games}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
