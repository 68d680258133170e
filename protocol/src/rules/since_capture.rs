//! What a player who sees only the positions of a game (a client, a
//! computer player on the server) needs for Oware's repetition rule: the
//! positions since the last capture, followed move by move, to give to a
//! search (the engine's `Searcher::set_since_capture`).

use crate::rules::Position;

/// The positions a game has reached since its last capture, as far as the
/// moves seen tell. In Oware the stores change only by a capture, so a
/// move that leaves them as they were extends the set and any other starts
/// it again. A gap (a move not seen, another game) starts it again too: the
/// search then treats the position as just after a capture, which may miss
/// a repetition of what was not seen but never plays an illegal move.
#[derive(Clone, Debug, Default)]
pub struct SinceCapture {
    /// The game and the moves played in it when the last position was seen.
    at: Option<(u8, u32)>,
    positions: Vec<Position>,
}

impl SinceCapture {
    /// Nothing seen yet.
    pub fn new() -> SinceCapture {
        SinceCapture::default()
    }

    /// `position` was reached in game `game` after `plies` moves of it.
    pub fn reached(&mut self, game: u8, plies: u32, position: Position) {
        let follows = self.at == Some((game, plies.wrapping_sub(1)));
        let same_stores = self
            .positions
            .last()
            .is_some_and(|last| last.stores() == position.stores());
        if !position.ruleset().tracks_repetition() {
            self.positions.clear();
        } else if self.at == Some((game, plies)) && self.positions.last() == Some(&position) {
            // Told again (a catch-up after a reconnection): nothing new.
        } else if follows && same_stores {
            self.positions.push(position);
        } else {
            self.positions.clear();
            self.positions.push(position);
        }
        self.at = Some((game, plies));
    }

    /// The positions since the last capture, the latest last (empty for
    /// rules without the repetition rule).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Ruleset, Variant};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn following_the_moves_gives_what_the_game_itself_remembers() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..50 {
            let mut game = Game::new(Ruleset::default_for(Variant::Oware));
            let mut seen = SinceCapture::new();
            seen.reached(1, 0, *game.position());
            let mut plies = 0;
            while !game.is_over() {
                assert_eq!(
                    seen.positions(),
                    game.since_capture(),
                    "after {plies} moves"
                );
                let legal = game.position().legal_moves();
                let mv = legal.nth(rng.random_range(0..legal.len())).expect("a move");
                game.play(mv).expect("legal");
                plies += 1;
                seen.reached(1, plies, *game.position());
                // A catch-up repeats what was seen: nothing changes.
                seen.reached(1, plies, *game.position());
            }
        }
    }

    #[test]
    fn a_gap_or_a_new_game_starts_again_and_kalah_keeps_nothing() {
        let mut game = Game::new(Ruleset::default_for(Variant::Oware));
        let mut seen = SinceCapture::new();
        seen.reached(1, 0, *game.position());
        for ply in 1..=2 {
            let mv = game.position().legal_moves().nth(0).expect("a move");
            game.play(mv).expect("legal");
            seen.reached(1, ply, *game.position());
        }
        assert_eq!(seen.positions().len(), 3);
        let mv = game.position().legal_moves().nth(0).expect("a move");
        game.play(mv).expect("legal");
        let mv = game.position().legal_moves().nth(0).expect("a move");
        game.play(mv).expect("legal");
        seen.reached(1, 4, *game.position());
        assert_eq!(seen.positions(), &[*game.position()], "ply 3 was missed");
        seen.reached(2, 0, *game.position());
        assert_eq!(seen.positions().len(), 1, "another game");

        let kalah = Game::new(Ruleset::default_for(Variant::Kalah));
        seen.reached(1, 0, *kalah.position());
        assert!(seen.positions().is_empty());
    }
}
