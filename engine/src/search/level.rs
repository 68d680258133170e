//! Computer opponents of eight strengths. Level 8 searches as deep as its
//! time allows; each lower level searches less deep and, with a growing
//! chance, plays a move other than the best it found (never an illegal one),
//! so that each level is clearly weaker than the next (docs/ENGINE.md has
//! the measured ladder).

use super::searcher::{Budget, Searcher};
use protocol::rules::{Move, Position, Variant};
use rand::Rng;
use std::time::Duration;

/// A strength from 1 (nearly random) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Per level: the deepest search in plies, and the chance in a thousand of
/// playing another move than the best found.
const LEVELS: [(u8, u32); 8] = [
    (1, 800),
    (2, 400),
    (3, 250),
    (5, 120),
    (7, 50),
    (9, 15),
    (11, 0),
    (u8::MAX - 1, 0),
];

impl Level {
    /// The weakest: nearly random.
    pub const MIN: Level = Level(1);
    /// The strongest: as deep as its time allows, no mistakes on purpose.
    pub const MAX: Level = Level(8);

    /// Level `n`, if it is 1 to 8.
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    /// Its number, 1 to 8.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The deepest it searches `variant`: as [`LEVELS`] says, but for
    /// Togyz Kumalak's levels 6 and 7, a ply less: with that game's
    /// evaluation, levels 6 and 7 nine and eleven plies deep played too
    /// alike (57 % at 100 ms a move), and so did 8 and 7 (level 8 reaches
    /// about eleven plies in 100 ms); docs/ENGINE.md.
    fn depth(self, variant: Variant) -> u8 {
        let depth = LEVELS[usize::from(self.0 - 1)].0;
        if variant == Variant::TogyzKumalak && matches!(self.0, 6 | 7) {
            depth - 1
        } else {
            depth
        }
    }

    fn mistakes_per_thousand(self) -> u32 {
        LEVELS[usize::from(self.0 - 1)].1
    }

    /// Choose a move of `position` within `time` (and the level's depth),
    /// `None` when the game is over. The searcher's table is kept between
    /// moves, so a player's later searches start from what it found; under
    /// Oware's repetition rule, tell it first what the game has seen
    /// ([`Searcher::set_since_capture`]).
    pub fn choose(
        self,
        searcher: &mut Searcher,
        position: &Position,
        time: Duration,
        rng: &mut impl Rng,
    ) -> Option<Move> {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let budget = Budget {
            time: Some(time),
            nodes: None,
            depth: Some(self.depth(position.ruleset().variant())),
        };
        let best = searcher.think(position, budget)?.best;
        if legal.len() > 1 && rng.random_range(0..1000) < self.mistakes_per_thousand() {
            // Another move than the best, chosen at random.
            let others: Vec<Move> = legal.iter().filter(|&mv| mv != best).collect();
            return others.get(rng.random_range(0..others.len())).copied();
        }
        Some(best)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Table;
    use protocol::rules::{Game, Ruleset};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn levels_are_one_to_eight() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::new(1), Some(Level::MIN));
        assert_eq!(Level::new(8), Some(Level::MAX));
    }

    #[test]
    fn every_level_plays_only_legal_moves_in_every_variant_to_the_end() {
        let mut rng = StdRng::seed_from_u64(17);
        for variant in Variant::ALL {
            for n in 1..=8 {
                let level = Level::new(n).expect("a level");
                let mut searcher = Searcher::new(Table::with_bytes(1 << 16));
                let mut game = Game::new(Ruleset::default_for(variant));
                let mut plies = 0;
                while !game.position().legal_moves().is_empty() && plies < 400 {
                    let position = *game.position();
                    searcher.set_since_capture(game.since_capture());
                    let mv = level
                        .choose(&mut searcher, &position, Duration::from_millis(5), &mut rng)
                        .expect("a move while the game goes on");
                    assert!(position.legal_moves().contains(mv), "{variant:?} level {n}");
                    game.play(mv).expect("legal");
                    plies += 1;
                }
            }
        }
    }
}
