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
    let variants = ["mangala", "kalah", "oware", "kalah_relay", "congkak"];
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
