//! A game's two clocks: pure arithmetic over milliseconds that the caller
//! supplies, so flag falls and increments are tested without waiting.
//!
//! **Lag allowance.** Each real-time move is charged the time since the turn
//! began *minus* a fixed allowance (`--lag-allowance-ms`, 500 ms by default),
//! never less than zero, and a player flags only once his remaining time plus
//! that allowance has passed. A player on a slow link therefore loses at most
//! the allowance per move to the network, and a fast player gains at most it.
//! lichess grants up to about one second, measured per move; a fixed, smaller
//! allowance is simpler to reason about and cannot be gamed by faking lag.
//!
//! **Increment** (Fischer) is added after every move, that is every sowing: a
//! player who earns an extra turn gets it again for the next sowing.
//!
//! **Correspondence**: every move has `days_per_move` days, counted from the
//! end of the previous move; no allowance matters at that scale but it is
//! applied alike.
//!
//! Clocks start when a game starts.

use protocol::wire::{Clocks, Seat, TimeControl};

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// The clocks of the game being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameClock {
    control: TimeControl,
    allowance_ms: u64,
    /// By seat: time left at the start of the current turn.
    remaining_ms: [u64; 2],
    running: Option<Seat>,
    /// When the running seat's turn began.
    since_ms: u64,
}

impl GameClock {
    /// The clocks at the start of a game that `first` opens at `now`; `None`
    /// when the match is untimed.
    pub(crate) fn start(
        control: TimeControl,
        allowance_ms: u64,
        first: Seat,
        now: u64,
    ) -> Option<GameClock> {
        let full = match control {
            TimeControl::Untimed => return None,
            TimeControl::RealTime { initial_ms, .. } => initial_ms,
            TimeControl::Correspondence { days_per_move } => u64::from(days_per_move) * DAY_MS,
        };
        Some(GameClock {
            control,
            allowance_ms,
            remaining_ms: [full, full],
            running: Some(first),
            since_ms: now,
        })
    }

    /// When the running seat's time is up (allowance included).
    pub(crate) fn deadline(&self) -> Option<u64> {
        let seat = self.running?;
        Some(self.since_ms + self.remaining_ms[seat.index()] + self.allowance_ms)
    }

    /// The seat whose time is up at `now`, if any.
    pub(crate) fn flagged(&self, now: u64) -> Option<Seat> {
        match self.deadline() {
            Some(deadline) if now >= deadline => self.running,
            _ => None,
        }
    }

    /// `mover` moved at `now`; `next` is to move (or none: the game ended).
    pub(crate) fn moved(&mut self, mover: Seat, next: Option<Seat>, now: u64) {
        let charged = self.charged(now);
        let slot = &mut self.remaining_ms[mover.index()];
        match self.control {
            TimeControl::RealTime { increment_ms, .. } => {
                *slot = slot.saturating_sub(charged);
                if next.is_some() {
                    *slot += increment_ms;
                }
            }
            TimeControl::Correspondence { days_per_move } => {
                // Every move gets the full allowance again.
                *slot = u64::from(days_per_move) * DAY_MS;
            }
            TimeControl::Untimed => {}
        }
        self.running = next;
        self.since_ms = now;
    }

    /// Charge `ms` to nobody: the running turn began that much later (the
    /// server was down), so its clock and deadline move by it.
    pub(crate) fn pause(&mut self, ms: u64) {
        self.since_ms = self.since_ms.saturating_add(ms);
    }

    /// Stop both clocks at `now` (the game ended other than by a move).
    pub(crate) fn stop(&mut self, now: u64) {
        if let Some(seat) = self.running {
            let charged = self.charged(now);
            let slot = &mut self.remaining_ms[seat.index()];
            *slot = slot.saturating_sub(charged);
        }
        self.running = None;
        self.since_ms = now;
    }

    /// The running seat's time charged so far at `now`: the time since his
    /// turn began, less the allowance. A move, the end of a game and the
    /// view all count time this way, so every message agrees.
    fn charged(&self, now: u64) -> u64 {
        now.saturating_sub(self.since_ms)
            .saturating_sub(self.allowance_ms)
    }

    /// What the wire shows at `now`: the running clock counted down by the
    /// time charged so far (what a move made now would cost before its
    /// increment).
    pub(crate) fn view(&self, now: u64) -> Clocks {
        let mut remaining_ms = self.remaining_ms;
        if let Some(seat) = self.running {
            let slot = &mut remaining_ms[seat.index()];
            *slot = slot.saturating_sub(self.charged(now));
        }
        Clocks {
            remaining_ms,
            running: self.running,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLITZ: TimeControl = TimeControl::RealTime {
        initial_ms: 180_000,
        increment_ms: 2_000,
    };

    #[test]
    fn a_move_is_charged_its_time_less_the_allowance_plus_the_increment() {
        let mut clock = GameClock::start(BLITZ, 500, Seat::Zero, 1_000).expect("timed");
        clock.moved(Seat::Zero, Some(Seat::One), 1_000 + 10_000);
        assert_eq!(
            clock.view(11_000).remaining_ms,
            [180_000 - 9_500 + 2_000, 180_000]
        );
        // A move inside the allowance costs nothing and still earns the increment.
        clock.moved(Seat::One, Some(Seat::Zero), 11_000 + 300);
        assert_eq!(clock.view(11_300).remaining_ms[1], 182_000);
        assert_eq!(clock.view(11_300).running, Some(Seat::Zero));
    }

    #[test]
    fn the_view_counts_down_what_a_move_would_be_charged() {
        let mut clock = GameClock::start(BLITZ, 500, Seat::Zero, 0).expect("timed");
        // Mid-turn, the view shows the time less the allowance already used...
        assert_eq!(clock.view(10_000).remaining_ms[0], 180_000 - 9_500);
        // ...which is what the move then costs (before its increment).
        clock.moved(Seat::Zero, Some(Seat::One), 10_000);
        assert_eq!(clock.view(10_000).remaining_ms[0], 180_000 - 9_500 + 2_000);
        // At the flag the view reads zero, no sooner.
        assert_eq!(clock.view(10_000 + 180_499).remaining_ms[1], 1);
        assert_eq!(clock.view(10_000 + 180_500).remaining_ms[1], 0);
    }

    #[test]
    fn the_flag_falls_only_after_the_time_and_the_allowance() {
        let clock = GameClock::start(BLITZ, 500, Seat::One, 0).expect("timed");
        assert_eq!(clock.flagged(180_499), None);
        assert_eq!(clock.flagged(180_500), Some(Seat::One));
        assert_eq!(clock.deadline(), Some(180_500));
    }

    #[test]
    fn correspondence_gives_every_move_its_days() {
        let control = TimeControl::Correspondence { days_per_move: 2 };
        let mut clock = GameClock::start(control, 500, Seat::Zero, 0).expect("timed");
        clock.moved(Seat::Zero, Some(Seat::One), DAY_MS);
        assert_eq!(clock.view(DAY_MS).remaining_ms, [2 * DAY_MS, 2 * DAY_MS]);
        assert_eq!(clock.deadline(), Some(3 * DAY_MS + 500));
        assert!(GameClock::start(TimeControl::Untimed, 500, Seat::Zero, 0).is_none());
    }
}
