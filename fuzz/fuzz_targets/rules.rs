//! The rules engine driven by arbitrary bytes: the first picks a ruleset,
//! each next one a legal move and a house to try illegally. Every move from
//! `legal_moves` plays, every other house is refused without changing the
//! position, and seeds are conserved.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::rules::{Game, MAX_HOUSES, Move, Ruleset};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rulesets = Ruleset::all();
    let ruleset = rulesets[first as usize % rulesets.len()];
    let mut game = Game::new(ruleset);
    let total = game.position().total_seeds();
    for &byte in rest {
        let position = *game.position();
        let legal = position.legal_moves();
        if legal.is_empty() {
            assert!(
                position.to_move().is_none(),
                "no move only when the game is over"
            );
            break;
        }
        let wrong = Move::from_index((byte >> 4) % (MAX_HOUSES as u8 + 1));
        if !legal.contains(wrong) {
            let mut copy = position;
            assert!(
                copy.play_in_place(wrong).is_err(),
                "an illegal house is refused"
            );
            assert_eq!(copy, position, "and changes nothing");
        }
        let mv = legal.nth(byte as usize % legal.len()).expect("in range");
        game.play(mv).expect("a legal move plays");
        assert_eq!(game.position().total_seeds(), total, "seeds are conserved");
    }
});
