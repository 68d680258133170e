//! What a position is worth to its mover where the search stops short of
//! the end (its horizon), in seeds. For most rules the difference of the
//! stores says it: what is banked stays banked. The Kazakh games add two
//! terms, tuned by matches of the search against itself
//! (`cargo run --release -p engine --example evaluation_match`,
//! docs/ENGINE.md has the figures): Togyz Kumalak's tuzdik, a house that
//! banks every stone sown into it for the rest of the game, is worth more
//! than the three stones it banked at once, the more so the more stones
//! are still to be sown; and in both, stones in one's own row are worth
//! more than in the opponent's (one sows them where one chooses, the
//! opponent captures from his opponent's row only, and whoever leaves his
//! opponent without a stone sweeps his own row).

use protocol::rules::{Position, Ruleset, Side, Variant};

/// How a search values a position at its horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// What a tuzdik is worth, in eighteenths of the stones still on the
    /// board (a tuzdik is one house of the 18 the stones are sown round).
    pub tuzdik_eighteenths: i32,
    /// What a stone in the mover's row is worth against one in his
    /// opponent's, in tenths of a stone.
    pub row_tenths: i32,
}

impl Evaluation {
    /// The stores' difference alone (every rule before tuning).
    pub const STORES: Evaluation = Evaluation {
        tuzdik_eighteenths: 0,
        row_tenths: 0,
    };

    /// The tuned evaluation of `ruleset`: the Kazakh games' own; the
    /// stores alone for the others (their figures were measured so).
    pub fn of(ruleset: Ruleset) -> Evaluation {
        match ruleset.variant() {
            Variant::TogyzKumalak => Evaluation {
                tuzdik_eighteenths: 4,
                row_tenths: 3,
            },
            Variant::Bestemshe => Evaluation {
                tuzdik_eighteenths: 0,
                row_tenths: 5,
            },
            _ => Evaluation::STORES,
        }
    }

    /// The value of `position` for `mover`, whose stores differ by
    /// `difference` and with `on_board` stones still on the board: within
    /// `difference ± on_board`, as any end of the game is (the search's
    /// cut-offs rely on it).
    pub(super) fn at_horizon(
        self,
        position: &Position,
        mover: Side,
        difference: i32,
        on_board: i32,
    ) -> i32 {
        if self == Evaluation::STORES {
            return difference;
        }
        let [mine, theirs] = [mover, mover.opponent()].map(|side| position.tuzdiks()[side.index()]);
        let held = i32::from(mine.is_some()) - i32::from(theirs.is_some());
        let row = |side: Side| {
            position
                .row(side)
                .iter()
                .map(|&s| i32::from(s))
                .sum::<i32>()
        };
        let rows = row(mover) - row(mover.opponent());
        let bonus = held * on_board * self.tuzdik_eighteenths / 18 + rows * self.row_tenths / 10;
        difference + bonus.clamp(-on_board, on_board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Searcher, Table};
    use protocol::rules::{Game, Status};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Every position of a few random games of `variant`, with its mover.
    fn positions(variant: Variant, games: u64) -> Vec<(Position, Side)> {
        let mut found = Vec::new();
        for seed in 0..games {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = Game::new(Ruleset::default_for(variant));
            while let Status::ToMove(mover) = game.position().status() {
                found.push((*game.position(), mover));
                let legal = game.position().legal_moves();
                let Some(mv) = legal.nth(rng.random_range(0..legal.len())) else {
                    break;
                };
                game.play(mv).expect("a legal move");
                if game.moves().len() > 400 {
                    break;
                }
            }
        }
        found
    }

    fn stores_and_board(position: &Position, mover: Side) -> (i32, i32) {
        let [mine, theirs] = [mover, mover.opponent()].map(|s| i32::from(position.store(s)));
        (mine - theirs, position.total_seeds() as i32 - mine - theirs)
    }

    #[test]
    fn a_value_at_the_horizon_stays_within_what_the_stones_left_allow() {
        for variant in [Variant::TogyzKumalak, Variant::Bestemshe] {
            for (position, mover) in positions(variant, 20) {
                let (difference, on_board) = stores_and_board(&position, mover);
                let value = Evaluation::of(position.ruleset())
                    .at_horizon(&position, mover, difference, on_board);
                assert!(
                    (value - difference).abs() <= on_board,
                    "{variant}: {value} from {difference} with {on_board} on the board"
                );
            }
        }
    }

    #[test]
    fn a_tuzdik_of_ones_own_is_worth_more_than_the_stones_alone_and_the_opponents_less() {
        let mut seen = [false; 2];
        let tuzdik_only = Evaluation {
            tuzdik_eighteenths: 4,
            row_tenths: 0,
        };
        for (position, mover) in positions(Variant::TogyzKumalak, 20) {
            let (difference, on_board) = stores_and_board(&position, mover);
            let held = position.tuzdiks().map(|t| t.is_some());
            let value = tuzdik_only.at_horizon(&position, mover, difference, on_board);
            if on_board < 5 || held[0] == held[1] {
                continue;
            }
            if held[mover.index()] {
                assert!(value > difference);
                seen[0] = true;
            } else {
                assert!(value < difference);
                seen[1] = true;
            }
        }
        assert_eq!(seen, [true, true], "both cases met");
    }

    #[test]
    fn the_other_rules_are_valued_by_their_stores_alone() {
        for variant in [Variant::Kalah, Variant::Mangala, Variant::Oware] {
            assert_eq!(
                Evaluation::of(Ruleset::default_for(variant)),
                Evaluation::STORES
            );
        }
    }

    /// A search one ply deep values each move by the position after it, as
    /// its mover's opponent's evaluation has it (every Kazakh move passes
    /// the turn): the searcher uses the rules' own evaluation by default.
    #[test]
    fn the_search_values_its_horizon_by_the_rules_own_evaluation() {
        for variant in [Variant::TogyzKumalak, Variant::Bestemshe] {
            let mut differs = false;
            for (position, mover) in positions(variant, 3).into_iter().step_by(7) {
                let mut searcher = Searcher::new(Table::with_bytes(1 << 20));
                let Some((values, _)) = searcher.evaluate(&position, 1) else {
                    continue;
                };
                for (mv, value) in values {
                    let mut child = position;
                    child.play_in_place(mv).expect("a legal move");
                    let expected = match child.status() {
                        Status::Over(_) => stores_and_board(&child, mover).0,
                        Status::ToMove(next) => {
                            assert_eq!(next, mover.opponent());
                            let (difference, on_board) = stores_and_board(&child, next);
                            -Evaluation::of(position.ruleset())
                                .at_horizon(&child, next, difference, on_board)
                        }
                    };
                    assert_eq!(value, expected, "{variant} {mv:?}");
                    differs |= value != stores_and_board(&child, mover).0;
                }
            }
            assert!(differs, "{variant}: not the stores alone");
        }
    }
}
