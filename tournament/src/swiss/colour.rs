//! Who moves first: each player's preference from the matches he played
//! (C.04.3 A.6, moving first standing for White), and the allocation in a
//! pair (C.04.3 E.1 to E.5).

use super::history::Entrant;
use std::cmp::Ordering;

/// How much a player wants a role (C.04.3 A.6), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Balanced so far: he would alternate from his last match.
    Mild,
    /// One more of one role than the other.
    Strong,
    /// Two more of one role, or the same role in his last two matches: he
    /// may not have it again unless both are topscorers (C.04.3 C.3).
    Absolute,
}

/// A player's preference: to move first or second, and how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    /// Whether he wants to move first.
    pub first: bool,
    /// How much.
    pub strength: Strength,
}

/// What the allocation and the pairing read of one player's roles so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roles {
    /// Moved first, match by match (played matches only), oldest first.
    history: Vec<bool>,
    /// Times first less times second.
    difference: i32,
}

impl Roles {
    /// The roles of `entrant`'s matches played.
    pub fn of(entrant: &Entrant) -> Roles {
        let history: Vec<bool> = entrant.first_moves().collect();
        let difference = history.iter().map(|&f| if f { 1 } else { -1 }).sum();
        Roles {
            history,
            difference,
        }
    }

    /// Times first less times second.
    pub fn difference(&self) -> i32 {
        self.difference
    }

    /// His preference (C.04.3 A.6), `None` before his first match played.
    pub fn preference(&self) -> Option<Preference> {
        let last = *self.history.last()?;
        let last_two_same = self.history.len() >= 2 && self.history[self.history.len() - 2] == last;
        let (first, strength) = match self.difference {
            d if d > 1 => (false, Strength::Absolute),
            d if d < -1 => (true, Strength::Absolute),
            _ if last_two_same => (!last, Strength::Absolute),
            1 => (false, Strength::Strong),
            -1 => (true, Strength::Strong),
            _ => (!last, Strength::Mild),
        };
        Some(Preference { first, strength })
    }

    /// Whether moving first (`first`) would give him the same role a third
    /// time running, or a difference beyond two (C.04.3 C.3's concern).
    pub fn would_break_absolute(&self, first: bool) -> bool {
        self.preference()
            .is_some_and(|p| p.strength == Strength::Absolute && p.first != first)
    }
}

/// Whether `a` moves first against `b` (C.04.3 E): `a` is the higher
/// ranked of the two (by score, then pairing number), `a_number` his rank
/// among the players paired (from 1), `initial_first` the role drawn for
/// the event's top seed in round 1.
pub fn allocate(a: &Roles, b: &Roles, a_number: usize, initial_first: bool) -> bool {
    match (a.preference(), b.preference()) {
        // E.1: both preferences granted.
        (Some(pa), Some(pb)) if pa.first != pb.first => pa.first,
        (Some(pa), None) => pa.first,
        (None, Some(pb)) => !pb.first,
        // E.2: the stronger preference; of two absolute ones, the wider
        // difference.
        (Some(pa), Some(pb)) if pa.strength != pb.strength => {
            if pa.strength > pb.strength {
                pa.first
            } else {
                !pb.first
            }
        }
        (Some(pa), Some(pb)) if pa.strength == Strength::Absolute => {
            match a.difference.abs().cmp(&b.difference.abs()) {
                Ordering::Greater => pa.first,
                Ordering::Less => !pb.first,
                Ordering::Equal => alternate(a, b).unwrap_or(pa.first),
            }
        }
        // E.3: the roles the other way round from the last time they
        // differed; E.4: else the higher ranked player's preference.
        (Some(pa), Some(_)) => alternate(a, b).unwrap_or(pa.first),
        // E.5: nobody has played: the top seed's drawn role for odd
        // pairing numbers, the other for even ones.
        (None, None) => (a_number % 2 == 1) == initial_first,
    }
}

/// C.04.3 E.3: going back match by match from their last, the first time
/// their roles differed; each gets the other role now. `None` if never.
fn alternate(a: &Roles, b: &Roles) -> Option<bool> {
    a.history
        .iter()
        .rev()
        .zip(b.history.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(&a_first, _)| !a_first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::history::{MatchResult, Round};

    fn roles(firsts: &[bool]) -> Roles {
        let mut entrant = Entrant::new(0);
        entrant.rounds = firsts
            .iter()
            .enumerate()
            .map(|(i, &first)| Round::Played {
                opponent: 100 + i as u64,
                first,
                result: MatchResult::Draw,
                games: MatchResult::Draw.half_points() + 4,
            })
            .collect();
        Roles::of(&entrant)
    }

    #[test]
    fn preferences_follow_the_handbook() {
        assert_eq!(roles(&[]).preference(), None);
        let pref = |f: &[bool]| roles(f).preference().map(|p| (p.first, p.strength));
        assert_eq!(pref(&[true]), Some((false, Strength::Strong)));
        assert_eq!(pref(&[false]), Some((true, Strength::Strong)));
        assert_eq!(pref(&[true, false]), Some((true, Strength::Mild)));
        assert_eq!(pref(&[true, true]), Some((false, Strength::Absolute)));
        assert_eq!(
            pref(&[false, true, true]),
            Some((false, Strength::Absolute))
        );
        assert_eq!(pref(&[true, false, true]), Some((false, Strength::Strong)));
        assert_eq!(
            pref(&[true, true, false, true]),
            Some((false, Strength::Absolute))
        );
        assert_eq!(
            pref(&[false, false, true, true]),
            Some((false, Strength::Absolute))
        );
    }

    #[test]
    fn allocation_grants_both_then_the_stronger_then_alternates_then_the_higher_ranked() {
        // E.1: both granted.
        assert!(allocate(&roles(&[false]), &roles(&[true]), 1, true));
        // E.2: the stronger (b's absolute against a's strong).
        assert!(!allocate(
            &roles(&[false]),
            &roles(&[false, false]),
            1,
            true
        ));
        // E.2: of two absolute, the wider difference (b: -2 against a's -2
        // is equal; a: -3 wins).
        assert!(allocate(
            &roles(&[false, true, false, false, false]),
            &roles(&[false, false]),
            1,
            true
        ));
        // E.3: both mildly want to move first; going back, their roles
        // last differed when a moved first and b second: now the other way.
        let (a, b) = (
            roles(&[false, true, true, false]),
            roles(&[true, false, true, false]),
        );
        assert_eq!(
            a.preference().map(|p| (p.first, p.strength)),
            Some((true, Strength::Mild))
        );
        assert_eq!(
            b.preference().map(|p| (p.first, p.strength)),
            Some((true, Strength::Mild))
        );
        assert!(!allocate(&a, &b, 3, true));
        // E.4: never differed, same preference: the higher ranked player's.
        assert!(allocate(
            &roles(&[true, false]),
            &roles(&[true, false]),
            3,
            true
        ));
        // E.5: round 1, odd pairing numbers take the drawn role.
        assert!(allocate(&roles(&[]), &roles(&[]), 1, true));
        assert!(!allocate(&roles(&[]), &roles(&[]), 2, true));
        assert!(!allocate(&roles(&[]), &roles(&[]), 3, false));
    }
}
