//! One timer queue on the server's clock: things due at a time (a seek's
//! grace, a challenge's expiry, forgetting an identity), kept in one heap by
//! one task instead of a sleeping task each. tokio-util's `DelayQueue` does
//! the same on tokio's timer, which cannot run on the server's manual clock.

use crate::clock::{Clock, Millis};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Where things are scheduled. Cheap to clone; never waits.
#[derive(Clone)]
pub(crate) struct Timers<T> {
    tx: mpsc::UnboundedSender<(Millis, T)>,
}

/// The receiving end, for [`run`].
pub(crate) struct Due<T> {
    rx: mpsc::UnboundedReceiver<(Millis, T)>,
}

/// A queue and its receiving end.
pub(crate) fn queue<T>() -> (Timers<T>, Due<T>) {
    let (tx, rx) = mpsc::unbounded_channel();
    (Timers { tx }, Due { rx })
}

impl<T> Timers<T> {
    /// Have `item` handed to the queue's task at `when`.
    pub(crate) fn at(&self, when: Millis, item: T) {
        // The queue's task is gone only when the server stops.
        let _ = self.tx.send((when, item));
    }
}

/// An item in the heap: ordered by time, then by arrival.
struct Entry<T> {
    when: Millis,
    seq: u64,
    item: T,
}

impl<T> PartialEq for Entry<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.when, self.seq) == (other.when, other.seq)
    }
}

impl<T> Eq for Entry<T> {}
impl<T> PartialOrd for Entry<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for Entry<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.when, self.seq).cmp(&(other.when, other.seq))
    }
}

/// Hand each scheduled item to `fire` once the clock reaches its time, in
/// time order (items due at once in the order they were scheduled), until
/// `shutdown`.
pub(crate) async fn run<T>(
    clock: Clock,
    mut due: Due<T>,
    shutdown: CancellationToken,
    mut fire: impl FnMut(T),
) {
    let mut heap: BinaryHeap<Reverse<Entry<T>>> = BinaryHeap::new();
    let mut seq = 0;
    let mut timer = clock.timer(0);
    loop {
        let now = clock.now();
        while heap.peek().is_some_and(|Reverse(e)| e.when <= now) {
            if let Some(Reverse(entry)) = heap.pop() {
                fire(entry.item);
            }
        }
        let next = heap.peek().map(|Reverse(e)| e.when);
        if let Some(when) = next {
            timer.reset(when);
        }
        tokio::select! {
            () = shutdown.cancelled() => return,
            scheduled = due.rx.recv() => match scheduled {
                Some((when, item)) => {
                    seq += 1;
                    heap.push(Reverse(Entry { when, seq, item }));
                }
                None => return,
            },
            () = &mut timer, if next.is_some() => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use std::sync::{Arc, Mutex};

    #[tokio::test]
    async fn items_fire_in_time_order_when_the_clock_reaches_them() {
        let (clock, manual) = ManualClock::new();
        let (timers, due) = queue();
        let fired = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&fired);
        let shutdown = CancellationToken::new();
        let task = tokio::spawn(run(clock, due, shutdown.clone(), move |item: &str| {
            seen.lock().expect("lock").push(item);
        }));
        let t0 = ManualClock::START;
        timers.at(t0 + 300, "c");
        timers.at(t0 + 100, "a");
        timers.at(t0 + 100, "b");
        let fired_now = || fired.lock().expect("lock").clone();
        // Due at once: once it has fired, the three before it are queued.
        timers.at(t0, "now");
        while fired_now().is_empty() {
            tokio::task::yield_now().await;
        }
        assert_eq!(fired_now(), ["now"]);
        manual.advance(100);
        while fired_now().len() < 3 {
            tokio::task::yield_now().await;
        }
        assert_eq!(fired_now(), ["now", "a", "b"]);
        manual.advance(200);
        while fired_now().len() < 4 {
            tokio::task::yield_now().await;
        }
        assert_eq!(fired_now(), ["now", "a", "b", "c"]);
        shutdown.cancel();
        task.await.expect("the queue's task ends");
    }
}
