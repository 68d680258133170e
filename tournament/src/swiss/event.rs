//! A Swiss event's life as its director runs it: players join and
//! withdraw until it starts (and may join late until round 2 is paired),
//! pause and come back; a round is paired once the last one's results are
//! all in, each board's result is recorded as its match ends, and the
//! event is over when its last round's results are in. Each step is first
//! decided from the event as it stands (a [`Step`], or a refusal that says
//! why) and then applied: the server stores the step in its journal
//! between the two, so that applying the stored steps again rebuilds the
//! event exactly (decide, store, apply, as a match does).

use super::dutch::{Pairing, PairingError, RoundToPair, pair_round};
use super::history::{Entrant, PlayerId, Round};
use super::results::{BoardResult, record_round};
use super::standings::{Line, standings};
use serde::{Deserialize, Serialize};

/// What the director chose when he made the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// How many rounds it has.
    pub rounds: u32,
    /// Players may join until this round is paired (2: during round 1,
    /// with no points for it).
    pub join_until_round: u32,
    /// Whether the odd pairing numbers move first in round 1 (drawn by
    /// lot when the event is made).
    pub initial_first: bool,
}

/// One step of an event's life, decided and then applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// A player entered.
    Joined {
        /// Who.
        player: PlayerId,
    },
    /// A player left: before the start he is out; after it he is paired no
    /// more (his rounds stay, and count for his opponents' tie-breaks).
    Withdrew {
        /// Who.
        player: PlayerId,
    },
    /// A player sits out the rounds paired from now on, without points.
    Paused {
        /// Who.
        player: PlayerId,
    },
    /// A paused player is paired again.
    Back {
        /// Who.
        player: PlayerId,
    },
    /// The next round's pairing.
    Paired {
        /// Its boards and its bye.
        pairing: Pairing,
    },
    /// A board of the round being played ended.
    Ended {
        /// Its place in the round's pairing.
        board: usize,
        /// How.
        result: BoardResult,
    },
}

/// Why a step is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EventError {
    /// He entered already.
    #[error("player {0} is in this event already")]
    AlreadyIn(PlayerId),
    /// He is not in the event (or withdrew).
    #[error("player {0} is not in this event")]
    NotIn(PlayerId),
    /// The event has gone too far to join.
    #[error("players join this event until round {0} is paired")]
    TooLate(u32),
    /// Every round has been paired.
    #[error("the event has no round left to pair")]
    NoRoundLeft,
    /// The round being played has results still to come.
    #[error("round {0} is still being played")]
    RoundUnderWay(u32),
    /// No round is being played, or it has no such board.
    #[error("no board {0} is being played")]
    NoSuchBoard(usize),
    /// That board's result is in already.
    #[error("board {0}'s result is in already")]
    AlreadyEnded(usize),
    /// Nobody is there to pair.
    #[error("fewer than two players are there to pair")]
    TooFewPlayers,
    /// The pairing could not be made.
    #[error(transparent)]
    Pairing(#[from] PairingError),
}

/// The round being played: its pairing, and the results in so far.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Playing {
    pairing: Pairing,
    results: Vec<Option<BoardResult>>,
}

/// A Swiss event as its steps have made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissEvent {
    settings: Settings,
    /// In pairing-number order (the order they joined).
    entrants: Vec<Entrant>,
    /// Those who withdrew after the start (their rounds stay).
    withdrawn: Vec<PlayerId>,
    /// How many rounds have been paired.
    paired: u32,
    playing: Option<Playing>,
}

impl SwissEvent {
    /// An event nobody has joined yet.
    pub fn new(settings: Settings) -> SwissEvent {
        SwissEvent {
            settings,
            entrants: Vec::new(),
            withdrawn: Vec::new(),
            paired: 0,
            playing: None,
        }
    }

    /// Its settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Its players, in pairing-number order, with their rounds so far.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// How many rounds have been paired (the round being played, if one is).
    pub fn round(&self) -> u32 {
        self.paired
    }

    /// The round being played: its pairing, and each board's result so far.
    pub fn playing(&self) -> Option<(&Pairing, &[Option<BoardResult>])> {
        self.playing
            .as_ref()
            .map(|p| (&p.pairing, p.results.as_slice()))
    }

    /// Whether every round has been played.
    pub fn is_over(&self) -> bool {
        self.paired == self.settings.rounds && self.playing.is_none()
    }

    /// The standings now (`games`: games per match, for the dummy
    /// opponent's games' points).
    pub fn standings(&self, games: u8) -> Vec<Line> {
        standings(&self.entrants, games)
    }

    fn entrant(&self, player: PlayerId) -> Result<&Entrant, EventError> {
        self.entrants
            .iter()
            .find(|e| e.id == player && !self.withdrawn.contains(&player))
            .ok_or(EventError::NotIn(player))
    }

    /// `player` asks to enter.
    pub fn join(&self, player: PlayerId) -> Result<Step, EventError> {
        if self.entrants.iter().any(|e| e.id == player) {
            return Err(EventError::AlreadyIn(player));
        }
        if self.paired >= self.settings.join_until_round {
            return Err(EventError::TooLate(self.settings.join_until_round));
        }
        Ok(Step::Joined { player })
    }

    /// `player` asks to leave.
    pub fn withdraw(&self, player: PlayerId) -> Result<Step, EventError> {
        self.entrant(player)?;
        Ok(Step::Withdrew { player })
    }

    /// `player` asks to sit out the next rounds.
    pub fn pause(&self, player: PlayerId) -> Result<Step, EventError> {
        self.entrant(player)?;
        Ok(Step::Paused { player })
    }

    /// A paused `player` asks to be paired again.
    pub fn come_back(&self, player: PlayerId) -> Result<Step, EventError> {
        self.entrant(player)?;
        Ok(Step::Back { player })
    }

    /// The next round's pairing, once the last round's results are in.
    pub fn pair_next(&self) -> Result<Step, EventError> {
        if self.playing.is_some() {
            return Err(EventError::RoundUnderWay(self.paired));
        }
        if self.paired >= self.settings.rounds {
            return Err(EventError::NoRoundLeft);
        }
        if self.entrants.iter().filter(|e| e.available).count() < 2 {
            return Err(EventError::TooFewPlayers);
        }
        let round = RoundToPair {
            round: self.paired + 1,
            rounds: self.settings.rounds,
            initial_first: self.settings.initial_first,
        };
        let pairing = pair_round(&self.entrants, round)?;
        Ok(Step::Paired { pairing })
    }

    /// Board `board` of the round being played ended with `result`.
    pub fn end_board(&self, board: usize, result: BoardResult) -> Result<Step, EventError> {
        let playing = self
            .playing
            .as_ref()
            .ok_or(EventError::NoSuchBoard(board))?;
        match playing.results.get(board) {
            None => Err(EventError::NoSuchBoard(board)),
            Some(Some(_)) => Err(EventError::AlreadyEnded(board)),
            Some(None) => Ok(Step::Ended { board, result }),
        }
    }

    /// Apply a step decided above (or read back from the journal, where
    /// only decided steps are stored).
    pub fn apply(&mut self, step: Step) {
        match step {
            Step::Joined { player } => {
                let mut entrant = Entrant::new(player);
                // The rounds recorded before he came, without points; the
                // one being played is recorded for him as absent with it.
                let recorded = self.paired - u32::from(self.playing.is_some());
                entrant.rounds = vec![Round::Absent; recorded as usize];
                self.entrants.push(entrant);
            }
            Step::Withdrew { player } if self.paired == 0 => {
                self.entrants.retain(|e| e.id != player);
            }
            Step::Withdrew { player } => {
                self.set_available(player, false);
                self.withdrawn.push(player);
            }
            Step::Paused { player } => self.set_available(player, false),
            Step::Back { player } => self.set_available(player, true),
            Step::Paired { pairing } => {
                self.paired += 1;
                self.playing = Some(Playing {
                    results: vec![None; pairing.boards.len()],
                    pairing,
                });
            }
            Step::Ended { board, result } => {
                let Some(playing) = &mut self.playing else {
                    return;
                };
                if let Some(slot) = playing.results.get_mut(board) {
                    *slot = Some(result);
                }
                if playing.results.iter().all(Option::is_some) {
                    let Playing { pairing, results } = playing.clone();
                    record_round(&mut self.entrants, &pairing, |board| {
                        let at = pairing.boards.iter().position(|b| b == board);
                        at.and_then(|at| results[at])
                            .unwrap_or(BoardResult::Forfeit { first_came: true })
                    });
                    self.playing = None;
                }
            }
        }
    }

    fn set_available(&mut self, player: PlayerId, available: bool) {
        if let Some(entrant) = self.entrants.iter_mut().find(|e| e.id == player) {
            entrant.available = available;
        }
    }
}

#[cfg(test)]
mod tests;
