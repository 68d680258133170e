//! The ratings as the rest of the server sees them: a trait, so that a
//! second implementation (on several nodes, the ratings in PostgreSQL and
//! the turns held there) fills the same without the match core, the lobby
//! or the API changing. On one machine they are in memory ([`MemoryBook`]),
//! read from the journal at start; the journal stores every change with the
//! match that made it.

use super::turns::RatingTurns;
use super::{Pool, Rated, Rating, Ratings};
use crate::clock::Millis;
use crate::sync::lock;
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use protocol::wire::PlayerId;
use std::sync::{Arc, Mutex};

/// Every player's ratings, shared by every match, the lobby and the pages.
pub(crate) type Book = Arc<dyn RatingBook>;

/// A rated end's hold on both players' ratings in one pool: their other
/// matches wait to be rated until it is dropped.
pub(crate) struct Turn {
    _held: Box<dyn Send>,
}

/// What the server asks of its ratings.
pub(crate) trait RatingBook: Send + Sync {
    /// `player`'s rating in `pool` at `now` (a new player's if he has none).
    fn get(&self, player: PlayerId, pool: Pool, now: Millis) -> Rating;

    /// `player`'s rating value in `pool` (1500 if he has none).
    fn rating(&self, player: PlayerId, pool: Pool) -> f64;

    /// Every rating of `player`, by pool, at `now`.
    fn of_player(&self, player: PlayerId, now: Millis) -> Vec<(Pool, Rating)>;

    /// The best `limit` established ratings in `pool` at `now`, best first.
    fn leaders(&self, pool: Pool, now: Millis, limit: usize) -> Vec<(PlayerId, Rating)>;

    /// Take the ratings read back from the journal at start.
    fn restore(&self, stored: Vec<(PlayerId, Pool, Rating)>);

    /// Take those of `stored` that are newer than memory's (rated by
    /// another node since).
    fn refresh(&self, stored: Vec<(PlayerId, Pool, Rating)>);

    /// Wait for both players' turns in `pool`, before [`RatingBook::rate`].
    fn take_turns(&self, pool: Pool, players: [PlayerId; 2]) -> BoxFuture<'static, Turn>;

    /// Rate a match in `pool` between `players` (`scores`: seat 0's results,
    /// one per game) as they stand at `now`, changing nothing.
    fn rate(&self, pool: Pool, players: [PlayerId; 2], scores: &[f64], now: Millis) -> [Rated; 2];

    /// Take what [`RatingBook::rate`] decided, once the journal holds it.
    fn settle(&self, pool: Pool, players: [PlayerId; 2], rated: &[Rated; 2]);
}

/// The ratings in this process's memory.
pub(crate) struct MemoryBook {
    ratings: Mutex<Ratings>,
    turns: RatingTurns,
}

impl MemoryBook {
    /// No ratings yet; `period_ms`: the length of a rating period of inactivity.
    pub(crate) fn book(period_ms: u64) -> Book {
        Arc::new(MemoryBook {
            ratings: Mutex::new(Ratings::new(Vec::new(), period_ms)),
            turns: RatingTurns::default(),
        })
    }
}

impl RatingBook for MemoryBook {
    fn get(&self, player: PlayerId, pool: Pool, now: Millis) -> Rating {
        lock(&self.ratings).get(player, pool, now)
    }

    fn rating(&self, player: PlayerId, pool: Pool) -> f64 {
        lock(&self.ratings).rating(player, pool)
    }

    fn of_player(&self, player: PlayerId, now: Millis) -> Vec<(Pool, Rating)> {
        lock(&self.ratings).of_player(player, now)
    }

    fn leaders(&self, pool: Pool, now: Millis, limit: usize) -> Vec<(PlayerId, Rating)> {
        lock(&self.ratings).leaders(pool, now, limit)
    }

    fn restore(&self, stored: Vec<(PlayerId, Pool, Rating)>) {
        let mut ratings = lock(&self.ratings);
        for (player, pool, rating) in stored {
            ratings.restore(player, pool, rating);
        }
    }

    fn refresh(&self, stored: Vec<(PlayerId, Pool, Rating)>) {
        let mut ratings = lock(&self.ratings);
        for (player, pool, rating) in stored {
            ratings.refresh(player, pool, rating);
        }
    }

    fn take_turns(&self, pool: Pool, players: [PlayerId; 2]) -> BoxFuture<'static, Turn> {
        let turns = self.turns.clone();
        async move {
            Turn {
                _held: Box::new(turns.take(pool, players).await),
            }
        }
        .boxed()
    }

    fn rate(&self, pool: Pool, players: [PlayerId; 2], scores: &[f64], now: Millis) -> [Rated; 2] {
        lock(&self.ratings).rate(pool, players, scores, now)
    }

    fn settle(&self, pool: Pool, players: [PlayerId; 2], rated: &[Rated; 2]) {
        lock(&self.ratings).settle(pool, players, rated);
    }
}
