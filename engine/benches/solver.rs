//! The solver's speed: positions searched per second on one core, solving
//! small Kalah boards and Mangala endgames from a fresh table, and the time
//! to build an endgame database.
//!
//! `cargo bench -p engine --bench solver` (figures in docs/PERFORMANCE.md;
//! the time to solve Kalah(6,4) from the start is `mancala solve kalah`,
//! too long for a benchmark's repetitions: docs/SOLVED.md).

#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Endgame, Solver};
use protocol::rules::{KalahParams, Position, Ruleset};
use std::hint::black_box;

/// Small enough that setting it up is a small part of a solve.
const TABLE_BYTES: usize = 16 << 20;

fn kalah(houses: u8, seeds: u8) -> Ruleset {
    Ruleset::Kalah(KalahParams::with_houses(houses, seeds, false).expect("a board"))
}

/// Positions one solve of `ruleset`'s start visits (the same every time: the
/// solver is deterministic from a fresh table).
fn positions(ruleset: Ruleset) -> u64 {
    Solver::new(TABLE_BYTES, None)
        .solve(&Position::start(ruleset), |_, _, _| {})
        .map(|s| s.nodes)
        .unwrap_or(0)
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (name, ruleset) in [("kalah(5,3)", kalah(5, 3)), ("kalah(4,5)", kalah(4, 5))] {
        group.throughput(Throughput::Elements(positions(ruleset)));
        let start = Position::start(ruleset);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut solver = Solver::new(TABLE_BYTES, None);
                black_box(solver.solve(&start, |_, _, _| {}).map(|s| s.value))
            })
        });
    }
    group.finish();
}

fn databases(c: &mut Criterion) {
    let mut group = c.benchmark_group("endgame");
    group.sample_size(10);
    for (name, ruleset) in [
        ("mangala/12", Ruleset::Mangala),
        ("kalah(6,4)/12", kalah(6, 4)),
    ] {
        group.throughput(Throughput::Elements(Endgame::entries(ruleset, 12)));
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(Endgame::build(ruleset, 12, u64::MAX, |_, _| {}).map(|e| e.bytes()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solving, databases);
criterion_main!(benches);
