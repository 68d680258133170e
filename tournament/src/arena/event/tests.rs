use super::*;

/// Decide with `decide`, keep the step, apply it.
fn step(
    arena: &mut ArenaEvent,
    steps: &mut Vec<Step>,
    decide: impl FnOnce(&ArenaEvent) -> Result<Step, ArenaError>,
) -> Result<(), ArenaError> {
    let step = decide(arena)?;
    steps.push(step.clone());
    arena.apply(step);
    Ok(())
}

/// Every match being played ends: the higher ranked player (the pair's
/// first) wins, berserk when `berserk`.
fn first_players_win(arena: &mut ArenaEvent, steps: &mut Vec<Step>, berserk: bool) {
    for pair in arena.playing().to_vec() {
        step(arena, steps, |a| {
            a.end_match(pair, MatchResult::Win, [berserk, false])
        })
        .expect("the match ends");
    }
}

#[test]
fn an_arena_pairs_its_waiting_players_scores_streaks_and_closes_at_its_time() {
    let mut arena = ArenaEvent::new(20 * 60_000);
    let mut steps = Vec::new();
    for player in 1..=10 {
        step(&mut arena, &mut steps, |a| {
            a.join(player, 1500 + player as i32)
        })
        .expect("joins");
    }
    assert_eq!(arena.join(3, 1500), Err(ArenaError::AlreadyIn(3)));

    // Round after round: everyone waiting is paired, never with the last
    // opponent; the same five win every time and go on fire.
    let mut last: Vec<(PlayerId, PlayerId)> = Vec::new();
    for _ in 0..3 {
        step(&mut arena, &mut steps, |a| a.pair(|_| true)).expect("pairs");
        assert_eq!(arena.playing().len(), 5);
        for &(a, b) in arena.playing() {
            assert!(
                !last.contains(&(a, b)) && !last.contains(&(b, a)),
                "{a} and {b} again"
            );
        }
        last = arena.playing().to_vec();
        first_players_win(&mut arena, &mut steps, false);
    }
    let board = arena.leaderboard();
    assert_eq!(board.len(), 10);
    assert!(board[0].score.points >= board[9].score.points);
    assert!(
        board
            .windows(2)
            .all(|w| w[0].score.points >= w[1].score.points)
    );
    assert_eq!(
        arena.end_match((1, 2), MatchResult::Draw, [false, false]),
        Err(ArenaError::NoSuchMatch(1, 2))
    );

    // One leaves: nine wait, four matches, one waits for the next end.
    step(&mut arena, &mut steps, |a| a.leave(10)).expect("leaves");
    assert_eq!(arena.leave(10), Err(ArenaError::NotIn(10)));
    step(&mut arena, &mut steps, |a| a.pair(|_| true)).expect("pairs");
    assert_eq!(arena.playing().len(), 4);
    let under_way = arena.playing()[0];

    // The time comes: closed, nobody paired, the matches under way count.
    assert_eq!(
        arena.close(20 * 60_000 - 1),
        Err(ArenaError::NotYet(20 * 60_000))
    );
    step(&mut arena, &mut steps, |a| a.close(20 * 60_000)).expect("closes");
    assert_eq!(arena.pair(|_| true), Err(ArenaError::Closed));
    assert_eq!(arena.join(11, 1500), Err(ArenaError::Closed));
    let before = arena
        .leaderboard()
        .into_iter()
        .find(|s| s.player == under_way.0)
        .map(|s| s.score.each.len());
    step(&mut arena, &mut steps, |a| {
        a.end_match(under_way, MatchResult::Win, [true, false])
    })
    .expect("played out");
    let after = arena
        .leaderboard()
        .into_iter()
        .find(|s| s.player == under_way.0)
        .map(|s| s.score.each.len());
    assert_eq!(after, before.map(|n| n + 1));

    // Stored and applied again, the steps make the same arena.
    let stored = serde_json::to_string(&steps).expect("serialises");
    let read: Vec<Step> = serde_json::from_str(&stored).expect("reads back");
    let mut again = ArenaEvent::new(20 * 60_000);
    for step in read {
        again.apply(step);
    }
    assert_eq!(again, arena);
}

#[test]
fn a_win_on_fire_and_berserk_is_scored_as_the_arena_says() {
    let mut arena = ArenaEvent::new(60_000);
    let mut steps = Vec::new();
    for (player, rating) in [(1, 1800), (2, 1500)] {
        step(&mut arena, &mut steps, |a| a.join(player, rating)).expect("joins");
    }
    let mut first_movers = Vec::new();
    for berserk in [false, false, true] {
        step(&mut arena, &mut steps, |a| a.pair(|_| true)).expect("pairs");
        // Two alone, nobody else playing: they meet again.
        let pair = arena.playing()[0];
        assert_eq!(arena.playing().len(), 1);
        first_movers.push(pair.0);
        // Player 1 wins, berserk when `berserk`.
        let (result, berserks) = if pair.0 == 1 {
            (MatchResult::Win, [berserk, false])
        } else {
            (MatchResult::Loss, [false, berserk])
        };
        step(&mut arena, &mut steps, |a| {
            a.end_match(pair, result, berserks)
        })
        .expect("ends");
    }
    // The higher ranked first, then each in turn.
    assert_eq!(first_movers, [1, 2, 1]);
    let board = arena.leaderboard();
    assert_eq!(board[0].player, 1);
    assert_eq!(board[0].score.each, [2, 2, 5]);
    assert!(board[0].score.on_fire);
    assert_eq!(board[1].score.points, 0);
}

#[test]
fn two_who_just_met_wait_for_someone_new_while_others_play_and_the_absent_are_left_out() {
    let mut arena = ArenaEvent::new(60_000);
    let mut steps = Vec::new();
    for player in 1..=5 {
        step(&mut arena, &mut steps, |a| a.join(player, 1500)).expect("joins");
    }
    // Player 5 is not connected: four play, he waits.
    step(&mut arena, &mut steps, |a| a.pair(|p| p != 5)).expect("pairs");
    assert_eq!(arena.playing().len(), 2);
    assert!(arena.playing().iter().all(|&(a, b)| a != 5 && b != 5));
    // The first match ends while the other goes on: its two are not
    // paired again, and player 5 is still away.
    let (a, b) = arena.playing()[0];
    step(&mut arena, &mut steps, |x| {
        x.end_match((a, b), MatchResult::Win, [false, false])
    })
    .expect("ends");
    assert_eq!(arena.pair(|p| p != 5), Ok(Step::Paired { pairs: vec![] }));
    // Player 5 is back: he meets one of them; the other waits.
    step(&mut arena, &mut steps, |x| x.pair(|_| true)).expect("pairs");
    let new = arena.playing()[1];
    assert!(new.0 == 5 || new.1 == 5, "{new:?}");
    assert!(
        [a, b].contains(&new.0) || [a, b].contains(&new.1),
        "{new:?}"
    );
    // Once nothing else is under way, two who just met may meet again.
    for pair in arena.playing().to_vec() {
        step(&mut arena, &mut steps, |x| {
            x.end_match(pair, MatchResult::Draw, [false, false])
        })
        .expect("ends");
    }
    step(&mut arena, &mut steps, |x| x.pair(|p| p == a || p == b)).expect("pairs");
    assert_eq!(arena.playing().len(), 1);
}
