//! What a load run counts and measures: shared counters for the progress
//! line, and latency histograms that each task keeps to itself and hands
//! back at the end (no lock on the hot path).

use hdrhistogram::Histogram;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Counters shared by every task of a run.
#[derive(Default)]
pub(super) struct Counters {
    /// Moves whose `move_played` reached the mover inside the measured window.
    pub moves: AtomicU64,
    /// Moves played at all (warm-up and drain included), for the progress line.
    pub moves_all: AtomicU64,
    /// Moves that reached a spectator inside the measured window (each spectator counts).
    pub spectator_moves: AtomicU64,
    /// `error` messages received.
    pub errors: AtomicU64,
    /// Moves sent that never showed up as played (or were refused).
    pub lost_moves: AtomicU64,
    /// Events that did not arrive (a version skipped).
    pub lost_events: AtomicU64,
    /// Events that arrived again, at or below the last version seen.
    pub repeated_events: AtomicU64,
    /// Matches in which nothing happened for the stall limit while a move was due.
    pub stalled: AtomicU64,
    /// Pairs that played no move at all while the load was measured.
    pub matches_without_moves: AtomicU64,
    /// Connections that could not be made or signed in.
    pub failed_connections: AtomicU64,
    /// Matches that started (rematches included).
    pub matches_started: AtomicU64,
    /// Matches that ended.
    pub matches_ended: AtomicU64,
    /// Connections that came back after being closed or lost (`--reconnect`).
    pub reconnects: AtomicU64,
    /// Moves sent again: after coming back, or answered `unavailable`.
    pub resent_moves: AtomicU64,
    /// Resumes sent again, answered `unavailable`.
    pub resent_resumes: AtomicU64,
    /// Pairs whose first match is on.
    pub pairs_ready: AtomicU64,
    /// Spectators watching their first match.
    pub spectators_ready: AtomicU64,
    /// Idle connections signed in.
    pub idle_ready: AtomicU64,
}

impl Counters {
    /// Add one to `counter`.
    pub fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Read `counter`.
    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

/// A latency histogram in microseconds, from 1 µs to one minute, to two
/// significant digits (1%). Every connection task keeps one: with three
/// digits each would hold a quarter of a megabyte of counters, and recording
/// into a thousand of them missed the cache often enough to show in profiles.
pub(super) fn histogram() -> Histogram<u64> {
    // Constant bounds that satisfy the crate's rules (low >= 1, high >= 2 * low, 2 digits).
    Histogram::new_with_bounds(1, 60_000_000, 2).expect("valid histogram bounds")
}

/// Record `elapsed` into `into`, saturating at the top bound.
pub(super) fn record(into: &mut Histogram<u64>, elapsed: Duration) {
    into.saturating_record(elapsed.as_micros().max(1) as u64);
}

/// Round-trip percentiles in milliseconds.
#[derive(Serialize, Default, Debug)]
pub(super) struct Percentiles {
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 99th percentile.
    pub p99: f64,
    /// The largest.
    pub max: f64,
}

impl Percentiles {
    /// The percentiles of `h` (microseconds) in milliseconds, 0 when empty.
    pub fn of(h: &Histogram<u64>) -> Percentiles {
        if h.is_empty() {
            return Percentiles::default();
        }
        let ms = |us: u64| (us as f64 / 1000.0 * 100.0).round() / 100.0;
        Percentiles {
            p50: ms(h.value_at_quantile(0.50)),
            p90: ms(h.value_at_quantile(0.90)),
            p99: ms(h.value_at_quantile(0.99)),
            max: ms(h.max()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_read_in_milliseconds_to_about_one_percent() {
        let mut h = histogram();
        for ms in 1..=100u64 {
            record(&mut h, Duration::from_millis(ms));
        }
        let p = Percentiles::of(&h);
        for (got, want) in [(p.p50, 50.0), (p.p90, 90.0), (p.p99, 99.0), (p.max, 100.0)] {
            assert!((got - want).abs() <= want * 0.01 + 0.01, "{got} vs {want}");
        }
        assert_eq!(Percentiles::of(&histogram()).max, 0.0, "empty reads as 0");
    }
}
