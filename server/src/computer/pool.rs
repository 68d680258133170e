//! The threads that search computer players' moves. Search is long,
//! CPU-bound work: it runs here, never on the async runtime's workers, so
//! a computer thinking cannot delay anyone's connection.
//!
//! A search is asked for with a deadline on the server's clock, not a
//! length: the time it waits for a place and for a thread counts against
//! the computer's own clock. When twenty challengers kept computer-8's
//! searches queued, computer-1 once took 29.4 s for one move and lost a
//! 30 s game on time. Now a search that cannot start with enough of its
//! time left is answered at once by a quick shallow search
//! ([`quick_move`]): a computer may play worse when the server is busy,
//! never lose on time.

use crate::clock::{Clock, Millis};
use crate::metrics::Metrics;
use engine::{Endgames, Level, Searcher, Table};
use protocol::rules::{Move, Position};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Semaphore, oneshot};

/// A search with less time left than this when it could start plays the
/// quick move instead.
const SHORTEST_SEARCH_MS: Millis = 20;

/// The quick search's depth in plies: microseconds on any board.
const QUICK_DEPTH: u8 = 3;

/// The quick search's table.
const QUICK_TABLE_BYTES: usize = 64 * 1024;

/// What to search: a position, what the game has seen since its last
/// capture (Oware's repetition rule; empty for other rules), who searches,
/// and by when the move must be chosen, on the server's clock.
pub(crate) struct Request {
    pub(crate) position: Position,
    pub(crate) since_capture: Vec<Position>,
    pub(crate) level: Level,
    pub(crate) deadline: Millis,
}

/// One search to run, holding its place in the queue until a thread takes
/// it (so the queue never holds more than its places, even when the asker
/// stopped waiting).
struct Job {
    request: Request,
    answer: oneshot::Sender<Option<Move>>,
    _place: tokio::sync::OwnedSemaphorePermit,
}

/// The search threads and their queue.
pub(crate) struct Pool {
    jobs: SyncSender<Job>,
    /// Places in the queue (waiting or being searched).
    places: Arc<Semaphore>,
    clock: Clock,
    metrics: Arc<Metrics>,
}

impl Pool {
    /// `threads` search threads (0: one per core), each with a table of
    /// `table_bytes`, and a queue of `queue` searches (at least one).
    pub(crate) fn start(
        threads: usize,
        queue: usize,
        table_bytes: usize,
        endgames: &Endgames,
        clock: Clock,
        metrics: Arc<Metrics>,
    ) -> Pool {
        let queue = queue.max(1);
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        let (jobs, inbox) = mpsc::sync_channel::<Job>(queue);
        let inbox = Arc::new(Mutex::new(inbox));
        for n in 0..threads {
            let inbox = Arc::clone(&inbox);
            let clock = clock.clone();
            let metrics = Arc::clone(&metrics);
            let searcher = Searcher::new(Table::with_bytes(table_bytes)).with_endgames(endgames);
            let spawned = std::thread::Builder::new()
                .name(format!("computer-search-{n}"))
                .spawn(move || search_thread(&inbox, searcher, &clock, &metrics));
            if let Err(e) = spawned {
                tracing::error!("cannot start a computer search thread: {e}");
            }
        }
        Pool {
            jobs,
            places: Arc::new(Semaphore::new(queue)),
            clock,
            metrics,
        }
    }

    /// The move `request.level` chooses by `request.deadline`; `None` when
    /// the game is over. A request still waiting (for a place, or in the
    /// queue for a thread) when its deadline comes gets the quick move at
    /// once; a queued one whose asker stopped waiting is skipped.
    pub(crate) async fn choose(&self, request: Request) -> Option<Move> {
        self.metrics.computer_moves_pending.inc();
        let _pending = Pending(&self.metrics);
        let (position, since_capture, deadline) = (
            request.position,
            request.since_capture.clone(),
            request.deadline,
        );
        let searched = async {
            let place = Arc::clone(&self.places).acquire_owned().await.ok()?;
            let (answer, chosen) = oneshot::channel();
            // Never blocks: a place was taken, and the channel holds as many.
            let job = Job {
                request,
                answer,
                _place: place,
            };
            self.jobs.try_send(job).ok()?;
            chosen.await.ok()
        };
        tokio::select! {
            // A search that gave no move (the pool stopping) gets the quick one.
            chosen = searched => chosen.flatten().or_else(|| quick_move(&position, &since_capture)),
            () = self.clock.timer(deadline) => {
                self.metrics.computer_fallbacks.inc();
                quick_move(&position, &since_capture)
            }
        }
    }
}

/// A move being chosen, counted in the metrics until it is (or is dropped).
struct Pending<'a>(&'a Metrics);

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        self.0.computer_moves_pending.dec();
    }
}

/// A move found at once by a shallow search: what a computer plays when
/// his search could not start in time.
pub(crate) fn quick_move(position: &Position, since_capture: &[Position]) -> Option<Move> {
    // No endgame database: the first search of a ruleset in the process
    // would build it (seconds), and this move is wanted now.
    let mut searcher = Searcher::new(Table::with_bytes(QUICK_TABLE_BYTES));
    searcher.set_since_capture(since_capture);
    searcher
        .best_move(position, QUICK_DEPTH)
        .map(|(mv, _)| mv)
        .or_else(|| position.legal_moves().nth(0))
}

/// The time a search may take when it starts at `now`; `None` when too
/// little is left for a search worth the name.
fn search_time(deadline: Millis, now: Millis) -> Option<Duration> {
    let left = deadline.saturating_sub(now);
    (left >= SHORTEST_SEARCH_MS).then(|| Duration::from_millis(left))
}

fn search_thread(
    inbox: &Mutex<Receiver<Job>>,
    mut searcher: Searcher,
    clock: &Clock,
    metrics: &Metrics,
) {
    let mut rng = StdRng::from_os_rng();
    loop {
        let job = {
            let Ok(inbox) = inbox.lock() else {
                return;
            };
            inbox.recv()
        };
        let Ok(Job {
            request,
            answer,
            _place,
        }) = job
        else {
            // Every sender is gone: the server has stopped.
            return;
        };
        if answer.is_closed() {
            // Answered already by the quick move: its deadline came first.
            continue;
        }
        let chosen = match search_time(request.deadline, clock.now()) {
            Some(time) => {
                searcher.set_since_capture(&request.since_capture);
                request
                    .level
                    .choose(&mut searcher, &request.position, time, &mut rng)
            }
            None => {
                metrics.computer_fallbacks.inc();
                quick_move(&request.position, &request.since_capture)
            }
        };
        let _ = answer.send(chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use protocol::rules::{Ruleset, Variant};

    fn kalah() -> Position {
        Position::start(Ruleset::default_for(Variant::Kalah))
    }

    #[tokio::test]
    async fn more_searches_than_places_all_get_their_moves() {
        let (clock, _manual) = ManualClock::new();
        let pool = Arc::new(Pool::start(
            2,
            1,
            1 << 16,
            &Endgames::new(),
            clock.clone(),
            Arc::default(),
        ));
        let position = kalah();
        let searches = (1..=8).map(|n| {
            let pool = Arc::clone(&pool);
            let level = Level::new(n).expect("a level");
            let deadline = clock.now() + 50;
            tokio::spawn(async move {
                let request = Request {
                    position,
                    since_capture: Vec::new(),
                    level,
                    deadline,
                };
                pool.choose(request).await
            })
        });
        for search in searches.collect::<Vec<_>>() {
            let chosen = search.await.expect("joins").expect("a move");
            assert!(position.legal_moves().contains(chosen));
        }
    }

    #[test]
    fn the_wait_counts_against_the_search() {
        assert_eq!(search_time(1_000, 0), Some(Duration::from_millis(1_000)));
        assert_eq!(search_time(1_000, 900), Some(Duration::from_millis(100)));
        assert_eq!(search_time(1_000, 990), None, "too little left");
        assert_eq!(search_time(1_000, 5_000), None, "past its deadline");
    }

    /// A request whose deadline passed while it waited for a place gets the
    /// quick move at once, without a search thread.
    #[tokio::test]
    async fn a_request_past_its_deadline_gets_the_quick_move_at_once() {
        let (clock, manual) = ManualClock::new();
        let metrics = Arc::new(Metrics::default());
        // No thread searches, and the one place is taken: nothing but the
        // deadline can answer.
        let pool = Pool {
            jobs: mpsc::sync_channel(1).0,
            places: Arc::new(Semaphore::new(0)),
            clock: clock.clone(),
            metrics: Arc::clone(&metrics),
        };
        let position = kalah();
        let request = Request {
            position,
            since_capture: Vec::new(),
            level: Level::MAX,
            deadline: clock.now() + 1_500,
        };
        let chosen = tokio::spawn(async move { pool.choose(request).await });
        manual.advance(1_500);
        let chosen = chosen.await.expect("joins").expect("a move");
        assert!(position.legal_moves().contains(chosen));
        assert_eq!(metrics.computer_fallbacks.get(), 1);
    }

    #[test]
    fn the_quick_move_is_legal() {
        let position = kalah();
        let mv = quick_move(&position, &[]).expect("a move");
        assert!(position.legal_moves().contains(mv));
    }
}
