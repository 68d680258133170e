//! Message budgets: `governor`'s rate limiters (GCRA, lock-free for one
//! connection's budgets), reading the server's own clock as their time
//! source, so that a test that moves the manual clock moves every budget
//! with it. Used for the kinds of traffic a connection sends, its hellos,
//! its refused requests, and the hellos of an IP address.

use crate::clock::Clock;
use governor::clock::Reference;
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::keyed::HashMapStateStore;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use std::hash::Hash;
use std::num::NonZeroU32;
use std::time::Duration;

/// The server's clock as governor's time source.
#[derive(Clone, Debug)]
pub(crate) struct BudgetClock(Clock);

/// A reading of [`BudgetClock`]: nanoseconds since the Unix epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Instant(u64);

impl std::ops::Add<Nanos> for Instant {
    type Output = Instant;
    fn add(self, other: Nanos) -> Instant {
        Instant(self.0.saturating_add(other.as_u64()))
    }
}

impl Reference for Instant {
    fn duration_since(&self, earlier: Self) -> Nanos {
        Nanos::new(self.0.saturating_sub(earlier.0))
    }

    fn saturating_sub(&self, duration: Nanos) -> Self {
        Instant(self.0.saturating_sub(duration.as_u64()))
    }
}

impl governor::clock::Clock for BudgetClock {
    type Instant = Instant;

    fn now(&self) -> Instant {
        Instant(self.0.now_us().saturating_mul(1000))
    }
}

fn at_least_one(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN)
}

/// `burst` at once, then one more every `1 / rate` seconds.
fn quota(rate_per_second: f64, burst: u32) -> Quota {
    let period = Duration::from_secs_f64(1.0 / rate_per_second.max(1e-9));
    Quota::with_period(period)
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
        .allow_burst(at_least_one(burst))
}

/// One budget.
pub(crate) struct Budget(
    RateLimiter<NotKeyed, InMemoryState, BudgetClock, NoOpMiddleware<Instant>>,
);

impl Budget {
    /// `burst` at once, then `rate` a second.
    pub(crate) fn new(rate_per_second: f64, burst: u32, clock: &Clock) -> Budget {
        let quota = quota(rate_per_second, burst);
        Budget(RateLimiter::direct_with_clock(
            quota,
            BudgetClock(clock.clone()),
        ))
    }

    /// `rate` messages a second in bursts of twice that: the budgets of the
    /// kinds of traffic.
    pub(crate) fn per_second(rate: u32, clock: &Clock) -> Budget {
        let rate = rate.max(1);
        Budget::new(f64::from(rate), rate.saturating_mul(2), clock)
    }

    /// `max` per `window_ms`, in bursts of `max`.
    pub(crate) fn per_window(max: u32, window_ms: u64, clock: &Clock) -> Budget {
        let max = max.max(1);
        let rate = f64::from(max) * 1000.0 / window_ms.max(1) as f64;
        Budget::new(rate, max, clock)
    }

    /// Spend one if there is one.
    pub(crate) fn take(&self) -> bool {
        self.0.check().is_ok()
    }
}

/// One budget per key (an IP address), forgotten once it is full again.
pub(crate) struct KeyedBudget<K: Hash + Eq + Clone> {
    limiter: RateLimiter<K, HashMapStateStore<K>, BudgetClock, NoOpMiddleware<Instant>>,
    /// Keys kept before those whose budgets are full again are dropped.
    keep: usize,
}

impl<K: Hash + Eq + Clone> KeyedBudget<K> {
    /// `burst` at once per key, then `rate` a second; about `keep` keys kept.
    pub(crate) fn new(rate_per_second: f64, burst: u32, keep: usize, clock: &Clock) -> Self {
        let quota = quota(rate_per_second, burst);
        KeyedBudget {
            limiter: RateLimiter::hashmap_with_clock(quota, BudgetClock(clock.clone())),
            keep,
        }
    }

    /// Spend one of `key`'s, if it has one.
    pub(crate) fn take(&self, key: &K) -> bool {
        if self.limiter.len() >= self.keep {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(key).is_ok()
    }

    /// Keys with a budget kept now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.limiter.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    #[test]
    fn a_budget_spends_its_burst_then_fills_at_its_rate() {
        let (clock, manual) = ManualClock::new();
        let budget = Budget::new(2.0, 3, &clock);
        assert!((0..3).all(|_| budget.take()));
        assert!(!budget.take());
        manual.advance(500);
        assert!(budget.take(), "one more after half a second at 2 a second");
        assert!(!budget.take());
        manual.advance(10_000);
        assert_eq!(
            (0..5).filter(|_| budget.take()).count(),
            3,
            "no fuller than its burst"
        );
    }

    #[test]
    fn the_kinds_of_traffic_burst_twice_their_rate_and_windows_refill_evenly() {
        let (clock, manual) = ManualClock::new();
        let budget = Budget::per_second(10, &clock);
        assert_eq!((0..25).filter(|_| budget.take()).count(), 20);
        let window = Budget::per_window(4, 10_000, &clock);
        assert_eq!((0..6).filter(|_| window.take()).count(), 4);
        manual.advance(2_500);
        assert!(window.take() && !window.take(), "one per 2.5 s");
    }

    #[test]
    fn keyed_budgets_are_apart_and_full_ones_are_forgotten() {
        let (clock, manual) = ManualClock::new();
        let budgets = KeyedBudget::new(1.0, 2, 2, &clock);
        assert!(budgets.take(&"a") && budgets.take(&"a") && !budgets.take(&"a"));
        assert!(budgets.take(&"b"));
        assert_eq!(budgets.len(), 2);
        manual.advance(10_000);
        // Both are full again: the next new key makes room.
        assert!(budgets.take(&"c"));
        assert_eq!(budgets.len(), 1);
    }
}
