//! The lobby: snapshot and live changes; seeks (create, cancel, accept,
//! private codes); quick pairing; challenges.

use protocol::wire::{ChallengeCloseReason, ErrorCode, ServerMsg};
use serde_json::json;
use tests::{Client, Config, TestServer, match_started};

fn is<'a>(kind: &'a str) -> impl Fn(&ServerMsg) -> bool + 'a {
    move |m| {
        serde_json::to_value(m)
            .ok()
            .and_then(|v| v["type"].as_str().map(|t| t == kind))
            == Some(true)
    }
}

#[tokio::test]
async fn the_lobby_gives_a_snapshot_then_every_change_until_unsubscribed() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let id = ann
        .request(json!({"type": "seek_create", "settings": {"ruleset": {"variant": "kalah", "params": {"seeds_per_house": 5}}, "games": 3}}))
        .await;
    let seek = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };

    let mut watcher = Client::join(&server, "watcher").await;
    let id = watcher.request(json!({"type": "lobby_subscribe"})).await;
    match watcher.reply(id).await {
        ServerMsg::LobbySnapshot {
            seeks,
            matches,
            players_online,
            ..
        } => {
            assert_eq!(seeks, vec![seek.clone()]);
            assert!(matches.is_empty());
            assert_eq!(players_online, 2);
        }
        other => panic!("{other:?}"),
    }

    // A new player comes online, takes the seek: the watcher sees each change.
    let mut bob = Client::join(&server, "bob").await;
    match watcher.expect("players_online", is("players_online")).await {
        ServerMsg::PlayersOnline { count } => assert_eq!(count, 3),
        other => panic!("{other:?}"),
    }
    bob.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    match watcher.expect("seek_removed", is("seek_removed")).await {
        ServerMsg::SeekRemoved { seek_id } => assert_eq!(seek_id, seek.seek_id),
        other => panic!("{other:?}"),
    }
    let summary = match watcher.expect("match_listed", is("match_listed")).await {
        ServerMsg::MatchListed { summary } => summary,
        other => panic!("{other:?}"),
    };
    assert_eq!(summary.players[0].name, "ann");
    assert_eq!(summary.players[1].name, "bob");
    assert_eq!(summary.settings.games, 3);
    assert_eq!(summary.points, [0.0, 0.0]);

    // A spectator arrives: the count reaches the lobby (throttled).
    let mut eve = Client::join(&server, "eve").await;
    eve.send(json!({"type": "watch", "match_id": summary.match_id}))
        .await;
    let changed = watcher
        .expect(
            "match_changed with a spectator",
            |m| matches!(m, ServerMsg::MatchChanged { summary } if summary.spectators == 1),
        )
        .await;
    assert!(matches!(changed, ServerMsg::MatchChanged { .. }));

    // Resigning a game changes the score line; aborting is too late then... so forfeit.
    let (match_id, _) = match_started(&mut ann).await;
    ann.send(json!({"type": "forfeit", "match_id": match_id}))
        .await;
    match watcher.expect("match_unlisted", is("match_unlisted")).await {
        ServerMsg::MatchUnlisted { match_id: id } => assert_eq!(id, match_id),
        other => panic!("{other:?}"),
    }

    // Unsubscribed, the watcher hears nothing more: the next thing it gets is
    // the reply to its own later request, not the new seek.
    let id = watcher.request(json!({"type": "lobby_unsubscribe"})).await;
    assert!(matches!(watcher.reply(id).await, ServerMsg::Ok { .. }));
    watcher.clear_backlog();
    let id = ann.request(json!({"type": "seek_create"})).await;
    ann.reply(id).await;
    let id = watcher.request(json!({"type": "pool_leave"})).await;
    let next = watcher.expect("anything", |_| true).await;
    assert!(
        matches!(
            &next,
            ServerMsg::Error {
                code: ErrorCode::NotInPool,
                ..
            }
        ),
        "expected only the reply to {id}, got {next:?}"
    );
    server.stop().await;
}

#[tokio::test]
async fn someone_not_signed_in_follows_what_everyone_sees_and_signing_in_makes_it_his() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let mut visitor = Client::connect(&server).await;
    let id = visitor.request(json!({"type": "lobby_subscribe"})).await;
    match visitor.reply(id).await {
        ServerMsg::LobbySnapshot { players_online, .. } => assert_eq!(players_online, 1),
        other => panic!("expected the lobby, got {other:?}"),
    }
    // Only the lobby: anything else still waits for hello.
    let id = visitor.request(json!({"type": "pool_leave"})).await;
    assert!(matches!(
        visitor.reply(id).await,
        ServerMsg::Error {
            code: ErrorCode::HelloRequired,
            ..
        }
    ));

    // A seek with a rating range is not shown to someone with no rating;
    // one without is, live.
    let timed = json!({"games": 1, "ruleset": {"variant": "kalah"}, "time_control": {"kind": "real_time", "initial_ms": 600_000, "increment_ms": 0}, "rated": true});
    let id = ann
        .request(json!({"type": "seek_create", "settings": timed, "rating_range": {"min": 1400, "max": 1700}}))
        .await;
    let ranged = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    let id = ann
        .request(json!({"type": "seek_create", "settings": {"ruleset": {"variant": "mangala"}, "games": 1}}))
        .await;
    let open = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    let added = visitor.expect("a seek", is("seek_added")).await;
    assert!(
        matches!(&added, ServerMsg::SeekAdded { seek } if seek.seek_id == open.seek_id),
        "the open seek first and only: {added:?}"
    );

    // He signs in on the same connection: the subscription becomes his, with
    // a snapshot of what he may see (the ranged seek admits his 1500).
    visitor.hello("visitor").await;
    match visitor.expect("his lobby", is("lobby_snapshot")).await {
        ServerMsg::LobbySnapshot {
            id,
            seeks,
            players_online,
            ..
        } => {
            assert_eq!(id, None);
            assert_eq!(players_online, 2);
            let ids: Vec<_> = seeks.iter().map(|s| s.seek_id).collect();
            assert!(
                ids.contains(&ranged.seek_id) && ids.contains(&open.seek_id),
                "{ids:?}"
            );
        }
        _ => unreachable!(),
    }
    server.stop().await;
}

#[tokio::test]
async fn seeks_are_cancelled_limited_and_vanish_with_their_owner() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        max_open_seeks: 2,
        seek_grace_ms: 15_000,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let mut seeks = Vec::new();
    for _ in 0..2 {
        let id = ann.request(json!({"type": "seek_create"})).await;
        match ann.reply(id).await {
            ServerMsg::SeekCreated { seek, .. } => seeks.push(seek.seek_id),
            other => panic!("{other:?}"),
        }
    }
    ann.request(json!({"type": "seek_create"})).await;
    ann.expect_error(ErrorCode::TooManySeeks).await;

    // Cancel one: only its owner can, and it is gone for everyone.
    bob.request(json!({"type": "seek_cancel", "seek_id": seeks[0]}))
        .await;
    bob.expect_error(ErrorCode::NoSuchSeek).await;
    let id = ann
        .request(json!({"type": "seek_cancel", "seek_id": seeks[0]}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::Ok { .. }));
    bob.request(json!({"type": "seek_accept", "seek_id": seeks[0]}))
        .await;
    bob.expect_error(ErrorCode::NoSuchSeek).await;
    ann.request(json!({"type": "seek_accept", "seek_id": seeks[1]}))
        .await;
    ann.expect_error(ErrorCode::OwnSeek).await;

    // Settings out of range are refused.
    ann.request(json!({"type": "seek_create", "settings": {"games": 10}}))
        .await;
    ann.expect_error(ErrorCode::InvalidSettings).await;
    ann.request(json!({"type": "seek_create", "settings": {"ruleset": {"variant": "kalah", "params": {"seeds_per_house": 9}}}})).await;
    ann.expect_error(ErrorCode::InvalidField).await;
    // Kalah on fewer houses is a ruleset for solving, not one the server plays.
    ann.request(json!({"type": "seek_create", "settings": {"ruleset": {"variant": "kalah", "params": {"houses": 4, "seeds_per_house": 3}}}})).await;
    ann.expect_error(ErrorCode::InvalidSettings).await;

    // The owner leaves and does not come back: his seeks go after the grace period.
    let id = bob.request(json!({"type": "lobby_subscribe"})).await;
    match bob.reply(id).await {
        ServerMsg::LobbySnapshot { seeks: listed, .. } => assert_eq!(listed.len(), 1),
        other => panic!("{other:?}"),
    }
    ann.leave().await;
    // Once the server knows she is gone, her seeks wait the grace period out.
    bob.expect("players_online", |m| {
        matches!(m, ServerMsg::PlayersOnline { count: 1 })
    })
    .await;
    manual.advance(14_999);
    let id = bob.request(json!({"type": "pool_leave"})).await;
    bob.reply(id).await;
    assert!(!bob.has_seen(is("seek_removed")), "not a millisecond early");
    manual.advance(1);
    match bob.expect("seek_removed", is("seek_removed")).await {
        ServerMsg::SeekRemoved { seek_id } => assert_eq!(seek_id, seeks[1]),
        other => panic!("{other:?}"),
    }
    server.stop().await;
}

#[tokio::test]
async fn a_private_seek_is_unlisted_and_joined_by_its_code() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let id = bob.request(json!({"type": "lobby_subscribe"})).await;
    bob.reply(id).await;
    let (seek, code) = tests::private_seek(&mut ann, json!({})).await;
    // Not listed, not joinable by id, and a wrong code finds nothing.
    bob.request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    bob.expect_error(ErrorCode::NoSuchSeek).await;
    bob.request(json!({"type": "seek_join", "code": "not-the-code"}))
        .await;
    bob.expect_error(ErrorCode::NoSuchSeek).await;
    let id = bob
        .request(json!({"type": "seek_join", "code": code}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    let (_, players) = match_started(&mut bob).await;
    assert_eq!(players, [ann.player_id, bob.player_id]);
    let (_, _) = match_started(&mut ann).await;
    assert!(
        !bob.has_seen(is("seek_added")),
        "a private seek is never announced"
    );
    server.stop().await;
}

#[tokio::test]
async fn quick_pairing_matches_the_first_two_with_the_same_settings() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let mut cid = Client::join(&server, "cid").await;
    let oware = json!({"ruleset": {"variant": "oware"}});
    let id = ann
        .request(json!({"type": "pool_join", "settings": oware}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::PoolJoined { .. }));
    ann.request(json!({"type": "pool_join", "settings": oware}))
        .await;
    ann.expect_error(ErrorCode::AlreadyInPool).await;
    // Different settings wait apart.
    let id = bob
        .request(json!({"type": "pool_join", "settings": {"ruleset": {"variant": "kalah"}}}))
        .await;
    bob.reply(id).await;
    let id = bob.request(json!({"type": "pool_leave"})).await;
    assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    bob.request(json!({"type": "pool_leave"})).await;
    bob.expect_error(ErrorCode::NotInPool).await;
    // The same settings pair at once; the one who waited is seat 0.
    cid.request(json!({"type": "pool_join", "settings": oware}))
        .await;
    let (match_id, players) = match_started(&mut cid).await;
    assert_eq!(players, [ann.player_id, cid.player_id]);
    let (ann_match, _) = match_started(&mut ann).await;
    assert_eq!(ann_match, match_id);
    // Leaving the server leaves the pool too: bob waits, leaves, dan finds nobody.
    let id = bob.request(json!({"type": "pool_join"})).await;
    bob.reply(id).await;
    bob.leave().await;
    let mut dan = Client::join(&server, "dan").await;
    let id = dan.request(json!({"type": "pool_join"})).await;
    assert!(matches!(dan.reply(id).await, ServerMsg::PoolJoined { .. }));
    let id = dan.request(json!({"type": "pool_leave"})).await;
    assert!(
        matches!(dan.reply(id).await, ServerMsg::Ok { .. }),
        "dan was still waiting: nobody was paired with him"
    );
    assert!(!dan.has_seen(is("match_started")));
    server.stop().await;
}

#[tokio::test]
async fn challenges_are_accepted_declined_withdrawn_and_expire() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        challenge_ttl_ms: 60_000,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;

    ann.request(json!({"type": "challenge", "name": "nobody"}))
        .await;
    ann.expect_error(ErrorCode::NoSuchPlayer).await;
    ann.request(json!({"type": "challenge", "name": "ANN"}))
        .await;
    ann.expect_error(ErrorCode::SelfChallenge).await;

    async fn challenge(ann: &mut Client) -> u64 {
        ann.request(json!({"type": "challenge", "name": "Bob", "settings": {"games": 1}}))
            .await
    }
    // Declined.
    let id = challenge(&mut ann).await;
    let sent = match ann.reply(id).await {
        ServerMsg::ChallengeSent { challenge, .. } => challenge,
        other => panic!("{other:?}"),
    };
    let received = match bob
        .expect("challenge_received", is("challenge_received"))
        .await
    {
        ServerMsg::ChallengeReceived { challenge } => challenge,
        other => panic!("{other:?}"),
    };
    assert_eq!(sent, received);
    ann.request(json!({"type": "challenge_decline", "challenge_id": sent.challenge_id}))
        .await;
    ann.expect_error(ErrorCode::NoSuchChallenge).await;
    let id = bob
        .request(json!({"type": "challenge_decline", "challenge_id": sent.challenge_id}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    let closed = ann.expect("challenge_closed", is("challenge_closed")).await;
    assert!(matches!(
        closed,
        ServerMsg::ChallengeClosed {
            reason: ChallengeCloseReason::Declined,
            ..
        }
    ));

    // Withdrawn.
    let id = challenge(&mut ann).await;
    let sent = match ann.reply(id).await {
        ServerMsg::ChallengeSent { challenge, .. } => challenge,
        other => panic!("{other:?}"),
    };
    bob.request(json!({"type": "challenge_withdraw", "challenge_id": sent.challenge_id}))
        .await;
    bob.expect_error(ErrorCode::NoSuchChallenge).await;
    let id = ann
        .request(json!({"type": "challenge_withdraw", "challenge_id": sent.challenge_id}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::Ok { .. }));
    let closed = bob
        .expect("withdrawn", |m| {
            matches!(
                m,
                ServerMsg::ChallengeClosed {
                    reason: ChallengeCloseReason::Withdrawn,
                    ..
                }
            )
        })
        .await;
    assert!(matches!(closed, ServerMsg::ChallengeClosed { .. }));
    bob.request(json!({"type": "challenge_accept", "challenge_id": sent.challenge_id}))
        .await;
    bob.expect_error(ErrorCode::NoSuchChallenge).await;

    // Expired: nobody answers within the configured time.
    let id = challenge(&mut ann).await;
    ann.reply(id).await;
    bob.expect("challenge_received", is("challenge_received"))
        .await;
    manual.advance(59_999);
    let id = bob.request(json!({"type": "pool_leave"})).await;
    bob.reply(id).await;
    assert!(
        !bob.has_seen(is("challenge_closed")),
        "not expired a millisecond early"
    );
    manual.advance(1);
    for client in [&mut ann, &mut bob] {
        client
            .expect("expired", |m| {
                matches!(
                    m,
                    ServerMsg::ChallengeClosed {
                        reason: ChallengeCloseReason::Expired,
                        ..
                    }
                )
            })
            .await;
    }

    // Accepted: the match starts with the challenger in seat 0.
    let id = challenge(&mut ann).await;
    let sent = match ann.reply(id).await {
        ServerMsg::ChallengeSent { challenge, .. } => challenge,
        other => panic!("{other:?}"),
    };
    let id = bob
        .request(json!({"type": "challenge_accept", "challenge_id": sent.challenge_id}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::Ok { .. }));
    let (_, players) = match_started(&mut ann).await;
    assert_eq!(players, [ann.player_id, bob.player_id]);
    server.stop().await;
}
