//! An arena: for a fixed time, a player whose match ends goes back into
//! the pool and is paired again as soon as someone near him in the
//! standings is free. Scoring as lichess's arenas do it: a match won 2, a
//! draw 1, a loss 0; after two wins in a row a player is on fire and his
//! wins count double until he fails to win; a player who berserked (played
//! on half his clock) and won has a point more. [`event`] runs an arena's
//! life from these as steps decided then applied.

pub mod event;

pub use event::{ArenaError, ArenaEvent, Standing, Step};

use crate::swiss::{MatchResult, PlayerId};
use serde::{Deserialize, Serialize};

/// One finished match of a player's arena, in the order played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaMatch {
    /// How it ended for him.
    pub result: MatchResult,
    /// Whether he played it on half his clock.
    pub berserk: bool,
}

/// A player's arena score so far: his points, whether he is on fire, and
/// what each match gave him (for the leaderboard's marks).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaScore {
    /// His points.
    pub points: u32,
    /// Whether his next win counts double (two wins in a row, not broken).
    pub on_fire: bool,
    /// The points of each match, in order.
    pub each: Vec<u32>,
}

/// The score of a player whose matches were `matches`, in order.
pub fn arena_score(matches: &[ArenaMatch]) -> ArenaScore {
    let mut score = ArenaScore::default();
    let mut wins_in_a_row = 0;
    for m in matches {
        let points = match m.result {
            MatchResult::Win => {
                let base = if wins_in_a_row >= 2 { 4 } else { 2 };
                base + u32::from(m.berserk)
            }
            MatchResult::Draw => 1,
            MatchResult::Loss => 0,
        };
        wins_in_a_row = if m.result == MatchResult::Win {
            wins_in_a_row + 1
        } else {
            0
        };
        score.points += points;
        score.each.push(points);
    }
    score.on_fire = wins_in_a_row >= 2;
    score
}

/// A player free to be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Who.
    pub id: PlayerId,
    /// His arena points now.
    pub points: u32,
    /// His rating in the arena's pool, for ranking equal points.
    pub rating: i32,
    /// Whom he played last, if anyone.
    pub last_opponent: Option<PlayerId>,
}

/// Pair the players waiting: each with someone near him in the standings
/// (points, then rating), never his last opponent while anyone else is
/// free. With an odd number one waits for the next match to end. Pairs
/// as (higher ranked, lower ranked).
pub fn pair_waiting(waiting: &[Waiting]) -> Vec<(PlayerId, PlayerId)> {
    let mut ranked: Vec<&Waiting> = waiting.iter().collect();
    ranked.sort_by_key(|w| (std::cmp::Reverse((w.points, w.rating)), w.id));
    let n = ranked.len();
    if n < 2 {
        return Vec::new();
    }
    let vertices = n + n % 2;
    // A last opponent met again costs more than any distance could.
    let again = (n * n) as i64 + 1;
    let mut cost = vec![0i64; vertices * vertices];
    for i in 0..n {
        for j in (i + 1)..n {
            let met_last = ranked[i].last_opponent == Some(ranked[j].id)
                || ranked[j].last_opponent == Some(ranked[i].id);
            // The distance in the standings, squared, so that many small
            // steps are better than one long one.
            let distance = (j - i) as i64;
            cost[i * vertices + j] = distance * distance + if met_last { again * again } else { 0 };
        }
    }
    // The one left waiting (odd): anyone, costing nothing.
    let mate = integer_blossom::min_weight_perfect_matching(&cost, vertices);
    mate.iter()
        .enumerate()
        .filter(|&(i, &j)| i < j && j < n)
        .map(|(i, &j)| (ranked[i].id, ranked[j].id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use MatchResult::{Draw, Loss, Win};

    fn m(result: MatchResult) -> ArenaMatch {
        ArenaMatch {
            result,
            berserk: false,
        }
    }

    #[test]
    fn two_wins_in_a_row_set_a_player_on_fire_until_he_fails_to_win() {
        let score = arena_score(&[m(Win), m(Win), m(Win), m(Draw), m(Win), m(Loss)]);
        assert_eq!(score.each, vec![2, 2, 4, 1, 2, 0]);
        assert_eq!(score.points, 11);
        assert!(!score.on_fire);
        let score = arena_score(&[m(Win), m(Win)]);
        assert!(score.on_fire);
        let berserk = ArenaMatch {
            result: Win,
            berserk: true,
        };
        let score = arena_score(&[berserk, m(Win), berserk, berserk]);
        assert_eq!(score.each, vec![3, 2, 5, 5]);
        // Berserk brings nothing to a draw or a loss.
        let lost = ArenaMatch {
            result: Loss,
            berserk: true,
        };
        assert_eq!(arena_score(&[lost]).points, 0);
    }

    fn waiting(id: PlayerId, points: u32, last: Option<PlayerId>) -> Waiting {
        Waiting {
            id,
            points,
            rating: 1500,
            last_opponent: last,
        }
    }

    #[test]
    fn the_waiting_meet_their_neighbours_in_the_standings_but_not_their_last_opponent() {
        let pool = [
            waiting(1, 10, None),
            waiting(2, 9, None),
            waiting(3, 4, None),
            waiting(4, 3, None),
        ];
        let mut pairs = pair_waiting(&pool);
        pairs.sort();
        assert_eq!(pairs, vec![(1, 2), (3, 4)]);
        // 1 and 2 just played each other: they meet the others instead.
        let pool = [
            waiting(1, 10, Some(2)),
            waiting(2, 9, Some(1)),
            waiting(3, 4, None),
            waiting(4, 3, None),
        ];
        let mut pairs = pair_waiting(&pool);
        pairs.sort();
        assert!(!pairs.contains(&(1, 2)), "{pairs:?}");
        assert_eq!(pairs.len(), 2);
        // Only the two of them free: they meet again rather than wait.
        assert_eq!(pair_waiting(&pool[..2]), vec![(1, 2)]);
        // Odd: one waits; nobody twice.
        let pairs = pair_waiting(&pool[..3]);
        assert_eq!(pairs.len(), 1);
        assert!(pair_waiting(&pool[..1]).is_empty());
    }
}
