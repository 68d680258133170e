//! `mancala solve VARIANT`: the perfect-play value of a game's start
//! position and of each first move, with the positions searched, the time
//! and the memory used; progress goes to standard error as it comes.

use crate::complaints;
use crate::endgame_cache::EndgameCache;
use crate::endgame_file::{self, EndgameFileError};
use crate::text::{Text, t};
use engine::{Endgame, EndgameError, SolveError};
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
    pub capture_includes_last: bool,
    pub empty_opposite: Option<String>,
    /// `None`: sized by the board ([`table_bytes`]).
    pub table_mib: Option<u64>,
    pub endgame_seeds: Option<u32>,
    pub endgame_mib: u64,
    /// Where the endgame database is read from, or saved to once built.
    pub endgame_store: EndgameStore,
    pub value_only: bool,
    /// Threads to search with; `None`: one per core.
    pub threads: Option<usize>,
    pub json: bool,
}

/// Where a solve's endgame database comes from besides being built.
pub enum EndgameStore {
    /// `--endgame-file`: read from this file, else built and saved there;
    /// a file that cannot be read or written stops the solve.
    File(std::path::PathBuf),
    /// The cache of databases: the one kept for these board rules and
    /// size is read, else it is built and kept; a file that cannot be read
    /// or written there is only a warning (the database is built).
    Cache(EndgameCache),
    /// Built for this solve only (`--no-endgame-cache`, or no cache
    /// directory).
    Nowhere,
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

impl SolveCommandError {
    /// The error in `text`'s language.
    pub fn say(&self, text: &Text) -> String {
        match self {
            SolveCommandError::Ruleset(error) => complaints::ruleset_error(text, error),
            SolveCommandError::Endgame(error) => complaints::endgame_error(text, error),
            SolveCommandError::Solve(error) => complaints::solve_error(text, error),
            SolveCommandError::File(error) => error.say(text),
        }
    }
}

fn ruleset(args: &SolveArgs) -> Result<Ruleset, RulesetError> {
    let variant: Variant = args.variant.parse()?;
    let mut params = Params {
        houses: args.houses,
        seeds_per_house: args.seeds,
        empty_capture: args.empty_capture.then_some(true),
        capture_includes_last: args.capture_includes_last.then_some(true),
        ..Params::default()
    };
    if let Some(rule) = &args.empty_opposite {
        params.set("empty_opposite", rule)?;
    }
    Ruleset::new(variant, params)
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// The database a solve that names no size uses: the largest one the
/// cache keeps for these board rules (no more seeds than the game has,
/// within `limit` bytes) if it is larger than the default, else the
/// default: a database built once on request then serves every solve.
fn endgame_seeds_by_default(ruleset: Ruleset, limit: u64, store: &EndgameStore) -> u32 {
    let default = engine::default_endgame_seeds(ruleset, limit);
    let most = ruleset
        .total_seeds()
        .min(Endgame::seeds_within(ruleset, limit));
    match store {
        EndgameStore::Cache(cache) => cache
            .largest(ruleset, most)
            .filter(|&kept| kept > default)
            .unwrap_or(default),
        EndgameStore::File(_) | EndgameStore::Nowhere => default,
    }
}

/// Positions between two progress lines while a first move is being
/// solved (about half a minute on one thread).
const PROGRESS_EVERY: u64 = 1 << 25;

/// The endgame database of `ruleset` up to `seeds` seeds: read from
/// `store` if it holds it, else built on `threads` threads (with its
/// progress on standard error) and saved there.
fn endgame_for(
    text: &Text,
    ruleset: Ruleset,
    seeds: u32,
    limit: u64,
    threads: usize,
    store: &EndgameStore,
) -> Result<Endgame, SolveCommandError> {
    match store {
        EndgameStore::File(path) => {
            if path.exists() {
                return Ok(read_endgame(text, path, ruleset, seeds, limit)?);
            }
            let endgame = build_endgame(text, ruleset, seeds, limit, threads)?;
            endgame_file::save(&endgame, path)?;
            let path = path.display().to_string();
            eprintln!("{}", t!(text, "solve-saved", path = path));
            Ok(endgame)
        }
        EndgameStore::Cache(cache) => {
            let path = cache.path(ruleset, seeds.min(ruleset.total_seeds()));
            if let Some(path) = path.as_deref().filter(|path| path.exists()) {
                match read_endgame(text, path, ruleset, seeds, limit) {
                    Ok(endgame) => return Ok(endgame),
                    Err(problem) => eprintln!(
                        "{}",
                        t!(text, "solve-rebuilding", problem = problem.say(text))
                    ),
                }
            }
            let endgame = build_endgame(text, ruleset, seeds, limit, threads)?;
            if let Some(path) = path {
                let kept = cache
                    .create()
                    .map_err(|e| format!("{}: {e}", cache.dir().display()))
                    .and_then(|()| endgame_file::save(&endgame, &path).map_err(|e| e.say(text)));
                match kept {
                    Ok(()) => eprintln!(
                        "{}",
                        t!(text, "solve-kept", path = path.display().to_string())
                    ),
                    Err(problem) => eprintln!("{}", t!(text, "solve-not-kept", problem = problem)),
                }
            }
            Ok(endgame)
        }
        EndgameStore::Nowhere => build_endgame(text, ruleset, seeds, limit, threads),
    }
}

/// The database saved at `path`, checked in full, with a line saying so.
fn read_endgame(
    text: &Text,
    path: &std::path::Path,
    ruleset: Ruleset,
    seeds: u32,
    limit: u64,
) -> Result<Endgame, EndgameFileError> {
    let read = Instant::now();
    let endgame = endgame_file::load(path, ruleset, seeds, limit)?;
    let said = t!(
        text,
        "solve-read",
        seeds = endgame.seeds(),
        mib = text.decimal(mib(endgame.bytes() as u64), 1),
        path = path.display().to_string(),
        seconds = text.decimal(read.elapsed().as_secs_f64(), 1)
    );
    eprintln!("{said}");
    Ok(endgame)
}

/// The database built on `threads` threads, its progress on standard error.
fn build_endgame(
    text: &Text,
    ruleset: Ruleset,
    seeds: u32,
    limit: u64,
    threads: usize,
) -> Result<Endgame, SolveCommandError> {
    let built = Instant::now();
    let endgame = Endgame::build_with_threads(ruleset, seeds, limit, threads, |level, entries| {
        let said = t!(
            text,
            "solve-level",
            level = level,
            seeds = seeds,
            positions = entries.to_string(),
            seconds = text.decimal(built.elapsed().as_secs_f64(), 1)
        );
        eprintln!("  {said}");
    })?;
    let said = t!(
        text,
        "solve-built",
        seeds = seeds,
        mib = text.decimal(mib(endgame.bytes() as u64), 1),
        seconds = text.decimal(built.elapsed().as_secs_f64(), 1)
    );
    eprintln!("{said}");
    Ok(endgame)
}

/// Solve the start position of the ruleset `args` name: the engine picks
/// the method ([`engine::Method`]) and sizes the table; this command adds
/// the endgame database (read, built or kept) and the report.
pub fn run(text: &Text, args: &SolveArgs) -> Result<(), SolveCommandError> {
    let ruleset = ruleset(args)?;
    let method = engine::Method::for_ruleset(ruleset)?;
    let started = Instant::now();
    let threads = match method {
        engine::Method::Solver => args.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
        engine::Method::Search => {
            if matches!(args.endgame_store, EndgameStore::File(_))
                || args.endgame_seeds.is_some_and(|s| s > 0)
            {
                return Err(SolveError::NoEndgameHere(ruleset).into());
            }
            if args.threads.is_some_and(|t| t > 1) {
                let ruleset = ruleset.to_string();
                eprintln!("{}", t!(text, "solve-one-thread", ruleset = ruleset));
            }
            1
        }
    };
    let (seeds, endgame) = match method {
        engine::Method::Solver => {
            let said = t!(text, "solve-starting", ruleset = ruleset.to_string());
            eprintln!("{said}");
            let limit = args.endgame_mib << 20;
            let seeds = args
                .endgame_seeds
                .unwrap_or_else(|| endgame_seeds_by_default(ruleset, limit, &args.endgame_store));
            let endgame = if seeds == 0 {
                None
            } else {
                let store = &args.endgame_store;
                Some(Arc::new(endgame_for(
                    text, ruleset, seeds, limit, threads, store,
                )?))
            };
            (seeds, endgame)
        }
        engine::Method::Search => {
            let ruleset = ruleset.to_string();
            eprintln!("{}", t!(text, "solve-starting-search", ruleset = ruleset));
            (0, None)
        }
    };
    let endgame_bytes = endgame.as_ref().map_or(0, |e| e.bytes());
    let searched = Instant::now();
    let options = engine::SolveOptions {
        table_bytes: args
            .table_mib
            .map(|mib| usize::try_from(mib << 20).unwrap_or(usize::MAX)),
        endgame,
        threads,
        value_only: args.value_only,
    };
    // Progress is told from the solver's threads, which own their words.
    let progress_text = Text::of(text.code());
    let reports = engine::Reports {
        first_move: |mv, value, nodes| first_move_solved(text, mv, value, nodes, searched),
        every: PROGRESS_EVERY,
        progress: move |positions: u64| {
            let text = &progress_text;
            let said = t!(
                text,
                "solve-progress",
                positions = positions.to_string(),
                seconds = text.decimal(searched.elapsed().as_secs_f64(), 0)
            );
            eprintln!("  ... {said}");
        },
    };
    let solved = engine::solve(&Position::start(ruleset), options, reports)?;
    let report = Report {
        ruleset,
        value_only: args.value_only,
        endgame_hits: solved.stats.endgame_hits,
        endgame_seeds: seeds,
        endgame_bytes,
        table_bytes: solved.stats.table_bytes,
        table_entries: solved.stats.table_entries,
        threads: solved.threads,
        seconds: started.elapsed().as_secs_f64(),
    };
    write_report(text, &report, &solved.solution, args.json);
    Ok(())
}

/// Say on standard error that first move `mv` is worth `value`, found
/// `nodes` positions and some seconds after `since`.
fn first_move_solved(
    text: &Text,
    mv: protocol::rules::Move,
    value: i32,
    nodes: u64,
    since: Instant,
) {
    let said = t!(
        text,
        "solve-first-move",
        house = mv.number(),
        value = format!("{value:+}"),
        positions = nodes.to_string(),
        seconds = text.decimal(since.elapsed().as_secs_f64(), 1)
    );
    eprintln!("  {said}");
}

/// What a solve used, for its report.
struct Report {
    ruleset: Ruleset,
    value_only: bool,
    endgame_hits: u64,
    endgame_seeds: u32,
    endgame_bytes: usize,
    table_bytes: usize,
    table_entries: usize,
    threads: usize,
    seconds: f64,
}

/// Print `solution` as text or as one JSON object.
fn write_report(text: &Text, report: &Report, solution: &engine::Solution, json: bool) {
    let Report {
        ruleset,
        value_only,
        endgame_hits,
        endgame_seeds: seeds,
        endgame_bytes,
        table_bytes,
        table_entries,
        threads,
        seconds,
    } = *report;
    let out = if json {
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
                "value_only": value_only,
                "positions": solution.nodes,
                "endgame_hits": endgame_hits,
                "endgame_seeds": seeds,
                "endgame_bytes": endgame_bytes,
                "table_bytes": table_bytes,
                "threads": threads,
                "seconds": seconds,
            })
        )
    } else {
        let moves: Vec<String> = solution
            .moves
            .iter()
            .map(|(mv, value)| {
                let value = format!("{value:+}");
                t!(text, "solve-move-value", house = mv.number(), value = value)
            })
            .collect();
        let best: Vec<String> = solution
            .moves
            .iter()
            .filter(|(_, v)| *v == solution.value)
            .map(|(mv, _)| mv.number().to_string())
            .collect();
        let (hits, database) = if endgame_bytes == 0 {
            (String::new(), t!(text, "solve-no-database"))
        } else {
            let hits = t!(text, "solve-hits", hits = endgame_hits.to_string());
            let database = t!(
                text,
                "solve-database",
                mib = text.decimal(mib(endgame_bytes as u64), 1),
                seeds = seeds
            );
            (format!(" ({hits})"), database)
        };
        let value = t!(
            text,
            "solve-value",
            ruleset = ruleset.to_string(),
            value = format!("{:+}", solution.value),
            houses = best.join(", ")
        );
        let which = if value_only {
            t!(text, "solve-value-only")
        } else {
            t!(text, "solve-each-move")
        };
        let searched = t!(
            text,
            "solve-searched",
            positions = solution.nodes.to_string(),
            hits = hits,
            threads = threads,
            seconds = text.decimal(seconds, 1)
        );
        let memory = t!(
            text,
            "solve-memory",
            mib = text.decimal(mib(table_bytes as u64), 0),
            entries = table_entries.to_string(),
            database = database
        );
        format!(
            "{value}\n{which}: {}\n{searched}\n{memory}\n",
            moves.join(", ")
        )
    };
    let _ = std::io::stdout().write_all(out.as_bytes());
}
