//! An arena's life as its director runs it: players join (and leave) while
//! it is open, the players waiting are paired whenever the director asks
//! (each with someone near him in the standings, [`pair_waiting`]; two who
//! just played each other wait for someone else while any match is under
//! way; who moves first is whoever has moved first less often), each
//! match's result is recorded as it ends, and at its end time the arena
//! closes: nobody is paired any more, and the matches under way are
//! played out and still count. As for a Swiss, each step is decided from
//! the arena as it stands and then applied, so that stored steps rebuild
//! it; the time comes from the caller (the server's clock), never from
//! here.

use super::{ArenaMatch, ArenaScore, Waiting, arena_score, pair_waiting};
use crate::swiss::{MatchResult, PlayerId};
use serde::{Deserialize, Serialize};

/// One step of an arena's life.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// A player entered, with his rating in the arena's pool.
    Joined {
        /// Who.
        player: PlayerId,
        /// His rating, for ranking equal points.
        rating: i32,
    },
    /// A player left: he is paired no more (a match under way is played
    /// out; his points stay on the leaderboard).
    Left {
        /// Who.
        player: PlayerId,
    },
    /// Players waiting were paired, each pair (higher ranked, lower).
    Paired {
        /// The new matches.
        pairs: Vec<(PlayerId, PlayerId)>,
    },
    /// A match ended.
    Ended {
        /// The pair as it was paired.
        pair: (PlayerId, PlayerId),
        /// How it ended for the pair's first player.
        result: MatchResult,
        /// Whether each of them played it on half his clock.
        berserk: [bool; 2],
    },
    /// The arena's time is up: nobody is paired any more.
    Closed,
}

/// Why a step is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ArenaError {
    /// He is in already.
    #[error("player {0} is in this arena already")]
    AlreadyIn(PlayerId),
    /// He is not in the arena.
    #[error("player {0} is not in this arena")]
    NotIn(PlayerId),
    /// The arena's time is up.
    #[error("this arena is over: its last matches are being played out")]
    Closed,
    /// Its time is not up yet.
    #[error("this arena goes on until {0} ms")]
    NotYet(u64),
    /// No such match is being played.
    #[error("players {0} and {1} are not playing each other here")]
    NoSuchMatch(PlayerId, PlayerId),
}

/// One player of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Player {
    id: PlayerId,
    rating: i32,
    matches: Vec<ArenaMatch>,
    last_opponent: Option<PlayerId>,
    /// Whether he takes part (he has not left).
    present: bool,
    /// The matches in which he moved first.
    firsts: u32,
}

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Who.
    pub player: PlayerId,
    /// His score: points, whether he is on fire, each match's points.
    pub score: ArenaScore,
    /// He left (he is paired no more; his points stand).
    pub left: bool,
    /// He is playing a match now.
    pub playing: bool,
}

/// An arena as its steps have made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaEvent {
    /// When it closes, in milliseconds by the caller's clock.
    ends_at_ms: u64,
    players: Vec<Player>,
    /// The matches being played, as paired.
    playing: Vec<(PlayerId, PlayerId)>,
    closed: bool,
}

impl ArenaEvent {
    /// An arena nobody has joined yet, closing at `ends_at_ms`.
    pub fn new(ends_at_ms: u64) -> ArenaEvent {
        ArenaEvent {
            ends_at_ms,
            players: Vec::new(),
            playing: Vec::new(),
            closed: false,
        }
    }

    /// Whether its time is up.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// When it closes.
    pub fn ends_at_ms(&self) -> u64 {
        self.ends_at_ms
    }

    /// Whether `player` is in it (he joined and has not left).
    pub fn is_in(&self, player: PlayerId) -> bool {
        self.player(player).is_some_and(|p| p.present)
    }

    /// How many have ever joined.
    pub fn entrants(&self) -> usize {
        self.players.len()
    }

    /// The matches being played.
    pub fn playing(&self) -> &[(PlayerId, PlayerId)] {
        &self.playing
    }

    fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    fn is_playing(&self, id: PlayerId) -> bool {
        self.playing.iter().any(|&(a, b)| a == id || b == id)
    }

    /// `player`, rated `rating`, asks to enter.
    pub fn join(&self, player: PlayerId, rating: i32) -> Result<Step, ArenaError> {
        if self.closed {
            return Err(ArenaError::Closed);
        }
        if self.player(player).is_some_and(|p| p.present) {
            return Err(ArenaError::AlreadyIn(player));
        }
        Ok(Step::Joined { player, rating })
    }

    /// `player` asks to leave.
    pub fn leave(&self, player: PlayerId) -> Result<Step, ArenaError> {
        match self.player(player) {
            Some(p) if p.present => Ok(Step::Left { player }),
            _ => Err(ArenaError::NotIn(player)),
        }
    }

    /// Pair the players waiting now whom `can_play` says can play (the
    /// server leaves out those not connected); none if fewer than two
    /// wait. Two who just played each other are not paired again while
    /// any other match is under way: one of them may end and bring them
    /// someone new. Each pair is (first mover, second): whoever has moved
    /// first in fewer matches, the higher ranked if equal.
    pub fn pair(&self, can_play: impl Fn(PlayerId) -> bool) -> Result<Step, ArenaError> {
        if self.closed {
            return Err(ArenaError::Closed);
        }
        let waiting: Vec<Waiting> = self
            .players
            .iter()
            .filter(|p| p.present && !self.is_playing(p.id) && can_play(p.id))
            .map(|p| Waiting {
                id: p.id,
                points: arena_score(&p.matches).points,
                rating: p.rating,
                last_opponent: p.last_opponent,
            })
            .collect();
        let others_playing = !self.playing.is_empty();
        let firsts = |id| self.player(id).map_or(0, |p| p.firsts);
        let pairs = pair_waiting(&waiting)
            .into_iter()
            .filter(|&(a, b)| {
                let again = self.player(a).and_then(|p| p.last_opponent) == Some(b)
                    || self.player(b).and_then(|p| p.last_opponent) == Some(a);
                !(again && others_playing)
            })
            .map(|(a, b)| {
                if firsts(b) < firsts(a) {
                    (b, a)
                } else {
                    (a, b)
                }
            })
            .collect();
        Ok(Step::Paired { pairs })
    }

    /// The match of `pair` ended with `result` for its first player.
    pub fn end_match(
        &self,
        pair: (PlayerId, PlayerId),
        result: MatchResult,
        berserk: [bool; 2],
    ) -> Result<Step, ArenaError> {
        if !self.playing.contains(&pair) {
            return Err(ArenaError::NoSuchMatch(pair.0, pair.1));
        }
        Ok(Step::Ended {
            pair,
            result,
            berserk,
        })
    }

    /// Close the arena, its time being `now_ms`.
    pub fn close(&self, now_ms: u64) -> Result<Step, ArenaError> {
        if self.closed {
            return Err(ArenaError::Closed);
        }
        if now_ms < self.ends_at_ms {
            return Err(ArenaError::NotYet(self.ends_at_ms));
        }
        Ok(Step::Closed)
    }

    /// Apply a step decided above (or read back from the journal).
    pub fn apply(&mut self, step: Step) {
        match step {
            Step::Joined { player, rating } => {
                match self.players.iter_mut().find(|p| p.id == player) {
                    // Back after leaving: his points stand.
                    Some(back) => back.present = true,
                    None => self.players.push(Player {
                        id: player,
                        rating,
                        matches: Vec::new(),
                        last_opponent: None,
                        present: true,
                        firsts: 0,
                    }),
                }
            }
            Step::Left { player } => {
                if let Some(p) = self.players.iter_mut().find(|p| p.id == player) {
                    p.present = false;
                }
            }
            Step::Paired { pairs } => {
                for &(first, _) in &pairs {
                    if let Some(p) = self.players.iter_mut().find(|p| p.id == first) {
                        p.firsts += 1;
                    }
                }
                self.playing.extend(pairs);
            }
            Step::Ended {
                pair,
                result,
                berserk,
            } => {
                self.playing.retain(|&p| p != pair);
                let sides = [
                    (pair.0, pair.1, result, berserk[0]),
                    (pair.1, pair.0, result.opposite(), berserk[1]),
                ];
                for (id, opponent, result, berserk) in sides {
                    if let Some(p) = self.players.iter_mut().find(|p| p.id == id) {
                        p.matches.push(ArenaMatch { result, berserk });
                        p.last_opponent = Some(opponent);
                    }
                }
            }
            Step::Closed => self.closed = true,
        }
    }

    /// The leaderboard: most points first, then the higher rated.
    pub fn leaderboard(&self) -> Vec<Standing> {
        let mut lines: Vec<(i32, Standing)> = self
            .players
            .iter()
            .map(|p| {
                let standing = Standing {
                    player: p.id,
                    score: arena_score(&p.matches),
                    left: !p.present,
                    playing: self.is_playing(p.id),
                };
                (p.rating, standing)
            })
            .collect();
        lines.sort_by_key(|(rating, s)| (std::cmp::Reverse((s.score.points, *rating)), s.player));
        lines.into_iter().map(|(_, standing)| standing).collect()
    }
}

#[cfg(test)]
mod tests;
