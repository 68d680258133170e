//! The exact solver: the value of a position with perfect play, for Kalah
//! (every board and capture rule) and Mangala, whose play looks at the
//! houses only. Unlike
//! [`crate::Searcher`], which scores a position by its stores and keys its
//! table on the whole position, this one searches the value of the seeds
//! left in the houses (the stores only add to it), so its table and its
//! endgame database share one entry among every store split; each first
//! move is solved by MTD(f) (null-window searches closing in on the
//! value from a shallow search's guess, [`preview`]), with the table's
//! move first, extra turns and captures next,
//! and a look at the children's table entries before searching any
//! (enhanced transposition cut-offs).

mod preview;
mod table;

use crate::endgame::Endgame;

use crate::Solution;
use crate::endgame::board::{Board, Next, Rules, Step, store_difference};
use protocol::rules::{Move, Position, Ruleset};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use table::{Known, SharedTable, SolveTable};

/// Why a position was not solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The rules have no exact solve here: the [`Solver`] takes Kalah and
    /// Mangala, the search the relay games; Oware's repetition rule makes
    /// its lines too many, and the Kazakh games' lines may cycle for ever.
    #[error(
        "{0} is not solvable here: kalah and mangala are (by the solver), kalah_relay and congkak \
         (by the search); Oware's repetition rule makes its lines too many, and Togyz Kumalak \
         and Bestemshe have no repetition rule at all, so a line may go round a cycle for ever"
    )]
    NotSolvable(Ruleset),
    /// An endgame database was given for a game the search solves, which
    /// takes none.
    #[error("{0} is solved by the general search, which takes no endgame database")]
    NoEndgameHere(Ruleset),
    /// The game is over already.
    #[error("the game is over: there is nothing to solve")]
    Over,
    /// The database given is for other rules.
    #[error("the endgame database is for {database}, the position for {position}")]
    OtherRules {
        /// The database's rules.
        database: Ruleset,
        /// The position's.
        position: Ruleset,
    },
}

/// What a solver has used, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverStats {
    /// Positions visited.
    pub nodes: u64,
    /// Positions answered by the endgame database.
    pub endgame_hits: u64,
    /// The table's size in bytes.
    pub table_bytes: usize,
    /// Entries it can hold.
    pub table_entries: usize,
}

/// Solves positions exactly, sharing one table (and optionally an endgame
/// database) across calls, on one thread or several.
pub struct Solver {
    table: SolveTable,
    endgame: Option<Arc<Endgame>>,
    threads: usize,
    busy: Busy,
    nodes: u64,
    endgame_hits: u64,
    /// The first thread's move-order tie breaker, kept from call to call.
    history: [u32; MAX_MOVES],
    /// Positions searched by every thread, counted [`STOP_CHECK`] at a time.
    searched: AtomicU64,
    progress: Option<Progress>,
    /// Positions the shallow searches for MTD(f)'s first guesses may visit
    /// ([`preview`]); `None`: as many as the board's seeds call for
    /// ([`preview::nodes_for`]).
    preview_nodes: Option<u64>,
    /// Whether the table's memory has been had from the system yet
    /// ([`Solver::populating_table_meanwhile`]).
    table_populated: bool,
}

/// Told the positions searched so far each time `every` more are.
struct Progress {
    every: u64,
    report: Box<dyn Fn(u64) + Send + Sync>,
}

/// At most this many moves in a position.
const MAX_MOVES: usize = 8;

/// The moves of a board played, in the order to search them.
type Children = [Option<(u8, Step)>; MAX_MOVES];

/// How often (in positions) a thread looks whether another has finished.
const STOP_CHECK: u64 = 1024;

impl Solver {
    /// A solver with a table of about `table_bytes` and, if given, an
    /// endgame database that answers every position it covers.
    pub fn new(table_bytes: usize, endgame: Option<Arc<Endgame>>) -> Solver {
        Solver {
            table: SolveTable::with_bytes(table_bytes),
            endgame,
            threads: 1,
            busy: Busy::new(),
            nodes: 0,
            endgame_hits: 0,
            history: [0; MAX_MOVES],
            searched: AtomicU64::new(0),
            progress: None,
            preview_nodes: None,
            table_populated: false,
        }
    }

    /// Let the shallow searches that guess each first move's value for
    /// MTD(f) visit `nodes` positions in all (by default 2^(seeds / 2 − 2) for
    /// a board of that many seeds in the houses, at most about four
    /// million, a second); 0 starts every MTD(f) from the guess 0 instead,
    /// as the solver did before. The values found never depend on it, only
    /// the work: a guess below the value costs as much as none
    /// (docs/ENGINE.md, "The solver").
    pub fn with_preview_nodes(mut self, nodes: u64) -> Solver {
        self.preview_nodes = Some(nodes);
        self
    }

    /// Tell `report` the positions searched so far (by every thread) each
    /// time about `every` more have been (rounded to a multiple of 1,024):
    /// a long solve can go minutes between two first moves.
    pub fn with_progress(
        mut self,
        every: u64,
        report: impl Fn(u64) + Send + Sync + 'static,
    ) -> Solver {
        self.progress = Some(Progress {
            // Rounded up to whole checks; `u64::MAX` (never) stays never.
            every: every
                .max(STOP_CHECK)
                .checked_next_multiple_of(STOP_CHECK)
                .unwrap_or(u64::MAX),
            report: Box::new(report),
        });
        self
    }

    /// Search each first move with `threads` threads (at least one)
    /// sharing the table: the solver waits on memory far more than it
    /// computes, so a second core nearly doubles the positions a second
    /// (docs/ENGINE.md, "The solver").
    pub fn with_threads(mut self, threads: usize) -> Solver {
        self.threads = threads.max(1);
        self
    }

    /// What it has used so far.
    pub fn stats(&self) -> SolverStats {
        SolverStats {
            nodes: self.nodes,
            endgame_hits: self.endgame_hits,
            table_bytes: self.table.bytes(),
            table_entries: self.table.capacity(),
        }
    }

    /// The value of `position` with perfect play (its mover's final seeds
    /// less his opponent's) and of each legal move, in house order;
    /// `solved` hears each move as it is solved, with the positions the
    /// solver had visited by then.
    pub fn solve(
        &mut self,
        position: &Position,
        mut solved: impl FnMut(Move, i32, u64),
    ) -> Result<Solution, SolveError> {
        let (rules, board) = self.prepare(position)?;
        let mover = position.to_move().ok_or(SolveError::Over)?;
        let start = self.nodes;
        let guesses = self.first_guesses(position, &board);
        let mut moves = Vec::new();
        let children = self.alone(|worker| worker.children(&board, rules, None));
        for (house, step) in children.into_iter().flatten() {
            let mv = Move::from_index(house);
            let banked = store_difference(position, mover) + step.gain;
            let value = banked + self.after(&step, rules, guess_after(&guesses, mv, banked));
            solved(mv, value, self.nodes - start);
            moves.push((mv, value));
        }
        moves.sort_by_key(|(mv, _)| mv.index());
        let value = moves
            .iter()
            .map(|&(_, v)| v)
            .max()
            .ok_or(SolveError::Over)?;
        Ok(Solution {
            value,
            moves,
            nodes: self.nodes - start,
        })
    }

    /// The value of `position` with perfect play and a move that reaches
    /// it, without each other move's own value: the best-looking move is
    /// solved, and every other is only shown to do no better (one
    /// null-window search each), the way a plain solver finds a game's
    /// value. `solved` hears the move whose value is known.
    pub fn value(
        &mut self,
        position: &Position,
        mut solved: impl FnMut(Move, i32, u64),
    ) -> Result<(Move, i32, u64), SolveError> {
        let (rules, board) = self.prepare(position)?;
        let mover = position.to_move().ok_or(SolveError::Over)?;
        let start = self.nodes;
        let guesses = self.first_guesses(position, &board);
        let mut best: Option<(Move, i32)> = None;
        let mut children: Vec<(u8, Step)> = self
            .alone(|worker| worker.children(&board, rules, None))
            .into_iter()
            .flatten()
            .collect();
        // The move guessed best first (ties in the solver's own order): the
        // others then need only show that they do no better.
        children
            .sort_by_key(|&(house, _)| -guess_of(&guesses, Move::from_index(house)).unwrap_or(0));
        for (house, step) in children {
            let banked = store_difference(position, mover) + step.gain;
            let mv = Move::from_index(house);
            if let Some((_, value)) = best {
                // Does this move do better than `value`? One null window.
                let target = value - banked;
                let better = self.alone(|worker| match step.next {
                    Next::Over => 0 > target,
                    Next::Again => worker.search(&step.board, rules, target, target + 1) > target,
                    Next::Other => {
                        worker.search(&step.board, rules, -target - 1, -target) < -target
                    }
                });
                if !better {
                    continue;
                }
            }
            let value = banked + self.after(&step, rules, guess_after(&guesses, mv, banked));
            solved(mv, value, self.nodes - start);
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
            }
        }
        let (mv, value) = best.ok_or(SolveError::Over)?;
        Ok((mv, value, self.nodes - start))
    }

    /// A guess at each first move's value ([`preview`]), none when the
    /// preview is off.
    fn first_guesses(&mut self, position: &Position, board: &Board) -> Vec<(Move, i32)> {
        let nodes = self
            .preview_nodes
            .unwrap_or_else(|| preview::nodes_for(board.seeds()));
        if nodes == 0 {
            return Vec::new();
        }
        self.populating_table_meanwhile(|| preview::first_guesses(position, nodes))
    }

    /// Run `work` (one-threaded) while, on the first call and if more than
    /// one thread was asked for, another has the table's pages from the
    /// system: work the search's threads would otherwise do on their first
    /// writes (a 1 GiB table took 1.6-2.0 s in this virtual machine).
    fn populating_table_meanwhile<T>(&mut self, work: impl FnOnce() -> T) -> T {
        let populate = !self.table_populated && self.threads > 1;
        self.table_populated |= populate;
        let table = &self.table;
        std::thread::scope(|scope| {
            if populate {
                scope.spawn(|| table.populate());
            }
            work()
        })
    }

    /// The solver's rules and board for `position`, if it takes them.
    fn prepare(&self, position: &Position) -> Result<(Rules, Board), SolveError> {
        let ruleset = position.ruleset();
        let rules = Rules::of(ruleset).ok_or(SolveError::NotSolvable(ruleset))?;
        if let Some(endgame) = &self.endgame
            && endgame.ruleset() != ruleset
        {
            return Err(SolveError::OtherRules {
                database: endgame.ruleset(),
                position: ruleset,
            });
        }
        let board = Board::of(position, rules).ok_or(SolveError::Over)?;
        Ok((rules, board))
    }

    /// A thread of this solver that is never stopped.
    fn alone<T>(&mut self, work: impl FnOnce(&mut Worker<'_>) -> T) -> T {
        let never = AtomicBool::new(false);
        let history = self.history;
        let mut worker = Worker::new(self.context(), &never, history);
        let out = work(&mut worker);
        let (nodes, hits, history) = (worker.nodes, worker.endgame_hits, worker.history);
        self.nodes += nodes;
        self.endgame_hits += hits;
        self.history = history;
        out
    }

    /// What every thread of a search shares: the table lent to them, the
    /// database, the marks and the count.
    fn context(&mut self) -> Context<'_> {
        Context {
            table: self.table.shared(),
            endgame: self.endgame.as_deref(),
            busy: &self.busy,
            searched: &self.searched,
            progress: self.progress.as_ref(),
            shared: self.threads > 1,
        }
    }

    /// The exact value, for the player who made `step`, of the seeds left
    /// after it (what he banked by it aside): every thread runs MTD(f) on
    /// it from `guess` (a guess at that value), sharing the table and
    /// leaving to one another the subtrees another is in ([`Busy`]), and
    /// the first to finish gives the value (each would find the same).
    fn after(&mut self, step: &Step, rules: Rules, guess: i32) -> i32 {
        let sign = match step.next {
            Next::Over => return 0,
            Next::Again => 1,
            Next::Other => -1,
        };
        // The guess, for the mover of the board after the step.
        let guess = sign * guess;
        if self.threads == 1 {
            return sign * self.alone(|worker| worker.mtdf(&step.board, rules, guess).unwrap_or(0));
        }
        let stop = AtomicBool::new(false);
        let (threads, history) = (self.threads, self.history);
        let context = self.context();
        let (value, counts, history) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| {
                    let stop = &stop;
                    scope.spawn(move || {
                        let mut worker = Worker::new(context, stop, [0; MAX_MOVES]);
                        let value = worker.mtdf(&step.board, rules, guess);
                        stop.store(true, Ordering::Relaxed);
                        (value, worker.nodes, worker.endgame_hits)
                    })
                })
                .collect();
            let mut first = Worker::new(context, &stop, history);
            let mut value = first.mtdf(&step.board, rules, guess);
            stop.store(true, Ordering::Relaxed);
            let mut counts = (first.nodes, first.endgame_hits);
            for helper in helpers {
                // A helper that panicked found nothing; the first thread's
                // value (or another's) stands.
                if let Ok((found, nodes, hits)) = helper.join() {
                    debug_assert!(value.is_none() || found.is_none() || value == found);
                    value = value.or(found);
                    counts.0 += nodes;
                    counts.1 += hits;
                }
            }
            (value, counts, first.history)
        });
        self.nodes += counts.0;
        self.endgame_hits += counts.1;
        self.history = history;
        // The first thread is only stopped once another has a value.
        sign * value.unwrap_or(0)
    }
}

/// The guess for `mv` among `guesses` (the mover's final difference).
fn guess_of(guesses: &[(Move, i32)], mv: Move) -> Option<i32> {
    guesses
        .iter()
        .find(|&&(m, _)| m == mv)
        .map(|&(_, guess)| guess)
}

/// The guess at the value of the seeds left after `mv`, which banked
/// `banked` (the stores' difference after it): 0 without a guess.
fn guess_after(guesses: &[(Move, i32)], mv: Move, banked: i32) -> i32 {
    guess_of(guesses, mv).map_or(0, |guess| guess - banked)
}

/// Where a child's value is read from.
#[derive(Clone, Copy)]
enum Source {
    /// The endgame database, at this place.
    Endgame(usize),
    /// The table, under this key.
    Table(u64),
    /// Nowhere: the game is over, or the table does not keep the board
    /// ([`Board::key`]).
    Nowhere,
}

/// Boards some thread is searching now, for the others to leave for later
/// (a simple form of ABDADA): only boards of many seeds are marked, as
/// their subtrees are worth sharing out and few enough to mark cheaply.
struct Busy {
    boards: Vec<AtomicU64>,
}

/// Marks kept (a power of two).
const BUSY_BITS: u32 = 14;
const BUSY_SLOTS: usize = 1 << BUSY_BITS;

/// Boards with more seeds than the database by this many are marked.
const BUSY_ABOVE_ENDGAME: u32 = 8;

impl Busy {
    fn new() -> Busy {
        Busy {
            boards: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        let at = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BUSY_BITS)) as usize;
        &self.boards[at]
    }

    /// Mark `key` as being searched, unless its slot is taken.
    fn enter(&self, key: u64) -> bool {
        self.slot(key)
            .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }
}

/// What the threads of one search share.
#[derive(Clone, Copy)]
struct Context<'a> {
    table: SharedTable<'a>,
    endgame: Option<&'a Endgame>,
    busy: &'a Busy,
    searched: &'a AtomicU64,
    progress: Option<&'a Progress>,
    /// Whether other threads search beside this one.
    shared: bool,
}

/// One thread's search: the shared table, database and marks, and its own
/// counts and move-order history.
struct Worker<'a> {
    table: SharedTable<'a>,
    endgame: Option<&'a Endgame>,
    busy: &'a Busy,
    /// Set once some thread has the value: the others give up.
    stop: &'a AtomicBool,
    searched: &'a AtomicU64,
    progress: Option<&'a Progress>,
    /// Whether other threads search beside this one.
    shared: bool,
    /// This thread gave up: nothing it finds now may be stored.
    aborted: bool,
    nodes: u64,
    endgame_hits: u64,
    /// Per house, how often a move cut the search off: the move order's
    /// tie breaker.
    history: [u32; MAX_MOVES],
}

impl<'a> Worker<'a> {
    fn new(context: Context<'a>, stop: &'a AtomicBool, history: [u32; MAX_MOVES]) -> Worker<'a> {
        Worker {
            table: context.table,
            endgame: context.endgame,
            busy: context.busy,
            stop,
            searched: context.searched,
            progress: context.progress,
            shared: context.shared,
            aborted: false,
            nodes: 0,
            endgame_hits: 0,
            history,
        }
    }

    /// The exact value for the mover of the seeds left on `board`, by
    /// MTD(f) from `guess`: null-window searches closing in on the value,
    /// the table carrying what each learns to the next. `None` if another
    /// thread finished first.
    fn mtdf(&mut self, board: &Board, rules: Rules, guess: i32) -> Option<i32> {
        let bound = board.seeds() as i32;
        let (mut lower, mut upper) = (-bound, bound);
        let mut guess = guess.clamp(-bound, bound);
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(board, rules, beta - 1, beta);
            if self.aborted {
                return None;
            }
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        Some(guess)
    }

    /// The moves of `board` played, best-looking first: the table's move,
    /// then extra turns, then by seeds banked, then by the history.
    fn children(&self, board: &Board, rules: Rules, best: Option<u8>) -> Children {
        let mut children: Children = [None; MAX_MOVES];
        let mut keys = [0i64; MAX_MOVES];
        let moves = board.moves(rules);
        let houses = (0..rules.houses as u8).filter(|h| moves & (1 << h) != 0);
        for (len, house) in houses.enumerate() {
            let step = board.play(rules, usize::from(house));
            let order = if Some(house) == best {
                i64::MAX
            } else {
                (i64::from(step.next == Next::Again) << 48)
                    + (i64::from(step.gain + 128) << 32)
                    + i64::from(self.history[usize::from(house)])
            };
            crate::search::order::insert_by_key(
                &mut children,
                &mut keys,
                len,
                Some((house, step)),
                order,
            );
        }
        children
    }

    /// Add this thread's last [`STOP_CHECK`] positions to the solver's
    /// count, and report it when it reaches a multiple of the progress
    /// step (exactly one thread's addition does).
    fn count_searched(&self) {
        let total = self.searched.fetch_add(STOP_CHECK, Ordering::Relaxed) + STOP_CHECK;
        if let Some(progress) = self.progress
            && total.is_multiple_of(progress.every)
        {
            (progress.report)(total);
        }
    }

    /// Count one more position visited, and give up (false) if another
    /// thread has the value.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(STOP_CHECK) {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
                return false;
            }
            self.count_searched();
        }
        true
    }

    /// Where the value of the board after `step` is read from.
    fn source_of(&self, step: &Step, rules: Rules) -> Source {
        if step.next == Next::Over {
            return Source::Nowhere;
        }
        let seeds = step.board.seeds();
        if let Some(endgame) = self.endgame
            && seeds <= endgame.seeds()
        {
            return Source::Endgame(endgame.place(&step.board, seeds));
        }
        step.board.key(rules).map_or(Source::Nowhere, Source::Table)
    }

    /// The value for the mover of the seeds left on `board`, within
    /// (`alpha`, `beta`): fail-soft, so a value outside the window is a
    /// bound on the true one. Once [`Worker::aborted`] the value means
    /// nothing.
    fn search(&mut self, board: &Board, rules: Rules, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.visit() {
            return 0;
        }
        let seeds = board.seeds();
        if let Some(endgame) = self.endgame
            && seeds <= endgame.seeds()
        {
            self.endgame_hits += 1;
            return endgame.lookup(board, seeds);
        }
        let marked =
            self.shared && seeds > self.endgame.map_or(0, Endgame::seeds) + BUSY_ABOVE_ENDGAME;
        // The rest is shared out: the value lies within the seeds left.
        let seeds = seeds as i32;
        if alpha >= seeds {
            return seeds;
        }
        if beta <= -seeds {
            return -seeds;
        }
        let key = board.key(rules);
        let known = key.and_then(|key| self.table.get(key));
        if let Some(known) = known {
            if known.lower >= beta {
                return known.lower;
            }
            if known.upper <= alpha {
                return known.upper;
            }
            alpha = alpha.max(known.lower);
            beta = beta.min(known.upper);
        }
        let start = self.nodes;
        let original = (alpha, beta);
        let mut best = -seeds - 1;
        let mut best_move = None;
        let children = self.children(board, rules, known.and_then(|k| k.best));
        // Where each child's value is read from.
        let mut sources = [Source::Nowhere; MAX_MOVES];
        for (source, (_, step)) in sources.iter_mut().zip(children.iter().flatten()) {
            *source = self.source_of(step, rules);
        }
        // The values of the children the database answers.
        let mut exact = [None; MAX_MOVES];
        // A child whose table entry already reaches beta cuts off without
        // a search (enhanced transposition cut-off: a quarter fewer
        // positions, about the same time), and so does a child the
        // database answers (Kalah(6,4) with the 20-seed database: 35-38 M
        // positions instead of 46 M, 13.8-16.5 s instead of 16.1-18.2 s).
        for (i, (house, step)) in children.iter().flatten().enumerate() {
            let known = match (sources[i], self.endgame) {
                (Source::Endgame(place), Some(endgame)) => {
                    let value = endgame.value_at(place);
                    exact[i] = Some(value);
                    Some(Known::exactly(value))
                }
                (Source::Table(key), _) => self.table.get(key),
                _ => None,
            };
            let lower = match (step.next, known) {
                (Next::Over, _) => 0,
                (Next::Again, Some(known)) => known.lower,
                (Next::Other, Some(known)) => -known.upper,
                _ => continue,
            };
            if step.gain + lower >= beta {
                if let Some(key) = key {
                    self.table
                        .put(key, (step.gain + lower, seeds), Some(*house), 0);
                }
                return step.gain + lower;
            }
        }
        let entered = marked && key.is_some_and(|key| self.busy.enter(key));
        // With other threads about, the first pass leaves the children
        // another thread is searching (after the first, which is searched
        // at once) for the second, by when they may be in the table.
        let mut deferred = [false; MAX_MOVES];
        let passes = if marked { 2 } else { 1 };
        'passes: for pass in 0..passes {
            for (i, (house, step)) in children.iter().flatten().enumerate() {
                if pass == 1 && !deferred[i] {
                    continue;
                }
                if pass == 0
                    && marked
                    && i > 0
                    && matches!(sources[i], Source::Table(child) if self.busy.is_busy(child))
                {
                    deferred[i] = true;
                    continue;
                }
                let value = match (step.next, exact[i]) {
                    (Next::Over, _) => step.gain,
                    // Visited as a search of it would: counted, answered
                    // by the database.
                    (next, Some(value)) => {
                        if !self.visit() {
                            break 'passes;
                        }
                        self.endgame_hits += 1;
                        if next == Next::Again {
                            step.gain + value
                        } else {
                            step.gain - value
                        }
                    }
                    (Next::Again, None) => {
                        let (a, b) = (alpha - step.gain, beta - step.gain);
                        step.gain + self.search(&step.board, rules, a, b)
                    }
                    (Next::Other, None) => {
                        let (a, b) = (step.gain - beta, step.gain - alpha);
                        step.gain - self.search(&step.board, rules, a, b)
                    }
                };
                if self.aborted {
                    break 'passes;
                }
                if value > best {
                    best = value;
                    best_move = Some(*house);
                }
                alpha = alpha.max(value);
                if alpha >= beta {
                    let count = &mut self.history[usize::from(*house)];
                    *count = count.saturating_add(1);
                    break 'passes;
                }
            }
        }
        if let Some(key) = key
            && entered
        {
            self.busy.leave(key);
        }
        if self.aborted {
            return 0;
        }
        let work = (self.nodes - start).max(1).ilog2() as u8;
        let bounds = if best <= original.0 {
            (-seeds, best)
        } else if best >= original.1 {
            (best, seeds)
        } else {
            (best, best)
        };
        if let Some(key) = key {
            self.table.put(key, bounds, best_move, work);
        }
        best
    }
}

#[cfg(test)]
mod tests;
