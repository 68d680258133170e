//! Rated matches over real sockets: both players' ratings change by what
//! Glicko-2 gives (computed here again, independently of the server's
//! code), a forfeit counts the games not played, casual and aborted
//! matches change nothing, and the profile and leaderboard pages show it
//! all, across a restart.

use protocol::rules::Ruleset;
use protocol::wire::{ErrorCode, MatchEndReason, MatchId, RatingChange, Seat, ServerMsg};
use serde_json::{Value, json};
use tests::{Client, Config, Driver, TestServer, varied};

/// Glicko-2 once more, written from the paper apart from the server's
/// code; step 5's volatility is found by bisection instead of the Illinois
/// iteration. `(rating, deviation, volatility)` after one period.
fn glicko2(me: (f64, f64, f64), results: &[((f64, f64), f64)]) -> (f64, f64, f64) {
    let scale = 173.7178;
    let tau: f64 = 0.5;
    let (mu, phi, sigma) = ((me.0 - 1500.0) / scale, me.1 / scale, me.2);
    let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / std::f64::consts::PI.powi(2)).sqrt();
    let mut v_inverse = 0.0;
    let mut sum = 0.0;
    for &((rating, deviation), score) in results {
        let (mu_j, phi_j) = ((rating - 1500.0) / scale, deviation / scale);
        let e = 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        v_inverse += g(phi_j).powi(2) * e * (1.0 - e);
        sum += g(phi_j) * (score - e);
    }
    let v = 1.0 / v_inverse;
    let delta = v * sum;
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    // f falls from positive to negative: bisect a wide bracket.
    let (mut low, mut high) = (a - 20.0, a + 20.0);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let sigma = (low / 2.0).exp();
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu = mu + phi * phi * sum;
    (mu * scale + 1500.0, phi * scale, sigma)
}

/// Seat 0's and seat 1's expected changes for a match whose games went
/// `winners` way, both starting from `before` (rating, deviation, volatility).
fn expected(before: [(f64, f64, f64); 2], winners: &[Option<Seat>]) -> [(f64, f64, f64); 2] {
    [Seat::Zero, Seat::One].map(|seat| {
        let me = before[seat.index()];
        let them = before[seat.opponent().index()];
        let results: Vec<((f64, f64), f64)> = winners
            .iter()
            .map(|winner| {
                let score = match winner {
                    Some(w) if *w == seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                ((them.0, them.1), score)
            })
            .collect();
        glicko2(me, &results)
    })
}

fn assert_close(change: &RatingChange, expected: (f64, f64, f64), before: f64) {
    assert!((change.before - before).abs() < 1e-6, "{change:?}");
    assert!(
        (change.after - expected.0).abs() < 1e-3,
        "{change:?} against {expected:?}"
    );
    assert!(
        (change.deviation - expected.1).abs() < 1e-3,
        "{change:?} against {expected:?}"
    );
    assert_eq!(change.provisional, change.deviation > 110.0);
}

fn rated(games: u8) -> Value {
    json!({
        "games": games,
        "ruleset": {"variant": "kalah"},
        "time_control": {"kind": "real_time", "initial_ms": 600_000, "increment_ms": 0},
        "rated": true,
    })
}

async fn ok(client: &mut Client, request: Value) {
    let id = client.request(request).await;
    match client.reply(id).await {
        ServerMsg::Ok { .. } => {}
        other => panic!("expected ok, got {other:?}"),
    }
}

/// The rating in `pool` of a profile's `ratings`.
fn rating_in(profile: &Value, variant: &str, speed: &str) -> Option<Value> {
    profile["ratings"]
        .as_array()?
        .iter()
        .find(|r| r["variant"] == variant && r["speed"] == speed)
        .cloned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_matches_change_both_ratings_by_glicko2_and_the_pages_show_it() {
    let dir = tempfile::tempdir().expect("a directory");
    let config = tests::on_disk(dir.path(), "ratings.sqlite3");
    let server = TestServer::with_config(config.clone()).await;
    let start = (1500.0, 350.0, 0.06);

    // A three-game match played out.
    let (mut ann, mut bob, match_id) = tests::seek_match(&server, ["ann", "bob"], rated(3)).await;
    let outcome = Driver::new(match_id, Ruleset::Kalah(Default::default()), varied)
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 3);
    let changes = outcome
        .ratings
        .expect("a rated match's end carries its ratings");
    let want = expected([start, start], &outcome.game_winners);
    assert_close(&changes[0], want[0], 1500.0);
    assert_close(&changes[1], want[1], 1500.0);
    let after_first = [want[0], want[1]];

    // A second one that ann (seat 0) forfeits in game 1: she loses it and
    // the two games not played.
    let id = ann
        .request(json!({"type": "seek_create", "settings": rated(3)}))
        .await;
    let seek = match ann.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    };
    // The seek shows ann's rating, and the match both players' as it began.
    let shown = seek.rating.expect("a timed seek shows its owner's rating");
    assert!((shown.rating - after_first[0].0).abs() < 1e-3 && shown.provisional);
    bob.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let started = bob
        .expect("match_started", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await;
    let ServerMsg::MatchStarted {
        match_id: second,
        ratings: Some(at_start),
        ..
    } = started
    else {
        panic!("a timed match starts with its players' ratings: {started:?}");
    };
    for seat in 0..2 {
        assert!(
            (at_start[seat].rating - after_first[seat].0).abs() < 1e-3,
            "{at_start:?}"
        );
    }
    tests::match_started(&mut ann).await;
    ok(&mut ann, json!({"type": "forfeit", "match_id": second})).await;
    let ended = bob
        .expect(
            "match_ended",
            |m| matches!(m, ServerMsg::MatchEnded { match_id, .. } if *match_id == second),
        )
        .await;
    let ServerMsg::MatchEnded {
        reason: MatchEndReason::Forfeit,
        ratings: Some(changes),
        ..
    } = ended
    else {
        panic!("a rated forfeit carries its ratings: {ended:?}");
    };
    let lost = [Some(Seat::One); 3];
    let want = expected(after_first, &lost);
    assert_close(&changes[0], want[0], after_first[0].0);
    assert_close(&changes[1], want[1], after_first[1].0);
    assert!(changes[0].after < changes[0].before && changes[1].after > changes[1].before);

    // A casual match and an aborted rated one change nothing.
    let mut cat = Client::join(&server, "cat").await;
    let mut dan = Client::join(&server, "dan").await;
    let id = cat
        .request(json!({"type": "seek_create", "settings": {"games": 1}}))
        .await;
    let seek = match cat.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    };
    assert_eq!(seek.rating, None, "an untimed seek has no rating to show");
    dan.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let started = dan
        .expect("match_started", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await;
    let ServerMsg::MatchStarted {
        match_id: casual,
        ratings: None,
        ..
    } = started
    else {
        panic!("an untimed match has no ratings: {started:?}");
    };
    tests::match_started(&mut cat).await;
    ok(&mut cat, json!({"type": "forfeit", "match_id": casual})).await;
    let ended = dan
        .expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    assert!(
        matches!(ended, ServerMsg::MatchEnded { ratings: None, .. }),
        "{ended:?}"
    );
    let (mut eve, _fay, aborted) = tests::seek_match(&server, ["eve", "fay"], rated(3)).await;
    let id = eve
        .request(json!({"type": "abort", "match_id": aborted}))
        .await;
    eve.reply(id).await;
    let ended = eve
        .expect("match_ended", |m| matches!(m, ServerMsg::MatchEnded { .. }))
        .await;
    assert!(
        matches!(
            ended,
            ServerMsg::MatchEnded {
                reason: MatchEndReason::Aborted,
                ratings: None,
                ..
            }
        ),
        "{ended:?}"
    );

    // An untimed match cannot be rated.
    let id = cat
        .request(json!({"type": "seek_create", "settings": {"games": 1, "rated": true}}))
        .await;
    match cat.reply(id).await {
        ServerMsg::Error { code, .. } => assert_eq!(code, ErrorCode::InvalidSettings),
        other => panic!("expected invalid_settings, got {other:?}"),
    }

    // The profile, before and after a restart.
    let tokens = [ann.token.clone(), bob.token.clone()];
    let won = outcome
        .game_winners
        .iter()
        .filter(|w| **w == Some(Seat::Zero))
        .count() as u64;
    let shown = Shown {
        rating: want[0].0,
        won,
        last_match: second.0,
    };
    check_profile(&server, &shown).await;
    drop((ann, bob));
    let addr = server.addr;
    assert!(server.stop().await);
    let server = TestServer::on(addr, config).await;
    let (_ann, _) = Client::rejoin(&server, &tokens[0]).await;
    check_profile(&server, &shown).await;
    let (status, body) = server.get_json("/api/players/nobody").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("no_such_player"))
    );
    let (status, body) = server.get_json("/api/leaderboard?speed=blitz").await;
    assert_eq!(status, 400, "{body}");
    // A name in any script, percent-encoded as a browser sends it.
    let _ayse = Client::join(&server, "Ayşe").await;
    let (status, body) = server.get_json("/api/players/Ay%C5%9Fe").await;
    assert_eq!(
        (status, body["name"].as_str()),
        (200, Some("Ayşe")),
        "{body}"
    );
    server.stop().await;
}

/// What ann's profile must show.
struct Shown {
    rating: f64,
    /// Games she won.
    won: u64,
    last_match: u64,
}

async fn check_profile(server: &TestServer, shown: &Shown) {
    let (status, profile) = server.get_json("/api/players/ANN").await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["name"], "ann", "names are found in any case");
    let rating = rating_in(&profile, "kalah", "real_time").expect("a kalah rating");
    let value = rating["rating"].as_f64().expect("a number");
    assert!((value - shown.rating).abs() < 1e-3, "{rating}");
    assert_eq!(rating["games"], 6, "three played, three forfeited");
    assert_eq!(rating["provisional"], true);
    let history = profile["rating_history"].as_array().expect("history");
    assert_eq!(history.len(), 2, "one row per rated match: {history:?}");
    assert_eq!(history[1]["match_id"], shown.last_match);
    assert_eq!(profile["record"]["games"]["won"], shown.won, "{profile}");
    let matches = &profile["record"]["matches"];
    let counted = ["won", "drawn", "lost"].map(|k| matches[k].as_u64().unwrap_or(0));
    assert_eq!(counted.iter().sum::<u64>(), 2, "two matches: {profile}");
    assert_eq!(
        counted[2].max(1),
        counted[2],
        "the forfeit is lost: {profile}"
    );
    assert_eq!(profile["recent_matches"][0]["match_id"], shown.last_match);
    let (status, board) = server
        .get_json("/api/leaderboard?variant=kalah&speed=real_time")
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        board["players"],
        json!([]),
        "provisional ratings are not on the board"
    );
}

/// A rated nine-game match that `seeker` opens and `other` joins, each
/// game agreed drawn except the first, which `other` resigns when
/// `other_resigns_first`; the changes `match_ended` carried.
async fn agreed(
    seeker: &mut Client,
    other: &mut Client,
    other_resigns_first: bool,
) -> [RatingChange; 2] {
    let match_id = tests::seek_taken(seeker, other, rated(9)).await;
    for game in 1..=9 {
        if game == 1 && other_resigns_first {
            ok(other, json!({"type": "resign", "match_id": match_id})).await;
        } else {
            ok(seeker, json!({"type": "draw_offer", "match_id": match_id})).await;
            ok(other, json!({"type": "draw_accept", "match_id": match_id})).await;
        }
    }
    rated_end(seeker, match_id).await
}

#[tokio::test]
async fn established_ratings_make_the_leaderboard_best_first() {
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let board = "/api/leaderboard?variant=kalah&speed=real_time";
    // Nine draws a match: a new player's deviation goes from 350 to about
    // 155, 106, then 81 (the provisional line is 110).
    let first = agreed(&mut ann, &mut bob, false).await;
    assert!(first[0].provisional && first[1].provisional, "{first:?}");
    let (status, shown) = server.get_json(board).await;
    assert_eq!((status, shown["players"].clone()), (200, json!([])));
    agreed(&mut bob, &mut ann, false).await;
    // Bob resigns game 1 of the third: ann ends higher.
    let last = agreed(&mut ann, &mut bob, true).await;
    assert!(!last[0].provisional && !last[1].provisional, "{last:?}");
    assert!(last[0].after > last[1].after, "{last:?}");
    let (_, shown) = server.get_json(board).await;
    let names: Vec<&str> = shown["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["ann", "bob"], "{shown}");
    assert_eq!(shown["players"][0]["rank"], 1);
    assert_eq!(shown["players"][0]["games"], 27);
    let top = shown["players"][0]["rating"].as_f64().expect("a rating");
    assert!((top - last[0].after).abs() < 1e-9, "{shown} {last:?}");
    // Another pool is empty.
    let (_, shown) = server
        .get_json("/api/leaderboard?variant=kalah&speed=correspondence")
        .await;
    assert_eq!(shown["players"], json!([]));
    server.stop().await;
}

/// Join the quick-pairing pool with `settings`; waits for `pool_joined`.
async fn pool_join(client: &mut Client, settings: Value) {
    match reply(client, json!({"type": "pool_join", "settings": settings})).await {
        ServerMsg::PoolJoined { .. } => {}
        other => panic!("expected pool_joined, got {other:?}"),
    }
}

async fn reply(client: &mut Client, request: Value) -> ServerMsg {
    let id = client.request(request).await;
    client.reply(id).await
}

#[tokio::test]
async fn quick_pairing_waits_for_close_ratings_and_widens_with_the_wait() {
    let (server, manual) = TestServer::with_manual_clock(Config::default()).await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    // Bob forfeits nine games to ann: their ratings part.
    let (first, changes) = forfeited_to(&mut ann, &mut bob).await;
    let gap = changes[0].after - changes[1].after;
    assert!(gap > 100.0, "{changes:?}");
    // The window is 100 points, 10 more a second waited, anyone after 120 s.
    let seconds = if gap > 1290.0 {
        120
    } else {
        ((gap - 100.0) / 10.0).ceil() as u64
    };

    // Both wait: too far apart to be paired at once.
    pool_join(&mut ann, rated(3)).await;
    pool_join(&mut bob, rated(3)).await;
    let waves = server.metric("mancala_pool_waves_total").await;
    // A second short of the wait that reaches the gap: a wave, no match.
    manual.advance((seconds - 1) * 1000);
    server
        .settled_metric("mancala_pool_waves_total", |v| v > waves)
        .await;
    assert!(
        matches!(
            reply(&mut bob, json!({"type": "pool_leave"})).await,
            ServerMsg::Ok { .. }
        ),
        "bob still waits"
    );
    // He comes back; ann's wait is what counts, and one second more is enough.
    pool_join(&mut bob, rated(3)).await;
    manual.advance(1000);
    let (second, players) = tests::match_started(&mut ann).await;
    assert_ne!(second, first);
    assert_eq!(
        players,
        [ann.player_id, bob.player_id],
        "the longer waiter is seat 0"
    );
    tests::match_started(&mut bob).await;
    server.stop().await;
}

/// A rated nine-game match that `winner` opens and `loser` joins and
/// forfeits at once: its id and the changes its end carried.
async fn forfeited_to(winner: &mut Client, loser: &mut Client) -> (MatchId, [RatingChange; 2]) {
    let match_id = tests::seek_taken(winner, loser, rated(9)).await;
    ok(loser, json!({"type": "forfeit", "match_id": match_id})).await;
    (match_id, rated_end(winner, match_id).await)
}

/// The rating changes of `match_id`'s end, as `client` hears it.
async fn rated_end(client: &mut Client, match_id: MatchId) -> [RatingChange; 2] {
    let ended = client
        .expect(
            "match_ended",
            |m| matches!(m, ServerMsg::MatchEnded { match_id: id, .. } if *id == match_id),
        )
        .await;
    match ended {
        ServerMsg::MatchEnded {
            ratings: Some(changes),
            ..
        } => changes,
        other => panic!("a rated end, got {other:?}"),
    }
}

/// The public seeks of `client`'s lobby snapshot (subscribing him).
async fn listed_seeks(client: &mut Client) -> Vec<u64> {
    match reply(client, json!({"type": "lobby_subscribe"})).await {
        ServerMsg::LobbySnapshot { seeks, .. } => seeks.iter().map(|s| s.seek_id.0).collect(),
        other => panic!("expected lobby_snapshot, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_with_a_rating_range_is_seen_and_taken_only_within_it() {
    let dir = tempfile::tempdir().expect("a directory");
    let config = tests::on_disk(dir.path(), "ranges.sqlite3");
    let server = TestServer::with_config(config.clone()).await;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    let mut cat = Client::join(&server, "cat").await;
    let (_, changes) = forfeited_to(&mut ann, &mut bob).await;
    assert!(
        changes[1].after < 1400.0,
        "bob falls below 1400: {changes:?}"
    );
    assert!(listed_seeks(&mut bob).await.is_empty());
    assert!(listed_seeks(&mut cat).await.is_empty());

    // Ann's seek is for players rated 1400 to 1700: cat (1500, new) yes, bob no.
    let ranged = json!({"type": "seek_create", "settings": rated(3), "rating_range": {"min": 1400, "max": 1700}});
    let seek = match reply(&mut ann, ranged).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    };
    assert_eq!(seek.rating_range.and_then(|r| r.min), Some(1400.0));
    let open = match reply(
        &mut ann,
        json!({"type": "seek_create", "settings": rated(5)}),
    )
    .await
    {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    };
    let added = |m: &ServerMsg| matches!(m, ServerMsg::SeekAdded { .. });
    match cat.expect("seek_added", added).await {
        ServerMsg::SeekAdded { seek: shown } => assert_eq!(shown.seek_id, seek.seek_id),
        other => unreachable!("{other:?}"),
    }
    // Bob's first seek_added is the open one: the ranged one never came.
    match bob.expect("seek_added", added).await {
        ServerMsg::SeekAdded { seek: shown } => assert_eq!(shown.seek_id, open.seek_id),
        other => unreachable!("{other:?}"),
    }
    let refused = reply(
        &mut bob,
        json!({"type": "seek_accept", "seek_id": seek.seek_id}),
    )
    .await;
    assert!(
        matches!(
            refused,
            ServerMsg::Error {
                code: ErrorCode::NoSuchSeek,
                ..
            }
        ),
        "{refused:?}"
    );
    // Nonsense ranges and untimed ranged seeks are refused.
    for bad in [
        json!({"type": "seek_create", "settings": rated(3), "rating_range": {"min": 1700, "max": 1400}}),
        json!({"type": "seek_create", "settings": rated(3), "rating_range": {}}),
        json!({"type": "seek_create", "settings": {"games": 1}, "rating_range": {"max": 1700}}),
    ] {
        let refused = reply(&mut cat, bad).await;
        assert!(
            matches!(
                refused,
                ServerMsg::Error {
                    code: ErrorCode::InvalidSettings,
                    ..
                }
            ),
            "{refused:?}"
        );
    }

    // Across a restart the range holds.
    let tokens = [ann.token.clone(), bob.token.clone(), cat.token.clone()];
    drop((ann, bob, cat));
    let addr = server.addr;
    assert!(server.stop().await);
    let server = TestServer::on(addr, config).await;
    let (_ann, _) = Client::rejoin(&server, &tokens[0]).await;
    let (mut bob, _) = Client::rejoin(&server, &tokens[1]).await;
    let (mut cat, _) = Client::rejoin(&server, &tokens[2]).await;
    assert_eq!(listed_seeks(&mut bob).await, [open.seek_id.0]);
    let mut seen = listed_seeks(&mut cat).await;
    seen.sort();
    assert_eq!(seen, [seek.seek_id.0, open.seek_id.0]);
    // Cat takes it.
    let id = cat
        .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    assert!(matches!(cat.reply(id).await, ServerMsg::Ok { .. }));
    server.stop().await;
}
