//! `solve`: the perfect-play value of a position by whichever of the
//! engine's two exact methods serves its rules, with the defaults that
//! suit the board. Kalah and Mangala go to the [`Solver`] (its own board,
//! table and endgame database, several threads); the relay games to the
//! [`Searcher`]'s exact solve (MTD(f) over the rules engine's positions,
//! one thread): relay sowing makes their games short enough (seconds for
//! kalah_relay, minutes for congkak). Oware is not solvable here: its
//! repetition rule makes its lines too many; nor are the Kazakh games, which
//! have no repetition rule at all, so that a line may sow round a cycle for
//! ever (the search's exact solve of Bestemshe overflowed its stack on one).

use crate::{Endgame, Searcher, Solution, SolveError, Solver, SolverStats, Table};
use protocol::rules::{Move, Position, Ruleset, Variant};
use std::sync::Arc;

/// Which exact method solves a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// [`Solver`]: Kalah and Mangala, with an endgame database and threads.
    Solver,
    /// [`Searcher::solve_reporting`]: the relay games, one thread, no database.
    Search,
}

impl Method {
    /// The method that solves `ruleset`, or why none does.
    pub fn for_ruleset(ruleset: Ruleset) -> Result<Method, SolveError> {
        match ruleset.variant() {
            Variant::Kalah | Variant::Mangala => Ok(Method::Solver),
            Variant::KalahRelay | Variant::Congkak => Ok(Method::Search),
            Variant::Oware | Variant::TogyzKumalak | Variant::Bestemshe => {
                Err(SolveError::NotSolvable(ruleset))
            }
        }
    }
}

/// The transposition table a solve of `ruleset` gets unless asked: 1 GiB
/// for 48 seeds (Kalah(6,4)), half for every two seeds fewer, at least
/// 16 MiB. A table's pages cost time to have from the system, and a small
/// board has no use for a large table: Kalah(5,4)'s value took 3.7 s with
/// 1 GiB and 0.9 s with 64 MiB, the size this gives it.
pub fn table_bytes_for(ruleset: Ruleset) -> usize {
    let short = 48u32.saturating_sub(ruleset.total_seeds()) / 2;
    let mib = (1024usize >> short.min(6)).max(16);
    mib << 20
}

/// The largest endgame database a solve builds unless asked for more.
pub const DEFAULT_ENDGAME_SEEDS: u32 = 16;

/// The endgame database a solve of `ruleset` builds unless asked: a third
/// of the game's seeds, at most [`DEFAULT_ENDGAME_SEEDS`], within `limit`
/// bytes; one that pays for itself on every board (16 seeds for 12 houses
/// takes about 6 s to build on two threads; Kalah(6,4) takes minutes to
/// solve, Kalah(6,3) seconds). Zero for the relay games, which take none.
pub fn default_endgame_seeds(ruleset: Ruleset, limit: u64) -> u32 {
    if Method::for_ruleset(ruleset) != Ok(Method::Solver) {
        return 0;
    }
    (ruleset.total_seeds() / 3)
        .min(DEFAULT_ENDGAME_SEEDS)
        .min(Endgame::seeds_within(ruleset, limit))
}

/// How to solve.
pub struct SolveOptions {
    /// The transposition table's bytes; `None`: [`table_bytes_for`].
    pub table_bytes: Option<usize>,
    /// The endgame database (the [`Solver`] only).
    pub endgame: Option<Arc<Endgame>>,
    /// Threads (the [`Solver`] only; the search takes one).
    pub threads: usize,
    /// Only the value: every other first move is shown to do no better,
    /// not solved to its own value (much faster).
    pub value_only: bool,
}

/// A solve's result and what it used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The value and the first moves' values (only the best one with
    /// [`SolveOptions::value_only`]).
    pub solution: Solution,
    /// The method used.
    pub method: Method,
    /// Positions, database hits and the table used.
    pub stats: SolverStats,
    /// Threads searched on.
    pub threads: usize,
}

/// Reports while a solve runs: each first move once its value is known
/// (house, value, positions), and every `every` positions (the [`Solver`]
/// only) how many have been searched.
pub struct Reports<F, P> {
    /// Called when a first move is solved.
    pub first_move: F,
    /// Positions between two `progress` calls.
    pub every: u64,
    /// Called with the positions searched so far.
    pub progress: P,
}

/// Solve `position` exactly by the method its rules call for
/// ([`Method::for_ruleset`]). An endgame database given for a game the
/// search solves is refused rather than ignored.
pub fn solve<F, P>(
    position: &Position,
    options: SolveOptions,
    reports: Reports<F, P>,
) -> Result<Solved, SolveError>
where
    F: FnMut(Move, i32, u64),
    P: Fn(u64) + Send + Sync + 'static,
{
    let ruleset = position.ruleset();
    let table_bytes = options
        .table_bytes
        .unwrap_or_else(|| table_bytes_for(ruleset));
    match Method::for_ruleset(ruleset)? {
        Method::Solver => {
            let threads = options.threads.max(1);
            let mut solver = Solver::new(table_bytes, options.endgame)
                .with_threads(threads)
                .with_progress(reports.every, reports.progress);
            let solution = if options.value_only {
                let (best, value, nodes) = solver.value(position, reports.first_move)?;
                Solution {
                    value,
                    moves: vec![(best, value)],
                    nodes,
                }
            } else {
                solver.solve(position, reports.first_move)?
            };
            Ok(Solved {
                solution,
                method: Method::Solver,
                stats: solver.stats(),
                threads,
            })
        }
        Method::Search => {
            if options.endgame.is_some() {
                return Err(SolveError::NoEndgameHere(ruleset));
            }
            let table = Table::with_bytes(table_bytes);
            let (bytes, entries) = (table.bytes(), table.capacity());
            let mut searcher = Searcher::new(table);
            let mut solution = searcher
                .solve_reporting(position, reports.first_move)
                .ok_or(SolveError::Over)?;
            if options.value_only {
                let best = solution
                    .moves
                    .iter()
                    .copied()
                    .find(|&(_, value)| value == solution.value);
                solution.moves = best.into_iter().collect();
            }
            let stats = SolverStats {
                nodes: solution.nodes,
                endgame_hits: 0,
                table_bytes: bytes,
                table_entries: entries,
            };
            Ok(Solved {
                solution,
                method: Method::Search,
                stats,
                threads: 1,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::KalahParams;

    fn kalah(houses: u8, seeds: u8) -> Ruleset {
        Ruleset::Kalah(KalahParams::with_houses(houses, seeds, false).expect("a board"))
    }

    fn quiet() -> Reports<impl FnMut(Move, i32, u64), impl Fn(u64) + Send + Sync + 'static> {
        Reports {
            first_move: |_, _, _| {},
            every: u64::MAX,
            progress: |_| {},
        }
    }

    fn options() -> SolveOptions {
        SolveOptions {
            table_bytes: None,
            endgame: None,
            threads: 1,
            value_only: false,
        }
    }

    #[test]
    fn the_table_is_sized_by_the_board() {
        assert_eq!(table_bytes_for(kalah(6, 4)), 1 << 30);
        assert_eq!(table_bytes_for(kalah(5, 4)), 64 << 20);
        assert_eq!(table_bytes_for(kalah(4, 3)), 16 << 20);
        assert_eq!(table_bytes_for(kalah(6, 6)), 1 << 30, "never more");
    }

    /// Both methods agree where both apply, and each game goes to its own.
    #[test]
    fn each_game_goes_to_its_method_and_the_methods_agree() {
        let position = Position::start(kalah(3, 3));
        let solved = solve(&position, options(), quiet()).expect("solved");
        assert_eq!(solved.method, Method::Solver);
        let mut searcher = Searcher::new(Table::with_bytes(16 << 20));
        let searched = searcher.solve_reporting(&position, |_, _, _| {});
        assert_eq!(Some(solved.solution.value), searched.map(|s| s.value));
        // The relay games go to the search (a whole solve of one takes
        // seconds in a release build: too long here), which refuses a
        // database rather than ignore it.
        let relay = Ruleset::new(Variant::KalahRelay, Default::default()).expect("a board");
        assert_eq!(Method::for_ruleset(relay), Ok(Method::Search));
        let endgame = Endgame::build(kalah(3, 3), 4, u64::MAX, |_, _| {}).expect("built");
        let with_database = SolveOptions {
            endgame: Some(Arc::new(endgame)),
            ..options()
        };
        assert_eq!(
            solve(&Position::start(relay), with_database, quiet()).err(),
            Some(SolveError::NoEndgameHere(relay))
        );
        assert_eq!(default_endgame_seeds(relay, u64::MAX), 0);
        let oware =
            Position::start(Ruleset::new(Variant::Oware, Default::default()).expect("oware"));
        assert_eq!(
            solve(&oware, options(), quiet()).err(),
            Some(SolveError::NotSolvable(oware.ruleset()))
        );
    }

    #[test]
    fn value_only_keeps_the_best_move() {
        let position = Position::start(kalah(3, 3));
        let whole = solve(&position, options(), quiet()).expect("solved");
        let value_only = SolveOptions {
            value_only: true,
            ..options()
        };
        let best = solve(&position, value_only, quiet()).expect("solved");
        assert_eq!(best.solution.value, whole.solution.value);
        assert_eq!(best.solution.moves.len(), 1);
        assert!(whole.solution.moves.contains(&best.solution.moves[0]));
    }
}
