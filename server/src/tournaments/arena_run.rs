//! An arena's own part (docs/TOURNAMENTS.md): the `tournament` crate's
//! arena event (entries, who is playing whom, scores) and every match it
//! paired, with its result. [`super::Tournament`] holds it beside what
//! every tournament has (settings, names) and dispatches to it.

use super::shared::{Names, Next, board_result, refused, shown_result};
use super::stored::Stored;
use crate::error::ServerError;
use crate::game::Played;
use protocol::wire::{ArenaLine, ArenaMatchView, MatchId, PlayerId, PlayerRef, TournamentStage};
use tournament::arena::{self, ArenaError, ArenaEvent};
use tournament::swiss::{BoardResult, MatchResult};

/// The most matches one arena pairs: past it, nobody is paired any more
/// (a bound on its memory and its journal; a 12-hour arena of 1-minute
/// matches between 20 players stays well under it).
pub(super) const MOST_MATCHES: usize = 20_000;

/// How many ended matches, and marks per player, the view shows.
const SHOWN: usize = 30;

/// One match the arena paired.
#[derive(Clone, Debug)]
struct ArenaBoard {
    /// First mover, second.
    pair: (u64, u64),
    match_id: Option<MatchId>,
    result: Option<BoardResult>,
    berserk: [bool; 2],
}

/// An arena as its steps have made it.
#[derive(Clone, Debug)]
pub(super) struct ArenaRun {
    event: ArenaEvent,
    /// Its start has come (players are paired from then on).
    opened: bool,
    boards: Vec<ArenaBoard>,
}

impl ArenaRun {
    pub(super) fn new(ends_at_ms: u64) -> ArenaRun {
        ArenaRun {
            event: ArenaEvent::new(ends_at_ms),
            opened: false,
            boards: Vec::new(),
        }
    }

    pub(super) fn ends_at_ms(&self) -> u64 {
        self.event.ends_at_ms()
    }

    /// Its time is up and its last match is over.
    pub(super) fn is_over(&self) -> bool {
        self.event.is_closed() && self.event.playing().is_empty()
    }

    /// Whether `player` is in it now.
    pub(super) fn is_in(&self, player: PlayerId) -> bool {
        self.event.is_in(player.0)
    }

    /// What its timer finds to do at `now`: the opening at its start, the
    /// close at its end, and meanwhile a pairing of those waiting whom
    /// `can_play` says can play, or a look again at the next wave
    /// (`wave_ms` on).
    pub(super) fn due(
        &self,
        starts_at_ms: u64,
        now: u64,
        wave_ms: u64,
        can_play: impl Fn(u64) -> bool,
    ) -> Next {
        if self.event.is_closed() {
            return Next::Idle;
        }
        if now < starts_at_ms {
            return Next::At(starts_at_ms);
        }
        if !self.opened {
            return Next::step(Stored::ArenaOpened);
        }
        if now >= self.ends_at_ms() {
            return Next::step(Stored::Closed);
        }
        if self.boards.len() < MOST_MATCHES
            && let Ok(arena::Step::Paired { pairs }) = self.event.pair(can_play)
            && !pairs.is_empty()
        {
            let room = MOST_MATCHES - self.boards.len();
            let pairs = pairs.into_iter().take(room).collect();
            return Next::step(Stored::ArenaPaired { pairs });
        }
        Next::At(self.ends_at_ms().min(now.saturating_add(wave_ms.max(1))))
    }

    /// The match `match_id`'s board, while it is being played.
    pub(super) fn board_of(&self, match_id: MatchId) -> Option<usize> {
        self.boards
            .iter()
            .position(|b| b.match_id == Some(match_id) && b.result.is_none())
    }

    /// The matches started and not over.
    pub(super) fn live_boards(&self) -> Vec<(usize, MatchId)> {
        self.boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.result.is_none())
            .filter_map(|(board, b)| b.match_id.map(|m| (board, m)))
            .collect()
    }

    /// The boards paired whose match has not started, with their players'
    /// ids (first mover first).
    pub(super) fn unstarted_boards(&self) -> Vec<(usize, [u64; 2])> {
        self.boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.match_id.is_none() && b.result.is_none())
            .map(|(board, b)| (board, [b.pair.0, b.pair.1]))
            .collect()
    }

    /// `player`, rated `rating`, enters (again, if he left).
    pub(super) fn join(&self, player: &PlayerRef, rating: i32) -> Result<Stored, ServerError> {
        self.event
            .join(player.id.0, rating)
            .map_err(arena_refusal)?;
        Ok(Stored::Joined {
            player: player.clone(),
            rating: Some(rating),
        })
    }

    /// `player` leaves.
    pub(super) fn leave(&self, player: PlayerId) -> Result<Stored, ServerError> {
        self.event.leave(player.0).map_err(arena_refusal)?;
        Ok(Stored::Withdrew { player })
    }

    /// Board `board`'s result from its match as `played`.
    pub(super) fn end_board(&self, board: usize, played: &Played) -> Result<Stored, ServerError> {
        let b = self
            .boards
            .get(board)
            .filter(|b| b.result.is_none())
            .ok_or_else(|| refused("no such match in this arena"))?;
        let result = board_result(played);
        self.event
            .end_match(b.pair, first_result(result), played.berserked)
            .map_err(arena_refusal)?;
        Ok(Stored::ArenaEnded {
            board,
            result,
            berserk: played.berserked,
        })
    }

    /// `player` is entered, rated `rating`.
    pub(super) fn enter(&mut self, player: u64, rating: i32) {
        self.event.apply(arena::Step::Joined { player, rating });
    }

    /// Take a stored step (the common part is the tournament's).
    pub(super) fn apply(&mut self, step: &Stored) {
        match step {
            Stored::Joined { player, rating } => {
                self.enter(player.id.0, rating.unwrap_or(DEFAULT_RATING));
            }
            Stored::Withdrew { player } => {
                self.event.apply(arena::Step::Left { player: player.0 });
            }
            Stored::ArenaOpened => self.opened = true,
            Stored::ArenaPaired { pairs } => {
                self.boards.extend(pairs.iter().map(|&pair| ArenaBoard {
                    pair,
                    match_id: None,
                    result: None,
                    berserk: [false, false],
                }));
                self.event.apply(arena::Step::Paired {
                    pairs: pairs.clone(),
                });
            }
            Stored::Started { board, match_id } => {
                if let Some(b) = self.boards.get_mut(*board) {
                    b.match_id = Some(*match_id);
                }
            }
            Stored::ArenaEnded {
                board,
                result,
                berserk,
            } => {
                let Some(b) = self.boards.get_mut(*board) else {
                    return;
                };
                b.result = Some(*result);
                b.berserk = *berserk;
                let pair = b.pair;
                self.event.apply(arena::Step::Ended {
                    pair,
                    result: first_result(*result),
                    berserk: *berserk,
                });
                // One who did not come is paired no more: he joins again
                // when he is back.
                if let BoardResult::Forfeit { first_came } = result {
                    let absent = if *first_came { pair.1 } else { pair.0 };
                    if self.event.is_in(absent) {
                        self.event.apply(arena::Step::Left { player: absent });
                    }
                }
            }
            Stored::Closed => self.event.apply(arena::Step::Closed),
            Stored::Created { .. }
            | Stored::Paused { .. }
            | Stored::Back { .. }
            | Stored::Paired { .. }
            | Stored::Ended { .. }
            | Stored::NextRound { .. } => {}
        }
    }

    /// Where it is in its life.
    pub(super) fn stage(&self) -> TournamentStage {
        if self.is_over() {
            TournamentStage::Over
        } else if self.opened {
            TournamentStage::Playing
        } else {
            TournamentStage::Waiting
        }
    }

    /// The leaderboard as everyone sees it.
    pub(super) fn leaderboard(&self, names: &Names) -> Vec<ArenaLine> {
        self.event
            .leaderboard()
            .into_iter()
            .enumerate()
            .map(|(index, line)| {
                let each = &line.score.each;
                ArenaLine {
                    place: index as u32 + 1,
                    player: names.name(line.player),
                    points: line.score.points,
                    on_fire: line.score.on_fire,
                    marks: each[each.len().saturating_sub(SHOWN)..].to_vec(),
                    matches: each.len() as u32,
                    playing: line.playing,
                    left: line.left,
                }
            })
            .collect()
    }

    /// The matches being played, then the last ended, the newest first.
    pub(super) fn matches(&self, names: &Names) -> Vec<ArenaMatchView> {
        let view = |b: &ArenaBoard| ArenaMatchView {
            first: names.name(b.pair.0),
            second: names.name(b.pair.1),
            match_id: b.match_id,
            result: b.result.map(shown_result),
            berserk: b.berserk,
        };
        let playing = self.boards.iter().rev().filter(|b| b.result.is_none());
        let ended = self.boards.iter().rev().filter(|b| b.result.is_some());
        playing.chain(ended.take(SHOWN)).map(view).collect()
    }
}

/// The rating of one entered without one (an untimed arena's players, the
/// computers a casual arena is created with): Glicko's start.
pub(crate) const DEFAULT_RATING: i32 = 1500;

/// How a board ended for its first mover.
fn first_result(result: BoardResult) -> MatchResult {
    match result {
        BoardResult::Played { first, .. } => first,
        BoardResult::Forfeit { first_came: true } => MatchResult::Win,
        BoardResult::Forfeit { first_came: false } => MatchResult::Loss,
    }
}

fn arena_refusal(error: ArenaError) -> ServerError {
    ServerError::TournamentRefused(error.to_string())
}
