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
use crate::workers::Workers;
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

/// A kept answer: its content type and body, and for a match still being
/// played the journal's last event version it was made at (it holds while
/// that is still the last).
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    pub(crate) content_type: &'static str,
    pub(crate) body: Arc<str>,
    pub(crate) version: Option<u64>,
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
    /// Bytes of answers built and waiting for their clients to read them.
    pub(crate) in_flight_bytes: usize,
}

/// The cache and the analysis gate.
pub(crate) struct Answers {
    cache: Mutex<Cache>,
    /// The thread that analyses, one match at a time, and its queue.
    /// The analysis thread, owning the endgame databases it reads.
    analyst: Workers<engine::Endgames>,
    per_address: KeyedBudget<IpAddr>,
    /// KiB of answers built and not yet read by their clients.
    in_flight: Arc<Semaphore>,
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

/// Set when the request future that holds it is dropped (its client hung
/// up): the analysis it started reads the flag and stops.
pub(crate) struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A flag for an analysis to read, and the guard that raises it when dropped.
pub(crate) fn cancellation() -> (Arc<AtomicBool>, CancelOnDrop) {
    let flag = Arc::new(AtomicBool::new(false));
    (Arc::clone(&flag), CancelOnDrop(flag))
}

/// Addresses whose analysis budgets are kept before full ones are dropped.
const ADDRESSES_KEPT: usize = 4096;

impl Answers {
    /// The answers' limits; the analyses read the late game from `endgames`.
    pub(crate) fn new(
        limits: AnswerLimits,
        clock: &Clock,
        metrics: Arc<Metrics>,
        endgames: engine::Endgames,
    ) -> Answers {
        let capacity = std::num::NonZeroUsize::new(1 << 16).unwrap_or(std::num::NonZeroUsize::MIN);
        Answers {
            cache: Mutex::new(Cache {
                entries: LruCache::new(capacity),
                bytes: 0,
                limit: limits.cache_bytes,
            }),
            analyst: Workers::start("analysis", vec![endgames], limits.analysis_queue),
            per_address: KeyedBudget::new(
                1.0 / 60.0,
                limits.analyses_per_address.max(1),
                ADDRESSES_KEPT,
                clock,
            ),
            in_flight: Arc::new(Semaphore::new(limits.in_flight_bytes.div_ceil(1024))),
            metrics,
        }
    }

    /// Room for an answer of `bytes` while its client reads it; `None`
    /// when the answers in flight fill their bytes.
    pub(crate) fn hold(&self, bytes: usize) -> Option<OwnedSemaphorePermit> {
        let kib = u32::try_from(bytes.div_ceil(1024).max(1)).ok()?;
        Arc::clone(&self.in_flight).try_acquire_many_owned(kib).ok()
    }

    /// The kept answer for `key` of a settled match, if there is one.
    pub(crate) fn get(&self, key: Key) -> Option<Kept> {
        let kept = lock(&self.cache)
            .entries
            .get(&key)
            .filter(|kept| kept.version.is_none())
            .cloned();
        if kept.is_some() {
            self.hit();
        }
        kept
    }

    /// The kept answer for `key` of a match still being played, with the
    /// version it holds for; the caller checks that version is still the
    /// last and says [`Answers::hit`] if it serves it.
    pub(crate) fn get_live(&self, key: Key) -> Option<Kept> {
        lock(&self.cache)
            .entries
            .get(&key)
            .filter(|kept| kept.version.is_some())
            .cloned()
    }

    /// A kept answer was served.
    pub(crate) fn hit(&self) {
        self.metrics.archive_cache_hits.inc();
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

    /// Run `work` (an analysis for a client at `ip`) on the analysis
    /// thread: spent from the address's budget, then queued (refused at
    /// once when the queue is full).
    pub(crate) async fn analyse<T: Send + 'static>(
        &self,
        ip: IpAddr,
        work: impl FnOnce(&engine::Endgames) -> T + Send + 'static,
    ) -> Result<T, Refusal> {
        if !self.per_address.take(&ip) {
            return Err(Refusal::Budget);
        }
        self.analyst
            .run(move |endgames| work(endgames))
            .await
            .map_err(|_| Refusal::Busy)
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
                in_flight_bytes: 4096,
            },
            &clock,
            Arc::default(),
            engine::Endgames::new(),
        )
    }

    fn kept(n: usize) -> Kept {
        Kept {
            content_type: "application/json",
            body: Arc::from("x".repeat(n)),
            version: None,
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
        let answers = answers(100, 0, 3);
        let here: IpAddr = [10, 0, 0, 1].into();
        let there: IpAddr = [10, 0, 0, 2].into();
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = tokio::sync::oneshot::channel::<()>();
        let first = answers.analyse(here, move |_| {
            let _ = started_tx.send(());
            wait.recv().is_ok()
        });
        let (first, busy) = tokio::join!(first, async {
            let _ = started.await;
            let busy = answers.analyse(there, |_| false).await;
            let _ = release.send(());
            busy
        });
        assert_eq!(first, Ok(true));
        assert_eq!(busy, Err(Refusal::Busy), "the one thread is busy, no queue");
        // `here` has spent one of three; two more, then none.
        assert_eq!(answers.analyse(here, |_| 1).await, Ok(1));
        assert_eq!(answers.analyse(here, |_| 2).await, Ok(2));
        assert_eq!(answers.analyse(here, |_| 3).await, Err(Refusal::Budget));
    }

    #[test]
    fn answers_in_flight_are_bounded_in_bytes() {
        let answers = answers(100, 1, 3);
        let first = answers.hold(3000).expect("3 KiB of 4");
        assert!(answers.hold(2000).is_none(), "5 KiB do not fit");
        assert!(answers.hold(1000).is_some());
        drop(first);
        assert!(answers.hold(3000).is_some(), "given back");
    }

    #[test]
    fn dropping_the_request_cancels_its_analysis() {
        let (flag, guard) = cancellation();
        assert!(!flag.load(Ordering::Relaxed));
        drop(guard);
        assert!(flag.load(Ordering::Relaxed));
    }
}
