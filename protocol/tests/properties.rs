//! Property tests over random games of every variant and parameter set.
//!
//! A game is driven by a list of choices (each picks among the legal moves);
//! when the list runs out the first legal move is played, so every case is a
//! complete game and proptest can shrink a failure to a short prefix.

use proptest::prelude::*;
use protocol::rules::{
    EndReason, Game, GameRecord, GrandSlam, MAX_HOUSES, Move, MoveEvent, OwareParams, Position,
    Ruleset, Side, Status,
};

/// No random game of any variant comes close: OpenSpiel's longest Oware game
/// in 1,600 was 349 plies, and the repetition rule bounds Oware anyway.
const PLY_BOUND: usize = 2_000;

/// Every ruleset the server offers, and the smaller Kalah boards one solves.
fn ruleset() -> impl Strategy<Value = Ruleset> {
    let mut all = Ruleset::all();
    all.extend(
        Ruleset::kalah_boards()
            .into_iter()
            .filter(|r| !r.is_offered()),
    );
    prop::sample::select(all)
}

fn choices() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..400)
}

/// Every house outside `legal` is refused, with the position untouched.
fn check_illegal_moves_rejected(position: &Position) -> Result<(), TestCaseError> {
    let legal = position.legal_moves();
    for index in 0..MAX_HOUSES as u8 + 1 {
        let mv = Move::from_index(index);
        if legal.contains(mv) {
            continue;
        }
        let mut copy = *position;
        prop_assert!(
            copy.play_in_place(mv).is_err(),
            "house {} accepted",
            mv.number()
        );
        prop_assert_eq!(&copy, position, "a refused move changed the position");
        prop_assert!(position.check(mv).is_err());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(ruleset in ruleset(), choices in choices()) {
        let mut game = Game::new(ruleset);
        let total = game.position().total_seeds();
        prop_assert_eq!(total, ruleset.total_seeds());
        let mut ply = 0;
        while let Some(mover) = game.position().to_move() {
            prop_assert!(ply < PLY_BOUND, "{} did not end within {} plies", ruleset, PLY_BOUND);
            let before = *game.position();
            let legal = before.legal_moves();
            prop_assert!(!legal.is_empty(), "a player to move always has a move");
            check_illegal_moves_rejected(&before)?;
            // Every legal move plays.
            for mv in legal {
                prop_assert!(before.play(mv).is_ok(), "legal house {} refused", mv.number());
            }
            let choice = choices.get(ply).copied().unwrap_or(0) as usize % legal.len();
            let mv = legal.nth(choice).expect("choice within the legal moves");
            let foreseen = game.position_after(mv).expect("legal move foreseen");
            let events = game.play(mv).expect("legal move plays");
            let after = *game.position();
            // Looking ahead sees what playing does, the repetition rule included.
            prop_assert_eq!(foreseen, after, "position_after differs from play");

            prop_assert_eq!(after.total_seeds(), total, "seeds conserved");
            for side in Side::BOTH {
                prop_assert!(after.store(side) >= before.store(side), "stores never shrink");
            }
            // The events, applied to the old board, give the new one.
            let mut board = before.board();
            for event in &events {
                prop_assert!(board.apply_event(event), "event {:?} does not fit", event);
            }
            board.to_move = after.to_move();
            prop_assert_eq!(board, after.board());
            // An extra turn is announced exactly when the mover moves again.
            let extra = events.iter().any(|e| matches!(e, MoveEvent::ExtraTurn { .. }));
            prop_assert_eq!(extra, after.to_move() == Some(mover));
            ply += 1;
        }

        // The result agrees with the final stores, and every seed is in a
        // store, except in a Kazakh game won past half, whose stones left
        // count for nobody.
        let position = game.position();
        let result = position.result().expect("a finished game has a result");
        prop_assert_eq!(result.scores, position.stores());
        let kept = u32::from(result.scores[0]) + u32::from(result.scores[1]);
        if ruleset.is_togyz() && position.status() == Status::Over(EndReason::Majority) {
            prop_assert!(2 * u32::from(result.scores[0].max(result.scores[1])) > total);
            prop_assert!(kept <= total);
        } else {
            prop_assert_eq!(kept, total);
        }
        let winner = match result.scores[0].cmp(&result.scores[1]) {
            std::cmp::Ordering::Greater => Some(Side::Player0),
            std::cmp::Ordering::Less => Some(Side::Player1),
            std::cmp::Ordering::Equal => None,
        };
        prop_assert_eq!(result.winner, winner);
        prop_assert!(matches!(position.status(), Status::Over(_)));
        prop_assert!(position.legal_moves().is_empty());
        prop_assert_eq!(
            position.check(Move::from_index(0)).map_err(|e| e.code()),
            Err("game_over")
        );

        // The record of the game survives text and JSON round trips.
        let record = GameRecord::new(game.clone(), Default::default());
        let text = record.to_text();
        let parsed = GameRecord::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(parsed.game().moves(), game.moves());
        prop_assert_eq!(parsed.game().position(), game.position());
        prop_assert_eq!(parsed.to_text(), text);
        let json = serde_json::to_string(&record).expect("serialise");
        let back: GameRecord = serde_json::from_str(&json).expect("deserialise");
        prop_assert_eq!(back.game().moves(), game.moves());
    }

    #[test]
    fn positions_round_trip_through_json(ruleset in ruleset(), choices in prop::collection::vec(any::<u8>(), 0..60)) {
        let mut game = Game::new(ruleset);
        for choice in choices {
            let legal = game.position().legal_moves();
            let Some(mv) = legal.nth(choice as usize % legal.len().max(1)) else { break };
            game.play(mv).expect("legal");
            let json = serde_json::to_string(game.position()).expect("serialise");
            let back: Position = serde_json::from_str(&json).expect("deserialise");
            prop_assert_eq!(&back, game.position());
        }
    }

    /// What a search needs to follow Oware's repetition rule: the positions
    /// since the last capture, the current one last, none twice, only the
    /// new one after a capture; and ending a game by repetition gives every
    /// seed to a store, each side's to its owner.
    #[test]
    fn the_positions_since_a_capture_are_the_set_the_rule_checks(seeds in 4u8..=6, slam_illegal in any::<bool>(), choices in choices()) {
        let slam = if slam_illegal { GrandSlam::IllegalUnlessForced } else { GrandSlam::LegalNoCapture };
        let ruleset = Ruleset::Oware(OwareParams::new(seeds, slam).expect("oware"));
        let mut game = Game::new(ruleset);
        for choice in choices {
            let before = *game.position();
            let legal = before.legal_moves();
            let Some(mv) = legal.nth(choice as usize % legal.len().max(1)) else { break };
            game.play(mv).expect("legal");
            let since = game.since_capture();
            if game.is_over() {
                break;
            }
            prop_assert_eq!(since.last(), Some(game.position()));
            for (i, seen) in since.iter().enumerate() {
                prop_assert!(!since[i + 1..].contains(seen), "a position twice");
            }
            if game.position().stores() != before.stores() {
                prop_assert_eq!(since.len(), 1, "a capture starts the set again");
            }
            let mut ended = *game.position();
            ended.end_by_repetition();
            prop_assert!(ended.to_move().is_none());
            for side in Side::BOTH {
                let own: u32 = game.position().row(side).iter().map(|&s| u32::from(s)).sum();
                prop_assert_eq!(u32::from(ended.store(side)), u32::from(game.position().store(side)) + own);
            }
        }
        prop_assert!(Game::new(Ruleset::default_for(protocol::rules::Variant::Kalah)).since_capture().is_empty());
    }

    #[test]
    fn record_parser_never_panics(text in "\\PC{0,200}") {
        let _ = GameRecord::parse(&text);
    }

    #[test]
    fn record_parser_never_panics_on_near_records(body in "[0-9,. \\n\\[\\]\"a-z_]{0,120}") {
        let _ = GameRecord::parse(&format!("[variant \"kalah\"]\n{body}"));
    }
}
