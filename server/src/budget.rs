//! A token bucket on the server's clock: the budgets of the kinds of traffic
//! a connection sends, of its hellos, and of the hellos of an address.
//! Hand-written rather than `governor`'s: it reads the server's clock, so
//! the tests that move the manual clock move every budget with it.

use crate::clock::Millis;

/// A token bucket on the server's clock: `rate` a second, bursts of `burst`.
pub(crate) struct Budget {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Millis,
}

impl Budget {
    /// `rate` messages a second in bursts of twice that: the budgets of the
    /// kinds of traffic.
    pub(crate) fn per_second(rate: u32, now: Millis) -> Budget {
        let rate = f64::from(rate.max(1));
        Budget::new(rate, 2.0 * rate, now)
    }

    pub(crate) fn new(rate: f64, burst: f64, now: Millis) -> Budget {
        Budget {
            tokens: burst,
            rate,
            burst,
            last: now,
        }
    }

    /// Spend one token at `now` if there is one.
    pub(crate) fn take(&mut self, now: Millis) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether the bucket is full at `now` (nothing spent lately: it can be forgotten).
    pub(crate) fn is_full(&mut self, now: Millis) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }

    fn refill(&mut self, now: Millis) {
        let refill = now.saturating_sub(self.last) as f64 / 1000.0 * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = self.last.max(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_spends_its_burst_then_fills_at_its_rate() {
        let mut budget = Budget::new(2.0, 3.0, 1_000);
        assert!((0..3).all(|_| budget.take(1_000)));
        assert!(!budget.take(1_000));
        assert!(!budget.is_full(1_000));
        assert!(
            budget.take(1_500),
            "one more after half a second at 2 a second"
        );
        assert!(!budget.take(1_500));
        assert!(budget.is_full(3_000), "full again, and no fuller");
        assert!((0..3).all(|_| budget.take(3_000)));
        assert!(!budget.take(3_000));
    }

    #[test]
    fn the_kinds_of_traffic_burst_twice_their_rate() {
        let mut budget = Budget::per_second(10, 0);
        assert_eq!((0..25).filter(|_| budget.take(0)).count(), 20);
    }
}
