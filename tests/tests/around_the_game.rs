//! Draw offers, rematches, the two chats, and claiming a game from an absent
//! real-time opponent (on the manual clock).

use protocol::wire::Seat;
use protocol::wire::{
    ChatRoom, DrawOfferEnd, ErrorCode, GameEndReason, MatchEndReason, MatchId, ServerMsg,
};
use serde_json::{Value, json};
use tests::{Client, Config, TestServer};

async fn new_match(server: &TestServer, settings: Value) -> (Client, Client, MatchId, Seat) {
    let (mut a, b, match_id) = tests::seek_match(server, ["ann", "bob"], settings).await;
    let (first, _) = tests::game_started(&mut a, 1).await;
    (a, b, match_id, first)
}

async fn ok(client: &mut Client, request: Value) {
    let id = client.request(request).await;
    match client.reply(id).await {
        ServerMsg::Ok { .. } => {}
        other => panic!("expected ok, got {other:?}"),
    }
}

#[tokio::test]
async fn a_draw_offer_is_accepted_declined_or_lapses() {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id, first) = new_match(&server, json!({"games": 2})).await;
    let m = match_id;

    // Declined.
    ok(&mut ann, json!({"type": "draw_offer", "match_id": m})).await;
    bob.expect("draw_offered", |msg| {
        matches!(
            msg,
            ServerMsg::DrawOffered {
                seat: Seat::Zero,
                ..
            }
        )
    })
    .await;
    ok(&mut bob, json!({"type": "draw_decline", "match_id": m})).await;
    ann.expect("declined", |msg| {
        matches!(
            msg,
            ServerMsg::DrawOfferEnded {
                reason: DrawOfferEnd::Declined,
                seat: Seat::Zero,
                ..
            }
        )
    })
    .await;

    // Lapsed: the offerer moves.
    let (mover, other) = if first == Seat::Zero {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    ok(mover, json!({"type": "draw_offer", "match_id": m})).await;
    mover
        .send(json!({"type": "move", "match_id": m, "game": 1, "ply": 1, "house": 1}))
        .await;
    other
        .expect("lapsed", |msg| {
            matches!(
                msg,
                ServerMsg::DrawOfferEnded {
                    reason: DrawOfferEnd::Lapsed,
                    ..
                }
            )
        })
        .await;
    other
        .send(json!({"type": "draw_accept", "match_id": m}))
        .await;
    other.expect_error(ErrorCode::NoDrawOffer).await;

    // Accepted: the game is drawn, half a point each, and game 2 begins.
    ok(&mut ann, json!({"type": "draw_offer", "match_id": m})).await;
    ok(&mut bob, json!({"type": "draw_accept", "match_id": m})).await;
    match ann
        .expect("game_ended", |msg| {
            matches!(msg, ServerMsg::GameEnded { .. })
        })
        .await
    {
        ServerMsg::GameEnded {
            outcome, points, ..
        } => {
            assert_eq!(outcome.reason, GameEndReason::DrawAgreed);
            assert_eq!(outcome.winner, None);
            assert_eq!(points, [0.5, 0.5]);
        }
        _ => unreachable!(),
    }
    ann.expect("game 2", |msg| {
        matches!(msg, ServerMsg::GameStarted { game: 2, .. })
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_and_can_be_declined() {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id, _) = new_match(
        &server,
        json!({"games": 1, "ruleset": {"variant": "kalah"}}),
    )
    .await;
    bob.send(json!({"type": "rematch_offer", "match_id": match_id}))
        .await;
    bob.expect_error(ErrorCode::MatchNotOver).await;
    ok(&mut ann, json!({"type": "forfeit", "match_id": match_id})).await;
    bob.expect("match_ended", |m| {
        matches!(
            m,
            ServerMsg::MatchEnded {
                reason: MatchEndReason::Forfeit,
                ..
            }
        )
    })
    .await;

    // Declined first.
    ok(
        &mut ann,
        json!({"type": "rematch_offer", "match_id": match_id}),
    )
    .await;
    bob.expect("rematch_offered", |m| {
        matches!(
            m,
            ServerMsg::RematchOffered {
                seat: Seat::Zero,
                ..
            }
        )
    })
    .await;
    ok(
        &mut bob,
        json!({"type": "rematch_decline", "match_id": match_id}),
    )
    .await;
    ann.expect("rematch_declined", |m| {
        matches!(m, ServerMsg::RematchDeclined { .. })
    })
    .await;
    bob.send(json!({"type": "rematch_accept", "match_id": match_id}))
        .await;
    bob.expect_error(ErrorCode::NoRematchOffer).await;

    // Then accepted: a new match, same settings, bob now in seat 0.
    ok(
        &mut bob,
        json!({"type": "rematch_offer", "match_id": match_id}),
    )
    .await;
    ann.expect("rematch_offered", |m| {
        matches!(
            m,
            ServerMsg::RematchOffered {
                seat: Seat::One,
                ..
            }
        )
    })
    .await;
    ok(
        &mut ann,
        json!({"type": "rematch_accept", "match_id": match_id}),
    )
    .await;
    let rematch = match ann
        .expect(
            "the rematch",
            move |m| matches!(m, ServerMsg::MatchStarted { match_id: id, .. } if *id != match_id),
        )
        .await
    {
        ServerMsg::MatchStarted {
            match_id: rematch,
            players,
            settings,
            ..
        } => {
            assert_eq!(players[0].id, bob.player_id);
            assert_eq!(players[1].id, ann.player_id);
            assert_eq!(settings.games, 1);
            assert_eq!(settings.ruleset.variant(), protocol::rules::Variant::Kalah);
            rematch
        }
        _ => unreachable!(),
    };
    // The old match records the link to the new one, for both players.
    for client in [&mut ann, &mut bob] {
        let agreed = client
            .expect("rematch_agreed", |m| {
                matches!(m, ServerMsg::RematchAgreed { .. })
            })
            .await;
        assert!(
            matches!(agreed, ServerMsg::RematchAgreed { match_id: m, rematch_id, .. } if m == match_id && rematch_id == rematch),
            "{agreed:?}"
        );
    }
    server.stop().await;
}

fn chat(room: ChatRoom, text: &'static str) -> impl Fn(&ServerMsg) -> bool {
    move |m| matches!(m, ServerMsg::ChatMessage { room: r, text: t, .. } if *r == room && t == text)
}

#[tokio::test]
async fn players_and_spectators_talk_apart_within_limits() {
    let server = TestServer::with_config(Config {
        chat_max_chars: 20,
        // Every message that reaches a match counts, even a refused one ("hi" below).
        chat_burst: 4,
        chat_window_ms: 60_000,
        ..Config::default()
    })
    .await;
    let (mut ann, mut bob, match_id, _) = new_match(&server, json!({"games": 1})).await;
    let mut eve = Client::join(&server, "eve").await;
    eve.send(json!({"type": "chat", "match_id": match_id, "text": "hi"}))
        .await;
    eve.expect_error(ErrorCode::NotWatching).await;
    let id = eve
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    eve.reply(id).await;

    ok(
        &mut ann,
        json!({"type": "chat", "match_id": match_id, "text": "good luck"}),
    )
    .await;
    bob.expect("players' chat", chat(ChatRoom::Players, "good luck"))
        .await;
    ok(
        &mut eve,
        json!({"type": "chat", "match_id": match_id, "text": "go bob"}),
    )
    .await;
    eve.expect("own message", chat(ChatRoom::Spectators, "go bob"))
        .await;

    // Limits: length, emptiness, rate.
    eve.send(json!({"type": "chat", "match_id": match_id, "text": "x".repeat(21)}))
        .await;
    eve.expect_error(ErrorCode::ChatTooLong).await;
    eve.send(json!({"type": "chat", "match_id": match_id, "text": "   "}))
        .await;
    eve.expect_error(ErrorCode::ChatEmpty).await;
    ok(
        &mut eve,
        json!({"type": "chat", "match_id": match_id, "text": "two"}),
    )
    .await;
    ok(
        &mut eve,
        json!({"type": "chat", "match_id": match_id, "text": "three"}),
    )
    .await;
    eve.send(json!({"type": "chat", "match_id": match_id, "text": "four"}))
        .await;
    eve.expect_error(ErrorCode::RateLimited).await;

    // While the match runs, players never hear the spectators; the next thing
    // bob gets after his own probe is its answer.
    let id = bob
        .request(json!({"type": "chat", "match_id": match_id, "text": "thanks"}))
        .await;
    bob.reply(id).await;
    assert!(!bob.has_seen(|m| matches!(
        m,
        ServerMsg::ChatMessage {
            room: ChatRoom::Spectators,
            ..
        }
    )));
    assert!(!eve.has_seen(|m| matches!(
        m,
        ServerMsg::ChatMessage {
            room: ChatRoom::Players,
            ..
        }
    )));

    // Once it is over, the players hear the spectators too.
    ok(&mut ann, json!({"type": "forfeit", "match_id": match_id})).await;
    bob.expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    let mut cid = Client::join(&server, "cid").await;
    let id = cid
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    cid.reply(id).await;
    ok(
        &mut cid,
        json!({"type": "chat", "match_id": match_id, "text": "well played"}),
    )
    .await;
    bob.expect(
        "spectators after the end",
        chat(ChatRoom::Spectators, "well played"),
    )
    .await;
    server.stop().await;
}

#[tokio::test]
async fn an_absent_real_time_player_can_be_claimed_then_forfeits() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        absence_claim_min_ms: 10_000,
        absence_claim_percent: 0,
        absence_forfeit_factor: 3,
        ..Config::default()
    })
    .await;
    let control = json!({"kind": "real_time", "initial_ms": 600_000, "increment_ms": 0});
    let (mut ann, bob, match_id, _) =
        new_match(&server, json!({"games": 3, "time_control": control})).await;
    ann.send(json!({"type": "claim", "match_id": match_id}))
        .await;
    ann.expect_error(ErrorCode::CannotClaim).await;
    bob.leave().await;
    ann.expect("player_left", |m| {
        matches!(
            m,
            ServerMsg::PlayerLeft {
                seat: Seat::One,
                ..
            }
        )
    })
    .await;
    // Not yet: 9.999 s away.
    manual.advance(9_999);
    ann.send(json!({"type": "claim", "match_id": match_id}))
        .await;
    ann.expect_error(ErrorCode::CannotClaim).await;
    manual.advance(1);
    ok(&mut ann, json!({"type": "claim", "match_id": match_id})).await;
    match ann
        .expect("game_ended", |m| {
            matches!(m, ServerMsg::GameEnded { game: 1, .. })
        })
        .await
    {
        ServerMsg::GameEnded { outcome, .. } => {
            assert_eq!(outcome.reason, GameEndReason::Claimed);
            assert_eq!(outcome.winner, Some(Seat::Zero));
        }
        _ => unreachable!(),
    }
    // Ann waits instead in game 2: after three claim periods bob forfeits it.
    ann.expect("game 2", |m| {
        matches!(m, ServerMsg::GameStarted { game: 2, .. })
    })
    .await;
    manual.advance(30_000);
    match ann
        .expect("game_ended", |m| {
            matches!(m, ServerMsg::GameEnded { game: 2, .. })
        })
        .await
    {
        ServerMsg::GameEnded {
            outcome, points, ..
        } => {
            assert_eq!(outcome.reason, GameEndReason::Abandoned);
            assert_eq!(outcome.winner, Some(Seat::Zero));
            assert_eq!(points, [2.0, 0.0]);
        }
        _ => unreachable!(),
    }
    server.stop().await;
}

/// Microseconds since the Unix epoch, by this machine's wall clock.
fn unix_micros() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("the clock is after 1970")
        .as_micros() as u64
}

#[tokio::test]
async fn a_move_carries_the_wall_clock_time_the_server_accepted_it() {
    // `mancala-load` measures spectator delay from this stamp, and replays keep
    // a game's real timing with it: it must be the server's clock at acceptance,
    // the same for everyone who receives the move.
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id, first) = new_match(&server, json!({"games": 1})).await;
    let mut eve = Client::join(&server, "eve").await;
    let id = eve
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    eve.reply(id).await;
    let mover = if first == Seat::Zero {
        &mut ann
    } else {
        &mut bob
    };
    let before = unix_micros();
    mover
        .send(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    let stamp = |msg: &ServerMsg| match msg {
        ServerMsg::MovePlayed { played_at_us, .. } => *played_at_us,
        _ => unreachable!(),
    };
    let is_move = |msg: &ServerMsg| matches!(msg, ServerMsg::MovePlayed { ply: 1, .. });
    let seen_by_mover = stamp(&mover.expect("move_played", is_move).await);
    let after = unix_micros();
    assert!(
        (before..=after).contains(&seen_by_mover),
        "stamped {seen_by_mover}, sent at {before}, seen at {after}"
    );
    let seen_by_spectator = stamp(&eve.expect("move_played", is_move).await);
    assert_eq!(seen_by_spectator, seen_by_mover);
}
