//! The server's one sense of time, for every match clock, stamp and timer
//! that goes through it: wall-clock milliseconds since the Unix epoch, so
//! that a stamp or a deadline still means something after a restart, read
//! off a monotonic clock so that it never runs backwards while the process
//! lives. Tests use a manual clock that they move forward by hand (the
//! server's equivalent of tokio's paused time, which real sockets would make
//! unreliable).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;
use tokio::time::Instant;

/// Milliseconds since the Unix epoch, by the server's clock.
pub type Millis = u64;

/// Where the server reads the time.
#[derive(Clone, Debug)]
pub enum Clock {
    /// The system's wall clock as of the start, carried on by the monotonic clock.
    System {
        /// The wall-clock time at `start`, in microseconds since the epoch.
        base_us: u64,
        /// The monotonic instant at which `base_us` was read.
        start: Instant,
    },
    /// Time that moves only when [`ManualClock::advance`] is called.
    Manual(Arc<ManualClock>),
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::system()
    }
}

/// A clock for tests: shared, moved forward by hand.
#[derive(Debug)]
pub struct ManualClock {
    now: AtomicU64,
    changed: watch::Sender<Millis>,
}

impl ManualClock {
    /// Where every manual clock starts: 2026-12-01T00:00:00Z, so stamps look
    /// like the real thing.
    pub const START: Millis = 1_764_547_200_000;

    /// A manual clock at [`ManualClock::START`], as a [`Clock`] and a handle to move it.
    pub fn new() -> (Clock, Arc<ManualClock>) {
        let (changed, _) = watch::channel(Self::START);
        let manual = Arc::new(ManualClock {
            now: AtomicU64::new(Self::START),
            changed,
        });
        (Clock::Manual(Arc::clone(&manual)), manual)
    }

    /// Move time forward by `ms`; timers that fall due fire.
    pub fn advance(&self, ms: Millis) {
        let now = self.now.fetch_add(ms, Ordering::SeqCst) + ms;
        self.changed.send_replace(now);
    }

    /// The current time.
    pub fn now(&self) -> Millis {
        self.now.load(Ordering::SeqCst)
    }

    /// Milliseconds since [`ManualClock::START`].
    pub fn elapsed(&self) -> Millis {
        self.now() - Self::START
    }
}

impl Clock {
    /// The system clock, from now on.
    pub fn system() -> Clock {
        let base_us = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_micros() as u64);
        Clock::System {
            base_us,
            start: Instant::now(),
        }
    }

    /// The time now, in milliseconds since the epoch.
    pub fn now(&self) -> Millis {
        self.now_us() / 1000
    }

    /// The time now, in microseconds since the epoch: the stamp of an
    /// accepted move. The manual clock has whole milliseconds.
    pub fn now_us(&self) -> u64 {
        match self {
            Clock::System { base_us, start } => base_us + start.elapsed().as_micros() as u64,
            Clock::Manual(manual) => manual.now() * 1000,
        }
    }

    /// Wait until the clock reads `deadline` or later.
    pub async fn sleep_until(&self, deadline: Millis) {
        self.timer(deadline).await
    }

    /// A timer that fires at `deadline`, and can be moved with [`Timer::reset`]
    /// without being made anew (a connection keeps one for its whole life).
    pub fn timer(&self, deadline: Millis) -> Timer {
        match self {
            Clock::System { base_us, start } => Timer::System {
                sleep: Box::pin(tokio::time::sleep_until(instant_of(
                    *base_us, *start, deadline,
                ))),
                base_us: *base_us,
                start: *start,
            },
            Clock::Manual(manual) => Timer::Manual {
                wait: Box::pin(manual_sleep(Arc::clone(manual), deadline)),
                manual: Arc::clone(manual),
            },
        }
    }
}

/// Wait until `manual` reads `deadline` or later (never, once the clock is gone).
async fn manual_sleep(manual: Arc<ManualClock>, deadline: Millis) {
    let mut changed = manual.changed.subscribe();
    while manual.now() < deadline {
        if changed.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// The monotonic instant at which the system clock reads `deadline`.
fn instant_of(base_us: u64, start: Instant, deadline: Millis) -> Instant {
    let offset_us = (deadline * 1000).saturating_sub(base_us);
    start + Duration::from_micros(offset_us)
}

type Wait = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// A timer on the server's clock (see [`Clock::timer`]).
pub enum Timer {
    /// On tokio's timer wheel.
    System {
        /// The sleep.
        sleep: std::pin::Pin<Box<tokio::time::Sleep>>,
        /// The clock's wall-clock base.
        base_us: u64,
        /// The clock's monotonic start.
        start: Instant,
    },
    /// Waiting for the manual clock to pass the deadline.
    Manual {
        /// The wait.
        wait: Wait,
        /// The clock.
        manual: Arc<ManualClock>,
    },
}

impl Timer {
    /// Fire at `deadline` instead.
    pub fn reset(&mut self, deadline: Millis) {
        match self {
            Timer::System {
                sleep,
                base_us,
                start,
            } => sleep.as_mut().reset(instant_of(*base_us, *start, deadline)),
            Timer::Manual { wait, manual } => {
                *wait = Box::pin(manual_sleep(Arc::clone(manual), deadline));
            }
        }
    }
}

impl std::future::Future for Timer {
    type Output = ();

    fn poll(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<()> {
        match self.get_mut() {
            Timer::System { sleep, .. } => sleep.as_mut().poll(cx),
            Timer::Manual { wait, .. } => wait.as_mut().poll(cx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_timer_fires_when_the_clock_passes_its_deadline() {
        let (clock, manual) = ManualClock::new();
        let mut timer = clock.timer(ManualClock::START + 100);
        let poll_once = |timer: &mut Timer| {
            let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
            std::future::Future::poll(std::pin::Pin::new(timer), &mut cx).is_ready()
        };
        assert!(!poll_once(&mut timer));
        manual.advance(99);
        assert!(!poll_once(&mut timer));
        manual.advance(1);
        assert!(poll_once(&mut timer));
        timer.reset(ManualClock::START + 150);
        assert!(!poll_once(&mut timer));
        manual.advance(50);
        assert!(poll_once(&mut timer));
    }

    #[test]
    fn the_system_clock_reads_the_wall_clock() {
        let clock = Clock::system();
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        assert!(
            clock.now().abs_diff(wall) < 1_000,
            "{} vs {wall}",
            clock.now()
        );
        assert!(clock.now_us() / 1000 >= clock.now().saturating_sub(1));
    }
}
