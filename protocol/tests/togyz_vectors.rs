//! Togyz Kumalak and Bestemshe replay the example games of
//! `RULES_TOGYZ.md` exactly (`tests/data/{togyz,bestemshe}_examples.jsonl`,
//! copied from the shared vectors): every state after every move, the
//! players' move list as PlayStrategy writes it, and the result.

use protocol::rules::{EndReason, Move, Position, Ruleset, Side};
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

fn same(position: &Position, state: &State) -> bool {
    position.row(Side::Player0) == state.houses[0].as_slice()
        && position.row(Side::Player1) == state.houses[1].as_slice()
        && position.stores() == state.stores
        && position.tuzdiks() == state.tuzdik
        && position.to_move().map(Side::index) == state.to_move
        && position.result().is_some() == state.terminal
}

/// The end reason of a finished position.
fn end(position: &Position) -> Option<EndReason> {
    match position.status() {
        protocol::rules::Status::Over(reason) => Some(reason),
        protocol::rules::Status::ToMove(_) => None,
    }
}

/// The winner of a finished game (`Some(None)`: a draw), by index.
fn winner(position: &Position) -> Option<Option<usize>> {
    position.result().map(|r| r.winner.map(Side::index))
}

fn replay(file: &str, ruleset: Ruleset, name: &str) -> usize {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the vectors are there");
    let mut games = 0;
    for line in text.lines() {
        let example: Example = serde_json::from_str(line).expect("a vector reads");
        assert_eq!(example.variant, name);
        let mut position = Position::start(ruleset);
        assert!(same(&position, &example.initial), "the start");
        for (ply, &house) in example.moves.iter().enumerate() {
            assert_eq!(
                position.to_move().map(Side::index),
                Some(example.movers[ply]),
                "ply {ply}"
            );
            let mv = Move::from_index(house);
            assert!(position.legal_moves().contains(mv), "ply {ply}: legal");
            let label = position.move_label(mv).expect("the move is legal");
            let played = position.play(mv).expect("the move is legal");
            let mut board = position.board();
            for event in &played.events {
                assert!(board.apply_event(event), "ply {}: {event:?}", ply + 1);
            }
            position = played.position;
            assert_eq!(
                (&board.houses, board.stores, board.tuzdik),
                (
                    &position.board().houses,
                    position.stores(),
                    position.tuzdiks()
                ),
                "ply {}: the events lead to the position",
                ply + 1
            );
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
                label,
                example.notation[ply],
                "game {games}, ply {}",
                ply + 1
            );
        }
        let result = &example.result;
        assert_eq!(example.moves.len(), result.plies);
        assert_eq!(position.stores(), result.final_scores);
        assert_eq!(winner(&position), Some(result.winner));
        let reason = match result.end_reason.as_str() {
            "score" => EndReason::Majority,
            "no_move" => EndReason::NoMove,
            other => panic!("an end reason: {other}"),
        };
        assert_eq!(end(&position), Some(reason));
        games += 1;
    }
    games
}

/// The vector games written as records, in the players' notation, read
/// back to the same games; a move written with another landing or score
/// than it has is refused with its line.
#[test]
fn records_in_the_players_notation_read_back_and_a_wrong_label_is_refused() {
    use protocol::rules::{GameRecord, RecordError};
    for (file, variant) in [
        ("togyz_examples.jsonl", "togyz_kumalak"),
        ("bestemshe_examples.jsonl", "bestemshe"),
    ] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the vectors are there");
        for line in text.lines() {
            let example: Example = serde_json::from_str(line).expect("a vector reads");
            let mut record = format!("[variant \"{variant}\"]\n\n");
            for (ply, label) in example.notation.iter().enumerate() {
                if ply % 2 == 0 {
                    record.push_str(&format!("\n{}. ", ply / 2 + 1));
                } else {
                    record.push(' ');
                }
                record.push_str(label);
            }
            let parsed = GameRecord::parse(&record).expect("the record reads");
            let houses: Vec<u8> = parsed
                .game()
                .moves()
                .iter()
                .map(|m| m.index() as u8)
                .collect();
            assert_eq!(houses, example.moves);
            let again = GameRecord::parse(&parsed.to_text()).expect("its own text reads");
            assert_eq!(again.game().moves(), parsed.game().moves());
        }
    }
    let wrong = "[variant \"togyz_kumalak\"]\n\n1. 55(10)\n";
    assert!(matches!(
        GameRecord::parse(wrong),
        Err(RecordError::WrongLabel {
            line: 3,
            ply: 1,
            ..
        })
    ));
    let plain = GameRecord::parse("[variant \"togyz_kumalak\"]\n\n1. 5\n").expect("a house");
    assert!(plain.to_text().contains("1. 54(10)"), "{}", plain.to_text());
}

#[test]
fn togyz_kumalak_replays_its_example_games_exactly() {
    let games = replay(
        "togyz_examples.jsonl",
        Ruleset::TogyzKumalak,
        "togyz_kumalak",
    );
    assert_eq!(games, 3);
}

#[test]
fn bestemshe_replays_its_example_games_exactly() {
    let games = replay("bestemshe_examples.jsonl", Ruleset::Bestemshe, "bestemshe");
    assert_eq!(games, 3);
}

mod properties {
    use super::{end, winner};
    use proptest::prelude::*;
    use protocol::rules::{EndReason, Move, Position, Ruleset, Side};

    fn variant() -> impl Strategy<Value = Ruleset> {
        prop::sample::select(vec![Ruleset::TogyzKumalak, Ruleset::Bestemshe])
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
            let mut position = Position::start(variant);
            let mut plies = 0;
            while position.to_move().is_some() {
                let legal: Vec<Move> = position.legal_moves().iter().collect();
                prop_assert!(!legal.is_empty(), "a player to move has a move");
                let pick = choices.get(plies).map_or(0, |&c| usize::from(c) % legal.len());
                let before = position.tuzdiks();
                position.play_in_place(legal[pick]).expect("a legal move plays");
                plies += 1;
                prop_assert!(plies < 2_000, "the game ends");
                prop_assert_eq!(position.total_seeds(), variant.total_seeds());
                let tuzdiks = position.tuzdiks();
                for side in Side::BOTH {
                    let p = side.index();
                    if let Some(j) = tuzdiks[p] {
                        prop_assert!(usize::from(j) < m - 1, "never the last house");
                        prop_assert_ne!(tuzdiks[1 - p], Some(j), "never the same number");
                        prop_assert_eq!(position.row(side.opponent())[usize::from(j)], 0);
                        if let Some(was) = before[p] {
                            prop_assert_eq!(was, j, "one for good");
                        }
                    }
                }
                if variant == Ruleset::Bestemshe {
                    prop_assert_eq!(tuzdiks, [None, None]);
                }
            }
            let [a, b] = position.stores();
            let expected = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            prop_assert_eq!(winner(&position), Some(expected));
            if end(&position) == Some(EndReason::NoMove) {
                prop_assert_eq!(u32::from(a) + u32::from(b), variant.total_seeds(), "swept");
            } else {
                prop_assert!(u32::from(a.max(b)) * 2 > variant.total_seeds());
            }
        }
    }
}

/// Positions reached after `depth` moves from `position` (a game that ends
/// earlier is not counted, as in chess).
fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|mv| {
            let mut next = *position;
            next.play_in_place(mv).expect("legal");
            if next.result().is_some() {
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
            "togyz_kumalak" => Ruleset::TogyzKumalak,
            "bestemshe" => Ruleset::Bestemshe,
            other => panic!("a variant: {other}"),
        };
        let depth: u32 = fields[1].parse().expect("a depth");
        let count: u64 = fields[2].parse().expect("a count");
        assert_eq!(perft(&Position::start(variant), depth), count, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 12);
}

mod worked_examples {
    //! RULES_TOGYZ.md's worked examples T1–T7, as its pictures draw them:
    //! player 1's row from his house 9 down to 1 (`X`, a tuzdik, holds 0),
    //! then player 0's from his house 1 up; stores `[player 0, player 1]`.

    use super::{end, winner};
    use protocol::rules::{Board, EndReason, Move, Position, Ruleset, Side};

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

        fn board(&self) -> Board {
            let mut board = Board::new(
                [self.p0_from_1.to_vec(), self.p1().to_vec()],
                self.stores,
                Some(Side::Player0),
            );
            board.tuzdik = self.tuzdik.map(|t| t.map(|number| number - 1));
            board
        }

        fn position(&self) -> Position {
            Position::from_board(Ruleset::TogyzKumalak, &self.board(), None)
                .expect("a position play can reach")
        }

        fn is(&self, position: &Position) -> bool {
            position.row(Side::Player0) == self.p0_from_1
                && position.row(Side::Player1) == self.p1()
                && position.stores() == self.stores
                && position.tuzdiks() == self.tuzdik.map(|t| t.map(|number| number - 1))
        }
    }

    /// Player 0 plays house `number` in `before`: `after`, written `notation`.
    fn example(before: Picture, number: u8, notation: &str, after: Picture) -> Position {
        let mv = Move::from_index(number - 1);
        let position = before.position();
        assert_eq!(position.move_label(mv).as_deref(), Ok(notation));
        let position = position.play(mv).expect("legal").position;
        assert!(after.is(&position), "{notation}: {position:?}");
        position
    }

    const X: u8 = 0;

    #[test]
    fn t1_to_t7_play_as_drawn() {
        let start = Position::start(Ruleset::TogyzKumalak);
        let mv = Move::from_index(4);
        assert_eq!(start.move_label(mv).as_deref(), Ok("54(10)"));
        let t1 = start.play(mv).expect("legal").position;
        assert_eq!(t1.row(Side::Player1), [10, 10, 10, 0, 9, 9, 9, 9, 9]);
        assert_eq!(t1.row(Side::Player0), [9, 9, 9, 9, 1, 10, 10, 10, 10]);

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
        assert_eq!(end(&t5), None);
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
            (end(&t6), winner(&t6)),
            (Some(EndReason::Majority), Some(Some(0)))
        );
        assert_eq!(t6.total_seeds(), 162, "the stones left stay on the board");
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
            (end(&t7), winner(&t7)),
            (Some(EndReason::NoMove), Some(None))
        );
    }

    #[test]
    fn a_position_play_cannot_reach_is_refused() {
        use protocol::rules::SetupError;
        let setup = |rows: [Vec<u8>; 2], tuzdik: [Option<u8>; 2], ruleset: Ruleset| {
            let mut board = Board::new(rows, [0, 0], Some(Side::Player0));
            board.tuzdik = tuzdik;
            Position::from_board(ruleset, &board, None)
        };
        let togyz = Ruleset::TogyzKumalak;
        let full = || vec![9u8; 9];
        let mut holes = full();
        holes[2] = 0;
        holes[8] = 0;
        holes[5] = 0;
        let mut both = full();
        both[5] = 0;
        assert!(matches!(
            setup([full(), vec![9; 5]], [None, None], togyz),
            Err(SetupError::RowLength { .. })
        ));
        let cases = [
            ([full(), full()], [Some(2), None], togyz, "holding stones"),
            (
                [full(), holes.clone()],
                [Some(8), None],
                togyz,
                "the last house",
            ),
            ([holes, both], [Some(5), Some(5)], togyz, "the same number"),
            (
                [vec![5, 5, 0, 5, 5], vec![5; 5]],
                [None, Some(2)],
                Ruleset::Bestemshe,
                "in Bestemshe",
            ),
        ];
        for (rows, tuzdik, ruleset, why) in cases {
            assert!(
                matches!(setup(rows, tuzdik, ruleset), Err(SetupError::Tuzdik(_))),
                "a tuzdik {why}"
            );
        }
        let mut open = full();
        open[2] = 0;
        assert!(setup([full(), open], [Some(2), None], togyz).is_ok());
    }
}
