//! Deciding a request: what it would do, read from the match and changing
//! nothing. The answer is the numbered events to store and then apply (or
//! why the request is refused); a request whose events cannot be stored
//! therefore leaves nothing to undo.

use super::{Action, GameState, MatchState, match_winner, points, scored};
use crate::error::MatchError;
use crate::game::event::{EventKind, MatchEvent};
use protocol::rules::{Move, MoveError, Status};
use protocol::wire::{
    DrawOfferEnd, GameEndReason, GameOutcome, MatchEndReason, MatchId, MatchSettings, PlayerRef,
    Seat,
};

/// What may be asked of a match.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Request {
    /// `seat` sows `house` as ply `ply` of game `game`.
    Move {
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
    },
    /// A player's request other than a move.
    Act { seat: Seat, action: Action },
    /// After the match: offer (`accept: None`), accept or decline a rematch.
    Rematch { seat: Seat, accept: Option<bool> },
    /// A player's connection dropped (`present: false`) or came back.
    Presence { seat: Seat, present: bool },
    /// The server restarted with this match live; players have `grace_ms`
    /// to come back before the absence rules apply to them.
    Restarted { grace_ms: u64 },
    /// Look at the time: a flag may have fallen, an absent real-time
    /// player may have stayed away too long.
    Clock,
    /// The agreed rematch started as `rematch_id`.
    RematchStarted { rematch_id: MatchId },
}

/// What a request does.
#[derive(Debug, PartialEq)]
pub(crate) enum Decision {
    /// These events, to be stored and then applied (none: nothing happens).
    Events(Vec<MatchEvent>),
    /// The same move (game, ply, house, seat) was accepted before; nothing changes.
    Duplicate,
    /// Both want a rematch: a new match between these seats (swapped) with
    /// the same settings. Nothing is recorded until it has started
    /// ([`Request::RematchStarted`]), so a rematch that cannot start leaves
    /// the offer standing.
    RematchAgreed([PlayerRef; 2], MatchSettings),
}

impl MatchState {
    /// What `request` does at `now_us` (the stamp of its events), or why it
    /// is refused. Reads only.
    pub(crate) fn decide(&self, request: Request, now_us: u64) -> Result<Decision, MatchError> {
        let mut draft = Draft::new(self, now_us);
        match request {
            Request::Move {
                seat,
                game,
                ply,
                house,
            } => {
                let played = self.played_before(game, ply);
                if played == Some((seat, house)) {
                    return Ok(Decision::Duplicate);
                }
                self.decide_move(&mut draft, seat, game, ply, house, played)?;
            }
            Request::Act { seat, action } => self.decide_act(&mut draft, seat, action)?,
            Request::Rematch { seat, accept } => {
                if let Some(agreed) = self.decide_rematch(&mut draft, seat, accept)? {
                    return Ok(agreed);
                }
            }
            Request::Presence { seat, present } => {
                let away = self.absent_since[seat.index()].is_some();
                if self.ended.is_none() && away == present {
                    draft.push(if present {
                        EventKind::PlayerReturned { seat }
                    } else {
                        EventKind::PlayerLeft { seat }
                    });
                }
            }
            Request::Restarted { grace_ms } => {
                // Stamped no earlier than the last event, whatever the wall clock did.
                draft.at_us = now_us.max(self.last_at_us);
                let paused_ms = draft.at_us.saturating_sub(self.last_at_us) / 1000;
                draft.push(EventKind::ServerRestarted {
                    paused_ms,
                    grace_ms,
                });
            }
            Request::Clock => self.decide_time(&mut draft),
            Request::RematchStarted { rematch_id } => {
                if self.rematch_offer.is_some() {
                    draft.push(EventKind::RematchAgreed { rematch_id });
                }
            }
        }
        Ok(Decision::Events(draft.events))
    }

    /// The seat and house of ply `ply` of game `game`, if it was played.
    fn played_before(&self, game: u8, ply: u32) -> Option<(Seat, u8)> {
        let state = self.games.get(usize::from(game).checked_sub(1)?)?;
        state.moves.get((ply as usize).checked_sub(1)?).copied()
    }

    /// A move that was not accepted before; `played`: the seat and house
    /// already played at this game and ply, if any.
    fn decide_move(
        &self,
        draft: &mut Draft,
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        played: Option<(Seat, u8)>,
    ) -> Result<(), MatchError> {
        if self.ended.is_some() {
            return Err(MatchError::MatchOver);
        }
        let Some(state) = usize::from(game)
            .checked_sub(1)
            .and_then(|index| self.games.get(index))
        else {
            return Err(MatchError::WrongGame {
                game,
                current: self.games.len(),
            });
        };
        if let Some((_, house)) = played {
            return Err(MatchError::StalePly { game, ply, house });
        }
        if state.outcome.is_some() {
            return Err(MatchError::GameOver(game));
        }
        let next = state.moves.len() as u32 + 1;
        if ply != next {
            return Err(MatchError::WrongPly { game, next });
        }
        if state.to_move() != Some(seat) {
            return Err(MatchError::NotYourTurn);
        }
        let houses = self.settings.ruleset.houses();
        if house == 0 || usize::from(house) > houses {
            return Err(MatchError::IllegalMove(MoveError::HouseOutOfRange {
                number: house.into(),
                houses,
            }));
        }
        let after = Move::from_number(i64::from(house))
            .and_then(|mv| state.game.position_after(mv))
            .map_err(MatchError::IllegalMove)?;
        if self.draw_offer == Some(seat) {
            // An offer lapses when the offerer moves.
            draft.push(EventKind::DrawOfferEnded {
                seat,
                reason: DrawOfferEnd::Lapsed,
            });
        }
        draft.push(EventKind::MovePlayed {
            game,
            ply,
            seat,
            house,
        });
        if let Status::Over(reason) = after.status() {
            let winner = after
                .result()
                .and_then(|r| r.winner)
                .map(|side| state.seat(side));
            draft.end_game(self, state, reason.into(), winner, after.stores());
        }
        Ok(())
    }

    fn decide_act(&self, draft: &mut Draft, seat: Seat, action: Action) -> Result<(), MatchError> {
        let game = self.live_game()?;
        let untouched = self.games.len() == 1 && game.moves.is_empty();
        let opponent = seat.opponent();
        let (reason, winner) = match action {
            Action::Resign => (GameEndReason::Resign, Some(opponent)),
            Action::Forfeit => (GameEndReason::Forfeit, Some(opponent)),
            Action::Abort if self.timing.tournament => return Err(MatchError::CannotAbort),
            Action::Abort if untouched => {
                let reason = MatchEndReason::Aborted;
                draft.push(EventKind::MatchEnded {
                    reason,
                    points: self.points(),
                    winner: match_winner(self.halves, reason),
                    ratings: None,
                });
                return Ok(());
            }
            Action::Abort => return Err(MatchError::TooLateToAbort),
            Action::DrawOffer => match self.draw_offer {
                Some(offerer) if offerer == seat => {
                    return Err(MatchError::AlreadyOffered("draw"));
                }
                // Both offered: that is an agreement.
                Some(_) => (GameEndReason::DrawAgreed, None),
                None => {
                    draft.push(EventKind::DrawOffered { seat });
                    return Ok(());
                }
            },
            Action::DrawAccept | Action::DrawDecline if self.draw_offer != Some(opponent) => {
                return Err(MatchError::NoDrawOffer);
            }
            Action::DrawAccept => (GameEndReason::DrawAgreed, None),
            Action::DrawDecline => {
                draft.push(EventKind::DrawOfferEnded {
                    seat: opponent,
                    reason: DrawOfferEnd::Declined,
                });
                return Ok(());
            }
            Action::Berserk => {
                if !self.may_berserk(seat) {
                    return Err(MatchError::CannotBerserk);
                }
                draft.push(EventKind::Berserked { seat });
                return Ok(());
            }
            Action::Claim => {
                let now = draft.at_us / 1000;
                let away = self.absent_since[opponent.index()].map(|s| now.saturating_sub(s));
                let allowed = self.settings.time_control.is_real_time()
                    && away.is_some_and(|away| away >= self.timing.claim_after_ms);
                if !allowed {
                    return Err(MatchError::CannotClaim(self.timing.claim_after_ms / 1000));
                }
                (GameEndReason::Claimed, Some(seat))
            }
        };
        let stores = game.game.position().stores();
        draft.end_game(self, game, reason, winner, stores);
        Ok(())
    }

    /// A rematch request: its events go into `draft`, or both agree.
    fn decide_rematch(
        &self,
        draft: &mut Draft,
        seat: Seat,
        accept: Option<bool>,
    ) -> Result<Option<Decision>, MatchError> {
        if self.ended.is_none() {
            return Err(MatchError::MatchNotOver);
        }
        if self.timing.tournament {
            return Err(MatchError::CannotRematch);
        }
        let from_opponent = self.rematch_offer == Some(seat.opponent());
        match accept {
            // An offer, or an offer crossing the opponent's: agreed.
            None | Some(true) if from_opponent => {
                let [a, b] = self.players.clone();
                return Ok(Some(Decision::RematchAgreed([b, a], self.settings)));
            }
            None if self.rematch_offer == Some(seat) => {
                return Err(MatchError::AlreadyOffered("rematch"));
            }
            None => draft.push(EventKind::RematchOffered { seat }),
            Some(_) if !from_opponent => return Err(MatchError::NoRematchOffer),
            Some(_) => draft.push(EventKind::RematchDeclined),
        }
        Ok(None)
    }

    /// The current game ends if the seat to move has run out of time (or,
    /// before the game's first move, of the first-move window) or an absent
    /// player has stayed away past the limit: a loss like any other.
    fn decide_time(&self, draft: &mut Draft) {
        let Ok(game) = self.live_game() else { return };
        let now = draft.at_us / 1000;
        let flagged = self.clock.as_ref().and_then(|c| Some((c.flagged(now)?, c)));
        let loser = if let Some((seat, clock)) = flagged {
            // A first mover who never moved did not start the game.
            let reason = if clock.awaiting_first_move() {
                GameEndReason::NoStart
            } else {
                GameEndReason::Timeout
            };
            Some((seat, reason))
        } else {
            self.abandon_deadline()
                .filter(|&(_, at)| now >= at)
                .map(|(seat, _)| (seat, GameEndReason::Abandoned))
        };
        if let Some((seat, reason)) = loser {
            let stores = game.game.position().stores();
            draft.end_game(self, game, reason, Some(seat.opponent()), stores);
        }
    }
}

/// The events a decision writes, numbered on from the match's version, with
/// the points as they will stand after them.
struct Draft {
    version: u64,
    at_us: u64,
    halves: [u32; 2],
    events: Vec<MatchEvent>,
}

impl Draft {
    fn new(state: &MatchState, at_us: u64) -> Draft {
        Draft {
            version: state.version,
            at_us,
            halves: state.halves,
            events: Vec::new(),
        }
    }

    fn push(&mut self, kind: EventKind) {
        self.version += 1;
        self.events.push(MatchEvent {
            version: self.version,
            at_us: self.at_us,
            kind,
        });
    }

    /// End `game` (the current one), then start the next or end the match.
    fn end_game(
        &mut self,
        state: &MatchState,
        game: &GameState,
        reason: GameEndReason,
        winner: Option<Seat>,
        stores: [u8; 2],
    ) {
        let total = state.settings.games;
        self.halves = scored(self.halves, game.number, total, reason, winner);
        let outcome = GameOutcome {
            reason,
            winner,
            stores,
        };
        self.push(EventKind::GameEnded {
            game: game.number,
            outcome,
            points: points(self.halves),
        });
        let remaining = u32::from(total.saturating_sub(game.number));
        let lead = self.halves[0].abs_diff(self.halves[1]);
        let end = if reason == GameEndReason::Forfeit {
            Some(MatchEndReason::Forfeit)
        } else if remaining == 0 {
            Some(MatchEndReason::Completed)
        } else if state.settings.stop_when_decided && lead > 2 * remaining {
            Some(MatchEndReason::Decided)
        } else {
            None
        };
        match end {
            Some(reason) => self.push(EventKind::MatchEnded {
                reason,
                points: points(self.halves),
                winner: match_winner(self.halves, reason),
                ratings: None,
            }),
            // The first move alternates from game to game.
            None => self.push(EventKind::GameStarted {
                game: game.number + 1,
                first: game.first.opponent(),
            }),
        }
    }
}
