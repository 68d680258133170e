//! Clocks on the server's manual test clock (time moves only when the test
//! says so): the first-move window, flag falls in real-time and
//! correspondence games and their effect on the set score, increment and lag
//! allowance, and the rule of one real-time match at a time.

use protocol::wire::Seat;
use protocol::wire::{Clocks, ErrorCode, GameEndReason, MatchId, ServerMsg};
use serde_json::{Value, json};
use std::sync::Arc;
use tests::{Client, Config, TestServer};

const DAY: u64 = 24 * 60 * 60 * 1000;

async fn server_with_manual_clock() -> (TestServer, Arc<server::ManualClock>) {
    manual_clock_server(Config::default()).await
}

/// A server on the manual clock with a 500 ms lag allowance, the rest of its
/// settings from `base`.
async fn manual_clock_server(base: Config) -> (TestServer, Arc<server::ManualClock>) {
    TestServer::with_manual_clock(Config {
        lag_allowance_ms: 500,
        ..base
    })
    .await
}

/// Two players in a match with `time_control`; returns them by seat, the
/// match, and game 1's first mover and clocks.
async fn timed_match(
    server: &TestServer,
    time_control: Value,
    games: u8,
) -> (Client, Client, MatchId, Seat, Option<Clocks>) {
    let settings = json!({"games": games, "time_control": time_control});
    let (mut a, mut b, match_id) = tests::seek_match(server, ["ann", "bob"], settings).await;
    let (first, clocks) = tests::game_started(&mut a, 1).await;
    tests::game_started(&mut b, 1).await;
    (a, b, match_id, first, clocks)
}

async fn game_started(client: &mut Client, game: u8) -> (Seat, Option<Clocks>) {
    tests::game_started(client, game).await
}

async fn game_ended(client: &mut Client) -> ServerMsg {
    client
        .expect("game_ended", |m| matches!(m, ServerMsg::GameEnded { .. }))
        .await
}

/// Game 1's end as `client` hears it: lost by `loser` for `reason` and
/// scored like any loss; the clocks it carried.
async fn game_one_lost(client: &mut Client, reason: GameEndReason, loser: Seat) -> Clocks {
    match game_ended(client).await {
        ServerMsg::GameEnded {
            game,
            outcome,
            points,
            clocks,
            ..
        } => {
            assert_eq!(game, 1);
            assert_eq!(outcome.reason, reason);
            assert_eq!(outcome.winner, Some(loser.opponent()));
            let mut expected = [0.0, 0.0];
            expected[loser.opponent().index()] = 1.0;
            assert_eq!(points, expected, "scored like any loss");
            clocks.expect("clocks")
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_real_time_flag_loses_the_game_and_the_match_goes_on() {
    let (server, clock) = server_with_manual_clock().await;
    let control = json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 1_000});
    let (mut a, mut b, match_id, first, clocks) = timed_match(&server, control, 3).await;
    // The game's first move has its window (30 s by default); no clock runs.
    assert_eq!(
        clocks,
        Some(Clocks {
            remaining_ms: [60_000, 60_000],
            running: None,
            first_move_ms: Some(30_000),
        })
    );
    let mut eve = Client::join(&server, "eve").await;
    let id = eve
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    match eve.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => {
            assert_eq!(snapshot.clocks.map(|c| c.first_move_ms), Some(Some(30_000)));
        }
        other => panic!("{other:?}"),
    }

    // Just inside the window plus the allowance: nothing happens. The first
    // move is the probe: it is still accepted.
    clock.advance(30_499);
    let mover = if first.index() == 0 { &mut a } else { &mut b };
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted { .. }
    ));
    let second = first.opponent();

    // The other player never moves: his flag falls at 60 s + 0.5 s.
    clock.advance(60_500);
    for client in [&mut a, &mut b, &mut eve] {
        let clocks = game_one_lost(client, GameEndReason::Timeout, second).await;
        assert_eq!(clocks.remaining_ms[second.index()], 0);
        assert_eq!(clocks.running, None);
    }
    // Game 2 starts with fresh clocks, the other first mover, and a window.
    let (first2, clocks2) = game_started(&mut a, 2).await;
    assert_eq!(first2, second);
    assert_eq!(clocks2.map(|c| c.remaining_ms), Some([60_000, 60_000]));
    assert_eq!(clocks2.and_then(|c| c.first_move_ms), Some(30_000));
    server.stop().await;
}

#[tokio::test]
async fn a_first_mover_who_lets_the_window_pass_loses_the_game_as_no_start() {
    let (server, clock) = server_with_manual_clock().await;
    let control = json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 1_000});
    let (mut a, mut b, match_id, first, _) = timed_match(&server, control, 3).await;
    // Nobody moves: at the window and the allowance the game is lost, as
    // not started, with his own minute untouched.
    clock.advance(30_500);
    for client in [&mut a, &mut b] {
        let clocks = game_one_lost(client, GameEndReason::NoStart, first).await;
        assert_eq!(clocks.remaining_ms, [60_000, 60_000]);
    }
    // The match goes on at once: game 2's first mover may play.
    let (first2, _) = game_started(&mut a, 2).await;
    game_started(&mut b, 2).await;
    assert_eq!(first2, first.opponent());
    let mover = if first2.index() == 0 { &mut a } else { &mut b };
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 2, "ply": 1, "house": 1}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted { .. }
    ));
    server.stop().await;
}

#[tokio::test]
async fn each_move_is_charged_its_time_less_the_allowance_plus_the_increment() {
    let (server, clock) = server_with_manual_clock().await;
    let control = json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 2_000});
    let (mut a, mut b, match_id, first, _) = timed_match(&server, control, 1).await;
    let (f, s) = if first.index() == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let second = first.opponent();
    // The game's first move, 10 s into its window, costs nothing and earns
    // the increment. House 1 of Mangala's opening never ends in the store:
    // the turn passes.
    clock.advance(10_000);
    assert_eq!(play(f, match_id, 1, 1).await, Some(second));
    // The second player's move 10 s later is charged 9.5 s.
    clock.advance(10_000);
    s.send(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 2, "house": 1}))
        .await;
    match s
        .expect("move_played", |m| {
            matches!(m, ServerMsg::MovePlayed { ply: 2, .. })
        })
        .await
    {
        ServerMsg::MovePlayed { clocks, next, .. } => {
            let clocks = clocks.expect("clocks");
            let mut expected = [0, 0];
            expected[first.index()] = 60_000 + 2_000;
            expected[second.index()] = 60_000 - (10_000 - 500) + 2_000;
            assert_eq!(clocks.remaining_ms, expected);
            assert_eq!(clocks.running, next);
            assert_eq!(next, Some(first));
        }
        _ => unreachable!(),
    }
    server.stop().await;
}

/// Play `house` as the mover of `ply` and return who moves next.
async fn play(mover: &mut Client, match_id: MatchId, ply: u32, house: u8) -> Option<Seat> {
    mover
        .send(json!({"type": "move", "match_id": match_id, "game": 1, "ply": ply, "house": house}))
        .await;
    match mover
        .expect(
            "its move_played",
            |m| matches!(m, ServerMsg::MovePlayed { ply: p, .. } if *p == ply),
        )
        .await
    {
        ServerMsg::MovePlayed { next, .. } => next,
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn a_flag_falls_on_time_when_a_move_brings_the_deadline_forward() {
    // Moves are applied on the connections' tasks; the match's own task only
    // keeps time. When a move starts a clock that runs out sooner than the one
    // it stopped, that task must hear of it, or the flag falls late.
    let (server, clock) = manual_clock_server(Config {
        // The spectator count is announced from the same task; its tick would
        // also make the task look at the time again, and hide a missed wake.
        spectator_update_ms: 3_600_000,
        ..Config::default()
    })
    .await;
    let control = json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 0});
    let (mut a, mut b, match_id, first, _) = timed_match(&server, control, 1).await;
    let (f, s) = if first.index() == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    // House 1 of Mangala's opening never ends in the store: the turn passes.
    assert_eq!(play(f, match_id, 1, 1).await, Some(first.opponent()));
    // The second player thinks for 50 s: 10.5 s left after the 0.5 s allowance.
    // The first player's clock runs, with 60.5 s to his flag.
    clock.advance(50_000);
    assert_eq!(play(s, match_id, 2, 1).await, Some(first));
    // 11 s later the task wakes for the second player's old deadline, finds
    // nothing due and waits for the first player's, 49.5 s away. He moves now:
    // the second player's flag is 11 s away, sooner than what the task waits for.
    clock.advance(11_000);
    assert_eq!(play(f, match_id, 3, 2).await, Some(first.opponent()));
    // No request comes after this: only the match's task can let the flag fall,
    // and only if the move told it that the deadline came forward.
    clock.advance(11_000);
    for client in [&mut a, &mut b] {
        match game_ended(client).await {
            ServerMsg::GameEnded { outcome, .. } => {
                assert_eq!(outcome.reason, GameEndReason::Timeout);
                assert_eq!(outcome.winner, Some(first));
            }
            _ => unreachable!(),
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn a_correspondence_move_has_its_days_and_no_more() {
    let (server, clock) = server_with_manual_clock().await;
    let control = json!({"kind": "correspondence", "days_per_move": 2});
    let (mut a, mut b, match_id, first, clocks) = timed_match(&server, control, 1).await;
    assert_eq!(clocks.map(|c| c.remaining_ms), Some([2 * DAY, 2 * DAY]));
    // A day and a half later the move comes in time; the other then has two full days.
    clock.advance(DAY + DAY / 2);
    let mover = if first.index() == 0 { &mut a } else { &mut b };
    mover
        .send(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    match mover
        .expect("move_played", |m| matches!(m, ServerMsg::MovePlayed { .. }))
        .await
    {
        ServerMsg::MovePlayed { clocks, .. } => {
            assert_eq!(clocks.map(|c| c.remaining_ms), Some([2 * DAY, 2 * DAY]));
        }
        _ => unreachable!(),
    }
    clock.advance(2 * DAY + 500);
    match game_ended(&mut a).await {
        ServerMsg::GameEnded {
            outcome, points, ..
        } => {
            assert_eq!(outcome.reason, GameEndReason::Timeout);
            assert_eq!(outcome.winner, Some(first));
            assert_eq!(points[first.index()], 1.0);
        }
        _ => unreachable!(),
    }
    match a
        .expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await
    {
        ServerMsg::MatchEnded { winner, .. } => assert_eq!(winner, Some(first)),
        _ => unreachable!(),
    }
    server.stop().await;
}

#[tokio::test]
async fn one_real_time_match_at_a_time_but_any_number_by_correspondence() {
    let (server, _clock) = server_with_manual_clock().await;
    let blitz = json!({"kind": "real_time", "initial_ms": 180_000, "increment_ms": 2_000});
    let (mut ann, mut bob, _, _, _) = timed_match(&server, blitz.clone(), 5).await;
    // Neither may start another real-time match...
    ann.send(json!({"type": "seek_create", "settings": {"time_control": blitz}}))
        .await;
    let message = ann.expect_error(ErrorCode::AlreadyPlaying).await;
    assert!(message.contains("ann"), "{message}");
    bob.send(json!({"type": "pool_join", "settings": {"time_control": blitz}}))
        .await;
    bob.expect_error(ErrorCode::AlreadyPlaying).await;
    // ...nor accept one.
    let mut cid = Client::join(&server, "cid").await;
    let id = cid
        .request(json!({"type": "seek_create", "settings": {"time_control": blitz}}))
        .await;
    let seek = match cid.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    ann.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    ann.expect_error(ErrorCode::AlreadyPlaying).await;
    // The refused seek is still open for someone free.
    let mut dan = Client::join(&server, "dan").await;
    let id = dan
        .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    assert!(matches!(dan.reply(id).await, ServerMsg::Ok { .. }));
    // Correspondence matches are not limited.
    let post = json!({"kind": "correspondence", "days_per_move": 3});
    for _ in 0..2 {
        let id = ann
            .request(json!({"type": "seek_create", "settings": {"time_control": post}}))
            .await;
        let seek = match ann.reply(id).await {
            ServerMsg::SeekCreated { seek, .. } => seek,
            other => panic!("{other:?}"),
        };
        let id = bob
            .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
            .await;
        assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    }
    // Bad time controls are refused.
    ann.send(json!({"type": "seek_create", "settings": {"time_control": {"kind": "correspondence", "days_per_move": 15}}})).await;
    ann.expect_error(ErrorCode::InvalidSettings).await;
    ann.send(json!({"type": "seek_create", "settings": {"time_control": {"kind": "real_time", "initial_ms": 10, "increment_ms": 0}}})).await;
    ann.expect_error(ErrorCode::InvalidSettings).await;
    server.stop().await;
}
