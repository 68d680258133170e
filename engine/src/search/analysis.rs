//! A game reviewed move by move: the value of the move played against the
//! best one, each searched to the same depth (exact where the search
//! reached the end of the game), and the moves that lost the most.

use super::searcher::Searcher;
use protocol::api::{MoveClass, ReviewLine};
use protocol::rules::{Game, Move, MoveError, Position, Side};

/// One move of a game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Its ply in the game, from 1.
    pub ply: usize,
    /// Who played it.
    pub mover: Side,
    /// The move played.
    pub played: Move,
    /// Its value for the mover (his final seeds less his opponent's with
    /// best play from there, as far as the search saw).
    pub value: i32,
    /// The best move found (the lowest house of equal ones).
    pub best: Move,
    /// Its value for the mover.
    pub best_value: i32,
    /// Whether both values are exact: every line reached the end.
    pub exact: bool,
    /// The line the search expects from the position, starting with the
    /// best move (as long as the search's table kept it, at most the depth
    /// searched).
    pub expected: Vec<Move>,
    /// How much the move lost, in words ([`MoveClass::of`]).
    pub class: MoveClass,
}

impl Review {
    /// Seeds the move gave away against the best one (0 for a best move).
    pub fn loss(&self) -> i32 {
        self.best_value - self.value
    }

    /// The review as `mancala analyze --json` and the archive's analysis
    /// write it, houses numbered from 1; each adds who played it in its own
    /// terms (a rules side, or a seat).
    pub fn line(&self) -> ReviewLine {
        ReviewLine {
            ply: self.ply,
            played: self.played.number(),
            value: self.value,
            best: self.best.number(),
            best_value: self.best_value,
            loss: self.loss(),
            exact: self.exact,
            class: self.class,
            line: self.expected.iter().map(|mv| mv.number()).collect(),
        }
    }
}

/// Review every move of the game `moves` played from `start`, searching
/// each position `depth` plies. An illegal move is an error (the game it
/// names cannot be played).
pub fn review(
    searcher: &mut Searcher,
    start: &Position,
    moves: &[Move],
    depth: u8,
) -> Result<Vec<Review>, MoveError> {
    review_while(searcher, start, moves, depth, || true)
}

/// [`review`], asking `keep_going` before each position is searched: the
/// reviews done when it says no (a server drops the work of a client who
/// hung up).
pub fn review_while(
    searcher: &mut Searcher,
    start: &Position,
    moves: &[Move],
    depth: u8,
    keep_going: impl Fn() -> bool,
) -> Result<Vec<Review>, MoveError> {
    let mut game = Game::from_position(*start);
    let mut reviews = Vec::with_capacity(moves.len());
    for (n, &played) in moves.iter().enumerate() {
        if !keep_going() {
            break;
        }
        let position = *game.position();
        searcher.set_since_capture(game.since_capture());
        if let (Some(mover), Some((values, exact))) =
            (position.to_move(), searcher.evaluate(&position, depth))
        {
            let value_of = |mv: Move| values.iter().find(|(m, _)| *m == mv).map(|(_, v)| *v);
            if let (Some(value), Some(&(best, best_value))) = (
                value_of(played),
                values.iter().max_by_key(|(m, v)| (*v, -(m.index() as i32))),
            ) {
                let expected = searcher.expected_line(&position, best, usize::from(depth));
                reviews.push(Review {
                    ply: n + 1,
                    mover,
                    played,
                    value,
                    best,
                    best_value,
                    exact,
                    expected,
                    class: MoveClass::of(best_value - value, position.total_seeds()),
                });
            }
        }
        game.play(played)?;
    }
    Ok(reviews)
}

/// The plies of the `count` moves that lost the most (none that lost
/// nothing), worst first.
pub fn worst(reviews: &[Review], count: usize) -> Vec<usize> {
    let mut losing: Vec<&Review> = reviews.iter().filter(|r| r.loss() > 0).collect();
    losing.sort_by_key(|r| (-r.loss(), r.ply));
    losing.iter().take(count).map(|r| r.ply).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Table;
    use protocol::rules::{Ruleset, Variant};

    #[test]
    fn a_review_rates_each_move_against_the_best_and_finds_the_blunders() {
        let ruleset = Ruleset::default_for(Variant::Kalah);
        // A game of first legal moves, 40 plies or to its end.
        let mut game = Game::new(ruleset);
        let mut moves = Vec::new();
        while let Some(mv) = game.position().legal_moves().nth(0) {
            if moves.len() == 40 {
                break;
            }
            game.play(mv).expect("legal");
            moves.push(mv);
        }
        let mut searcher = Searcher::new(Table::with_bytes(1 << 20));
        let reviews =
            review(&mut searcher, &Position::start(ruleset), &moves, 4).expect("a legal game");
        assert_eq!(reviews.len(), moves.len());
        for r in &reviews {
            assert!(
                r.loss() >= 0,
                "ply {}: nothing is better than the best",
                r.ply
            );
            assert_eq!(r.played, moves[r.ply - 1]);
        }
        // Each position's expected line starts with its best move, is
        // legal from it, and is no longer than the depth; the table keeps
        // more than the first move of most.
        let mut replay = Game::new(ruleset);
        for r in &reviews {
            assert_eq!(r.expected.first(), Some(&r.best), "ply {}", r.ply);
            assert!(r.expected.len() <= 4, "ply {}", r.ply);
            let mut line = replay.clone();
            for &mv in &r.expected {
                line.play(mv).expect("the expected line is legal");
            }
            replay.play(r.played).expect("legal");
        }
        let long = reviews.iter().filter(|r| r.expected.len() > 1).count();
        assert!(
            long * 2 > reviews.len(),
            "{long} of {} lines go past their first move",
            reviews.len()
        );
        let worst = worst(&reviews, 3);
        assert!(worst.len() <= 3);
        for pair in worst.windows(2) {
            let loss = |ply: usize| reviews[ply - 1].loss();
            assert!(loss(pair[0]) >= loss(pair[1]), "worst first");
        }
        // Against an exhaustive search: the values of a late position are exact.
        let position = game.position();
        if let Some(solution) = searcher.solve(position) {
            let (values, _) = searcher.evaluate(position, 254).expect("a mover");
            assert_eq!(values, solution.moves);
        }
    }

    #[test]
    fn an_illegal_move_is_an_error() {
        let ruleset = Ruleset::default_for(Variant::Kalah);
        let mut searcher = Searcher::new(Table::with_bytes(1 << 16));
        // House 1 for each player, then house 1 again: it is empty.
        let moves = [
            Move::from_index(0),
            Move::from_index(0),
            Move::from_index(0),
        ];
        assert!(review(&mut searcher, &Position::start(ruleset), &moves, 2).is_err());
    }
}
