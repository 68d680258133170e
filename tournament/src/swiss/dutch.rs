//! A round of a Swiss paired by the FIDE Dutch system (C.04.3), as one
//! minimum-cost perfect matching over the available players (and a bye,
//! when they are odd): every pair gets a cost that is the Dutch system's
//! criteria in their order, each worth more than all the ones after it
//! together, so the cheapest pairing is the one the criteria prefer. This
//! is how bbpPairings, FIDE's endorsed program, pairs too; where we
//! simplify the handbook is said at each level below and in
//! docs/TOURNAMENTS.md.

use super::colour::{Roles, Strength, allocate};
use super::history::{Entrant, PlayerId};
use serde::{Deserialize, Serialize};

/// One match of a round: who moves first in its first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Moves first in the match's first game.
    pub first: PlayerId,
    /// Moves second.
    pub second: PlayerId,
}

/// A round's pairing: its boards, best first (C.04.2: highest score, then
/// highest total, then the higher ranked player's rank), and the player
/// with the pairing-allocated bye when the available players are odd.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pairing {
    /// The matches, best board first.
    pub boards: Vec<Board>,
    /// The bye, if any.
    pub bye: Option<PlayerId>,
}

/// The most players a round can pair: the costs of every level must fit
/// one 128-bit number (a thousand players over 30 rounds use about 2^90).
pub const MOST_PLAYERS: usize = 1000;

/// The criteria, from the most important: a pair's cost counts how often
/// it falls short of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    /// C.04.3 C.1: the two have met. Absolute in the handbook; here the
    /// dearest cost, so that a round is still paired when no pairing
    /// without a rematch exists (only possible with nearly as many rounds
    /// as players).
    Rematch,
    /// C.04.3 C.2: the bye to a player who already had a bye or a
    /// forfeit win (the same relief when every odd player has had one).
    ByeAgain,
    /// C.04.3 C.3: two players who are not topscorers and who both must
    /// not have the same role again are paired.
    AbsoluteRoles,
    /// C.04.3 C.5 (and A.4 for who has the bye): the bye to anyone but the
    /// lowest ranked player (lowest score, then highest pairing number):
    /// its cost is how many places above the lowest he is.
    ByeRank,
    /// C.04.3 C.6 and C.7: the score difference of a pair from two score
    /// groups (a downfloater's), in half points (two floats of one point
    /// cost what one float of two does).
    FloatDifference,
    /// C.04.3 C.10: one of the two will not have the role he prefers.
    Preference,
    /// C.04.3 C.11: one of the two will not have a strong preference.
    StrongPreference,
    /// A pair from two score groups at all. The handbook counts
    /// downfloaters bracket by bracket before roles; here roles come
    /// first, so that one more float of the same points may grant two
    /// wishes (measured against bbpPairings in docs/TOURNAMENTS.md: fewer
    /// roles refused and fewer floats, the same points floated).
    Float,
    /// C.04.3 B (the Dutch order): within a score group the upper half
    /// meets the lower half in order (1 against 1 + g/2, ...), its cost the
    /// distance from that; a downfloater is the lowest of his group and
    /// meets the highest he can of the next.
    Order,
}

/// The levels, most important first.
const LEVELS: [Level; 9] = [
    Level::Rematch,
    Level::ByeAgain,
    Level::AbsoluteRoles,
    Level::ByeRank,
    Level::FloatDifference,
    Level::Preference,
    Level::StrongPreference,
    Level::Float,
    Level::Order,
];

/// What the pairing knows of one available player.
struct Player<'a> {
    entrant: &'a Entrant,
    /// His pairing number, from 1 (his place in the event's list).
    number: usize,
    half_points: u32,
    roles: Roles,
    /// His rank among the available: by score, then pairing number.
    rank: usize,
    /// His place in his score group, from 0, and the group's size.
    in_group: usize,
    group_size: usize,
    topscorer: bool,
}

/// The round to pair: `round` of `rounds` (from 1), `initial_first`
/// whether the top seed moved first in round 1 (drawn once per event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundToPair {
    /// Its number, from 1.
    pub round: u32,
    /// The event's rounds.
    pub rounds: u32,
    /// Whether odd pairing numbers move first in round 1.
    pub initial_first: bool,
}

/// Pair the available players of `entrants` (in pairing-number order) for
/// `round`. Everyone available is on one board or has the bye.
pub fn pair_round(entrants: &[Entrant], round: RoundToPair) -> Result<Pairing, PairingError> {
    let players = ranked(entrants, round);
    let n = players.len();
    if n > MOST_PLAYERS {
        return Err(PairingError::TooMany { players: n });
    }
    if n == 0 {
        return Ok(Pairing::default());
    }
    let vertices = n + n % 2;
    let bye = (n % 2 == 1).then_some(n);
    let weights = multipliers(n, round).ok_or(PairingError::TooMany { players: n })?;
    let mut cost = vec![0i128; vertices * vertices];
    for i in 0..vertices {
        for j in (i + 1)..vertices {
            let counts = if Some(j) == bye {
                bye_counts(&players[i], n)
            } else {
                pair_counts(&players[i], &players[j])
            };
            cost[i * vertices + j] = counts
                .iter()
                .zip(&weights)
                .map(|(count, weight)| count * weight)
                .sum();
        }
    }
    let mate = integer_blossom::min_weight_perfect_matching(&cost, vertices);
    let mut pairing = Pairing::default();
    let mut boards = Vec::new();
    for (i, &j) in mate.iter().enumerate() {
        if Some(j) == bye {
            pairing.bye = Some(players[i].entrant.id);
        } else if i < j && Some(i) != bye {
            // Players are in rank order: i is the higher ranked.
            let (a, b) = (&players[i], &players[j]);
            // E.5 counts ranks among the players paired (as bbpPairings
            // does): round 1 alternates board by board even with absentees.
            let a_first = allocate(&a.roles, &b.roles, a.rank + 1, round.initial_first);
            let board = if a_first {
                Board {
                    first: a.entrant.id,
                    second: b.entrant.id,
                }
            } else {
                Board {
                    first: b.entrant.id,
                    second: a.entrant.id,
                }
            };
            let order = (
                std::cmp::Reverse(a.half_points.max(b.half_points)),
                std::cmp::Reverse(a.half_points + b.half_points),
                a.rank,
            );
            boards.push((order, board));
        }
    }
    boards.sort_by_key(|(order, _)| *order);
    pairing.boards = boards.into_iter().map(|(_, board)| board).collect();
    Ok(pairing)
}

/// Why a round could not be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// More available players than the costs can count.
    #[error("{players} players are more than one round can pair (at most {MOST_PLAYERS})")]
    TooMany {
        /// How many.
        players: usize,
    },
}

/// The available players, ranked by score then pairing number, each with
/// his place in his score group.
fn ranked(entrants: &[Entrant], round: RoundToPair) -> Vec<Player<'_>> {
    let mut players: Vec<Player<'_>> = entrants
        .iter()
        .enumerate()
        .filter(|(_, e)| e.available)
        .map(|(index, entrant)| {
            let half_points = entrant.half_points();
            Player {
                entrant,
                number: index + 1,
                half_points,
                roles: Roles::of(entrant),
                rank: 0,
                in_group: 0,
                group_size: 0,
                // C.04.3 A.7: in the last round, more than half the points
                // that could have been scored so far.
                topscorer: round.round == round.rounds && half_points > round.round - 1,
            }
        })
        .collect();
    players.sort_by_key(|p| (std::cmp::Reverse(p.half_points), p.number));
    let mut start = 0;
    while start < players.len() {
        let score = players[start].half_points;
        let end = players[start..]
            .iter()
            .position(|p| p.half_points != score)
            .map_or(players.len(), |len| start + len);
        for (k, p) in players[start..end].iter_mut().enumerate() {
            p.in_group = k;
            p.group_size = end - start;
        }
        start = end;
    }
    for (rank, p) in players.iter_mut().enumerate() {
        p.rank = rank;
    }
    players
}

/// How often the pair `a` (higher ranked) and `b` falls short of each
/// level.
fn pair_counts(a: &Player<'_>, b: &Player<'_>) -> [i128; 9] {
    let mut counts = [0i128; 9];
    let mut set = |level: Level, count: i128| {
        if let Some(at) = LEVELS.iter().position(|&l| l == level) {
            counts[at] = count;
        }
    };
    set(
        Level::Rematch,
        i128::from(a.entrant.has_played(b.entrant.id)),
    );
    let (pa, pb) = (a.roles.preference(), b.roles.preference());
    if let (Some(pa), Some(pb)) = (pa, pb)
        && pa.first == pb.first
    {
        let both_absolute = pa.strength == Strength::Absolute && pb.strength == Strength::Absolute;
        set(
            Level::AbsoluteRoles,
            i128::from(both_absolute && !a.topscorer && !b.topscorer),
        );
        set(Level::Preference, 1);
        set(
            Level::StrongPreference,
            i128::from(pa.strength >= Strength::Strong && pb.strength >= Strength::Strong),
        );
    }
    if a.half_points != b.half_points {
        set(Level::Float, 1);
        set(
            Level::FloatDifference,
            i128::from(a.half_points.abs_diff(b.half_points)),
        );
        // The downfloater should be the lowest of his group, and meet the
        // highest of the group below.
        let from_bottom = a.group_size - 1 - a.in_group;
        set(Level::Order, (from_bottom + b.in_group) as i128);
    } else {
        let half = a.group_size / 2;
        let apart = b.in_group.abs_diff(a.in_group);
        set(Level::Order, apart.abs_diff(half) as i128);
    }
    counts
}

/// How often giving `a` the bye falls short of each level.
fn bye_counts(a: &Player<'_>, players: usize) -> [i128; 9] {
    let mut counts = [0i128; 9];
    for (at, level) in LEVELS.iter().enumerate() {
        counts[at] = match level {
            Level::ByeAgain => i128::from(a.entrant.had_unplayed_win()),
            Level::ByeRank => (players - 1 - a.rank) as i128,
            _ => 0,
        };
    }
    counts
}

/// Each level's weight: more than everything the levels after it can add
/// up to over a whole round of `players`. `None` if they do not fit.
fn multipliers(players: usize, round: RoundToPair) -> Option<[i128; 9]> {
    let pairs = (players as i128 + 1) / 2;
    // The most each level can count over a round: one bye, a score
    // difference below two half points a round, an order cost below twice
    // the players; else one a pair.
    let most = |level: Level| -> i128 {
        match level {
            Level::ByeAgain => 1,
            Level::ByeRank => players as i128,
            Level::FloatDifference => pairs * 2 * i128::from(round.round.max(1)),
            Level::Order => pairs * 2 * players as i128,
            _ => pairs,
        }
    };
    let mut weights = [0i128; 9];
    let mut below: i128 = 0;
    for at in (0..LEVELS.len()).rev() {
        let weight = below.checked_add(1)?;
        weights[at] = weight;
        below = below.checked_add(weight.checked_mul(most(LEVELS[at]))?)?;
    }
    // The matching adds a whole round's costs and an offset above them.
    below.checked_mul(4)?;
    Some(weights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::history::{MatchResult, Round};

    fn round(round: u32, rounds: u32) -> RoundToPair {
        RoundToPair {
            round,
            rounds,
            initial_first: true,
        }
    }

    fn event(players: u64) -> Vec<Entrant> {
        (1..=players).map(Entrant::new).collect()
    }

    /// Record a played round: `a` moved first against `b` and `a_result`.
    fn played(event: &mut [Entrant], a: u64, b: u64, a_result: MatchResult) {
        let other = match a_result {
            MatchResult::Win => MatchResult::Loss,
            MatchResult::Draw => MatchResult::Draw,
            MatchResult::Loss => MatchResult::Win,
        };
        let at = |id: u64| (id - 1) as usize;
        event[at(a)].rounds.push(Round::Played {
            opponent: b,
            first: true,
            result: a_result,
            games: a_result.half_points() + 4,
        });
        event[at(b)].rounds.push(Round::Played {
            opponent: a,
            first: false,
            result: other,
            games: other.half_points() + 4,
        });
    }

    fn boards(pairing: &Pairing) -> Vec<(u64, u64)> {
        pairing.boards.iter().map(|b| (b.first, b.second)).collect()
    }

    #[test]
    fn round_one_pairs_the_top_half_against_the_bottom_half_alternating_first_movers() {
        let pairing = pair_round(&event(8), round(1, 5)).expect("paired");
        assert_eq!(boards(&pairing), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
        assert_eq!(pairing.bye, None);
        let drawn_second = RoundToPair {
            initial_first: false,
            ..round(1, 5)
        };
        let pairing = pair_round(&event(8), drawn_second).expect("paired");
        assert_eq!(boards(&pairing), vec![(5, 1), (2, 6), (7, 3), (4, 8)]);
    }

    #[test]
    fn an_odd_round_gives_the_bye_to_the_lowest_ranked() {
        let pairing = pair_round(&event(7), round(1, 5)).expect("paired");
        assert_eq!(pairing.bye, Some(7));
        assert_eq!(boards(&pairing), vec![(1, 4), (5, 2), (3, 6)]);
        // Round 2: 7 has had his bye; the lowest of the lowest score group
        // without one has it now.
        let mut players = event(7);
        played(&mut players, 1, 4, MatchResult::Win);
        played(&mut players, 5, 2, MatchResult::Loss);
        played(&mut players, 3, 6, MatchResult::Win);
        players[6].rounds.push(Round::Bye);
        let pairing = pair_round(&players, round(2, 5)).expect("paired");
        assert_eq!(pairing.bye, Some(6), "{pairing:?}");
    }

    #[test]
    fn winners_meet_winners_with_roles_by_the_handbook() {
        let mut players = event(4);
        played(&mut players, 1, 3, MatchResult::Win);
        played(&mut players, 4, 2, MatchResult::Win);
        let pairing = pair_round(&players, round(2, 3)).expect("paired");
        // 1 and 4 both moved first: the higher ranked (1) has his wish;
        // 2 and 3 both moved second: the higher ranked (2) moves first.
        assert_eq!(boards(&pairing), vec![(4, 1), (2, 3)]);
    }

    #[test]
    fn nobody_meets_the_same_opponent_twice() {
        let mut players = event(4);
        played(&mut players, 1, 3, MatchResult::Win);
        played(&mut players, 4, 2, MatchResult::Loss);
        played(&mut players, 2, 1, MatchResult::Loss);
        played(&mut players, 3, 4, MatchResult::Win);
        // 1 (4 points) has met 3 and 2; 2 and 3 (2 points each) have not
        // met: 1 meets 4, and 2 meets 3.
        let pairing = pair_round(&players, round(3, 3)).expect("paired");
        let mut pairs: Vec<(u64, u64)> = boards(&pairing)
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![(1, 4), (2, 3)]);
    }

    #[test]
    fn players_who_must_not_repeat_a_role_are_not_paired_while_others_can_be() {
        // Everyone drew twice; 1 and 2 moved first both times (each must
        // move second now), 3 and 4 moved second both times.
        let mut players = event(4);
        played(&mut players, 1, 3, MatchResult::Draw);
        played(&mut players, 2, 4, MatchResult::Draw);
        played(&mut players, 1, 4, MatchResult::Draw);
        played(&mut players, 2, 3, MatchResult::Draw);
        let pairing = pair_round(&players, round(3, 5)).expect("paired");
        // 1-2 and 3-4 would each break an absolute wish; but every other
        // pair has met. Rematches cost more: 1-2 and 3-4 it is, and the
        // round still pairs everyone.
        assert_eq!(pairing.boards.len(), 2);
        // With four fresh players to pair against, nobody repeats a role
        // (though it takes four downfloats).
        let mut players = event(8);
        played(&mut players, 1, 3, MatchResult::Draw);
        played(&mut players, 2, 4, MatchResult::Draw);
        played(&mut players, 1, 4, MatchResult::Draw);
        played(&mut players, 2, 3, MatchResult::Draw);
        for id in 5..=8 {
            players[id - 1].rounds = vec![Round::Absent, Round::Absent];
        }
        let pairing = pair_round(&players, round(3, 5)).expect("paired");
        let roles = |id: u64| {
            pairing.boards.iter().find_map(|b| {
                (b.first == id)
                    .then_some(true)
                    .or((b.second == id).then_some(false))
            })
        };
        for id in [1, 2] {
            assert_ne!(roles(id), Some(true), "{id} moved first twice: {pairing:?}");
        }
        for id in [3, 4] {
            assert_ne!(
                roles(id),
                Some(false),
                "{id} moved second twice: {pairing:?}"
            );
        }
    }

    #[test]
    fn absent_players_are_not_paired_and_an_empty_round_is_empty() {
        let mut players = event(5);
        players[1].available = false;
        let pairing = pair_round(&players, round(1, 3)).expect("paired");
        let seen: Vec<u64> = pairing
            .boards
            .iter()
            .flat_map(|b| [b.first, b.second])
            .chain(pairing.bye)
            .collect();
        assert_eq!(seen.len(), 4);
        assert!(!seen.contains(&2));
        assert_eq!(pair_round(&[], round(1, 3)), Ok(Pairing::default()));
        let alone = pair_round(&event(1), round(1, 3)).expect("paired");
        assert_eq!(alone.bye, Some(1));
    }

    #[test]
    fn the_costs_fit_the_largest_event() {
        assert!(multipliers(MOST_PLAYERS, round(30, 30)).is_some());
        let too_many = event(MOST_PLAYERS as u64 + 1);
        assert_eq!(
            pair_round(&too_many, round(1, 3)),
            Err(PairingError::TooMany {
                players: MOST_PLAYERS + 1
            })
        );
    }
}
