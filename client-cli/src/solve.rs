//! `mancala solve VARIANT`: the perfect-play value of a game's start
//! position and of each first move, with the positions searched, the time
//! and the memory used; progress goes to standard error as it comes.

use crate::endgame_file::{self, EndgameFileError};
use engine::{Endgame, EndgameError, SolveError, Solver};
use protocol::rules::{Params, Position, Ruleset, RulesetError, Variant};
use serde_json::json;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// What `mancala solve` was asked.
pub struct SolveArgs {
    pub variant: String,
    pub houses: Option<u8>,
    pub seeds: Option<u8>,
    pub empty_capture: bool,
    pub table_mib: u64,
    pub endgame_seeds: Option<u32>,
    pub endgame_mib: u64,
    /// Where the endgame database is read from, or saved to once built.
    pub endgame_file: Option<std::path::PathBuf>,
    pub value_only: bool,
    /// Threads to search with; `None`: one per core.
    pub threads: Option<usize>,
    pub json: bool,
}

/// Why a solve did not run.
#[derive(Debug, thiserror::Error)]
pub enum SolveCommandError {
    #[error("{0}")]
    Ruleset(#[from] RulesetError),
    #[error("{0}")]
    Endgame(#[from] EndgameError),
    #[error("{0}")]
    Solve(#[from] SolveError),
    #[error("{0}")]
    File(#[from] EndgameFileError),
}

fn ruleset(args: &SolveArgs) -> Result<Ruleset, RulesetError> {
    let variant: Variant = args.variant.parse()?;
    let params = Params {
        houses: args.houses,
        seeds_per_house: args.seeds,
        empty_capture: args.empty_capture.then_some(true),
        ..Params::default()
    };
    Ruleset::new(variant, params)
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// A third of the game's seeds, at most [`DEFAULT_ENDGAME_SEEDS`], within
/// `limit` bytes: a database that pays for itself on every board (one of
/// 16 seeds for 12 houses takes about 15 s to build; Kalah(6,4) takes
/// minutes to solve, Kalah(6,3) seconds).
fn default_endgame_seeds(ruleset: Ruleset, limit: u64) -> u32 {
    (ruleset.total_seeds() / 3)
        .min(DEFAULT_ENDGAME_SEEDS)
        .min(Endgame::seeds_within(ruleset, limit))
}

/// Positions between two progress lines while a first move is being
/// solved (about half a minute on one thread).
const PROGRESS_EVERY: u64 = 1 << 25;

/// The largest endgame database built unless asked for more.
const DEFAULT_ENDGAME_SEEDS: u32 = 16;

/// The endgame database of `ruleset` up to `seeds` seeds: read from `file`
/// if it is there, else built (with its progress on standard error) and,
/// given a file, saved to it.
fn endgame_for(
    ruleset: Ruleset,
    seeds: u32,
    limit: u64,
    file: Option<&std::path::Path>,
) -> Result<Endgame, SolveCommandError> {
    if let Some(path) = file
        && path.exists()
    {
        let read = Instant::now();
        let endgame = endgame_file::load(path, ruleset, seeds, limit)?;
        eprintln!(
            "endgame database: every position with up to {seeds} seeds in the houses, {:.1} MiB, read from {} in {:.1} s",
            mib(endgame.bytes() as u64),
            path.display(),
            read.elapsed().as_secs_f64()
        );
        return Ok(endgame);
    }
    let built = Instant::now();
    let endgame = Endgame::build(ruleset, seeds, limit, |level, entries| {
        eprintln!(
            "  endgame database: {level} of {seeds} seeds done ({entries} positions, {:.1} s)",
            built.elapsed().as_secs_f64()
        );
    })?;
    eprintln!(
        "endgame database: every position with up to {seeds} seeds in the houses, {:.1} MiB, built in {:.1} s",
        mib(endgame.bytes() as u64),
        built.elapsed().as_secs_f64()
    );
    if let Some(path) = file {
        endgame_file::save(&endgame, path)?;
        eprintln!("endgame database: saved to {}", path.display());
    }
    Ok(endgame)
}

/// Solve the start position of the ruleset `args` name.
pub fn run(args: &SolveArgs) -> Result<(), SolveCommandError> {
    let ruleset = ruleset(args)?;
    if !matches!(ruleset.variant(), Variant::Kalah | Variant::Mangala) {
        return Err(SolveError::NotSolvable(ruleset).into());
    }
    let started = Instant::now();
    eprintln!("solving {ruleset} from the start");
    let limit = args.endgame_mib << 20;
    let seeds = args
        .endgame_seeds
        .unwrap_or_else(|| default_endgame_seeds(ruleset, limit));
    let endgame = if seeds == 0 {
        None
    } else {
        Some(Arc::new(endgame_for(
            ruleset,
            seeds,
            limit,
            args.endgame_file.as_deref(),
        )?))
    };
    let endgame_bytes = endgame.as_ref().map_or(0, |e| e.bytes());
    let table_bytes = usize::try_from(args.table_mib << 20).unwrap_or(usize::MAX);
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let searched = Instant::now();
    let mut solver = Solver::new(table_bytes, endgame)
        .with_threads(threads)
        .with_progress(PROGRESS_EVERY, move |positions| {
            eprintln!(
                "  ... {positions} positions searched ({:.0} s)",
                searched.elapsed().as_secs_f64()
            );
        });
    let progress = |mv: protocol::rules::Move, value: i32, nodes: u64| {
        eprintln!(
            "  house {}: {value:+} ({nodes} positions, {:.1} s)",
            mv.number(),
            searched.elapsed().as_secs_f64()
        );
    };
    let start = Position::start(ruleset);
    let solution = if args.value_only {
        let (best, value, nodes) = solver.value(&start, progress)?;
        engine::Solution {
            value,
            moves: vec![(best, value)],
            nodes,
        }
    } else {
        solver.solve(&start, progress)?
    };
    let stats = solver.stats();
    let seconds = started.elapsed().as_secs_f64();
    let out = if args.json {
        let moves: Vec<_> = solution
            .moves
            .iter()
            .map(|(mv, value)| json!({"house": mv.number(), "value": value}))
            .collect();
        format!(
            "{}\n",
            json!({
                "ruleset": ruleset,
                "value": solution.value,
                "moves": moves,
                "value_only": args.value_only,
                "positions": solution.nodes,
                "endgame_hits": stats.endgame_hits,
                "endgame_seeds": seeds,
                "endgame_bytes": endgame_bytes,
                "table_bytes": stats.table_bytes,
                "threads": threads,
                "seconds": seconds,
            })
        )
    } else {
        let moves: Vec<String> = solution
            .moves
            .iter()
            .map(|(mv, value)| format!("house {}: {value:+}", mv.number()))
            .collect();
        let best: Vec<String> = solution
            .moves
            .iter()
            .filter(|(_, v)| *v == solution.value)
            .map(|(mv, _)| mv.number().to_string())
            .collect();
        format!(
            "{ruleset}: {:+} with perfect play (the first player's final seeds less the second's); best first move: house {}\n\
             {}: {}\n\
             positions searched: {} ({} answered by the endgame database) by {threads} thread{}; time: {seconds:.1} s\n\
             memory: table {:.0} MiB ({} entries), endgame database {:.1} MiB (up to {seeds} seeds)\n",
            solution.value,
            best.join(", "),
            if args.value_only {
                "solved (every other first move does no better)"
            } else {
                "each first move"
            },
            moves.join(", "),
            solution.nodes,
            stats.endgame_hits,
            if threads == 1 { "" } else { "s" },
            mib(stats.table_bytes as u64),
            stats.table_entries,
            mib(endgame_bytes as u64),
        )
    };
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(())
}
