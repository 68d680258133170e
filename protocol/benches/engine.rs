//! Rules-engine speed: random playouts and perft, for every variant.
//!
//! `cargo bench -p protocol --bench engine` (figures in docs/PERFORMANCE.md).
//! Playouts use the allocation-free `Position::play_in_place`, a random legal
//! move each ply and a new game whenever one ends; throughput is in moves.

#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use protocol::rules::{Position, Ruleset, Variant, perft};
use std::hint::black_box;

const MOVES_PER_ITERATION: u64 = 100_000;

/// xorshift64*: fast, deterministic, good enough to pick moves.
struct Rng(u64);

impl Rng {
    #[inline]
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Play `moves` random moves, starting a new game whenever one ends (a
/// restart is not counted as a move).
fn random_playouts(ruleset: Ruleset, moves: u64, rng: &mut Rng) -> u32 {
    let start = Position::start(ruleset);
    let mut position = start;
    let mut games = 0;
    let mut played = 0;
    while played < moves {
        let legal = position.legal_moves();
        if legal.is_empty() {
            position = start;
            games += 1;
            continue;
        }
        // Multiply-shift picks an index in 0..len without a division.
        let pick = ((rng.next() >> 32) * legal.len() as u64) >> 32;
        if let Some(mv) = legal.nth(pick as usize) {
            let _ = position.play_in_place(mv);
        }
        played += 1;
    }
    black_box(position);
    games
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(MOVES_PER_ITERATION));
    for variant in Variant::ALL {
        let ruleset = Ruleset::default_for(variant);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        group.bench_function(variant.id(), |b| {
            b.iter(|| random_playouts(ruleset, MOVES_PER_ITERATION, &mut rng))
        });
    }
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for variant in Variant::ALL {
        let ruleset = Ruleset::default_for(variant);
        let start = Position::start(ruleset);
        let depth = 7;
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("{}/depth{depth}", variant.id()), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, perfts);
criterion_main!(benches);
