//! A tournament's life step by step, and the same tournament rebuilt from
//! its stored steps.

use super::*;
use protocol::wire::{MatchSettings, TimeControl, TournamentFormat, TournamentStage};
use tournament::swiss::BoardResult;

fn player(id: u64, name: &str) -> PlayerRef {
    PlayerRef {
        id: PlayerId(id),
        name: name.to_owned(),
    }
}

fn settings() -> TournamentSettings {
    TournamentSettings {
        name: "Autumn Swiss".into(),
        format: TournamentFormat::Swiss,
        duration_ms: 0,
        berserk: false,
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

/// The arena tests look at one wave at a time: no next wave to wait for.
const NO_WAVES: u64 = u64::MAX;

/// A match's end as the hub is told it.
fn played(points: [f64; 2], moved: [bool; 2]) -> Played {
    Played {
        points,
        moved,
        berserked: [false, false],
    }
}

/// The step the tournament's timer finds due at `now`.
fn next_step(tournament: &Tournament, now: u64) -> Stored {
    match tournament.due(now, NO_WAVES, |_| true) {
        Ok(Next::Step(step)) => *step,
        other => panic!("no step due at {now}: {other:?}"),
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
        node: None,
    }];
    let mut swiss = Tournament::created(TournamentId(9), settings(), director, None, &[]);
    assert_eq!(swiss.due(0, NO_WAVES, |_| true).ok(), Some(Next::At(1_000)));
    for (id, name) in [(2, "ann"), (3, "bob"), (4, "cy"), (5, "dan")] {
        let joined = swiss.join(&player(id, name), 1500).expect("joins");
        take(&mut swiss, &mut kept, joined);
    }
    assert!(swiss.join(&player(2, "ann"), 1500).is_err(), "not twice");
    assert_eq!(swiss.view().stage, TournamentStage::Waiting);
    for round in 1..=2u32 {
        let paired = next_step(&swiss, 1_000_000);
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
                .end_board(board, &played(points, [true, true]))
                .expect("a result");
            take(&mut swiss, &mut kept, ended);
            assert_eq!(swiss.board_of(match_id), None, "recorded once");
        }
        if round == 1 {
            assert!(!swiss.is_over());
            let next = swiss.after_result(10_000).expect("the next round's time");
            assert_eq!(next, Stored::NextRound { at_ms: 70_000 });
            take(&mut swiss, &mut kept, next);
            assert_eq!(
                swiss.due(0, NO_WAVES, |_| true).ok(),
                Some(Next::At(70_000))
            );
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
    let joined = lonely.join(&player(2, "ann"), 1500).expect("joins");
    lonely.apply(&joined);
    let step = next_step(&lonely, 1_000);
    assert_eq!(step, Stored::Closed);
    lonely.apply(&step);
    assert!(lonely.is_over());
    assert!(
        lonely.join(&player(3, "bob"), 1500).is_err(),
        "over: no entry"
    );
    let now = 500;
    assert!(check_settings(&settings(), now).is_ok());
    let mut bad = settings();
    bad.rounds = 16;
    assert!(check_settings(&bad, now).is_err());
    let mut late = settings();
    late.starts_at_ms = 0;
    let now = 60_001;
    assert!(check_settings(&late, now).is_err(), "not in the past");
    late.starts_at_ms = 1;
    assert!(check_settings(&late, now).is_ok(), "a minute late is now");
    let mut unnamed = settings();
    unnamed.name = "  ".into();
    assert!(check_settings(&unnamed, now).is_err());
}

#[test]
fn a_player_who_made_no_move_loses_by_forfeit() {
    let mut swiss = Tournament::created(TournamentId(4), settings(), player(1, "dora"), None, &[]);
    for (id, name) in [(2, "ann"), (3, "bob")] {
        let joined = swiss.join(&player(id, name), 1500).expect("joins");
        swiss.apply(&joined);
    }
    let paired = next_step(&swiss, 1_000_000);
    swiss.apply(&paired);
    swiss.apply(&Stored::Started {
        board: 0,
        match_id: MatchId(50),
    });
    // The second mover never moved: the first wins by forfeit, whatever the games.
    let ended = swiss
        .end_board(0, &played([1.0, 0.0], [true, false]))
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
        node: None,
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

fn arena_settings() -> TournamentSettings {
    TournamentSettings {
        name: "Friday arena".into(),
        format: TournamentFormat::Arena,
        rounds: 0,
        duration_ms: 20 * 60_000,
        berserk: true,
        ..settings()
    }
}

#[test]
fn an_arena_opens_pairs_records_berserk_and_no_shows_closes_and_plays_out_and_rebuilds() {
    let director = player(1, "dora");
    let mut kept = vec![Stored::Created {
        settings: arena_settings(),
        director: director.clone(),
        code: None,
        computers: Vec::new(),
        node: None,
    }];
    let mut arena = Tournament::created(TournamentId(8), arena_settings(), director, None, &[]);
    assert!(arena.allows_berserk());
    assert_eq!(arena.due(0, NO_WAVES, |_| true).ok(), Some(Next::At(1_000)));
    for (id, name) in [(2, "ann"), (3, "bob"), (4, "cy"), (5, "dan")] {
        let joined = arena
            .join(&player(id, name), 1500 + id as i32)
            .expect("joins");
        take(&mut arena, &mut kept, joined);
    }
    assert!(
        arena.pause(PlayerId(2), true).is_err(),
        "no pause in an arena"
    );
    // Its start: it opens, then pairs the four (dan is away: three wait,
    // one pair).
    let opened = next_step(&arena, 1_000);
    assert_eq!(opened, Stored::ArenaOpened);
    take(&mut arena, &mut kept, opened);
    assert_eq!(arena.view().stage, TournamentStage::Playing);
    let paired = match arena.due(1_000, NO_WAVES, |p| p != 5) {
        Ok(Next::Step(step)) if matches!(*step, Stored::ArenaPaired { .. }) => *step,
        other => panic!("a pairing: {other:?}"),
    };
    take(&mut arena, &mut kept, paired);
    let boards = arena.unstarted_boards();
    assert_eq!(boards.len(), 1);
    // Nobody else can be paired now: look again in a while.
    assert_eq!(
        arena.due(1_000, NO_WAVES, |p| p != 5).ok(),
        Some(Next::At(1_000 + 20 * 60_000))
    );
    take(
        &mut arena,
        &mut kept,
        Stored::Started {
            board: 0,
            match_id: MatchId(70),
        },
    );
    // The first mover berserked and won 2-1: 3 points.
    let won = Played {
        berserked: [true, false],
        ..played([2.0, 1.0], [true, true])
    };
    let ended = arena.end_board(0, &won).expect("a result");
    take(&mut arena, &mut kept, ended);
    let winner = boards[0].1[0].id;
    let view = arena.view();
    assert_eq!(view.leaderboard[0].player.id, winner);
    assert_eq!(view.leaderboard[0].points, 3);
    assert_eq!(view.arena_matches[0].berserk, [true, false]);
    // Dan is back: all four are free, and the two who just played meet
    // someone new.
    let Stored::ArenaPaired { pairs } = next_step(&arena, 2_000) else {
        panic!("a pairing");
    };
    assert_eq!(pairs.len(), 2);
    let last = (boards[0].1[0].id.0, boards[0].1[1].id.0);
    assert!(!pairs.contains(&last) && !pairs.contains(&(last.1, last.0)));
    take(
        &mut arena,
        &mut kept,
        Stored::ArenaPaired {
            pairs: pairs.clone(),
        },
    );
    for board in [1, 2] {
        let match_id = MatchId(70 + board as u64);
        take(&mut arena, &mut kept, Stored::Started { board, match_id });
    }
    // The end comes with those matches on: closed, nobody paired, the
    // matches played out; dan never moved, so he loses by forfeit and
    // leaves; the other match is drawn.
    let closed = next_step(&arena, 1_000 + 20 * 60_000);
    assert_eq!(closed, Stored::Closed);
    take(&mut arena, &mut kept, closed);
    assert_eq!(
        arena.due(2_000_000, NO_WAVES, |_| true).ok(),
        Some(Next::Idle)
    );
    for (index, &(first, second)) in pairs.iter().enumerate() {
        assert!(!arena.is_over(), "matches are being played out");
        let moved = [first != 5, second != 5];
        let ended = arena
            .end_board(1 + index, &played([1.5, 1.5], moved))
            .expect("a result");
        take(&mut arena, &mut kept, ended);
    }
    assert!(arena.is_over());
    let view = arena.view();
    assert_eq!(view.stage, TournamentStage::Over);
    let dan = view
        .leaderboard
        .iter()
        .find(|l| l.player.id == PlayerId(5))
        .expect("dan's line");
    assert!(dan.left && dan.points == 0 && dan.matches == 1);
    // The stored steps rebuild it exactly, through their JSON.
    let read: Vec<Stored> = kept
        .iter()
        .map(|step| Stored::from_json(&step.to_json()).expect("reads back"))
        .collect();
    let rebuilt = Tournament::restored(TournamentId(8), &read).expect("rebuilt");
    assert_eq!(rebuilt.view(), view);
}

#[test]
fn an_arenas_settings_are_checked() {
    let now = 500;
    assert!(check_settings(&arena_settings(), now).is_ok());
    let short = TournamentSettings {
        duration_ms: 60_000,
        ..arena_settings()
    };
    assert!(check_settings(&short, now).is_err());
    let untimed = TournamentSettings {
        settings: MatchSettings::default(),
        ..arena_settings()
    };
    assert!(
        check_settings(&untimed, now).is_err(),
        "berserk needs a clock"
    );
    let swiss_with_berserk = TournamentSettings {
        berserk: true,
        ..settings()
    };
    assert!(check_settings(&swiss_with_berserk, now).is_err());
}
