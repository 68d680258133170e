//! The computer players' search: positions visited per second on one core,
//! thinking to a fixed depth from a fresh table, in each variant's start
//! position and in a Kalah and a Mangala middle game, the latter with and
//! without the shared endgame database (what looking every position up
//! costs, and what it saves).
//!
//! `cargo bench -p engine --bench search` (figures in docs/PERFORMANCE.md).

#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Budget, Endgames, Searcher, Table};
use protocol::rules::{Game, Position, Ruleset, Variant};
use std::hint::black_box;

const TABLE_BYTES: usize = 16 << 20;

/// A game after `plies` moves of a fixed pseudo-random sequence.
fn middle_game(ruleset: Ruleset, plies: usize) -> Position {
    let mut game = Game::new(ruleset);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..plies {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let Some(mv) = legal.nth(state as usize % legal.len()) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    *game.position()
}

/// A searcher with the shared databases, or searching all the way itself.
fn searcher(endgames: Option<&Endgames>) -> Searcher {
    let searcher = Searcher::new(Table::with_bytes(TABLE_BYTES));
    match endgames {
        Some(endgames) => searcher.with_endgames(endgames),
        None => searcher,
    }
}

fn budget(depth: u8) -> Budget {
    Budget {
        depth: Some(depth),
        ..Budget::default()
    }
}

/// Positions one search visits (the same every time from a fresh table).
fn positions(position: &Position, depth: u8, endgames: Option<&Endgames>) -> u64 {
    searcher(endgames)
        .think(position, budget(depth))
        .map_or(0, |thought| thought.nodes)
}

fn searching(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut cases = Vec::new();
    for variant in Variant::ALL {
        let ruleset = Ruleset::default_for(variant);
        cases.push((
            format!("{variant}/start"),
            Position::start(ruleset),
            14,
            true,
        ));
    }
    for (variant, plies) in [(Variant::Kalah, 24), (Variant::Mangala, 30)] {
        let position = middle_game(Ruleset::default_for(variant), plies);
        for endgames in [true, false] {
            let name = format!(
                "{variant}/middle/{}",
                if endgames { "database" } else { "no-database" }
            );
            cases.push((name, position, 22, endgames));
        }
    }
    // Built once beforehand and shared by every searcher, as a server's are.
    let shared = Endgames::new();
    for ruleset in [Variant::Kalah, Variant::Mangala].map(Ruleset::default_for) {
        black_box(shared.exact(ruleset));
    }
    for (name, position, depth, endgames) in cases {
        let endgames = endgames.then_some(&shared);
        group.throughput(Throughput::Elements(positions(&position, depth, endgames)));
        group.bench_function(name, |b| {
            b.iter(|| black_box(searcher(endgames).think(&position, budget(depth))))
        });
    }
    group.finish();
}

criterion_group!(benches, searching);
criterion_main!(benches);
