//! The server's sense of time: the system's monotonic clock, or a manual
//! clock that tests move forward, so clocks and flag falls are tested without
//! waiting (the server's equivalent of tokio's paused time, which real
//! sockets would make unreliable).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::watch;
use tokio::time::Instant;

/// Milliseconds since the clock began.
pub type Millis = u64;

/// Where match clocks read the time.
#[derive(Clone, Debug)]
pub enum Clock {
    /// Real, monotonic time.
    System(Instant),
    /// Time that moves only when [`ManualClock::advance`] is called.
    Manual(Arc<ManualClock>),
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::System(Instant::now())
    }
}

/// A clock for tests: shared, moved forward by hand.
#[derive(Debug)]
pub struct ManualClock {
    now: AtomicU64,
    changed: watch::Sender<Millis>,
}

impl ManualClock {
    /// A manual clock at 0, as a [`Clock`] and a handle to move it.
    pub fn new() -> (Clock, Arc<ManualClock>) {
        let (changed, _) = watch::channel(0);
        let manual = Arc::new(ManualClock {
            now: AtomicU64::new(0),
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
}

impl Clock {
    /// The time now.
    pub fn now(&self) -> Millis {
        match self {
            Clock::System(start) => start.elapsed().as_millis() as Millis,
            Clock::Manual(manual) => manual.now(),
        }
    }

    /// The wall-clock time in microseconds since the Unix epoch, stamped on
    /// each accepted move. The manual clock reads its own milliseconds, so
    /// tests see stamps that follow the time they set.
    pub fn unix_micros(&self) -> u64 {
        match self {
            Clock::System(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_micros() as u64),
            Clock::Manual(manual) => manual.now() * 1000,
        }
    }

    /// Wait until the clock reads `deadline` or later.
    pub async fn sleep_until(&self, deadline: Millis) {
        match self {
            Clock::System(start) => {
                tokio::time::sleep_until(*start + std::time::Duration::from_millis(deadline)).await;
            }
            Clock::Manual(manual) => {
                let mut changed = manual.changed.subscribe();
                while manual.now() < deadline {
                    if changed.changed().await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}
