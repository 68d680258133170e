//! Negamax alpha-beta over positions. A value is always the mover's: his
//! store less his opponent's when the game is over (the exact result), or
//! an estimate of it at the search's horizon ([`Evaluation`]: the same
//! difference of the stores now, and a tuzdik's worth). A move
//! that gives the mover another turn keeps the window as it is; any other
//! move hands the game over, and the value and window change sign.
//!
//! Moves are tried best first: the move the table remembers for the
//! position, then moves that earn another turn, then the others by the
//! seeds they bank, so that cut-offs come early. [`Searcher::think`]
//! deepens one ply at a time within a [`Budget`] and answers the best move
//! of the deepest search it finished. Under Oware's repetition rule each
//! line carries the positions since its last capture ([`super::line`]).

use super::evaluation::Evaluation;
use super::line::{Line, Step};
use super::table::{Bound, EXACT_DEPTH, Key, Learnt, Table};
use crate::endgame::{Endgame, Endgames, OwareBounds};
use protocol::rules::{Move, Position, Ruleset, Side, Status};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Searches, sharing one transposition table.
pub struct Searcher {
    table: Table,
    nodes: u64,
    limit: Limit,
    /// The budget ran out: values found since are not to be trusted.
    stopped: bool,
    /// A line was cut at the horizon (the value is an estimate, not exact).
    horizon: bool,
    /// Per side and house, how often a move cut the search off: the tie
    /// breaker of the move order.
    history: [[u32; MAX_MOVES]; 2],
    /// The endgame databases of the rules last searched.
    databases: Databases,
    /// Where they come from; none: the search goes all the way itself.
    endgames: Option<Endgames>,
    /// The positions since the last capture along the line searched, for
    /// Oware's repetition rule.
    line: Line,
    /// How positions are valued at the horizon: those of the rules last
    /// searched.
    evaluation: Evaluation,
    /// An evaluation chosen for every rules instead (the tuning matches').
    chosen: Option<Evaluation>,
}

/// The shared databases of one ruleset that a search reads its late game
/// from: Kalah's and Mangala's exact values, Oware's bounds.
#[derive(Default)]
struct Databases {
    /// The rules they are for (`None` before the first search).
    ruleset: Option<Ruleset>,
    exact: Option<Arc<Endgame>>,
    bounds: Option<Arc<OwareBounds>>,
}

impl Databases {
    /// Those of `ruleset` in `endgames` (built on the first search of it).
    fn of(endgames: &Endgames, ruleset: Ruleset) -> Databases {
        Databases {
            ruleset: Some(ruleset),
            exact: endgames.exact(ruleset),
            bounds: endgames.bounds(ruleset),
        }
    }

    /// Bounds (lower, upper) on `position`'s final difference for its mover,
    /// equal where the value is known: `None` if no database covers it.
    fn bounds(&self, position: &Position) -> Option<(i32, i32)> {
        if let Some(rest) = self.exact.as_ref().and_then(|e| e.value(position)) {
            let value = store_difference(position, position.to_move()?) + rest;
            return Some((value, value));
        }
        self.bounds.as_ref()?.bounds(position)
    }
}

/// Where a search must stop.
#[derive(Clone, Copy, Debug, Default)]
struct Limit {
    deadline: Option<Instant>,
    nodes: Option<u64>,
}

/// How much a search may spend: any of a time, a number of positions and
/// a depth in plies; none of them means "to the end of the game".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time from the start of the search.
    pub time: Option<Duration>,
    /// Positions visited.
    pub nodes: Option<u64>,
    /// Plies (extra turns count as plies); at most 254.
    pub depth: Option<u8>,
}

/// What a search within a budget found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The best move of the deepest search finished.
    pub best: Move,
    /// Its value for the mover (exact when `exact`).
    pub value: i32,
    /// How many plies that search went (extra turns count as plies).
    pub depth: u8,
    /// Whether every line reached the end of the game: the value is then
    /// the result with perfect play.
    pub exact: bool,
    /// Positions visited.
    pub nodes: u64,
}

/// A position solved: its value with perfect play and each move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The mover's final seeds less his opponent's, with perfect play.
    pub value: i32,
    /// Each legal move and the mover's value after it.
    pub moves: Vec<(Move, i32)>,
    /// Positions visited.
    pub nodes: u64,
}

/// The mover's store less the other's.
fn store_difference(position: &Position, mover: Side) -> i32 {
    i32::from(position.store(mover)) - i32::from(position.store(mover.opponent()))
}

/// log2 of the positions a search visited: what keeps an entry in the table.
fn work(positions: u64) -> u8 {
    positions.max(1).ilog2() as u8
}

/// A value beyond any seed difference.
const INFINITY: i32 = u8::MAX as i32;

/// How often (in positions) the clock is looked at.
const CHECK_EVERY: u64 = 1024;

/// At most this many moves (houses) in a position.
const MAX_MOVES: usize = protocol::rules::MAX_HOUSES;

/// The legal moves of `position` played, best-looking first, each with
/// whether it captured.
struct Children {
    moves: [(Move, Position, bool); MAX_MOVES],
    len: usize,
}

impl Children {
    fn of(
        position: &Position,
        mover: Side,
        hint: Option<Move>,
        history: &[u32; MAX_MOVES],
    ) -> Children {
        let mut moves = [(Move::from_index(0), *position, false); MAX_MOVES];
        let mut keys = [0i64; MAX_MOVES];
        let mut len = 0;
        for mv in position.legal_moves().iter() {
            let mut child = *position;
            let Ok(captured) = child.play_in_place(mv) else {
                continue;
            };
            if len == MAX_MOVES {
                continue;
            }
            let banked = i32::from(child.store(mover)) - i32::from(position.store(mover));
            let again = matches!(child.status(), Status::ToMove(side) if side == mover);
            let key = if Some(mv) == hint {
                i64::MAX
            } else {
                (i64::from(again) << 48)
                    + (i64::from(banked) << 32)
                    + i64::from(history[mv.index()])
            };
            super::order::insert_by_key(&mut moves, &mut keys, len, (mv, child, captured), key);
            len += 1;
        }
        Children { moves, len }
    }

    fn iter(&self) -> impl Iterator<Item = &(Move, Position, bool)> {
        self.moves[..self.len].iter()
    }
}

impl Searcher {
    /// A searcher remembering positions in `table`.
    pub fn new(table: Table) -> Searcher {
        Searcher {
            table,
            nodes: 0,
            limit: Limit::default(),
            stopped: false,
            horizon: false,
            history: [[0; MAX_MOVES]; 2],
            databases: Databases::default(),
            endgames: None,
            line: Line::default(),
            evaluation: Evaluation::STORES,
            chosen: None,
        }
    }

    /// The same searcher valuing positions at its horizon by `evaluation`
    /// whatever the rules (by default, each rules' own: [`Evaluation::of`]),
    /// as the tuning matches compare them.
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Searcher {
        self.chosen = Some(evaluation);
        self
    }

    /// Follow Oware's repetition rule from a game's history: the positions
    /// it has seen since its last capture, the one to search last
    /// ([`protocol::rules::Game::since_capture`]). Searches of that
    /// position then end a line that repeats one of them, or a position of
    /// the line itself, as the game would; a search of any other position
    /// (and every search before this is called) starts as just after a
    /// capture. Nothing changes for rules without the repetition rule.
    pub fn set_since_capture(&mut self, positions: &[Position]) {
        self.line.give(positions);
    }

    /// The same searcher reading its late game from `endgames` (shared
    /// with every searcher given the same): perfect play where they reach.
    /// Without, a searcher searches all the way itself, as the tests of the
    /// search itself want.
    pub fn with_endgames(mut self, endgames: &Endgames) -> Searcher {
        self.endgames = Some(endgames.clone());
        self.databases = Databases::default();
        self
    }

    /// Have the endgame database of `position`'s rules at hand (built on
    /// the first search of those rules).
    fn prepare(&mut self, position: &Position) {
        self.line.begin(position);
        let ruleset = position.ruleset();
        self.evaluation = self.chosen.unwrap_or_else(|| Evaluation::of(ruleset));
        if let Some(endgames) = &self.endgames
            && self.databases.ruleset != Some(ruleset)
        {
            self.databases = Databases::of(endgames, ruleset);
        }
    }

    /// The legal moves of `position` played, in the order to search them:
    /// the table's best move, extra turns, seeds banked, then the history.
    fn children(&self, position: &Position, mover: Side) -> Children {
        let hint = self.table.best_move(&self.key(position));
        Children::of(position, mover, hint, &self.history[mover.index()])
    }

    /// Positions visited since this searcher was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `position` with perfect play, and of each of its moves;
    /// `None` when the game is over.
    pub fn solve(&mut self, position: &Position) -> Option<Solution> {
        self.solve_reporting(position, |_, _, _| {})
    }

    /// [`Searcher::solve`], telling `solved` each move's value and the
    /// positions searched so far as soon as it has it: a solve from the
    /// start can take minutes, and a tool should show it is getting on.
    pub fn solve_reporting(
        &mut self,
        position: &Position,
        mut solved: impl FnMut(Move, i32, u64),
    ) -> Option<Solution> {
        let Status::ToMove(mover) = position.status() else {
            return None;
        };
        self.prepare(position);
        let start = self.nodes;
        let mut moves = Vec::new();
        for (mv, child, captured) in self.children(position, mover).iter() {
            let value = self.exact_after(child, *captured, mover);
            solved(*mv, value, self.nodes - start);
            moves.push((*mv, value));
        }
        moves.sort_by_key(|(mv, _)| mv.index());
        let value = moves.iter().map(|(_, v)| *v).max()?;
        Some(Solution {
            value,
            moves,
            nodes: self.nodes - start,
        })
    }

    /// The exact value for `mover` of `child`, the position after one of his
    /// moves, by MTD(f): a sequence of null-window searches closing in on
    /// the value from a first guess (the stores as they stand), each far
    /// cheaper than one search with a wide window; the table carries what
    /// each learns to the next.
    fn exact_after(&mut self, child: &Position, captured: bool, mover: Side) -> i32 {
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut guess = store_difference(child, mover);
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.value_after(child, captured, mover, EXACT_DEPTH, beta - 1, beta);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        guess
    }

    /// Each legal move of `position` and the mover's value after it,
    /// searched `depth` plies with a full window (so that every value is
    /// the move's own, not a bound), in house order; and whether every value
    /// is exact (no line met the horizon). `None` when the game is over.
    pub fn evaluate(&mut self, position: &Position, depth: u8) -> Option<(Vec<(Move, i32)>, bool)> {
        let Status::ToMove(mover) = position.status() else {
            return None;
        };
        self.prepare(position);
        let depth = depth.clamp(1, EXACT_DEPTH - 1);
        let outer = std::mem::replace(&mut self.horizon, false);
        let mut moves = Vec::new();
        for (mv, child, captured) in self.children(position, mover).iter() {
            let value = self.value_after(child, *captured, mover, depth, -INFINITY, INFINITY);
            moves.push((*mv, value));
        }
        let exact = !self.horizon;
        self.horizon = outer;
        moves.sort_by_key(|(mv, _)| mv.index());
        Some((moves, exact))
    }

    /// The line the last search expects after `first` from `position`:
    /// `first`, then at each position the best move the table remembers
    /// with an exact value (not a bound), at most `longest` moves; it ends
    /// where the game does, at a repetition, or where the table no longer
    /// holds the position (an endgame database's position is not stored).
    /// Ask it right after [`Searcher::evaluate`] of `position`.
    pub fn expected_line(&mut self, position: &Position, first: Move, longest: usize) -> Vec<Move> {
        self.prepare(position);
        let mut line = Vec::new();
        let mut undos = Vec::new();
        let mut current = *position;
        let mut next = Some(first);
        while let Some(mv) = next.take() {
            if line.len() == longest || !current.legal_moves().contains(mv) {
                break;
            }
            let Ok(captured) = current.play_in_place(mv) else {
                break;
            };
            line.push(mv);
            if !matches!(current.status(), Status::ToMove(_)) {
                break;
            }
            match self.line.enter(&current, captured) {
                Step::Repeats => break,
                Step::Entered(undo) => undos.push(undo),
            }
            next = self
                .table
                .get(&self.key(&current), 0)
                .filter(|learnt| learnt.bound == Bound::Exact)
                .and_then(|learnt| learnt.best);
        }
        for undo in undos.into_iter().rev() {
            self.line.leave(undo);
        }
        line
    }

    /// The best move of `position` searched `depth` plies (extra turns count
    /// as plies too), and its value for the mover; `None` when it is over.
    pub fn best_move(&mut self, position: &Position, depth: u8) -> Option<(Move, i32)> {
        let budget = Budget {
            depth: Some(depth),
            ..Budget::default()
        };
        self.think(position, budget).map(|t| (t.best, t.value))
    }

    /// Deepen the search of `position` one ply at a time until `budget` is
    /// spent or the value is exact; the best move of the deepest search
    /// finished (a search cut short by the budget is not believed). A
    /// forced move is answered at once, unsearched. `None` when the game is
    /// over.
    pub fn think(&mut self, position: &Position, budget: Budget) -> Option<Thought> {
        let Status::ToMove(mover) = position.status() else {
            return None;
        };
        let start = self.nodes;
        let legal = position.legal_moves();
        // A forced move, or a budget spent before one ply was searched: the
        // first legal move, unsearched (depth 0, value 0).
        let unsearched = Thought {
            best: legal.nth(0)?,
            value: 0,
            depth: 0,
            exact: false,
            nodes: 0,
        };
        if legal.len() == 1 {
            return Some(unsearched);
        }
        self.prepare(position);
        self.limit = Limit {
            deadline: budget.time.map(|t| Instant::now() + t),
            nodes: budget.nodes.map(|n| start + n),
        };
        self.stopped = false;
        let deepest = budget
            .depth
            .unwrap_or(EXACT_DEPTH - 1)
            .clamp(1, EXACT_DEPTH - 1);
        let mut found: Option<Thought> = None;
        for depth in 1..=deepest {
            self.horizon = false;
            let Some((best, value)) = self.root(position, mover, depth) else {
                break;
            };
            found = Some(Thought {
                best,
                value,
                depth,
                exact: !self.horizon,
                nodes: self.nodes - start,
            });
            if !self.horizon {
                break;
            }
        }
        self.limit = Limit::default();
        self.stopped = false;
        Some(found.unwrap_or(Thought {
            nodes: self.nodes - start,
            ..unsearched
        }))
    }

    /// One search of the root `depth` plies deep: its best move and value,
    /// or `None` if the budget ran out first. The best move is remembered
    /// for the root, so the next, deeper search tries it first.
    fn root(&mut self, position: &Position, mover: Side, depth: u8) -> Option<(Move, i32)> {
        let mut best: Option<(Move, i32)> = None;
        let mut alpha = -INFINITY;
        for (mv, child, captured) in self.children(position, mover).iter() {
            let value = self.value_after(child, *captured, mover, depth, alpha, INFINITY);
            if self.stopped {
                return None;
            }
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((*mv, value));
                alpha = alpha.max(value);
            }
        }
        let (mv, value) = best?;
        let learnt = Learnt {
            value: value as i16,
            bound: Bound::Lower,
            depth,
            best: Some(mv),
            work: u8::MAX,
        };
        self.table.put(self.key(position), learnt);
        Some((mv, value))
    }

    /// Whether the budget is spent (looked at every [`CHECK_EVERY`] positions).
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(CHECK_EVERY) {
            let Limit { deadline, nodes } = self.limit;
            self.stopped = nodes.is_some_and(|n| self.nodes >= n)
                || deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// The value for `mover` of `child`, the position after one of his
    /// moves (which `captured` or not), searched `depth` plies in the
    /// window (`alpha`, `beta`) of the mover.
    fn value_after(
        &mut self,
        child: &Position,
        captured: bool,
        mover: Side,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let next = depth.saturating_sub(u8::from(depth != EXACT_DEPTH));
        match child.status() {
            Status::Over(_) => {
                self.nodes += 1;
                store_difference(child, mover)
            }
            Status::ToMove(side) => match self.line.enter(child, captured) {
                Step::Repeats => {
                    self.nodes += 1;
                    let mut ended = *child;
                    ended.end_by_repetition();
                    store_difference(&ended, mover)
                }
                Step::Entered(undo) => {
                    let value = if side == mover {
                        self.negamax(child, next, alpha, beta)
                    } else {
                        -self.negamax(child, next, -beta, -alpha)
                    };
                    self.line.leave(undo);
                    value
                }
            },
        }
    }

    /// The value of `position` for its mover, searched `depth` plies
    /// ([`EXACT_DEPTH`]: to the end), within (`alpha`, `beta`).
    fn negamax(&mut self, position: &Position, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        let start = self.nodes;
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let Status::ToMove(mover) = position.status() else {
            return 0;
        };
        let difference = store_difference(position, mover);
        // Few seeds left: the databases know the end, or bounds on it,
        // whatever the depth.
        let known = self.databases.bounds(position);
        if let Some((lower, upper)) = known {
            if lower == upper || lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        // Whatever happens, the seeds still on the board go to one store or
        // the other: the final difference is within that many of today's.
        let on_board = position.total_seeds() as i32
            - i32::from(position.store(mover))
            - i32::from(position.store(mover.opponent()));
        if depth == 0 {
            self.horizon = true;
            return self
                .evaluation
                .at_horizon(position, mover, difference, on_board);
        }
        if difference + on_board <= alpha {
            return difference + on_board;
        }
        if difference - on_board >= beta {
            return difference - on_board;
        }
        let original_alpha = alpha;
        if let Some(known) = self.table.get(&self.key(position), depth) {
            // A value that stopped at a horizon makes this one an estimate.
            self.horizon |= known.depth != EXACT_DEPTH;
            let value = i32::from(known.value);
            match known.bound {
                Bound::Exact => return value,
                Bound::Lower => alpha = alpha.max(value),
                Bound::Upper => beta = beta.min(value),
            }
            if alpha >= beta {
                return value;
            }
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        // Whether a line below this position stopped at the horizon: if none
        // did, its value is exact and holds at any depth.
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        for (mv, child, captured) in self.children(position, mover).iter() {
            let value = self.value_after(child, *captured, mover, depth, alpha, beta);
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(*mv);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                let count = &mut self.history[mover.index()][mv.index()];
                *count = count.saturating_add(1);
                break;
            }
        }
        // A value found is within what the database knows (an estimate at
        // a horizon may not be; a bound stays true).
        if let Some((lower, upper)) = known {
            best = best.clamp(lower, upper);
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let cut = self.horizon;
        self.horizon = outer_horizon || cut;
        let searched = if cut { depth } else { EXACT_DEPTH };
        // Values are seed counts, well inside an i16.
        let learnt = Learnt {
            value: best as i16,
            bound,
            depth: searched,
            best: best_move,
            work: work(self.nodes - start),
        };
        self.table.put(self.key(position), learnt);
        best
    }

    /// What the table finds `position` by on the line searched.
    fn key(&self, position: &Position) -> Key {
        Key {
            position: *position,
            context: self.line.context(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{Board, Ruleset, Variant};
    use std::collections::HashMap;

    /// A Kalah position with these rows (player 0's first), player 0 to move.
    fn kalah(rows: [[u8; 6]; 2], stores: [u8; 2]) -> Position {
        let board = Board::new(rows.map(|row| row.to_vec()), stores, Some(Side::Player0));
        Position::from_board(Ruleset::default_for(Variant::Kalah), &board, None)
            .expect("a position")
    }

    #[test]
    fn the_solver_agrees_with_plain_minimax_on_small_endgames() {
        let positions = [
            kalah([[1, 0, 2, 0, 1, 1], [0, 2, 1, 0, 1, 3]], [20, 16]),
            kalah([[0, 0, 0, 1, 0, 3], [2, 0, 0, 0, 1, 0]], [22, 19]),
            kalah([[3, 1, 0, 0, 2, 0], [1, 1, 1, 1, 0, 2]], [12, 24]),
        ];
        for position in positions {
            let mut memo = HashMap::new();
            let expected = crate::testing::minimax(&position, &mut memo);
            let mut searcher = Searcher::new(Table::with_bytes(1 << 20));
            let solution = searcher.solve(&position).expect("a mover");
            assert_eq!(solution.value, expected, "{:?}", position.board());
            for (mv, value) in &solution.moves {
                let mut child = position;
                child.play_in_place(*mv).expect("legal");
                let want = match child.status() {
                    Status::Over(_) => store_difference(&child, Side::Player0),
                    Status::ToMove(Side::Player0) => crate::testing::minimax(&child, &mut memo),
                    Status::ToMove(_) => -crate::testing::minimax(&child, &mut memo),
                };
                assert_eq!(*value, want, "move {mv:?} of {:?}", position.board());
            }
        }
    }

    /// Oware's repetition rule is followed: on boards of two and three
    /// seeds whose lines are few enough for plain minimax (played through
    /// the rules engine's `Game`, which applies the rule), as just after a
    /// capture, a few non-capturing moves later, and wherever a move would
    /// repeat a position since the capture, with the game's history given,
    /// the search finds minimax's value: on its own, and with Oware's
    /// database of bounds (which every child of these positions is in)
    /// cutting it short.
    #[test]
    fn oware_is_searched_with_its_repetition_rule() {
        let cases = crate::testing::oware_cases();
        let endgames = Endgames::new();
        for with_database in [false, true] {
            let searcher = Searcher::new(Table::with_bytes(1 << 18));
            let mut searcher = if with_database {
                searcher.with_endgames(&endgames)
            } else {
                searcher
            };
            for case in cases {
                let game = &case.game;
                searcher.set_since_capture(game.since_capture());
                let solution = searcher.solve(game.position()).expect("a mover");
                assert_eq!(
                    solution.value,
                    case.value,
                    "database {with_database}: {:?} after {:?}",
                    game.position().board(),
                    game.since_capture()
                        .iter()
                        .map(Position::board)
                        .collect::<Vec<_>>()
                );
            }
        }
        let with_history = cases.iter().filter(|c| c.game.since_capture().len() > 1);
        let repeating = cases.iter().filter(|c| c.repeats).count();
        eprintln!(
            "{} cases, {repeating} with a line the rule ends",
            cases.len()
        );
        assert!(
            cases.len() >= 1_000,
            "only {} positions checked",
            cases.len()
        );
        assert!(with_history.count() >= 500, "too few with a history");
        assert!(
            repeating >= 50,
            "only {repeating} positions where a line ends by repetition"
        );
    }

    /// Where Oware's database of bounds knows every move's outcome
    /// exactly, a search of one ply is exact and has that value: the
    /// searcher reads the database (without it, one ply meets the horizon).
    #[test]
    fn oware_bounds_make_the_search_exact_where_they_meet() {
        let endgames = Endgames::new();
        let database = endgames
            .bounds(Ruleset::default_for(Variant::Oware))
            .expect("Oware");
        let budget = Budget {
            depth: Some(1),
            ..Budget::default()
        };
        let (mut checked, mut inexact_without) = (0, 0);
        for position in crate::testing::oware_boards(5) {
            let mover = position.to_move().expect("a mover");
            let known: Option<Vec<i32>> = position
                .legal_moves()
                .iter()
                .map(|mv| {
                    let mut child = position;
                    child.play_in_place(mv).ok()?;
                    match child.status() {
                        Status::Over(_) => Some(store_difference(&child, mover)),
                        Status::ToMove(_) => match database.bounds(&child)? {
                            (lower, upper) if lower == upper => Some(-lower),
                            _ => None,
                        },
                    }
                })
                .collect();
            // A forced move is answered unsearched.
            let Some(known) = known.filter(|k| k.len() > 1) else {
                continue;
            };
            let thought = Searcher::new(Table::with_bytes(1 << 16))
                .with_endgames(&endgames)
                .think(&position, budget)
                .expect("a mover");
            assert!(thought.exact, "{:?}", position.board());
            assert_eq!(thought.value, known.iter().copied().max().expect("a move"));
            checked += 1;
            let without = Searcher::new(Table::with_bytes(1 << 16))
                .think(&position, budget)
                .expect("a mover");
            inexact_without += usize::from(!without.exact);
        }
        assert!(checked >= 100, "only {checked} positions checked");
        assert!(
            inexact_without >= checked / 2,
            "one ply was exact without the database in {} of {checked}",
            checked - inexact_without
        );
    }

    #[test]
    fn the_table_never_changes_a_result() {
        let position = kalah([[2, 1, 0, 3, 1, 0], [1, 0, 2, 1, 0, 2]], [18, 17]);
        let tiny = Searcher::new(Table::with_bytes(1)).solve(&position);
        let large = Searcher::new(Table::with_bytes(1 << 22)).solve(&position);
        assert_eq!(
            tiny.as_ref().map(|s| s.value),
            large.as_ref().map(|s| s.value)
        );
        assert_eq!(
            tiny.map(|s| s.moves),
            large.map(|s| s.moves),
            "each move's value too"
        );
    }

    #[test]
    fn a_limited_search_returns_a_legal_move_in_every_variant() {
        for variant in Variant::ALL {
            let position = Position::start(Ruleset::default_for(variant));
            let mut searcher = Searcher::new(Table::with_bytes(1 << 20));
            let (mv, _) = searcher.best_move(&position, 4).expect("a move");
            assert!(position.legal_moves().contains(mv), "{variant:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

        /// On random endgames of Kalah, Mangala, the relay game (both capture
        /// rules) and Congkak, the search with its table and move ordering,
        /// solving and deepening, gives the value plain minimax over every
        /// line gives (`mancala solve kalah_relay` is this solve).
        #[test]
        fn searching_agrees_with_full_width_minimax_on_random_endgames(seed in 1u64.., rules in 0..5usize) {
            let ruleset = [
                Ruleset::Mangala,
                Ruleset::default_for(Variant::Kalah),
                Ruleset::KalahRelay { capture_includes_last: false },
                Ruleset::KalahRelay { capture_includes_last: true },
                Ruleset::default_for(Variant::Congkak),
            ][rules];
            if let Some(position) = crate::testing::random_endgame(ruleset, 9, seed) {
                let expected = crate::testing::minimax(&position, &mut HashMap::new());
                let solved = Searcher::new(Table::with_bytes(1 << 16)).solve(&position).expect("a mover");
                proptest::prop_assert_eq!(solved.value, expected);
                let thought = Searcher::new(Table::with_bytes(1 << 16))
                    .think(&position, Budget::default())
                    .expect("a mover");
                proptest::prop_assert!(thought.exact || position.legal_moves().len() == 1);
                if thought.exact {
                    proptest::prop_assert_eq!(thought.value, expected);
                }
                proptest::prop_assert!(solved.moves.iter().any(|&(mv, v)| mv == thought.best && v == expected) || !thought.exact);
            }
        }
    }

    #[test]
    fn the_endgame_database_makes_late_play_exact_at_any_depth() {
        let endgames = Endgames::new();
        for ruleset in [Ruleset::Mangala, Ruleset::default_for(Variant::Kalah)] {
            for seed in 1..=20u64 {
                let Some(position) =
                    crate::testing::random_endgame(ruleset, crate::SHARED_SEEDS, seed)
                else {
                    continue;
                };
                let expected = crate::testing::minimax(&position, &mut HashMap::new());
                let thought = Searcher::new(Table::with_bytes(1 << 16))
                    .with_endgames(&endgames)
                    .think(
                        &position,
                        Budget {
                            depth: Some(1),
                            ..Budget::default()
                        },
                    )
                    .expect("a mover");
                if position.legal_moves().len() > 1 {
                    assert!(
                        thought.exact,
                        "{ruleset}: one ply and the database see the end"
                    );
                    assert_eq!(thought.value, expected, "{ruleset}");
                }
            }
        }
    }

    #[test]
    fn a_node_budget_stops_the_search_with_a_legal_move_in_every_variant() {
        for variant in Variant::ALL {
            let position = Position::start(Ruleset::default_for(variant));
            let mut searcher = Searcher::new(Table::with_bytes(1 << 20));
            let budget = Budget {
                nodes: Some(20_000),
                ..Budget::default()
            };
            let thought = searcher.think(&position, budget).expect("a move");
            assert!(position.legal_moves().contains(thought.best), "{variant:?}");
            assert!(
                !thought.exact,
                "{variant:?} is not solved in 20,000 positions"
            );
            assert!(
                thought.depth >= 2,
                "{variant:?} got {} plies deep",
                thought.depth
            );
            // It stops within one look at the budget of its limit.
            assert!(
                searcher.nodes() <= 20_000 + CHECK_EVERY,
                "{variant:?}: {}",
                searcher.nodes()
            );
        }
    }
}
