//! Applying an event: the one function that changes a match, used alike
//! for events the match just decided (once they are stored) and for events
//! read back from the journal. It checks that the event fits the match
//! (and that the results it states are the ones the rules give), moves the
//! state on, and says what the event led to.

use super::{GameState, MatchState, ReplayError, match_winner, points, scored};
use crate::game::event::{After, EventKind, MatchEvent, Told};
use crate::game::game_clock::GameClock;
use protocol::rules::{Game, Move, MoveError, MoveEvent};
use protocol::wire::{GameEndReason, GameOutcome};

fn misplaced(version: u64, why: impl Into<String>) -> ReplayError {
    ReplayError::Misplaced {
        version,
        why: why.into(),
    }
}

impl MatchState {
    /// Apply the next event: the state moves on, and the told event says
    /// what it led to. An event that cannot happen here (or whose stated
    /// results differ from what happens) changes nothing and is refused.
    pub(crate) fn apply(&mut self, event: MatchEvent) -> Result<Told, ReplayError> {
        let version = self.version + 1;
        if event.version != version {
            return Err(misplaced(
                event.version,
                format!("expected event {version}"),
            ));
        }
        let now = event.at_us / 1000;
        let mut steps = Vec::new();
        let mut label = None;
        match &event.kind {
            EventKind::MatchStarted {
                match_id,
                players,
                settings,
                timing,
                ratings,
            } => {
                let same = *match_id == self.id
                    && *players == self.players
                    && *settings == self.settings
                    && *timing == self.timing
                    && *ratings == self.ratings;
                if self.version != 0 || !same {
                    return Err(misplaced(version, "match_started after the start"));
                }
            }
            EventKind::GameStarted { game, first } => {
                self.start_game(version, *game, *first, now)?
            }
            EventKind::MovePlayed {
                game,
                ply,
                seat,
                house,
            } => (steps, label) = self.play(version, *game, *ply, *seat, *house, now)?,
            EventKind::Berserked { seat } => {
                if !self.may_berserk(*seat) {
                    return Err(misplaced(version, "a berserk while none may be made"));
                }
                self.berserked[seat.index()] = true;
                if let Some(clock) = &mut self.clock {
                    clock.berserk(*seat);
                }
            }
            EventKind::DrawOffered { seat } => {
                if self.live_game().is_err() || self.draw_offer.is_some() {
                    return Err(misplaced(version, "a draw offer while none may be made"));
                }
                self.draw_offer = Some(*seat);
            }
            EventKind::DrawOfferEnded { seat, .. } => {
                if self.draw_offer != Some(*seat) {
                    return Err(misplaced(version, "the end of a draw offer never made"));
                }
                self.draw_offer = None;
            }
            EventKind::PlayerLeft { seat } => self.absent_since[seat.index()] = Some(now),
            EventKind::PlayerReturned { seat } => self.absent_since[seat.index()] = None,
            EventKind::ServerRestarted {
                paused_ms,
                grace_ms,
            } => {
                if self.version == 0 {
                    return Err(misplaced(version, "a restart before the start"));
                }
                if let Some(clock) = &mut self.clock {
                    clock.pause(*paused_ms);
                }
                // Nobody is connected yet; absence counts once the grace is over.
                self.absent_since = [Some(now + grace_ms); 2];
            }
            EventKind::GameEnded {
                game,
                outcome,
                points,
            } => self.end_game(version, *game, *outcome, *points, now)?,
            EventKind::MatchEnded {
                reason,
                points: stated,
                winner,
                ratings,
            } => {
                if self.ended.is_some() {
                    return Err(misplaced(version, "the match ends twice"));
                }
                if (points(self.halves), match_winner(self.halves, *reason)) != (*stated, *winner) {
                    return Err(ReplayError::Diverged { version });
                }
                if let Some(clock) = &mut self.clock {
                    clock.stop(now);
                }
                self.ended = Some(*reason);
                self.rated = *ratings;
            }
            EventKind::RematchOffered { seat } => {
                if self.ended.is_none() || self.rematch_offer.is_some() {
                    return Err(misplaced(version, "a rematch offer while none may be made"));
                }
                self.rematch_offer = Some(*seat);
            }
            EventKind::RematchDeclined | EventKind::RematchAgreed { .. } => {
                if self.rematch_offer.is_none() {
                    return Err(misplaced(version, "answering a rematch never offered"));
                }
                self.rematch_offer = None;
            }
        }
        self.version = version;
        self.last_at_us = event.at_us;
        let after = self.after(steps, label, now);
        Ok(Told { event, after })
    }

    fn start_game(
        &mut self,
        version: u64,
        game: u8,
        first: protocol::wire::Seat,
        now: u64,
    ) -> Result<(), ReplayError> {
        let number = self.games.len() + 1;
        if self.ended.is_some()
            || self.current().is_some_and(|g| g.outcome.is_none())
            || number > usize::from(self.settings.games)
            || usize::from(game) != number
        {
            return Err(misplaced(version, "a game starts while none may"));
        }
        self.clock = GameClock::start(
            self.settings.time_control,
            self.timing.lag_allowance_ms,
            self.timing.first_move_ms,
            first,
            now,
        );
        if let Some(clock) = &mut self.clock {
            for seat in protocol::wire::Seat::BOTH {
                if self.berserked[seat.index()] {
                    clock.berserk(seat);
                }
            }
        }
        self.games.push(GameState {
            number: game,
            first,
            game: Game::new(self.settings.ruleset),
            moves: Vec::new(),
            labels: Vec::new(),
            outcome: None,
        });
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        version: u64,
        game: u8,
        ply: u32,
        seat: protocol::wire::Seat,
        house: u8,
        now: u64,
    ) -> Result<(Vec<MoveEvent>, Option<String>), ReplayError> {
        if self.ended.is_some() {
            return Err(misplaced(version, "a move after the end"));
        }
        let Some(state) = self.games.last_mut().filter(|g| g.outcome.is_none()) else {
            return Err(misplaced(version, "a move between games"));
        };
        if (state.number, state.moves.len() as u32 + 1) != (game, ply) {
            return Err(misplaced(version, "a move of another game or ply"));
        }
        if state.to_move() != Some(seat) {
            return Err(misplaced(version, "a move out of turn"));
        }
        let refused = |e: MoveError| misplaced(version, e.to_string());
        let mv = Move::from_number(i64::from(house)).map_err(refused)?;
        let before = *state.game.position();
        let steps = state.game.play(mv).map_err(refused)?;
        let label = self
            .settings
            .ruleset
            .is_togyz()
            .then(|| before.played_label(mv, &steps, state.game.position()));
        state.moves.push((seat, house));
        state.labels.extend(label.clone());
        let next = state.to_move();
        if let Some(clock) = &mut self.clock {
            clock.moved(seat, next, now);
        }
        Ok((steps, label))
    }

    fn end_game(
        &mut self,
        version: u64,
        game: u8,
        outcome: GameOutcome,
        stated: [f64; 2],
        now: u64,
    ) -> Result<(), ReplayError> {
        let total = self.settings.games;
        let live = self
            .live_game()
            .ok()
            .map(|g| (g.number, g.game.position().stores()));
        let Some((number, stores)) = live.filter(|(number, _)| *number == game) else {
            return Err(misplaced(version, "a game ends while none is played"));
        };
        let halves = scored(self.halves, number, total, outcome.reason, outcome.winner);
        if stores != outcome.stores || points(halves) != stated {
            return Err(ReplayError::Diverged { version });
        }
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.draw_offer = None;
        self.halves = halves;
        if let Some(state) = self.games.last_mut() {
            state.outcome = Some(outcome);
        }
        // An absent player who lost on his absence gets a whole period
        // again in the next game.
        if matches!(
            outcome.reason,
            GameEndReason::Claimed | GameEndReason::Abandoned
        ) && let Some(loser) = outcome.winner.map(protocol::wire::Seat::opponent)
            && self.absent_since[loser.index()].is_some()
        {
            self.absent_since[loser.index()] = Some(now);
        }
        Ok(())
    }

    /// What the match shows now, after an event whose move (if any) had
    /// `steps` and, in a Kazakh game, `label`.
    fn after(&self, steps: Vec<MoveEvent>, label: Option<String>, now: u64) -> After {
        let (position, legal) = match self.current() {
            Some(g) => (
                g.game.position().board(),
                g.game.position().legal_moves().numbers(),
            ),
            None => (
                Game::new(self.settings.ruleset).position().board(),
                Vec::new(),
            ),
        };
        After {
            steps,
            label,
            position,
            legal,
            next: self.current().and_then(GameState::to_move),
            clocks: self.clock.as_ref().map(|c| c.view(now)),
        }
    }
}
