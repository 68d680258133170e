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
//! **The first move.** Clocks start when a game starts, but a real-time
//! game's first mover's own clock does not run until he has made the
//! game's first move: he has the first-move window for it
//! (`--first-move-ms`, 30 s by default, with the allowance), and letting it
//! pass loses him the game as `no_start`, not as a timeout. The time he
//! took is charged to nobody. So a player still reading the last game's
//! result never loses the next one's time, and one who has gone loses that
//! game quickly instead of a whole clock's worth later. By correspondence
//! the first move has its days as every move does; missing them is
//! `no_start` too.

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
    /// No move has been made in this game yet.
    awaiting_first: bool,
    /// Real time: how long the first mover has for the game's first move,
    /// while his clock does not run (0: no window, his clock runs).
    first_move_ms: u64,
    /// By seat: he berserked, so gets no increment.
    no_increment: [bool; 2],
}

impl GameClock {
    /// The clocks at the start of a game that `first` opens at `now`, with
    /// `first_move_ms` for its first move in real time; `None` when the
    /// match is untimed.
    pub(crate) fn start(
        control: TimeControl,
        allowance_ms: u64,
        first_move_ms: u64,
        first: Seat,
        now: u64,
    ) -> Option<GameClock> {
        let first_move_ms = match control {
            TimeControl::RealTime { .. } => first_move_ms,
            _ => 0,
        };
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
            awaiting_first: true,
            first_move_ms,
            no_increment: [false, false],
        })
    }

    /// `seat` berserks: his time left is halved (counted from the start of
    /// the running turn, so that a turn under way keeps its charge), and he
    /// gets no increment from now on.
    pub(crate) fn berserk(&mut self, seat: Seat) {
        let slot = &mut self.remaining_ms[seat.index()];
        *slot /= 2;
        self.no_increment[seat.index()] = true;
    }

    /// Whether a flag falling now is `no_start`: the game's first move is
    /// still awaited, in its window (real time) or its days (correspondence).
    /// (A real-time match stored before the window existed has none: its
    /// first mover's clock runs, and runs out as a timeout.)
    pub(crate) fn awaiting_first_move(&self) -> bool {
        let has_first_move_rule =
            self.first_move_ms > 0 || matches!(self.control, TimeControl::Correspondence { .. });
        self.awaiting_first && self.running.is_some() && has_first_move_rule
    }

    /// Whether the first-move window runs instead of the mover's clock.
    fn in_first_move_window(&self) -> bool {
        self.awaiting_first && self.first_move_ms > 0
    }

    /// When the running seat's time is up (allowance included).
    pub(crate) fn deadline(&self) -> Option<u64> {
        let seat = self.running?;
        let allowed = if self.in_first_move_window() {
            self.first_move_ms
        } else {
            self.remaining_ms[seat.index()]
        };
        Some(self.since_ms + allowed + self.allowance_ms)
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
                if next.is_some() && !self.no_increment[mover.index()] {
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
        self.awaiting_first = false;
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
        if self.in_first_move_window() {
            return 0;
        }
        now.saturating_sub(self.since_ms)
            .saturating_sub(self.allowance_ms)
    }

    /// What the wire shows at `now`: the running clock counted down by the
    /// time charged so far (what a move made now would cost before its
    /// increment); while the first-move window runs, no clock runs and the
    /// window's time left is shown instead.
    pub(crate) fn view(&self, now: u64) -> Clocks {
        let mut remaining_ms = self.remaining_ms;
        if self.running.is_some() && self.in_first_move_window() {
            let left = (self.since_ms + self.first_move_ms).saturating_sub(now);
            return Clocks {
                remaining_ms,
                running: None,
                first_move_ms: Some(left),
            };
        }
        if let Some(seat) = self.running {
            let slot = &mut remaining_ms[seat.index()];
            *slot = slot.saturating_sub(self.charged(now));
        }
        Clocks {
            remaining_ms,
            running: self.running,
            first_move_ms: None,
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
        let mut clock = GameClock::start(BLITZ, 500, 0, Seat::Zero, 1_000).expect("timed");
        // Without a first-move window the first mover's clock runs at once.
        assert!(!clock.awaiting_first_move());
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
        let mut clock = GameClock::start(BLITZ, 500, 0, Seat::Zero, 0).expect("timed");
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
        let clock = GameClock::start(BLITZ, 500, 0, Seat::One, 0).expect("timed");
        assert_eq!(clock.flagged(180_499), None);
        assert_eq!(clock.flagged(180_500), Some(Seat::One));
        assert_eq!(clock.deadline(), Some(180_500));
    }

    #[test]
    fn correspondence_gives_every_move_its_days() {
        let control = TimeControl::Correspondence { days_per_move: 2 };
        let mut clock = GameClock::start(control, 500, 30_000, Seat::Zero, 0).expect("timed");
        clock.moved(Seat::Zero, Some(Seat::One), DAY_MS);
        assert_eq!(clock.view(DAY_MS).remaining_ms, [2 * DAY_MS, 2 * DAY_MS]);
        assert_eq!(clock.deadline(), Some(3 * DAY_MS + 500));
        assert!(GameClock::start(TimeControl::Untimed, 500, 30_000, Seat::Zero, 0).is_none());
    }

    #[test]
    fn the_first_move_has_its_window_and_costs_no_clock() {
        let mut clock = GameClock::start(BLITZ, 500, 30_000, Seat::Zero, 0).expect("timed");
        assert!(clock.awaiting_first_move());
        // No clock runs: the window's time left is shown instead.
        let view = clock.view(10_000);
        assert_eq!(view.running, None);
        assert_eq!(view.first_move_ms, Some(20_000));
        assert_eq!(view.remaining_ms, [180_000, 180_000]);
        // The window and the allowance, then the flag.
        assert_eq!(clock.deadline(), Some(30_500));
        assert_eq!(clock.flagged(30_499), None);
        assert_eq!(clock.flagged(30_500), Some(Seat::Zero));
        // A first move inside it costs nothing and earns the increment; then
        // the clocks run as always.
        clock.moved(Seat::Zero, Some(Seat::One), 25_000);
        assert!(!clock.awaiting_first_move());
        let view = clock.view(25_000);
        assert_eq!(view.remaining_ms, [182_000, 180_000]);
        assert_eq!((view.running, view.first_move_ms), (Some(Seat::One), None));
        assert_eq!(clock.deadline(), Some(25_000 + 180_500));
    }

    #[test]
    fn a_restart_moves_the_first_move_window_too() {
        let mut clock = GameClock::start(BLITZ, 500, 30_000, Seat::One, 0).expect("timed");
        clock.pause(60_000);
        assert_eq!(clock.flagged(60_000 + 30_499), None);
        assert_eq!(clock.flagged(60_000 + 30_500), Some(Seat::One));
    }

    #[test]
    fn by_correspondence_the_first_move_has_the_moves_days() {
        let control = TimeControl::Correspondence { days_per_move: 2 };
        let clock = GameClock::start(control, 500, 30_000, Seat::Zero, 0).expect("timed");
        assert!(clock.awaiting_first_move());
        assert_eq!(clock.deadline(), Some(2 * DAY_MS + 500));
        assert_eq!(clock.view(DAY_MS).first_move_ms, None);
    }
}
