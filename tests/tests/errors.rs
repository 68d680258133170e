//! Every error code, provoked over a real socket; bad input never hurts the
//! connection, the match or anyone else.

use protocol::rules::Ruleset;
use protocol::wire::{ErrorCode, MatchEndReason, PROTOCOL_VERSION, ServerMsg, close};
use serde_json::json;
use std::collections::BTreeSet;
use tests::{Client, Config, Driver, TestServer, lowest, match_started};

/// Send `msg` from `client`, expect the error `code`, and note it as provoked.
async fn refuse(
    seen: &mut BTreeSet<&'static str>,
    client: &mut Client,
    msg: serde_json::Value,
    code: ErrorCode,
) {
    client.send(msg).await;
    provoke(seen, client, code).await;
}

/// Expect `code` on `client` and note it as provoked.
async fn provoke(seen: &mut BTreeSet<&'static str>, client: &mut Client, code: ErrorCode) {
    client.expect_error(code).await;
    seen.insert(code.as_str());
}

#[tokio::test]
async fn every_error_code_is_provoked_and_nothing_breaks() {
    let server = TestServer::with_config(Config {
        max_open_seeks: 1,
        max_challenges: 2,
        max_watched: 1,
        ..Config::default()
    })
    .await;
    let mut seen = BTreeSet::new();

    // Before hello.
    let mut raw = Client::connect(&server).await;
    refuse(
        &mut seen,
        &mut raw,
        json!({"type": "pool_leave"}),
        ErrorCode::HelloRequired,
    )
    .await;
    refuse(
        &mut seen,
        &mut raw,
        json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "no spaces"}),
        ErrorCode::InvalidName,
    )
    .await;
    refuse(&mut seen, &mut raw, json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "x", "token": "bogus"}), ErrorCode::UnknownToken).await;

    let mut ann = Client::join(&server, "ann").await;
    refuse(
        &mut seen,
        &mut raw,
        json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "ANN"}),
        ErrorCode::NameTaken,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "again"}),
        ErrorCode::AlreadyHello,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "set_password", "password": "short"}),
        ErrorCode::InvalidPassword,
    )
    .await;
    refuse(
        &mut seen,
        &mut raw,
        json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "ann", "password": "not her password"}),
        ErrorCode::BadCredentials,
    )
    .await;

    // Malformed frames: each answered, the connection goes on.
    ann.send_text("this is not json").await;
    provoke(&mut seen, &mut ann, ErrorCode::Malformed).await;
    ann.send_text(r#"{"type": "teleport", "id": 5}"#).await;
    provoke(&mut seen, &mut ann, ErrorCode::UnknownType).await;
    let id = ann
        .request(json!({"type": "seek_cancel", "seek_id": "three"}))
        .await;
    match ann.reply(id).await {
        ServerMsg::Error { code, .. } => {
            assert_eq!(
                code,
                ErrorCode::InvalidField,
                "the id is echoed even for a bad field"
            );
            seen.insert(code.as_str());
        }
        other => panic!("{other:?}"),
    }
    ann.send_binary(vec![1, 2, 3]).await;
    provoke(&mut seen, &mut ann, ErrorCode::BinaryFrame).await;

    // Lobby and pairing refusals.
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "seek_create", "settings": {"games": 0}}),
        ErrorCode::InvalidSettings,
    )
    .await;
    let id = ann.request(json!({"type": "seek_create"})).await;
    let seek = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "seek_create"}),
        ErrorCode::TooManySeeks,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "seek_accept", "seek_id": seek.seek_id}),
        ErrorCode::OwnSeek,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "seek_cancel", "seek_id": 999_999}),
        ErrorCode::NoSuchSeek,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "pool_leave"}),
        ErrorCode::NotInPool,
    )
    .await;
    let id = ann
        .request(json!({"type": "pool_join", "settings": {"games": 9}}))
        .await;
    ann.reply(id).await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "pool_join"}),
        ErrorCode::AlreadyInPool,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "challenge", "name": "ghost"}),
        ErrorCode::NoSuchPlayer,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "challenge", "name": "ann"}),
        ErrorCode::SelfChallenge,
    )
    .await;
    refuse(
        &mut seen,
        &mut ann,
        json!({"type": "challenge_accept", "challenge_id": 424_242}),
        ErrorCode::NoSuchChallenge,
    )
    .await;

    // A match and its refusals.
    let mut bob = Client::join(&server, "bob").await;
    bob.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let (match_id, _) = match_started(&mut ann).await;
    match_started(&mut bob).await;
    let (first, _) = tests::game_started(&mut ann, 1).await;
    let (mover, waiter) = if first.index() == 0 {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    let mut eve = Client::join(&server, "eve").await;
    refuse(
        &mut seen,
        &mut eve,
        json!({"type": "move", "match_id": 999_999, "game": 1, "ply": 1, "house": 1}),
        ErrorCode::NoSuchMatch,
    )
    .await;
    refuse(
        &mut seen,
        &mut eve,
        json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}),
        ErrorCode::NotAPlayer,
    )
    .await;
    eve.send(json!({"type": "resign", "match_id": match_id}))
        .await;
    eve.expect_error(ErrorCode::NotAPlayer).await;
    eve.send(json!({"type": "abort", "match_id": match_id}))
        .await;
    eve.expect_error(ErrorCode::NotAPlayer).await;
    refuse(
        &mut seen,
        &mut eve,
        json!({"type": "unwatch", "match_id": match_id}),
        ErrorCode::NotWatching,
    )
    .await;
    let id = eve
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    eve.reply(id).await;
    refuse(
        &mut seen,
        &mut eve,
        json!({"type": "watch", "match_id": match_id}),
        ErrorCode::AlreadyWatching,
    )
    .await;

    refuse(
        &mut seen,
        waiter,
        json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}),
        ErrorCode::NotYourTurn,
    )
    .await;
    refuse(
        &mut seen,
        mover,
        json!({"type": "move", "match_id": match_id, "game": 2, "ply": 1, "house": 1}),
        ErrorCode::WrongGame,
    )
    .await;
    refuse(
        &mut seen,
        mover,
        json!({"type": "move", "match_id": match_id, "game": 1, "ply": 3, "house": 1}),
        ErrorCode::WrongPly,
    )
    .await;
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 8}))
        .await;
    match mover.reply(id).await {
        ServerMsg::Error { code, reason, .. } => {
            assert_eq!(code, ErrorCode::IllegalMove);
            assert_eq!(
                reason.as_deref(),
                Some("house_out_of_range"),
                "the engine's reason comes along"
            );
            seen.insert(code.as_str());
        }
        other => panic!("{other:?}"),
    }
    // A good move, then the same again (acknowledged, not applied), then another house for it.
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted {
            duplicate: false,
            ..
        }
    ));
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
        .await;
    assert!(matches!(
        mover.reply(id).await,
        ServerMsg::MoveAccepted {
            duplicate: true,
            ..
        }
    ));
    refuse(
        &mut seen,
        mover,
        json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 2}),
        ErrorCode::StalePly,
    )
    .await;
    refuse(
        &mut seen,
        mover,
        json!({"type": "abort", "match_id": match_id}),
        ErrorCode::TooLateToAbort,
    )
    .await;

    // Draw offers, claims, rematches before their time, and the chat's limits.
    refuse(
        &mut seen,
        mover,
        json!({"type": "draw_decline", "match_id": match_id}),
        ErrorCode::NoDrawOffer,
    )
    .await;
    let id = mover
        .request(json!({"type": "draw_offer", "match_id": match_id}))
        .await;
    mover.reply(id).await;
    refuse(
        &mut seen,
        mover,
        json!({"type": "draw_offer", "match_id": match_id}),
        ErrorCode::AlreadyOffered,
    )
    .await;
    refuse(
        &mut seen,
        waiter,
        json!({"type": "claim", "match_id": match_id}),
        ErrorCode::CannotClaim,
    )
    .await;
    refuse(
        &mut seen,
        waiter,
        json!({"type": "berserk", "match_id": match_id}),
        ErrorCode::CannotBerserk,
    )
    .await;
    refuse(
        &mut seen,
        waiter,
        json!({"type": "rematch_offer", "match_id": match_id}),
        ErrorCode::MatchNotOver,
    )
    .await;
    refuse(
        &mut seen,
        waiter,
        json!({"type": "chat", "match_id": match_id, "text": ""}),
        ErrorCode::ChatEmpty,
    )
    .await;
    refuse(
        &mut seen,
        waiter,
        json!({"type": "chat", "match_id": match_id, "text": "y".repeat(281)}),
        ErrorCode::ChatTooLong,
    )
    .await;
    for n in 0..5 {
        let id = waiter
            .request(json!({"type": "chat", "match_id": match_id, "text": format!("message {n}")}))
            .await;
        assert!(matches!(waiter.reply(id).await, ServerMsg::Ok { .. }));
    }
    refuse(
        &mut seen,
        waiter,
        json!({"type": "chat", "match_id": match_id, "text": "one too many"}),
        ErrorCode::RateLimited,
    )
    .await;

    // Resign game 1; a late move for it is refused; forfeit; then nothing more.
    let id = mover
        .request(json!({"type": "resign", "match_id": match_id}))
        .await;
    assert!(matches!(mover.reply(id).await, ServerMsg::Ok { .. }));
    refuse(
        &mut seen,
        mover,
        json!({"type": "move", "match_id": match_id, "game": 1, "ply": 2, "house": 1}),
        ErrorCode::GameOver,
    )
    .await;
    let id = waiter
        .request(json!({"type": "forfeit", "match_id": match_id}))
        .await;
    assert!(matches!(waiter.reply(id).await, ServerMsg::Ok { .. }));
    let ended = eve
        .expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    assert!(matches!(
        ended,
        ServerMsg::MatchEnded {
            reason: MatchEndReason::Forfeit,
            ..
        }
    ));
    refuse(
        &mut seen,
        mover,
        json!({"type": "resign", "match_id": match_id}),
        ErrorCode::MatchOver,
    )
    .await;
    refuse(
        &mut seen,
        mover,
        json!({"type": "rematch_accept", "match_id": match_id}),
        ErrorCode::NoRematchOffer,
    )
    .await;

    // One real-time match at a time.
    let blitz = json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 0});
    let mut dan = Client::join(&server, "dan").await;
    let mut fay = Client::join(&server, "fay").await;
    let id = dan
        .request(json!({"type": "seek_create", "settings": {"time_control": blitz}}))
        .await;
    let seek = match dan.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    fay.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let (real_time_match, _) = match_started(&mut dan).await;
    refuse(
        &mut seen,
        &mut dan,
        json!({"type": "pool_join", "settings": {"time_control": blitz}}),
        ErrorCode::AlreadyPlaying,
    )
    .await;

    // Limits on challenges and watched matches (small in this server's config).
    let mut gil = Client::join(&server, "gil").await;
    for _ in 0..2 {
        let id = gil
            .request(json!({"type": "challenge", "name": "eve"}))
            .await;
        gil.reply(id).await;
    }
    refuse(
        &mut seen,
        &mut gil,
        json!({"type": "challenge", "name": "eve"}),
        ErrorCode::TooManyChallenges,
    )
    .await;
    let id = gil
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    gil.reply(id).await;
    refuse(
        &mut seen,
        &mut gil,
        json!({"type": "watch", "match_id": real_time_match}),
        ErrorCode::TooManyWatched,
    )
    .await;

    // A wrong protocol version: an error, then a close with a reason.
    let mut old = Client::connect(&server).await;
    refuse(
        &mut seen,
        &mut old,
        json!({"type": "hello", "protocol_version": 99, "name": "old"}),
        ErrorCode::ProtocolVersion,
    )
    .await;
    let frame = old.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::POLICY);
    assert!(
        frame.reason.contains("protocol version"),
        "{}",
        frame.reason
    );

    // The live-match cap, on a server that allows one match per player.
    let capped = TestServer::with_config(Config {
        max_live_matches: 1,
        ..Config::default()
    })
    .await;
    let (mut cat, _dan, _) = tests::seek_match(&capped, ["cat", "dan"], json!({"games": 1})).await;
    refuse(
        &mut seen,
        &mut cat,
        json!({"type": "seek_create"}),
        ErrorCode::TooManyMatches,
    )
    .await;
    capped.stop().await;

    // A database that cannot grow: the sign-in that does not fit is refused.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let full = TestServer::with_config(Config {
        database: dir.path().join("small.sqlite3").display().to_string(),
        // 80 KiB for the database (72 when new), 2 x 16 KiB for its log.
        database_max_bytes: 112 * 1024,
        wal_limit_bytes: 16 * 1024,
        guests_per_ip_per_hour: 100_000,
        ..Config::default()
    })
    .await;
    let (_, mut refused) = tests::sign_in_until_refused(&full, "p").await;
    seen.insert(ErrorCode::Unavailable.as_str());
    // The refused connection carries on (unsigned), and the server too.
    refused.send(json!({"type": "pool_leave"})).await;
    provoke(&mut seen, &mut refused, ErrorCode::HelloRequired).await;
    full.stop().await;

    // Tournaments: a guest may not direct one, a bad one is refused in
    // words, and one that does not exist is not found.
    let mut dora = Client::join(&server, "dora").await;
    let starts = json!({"name": "Cup", "settings": {"ruleset": {"variant": "kalah"}, "games": 1}, "rounds": 3, "starts_at_ms": u64::MAX});
    refuse(
        &mut seen,
        &mut dora,
        json!({"type": "tournament_create", "settings": starts}),
        ErrorCode::PasswordNeeded,
    )
    .await;
    dora.send(json!({"type": "set_password", "password": "correct horse battery"}))
        .await;
    dora.expect("ok", |m| matches!(m, ServerMsg::Ok { .. }))
        .await;
    refuse(
        &mut seen,
        &mut dora,
        json!({"type": "tournament_create", "settings": starts}),
        ErrorCode::TournamentRefused,
    )
    .await;
    refuse(
        &mut seen,
        &mut dora,
        json!({"type": "tournament_watch", "tournament_id": 424_242}),
        ErrorCode::NoSuchTournament,
    )
    .await;

    // A tournament's match cannot be aborted, nor rematched once over (on
    // a server of its own, on the manual clock, so that its round starts
    // when the test says); its messages name its tournament.
    let (cup_server, clock) = TestServer::with_manual_clock(Config::default()).await;
    let mut eve = Client::join(&cup_server, "eve").await;
    tests::protect(&mut eve).await;
    let cup = eve
        .request(json!({"type": "tournament_create", "settings": {
            "name": "Cup", "settings": {"ruleset": {"variant": "kalah"}, "games": 1},
            "rounds": 1, "starts_at_ms": clock.now() + 60_000}}))
        .await;
    let cup = match eve.reply(cup).await {
        ServerMsg::TournamentCreated { tournament, .. } => tournament.tournament_id,
        other => panic!("not created: {other:?}"),
    };
    let mut fay = Client::join(&cup_server, "fay").await;
    tests::tournament_enter(&mut eve, cup).await;
    tests::tournament_enter(&mut fay, cup).await;
    clock.advance(60_000);
    let started = eve
        .expect("match_started", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await;
    let ServerMsg::MatchStarted {
        match_id: board,
        players,
        tournament_id,
        ..
    } = started
    else {
        unreachable!()
    };
    assert_eq!(
        tournament_id,
        Some(cup),
        "match_started names its tournament"
    );
    tests::match_started(&mut fay).await;
    refuse(
        &mut seen,
        &mut eve,
        json!({"type": "abort", "match_id": board}),
        ErrorCode::CannotAbort,
    )
    .await;
    let (mut first, mut second) = if players[0].id == eve.player_id {
        (eve, fay)
    } else {
        (fay, eve)
    };
    let kalah = protocol::rules::Ruleset::default_for(protocol::rules::Variant::Kalah);
    Driver::new(board, kalah, lowest)
        .run([&mut first, &mut second], None)
        .await
        .expect("the board's match ends");
    let watch = first
        .request(json!({"type": "watch", "match_id": board}))
        .await;
    match first.reply(watch).await {
        ServerMsg::MatchSnapshot { snapshot, .. } => {
            assert_eq!(snapshot.tournament_id, Some(cup), "so does its snapshot");
        }
        other => panic!("no snapshot: {other:?}"),
    }
    refuse(
        &mut seen,
        &mut first,
        json!({"type": "rematch_offer", "match_id": board}),
        ErrorCode::CannotRematch,
    )
    .await;
    cup_server.stop().await;

    let all: BTreeSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    let missing: Vec<_> = all.difference(&seen).collect();
    assert!(missing.is_empty(), "never provoked: {missing:?}");
    server.stop().await;
}

#[tokio::test]
async fn an_oversized_frame_closes_only_that_connection() {
    let server = TestServer::with_config(Config {
        max_frame_bytes: 1024,
        ..Config::default()
    })
    .await;
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;

    let mut troll = Client::join(&server, "troll").await;
    let name = "x".repeat(4096);
    troll.send(json!({"type": "challenge", "name": name})).await;
    let frame = troll.closed().await.expect("a close frame");
    assert_eq!(u16::from(frame.code), close::TOO_BIG);
    assert!(frame.reason.contains("1024"), "{}", frame.reason);

    // The match and its players are untouched: it plays to the end.
    let outcome = Driver::new(match_id, Ruleset::Mangala, lowest)
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
    assert_eq!(outcome.points[0] + outcome.points[1], 1.0);
    server.stop().await;
}

#[tokio::test]
async fn health_answers_200_and_other_paths_are_refused() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = TestServer::start().await;
    let get = |path: &'static str| {
        let addr = server.addr;
        async move {
            let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
            stream
                .write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
                .await
                .expect("write");
            let mut response = String::new();
            stream.read_to_string(&mut response).await.expect("read");
            response
        }
    };
    let health = get("/healthz").await;
    assert!(health.starts_with("HTTP/1.1 200 OK"), "{health}");
    let missing = get("/nowhere").await;
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    let plain = get("/ws").await;
    assert!(plain.starts_with("HTTP/1.1 426"), "{plain}");
    server.stop().await;
}

#[tokio::test]
async fn a_token_gives_the_same_player_back() {
    let server = TestServer::start().await;
    let ann = Client::join(&server, "ann").await;
    assert_eq!(ann.token.len(), 32, "128 bits as hex");
    let (id, token) = (ann.player_id, ann.token.clone());
    ann.leave().await;
    let (again, _) = Client::rejoin(&server, &token).await;
    assert_eq!(again.player_id, id);
    assert_eq!(again.name, "ann");
    server.stop().await;
}
