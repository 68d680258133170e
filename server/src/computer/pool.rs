//! The threads that search computer players' moves. Search is long,
//! CPU-bound work: it runs here, never on the async runtime's workers, so
//! a computer thinking cannot delay anyone's connection. The queue is
//! bounded: a computer whose search would be one more than it holds waits
//! for a place (and so plays later), nothing grows without limit.

use engine::{Level, Searcher, Table};
use protocol::rules::{Move, Position};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Semaphore, oneshot};

/// One search to run.
struct Job {
    position: Position,
    /// The positions since the last capture, `position` last (Oware's
    /// repetition rule; empty for other rules).
    since_capture: Vec<Position>,
    level: Level,
    time: Duration,
    answer: oneshot::Sender<Option<Move>>,
}

/// The search threads and their queue.
pub(crate) struct Pool {
    jobs: SyncSender<Job>,
    /// Places in the queue (waiting or being searched).
    places: Arc<Semaphore>,
}

impl Pool {
    /// `threads` search threads (at least one), each with a table of
    /// `table_bytes`, and a queue of `queue` searches (at least one).
    pub(crate) fn start(threads: usize, queue: usize, table_bytes: usize) -> Pool {
        let queue = queue.max(1);
        let (jobs, inbox) = mpsc::sync_channel::<Job>(queue);
        let inbox = Arc::new(Mutex::new(inbox));
        for n in 0..threads.max(1) {
            let inbox = Arc::clone(&inbox);
            let spawned = std::thread::Builder::new()
                .name(format!("computer-search-{n}"))
                .spawn(move || search_thread(&inbox, table_bytes));
            if let Err(e) = spawned {
                tracing::error!("cannot start a computer search thread: {e}");
            }
        }
        Pool {
            jobs,
            places: Arc::new(Semaphore::new(queue)),
        }
    }

    /// The move `level` chooses in `position` (reached through
    /// `since_capture` since the last capture), searching at most `time`;
    /// `None` when the game is over or the pool has stopped.
    pub(crate) async fn choose(
        &self,
        position: Position,
        since_capture: Vec<Position>,
        level: Level,
        time: Duration,
    ) -> Option<Move> {
        let _place = Arc::clone(&self.places).acquire_owned().await.ok()?;
        let (answer, chosen) = oneshot::channel();
        let job = Job {
            position,
            since_capture,
            level,
            time,
            answer,
        };
        // Never blocks: a place was taken, and the channel holds as many.
        self.jobs.try_send(job).ok()?;
        chosen.await.ok().flatten()
    }
}

fn search_thread(inbox: &Mutex<Receiver<Job>>, table_bytes: usize) {
    let mut searcher = Searcher::new(Table::with_bytes(table_bytes));
    let mut rng = StdRng::from_os_rng();
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
        searcher.set_since_capture(&job.since_capture);
        let chosen = job
            .level
            .choose(&mut searcher, &job.position, job.time, &mut rng);
        let _ = job.answer.send(chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{Ruleset, Variant};

    #[tokio::test]
    async fn more_searches_than_places_all_get_their_moves() {
        let pool = Arc::new(Pool::start(2, 1, 1 << 16));
        let position = Position::start(Ruleset::default_for(Variant::Kalah));
        let searches = (1..=8).map(|n| {
            let pool = Arc::clone(&pool);
            let level = Level::new(n).expect("a level");
            tokio::spawn(async move {
                pool.choose(position, Vec::new(), level, Duration::from_millis(5))
                    .await
            })
        });
        for search in searches.collect::<Vec<_>>() {
            let chosen = search.await.expect("joins").expect("a move");
            assert!(position.legal_moves().contains(chosen));
        }
    }
}
