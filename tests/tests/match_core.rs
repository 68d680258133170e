//! The defects outside clients found in the first match core, each with the
//! test that failed before its fix: resume sending events twice, the watch
//! limit and the watched set, pairing that lost what it paired, matches
//! without a cap, moves after the end, the house range, the snapshot's
//! clocks, and tasks outliving the server.

use protocol::wire::Seat;
use protocol::wire::{ErrorCode, MatchId, ServerMsg};
use serde_json::{Value, json};
use std::time::Duration;
use tests::{Client, Config, TestServer, event_version, match_started};

/// The seat to move in `match_id`'s current game and that game's ply count,
/// from a snapshot `watcher` asks for.
async fn to_move(watcher: &mut Client, match_id: MatchId) -> (Seat, u8, u32) {
    let id = watcher
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    let snapshot = match watcher.reply(id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => snapshot,
        other => panic!("expected a snapshot, got {other:?}"),
    };
    watcher
        .request(json!({"type": "unwatch", "match_id": match_id}))
        .await;
    let game = snapshot.games.last().expect("a game");
    (
        snapshot.to_move.expect("someone to move"),
        game.game,
        game.moves.len() as u32,
    )
}

/// Play the lowest house that is accepted (asking for 1 up to 6); returns
/// the version of its `move_played` as `mover` saw it.
async fn some_move(mover: &mut Client, match_id: MatchId, game: u8, ply: u32) -> u64 {
    for house in 1..=6 {
        let id = mover
            .request(json!({"type": "move", "match_id": match_id, "game": game, "ply": ply, "house": house}))
            .await;
        if let ServerMsg::MoveAccepted { .. } = mover.reply(id).await {
            let played = mover
                .expect("its move_played", move |m| {
                    matches!(m, ServerMsg::MovePlayed { ply: p, game: g, .. } if *p == ply && *g == game)
                })
                .await;
            return event_version(&played).expect("versioned").1;
        }
    }
    panic!("no house could be played");
}

#[tokio::test]
async fn a_returning_player_gets_each_missed_event_once_in_order() {
    let server = TestServer::start().await;
    let (mut ann, bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 3})).await;
    let mut eve = Client::join(&server, "eve").await;
    let token = bob.token.clone();
    // Bob has seen events 1 and 2 (match_started, game_started) when he leaves.
    let mut bob = bob;
    tests::game_started(&mut bob, 1).await;
    bob.leave().await;
    ann.expect("player_left", |m| matches!(m, ServerMsg::PlayerLeft { .. }))
        .await;
    let (mut bob, _) = Client::rejoin(&server, &token).await;
    ann.expect("player_returned", |m| {
        matches!(m, ServerMsg::PlayerReturned { .. })
    })
    .await;
    // Ann (seat 0, she made the seek) makes an event meanwhile: a move if
    // it is her turn, a draw offer if it is bob's.
    let (seat, game, played) = to_move(&mut eve, match_id).await;
    if seat == Seat::Zero {
        some_move(&mut ann, match_id, game, played + 1).await;
    } else {
        let id = ann
            .request(json!({"type": "draw_offer", "match_id": match_id}))
            .await;
        assert!(matches!(ann.reply(id).await, ServerMsg::Ok { .. }));
    }
    // Only now does bob resume from version 2.
    bob.send(json!({"type": "resume", "match_id": match_id, "last_version": 2}))
        .await;
    let mut versions = Vec::new();
    let current = loop {
        let msg = bob.next_message("missed events, then resumed").await;
        match msg {
            ServerMsg::Resumed { version, .. } => break version,
            ServerMsg::MatchSnapshot { .. } => panic!("the history has them all"),
            other => {
                if let Some((m, v)) = event_version(&other) {
                    assert_eq!(m, match_id);
                    versions.push(v);
                }
            }
        }
    };
    assert_eq!(
        versions,
        (3..=current).collect::<Vec<_>>(),
        "every missed event once, in order, and nothing live before them"
    );
    assert!(current >= 4, "player_left, player_returned and ann's event");
    // Then the live ones.
    let id = ann
        .request(json!({"type": "resign", "match_id": match_id}))
        .await;
    ann.reply(id).await;
    let next = bob.next_message("the next live event").await;
    assert_eq!(
        event_version(&next),
        Some((match_id, current + 1)),
        "{next:?}"
    );
    server.stop().await;
}

async fn watch(client: &mut Client, match_id: MatchId) -> ServerMsg {
    let id = client
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    client.reply(id).await
}

fn code(msg: &ServerMsg) -> Option<ErrorCode> {
    match msg {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[tokio::test]
async fn resume_counts_against_the_watch_limit_and_ended_matches_leave_the_watched_set() {
    let server = TestServer::with_config(Config {
        max_watched: 1,
        ended_linger_ms: 0,
        ..Config::default()
    })
    .await;
    let (mut ann, _bob, first) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let (_cat, _dan, second) =
        tests::seek_match(&server, ["cat", "dan"], json!({"games": 1})).await;
    let mut eve = Client::join(&server, "eve").await;
    assert!(matches!(
        watch(&mut eve, first).await,
        ServerMsg::MatchSnapshot { .. }
    ));
    // A spectator's resume of another match is a watch like any other.
    let id = eve
        .request(json!({"type": "resume", "match_id": second, "last_version": 0}))
        .await;
    assert_eq!(code(&eve.reply(id).await), Some(ErrorCode::TooManyWatched));
    // The watched match ends and is forgotten: it no longer counts.
    let id = ann
        .request(json!({"type": "resign", "match_id": first}))
        .await;
    ann.reply(id).await;
    eve.expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    server
        .settled_metric("mancala_matches_live", |v| v == 1.0)
        .await;
    assert_eq!(
        code(&watch(&mut eve, first).await),
        Some(ErrorCode::NoSuchMatch)
    );
    assert!(matches!(
        watch(&mut eve, second).await,
        ServerMsg::MatchSnapshot { .. }
    ));
    server.stop().await;
}

/// `client` asks to wait in the pool for `settings`; its answer.
async fn pool_join(client: &mut Client, settings: &Value) -> ServerMsg {
    let id = client
        .request(json!({"type": "pool_join", "settings": settings}))
        .await;
    client.reply(id).await
}

#[tokio::test]
async fn a_match_takes_both_players_out_of_the_pool() {
    let server = TestServer::start().await;
    let settings = json!({"games": 1});
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let mut dan = Client::join(&server, "dan").await;
    let mut eve = Client::join(&server, "eve").await;
    assert!(matches!(
        pool_join(&mut ann, &settings).await,
        ServerMsg::PoolJoined { .. }
    ));
    // Ann starts a match elsewhere: she no longer waits in the pool.
    let id = bob
        .request(json!({"type": "seek_create", "settings": {"games": 3}}))
        .await;
    let seek = match bob.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    let id = ann
        .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::Ok { .. }));
    match_started(&mut ann).await;
    // So dan waits, and eve is paired with dan, not dan with ann.
    assert!(matches!(
        pool_join(&mut dan, &settings).await,
        ServerMsg::PoolJoined { .. }
    ));
    assert!(matches!(
        pool_join(&mut eve, &settings).await,
        ServerMsg::PoolJoined { .. }
    ));
    let (_, players) = match_started(&mut eve).await;
    assert_eq!(players, [dan.player_id, eve.player_id]);
    let id = ann.request(json!({"type": "pool_leave"})).await;
    assert_eq!(code(&ann.reply(id).await), Some(ErrorCode::NotInPool));
    server.stop().await;
}

#[tokio::test]
async fn a_refused_pairing_leaves_the_seek_and_the_pool_as_they_were() {
    let server = TestServer::with_config(Config {
        max_live_matches: 1,
        ..Config::default()
    })
    .await;
    let (mut ann, _bob, _) = tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let mut cat = Client::join(&server, "cat").await;
    let mut dan = Client::join(&server, "dan").await;
    let id = cat.request(json!({"type": "seek_create"})).await;
    let seek = match cat.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    // Ann plays as many matches as allowed: her acceptance is refused...
    let id = ann
        .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    assert_eq!(code(&ann.reply(id).await), Some(ErrorCode::TooManyMatches));
    let id = ann
        .request(json!({"type": "pool_join", "settings": {}}))
        .await;
    assert_eq!(code(&ann.reply(id).await), Some(ErrorCode::TooManyMatches));
    // ...and the seek is still there for someone else.
    let id = dan
        .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    assert!(matches!(dan.reply(id).await, ServerMsg::Ok { .. }));
    let (_, players) = match_started(&mut cat).await;
    assert_eq!(players, [cat.player_id, dan.player_id]);
    server.stop().await;
}

#[tokio::test]
async fn moves_after_the_end_answer_match_over_and_the_house_range_names_the_houses() {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let (first, _) = tests::game_started(&mut ann, 1).await;
    let mover = if first == Seat::Zero {
        &mut ann
    } else {
        &mut bob
    };
    for house in [0, 7, 9] {
        let id = mover
            .request(
                json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": house}),
            )
            .await;
        match mover.reply(id).await {
            ServerMsg::Error {
                code: ErrorCode::IllegalMove,
                message,
                reason,
                ..
            } => {
                assert_eq!(
                    message,
                    format!("there is no house {house}: houses are numbered 1 to 6")
                );
                assert_eq!(reason.as_deref(), Some("house_out_of_range"));
            }
            other => panic!("{other:?}"),
        }
    }
    let id = ann
        .request(json!({"type": "resign", "match_id": match_id}))
        .await;
    ann.reply(id).await;
    for (game, ply) in [(1, 1), (1, 2), (2, 1)] {
        let id = bob
            .request(
                json!({"type": "move", "match_id": match_id, "game": game, "ply": ply, "house": 1}),
            )
            .await;
        assert_eq!(code(&bob.reply(id).await), Some(ErrorCode::MatchOver));
    }
    server.stop().await;
}

#[tokio::test]
async fn a_snapshot_shows_the_clock_a_move_made_then_is_charged() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        lag_allowance_ms: 500,
        ..Config::default()
    })
    .await;
    let control = json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 2_000});
    let (mut ann, mut bob, match_id) = tests::seek_match(
        &server,
        ["ann", "bob"],
        json!({"games": 1, "time_control": control}),
    )
    .await;
    let (first, _) = tests::game_started(&mut ann, 1).await;
    let (first_mover, second_mover) = if first == Seat::Zero {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    // Mangala's house 1 opens without an extra turn; the game's first move,
    // in its window, costs nothing: the clock followed here is the second
    // player's.
    some_move(first_mover, match_id, 1, 1).await;
    let second = first.opponent();
    manual.advance(10_000);
    let mut eve = Client::join(&server, "eve").await;
    let clocks = match watch(&mut eve, match_id).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => snapshot.clocks.expect("clocks"),
        other => panic!("{other:?}"),
    };
    assert_eq!(clocks.running, Some(second));
    assert_eq!(clocks.remaining_ms[second.index()], 60_000 - 9_500);
    some_move(second_mover, match_id, 1, 2).await;
    let played = eve
        .expect("move_played", |m| matches!(m, ServerMsg::MovePlayed { .. }))
        .await;
    match played {
        ServerMsg::MovePlayed {
            clocks: Some(after),
            ..
        } => assert_eq!(
            after.remaining_ms[second.index()],
            clocks.remaining_ms[second.index()] + 2_000,
            "charged what the snapshot showed, plus the increment"
        ),
        other => panic!("{other:?}"),
    }
    server.stop().await;
}

#[test]
fn no_task_outlives_the_server() {
    // The server on a runtime of its own, so that its task count is the
    // server's alone; the clients on the test's.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (clock, _manual) = server::ManualClock::new();
    let server = runtime.spawn(server::run(
        listener,
        Config {
            clock,
            ..Config::default()
        },
        async {
            let _ = stopped.await;
        },
    ));
    let clients = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    clients.block_on(async {
        let server = TestServer::at(addr);
        // A match in progress with a spectator, a seek, a challenge, a
        // player in the pool and a connection that never said hello.
        let (mut ann, mut bob, match_id) =
            tests::seek_match(&server, ["ann", "bob"], json!({"games": 5})).await;
        let mut eve = Client::join(&server, "eve").await;
        watch(&mut eve, match_id).await;
        let id = eve.request(json!({"type": "seek_create"})).await;
        eve.reply(id).await;
        let id = ann
            .request(json!({"type": "challenge", "name": "eve"}))
            .await;
        ann.reply(id).await;
        let mut cat = Client::join(&server, "cat").await;
        pool_join(&mut cat, &json!({})).await;
        let _silent = Client::connect(&server).await;
        assert!(runtime.metrics().num_alive_tasks() > 5);
        let _ = stop.send(());
        for client in [&mut ann, &mut bob, &mut eve, &mut cat] {
            client.closed().await;
        }
    });
    runtime
        .block_on(server)
        .expect("the server's task")
        .expect("run returns Ok");
    // The server waited for every task's future to complete; the runtime
    // counts a task as alive until a worker has released it, a moment
    // later, so the count is watched until it settles (or 5 s pass).
    let alive = || runtime.metrics().num_alive_tasks();
    runtime.block_on(async {
        let settled = async {
            while alive() > 0 {
                tokio::task::yield_now().await;
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(5), settled).await;
    });
    assert_eq!(alive(), 0, "every task the server started has ended");
}

#[tokio::test]
async fn offline_players_with_nothing_at_stake_are_forgotten() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        identity_ttl_ms: 3_600_000,
        ..Config::default()
    })
    .await;
    let (mut ann, bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let cat = Client::join(&server, "cat").await;
    let (bob_token, cat_token) = (bob.token.clone(), cat.token.clone());
    bob.leave().await;
    cat.leave().await;
    server
        .settled_metric("mancala_players_online", |v| v == 1.0)
        .await;
    assert_eq!(server.metric("mancala_players_known").await, 3.0);
    // An hour on: cat, who had nothing at stake, is forgotten; bob, whose
    // match goes on, is not.
    manual.advance(3_600_000);
    server
        .settled_metric("mancala_players_known", |v| v == 2.0)
        .await;
    let mut guess = Client::connect(&server).await;
    guess
        .send(json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION, "name": "x", "token": cat_token}))
        .await;
    guess.expect_error(ErrorCode::UnknownToken).await;
    // Bob's match ends while he is away: an hour after that he goes too.
    let id = ann
        .request(json!({"type": "forfeit", "match_id": match_id}))
        .await;
    ann.reply(id).await;
    ann.expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    manual.advance(3_600_000);
    server
        .settled_metric("mancala_players_known", |v| v == 1.0)
        .await;
    let mut guess = Client::connect(&server).await;
    guess
        .send(json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION, "name": "x", "token": bob_token}))
        .await;
    guess.expect_error(ErrorCode::UnknownToken).await;
    // The name is free again.
    Client::join(&server, "cat").await;
    server.stop().await;
}
