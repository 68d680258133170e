//! A few threads of the server's own for slow work a client asks for
//! (password hashes, archive reads), with a bounded queue: work past the
//! queue is refused at once, never waited for.
//!
//! Fixed threads rather than tokio's blocking pool: that pool grows to 512
//! threads, and even bounded by a semaphore its work wanders over whichever
//! of its threads is idle, each of which then keeps the memory its
//! allocator gave it. Measured: 200 clients re-reading a live match took
//! the server from 61 to 220 MiB with two reads at a time on the blocking
//! pool, and 145 MiB with one (docs/PERFORMANCE.md, "Attacks beside an
//! honest match").

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use tokio::sync::{Semaphore, oneshot};

/// One piece of work, given the thread's own state.
type Job<S> = Box<dyn FnOnce(&mut S) + Send>;

/// The threads and their queue.
pub(crate) struct Workers<S> {
    jobs: Sender<Job<S>>,
    /// Work running or waiting: a place each.
    places: Arc<Semaphore>,
}

/// Why work was not done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum WorkError {
    /// The queue is full: try again in a moment.
    #[error("as much work waits as the queue holds")]
    Busy,
    /// The threads have stopped (or the work panicked).
    #[error("the worker threads have stopped")]
    Stopped,
}

impl<S: Send + 'static> Workers<S> {
    /// A thread named `name-N` for each of `states` (each thread keeps its
    /// own), and room for `queue` pieces of work waiting beyond those
    /// running. A thread the system refuses is logged; with none, all work
    /// is refused (`Stopped`).
    pub(crate) fn start(name: &str, states: Vec<S>, queue: usize) -> Workers<S> {
        let (jobs, inbox) = mpsc::channel::<Job<S>>();
        let inbox = Arc::new(Mutex::new(inbox));
        let places = Arc::new(Semaphore::new(states.len() + queue));
        for (n, state) in states.into_iter().enumerate() {
            let inbox = Arc::clone(&inbox);
            let spawned = std::thread::Builder::new()
                .name(format!("{name}-{n}"))
                .spawn(move || work(&inbox, state));
            if let Err(e) = spawned {
                tracing::error!("cannot start thread {name}-{n}: {e}");
            }
        }
        Workers { jobs, places }
    }

    /// Do `work` on one of the threads; `Busy` at once when the queue is full.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut S) -> T + Send + 'static,
    ) -> Result<T, WorkError> {
        self.submit(work)?.await.map_err(|_| WorkError::Stopped)
    }

    /// Queue `work` now (`Busy` when the queue is full); its result later.
    fn submit<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut S) -> T + Send + 'static,
    ) -> Result<oneshot::Receiver<T>, WorkError> {
        let place = Arc::clone(&self.places)
            .try_acquire_owned()
            .map_err(|_| WorkError::Busy)?;
        let (answer, result) = oneshot::channel();
        let job: Job<S> = Box::new(move |state| {
            let result = work(state);
            // The place is given back before the answer, so whoever hears it
            // finds the place free (a panic gives it back while unwinding).
            drop(place);
            let _ = answer.send(result);
        });
        self.jobs.send(job).map_err(|_| WorkError::Stopped)?;
        Ok(result)
    }
}

fn work<S>(inbox: &Mutex<Receiver<Job<S>>>, mut state: S) {
    loop {
        let job = {
            let Ok(inbox) = inbox.lock() else {
                return;
            };
            inbox.recv()
        };
        let Ok(job) = job else {
            // Every sender is gone: the server has stopped.
            return;
        };
        // A panic ends only this piece of work (its caller hears `Stopped`).
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut state)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_past_the_queue_is_refused_at_once_and_the_rest_is_done() {
        let workers = Workers::start("test", vec![0u32], 1);
        let (release, wait) = mpsc::channel::<()>();
        let (started_tx, started) = oneshot::channel::<()>();
        let first = workers
            .submit(move |count| {
                let _ = started_tx.send(());
                let _ = wait.recv();
                *count += 1;
                *count
            })
            .expect("runs");
        started.await.expect("the first runs");
        let second = workers
            .submit(|count| {
                *count += 1;
                *count
            })
            .expect("waits in the queue");
        assert!(
            matches!(workers.submit(|_| 0), Err(WorkError::Busy)),
            "the queue is full"
        );
        release.send(()).expect("the first waits");
        assert_eq!(first.await.ok(), Some(1));
        assert_eq!(second.await.ok(), Some(2), "the thread's own state");
    }

    #[tokio::test]
    async fn a_panic_ends_only_its_own_work() {
        let workers = Workers::start("test", vec![()], 4);
        assert_eq!(
            workers.run(|_| -> u8 { panic!("a bug") }).await,
            Err(WorkError::Stopped)
        );
        assert_eq!(workers.run(|_| 7).await, Ok(7), "the thread goes on");
    }
}
