//! What every long-lived part of the server is handed, rather than reaching
//! for it through a shared bag: the clock, the counters, the tracker that
//! keeps every spawned task inside [`crate::run`], and the shutdown signal.

use crate::clock::{Clock, Millis};
use crate::metrics::Metrics;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The server's run-time context: a cheap clone.
#[derive(Clone)]
pub(crate) struct Context {
    /// Where every timer reads the time (a manual clock in tests).
    pub(crate) clock: Clock,
    /// Counters for `/metrics`.
    pub(crate) metrics: Arc<Metrics>,
    /// Every task the server spawns, so that none outlives [`crate::run`].
    pub(crate) tasks: TaskTracker,
    /// Cancelled when the server stops.
    pub(crate) shutdown: CancellationToken,
}

impl Context {
    /// The time now, by the server's clock.
    pub(crate) fn now(&self) -> Millis {
        self.clock.now()
    }
}
