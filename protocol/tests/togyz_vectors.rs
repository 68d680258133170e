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
