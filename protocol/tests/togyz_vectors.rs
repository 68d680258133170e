//! Togyz Kumalak and Bestemshe replay the example games of
//! `RULES_TOGYZ.md` exactly (`tests/data/{togyz,bestemshe}_examples.jsonl`,
//! copied from the shared vectors): every state after every move, the
//! players' move list as PlayStrategy writes it, and the result.

use protocol::rules::{TogyzEnd, TogyzPosition, TogyzVariant};
use serde::Deserialize;

#[derive(Deserialize)]
struct State {
    houses: [Vec<u8>; 2],
    stores: [u8; 2],
    tuzdik: [Option<u8>; 2],
    to_move: Option<usize>,
    terminal: bool,
}

#[derive(Deserialize)]
struct Outcome {
    final_scores: [u8; 2],
    winner: Option<usize>,
    end_reason: String,
    plies: usize,
}

#[derive(Deserialize)]
struct Example {
    variant: String,
    initial: State,
    moves: Vec<u8>,
    movers: Vec<usize>,
    states: Vec<State>,
    notation: Vec<String>,
    result: Outcome,
}

fn same(position: &TogyzPosition, state: &State) -> bool {
    position.row(0) == state.houses[0].as_slice()
        && position.row(1) == state.houses[1].as_slice()
        && position.stores() == state.stores
        && position.tuzdiks() == state.tuzdik
        && position.to_move() == state.to_move
        && position.end().is_some() == state.terminal
}

fn replay(file: &str, variant: TogyzVariant, name: &str) -> usize {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the vectors are there");
    let mut games = 0;
    for line in text.lines() {
        let example: Example = serde_json::from_str(line).expect("a vector reads");
        assert_eq!(example.variant, name);
        let mut position = TogyzPosition::start(variant);
        assert!(same(&position, &example.initial), "the start");
        for (ply, &house) in example.moves.iter().enumerate() {
            assert_eq!(position.to_move(), Some(example.movers[ply]), "ply {ply}");
            assert!(
                position.legal_moves().any(|m| m == house),
                "ply {ply}: legal"
            );
            let outcome = position.play(house).expect("the move is legal");
            assert!(
                same(&position, &example.states[ply]),
                "game {games}, ply {}: {:?} against {:?} {:?} {:?}",
                ply + 1,
                position,
                example.states[ply].houses,
                example.states[ply].stores,
                example.states[ply].tuzdik
            );
            assert_eq!(
                position.notation(house, &outcome),
                example.notation[ply],
                "game {games}, ply {}",
                ply + 1
            );
        }
        let result = &example.result;
        assert_eq!(example.moves.len(), result.plies);
        assert_eq!(position.stores(), result.final_scores);
        assert_eq!(position.winner(), Some(result.winner));
        let end = match result.end_reason.as_str() {
            "score" => TogyzEnd::Score,
            "no_move" => TogyzEnd::NoMove,
            other => panic!("an end reason: {other}"),
        };
        assert_eq!(position.end(), Some(end));
        games += 1;
    }
    games
}

#[test]
fn togyz_kumalak_replays_its_example_games_exactly() {
    let games = replay(
        "togyz_examples.jsonl",
        TogyzVariant::TogyzKumalak,
        "togyz_kumalak",
    );
    assert_eq!(games, 3);
}

#[test]
fn bestemshe_replays_its_example_games_exactly() {
    let games = replay(
        "bestemshe_examples.jsonl",
        TogyzVariant::Bestemshe,
        "bestemshe",
    );
    assert_eq!(games, 3);
}

mod properties {
    use proptest::prelude::*;
    use protocol::rules::{TogyzEnd, TogyzPosition, TogyzVariant};

    fn variant() -> impl Strategy<Value = TogyzVariant> {
        prop::sample::select(vec![TogyzVariant::TogyzKumalak, TogyzVariant::Bestemshe])
    }

    proptest! {
        /// Random games: stones conserved on the board and in the stores
        /// after every move; a tuzdik never in the opponent's last house nor
        /// the same-numbered house as the other's, one at most per player,
        /// never holding a stone; every game ends (random play ends within
        /// 300 plies in the vectors), with the result the stores say.
        #[test]
        fn every_random_game_keeps_the_rules_invariants(
            variant in variant(),
            choices in prop::collection::vec(any::<u8>(), 0..400),
        ) {
            let m = variant.houses();
            let mut position = TogyzPosition::start(variant);
            let mut plies = 0;
            while position.to_move().is_some() {
                let legal: Vec<u8> = position.legal_moves().collect();
                prop_assert!(!legal.is_empty(), "a player to move has a move");
                let pick = choices.get(plies).map_or(0, |&c| usize::from(c) % legal.len());
                let before = position.tuzdiks();
                position.play(legal[pick]).expect("a legal move plays");
                plies += 1;
                prop_assert!(plies < 2_000, "the game ends");
                let board: u32 = (0..2)
                    .flat_map(|p| position.row(p).iter().copied())
                    .map(u32::from)
                    .sum();
                let stores: u32 = position.stores().iter().map(|&s| u32::from(s)).sum();
                prop_assert_eq!(board + stores, variant.total());
                let tuzdiks = position.tuzdiks();
                for p in 0..2 {
                    if let Some(j) = tuzdiks[p] {
                        prop_assert!(usize::from(j) < m - 1, "never the last house");
                        prop_assert_ne!(tuzdiks[1 - p], Some(j), "never the same number");
                        prop_assert_eq!(position.row(1 - p)[usize::from(j)], 0);
                        if let Some(was) = before[p] {
                            prop_assert_eq!(was, j, "one for good");
                        }
                    }
                }
                if variant == TogyzVariant::Bestemshe {
                    prop_assert_eq!(tuzdiks, [None, None]);
                }
            }
            let [a, b] = position.stores();
            let expected = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            prop_assert_eq!(position.winner(), Some(expected));
            if position.end() == Some(TogyzEnd::NoMove) {
                prop_assert_eq!(u32::from(a) + u32::from(b), variant.total(), "swept");
            } else {
                prop_assert!(u32::from(a.max(b)) * 2 > variant.total());
            }
        }
    }
}

/// Positions reached after `depth` moves from `position` (a game that ends
/// earlier is not counted, as in chess).
fn perft(position: &TogyzPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .map(|house| {
            let mut next = *position;
            next.play(house).expect("legal");
            if next.end().is_some() {
                u64::from(depth == 1)
            } else {
                perft(&next, depth - 1)
            }
        })
        .sum()
}

/// The counts in `tests/data/togyz_perft.txt` (made by this engine once it
/// replayed the vectors; they pin move generation from then on).
#[test]
fn perft_from_the_start_to_depth_six_matches_the_data_file() {
    let path = format!("{}/tests/data/togyz_perft.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the perft file is there");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let variant = match fields[0] {
            "togyz_kumalak" => TogyzVariant::TogyzKumalak,
            "bestemshe" => TogyzVariant::Bestemshe,
            other => panic!("a variant: {other}"),
        };
        let depth: u32 = fields[1].parse().expect("a depth");
        let count: u64 = fields[2].parse().expect("a count");
        assert_eq!(
            perft(&TogyzPosition::start(variant), depth),
            count,
            "{line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 12);
}

mod worked_examples {
    //! RULES_TOGYZ.md's worked examples T1–T7, as its pictures draw them:
    //! player 1's row from his house 9 down to 1 (`X`, a tuzdik, holds 0),
    //! then player 0's from his house 1 up; stores `[player 0, player 1]`.

    use protocol::rules::{TogyzEnd, TogyzPosition, TogyzVariant};

    struct Picture {
        p1_from_9: [u8; 9],
        stores: [u8; 2],
        p0_from_1: [u8; 9],
        /// House numbers: player 0's tuzdik in player 1's row, and the other.
        tuzdik: [Option<u8>; 2],
    }

    impl Picture {
        fn p1(&self) -> [u8; 9] {
            let mut row = self.p1_from_9;
            row.reverse();
            row
        }

        fn position(&self) -> TogyzPosition {
            let tuzdik = self.tuzdik.map(|t| t.map(|number| number - 1));
            TogyzPosition::setup(
                TogyzVariant::TogyzKumalak,
                [&self.p0_from_1, &self.p1()],
                self.stores,
                tuzdik,
                0,
            )
            .expect("a position play can reach")
        }

        fn is(&self, position: &TogyzPosition) -> bool {
            position.row(0) == self.p0_from_1
                && position.row(1) == self.p1()
                && position.stores() == self.stores
                && position.tuzdiks() == self.tuzdik.map(|t| t.map(|number| number - 1))
        }
    }

    /// Player 0 plays house `number` in `before`: `after`, written `notation`.
    fn example(before: Picture, number: u8, notation: &str, after: Picture) -> TogyzPosition {
        let mut position = before.position();
        let outcome = position.play(number - 1).expect("legal");
        assert_eq!(position.notation(number - 1, &outcome), notation);
        assert!(after.is(&position), "{notation}: {position:?}");
        position
    }

    const X: u8 = 0;

    #[test]
    fn t1_to_t7_play_as_drawn() {
        let start = TogyzPosition::start(TogyzVariant::TogyzKumalak);
        let mut t1 = start;
        let outcome = t1.play(4).expect("legal");
        assert_eq!(t1.notation(4, &outcome), "54(10)");
        assert_eq!(t1.row(1), [10, 10, 10, 0, 9, 9, 9, 9, 9]);
        assert_eq!(t1.row(0), [9, 9, 9, 9, 1, 10, 10, 10, 10]);

        example(
            Picture {
                p1_from_9: [5, 2, 8, 3, 6, 0, 1, 4, 2],
                stores: [50, 53],
                p0_from_1: [3, 0, 5, 2, 7, 1, 4, 0, 6],
                tuzdik: [None, None],
            },
            7,
            "71X",
            Picture {
                p1_from_9: [5, 2, 8, 3, 6, 0, 1, 4, X],
                stores: [53, 53],
                p0_from_1: [3, 0, 5, 2, 7, 1, 1, 1, 7],
                tuzdik: [Some(1), None],
            },
        );
        example(
            Picture {
                p1_from_9: [4, 7, 2, 0, 8, 1, 3, X, 6],
                stores: [44, 52],
                p0_from_1: [3, 0, 4, 20, 1, X, 2, 5, 0],
                tuzdik: [Some(2), Some(6)],
            },
            4,
            "45",
            Picture {
                p1_from_9: [5, 8, 3, 1, 9, 2, 4, X, 7],
                stores: [45, 53],
                p0_from_1: [4, 1, 5, 2, 3, X, 3, 6, 1],
                tuzdik: [Some(2), Some(6)],
            },
        );
        let t4 = || Picture {
            p1_from_9: [2, 1, 5, 0, 2, 2, 7, 1, 4],
            stores: [40, 52],
            p0_from_1: [1, 5, 0, X, 10, 8, 9, 3, 10],
            tuzdik: [None, Some(4)],
        };
        // T4a: never the opponent's house 9.
        example(
            t4(),
            9,
            "99",
            Picture {
                p1_from_9: [3, 2, 6, 1, 3, 3, 8, 2, 5],
                stores: [40, 52],
                p0_from_1: [1, 5, 0, X, 10, 8, 9, 3, 1],
                tuzdik: [None, Some(4)],
            },
        );
        // T4b: never the house numbered as the opponent's tuzdik.
        example(
            t4(),
            6,
            "64",
            Picture {
                p1_from_9: [2, 1, 5, 0, 2, 3, 8, 2, 5],
                stores: [40, 52],
                p0_from_1: [1, 5, 0, X, 10, 1, 10, 4, 11],
                tuzdik: [None, Some(4)],
            },
        );
        // T4c: the control, which does make one.
        example(
            t4(),
            5,
            "55X",
            Picture {
                p1_from_9: [2, 1, 5, 0, X, 3, 8, 2, 5],
                stores: [43, 52],
                p0_from_1: [1, 5, 0, X, 1, 9, 10, 4, 11],
                tuzdik: [Some(5), Some(4)],
            },
        );
        // T4d: no second tuzdik.
        example(
            Picture {
                p1_from_9: [2, 1, 5, 0, X, 3, 2, 2, 5],
                stores: [50, 58],
                p0_from_1: [1, 5, 0, X, 1, 9, 10, 4, 4],
                tuzdik: [Some(5), Some(4)],
            },
            9,
            "93",
            Picture {
                p1_from_9: [2, 1, 5, 0, X, 3, 3, 3, 6],
                stores: [50, 58],
                p0_from_1: [1, 5, 0, X, 1, 9, 10, 4, 1],
                tuzdik: [Some(5), Some(4)],
            },
        );
        // T5: a single stone moves on, and captures.
        let t5 = example(
            Picture {
                p1_from_9: [0, 0, 3, 0, 0, 1, 0, 0, 5],
                stores: [74, 76],
                p0_from_1: [0, 0, 2, 0, 0, 0, 0, 0, 1],
                tuzdik: [None, None],
            },
            9,
            "91(80)",
            Picture {
                p1_from_9: [0, 0, 3, 0, 0, 1, 0, 0, 0],
                stores: [80, 76],
                p0_from_1: [0, 0, 2, 0, 0, 0, 0, 0, 0],
                tuzdik: [None, None],
            },
        );
        assert_eq!(t5.end(), None);
        // T6: more than 81 ends the game; the stones left count for nobody.
        let t6 = example(
            Picture {
                p1_from_9: [4, 0, 0, 1, 0, 0, 2, 0, 5],
                stores: [76, 69],
                p0_from_1: [0, 0, 0, 0, 0, 0, 4, 0, 1],
                tuzdik: [None, None],
            },
            7,
            "71(82)",
            Picture {
                p1_from_9: [4, 0, 0, 1, 0, 0, 2, 0, 0],
                stores: [82, 69],
                p0_from_1: [0, 0, 0, 0, 0, 0, 1, 1, 2],
                tuzdik: [None, None],
            },
        );
        assert_eq!(
            (t6.end(), t6.winner()),
            (Some(TogyzEnd::Score), Some(Some(0)))
        );
        // T7: the opponent left without a stone: the sweep, 81 : 81, a draw.
        let t7 = example(
            Picture {
                p1_from_9: [0, 0, 0, 0, 0, 0, X, 0, 3],
                stores: [72, 80],
                p0_from_1: [2, 0, 0, 0, 0, 0, 4, X, 1],
                tuzdik: [Some(3), Some(8)],
            },
            7,
            "71(81)",
            Picture {
                p1_from_9: [0, 0, 0, 0, 0, 0, X, 0, 0],
                stores: [81, 81],
                p0_from_1: [0; 9],
                tuzdik: [Some(3), Some(8)],
            },
        );
        assert_eq!(
            (t7.end(), t7.winner()),
            (Some(TogyzEnd::NoMove), Some(None))
        );
    }

    #[test]
    fn a_position_play_cannot_reach_is_refused() {
        use protocol::rules::TogyzSetupError;
        let full = [9u8; 9];
        let short = [8u8; 9];
        let setup = |rows: [&[u8]; 2], tuzdik| {
            TogyzPosition::setup(TogyzVariant::TogyzKumalak, rows, [0, 0], tuzdik, 0)
        };
        assert_eq!(
            setup([&full, &short], [None, None]),
            Err(TogyzSetupError::Stones(153))
        );
        assert_eq!(
            setup([&full, &full[..5]], [None, None]),
            Err(TogyzSetupError::Shape)
        );
        assert_eq!(
            setup([&full, &full], [Some(2), None]),
            Err(TogyzSetupError::Tuzdik),
            "a tuzdik holding stones"
        );
    }
}
