//! The standings of a Swiss: match points, then the tie-breaks in order
//! (docs/TOURNAMENTS.md): the games' points, Sonneborn–Berger, Buchholz,
//! and last the pairing number. Every figure is an integer in the unit its
//! name says, so that ties are exact.

use super::history::{Entrant, PlayerId, Round};
use serde::{Deserialize, Serialize};

/// One line of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Place, from 1 (no two share one: the pairing number decides last).
    pub place: usize,
    /// Who.
    pub id: PlayerId,
    /// Match points, in half points (won 2, drawn 1; a bye or a forfeit
    /// win 2).
    pub half_points: u32,
    /// The games' points of his matches, in half points. A bye or a forfeit
    /// win counts the narrowest win of a match (`games + 1` half points:
    /// 3–2 of five games); an absence or a forfeit loss none.
    pub game_half_points: u32,
    /// Sonneborn–Berger, in quarter points: each opponent's match points
    /// times the match points scored against him.
    pub sonneborn_berger_quarters: u32,
    /// Buchholz, in half points: the opponents' match points.
    pub buchholz_half_points: u32,
}

/// The standings of `entrants` (in pairing-number order) in an event of
/// `games`-game matches. An unplayed round (a bye, a forfeit, an absence)
/// counts for Sonneborn–Berger and Buchholz as against a dummy opponent
/// with the player's own final score, as FIDE's tie-break regulations
/// (C.07, 2023) do.
pub fn standings(entrants: &[Entrant], games: u8) -> Vec<Line> {
    let score = |id: PlayerId| {
        entrants
            .iter()
            .find(|e| e.id == id)
            .map_or(0, Entrant::half_points)
    };
    let mut lines: Vec<(usize, Line)> = entrants
        .iter()
        .enumerate()
        .map(|(number, entrant)| {
            let own = entrant.half_points();
            let mut line = Line {
                place: 0,
                id: entrant.id,
                half_points: own,
                game_half_points: 0,
                sonneborn_berger_quarters: 0,
                buchholz_half_points: 0,
            };
            for round in &entrant.rounds {
                let opponent = match round {
                    Round::Played { opponent, .. } => score(*opponent),
                    _ => own,
                };
                line.game_half_points += match round {
                    Round::Played { games, .. } => *games,
                    Round::Bye | Round::ForfeitWin { .. } => u32::from(games) + 1,
                    Round::ForfeitLoss { .. } | Round::Absent => 0,
                };
                line.sonneborn_berger_quarters += opponent * round.half_points();
                line.buchholz_half_points += opponent;
            }
            (number, line)
        })
        .collect();
    lines.sort_by_key(|(number, l)| {
        (
            std::cmp::Reverse((
                l.half_points,
                l.game_half_points,
                l.sonneborn_berger_quarters,
                l.buchholz_half_points,
            )),
            *number,
        )
    });
    lines
        .into_iter()
        .enumerate()
        .map(|(place, (_, line))| Line {
            place: place + 1,
            ..line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::history::MatchResult;

    fn played(opponent: PlayerId, result: MatchResult, games: u32) -> Round {
        Round::Played {
            opponent,
            first: true,
            result,
            games,
        }
    }

    #[test]
    fn ties_break_on_games_then_sonneborn_berger_then_buchholz_then_pairing_number() {
        use MatchResult::{Draw, Loss, Win};
        // Four players, two rounds of five-game matches:
        // round 1: 1 beats 3 (3-2), 2 beats 4 (4-1);
        // round 2: 1 draws 2 (2.5-2.5), 3 beats 4 (3-2).
        let mut e: Vec<Entrant> = (1..=4).map(Entrant::new).collect();
        e[0].rounds = vec![played(3, Win, 6), played(2, Draw, 5)];
        e[1].rounds = vec![played(4, Win, 8), played(1, Draw, 5)];
        e[2].rounds = vec![played(1, Loss, 4), played(4, Win, 6)];
        e[3].rounds = vec![played(2, Loss, 2), played(3, Loss, 4)];
        let table = standings(&e, 5);
        let ids: Vec<PlayerId> = table.iter().map(|l| l.id).collect();
        // 1 and 2 both have 3 half points; 2 scored 13 games' half points
        // to 1's 11.
        assert_eq!(ids, vec![2, 1, 3, 4]);
        let line = |id: PlayerId| table.iter().find(|l| l.id == id).copied().expect("a line");
        assert_eq!(line(2).game_half_points, 13);
        assert_eq!(line(1).game_half_points, 11);
        // Sonneborn–Berger of 1, in quarter points: 3 (2 half points)
        // beaten, 2 x 2; 2 (3 half points) drawn, 3 x 1.
        assert_eq!(line(1).sonneborn_berger_quarters, 2 * 2 + 3);
        assert_eq!(line(1).buchholz_half_points, 2 + 3);
        assert_eq!(line(4).half_points, 0);
        assert_eq!(
            table.iter().map(|l| l.place).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
    }

    #[test]
    fn an_unplayed_round_counts_the_narrowest_win_and_a_dummy_opponent_of_ones_own_score() {
        let mut e: Vec<Entrant> = (1..=2).map(Entrant::new).collect();
        e[0].rounds = vec![Round::Bye, Round::Absent];
        e[1].rounds = vec![
            Round::ForfeitLoss { opponent: 9 },
            Round::ForfeitWin { opponent: 9 },
        ];
        let table = standings(&e, 5);
        for line in &table {
            assert_eq!(line.half_points, 2);
            assert_eq!(line.game_half_points, 6, "3-2 of five games");
            // Two dummy opponents of 2 half points: Buchholz 4; a win
            // against one: Sonneborn–Berger 2 x 2.
            assert_eq!(line.buchholz_half_points, 4);
            assert_eq!(line.sonneborn_berger_quarters, 4);
        }
        // Equal on everything: the pairing number decides.
        assert_eq!(table[0].id, 1);
    }
}
