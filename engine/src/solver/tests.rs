use super::*;
use crate::testing::minimax;
use protocol::rules::{KalahParams, Status};
use std::collections::HashMap;

fn kalah(houses: u8, seeds: u8, empty_capture: bool) -> Ruleset {
    Ruleset::Kalah(KalahParams::with_houses(houses, seeds, empty_capture).expect("a board"))
}

#[test]
fn small_boards_solve_to_what_exhaustive_search_finds() {
    for houses in 1..=3 {
        for seeds in 1..=3 {
            for empty_capture in [false, true] {
                let ruleset = kalah(houses, seeds, empty_capture);
                let start = Position::start(ruleset);
                let expected = minimax(&start, &mut HashMap::new());
                let plain = Solver::new(1 << 16, None)
                    .solve(&start, |_, _, _| {})
                    .expect("solved");
                assert_eq!(plain.value, expected, "{ruleset}");
                let endgame = Endgame::build(ruleset, 6, 1 << 24, |_, _| {}).expect("built");
                let with_endgame = Solver::new(1 << 16, Some(Arc::new(endgame)))
                    .solve(&start, |_, _, _| {})
                    .expect("solved");
                assert_eq!(
                    with_endgame,
                    Solution {
                        nodes: with_endgame.nodes,
                        ..plain.clone()
                    },
                    "{ruleset}"
                );
            }
        }
    }
}

#[test]
fn kalah_3_3_with_empty_capture_is_a_first_player_win_by_2() {
    // RULES.md §2: +2 under the standard end (and +4 under the reading it
    // warns against).
    let start = Position::start(kalah(3, 3, true));
    let solution = Solver::new(1 << 20, None)
        .solve(&start, |_, _, _| {})
        .expect("solved");
    assert_eq!(solution.value, 2);
}

#[test]
fn each_move_value_equals_minimax_on_mangala_and_kalah_endgames() {
    for ruleset in [Ruleset::Mangala, Ruleset::Kalah(KalahParams::default())] {
        for seed in 1..=12u64 {
            let Some(position) = crate::testing::random_endgame(ruleset, 12, seed) else {
                continue;
            };
            let mover = position.to_move().expect("a mover");
            let mut memo = HashMap::new();
            let endgame = Arc::new(Endgame::build(ruleset, 5, 1 << 24, |_, _| {}).expect("built"));
            for endgame in [None, Some(endgame)] {
                let solution = Solver::new(1 << 12, endgame)
                    .solve(&position, |_, _, _| {})
                    .expect("solved");
                assert_eq!(solution.value, minimax(&position, &mut memo));
                for (mv, value) in &solution.moves {
                    let mut child = position;
                    child.play_in_place(*mv).expect("legal");
                    let want = match child.status() {
                        Status::Over(_) => store_difference(&child, mover),
                        Status::ToMove(side) if side == mover => minimax(&child, &mut memo),
                        Status::ToMove(_) => -minimax(&child, &mut memo),
                    };
                    assert_eq!(*value, want, "{ruleset} move {mv:?}");
                }
            }
        }
    }
}

#[test]
fn a_tiny_table_gives_the_same_values() {
    let start = Position::start(kalah(4, 2, false));
    let tiny = Solver::new(1, None)
        .solve(&start, |_, _, _| {})
        .expect("solved");
    let large = Solver::new(1 << 22, None)
        .solve(&start, |_, _, _| {})
        .expect("solved");
    assert_eq!(tiny.moves, large.moves);
}

#[test]
fn oware_and_other_rules_are_refused() {
    let oware = Position::start(Ruleset::default_for(protocol::rules::Variant::Oware));
    assert!(matches!(
        Solver::new(1 << 10, None).solve(&oware, |_, _, _| {}),
        Err(SolveError::NotSolvable(_))
    ));
    let endgame = Arc::new(Endgame::build(Ruleset::Mangala, 2, 1 << 20, |_, _| {}).expect("built"));
    let kalah = Position::start(Ruleset::Kalah(KalahParams::default()));
    assert!(matches!(
        Solver::new(1 << 10, Some(endgame)).solve(&kalah, |_, _, _| {}),
        Err(SolveError::OtherRules { .. })
    ));
}

#[test]
fn the_value_alone_is_the_full_solution_s_value() {
    for ruleset in [kalah(3, 3, false), kalah(4, 2, true), kalah(2, 4, false)] {
        let start = Position::start(ruleset);
        let full = Solver::new(1 << 16, None)
            .solve(&start, |_, _, _| {})
            .expect("solved");
        let (best, value, _) = Solver::new(1 << 16, None)
            .value(&start, |_, _, _| {})
            .expect("solved");
        assert_eq!(value, full.value, "{ruleset}");
        assert!(full.moves.contains(&(best, value)), "{ruleset}: {best:?}");
    }
}

#[test]
fn boards_with_a_house_the_table_cannot_key_solve_to_what_exhaustive_search_finds() {
    // The table keys a house in five bits, so a house of 32 or more is
    // searched without it.
    for (houses, rows) in [(1, [[33, 0], [2, 0]]), (2, [[32, 1], [1, 1]])] {
        let ruleset = kalah(houses, 1, false);
        let mut full = [[0u8; protocol::rules::MAX_HOUSES]; 2];
        for (row, given) in full.iter_mut().zip(rows) {
            row[..2].copy_from_slice(&given);
        }
        let position = Position::from_rows(ruleset, &full, [0, 0], protocol::rules::Side::Player0)
            .expect("a position");
        let expected = minimax(&position, &mut HashMap::new());
        let solved = Solver::new(1 << 16, None)
            .solve(&position, |_, _, _| {})
            .expect("solved");
        assert_eq!(solved.value, expected, "{ruleset} {rows:?}");
    }
}

#[test]
fn threads_sharing_the_table_find_the_values_one_thread_finds() {
    for ruleset in [kalah(3, 3, false), kalah(3, 3, true), Ruleset::Mangala] {
        let start = Position::start(ruleset);
        let endgame = (ruleset == Ruleset::Mangala)
            .then(|| Arc::new(Endgame::build(ruleset, 4, 1 << 24, |_, _| {}).expect("built")));
        let alone = Solver::new(1 << 20, endgame.clone());
        // Large enough to be mapped, so that its pages are had while the
        // first guess runs (`SolveTable::populate`).
        let together = Solver::new(4 << 20, endgame).with_threads(2);
        for (mut one, threads) in [(alone, 1), (together, 2)] {
            if ruleset == Ruleset::Mangala {
                // Mangala from the start is out of a test's reach: an
                // endgame of 12 seeds, checked against minimax.
                let position = crate::testing::random_endgame(ruleset, 12, 3).expect("an endgame");
                let expected = minimax(&position, &mut HashMap::new());
                let solved = one.solve(&position, |_, _, _| {}).expect("solved");
                assert_eq!(solved.value, expected, "{ruleset}, {threads} threads");
            } else {
                let expected = minimax(&start, &mut HashMap::new());
                let solved = one.solve(&start, |_, _, _| {}).expect("solved");
                assert_eq!(solved.value, expected, "{ruleset}, {threads} threads");
                let (_, value, _) = one.value(&start, |_, _, _| {}).expect("solved");
                assert_eq!(value, expected, "{ruleset}, {threads} threads");
            }
        }
    }
}

#[test]
fn a_long_solve_reports_its_progress() {
    let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
    let heard = Arc::clone(&reports);
    let mut solver = Solver::new(1 << 20, None).with_progress(1024, move |searched| {
        heard.lock().expect("not poisoned").push(searched);
    });
    let solved = solver
        .solve(&Position::start(kalah(4, 3, false)), |_, _, _| {})
        .expect("solved");
    let reports = reports.lock().expect("not poisoned").clone();
    assert!(!reports.is_empty(), "{} positions, no report", solved.nodes);
    assert!(
        reports.windows(2).all(|w| w[1] == w[0] + 1024),
        "{reports:?}"
    );
    assert!(*reports.last().expect("a report") <= solved.nodes);
}

#[test]
fn mtdf_finds_the_same_value_from_every_first_guess() {
    let mut positions = vec![Position::start(kalah(3, 3, false))];
    for (ruleset, seed) in [(Ruleset::Mangala, 5), (kalah(6, 4, false), 7)] {
        positions.extend(crate::testing::random_endgame(ruleset, 12, seed));
    }
    for position in positions {
        let mover = position.to_move().expect("a mover");
        let expected = minimax(&position, &mut HashMap::new())
            - crate::endgame::board::store_difference(&position, mover);
        let (rules, board) = Solver::new(1, None).prepare(&position).expect("solvable");
        let seeds = board.seeds() as i32;
        // A fresh table each time, so that each guess starts from nothing.
        for guess in -seeds - 3..=seeds + 3 {
            let mut solver = Solver::new(1 << 16, None);
            let found = solver.alone(|worker| worker.mtdf(&board, rules, guess));
            assert_eq!(found, Some(expected), "{position:?} from the guess {guess}");
        }
    }
}

#[test]
fn the_first_guesses_change_the_work_but_not_the_values() {
    let position = crate::testing::random_endgame(kalah(6, 4, false), 14, 11).expect("an endgame");
    let guessed = Solver::new(1 << 20, None)
        .solve(&position, |_, _, _| {})
        .expect("solved");
    let unguessed = Solver::new(1 << 20, None)
        .with_preview_nodes(0)
        .solve(&position, |_, _, _| {})
        .expect("solved");
    assert_eq!(guessed.moves, unguessed.moves);
    let (_, value, _) = Solver::new(1 << 20, None)
        .with_preview_nodes(0)
        .value(&position, |_, _, _| {})
        .expect("solved");
    assert_eq!(value, guessed.value);
}
