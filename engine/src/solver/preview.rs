//! A first guess at each first move's value, for MTD(f) to start from: a
//! shallow search by the general [`Searcher`] (its own small table, so that
//! nothing but exact bounds ever enters the solver's), deepened two plies
//! at a time within a fixed number of positions.
//!
//! The guess decides much of a solve's cost. Kalah(6,4)'s house 3 (value
//! +8, so +7 for the seeds left after it) took 201.6 M positions from the
//! guess 0 and 206.8 M from +5, but 95.6 M from +7, 98.1 M from +9, 137.5 M
//! from +12 and 161.9 M from +24 (one thread, 512 MiB table, 16-seed
//! database; docs/ENGINE.md): a guess a little *above* the value costs
//! about what the value itself does, one below it costs as much as none.
//! So the shallow value is raised by [`MARGIN`] unless the search reached
//! the end of every line.

use crate::{Searcher, Table};
use protocol::rules::{Move, Position};

/// The most positions the shallow searches may visit, all depths together
/// (about a second): Kalah(6,4) reaches 18 plies within it.
pub(crate) const PREVIEW_NODES: u64 = 1 << 22;

/// The positions the shallow searches of a board of `seeds` seeds in the
/// houses may visit: 2^(seeds / 2 − 2), at most [`PREVIEW_NODES`]
/// (reached from 48 seeds, Kalah(6,4)'s). A solve's work grows about that
/// fast with the seeds, so a small board, solved in moments, is not kept
/// waiting for its guesses: with 2^(seeds / 2) Kalah(4,5)'s solve (40
/// seeds) took 1.38 s against 1.02 s with none.
pub(crate) fn nodes_for(seeds: u32) -> u64 {
    (1u64 << (seeds / 2).saturating_sub(2).min(62)).min(PREVIEW_NODES)
}

/// The shallow search's table.
const PREVIEW_TABLE_BYTES: usize = 16 << 20;

/// How far above the shallow value the guess is put.
pub(crate) const MARGIN: i32 = 1;

/// Each legal move of `position` (in house order) with a guess at the
/// mover's final seed difference after it with perfect play: exact when a
/// search saw every line to its end, else the deepest search's value
/// within `nodes` positions raised by [`MARGIN`]. Empty when the game is
/// over.
pub(crate) fn first_guesses(position: &Position, nodes: u64) -> Vec<(Move, i32)> {
    let mut searcher = Searcher::new(Table::with_bytes(PREVIEW_TABLE_BYTES));
    let mut guesses = Vec::new();
    let mut depth: u8 = 2;
    while searcher.nodes() < nodes {
        let Some((moves, exact)) = searcher.evaluate(position, depth) else {
            break;
        };
        if exact {
            return moves;
        }
        guesses = moves;
        let Some(deeper) = depth.checked_add(2) else {
            break;
        };
        depth = deeper;
    }
    for (_, value) in &mut guesses {
        *value += MARGIN;
    }
    guesses
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{KalahParams, Ruleset};

    #[test]
    fn a_small_game_is_guessed_exactly() {
        // Kalah(2,2) is seen to its end well within the budget.
        let ruleset = Ruleset::Kalah(KalahParams::with_houses(2, 2, false).expect("a board"));
        let start = Position::start(ruleset);
        let mut exact = Searcher::new(Table::with_bytes(1 << 20));
        let solution = exact.solve(&start).expect("solved");
        assert_eq!(first_guesses(&start, PREVIEW_NODES), solution.moves);
    }

    #[test]
    fn the_budget_grows_with_the_seeds_up_to_its_most() {
        assert_eq!(nodes_for(0), 1);
        assert_eq!(nodes_for(30), 1 << 13);
        assert_eq!(nodes_for(46), 1 << 21);
        assert_eq!(nodes_for(48), PREVIEW_NODES);
        assert_eq!(nodes_for(72), PREVIEW_NODES);
    }

    #[test]
    fn every_legal_move_gets_a_guess() {
        let start = Position::start(Ruleset::Kalah(KalahParams::default()));
        let guesses = first_guesses(&start, 10_000);
        let moves: Vec<Move> = guesses.iter().map(|&(mv, _)| mv).collect();
        assert_eq!(moves, start.legal_moves().iter().collect::<Vec<_>>());
    }
}
