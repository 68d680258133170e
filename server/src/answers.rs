//! What the archive's HTTP answers may cost. A finished match never
//! changes, so its answers (the match, its record, its analysis at each
//! depth) are kept in a cache bounded in bytes: asking again costs a look
//! up, not a read and a replay (200 clients re-reading one match once took
//! the server to 1.5 GB). An analysis is seconds of a core: one runs at a
//! time, a few wait, each address has a budget of them, and one whose
//! client hung up is dropped (eight abandoned deep analyses once cost
//! 13.5–19.9 CPU-seconds for nobody while an honest one waited 15.9 s).

use crate::budget::KeyedBudget;
use crate::clock::Clock;
use crate::metrics::Metrics;
use crate::sync::lock;
use lru::LruCache;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Which answer of a finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    /// `GET /api/matches/{id}`.
    Match(u64),
    /// `GET /api/matches/{id}/record`.
    Record(u64),
    /// `GET /api/matches/{id}/analysis?depth=D`.
    Analysis(u64, u8),
}

/// A kept answer: its content type and body.
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    pub(crate) content_type: &'static str,
    pub(crate) body: Arc<str>,
}

struct Cache {
    entries: LruCache<Key, Kept>,
    bytes: usize,
    limit: usize,
}

/// The limits of the archive's answers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AnswerLimits {
    /// Bytes of finished matches' answers kept.
    pub(crate) cache_bytes: usize,
    /// Analyses waiting beside the one running; more are refused.
    pub(crate) analysis_queue: usize,
    /// Analyses one address may ask for at once, then one a minute (those
    /// answered from the cache are free).
    pub(crate) analyses_per_address: u32,
}

/// The cache and the analysis gate.
pub(crate) struct Answers {
    cache: Mutex<Cache>,
    /// The one analysis that runs.
    running: Arc<Semaphore>,
    /// Analyses running or waiting.
    admitted: Arc<Semaphore>,
    per_address: KeyedBudget<IpAddr>,
    metrics: Arc<Metrics>,
}

/// Why an analysis is not started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Its queue is full: try again in a moment.
    Busy,
    /// The address has asked for too many.
    Budget,
}

/// A place to run an analysis; `cancelled` is set when the request that
/// holds it is dropped (its client hung up), so the search stops.
pub(crate) struct Turn {
    _places: (OwnedSemaphorePermit, OwnedSemaphorePermit),
    cancelled: Arc<AtomicBool>,
}

/// Set when the request future that made it is dropped.
pub(crate) struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Turn {
    /// A flag the search reads, and the guard that raises it when dropped.
    pub(crate) fn cancellation(&self) -> (Arc<AtomicBool>, CancelOnDrop) {
        (
            Arc::clone(&self.cancelled),
            CancelOnDrop(Arc::clone(&self.cancelled)),
        )
    }
}

/// Addresses whose analysis budgets are kept before full ones are dropped.
const ADDRESSES_KEPT: usize = 4096;

impl Answers {
    pub(crate) fn new(limits: AnswerLimits, clock: &Clock, metrics: Arc<Metrics>) -> Answers {
        let capacity = std::num::NonZeroUsize::new(1 << 16).unwrap_or(std::num::NonZeroUsize::MIN);
        Answers {
            cache: Mutex::new(Cache {
                entries: LruCache::new(capacity),
                bytes: 0,
                limit: limits.cache_bytes,
            }),
            running: Arc::new(Semaphore::new(1)),
            admitted: Arc::new(Semaphore::new(1 + limits.analysis_queue)),
            per_address: KeyedBudget::new(
                1.0 / 60.0,
                limits.analyses_per_address.max(1),
                ADDRESSES_KEPT,
                clock,
            ),
            metrics,
        }
    }

    /// The kept answer for `key`, if there is one.
    pub(crate) fn get(&self, key: Key) -> Option<Kept> {
        let kept = lock(&self.cache).entries.get(&key).cloned();
        if kept.is_some() {
            self.metrics.archive_cache_hits.inc();
        }
        kept
    }

    /// Keep `kept` as the answer for `key` (its match is finished), making
    /// room by forgetting the least recently asked; one larger than the
    /// whole cache is not kept.
    pub(crate) fn keep(&self, key: Key, kept: Kept) {
        let mut cache = lock(&self.cache);
        let size = kept.body.len();
        if size > cache.limit {
            return;
        }
        if let Some(older) = cache.entries.put(key, kept) {
            cache.bytes -= older.body.len();
        }
        cache.bytes += size;
        while cache.bytes > cache.limit {
            let Some((_, dropped)) = cache.entries.pop_lru() else {
                break;
            };
            cache.bytes -= dropped.body.len();
        }
    }

    /// Bytes of answers kept.
    #[cfg(test)]
    pub(crate) fn cached_bytes(&self) -> usize {
        lock(&self.cache).bytes
    }

    /// A turn to run an analysis for `ip`: spent from its budget, then a
    /// place in the queue (refused at once when full), then waited for.
    pub(crate) async fn analysis_turn(&self, ip: IpAddr) -> Result<Turn, Refusal> {
        let admitted = Arc::clone(&self.admitted)
            .try_acquire_owned()
            .map_err(|_| Refusal::Busy)?;
        if !self.per_address.take(&ip) {
            return Err(Refusal::Budget);
        }
        let running = Arc::clone(&self.running)
            .acquire_owned()
            .await
            .map_err(|_| Refusal::Busy)?;
        Ok(Turn {
            _places: (admitted, running),
            cancelled: Arc::new(AtomicBool::new(false)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    fn answers(cache_bytes: usize, analysis_queue: usize, per_address: u32) -> Answers {
        let (clock, _manual) = ManualClock::new();
        Answers::new(
            AnswerLimits {
                cache_bytes,
                analysis_queue,
                analyses_per_address: per_address,
            },
            &clock,
            Arc::default(),
        )
    }

    fn kept(n: usize) -> Kept {
        Kept {
            content_type: "application/json",
            body: Arc::from("x".repeat(n)),
        }
    }

    #[test]
    fn the_cache_stays_within_its_bytes_forgetting_the_least_recently_asked() {
        let answers = answers(100, 1, 10);
        answers.keep(Key::Match(1), kept(40));
        answers.keep(Key::Match(2), kept(40));
        assert!(
            answers.get(Key::Match(1)).is_some(),
            "asked: now the most recent"
        );
        answers.keep(Key::Record(3), kept(40));
        assert!(
            answers.get(Key::Match(2)).is_none(),
            "the least recently asked went"
        );
        assert!(answers.get(Key::Match(1)).is_some());
        assert!(answers.get(Key::Record(3)).is_some());
        assert_eq!(answers.cached_bytes(), 80);
        answers.keep(Key::Analysis(4, 8), kept(101));
        assert!(
            answers.get(Key::Analysis(4, 8)).is_none(),
            "larger than the cache"
        );
        assert_eq!(answers.cached_bytes(), 80);
    }

    #[tokio::test]
    async fn analyses_wait_in_a_bounded_queue_and_draw_on_the_address_budget() {
        let answers = Arc::new(answers(100, 1, 3));
        let here: IpAddr = [10, 0, 0, 1].into();
        let there: IpAddr = [10, 0, 0, 2].into();
        let first = answers.analysis_turn(here).await.expect("runs");
        let waiting = tokio::spawn({
            let answers = Arc::clone(&answers);
            async move { answers.analysis_turn(there).await.is_ok() }
        });
        while answers.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            answers.analysis_turn(there).await.err(),
            Some(Refusal::Busy),
            "the queue is full"
        );
        drop(first);
        assert!(waiting.await.expect("joins"), "the waiting one runs next");
        // `here` has spent one of three; two more, then none.
        assert!(answers.analysis_turn(here).await.is_ok());
        assert!(answers.analysis_turn(here).await.is_ok());
        assert_eq!(
            answers.analysis_turn(here).await.err(),
            Some(Refusal::Budget)
        );
    }

    #[tokio::test]
    async fn dropping_the_request_cancels_its_analysis() {
        let answers = answers(100, 1, 3);
        let turn = answers
            .analysis_turn([10, 0, 0, 1].into())
            .await
            .expect("runs");
        let (flag, guard) = turn.cancellation();
        assert!(!flag.load(Ordering::Relaxed));
        drop(guard);
        assert!(flag.load(Ordering::Relaxed));
    }
}
