//! The queue in front of a journal's writer, the same for both journals:
//! writes go in from any task or thread without waiting, each with the
//! channel its answer goes back on (or none), and the writer takes them
//! out in batches. Once closed, a write is answered at once as stopped.

use super::{Commit, StoreError, Write};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot};

/// A write's outcome: `Ok` once durable.
pub(crate) type Outcome = Result<(), Arc<StoreError>>;

/// One write waiting for the writer.
pub(crate) struct Job {
    pub(crate) write: Write,
    answer: Option<oneshot::Sender<Outcome>>,
}

impl Job {
    /// Tell whoever waits for this write how it went.
    pub(crate) fn answer(self, outcome: Outcome) {
        if let Some(answer) = self.answer {
            let _ = answer.send(outcome);
        }
    }
}

/// The writer's inbox, as the rest of the server sees it.
pub(crate) struct WriteQueue {
    jobs: Mutex<Option<mpsc::UnboundedSender<Job>>>,
}

impl WriteQueue {
    /// A queue, and the end the writer reads.
    pub(crate) fn new() -> (WriteQueue, mpsc::UnboundedReceiver<Job>) {
        let (jobs, inbox) = mpsc::unbounded_channel();
        let queue = WriteQueue {
            jobs: Mutex::new(Some(jobs)),
        };
        (queue, inbox)
    }

    fn queue(&self, job: Job) {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        let refused = match jobs.as_ref() {
            Some(jobs) => jobs.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        if let Some(job) = refused {
            job.answer(Err(Arc::new(StoreError::Stopped)));
        }
    }

    /// Queue `write`; the answer says when it is durable.
    pub(crate) fn send(&self, write: Write) -> Commit {
        let (answer, outcome) = oneshot::channel();
        self.queue(Job {
            write,
            answer: Some(answer),
        });
        Commit::pending(outcome)
    }

    /// Queue `write`, answered to nobody.
    pub(crate) fn send_detached(&self, write: Write) {
        self.queue(Job {
            write,
            answer: None,
        });
    }

    /// Take no more writes: the writer ends once it has done those queued.
    pub(crate) fn close(&self) {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner()).take();
    }
}
