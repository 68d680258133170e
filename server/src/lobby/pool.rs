//! Quick pairing by rating: who of the players waiting for the same
//! settings plays whom. Pure; the lobby keeps who waits, the hub runs a
//! wave every second while anyone waits.
//!
//! Each waiting player accepts opponents within a rating gap that widens
//! with his wait: 100 points at once, 10 more each second, anyone after two
//! minutes. 100 points is an expected score of 64 % against 36 %, a fair
//! game; a minute's wait accepts 700 (98 %), which is a lopsided game but
//! a game, and after two minutes nobody waits longer for want of an equal.
//! A pair's gap must be within the window of the one who has waited
//! longer, so a newcomer is paired at once with someone who has waited
//! for him. Two players who just played each other are not paired again
//! while another player waits for the same settings.

use crate::clock::Millis;
use protocol::wire::PlayerId;

/// The gap accepted at once, in rating points.
pub(crate) const INITIAL_GAP: f64 = 100.0;

/// How much the gap widens per second of waiting.
pub(crate) const GAP_PER_SECOND: f64 = 10.0;

/// After this long, any gap.
pub(crate) const ANYONE_AFTER_MS: u64 = 120_000;

/// One player waiting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Waiting {
    pub(crate) player: PlayerId,
    /// His rating for these settings (1500 for untimed, which have none).
    pub(crate) rating: f64,
    /// When he began to wait.
    pub(crate) since: Millis,
    /// Whom he played last, if anyone.
    pub(crate) last_opponent: Option<PlayerId>,
}

/// The widest gap a player who has waited `waited_ms` accepts.
pub(crate) fn window(waited_ms: u64) -> f64 {
    if waited_ms >= ANYONE_AFTER_MS {
        return f64::INFINITY;
    }
    INITIAL_GAP + GAP_PER_SECOND * (waited_ms / 1000) as f64
}

/// Whether `a` and `b` may be paired at `now`, `others` waiting besides them.
fn allowed(a: &Waiting, b: &Waiting, now: Millis, others: bool) -> bool {
    let repeat = a.last_opponent == Some(b.player) || b.last_opponent == Some(a.player);
    if repeat && others {
        return false;
    }
    let waited = now.saturating_sub(a.since.min(b.since));
    (a.rating - b.rating).abs() <= window(waited)
}

/// The best partner for `by`, who has just come, among `waiting` (all for
/// the same settings): the closest rating among those allowed, the longest
/// waiting first on a tie. Its index.
pub(crate) fn partner_for(by: &Waiting, waiting: &[Waiting], now: Millis) -> Option<usize> {
    let others = waiting.len() > 1;
    waiting
        .iter()
        .enumerate()
        .filter(|(_, w)| w.player != by.player && allowed(by, w, now, others))
        .min_by(|(_, a), (_, b)| {
            let gap = |w: &Waiting| (w.rating - by.rating).abs();
            gap(a).total_cmp(&gap(b)).then(a.since.cmp(&b.since))
        })
        .map(|(i, _)| i)
}

/// A wave over `waiting` (all for the same settings): the pairs to start,
/// as indices into `waiting`, longest waiting first in each. As many pairs
/// as can be made, and among those the smallest total rating gap, searched
/// over pairings of players next to each other in rating order or one
/// apart (the player between then waits on): with no other rule, pairing
/// neighbours is the least total gap; one apart lets a repeat be skipped.
pub(crate) fn wave(waiting: &[Waiting], now: Millis) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by(|&a, &b| {
        waiting[a]
            .rating
            .total_cmp(&waiting[b].rating)
            .then(waiting[a].since.cmp(&waiting[b].since))
    });
    let others = waiting.len() > 2;
    let pair_cost = |i: usize, j: usize| -> Option<f64> {
        let (a, b) = (&waiting[order[i]], &waiting[order[j]]);
        allowed(a, b, now, others).then(|| (a.rating - b.rating).abs())
    };
    // best[i]: (pairs, total gap, how) over the first i players in order;
    // more pairs first, then the smaller gap.
    #[derive(Clone, Copy)]
    enum Step {
        Start,
        Skip,
        Adjacent,
        OneApart,
    }
    let better = |a: (usize, f64), b: (usize, f64)| a.0 > b.0 || (a.0 == b.0 && a.1 < b.1);
    let n = order.len();
    let mut best: Vec<(usize, f64, Step)> = vec![(0, 0.0, Step::Start); n + 1];
    for i in 1..=n {
        let (pairs, gap, _) = best[i - 1];
        let mut here = (pairs, gap, Step::Skip);
        if i >= 2
            && let Some(cost) = pair_cost(i - 2, i - 1)
        {
            let (pairs, gap, _) = best[i - 2];
            let candidate = (pairs + 1, gap + cost);
            if better(candidate, (here.0, here.1)) {
                here = (candidate.0, candidate.1, Step::Adjacent);
            }
        }
        if i >= 3
            && let Some(cost) = pair_cost(i - 3, i - 1)
        {
            let (pairs, gap, _) = best[i - 3];
            let candidate = (pairs + 1, gap + cost);
            if better(candidate, (here.0, here.1)) {
                here = (candidate.0, candidate.1, Step::OneApart);
            }
        }
        best[i] = here;
    }
    let mut pairs = Vec::new();
    let mut i = n;
    while i > 0 {
        match best[i].2 {
            Step::Start => break,
            Step::Skip => i -= 1,
            Step::Adjacent => {
                pairs.push((order[i - 2], order[i - 1]));
                i -= 2;
            }
            Step::OneApart => {
                pairs.push((order[i - 3], order[i - 1]));
                i -= 3;
            }
        }
    }
    pairs
        .into_iter()
        .map(|(a, b)| {
            if waiting[a].since <= waiting[b].since {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect()
}

/// The computer player (an index into the roster, weakest first, of
/// `count`) who takes on someone rated `rating` that nobody came for:
/// level 4 at a new player's 1500, one level per 150 points.
pub(crate) fn computer_for(rating: f64, count: usize) -> usize {
    let level = ((rating - 1500.0) / 150.0).round() + 4.0;
    (level.clamp(1.0, count.max(1) as f64) as usize) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(player: u64, rating: f64, since: Millis) -> Waiting {
        Waiting {
            player: PlayerId(player),
            rating,
            since,
            last_opponent: None,
        }
    }

    fn named(pairs: &[(usize, usize)], waiting: &[Waiting]) -> Vec<(u64, u64)> {
        let mut named: Vec<(u64, u64)> = pairs
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (waiting[a].player.0, waiting[b].player.0);
                (a.min(b), a.max(b))
            })
            .collect();
        named.sort();
        named
    }

    #[test]
    fn the_window_widens_with_the_wait() {
        assert_eq!(window(0), 100.0);
        assert_eq!(window(999), 100.0);
        assert_eq!(window(30_000), 400.0);
        assert_eq!(window(119_999), 1290.0);
        assert!(window(120_000).is_infinite());
    }

    #[test]
    fn a_wave_pairs_the_closest_ratings_for_the_least_total_gap() {
        // Greedy closest-first would pair 2 and 3 (gap 20) and leave 1 and 4
        // (gap 140): 160 in all. Neighbours 1-2 and 3-4 make 60 + 60.
        let waiting = [
            w(1, 1500.0, 0),
            w(2, 1560.0, 0),
            w(3, 1580.0, 0),
            w(4, 1640.0, 0),
        ];
        assert_eq!(named(&wave(&waiting, 0), &waiting), [(1, 2), (3, 4)]);
    }

    #[test]
    fn a_wide_gap_waits_until_the_window_reaches_it() {
        let waiting = [w(1, 1500.0, 0), w(2, 1800.0, 5_000)];
        assert!(wave(&waiting, 5_000).is_empty(), "300 points, 150 accepted");
        assert!(wave(&waiting, 19_999).is_empty(), "290 accepted");
        assert_eq!(named(&wave(&waiting, 20_000), &waiting), [(1, 2)]);
        // The longer waiter is seat 0.
        assert_eq!(wave(&waiting, 20_000), [(0, 1)]);
    }

    #[test]
    fn the_same_two_are_not_paired_twice_in_a_row_while_another_waits() {
        let mut waiting = [w(1, 1500.0, 0), w(2, 1510.0, 0), w(3, 1590.0, 0)];
        waiting[0].last_opponent = Some(PlayerId(2));
        waiting[1].last_opponent = Some(PlayerId(1));
        // 1 and 2 are closest, but just played: one of them plays 3 (2,
        // the closer), the other waits.
        assert_eq!(named(&wave(&waiting, 0), &waiting), [(2, 3)]);
        // One apart in rating order: 1 and 2 are too far for their short
        // wait, 2 and 3 just played; 3 has waited a minute and takes 1.
        let mut apart = [w(1, 1500.0, 60_000), w(2, 1620.0, 60_000), w(3, 1700.0, 0)];
        apart[1].last_opponent = Some(PlayerId(3));
        apart[2].last_opponent = Some(PlayerId(2));
        assert_eq!(named(&wave(&apart, 60_000), &apart), [(1, 3)]);
        // Alone, they may play again.
        assert_eq!(named(&wave(&waiting[..2], 0), &waiting), [(1, 2)]);
        // A newcomer is not paired with his last opponent while another waits.
        let newcomer = waiting[0];
        assert_eq!(partner_for(&newcomer, &waiting[1..], 0), Some(1));
        assert_eq!(partner_for(&newcomer, &waiting[1..2], 0), Some(0));
    }

    #[test]
    fn a_newcomer_takes_the_closest_within_the_longer_waiters_window() {
        let waiting = [w(1, 1700.0, 0), w(2, 1560.0, 50_000)];
        let newcomer = w(3, 1500.0, 60_000);
        // 2 is 60 away (within 100); 1 is 200 away but has waited a minute (700).
        assert_eq!(partner_for(&newcomer, &waiting, 60_000), Some(1));
        let far = w(4, 2450.0, 60_000);
        assert_eq!(
            partner_for(&far, &waiting, 60_000),
            None,
            "750 from 1, too far"
        );
        assert_eq!(
            partner_for(&far, &waiting, 120_000),
            Some(0),
            "anyone after two minutes"
        );
    }

    #[test]
    fn a_waiting_player_meets_a_computer_of_about_his_rating() {
        assert_eq!(computer_for(1500.0, 8), 3, "level 4");
        assert_eq!(computer_for(1650.0, 8), 4, "level 5");
        assert_eq!(computer_for(100.0, 8), 0, "level 1 at the bottom");
        assert_eq!(computer_for(3900.0, 8), 7, "level 8 at the top");
        assert_eq!(computer_for(3900.0, 3), 2, "the strongest there is");
    }
}
