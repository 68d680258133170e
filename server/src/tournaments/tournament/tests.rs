//! A tournament's life step by step, and the same tournament rebuilt from
//! its stored steps.

use super::*;
use protocol::wire::{MatchSettings, TimeControl};

fn player(id: u64, name: &str) -> PlayerRef {
    PlayerRef {
        id: PlayerId(id),
        name: name.to_owned(),
    }
}

fn settings() -> TournamentSettings {
    TournamentSettings {
        name: "Autumn Swiss".into(),
        settings: MatchSettings {
            games: 3,
            time_control: TimeControl::RealTime {
                initial_ms: 300_000,
                increment_ms: 3_000,
            },
            ..MatchSettings::default()
        },
        rounds: 2,
        starts_at_ms: 1_000,
        between_rounds_ms: 60_000,
        min_rating: None,
        min_rated_games: None,
        private: false,
        computers: Vec::new(),
    }
}

/// Take `step` as the hub does, keeping it for the replay.
fn take(tournament: &mut Tournament, kept: &mut Vec<Stored>, step: Stored) {
    tournament.apply(&step);
    kept.push(step);
}

#[test]
fn a_two_round_swiss_of_four_pairs_records_and_ranks_and_its_steps_rebuild_it() {
    let director = player(1, "dora");
    let mut kept = vec![Stored::Created {
        settings: settings(),
        director: director.clone(),
        code: None,
        computers: Vec::new(),
    }];
    let mut swiss = Tournament::created(TournamentId(9), settings(), director, None, &[]);
    assert_eq!(swiss.pairing_due_at(), Some(1_000));
    for (id, name) in [(2, "ann"), (3, "bob"), (4, "cy"), (5, "dan")] {
        let joined = swiss.join(&player(id, name)).expect("joins");
        take(&mut swiss, &mut kept, joined);
    }
    assert!(swiss.join(&player(2, "ann")).is_err(), "not twice");
    assert_eq!(swiss.view().stage, TournamentStage::Waiting);
    for round in 1..=2u32 {
        let paired = swiss.pair_next().expect("paired");
        take(&mut swiss, &mut kept, paired);
        let boards = swiss.unstarted_boards();
        assert_eq!(boards.len(), 2, "four players, two boards");
        for (board, _) in &boards {
            let match_id = MatchId(100 * u64::from(round) + *board as u64);
            take(
                &mut swiss,
                &mut kept,
                Stored::Started {
                    board: *board,
                    match_id,
                },
            );
        }
        assert!(swiss.unstarted_boards().is_empty());
        assert_eq!(swiss.live_boards().len(), 2);
        // Board 0's first mover wins 2-1; board 1 is drawn 1.5-1.5.
        for (board, points) in [(0, [2.0, 1.0]), (1, [1.5, 1.5])] {
            let match_id = MatchId(100 * u64::from(round) + board as u64);
            assert_eq!(swiss.board_of(match_id), Some(board));
            let ended = swiss
                .end_board(board, points, [true, true])
                .expect("a result");
            take(&mut swiss, &mut kept, ended);
            assert_eq!(swiss.board_of(match_id), None, "recorded once");
        }
        assert!(swiss.round_complete());
        if round == 1 {
            assert!(!swiss.is_over());
            take(&mut swiss, &mut kept, Stored::NextRound { at_ms: 70_000 });
            assert_eq!(swiss.pairing_due_at(), Some(70_000));
            assert_eq!(swiss.view().stage, TournamentStage::BetweenRounds);
        }
    }
    assert!(swiss.is_over());
    let view = swiss.view();
    assert_eq!(view.stage, TournamentStage::Over);
    assert_eq!(view.rounds_played.len(), 2);
    assert_eq!(
        view.rounds_played[0].boards[0]
            .result
            .as_ref()
            .map(|r| r.points),
        Some([1.0, 0.0])
    );
    // Two rounds of one point and a half at most: points and places add up.
    let total: f64 = view.standings.iter().map(|l| l.points).sum();
    assert_eq!(total, 4.0, "two boards a round, one point each");
    let places: Vec<u32> = view.standings.iter().map(|l| l.place).collect();
    assert_eq!(places, [1, 2, 3, 4]);
    // The stored steps rebuild it exactly, through their JSON.
    let read: Vec<Stored> = kept
        .iter()
        .map(|step| Stored::from_json(&step.to_json()).expect("reads back"))
        .collect();
    let rebuilt = Tournament::restored(TournamentId(9), &read).expect("rebuilt");
    assert_eq!(rebuilt.view(), view);
    assert_eq!(rebuilt.next_step(), swiss.next_step());
}

#[test]
fn a_tournament_with_one_player_closes_at_its_start_and_settings_are_checked() {
    let mut lonely = Tournament::created(TournamentId(3), settings(), player(1, "dora"), None, &[]);
    let joined = lonely.join(&player(2, "ann")).expect("joins");
    lonely.apply(&joined);
    let step = lonely.pair_next().expect("a step");
    assert_eq!(step, Stored::Closed);
    lonely.apply(&step);
    assert!(lonely.is_over());
    assert!(lonely.join(&player(3, "bob")).is_err(), "over: no entry");
    let now = 500;
    assert!(check_settings(&settings(), now).is_ok());
    let mut bad = settings();
    bad.rounds = 16;
    assert!(check_settings(&bad, now).is_err());
    let mut late = settings();
    late.starts_at_ms = now - 1;
    assert!(check_settings(&late, now).is_err(), "not in the past");
    let mut unnamed = settings();
    unnamed.name = "  ".into();
    assert!(check_settings(&unnamed, now).is_err());
}

#[test]
fn a_player_who_made_no_move_loses_by_forfeit() {
    let mut swiss = Tournament::created(TournamentId(4), settings(), player(1, "dora"), None, &[]);
    for (id, name) in [(2, "ann"), (3, "bob")] {
        let joined = swiss.join(&player(id, name)).expect("joins");
        swiss.apply(&joined);
    }
    let paired = swiss.pair_next().expect("paired");
    swiss.apply(&paired);
    swiss.apply(&Stored::Started {
        board: 0,
        match_id: MatchId(50),
    });
    // The second mover never moved: the first wins by forfeit, whatever the games.
    let ended = swiss
        .end_board(0, [1.0, 0.0], [true, false])
        .expect("a result");
    assert_eq!(
        ended,
        Stored::Ended {
            board: 0,
            result: BoardResult::Forfeit { first_came: true }
        }
    );
    swiss.apply(&ended);
    let result = swiss.view().rounds_played[0].boards[0].result.clone();
    assert_eq!(
        result.map(|r| (r.forfeit, r.points)),
        Some((true, [1.0, 0.0]))
    );
}

#[test]
fn a_private_tournament_admits_only_its_code_and_keeps_it_across_a_restart() {
    let created = Stored::Created {
        settings: TournamentSettings {
            private: true,
            ..settings()
        },
        director: player(1, "dora"),
        code: Some("c0de".into()),
        computers: vec![player(90, "computer-3")],
    };
    let read = Stored::from_json(&created.to_json()).expect("reads back");
    let private = Tournament::restored(TournamentId(5), &[read]).expect("rebuilt");
    assert!(private.is_private());
    assert!(private.view().private);
    assert!(private.admits(Some("c0de")));
    assert!(!private.admits(None));
    assert!(!private.admits(Some("other")));
    // The computers its creation entered are entrants after a restart too.
    assert_eq!(private.view().standings[0].player.name, "computer-3");
    // A creation stored before tournaments could be private reads as public.
    let older = r#"{"step":"created","settings":{"name":"Old","settings":{"ruleset":{"variant":"mangala"},"games":5,"time_control":{"kind":"untimed"},"rated":false},"rounds":2,"starts_at_ms":1000,"between_rounds_ms":60000},"director":{"id":1,"name":"dora"}}"#;
    let older = Stored::from_json(older).expect("an older creation reads");
    let public = Tournament::restored(TournamentId(6), &[older]).expect("rebuilt");
    assert!(!public.is_private());
    assert!(public.admits(None) && public.admits(Some("anything")));
}
