//! Ratings: one Glicko-2 rating per player and pool (variant family and
//! speed), changed by rated matches. A rated match is one rating period
//! for both players, whose results are its games; every whole rating
//! period a player has not played since his last rated match widens his
//! deviation first.

mod book;
pub mod glicko2;
mod turns;

pub(crate) use book::{Book, MemoryBook, RatingBook, Turn};

use crate::clock::Millis;
use glicko2::{Glicko, Outcome};
use protocol::rules::Variant;
use protocol::wire::{
    MatchSettings, PROVISIONAL_DEVIATION, PlayerId, RatingChange, ShownRating, Speed,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Where a rating lives: one per variant family and speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) struct Pool {
    pub(crate) variant: Variant,
    pub(crate) speed: Speed,
}

impl Pool {
    /// The pool of a match played with `settings`; `None` for a casual one.
    pub(crate) fn rated(settings: &MatchSettings) -> Option<Pool> {
        Pool::of(settings).filter(|_| settings.rated)
    }

    /// The pool a match with `settings` would be rated in (rated or not):
    /// the rating shown next to a player's name in its seek.
    pub(crate) fn of(settings: &MatchSettings) -> Option<Pool> {
        Some(Pool {
            variant: settings.ruleset.variant(),
            speed: Speed::of(settings.time_control)?,
        })
    }
}

/// The pool a leaderboard query names: `variant=kalah&speed=real_time`
/// (Mangala and real-time when left out).
pub(crate) fn pool_of(query: &str) -> Result<Pool, String> {
    let mut pool = Pool {
        variant: Variant::Mangala,
        speed: Speed::RealTime,
    };
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "variant" => pool.variant = value.parse().map_err(|e| format!("{e}"))?,
            "speed" => {
                pool.speed = Speed::from_id(value).ok_or_else(|| {
                    format!("unknown speed '{value}' (real_time or correspondence)")
                })?
            }
            _ => return Err(format!("unknown parameter '{key}' (variant, speed)")),
        }
    }
    Ok(pool)
}

/// A player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Rating {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
    /// Rated games played in the pool.
    pub(crate) games: u32,
    /// When it last changed (0: never).
    pub(crate) rated_ms: Millis,
}

impl Default for Rating {
    fn default() -> Rating {
        let start = Glicko::default();
        Rating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
            rated_ms: 0,
        }
    }
}

impl Rating {
    fn glicko(&self) -> Glicko {
        Glicko {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// As shown next to a name.
    pub(crate) fn shown(&self) -> ShownRating {
        ShownRating {
            rating: self.rating,
            deviation: self.deviation,
            provisional: self.provisional(),
        }
    }

    /// Whether the rating is provisional (shown with a `?`).
    pub(crate) fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// As it stands at `now`: the deviation widened by every whole rating
    /// period of `period_ms` since it last changed.
    pub(crate) fn at(self, now: Millis, period_ms: u64) -> Rating {
        if self.rated_ms == 0 || period_ms == 0 {
            return self;
        }
        let periods = now.saturating_sub(self.rated_ms) / period_ms;
        let grown = self.glicko().idle(periods);
        Rating {
            deviation: grown.deviation,
            ..self
        }
    }
}

/// What a rated match did to one player, as the journal stores it in the
/// match's last event (so that a replay and the archive see it too).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Rated {
    pub(crate) before: Rating,
    pub(crate) after: Rating,
}

impl Rated {
    /// As a client sees it.
    pub(crate) fn change(&self) -> RatingChange {
        RatingChange {
            before: self.before.rating,
            after: self.after.rating,
            deviation: self.after.deviation,
            provisional: self.after.provisional(),
        }
    }
}

/// Every rating the server knows, in memory (the journal keeps them).
pub(crate) struct Ratings {
    by_player: HashMap<(PlayerId, Pool), Rating>,
    period_ms: u64,
}

impl Ratings {
    /// The ratings read from the journal; `period_ms`: the length of a
    /// rating period of inactivity.
    pub(crate) fn new(stored: Vec<(PlayerId, Pool, Rating)>, period_ms: u64) -> Ratings {
        Ratings {
            by_player: stored
                .into_iter()
                .map(|(player, pool, rating)| ((player, pool), rating))
                .collect(),
            period_ms,
        }
    }

    /// `player`'s rating in `pool` at `now` (a new player's if he has none).
    pub(crate) fn get(&self, player: PlayerId, pool: Pool, now: Millis) -> Rating {
        self.by_player
            .get(&(player, pool))
            .copied()
            .unwrap_or_default()
            .at(now, self.period_ms)
    }

    /// `player`'s rating value in `pool` (1500 if he has none); time only
    /// widens deviations, so this needs no clock.
    pub(crate) fn rating(&self, player: PlayerId, pool: Pool) -> f64 {
        self.by_player
            .get(&(player, pool))
            .map_or(glicko2::INITIAL_RATING, |rating| rating.rating)
    }

    /// Every rating of `player`, by pool, at `now`.
    pub(crate) fn of_player(&self, player: PlayerId, now: Millis) -> Vec<(Pool, Rating)> {
        let mut ratings: Vec<(Pool, Rating)> = self
            .by_player
            .iter()
            .filter(|((who, _), _)| *who == player)
            .map(|((_, pool), rating)| (*pool, rating.at(now, self.period_ms)))
            .collect();
        ratings.sort_by_key(|(pool, _)| *pool);
        ratings
    }

    /// Every established (not provisional) rating in `pool` at `now`, best first.
    pub(crate) fn leaders(&self, pool: Pool, now: Millis, limit: usize) -> Vec<(PlayerId, Rating)> {
        let mut leaders: Vec<(PlayerId, Rating)> = self
            .by_player
            .iter()
            .filter(|((_, p), _)| *p == pool)
            .map(|((player, _), rating)| (*player, rating.at(now, self.period_ms)))
            .filter(|(_, rating)| !rating.provisional())
            .collect();
        leaders.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating).then(a.0.cmp(&b.0)));
        leaders.truncate(limit);
        leaders
    }

    /// Rate a match in `pool` between `players`: `scores` are seat 0's
    /// results, one per game (1, ½ or 0; seat 1 scored the rest). Both are
    /// rated at once, each against the other as he stood before. Returns
    /// what changes, by seat, for the match's last event; nothing changes
    /// until [`Ratings::settle`] (after the journal holds it), and the
    /// players' [`Turn`] keeps their other matches from rating meanwhile.
    pub(crate) fn rate(
        &self,
        pool: Pool,
        players: [PlayerId; 2],
        scores: &[f64],
        now: Millis,
    ) -> [Rated; 2] {
        let before = players.map(|player| self.get(player, pool, now));
        let games = u32::try_from(scores.len()).unwrap_or(u32::MAX);
        [0, 1].map(|seat| {
            let opponent = before[1 - seat].glicko();
            let outcomes: Vec<Outcome> = scores
                .iter()
                .map(|&score| Outcome {
                    opponent,
                    score: if seat == 0 { score } else { 1.0 - score },
                })
                .collect();
            let after = before[seat].glicko().after(&outcomes);
            Rated {
                before: before[seat],
                after: Rating {
                    rating: after.rating,
                    deviation: after.deviation,
                    volatility: after.volatility,
                    games: before[seat].games.saturating_add(games),
                    rated_ms: now.max(1),
                },
            }
        })
    }

    /// Memory takes what [`Ratings::rate`] decided, once it is stored.
    pub(crate) fn settle(&mut self, pool: Pool, players: [PlayerId; 2], rated: &[Rated; 2]) {
        for (player, change) in players.into_iter().zip(rated) {
            self.by_player.insert((player, pool), change.after);
        }
    }

    /// Set a rating read back from a replayed match (the journal's last word).
    pub(crate) fn restore(&mut self, player: PlayerId, pool: Pool, rating: Rating) {
        self.by_player.insert((player, pool), rating);
    }

    /// Take a rating read from the journal if it is newer than memory's
    /// (another node rated the player since).
    pub(crate) fn refresh(&mut self, player: PlayerId, pool: Pool, rating: Rating) {
        match self.by_player.get(&(player, pool)) {
            Some(known) if known.rated_ms >= rating.rated_ms => {}
            _ => {
                self.by_player.insert((player, pool), rating);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KALAH: Pool = Pool {
        variant: Variant::Kalah,
        speed: Speed::RealTime,
    };
    const DAY: u64 = 24 * 60 * 60 * 1000;

    #[test]
    fn a_leaderboard_query_names_a_pool_or_says_what_is_wrong() {
        assert_eq!(
            pool_of("variant=oware&speed=correspondence"),
            Ok(Pool {
                variant: Variant::Oware,
                speed: Speed::Correspondence
            })
        );
        assert_eq!(pool_of("").map(|p| p.variant), Ok(Variant::Mangala));
        assert!(pool_of("speed=blitz").is_err_and(|e| e.contains("real_time")));
        assert!(pool_of("variant=chess").is_err());
        assert!(pool_of("limit=3").is_err());
    }

    #[test]
    fn a_match_rates_both_players_against_each_other_as_they_stood() {
        let mut ratings = Ratings::new(Vec::new(), 7 * DAY);
        let (ann, bob) = (PlayerId(1), PlayerId(2));
        let rated = ratings.rate(KALAH, [ann, bob], &[1.0, 1.0, 0.5, 0.0, 1.0], DAY);
        // Deciding changes nothing; settling does.
        assert!(ratings.of_player(ann, DAY).is_empty());
        ratings.settle(KALAH, [ann, bob], &rated);
        assert!(rated[0].after.rating > 1500.0 && rated[1].after.rating < 1500.0);
        assert_eq!(rated[0].after.games, 5);
        let start = Glicko::default();
        let expected = start.after(&[1.0, 1.0, 0.5, 0.0, 1.0].map(|score| Outcome {
            opponent: start,
            score,
        }));
        assert!((rated[0].after.rating - expected.rating).abs() < 1e-9);
        assert_eq!(ratings.get(ann, KALAH, DAY), rated[0].after);
        // The two moved by the same amount, in opposite directions.
        let up = rated[0].after.rating - 1500.0;
        let down = 1500.0 - rated[1].after.rating;
        assert!((up - down).abs() < 1e-9);
    }

    #[test]
    fn idle_periods_widen_the_deviation_and_only_established_ratings_lead() {
        let mut ratings = Ratings::new(Vec::new(), 7 * DAY);
        let players = [PlayerId(1), PlayerId(2)];
        let mut now = DAY;
        for _ in 0..12 {
            let rated = ratings.rate(KALAH, players, &[1.0, 0.0, 1.0, 0.5, 1.0], now);
            ratings.settle(KALAH, players, &rated);
            now += DAY;
        }
        let fresh = ratings.get(players[0], KALAH, now);
        assert!(!fresh.provisional(), "{fresh:?}");
        let later = ratings.get(players[0], KALAH, now + 70 * DAY);
        assert!(later.deviation > fresh.deviation);
        assert_eq!(later.rating, fresh.rating);
        let leaders = ratings.leaders(KALAH, now, 100);
        assert_eq!(leaders[0].0, players[0]);
        assert!(leaders.iter().all(|(_, r)| !r.provisional()));
        let other = Pool {
            speed: Speed::Correspondence,
            ..KALAH
        };
        assert!(ratings.leaders(other, now, 100).is_empty());
    }
}
