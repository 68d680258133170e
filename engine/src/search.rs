//! Negamax alpha-beta over positions. A value is always the mover's: his
//! store less his opponent's when the game is over (the exact result), or
//! the same difference of the stores now at the search's horizon. A move
//! that gives the mover another turn keeps the window as it is; any other
//! move hands the game over, and the value and window change sign.

use crate::table::{Bound, EXACT_DEPTH, Table};
use protocol::rules::{Move, Position, Side, Status};

/// Searches, sharing one transposition table.
pub struct Searcher {
    table: Table,
    nodes: u64,
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

impl Searcher {
    /// A searcher remembering positions in `table`.
    pub fn new(table: Table) -> Searcher {
        Searcher { table, nodes: 0 }
    }

    /// Positions visited since this searcher was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `position` with perfect play, and of each of its moves;
    /// `None` when the game is over.
    pub fn solve(&mut self, position: &Position) -> Option<Solution> {
        let Status::ToMove(mover) = position.status() else {
            return None;
        };
        let start = self.nodes;
        let bound = i32::from(u8::MAX);
        let mut moves = Vec::new();
        for mv in position.legal_moves().iter() {
            let value = self.after(position, mover, mv, EXACT_DEPTH, -bound, bound);
            moves.push((mv, value));
        }
        let value = moves.iter().map(|(_, v)| *v).max()?;
        Some(Solution {
            value,
            moves,
            nodes: self.nodes - start,
        })
    }

    /// The best move of `position` searched `depth` plies (extra turns count
    /// as plies too), and its value for the mover; `None` when it is over.
    pub fn best_move(&mut self, position: &Position, depth: u8) -> Option<(Move, i32)> {
        let Status::ToMove(mover) = position.status() else {
            return None;
        };
        let bound = i32::from(u8::MAX);
        let mut best: Option<(Move, i32)> = None;
        let mut alpha = -bound;
        for mv in position.legal_moves().iter() {
            let value = self.after(position, mover, mv, depth, alpha, bound);
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
                alpha = alpha.max(value);
            }
        }
        best
    }

    /// The mover's value after `mv` from `position`, searched `depth` plies
    /// in the window (`alpha`, `beta`) of the mover.
    fn after(
        &mut self,
        position: &Position,
        mover: Side,
        mv: Move,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut child = *position;
        if child.play_in_place(mv).is_err() {
            // Only legal moves are asked for; this is not reached.
            return -i32::from(u8::MAX);
        }
        let next = depth.saturating_sub(u8::from(depth != EXACT_DEPTH));
        match child.status() {
            Status::Over(_) => {
                self.nodes += 1;
                store_difference(&child, mover)
            }
            Status::ToMove(side) if side == mover => self.negamax(&child, next, alpha, beta),
            Status::ToMove(_) => -self.negamax(&child, next, -beta, -alpha),
        }
    }

    /// The value of `position` for its mover, searched `depth` plies
    /// ([`EXACT_DEPTH`]: to the end), within (`alpha`, `beta`).
    fn negamax(&mut self, position: &Position, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let Status::ToMove(mover) = position.status() else {
            return 0;
        };
        if depth == 0 {
            return store_difference(position, mover);
        }
        let original_alpha = alpha;
        if let Some((value, bound)) = self.table.get(position, depth) {
            let value = i32::from(value);
            match bound {
                Bound::Exact => return value,
                Bound::Lower => alpha = alpha.max(value),
                Bound::Upper => beta = beta.min(value),
            }
            if alpha >= beta {
                return value;
            }
        }
        let mut best = -i32::from(u8::MAX);
        for mv in position.legal_moves().iter() {
            let value = self.after(position, mover, mv, depth, alpha, beta);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // Values are seed counts, well inside an i16.
        self.table.put(position, depth, best as i16, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{Board, Ruleset, Variant};
    use std::collections::HashMap;

    /// The value of `position` for its mover by plain minimax over every
    /// line, remembered per position, with no pruning: the reference the
    /// search must agree with.
    fn reference(position: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
        if let Some(&value) = memo.get(position) {
            return value;
        }
        let Status::ToMove(mover) = position.status() else {
            unreachable!("asked only of positions with a mover");
        };
        let mut best = i32::MIN;
        for mv in position.legal_moves().iter() {
            let mut child = *position;
            child.play_in_place(mv).expect("a legal move");
            let value = match child.status() {
                Status::Over(_) => store_difference(&child, mover),
                Status::ToMove(side) if side == mover => reference(&child, memo),
                Status::ToMove(_) => -reference(&child, memo),
            };
            best = best.max(value);
        }
        memo.insert(*position, best);
        best
    }

    /// A Kalah position with these rows (player 0's first), player 0 to move.
    fn kalah(rows: [[u8; 6]; 2], stores: [u8; 2]) -> Position {
        let board = Board {
            houses: rows.map(|row| row.to_vec()),
            stores,
            to_move: Some(Side::Player0),
        };
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
            let expected = reference(&position, &mut memo);
            let mut searcher = Searcher::new(Table::with_bytes(1 << 20));
            let solution = searcher.solve(&position).expect("a mover");
            assert_eq!(solution.value, expected, "{:?}", position.board());
            for (mv, value) in &solution.moves {
                let mut child = position;
                child.play_in_place(*mv).expect("legal");
                let want = match child.status() {
                    Status::Over(_) => store_difference(&child, Side::Player0),
                    Status::ToMove(Side::Player0) => reference(&child, &mut memo),
                    Status::ToMove(_) => -reference(&child, &mut memo),
                };
                assert_eq!(*value, want, "move {mv:?} of {:?}", position.board());
            }
        }
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
}
