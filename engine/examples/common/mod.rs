//! What the engine's measuring examples share (the strength ladder, the
//! evaluation's tuning matches, the move order's counts): their arguments,
//! random openings, the cap on a game's length, and how a game ended for
//! one side.
//!
//! Each example uses only part of it.
#![allow(dead_code)]

use protocol::rules::{Game, Move, Position, Ruleset, Side, Status};
use rand::Rng;
use rand::rngs::StdRng;

/// The program's argument `index` (0 is the first after its name) read as
/// a `T`, or `default` when it is not given; one that does not read stops
/// the program, saying why.
pub fn arg<T: std::str::FromStr>(index: usize, default: T) -> T
where
    T::Err: std::fmt::Display,
{
    match std::env::args().nth(index + 1) {
        None => default,
        Some(text) => text
            .parse()
            .unwrap_or_else(|e| panic!("argument {}, {text:?}: {e}", index + 1)),
    }
}

/// Random plies each pair of games starts with.
pub const OPENING_PLIES: usize = 4;

/// Plies after which a game is stopped and counted as a draw: Togyz
/// Kumalak and Bestemshe have no repetition rule, and two levels that make
/// no deliberate mistakes can sow round a cycle for ever.
pub const MAX_PLIES: usize = 1_000;

/// A game after [`OPENING_PLIES`] random legal plies (fewer if it ended).
pub fn random_opening(ruleset: Ruleset, rng: &mut StdRng) -> Game {
    let mut game = Game::new(ruleset);
    for _ in 0..OPENING_PLIES {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let Some(mv) = legal.nth(rng.random_range(0..legal.len())) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// How a game went for the side measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Drawn,
    Lost,
    /// Stopped at [`MAX_PLIES`] without an end: counted a draw.
    Stopped,
}

/// Play `game` to its end, or to [`MAX_PLIES`], `choose` giving the move
/// of the side to move; how it went for `side`, by the stores.
pub fn play_out(
    mut game: Game,
    side: Side,
    mut choose: impl FnMut(Side, &Position) -> Option<Move>,
) -> Outcome {
    while let Status::ToMove(mover) = game.position().status() {
        if game.moves().len() >= MAX_PLIES {
            return Outcome::Stopped;
        }
        let position = *game.position();
        let Some(mv) = choose(mover, &position) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let position = game.position();
    let ours = i32::from(position.store(side));
    let theirs = i32::from(position.store(side.opponent()));
    match ours.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Won,
        std::cmp::Ordering::Equal => Outcome::Drawn,
        std::cmp::Ordering::Less => Outcome::Lost,
    }
}

/// The games of one measured side against another.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    won: u32,
    drawn: u32,
    lost: u32,
    /// Of the draws, those stopped at [`MAX_PLIES`].
    stopped: u32,
}

impl Tally {
    /// `games` games in pairs, each pair from its own random opening
    /// (drawn from `rng`) played once with each colour: `play(opening,
    /// side, rng)` plays one, the measured side playing `side`.
    pub fn of_pairs(
        ruleset: Ruleset,
        games: u32,
        rng: &mut StdRng,
        mut play: impl FnMut(Game, Side, &mut StdRng) -> Outcome,
    ) -> Tally {
        let mut tally = Tally::default();
        let mut opening = Game::new(ruleset);
        for game in 0..games {
            let side = if game % 2 == 0 {
                opening = random_opening(ruleset, rng);
                Side::Player0
            } else {
                Side::Player1
            };
            match play(opening.clone(), side, rng) {
                Outcome::Won => tally.won += 1,
                Outcome::Drawn => tally.drawn += 1,
                Outcome::Lost => tally.lost += 1,
                Outcome::Stopped => {
                    tally.drawn += 1;
                    tally.stopped += 1;
                }
            }
        }
        tally
    }

    /// Its line of a Markdown table, after `label`: wins, draws, losses
    /// and the score (to a tenth where it is not whole: 59.5 % is not
    /// 60 %), then a line saying how many draws were stopped, if any.
    pub fn line(&self, label: &str) -> String {
        let games = self.won + self.drawn + self.lost;
        let score =
            (f64::from(self.won) + f64::from(self.drawn) / 2.0) / f64::from(games.max(1)) * 100.0;
        let score = if score.fract() == 0.0 {
            format!("{score:.0}")
        } else {
            format!("{score:.1}")
        };
        let mut line = format!(
            "| {label} | {} | {} | {} | {score} % |",
            self.won, self.drawn, self.lost
        );
        if self.stopped > 0 {
            line.push_str(&format!(
                "\n({} of those draws stopped at {MAX_PLIES} plies without an end)",
                self.stopped
            ));
        }
        line
    }
}
