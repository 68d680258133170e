//! The server's computer players over real sockets: listed in the lobby,
//! their names kept from everyone, accepting challenges at once (several
//! real-time matches at a time), playing every game of a match to its end,
//! and accepting a rematch.

use protocol::rules::Ruleset;
use protocol::wire::{ErrorCode, MatchId, Seat, ServerMsg};
use serde_json::json;
use tests::{Client, Config, TestServer};

/// A server with its computer players, who answer at once and think little.
async fn server() -> TestServer {
    TestServer::with_config(Config {
        computers: true,
        computer_delay_ms: 0,
        computer_think_ms: 40,
        ..Config::default()
    })
    .await
}

fn ruleset(json: &serde_json::Value) -> Ruleset {
    serde_json::from_value(json.clone()).expect("a ruleset")
}

/// `client` challenges `computer` with `settings`: the match it starts.
async fn challenge(
    client: &mut Client,
    computer: &str,
    settings: serde_json::Value,
) -> (MatchId, Seat) {
    let id = client
        .request(json!({"type": "challenge", "name": computer, "settings": settings}))
        .await;
    let reply = client.reply(id).await;
    assert!(
        matches!(reply, ServerMsg::ChallengeSent { .. }),
        "{reply:?}"
    );
    let ServerMsg::MatchStarted {
        match_id, players, ..
    } = client
        .wait_for("the computer accepts", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(players[1].name, computer, "the challenged is seat 1");
    (match_id, Seat::Zero)
}

#[tokio::test]
async fn the_lobby_lists_eight_computers_whose_names_nobody_else_may_take() {
    let server = server().await;
    let mut ann = Client::join(&server, "ann").await;
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    let ServerMsg::LobbySnapshot {
        computers,
        players_online,
        ..
    } = ann.reply(id).await
    else {
        panic!("a snapshot");
    };
    let names: Vec<(String, u8)> = computers.into_iter().map(|c| (c.name, c.level)).collect();
    assert_eq!(
        names,
        (1..=8)
            .map(|n| (format!("computer-{n}"), n))
            .collect::<Vec<_>>()
    );
    assert_eq!(players_online, 9, "eight computers and ann");
    for taken in ["computer-3", "Computer-8", "computer-12"] {
        let mut other = Client::connect(&server).await;
        other
            .send(json!({"type": "hello", "protocol_version": 1, "name": taken}))
            .await;
        other.expect_error(ErrorCode::NameTaken).await;
    }
}

#[tokio::test]
async fn a_computer_accepts_at_once_and_plays_a_whole_match_then_a_rematch() {
    let server = server().await;
    let mut ann = Client::join(&server, "ann").await;
    let settings =
        json!({"ruleset": {"variant": "kalah", "params": {"seeds_per_house": 3}}, "games": 2});
    let ruleset = ruleset(&json!({"variant": "kalah", "params": {"seeds_per_house": 3}}));
    let (match_id, me) = challenge(&mut ann, "computer-8", settings).await;
    let (moves, _) = tests::play_against(&mut ann, match_id, ruleset, me, None).await;
    assert!(moves > 0, "the computer moved");
    // He accepts a rematch at once.
    ann.send(json!({"type": "rematch_offer", "match_id": match_id.0}))
        .await;
    let agreed = ann
        .wait_for("the rematch", |m| {
            matches!(m, ServerMsg::RematchAgreed { .. })
        })
        .await;
    assert!(matches!(agreed, ServerMsg::RematchAgreed { .. }));
}

#[tokio::test]
async fn computers_play_several_real_time_matches_at_once_in_every_variant() {
    let server = server().await;
    let variants = protocol::rules::Variant::ALL.map(|variant| variant.id());
    let mut players = Vec::new();
    for (n, variant) in variants.iter().enumerate() {
        let mut client = Client::join(&server, &format!("p{n}")).await;
        let rules = json!({"variant": variant, "params": {}});
        let settings = json!({"ruleset": rules, "games": 1,
            "time_control": {"kind": "real_time", "initial_ms": 600_000, "increment_ms": 0}});
        // The same computer for all: real-time matches, all at once.
        let (match_id, me) = challenge(&mut client, "computer-5", settings).await;
        players.push((client, match_id, me, ruleset(&rules)));
    }
    let games = players
        .into_iter()
        .map(|(mut client, match_id, me, ruleset)| {
            tokio::spawn(async move {
                tests::play_against(&mut client, match_id, ruleset, me, None).await
            })
        });
    for game in games.collect::<Vec<_>>() {
        game.await.expect("a match played out");
    }
}

#[tokio::test]
async fn a_player_nobody_comes_for_in_quick_pairing_gets_a_computer_after_the_wait() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        computers: true,
        computer_delay_ms: 0,
        computer_think_ms: 20,
        computer_pool_wait_ms: 30_000,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1});
    let id = ann
        .request(json!({"type": "pool_join", "settings": settings}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::PoolJoined { .. }));
    // A second short of the wait: waves come and go, she still waits.
    let waves = server.metric("mancala_pool_waves_total").await;
    manual.advance(29_000);
    server
        .settled_metric("mancala_pool_waves_total", |v| v > waves)
        .await;
    // The wave that ran (its count is taken after the computers had their
    // look) started no match.
    assert_eq!(
        server.metric("mancala_matches_live").await,
        0.0,
        "no match before the wait"
    );
    // Past it: a computer of about her rating (a new player's 1500: level 4).
    manual.advance(1_000);
    let ServerMsg::MatchStarted {
        match_id, players, ..
    } = ann
        .wait_for("a computer takes her on", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(players[0].name, "ann", "she waited: seat 0");
    assert_eq!(players[1].name, "computer-4");
    let kalah = ruleset(&json!({"variant": "kalah", "params": {}}));
    let (theirs, ended) = tests::play_against(&mut ann, match_id, kalah, Seat::Zero, None).await;
    assert!(ended && theirs > 0);
}

/// Thirty guests flood computer-8 with challenges: he takes on his most
/// matches at once and the rest are refused to their senders with a reason;
/// his refusals never close him, so he stays listed and plays on, and once
/// a match of his ends he takes on the next challenger.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_challenges_costs_the_challengers_not_the_computer() {
    let server = TestServer::with_config(Config {
        computers: true,
        computer_delay_ms: 0,
        computer_think_ms: 20,
        computer_max_matches: 3,
        ..Config::default()
    })
    .await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1});
    let mut guests = Vec::new();
    for n in 0..30 {
        guests.push(Client::join(&server, &format!("guest{n}")).await);
    }
    let mut started = Vec::new();
    let mut busy = 0;
    for (n, guest) in guests.iter_mut().enumerate() {
        for _ in 0..5 {
            let id = guest
                .request(json!({"type": "challenge", "name": "computer-8", "settings": settings}))
                .await;
            match guest.reply(id).await {
                ServerMsg::ChallengeSent { .. } => {
                    let (match_id, _) = tests::match_started(guest).await;
                    started.push((n, match_id));
                }
                ServerMsg::Error { code, message, .. } => {
                    assert_eq!(code, ErrorCode::TooManyMatches);
                    assert_eq!(
                        message,
                        "computer-8 is playing 3 matches at once, the most a computer takes on: \
                         try another computer, or again when one of his ends"
                    );
                    busy += 1;
                }
                other => panic!("a challenge is sent or refused, got {other:?}"),
            }
        }
    }
    assert_eq!(started.len(), 3, "his most matches");
    assert_eq!(busy, 147, "every other challenge refused to its sender");
    // Still online and listed, never closed for the refusals.
    let mut ann = Client::join(&server, "ann").await;
    let id = ann.request(json!({"type": "lobby_subscribe"})).await;
    let ServerMsg::LobbySnapshot { computers, .. } = ann.reply(id).await else {
        panic!("a snapshot")
    };
    assert!(computers.iter().any(|c| c.name == "computer-8"));
    assert_eq!(
        server
            .metric("mancala_closes_total{reason=\"too_slow\"}")
            .await,
        0.0
    );
    assert_eq!(server.metric("mancala_computer_restarts_total").await, 0.0);
    // One of his matches ends: the next challenger is taken on and played.
    let (first_guest, first_match) = started[0];
    let first_guest = &mut guests[first_guest];
    let id = first_guest
        .request(json!({"type": "resign", "match_id": first_match.0}))
        .await;
    first_guest.reply(id).await;
    // The server frees his seat before it unlists the match: once the
    // lobby says it is gone, he takes on a challenge.
    ann.wait_for(
        "the resigned match unlisted",
        |m| matches!(m, ServerMsg::MatchUnlisted { match_id } if *match_id == first_match),
    )
    .await;
    let (match_id, me) = challenge(&mut ann, "computer-8", settings.clone()).await;
    let kalah = ruleset(&json!({"variant": "kalah", "params": {}}));
    let (moves, _) = tests::play_against(&mut ann, match_id, kalah, me, None).await;
    assert!(moves > 0, "he plays");
    server.stop().await;
}

/// Challenges waiting for one player are capped, and each player's
/// challenges draw on a budget of their own, whatever his connections.
#[tokio::test]
async fn challenges_to_one_player_and_from_one_player_are_bounded() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        max_challenges_to_player: 3,
        challenges_per_minute: 4,
        ..Config::default()
    })
    .await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1});
    let mut bob = Client::join(&server, "bob").await;
    let mut senders = Vec::new();
    for n in 0..4 {
        let mut sender = Client::join(&server, &format!("s{n}")).await;
        let id = sender
            .request(json!({"type": "challenge", "name": "bob", "settings": settings}))
            .await;
        let reply = sender.reply(id).await;
        senders.push((sender, reply));
    }
    for (_, reply) in &senders[..3] {
        assert!(
            matches!(reply, ServerMsg::ChallengeSent { .. }),
            "{reply:?}"
        );
    }
    match &senders[3].1 {
        ServerMsg::Error { code, message, .. } => {
            assert_eq!(*code, ErrorCode::TooManyChallenges);
            assert_eq!(
                message,
                "bob has 3 challenges waiting, the most one player may have: try again later"
            );
        }
        other => panic!("refused, got {other:?}"),
    }
    bob.clear_backlog();
    // One challenger, challenging and withdrawing: four, then refused
    // until the budget fills again (one every 15 s).
    let mut cat = Client::join(&server, "cat").await;
    let mut dan = Client::join(&server, "dan").await;
    let challenge_dan = async |cat: &mut Client| {
        let id = cat
            .request(json!({"type": "challenge", "name": "dan", "settings": settings}))
            .await;
        cat.reply(id).await
    };
    for _ in 0..4 {
        let ServerMsg::ChallengeSent { challenge, .. } = challenge_dan(&mut cat).await else {
            panic!("sent")
        };
        let id = cat
            .request(json!({"type": "challenge_withdraw", "challenge_id": challenge.challenge_id}))
            .await;
        assert!(matches!(cat.reply(id).await, ServerMsg::Ok { .. }));
    }
    assert!(matches!(
        challenge_dan(&mut cat).await,
        ServerMsg::Error {
            code: ErrorCode::RateLimited,
            ..
        }
    ));
    manual.advance(15_000);
    assert!(matches!(
        challenge_dan(&mut cat).await,
        ServerMsg::ChallengeSent { .. }
    ));
    dan.clear_backlog();
    server.stop().await;
}

/// Move in `client`'s match `match_id` as `me` (the first legal house)
/// until it is the other seat's turn; that turn's game and ply.
async fn move_until_their_turn(client: &mut Client, match_id: MatchId, me: Seat) -> (u8, u32) {
    loop {
        let msg = client
            .expect("a game start or a move", |m| match m {
                ServerMsg::GameStarted { match_id: id, .. }
                | ServerMsg::MovePlayed { match_id: id, .. } => *id == match_id,
                _ => false,
            })
            .await;
        let (game, ply, next, legal) = match msg {
            ServerMsg::GameStarted {
                game, first, legal, ..
            } => (game, 0, Some(first), legal),
            ServerMsg::MovePlayed {
                game,
                ply,
                next,
                legal,
                ..
            } => (game, ply, next, legal),
            _ => unreachable!(),
        };
        if next != Some(me) {
            return (game, ply);
        }
        client
            .send(json!({"type": "move", "match_id": match_id.0, "game": game, "ply": ply + 1, "house": legal[0]}))
            .await;
    }
}

/// With the one search thread held by computer-8's long search, computer-1's
/// turn in a real-time game does not wait for it: once his move's time
/// (a twentieth of his clock) has passed on the server's clock, he plays the
/// quick search's move, and never loses on time for the others' searches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_waiting_for_a_search_thread_plays_a_quick_move_in_time() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        computers: true,
        computer_delay_ms: 0,
        computer_threads: 1,
        // Computer-8's untimed search takes ten minutes of the one thread.
        computer_think_ms: 600_000,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    let untimed = json!({"ruleset": {"variant": "mangala", "params": {}}, "games": 1});
    let (long, me) = challenge(&mut ann, "computer-8", untimed).await;
    move_until_their_turn(&mut ann, long, me).await;
    let mut bob = Client::join(&server, "bob").await;
    let blitz = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 1,
        "time_control": {"kind": "real_time", "initial_ms": 30_000, "increment_ms": 0}});
    let (quick, me) = challenge(&mut bob, "computer-1", blitz).await;
    let (game, ply) = move_until_their_turn(&mut bob, quick, me).await;
    // Both computers' moves are being chosen: computer-8's searching,
    // computer-1's waiting behind it. His move's time passes.
    server
        .settled_metric("mancala_computer_moves_pending", |v| v == 2.0)
        .await;
    manual.advance(1_500);
    let played = bob
        .expect("computer-1's move", |m| {
            matches!(m, ServerMsg::MovePlayed { match_id, game: g, ply: p, .. }
                if *match_id == quick && *g == game && *p == ply + 1)
        })
        .await;
    let ServerMsg::MovePlayed { seat, clocks, .. } = played else {
        unreachable!()
    };
    assert_ne!(seat, me, "the computer moved");
    let left = clocks.expect("a real-time clock").remaining_ms[seat.index()];
    assert!(
        left >= 28_500,
        "charged at most his move's time: {left} ms left"
    );
    assert!(server.metric("mancala_computer_fallbacks_total").await >= 1.0);
    server.stop().await;
}
