//! Three real `mancala-server` nodes on one PostgreSQL database and one
//! Redis server (`--cluster`): any node serves any client. A player whose
//! match another node serves plays it through his own node, a spectator
//! on a third node watches it, and when the node serving their match dies
//! they are resumed where it is served next and play on.

use protocol::rules::Ruleset;
use protocol::wire::{ErrorCode, MatchId, ServerMsg};
use serde_json::{Value, json};
use std::path::Path;
use tests::{Backing, Client, Driver, ServerProcess, TestServer, tournament_follow};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

/// PostgreSQL and Redis for the nodes of one test.
fn backing(name: &str) -> Backing {
    Backing::start(Path::new(SERVER), name)
}

fn blitz_mangala(games: u8) -> Value {
    json!({"ruleset": {"variant": "mangala", "params": {}}, "games": games,
           "time_control": {"kind": "real_time", "initial_ms": 600000, "increment_ms": 0}})
}

/// Ann and Bob's one-game blitz match on `node`, played to its fourth
/// event: the players, the match and its driver.
async fn under_way(node: &TestServer) -> (Client, Client, MatchId, Driver) {
    let (mut ann, mut bob, live) = tests::seek_match(node, ["ann", "bob"], blitz_mangala(1)).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(4)).await;
    (ann, bob, live, driver)
}

/// Wait until `client` hears that a player of `live` left it (the event
/// is left for the driver to read).
async fn left(client: &mut Client, live: MatchId) {
    let event = client
        .expect(
            "player_left",
            |m| matches!(m, ServerMsg::PlayerLeft { match_id, .. } if *match_id == live),
        )
        .await;
    client.requeue(vec![event]);
}

/// Bob leaves (Ann, on the match's node, hears him go) and comes back
/// through `node`, which relays him unless it serves the match; he has
/// resumed `live` after `version`, the missed events left for the driver to
/// read.
async fn comes_back_through(
    bob: Client,
    ann: &mut Client,
    node: &TestServer,
    live: MatchId,
    version: u64,
) -> Client {
    let token = bob.token.clone();
    drop(bob);
    left(ann, live).await;
    let (mut bob, _) = Client::rejoin(node, &token).await;
    let missed = bob.resume_after(live, version).await;
    bob.requeue(missed);
    bob
}

/// The players play `driver`'s match to its end, of `games` games;
/// `watcher` sees it end, and node `on`'s archive holds every move
/// acknowledged.
async fn play_out(
    driver: &mut Driver,
    players: [&mut Client; 2],
    games: usize,
    watcher: &mut Client,
    on: &TestServer,
) {
    let live = driver.match_id();
    let outcome = driver.run(players, None).await.expect("the match ends");
    assert_eq!(outcome.games, games);
    watcher
        .expect(
            "the match's end",
            |m| matches!(m, ServerMsg::MatchEnded { match_id, .. } if *match_id == live),
        )
        .await;
    let (status, body) = on.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
}

/// `client` sends `request`, which is refused: the error's code.
async fn refused(client: &mut Client, request: Value) -> ErrorCode {
    let id = client.request(request).await;
    match client.reply(id).await {
        ServerMsg::Error { code, .. } => code,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// `client` opens a public seek with `settings`: the seek.
async fn open_seek(client: &mut Client, settings: Value) -> protocol::wire::SeekInfo {
    let id = client
        .request(json!({"type": "seek_create", "settings": settings}))
        .await;
    match client.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("expected seek_created, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_one_node_plays_one_on_another_while_a_third_node_watches() {
    let backing = backing("cluster");
    let (a, b, c) = (
        backing.node("node-a"),
        backing.node("node-b"),
        backing.node("node-c"),
    );
    let (on_a, on_b, on_c): (TestServer, TestServer, TestServer) =
        (a.server(), b.server(), c.server());
    let (mut ann, mut bob, live) = tests::seek_match(&on_b, ["ann", "bob"], blitz_mangala(3)).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(6)).await;

    // Bob comes back through node a: his requests for the match go to
    // node b, which serves it, and its answers come back through node a.
    let mut bob = comes_back_through(bob, &mut ann, &on_a, live, driver.version()).await;
    let (_, body) = on_a.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(body["owner"], json!("node-b"), "{body}");

    // Cid watches from node c.
    let mut cid = Client::join(&on_c, "cid").await;
    let watched = cid.watch_snapshot(live).await;
    assert!(watched.version > driver.version(), "{watched:?}");

    // They play the match to its end; Cid sees every event, Bob's chat
    // reaches Ann.
    bob.send(json!({"type": "chat", "match_id": live, "text": "from node a"}))
        .await;
    ann.expect(
        "bob's chat",
        |m| matches!(m, ServerMsg::ChatMessage { text, .. } if text == "from node a"),
    )
    .await;
    play_out(&mut driver, [&mut ann, &mut bob], 3, &mut cid, &on_c).await;
    drop((a, c));
}

/// The versions of `live`'s events `client` is sent until its end,
/// after its snapshot at `from`: each must come once, in order.
async fn events_to_the_end(client: &mut Client, live: MatchId) -> Vec<u64> {
    let mut versions = Vec::new();
    loop {
        let event = client
            .expect("an event", |m| {
                tests::event_version(m).is_some_and(|(m, _)| m == live)
            })
            .await;
        versions.extend(tests::event_version(&event).map(|(_, v)| v));
        if matches!(event, ServerMsg::MatchEnded { .. }) {
            return versions;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_on_one_node_watch_a_match_on_another_through_one_lane() {
    let backing = backing("cluster_lane");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let (mut ann, mut bob, live, mut driver) = under_way(&on_b).await;

    // Three spectators on node a: node b sends the match's events there
    // once, through one lane, and counts three spectators.
    let mut watchers = Vec::new();
    for name in ["cid", "dan", "eve"] {
        let mut watcher = Client::join(&on_a, name).await;
        let snapshot = watcher.watch_snapshot(live).await;
        watchers.push((watcher, snapshot.version));
    }
    let count = |n: u32| move |m: &ServerMsg| matches!(m, ServerMsg::Spectators { count, .. } if *count == n);
    ann.expect("three spectators", count(3)).await;
    assert_eq!(on_b.metric("mancala_cluster_lanes").await, 1.0);

    // Dan stops watching; Cid and Eve see every event once, in order, to
    // the end.
    let (mut dan, _) = watchers.remove(1);
    let id = dan
        .request(json!({"type": "unwatch", "match_id": live}))
        .await;
    assert!(matches!(dan.reply(id).await, ServerMsg::Ok { .. }));
    ann.expect("two spectators", count(2)).await;
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    for (watcher, from) in &mut watchers {
        let versions = events_to_the_end(watcher, live).await;
        let expected: Vec<u64> = (*from + 1..=outcome.version).collect();
        assert_eq!(versions, expected, "{}", watcher.name);
    }
    // They leave: the lane closes.
    drop(watchers);
    ann.expect("no spectators", count(0)).await;
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_a_matchs_node_dies_a_player_on_another_node_sees_a_pause_and_its_own_reconnect() {
    let backing = backing("cluster_death");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let (mut ann, bob, live, mut driver) = under_way(&on_b).await;
    let mut bob = comes_back_through(bob, &mut ann, &on_a, live, driver.version()).await;
    let ann_token = ann.token.clone();
    let ann_saw = driver.version();
    drop(ann);

    // Node b dies: node a takes the match over. Bob, on node a, stays
    // connected and is resumed there by the server; Ann, whose node died,
    // reconnects (to node a) and resumes; they play on.
    b.kill();
    tests::resumed_for_him(&mut bob, live).await;
    let (mut ann, _) = Client::rejoin(&on_a, &ann_token).await;
    let missed = ann.resume_after(live, ann_saw).await;
    ann.requeue(missed);
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
    let (_, body) = on_a.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
}

/// Ann and Bob's match on node b, Bob playing through node a, Ann through
/// node c, Cid watching from c; node b is ended by `stop`: nobody is
/// disconnected, each is resumed where the match is served now (here, or
/// through the other node) from the last event he was sent, and they play
/// it out.
async fn players_elsewhere_see_a_pause(database: &str, stop: impl FnOnce(ServerProcess)) {
    let backing = backing(database);
    let (a, b, c) = (
        backing.node("node-a"),
        backing.node("node-b"),
        backing.node("node-c"),
    );
    let (on_a, on_b, on_c) = (a.server(), b.server(), c.server());
    let (mut ann, bob, live, mut driver) = under_way(&on_b).await;
    let mut bob = comes_back_through(bob, &mut ann, &on_a, live, driver.version()).await;
    let mut ann = comes_back_through(ann, &mut bob, &on_c, live, driver.version()).await;
    let mut cid = Client::join(&on_c, "cid").await;
    cid.watch_snapshot(live).await;
    stop(b);
    for client in [&mut ann, &mut bob, &mut cid] {
        tests::resumed_for_him(client, live).await;
    }
    play_out(&mut driver, [&mut ann, &mut bob], 1, &mut cid, &on_c).await;
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_a_matchs_node_dies_players_and_a_spectator_on_the_other_nodes_see_only_a_pause() {
    // Node b dies: node a or c takes the match over once its key lapses.
    players_elsewhere_see_a_pause("cluster_pause", ServerProcess::kill).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_a_matchs_node_is_stopped_players_and_a_spectator_on_the_other_nodes_see_only_a_pause()
{
    // Node b is stopped (a deploy): it writes its matches out, lets their
    // leases go and says so; its relays end without a word.
    players_elsewhere_see_a_pause("cluster_stop", |b| {
        let status = b.terminate();
        assert!(status.success(), "{status}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_match_cannot_be_resumed_for_him_is_sent_to_reconnect_and_plays_on() {
    let backing = backing("cluster_refused");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let (mut ann, bob, live, mut driver) = under_way(&on_b).await;
    let mut bob = comes_back_through(bob, &mut ann, &on_a, live, driver.version()).await;

    // Node a alone hears that node b stopped, while b serves the match on:
    // it resumes Bob's match on his behalf, which cannot be done (the
    // match is b's, and b is taken for stopped until it greets again).
    // Refused, Bob would wait for a match he never hears of again: he is
    // sent to reconnect instead.
    let stopped = json!({"type": "stopped", "from": "node-b"}).to_string();
    backing
        .redis
        .cli(&["PUBLISH", "mancala:node:node-a", &stopped]);
    let frame = bob.closed().await.expect("a close frame");
    assert_eq!(
        u16::from(frame.code),
        protocol::wire::close::SERVICE_RESTART,
        "{frame:?}"
    );
    assert!(
        !bob.has_seen(|m| matches!(m, ServerMsg::Error { .. })),
        "sent away, not refused"
    );

    // He comes back (to node b, which serves the match) and plays on.
    let mut bob = comes_back_through(bob, &mut ann, &on_b, live, driver.version()).await;
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_a_matchs_node_hangs_its_players_elsewhere_see_a_pause_and_its_waking_changes_nothing()
{
    let backing = backing("cluster_hang");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let (mut ann, bob, live, mut driver) = under_way(&on_b).await;
    let mut bob = comes_back_through(bob, &mut ann, &on_a, live, driver.version()).await;
    let mut ann = comes_back_through(ann, &mut bob, &on_a, live, driver.version()).await;

    // Node b hangs, its sockets open: the move the driver sends next is
    // heard there and never answered. Once b's key lapses, node a takes
    // the match over, answers that move `unavailable` (the driver sends it
    // again and it is played once) and resumes both players.
    b.pause();
    let version = driver.version();
    driver.run([&mut ann, &mut bob], Some(version + 4)).await;
    for client in [&mut ann, &mut bob] {
        tests::resumed_for_him(client, live).await;
    }

    // Node b wakes: it lost the match, and what it still sends for it is
    // dropped; the players, never disconnected, play on to the end.
    b.wake();
    b.wait_for_log("this node was paused past its key");
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
    let (_, body) = on_a.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
    drop(on_b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_redis_restarts_relayed_players_and_spectators_see_only_a_pause() {
    let mut backing = backing("cluster_redis");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let (mut ann, bob, live, mut driver) = under_way(&on_b).await;
    let mut bob = comes_back_through(bob, &mut ann, &on_a, live, driver.version()).await;
    let mut cid = Client::join(&on_a, "cid").await;
    let watched = cid.watch_snapshot(live).await;

    // Redis dies and comes back empty: what was between the nodes may be
    // lost. Bob and Cid, on node a, stay connected; once Redis answers,
    // node a resumes the match for them from the last event each was
    // sent, and Ann, on the match's node, plays on with Bob.
    backing.redis.kill();
    backing.redis.start_again();
    backing.redis.wait_for_nodes(&["node-a", "node-b"]);
    for client in [&mut bob, &mut cid] {
        tests::resumed_for_him(client, live).await;
    }
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    // Cid saw each event after his snapshot once, in order: a pause.
    let expected: Vec<u64> = (watched.version + 1..=outcome.version).collect();
    assert_eq!(events_to_the_end(&mut cid, live).await, expected);
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
    drop(a);
}

/// Subscribe `client` to the lobby: its snapshot.
async fn lobby(client: &mut Client) -> ServerMsg {
    let id = client.request(json!({"type": "lobby_subscribe"})).await;
    client.reply(id).await
}

/// Wait until `client` hears the lobby count `count` players online.
async fn online(client: &mut Client, count: u32) {
    client
        .expect(
            &format!("{count} players online"),
            |m| matches!(m, ServerMsg::PlayersOnline { count: c } if *c == count),
        )
        .await;
}

/// `from` challenges `name` with `settings`: the challenge's id.
async fn challenge(from: &mut Client, name: &str, settings: Value) -> u64 {
    let id = from
        .request(json!({"type": "challenge", "name": name, "settings": settings}))
        .await;
    match from.reply(id).await {
        ServerMsg::ChallengeSent { challenge, .. } => challenge.challenge_id.0,
        other => panic!("expected challenge_sent, got {other:?}"),
    }
}

/// `to` is told of challenge `id`.
async fn received(to: &mut Client, id: u64) {
    to.expect(
        "the challenge",
        |m| matches!(m, ServerMsg::ChallengeReceived { challenge } if challenge.challenge_id.0 == id),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_one_node_challenges_one_on_another_who_accepts_and_they_play() {
    let backing = backing("cluster_challenge");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let mut ann = Client::join(&on_a, "ann").await;
    lobby(&mut ann).await;
    let mut bob = Client::join(&on_b, "Bob").await;
    online(&mut ann, 2).await;

    // Ann, on node a, challenges Bob, on node b (by his name in any case),
    // and withdraws it: he sees it come and go.
    let first = challenge(&mut ann, "bob", blitz_mangala(1)).await;
    received(&mut bob, first).await;
    let id = ann
        .request(json!({"type": "challenge_withdraw", "challenge_id": first}))
        .await;
    assert!(
        matches!(ann.reply(id).await, ServerMsg::Ok { .. }),
        "withdrawn on node b, where it waits"
    );
    bob.expect(
        "the challenge withdrawn",
        |m| matches!(m, ServerMsg::ChallengeClosed { challenge_id, .. } if challenge_id.0 == first),
    )
    .await;

    // Again; he accepts: the match starts on node b and they play it.
    let second = challenge(&mut ann, "bob", blitz_mangala(1)).await;
    received(&mut bob, second).await;
    let id = bob
        .request(json!({"type": "challenge_accept", "challenge_id": second}))
        .await;
    bob.reply(id).await;
    let (live, _) = tests::match_started(&mut ann).await;
    let (bobs, _) = tests::match_started(&mut bob).await;
    assert_eq!(live, bobs);
    let (_, body) = on_a.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(body["owner"], json!("node-b"), "{body}");
    let outcome =
        tests::play_match([&mut ann, &mut bob], live, Ruleset::Mangala, tests::lowest).await;
    assert_eq!(outcome.games, 1);

    // Nobody of that name is signed in on any node: refused in a sentence.
    let request = json!({"type": "challenge", "name": "nobody", "settings": blitz_mangala(1)});
    assert_eq!(refused(&mut ann, request).await, ErrorCode::NoSuchPlayer);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_made_on_one_node_is_seen_and_taken_on_another_and_its_match_is_listed_on_both() {
    let backing = backing("cluster_lobby");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let mut cid = Client::join(&on_a, "cid").await;
    lobby(&mut cid).await;
    let mut ann = Client::join(&on_b, "ann").await;
    lobby(&mut ann).await;
    online(&mut cid, 2).await;

    // Ann's seek on node b shows in node a's lobby, and Bob, on node a, takes it.
    let seek = open_seek(&mut ann, blitz_mangala(1)).await;
    cid.expect(
        "ann's seek",
        |m| matches!(m, ServerMsg::SeekAdded { seek: s } if s.seek_id == seek.seek_id),
    )
    .await;
    let mut bob = Client::join(&on_a, "bob").await;
    match lobby(&mut bob).await {
        ServerMsg::LobbySnapshot { seeks, .. } => assert!(
            seeks.iter().any(|s| s.seek_id == seek.seek_id),
            "node a lists node b's seek: {seeks:?}"
        ),
        other => panic!("expected the lobby, got {other:?}"),
    }
    let id = bob
        .request(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    assert!(
        matches!(bob.reply(id).await, ServerMsg::Ok { .. }),
        "node b answers bob's acceptance through node a"
    );
    let (live, _) = tests::match_started(&mut ann).await;
    let (bobs, _) = tests::match_started(&mut bob).await;
    assert_eq!(live, bobs);
    cid.expect(
        "the seek gone",
        |m| matches!(m, ServerMsg::SeekRemoved { seek_id } if *seek_id == seek.seek_id),
    )
    .await;
    cid.expect(
        "the match listed",
        |m| matches!(m, ServerMsg::MatchListed { summary } if summary.match_id == live),
    )
    .await;
    online(&mut ann, 3).await;

    // They play it to its end on node b; node a unlists it.
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
    cid.expect(
        "the match unlisted",
        |m| matches!(m, ServerMsg::MatchUnlisted { match_id } if *match_id == live),
    )
    .await;
    // Bob is counted once, on his own node, though node b relays him.
    match lobby(&mut ann).await {
        ServerMsg::LobbySnapshot { players_online, .. } => assert_eq!(players_online, 3),
        other => panic!("expected the lobby, got {other:?}"),
    }
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
}

/// After the node serving `live` died: `player`, if nginx had sent him to
/// the node that lives, is resumed there on his behalf (the missed events
/// left to read); if to the dead one, his connection ends and he comes
/// back (by `token`) through `front` and resumes after `version`.
async fn pause_or_come_back(
    player: &mut Client,
    front: &TestServer,
    token: &str,
    live: MatchId,
    version: u64,
) {
    let resumed = player
        .expect_or_close(
            "resumed on his behalf, or a close",
            |m| matches!(m, ServerMsg::Resumed { id: None, match_id, .. } if *match_id == live),
        )
        .await;
    if resumed.is_ok() {
        return;
    }
    let (mut again, _) = Client::rejoin(front, token).await;
    let missed = again.resume_after(live, version).await;
    again.requeue(missed);
    *player = again;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_nginx_any_node_serves_any_client_and_a_dead_nodes_players_come_back_through_the_front()
 {
    let backing = backing("cluster_front");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let front = tests::Nginx::start(&[a.server().addr, b.server().addr]);
    let on_front = front.server();

    // Two players come in through the front (each to one node or the
    // other, as nginx sends them); Ann's seek reaches Bob's lobby, and he
    // takes it.
    let mut ann = Client::join(&on_front, "ann").await;
    let mut bob = Client::join(&on_front, "bob").await;
    lobby(&mut bob).await;
    let seek = open_seek(&mut ann, blitz_mangala(1)).await;
    bob.expect(
        "ann's seek",
        |m| matches!(m, ServerMsg::SeekAdded { seek: s } if s.seek_id == seek.seek_id),
    )
    .await;
    bob.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let (live, _) = tests::match_started(&mut ann).await;
    tests::match_started(&mut bob).await;
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    driver.run([&mut ann, &mut bob], Some(6)).await;

    // The node serving the match dies: the node that lives takes it over;
    // a player connected to it sees a pause, one connected to the dead
    // node comes back through the front; they play the match to its end.
    let (_, body) = on_front.get_json(&format!("/api/matches/{}", live.0)).await;
    let (dead, lives) = if body["owner"] == json!("node-a") {
        (a, b)
    } else {
        (b, a)
    };
    dead.kill();
    let version = driver.version();
    let tokens = [ann.token.clone(), bob.token.clone()];
    pause_or_come_back(&mut ann, &on_front, &tokens[0], live, version).await;
    pause_or_come_back(&mut bob, &on_front, &tokens[1], live, version).await;
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
    let (_, body) = lives
        .server()
        .get_json(&format!("/api/matches/{}", live.0))
        .await;
    assert_eq!(tests::archived_moves(&body), driver.accepted_moves());
    // Round robin sends one of two requests to the dead node, if no
    // reconnection has yet: nginx passes it to the node that lives.
    for _ in 0..2 {
        let (status, _) = on_front.get_json(&format!("/api/matches/{}", live.0)).await;
        assert_eq!(status, 200);
    }
    assert!(
        front.log().contains("connect() failed"),
        "nginx skipped the dead node"
    );
}

/// `client` joins the quick-pairing pool for `settings`.
async fn pool_join(client: &mut Client, settings: Value) {
    let id = client
        .request(json!({"type": "pool_join", "settings": settings}))
        .await;
    assert!(
        matches!(client.reply(id).await, ServerMsg::PoolJoined { .. }),
        "the pool takes {}",
        client.name
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_behind_nginx_show_one_lobby_and_play_watch_challenge_and_pair() {
    let backing = backing("cluster_three");
    let nodes = [
        backing.node("node-a"),
        backing.node("node-b"),
        backing.node("node-c"),
    ];
    let addrs: Vec<_> = nodes.iter().map(|node| node.server().addr).collect();
    let front = tests::Nginx::start(&addrs);
    let on_front = front.server();
    // Someone watching the lobby on each node itself.
    let mut lookers = Vec::new();
    for (n, node) in nodes.iter().enumerate() {
        let mut looker = Client::join(&node.server(), &format!("looker{n}")).await;
        lobby(&mut looker).await;
        lookers.push(looker);
    }
    // Five players come in through the front, which spreads them.
    let mut players = Vec::new();
    for name in ["ann", "bob", "cid", "dan", "eve"] {
        players.push(Client::join(&on_front, name).await);
    }
    let [mut ann, mut bob, mut cid, mut dan, mut eve] =
        <[Client; 5]>::try_from(players).unwrap_or_else(|_| unreachable!());

    // One lobby: Ann's seek shows on every node.
    let seek = open_seek(&mut ann, blitz_mangala(5)).await;
    for looker in &mut lookers {
        looker
            .expect(
                "ann's seek",
                |m| matches!(m, ServerMsg::SeekAdded { seek: s } if s.seek_id == seek.seek_id),
            )
            .await;
    }
    // Bob takes it and they play all five games of Mangala; Cid watches.
    bob.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
        .await;
    let (live, _) = tests::match_started(&mut ann).await;
    tests::match_started(&mut bob).await;
    let watched = cid.watch_snapshot(live).await;
    let outcome =
        tests::play_match([&mut ann, &mut bob], live, Ruleset::Mangala, tests::lowest).await;
    assert_eq!(outcome.games, 5);
    let versions = events_to_the_end(&mut cid, live).await;
    assert_eq!(versions.last(), Some(&outcome.version), "Cid saw it end");
    assert!(versions.first().is_some_and(|v| *v == watched.version + 1));

    // Dan challenges Eve by name; she accepts.
    let challenged = challenge(&mut dan, "eve", blitz_mangala(1)).await;
    received(&mut eve, challenged).await;
    let id = eve
        .request(json!({"type": "challenge_accept", "challenge_id": challenged}))
        .await;
    eve.reply(id).await;
    let (theirs, _) = tests::match_started(&mut dan).await;
    assert_eq!(tests::match_started(&mut eve).await.0, theirs);

    // Quick pairing: Ann and Bob, their match over, are paired again.
    pool_join(&mut ann, blitz_mangala(1)).await;
    pool_join(&mut bob, blitz_mangala(1)).await;
    let (paired, _) = tests::match_started(&mut ann).await;
    assert_eq!(tests::match_started(&mut bob).await.0, paired);
    assert_ne!(paired, live);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_nodes_are_paired_by_one_quick_pairing_pool() {
    let backing = backing("cluster_pool");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let mut ann = Client::join(&on_a, "ann").await;
    let mut bob = Client::join(&on_b, "bob").await;
    // Once node b has heard of node a, both send pool requests to node a
    // (the first by name), where Ann and Bob wait together.
    if !matches!(
        lobby(&mut bob).await,
        ServerMsg::LobbySnapshot {
            players_online: 2,
            ..
        }
    ) {
        online(&mut bob, 2).await;
    }
    for player in [&mut ann, &mut bob] {
        let id = player
            .request(json!({"type": "pool_join", "settings": blitz_mangala(1)}))
            .await;
        assert!(
            matches!(player.reply(id).await, ServerMsg::PoolJoined { .. }),
            "the pool takes {}",
            player.name
        );
    }
    let (live, _) = tests::match_started(&mut ann).await;
    let (bobs, _) = tests::match_started(&mut bob).await;
    assert_eq!(live, bobs, "paired with each other");
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(body["owner"], json!("node-a"), "{body}");
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    assert_eq!(outcome.games, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_waiting_in_the_pool_of_a_node_that_dies_waits_in_the_next_and_is_paired() {
    let backing = backing("cluster_pool_death");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let on_b = b.server();
    let mut bob = Client::join(&on_b, "bob").await;
    // Node b hears node a, which keeps the pool (the first by name).
    let _ann = Client::join(&a.server(), "ann").await;
    if !matches!(
        lobby(&mut bob).await,
        ServerMsg::LobbySnapshot {
            players_online: 2,
            ..
        }
    ) {
        online(&mut bob, 2).await;
    }
    let id = bob
        .request(json!({"type": "pool_join", "settings": blitz_mangala(1)}))
        .await;
    assert!(matches!(bob.reply(id).await, ServerMsg::PoolJoined { .. }));

    // Node a dies: Bob, still connected, is put in the pool of node b (the
    // next by name) on his behalf, and paired there with Cid.
    a.kill();
    bob.expect("in the pool again, on his behalf", |m| {
        matches!(m, ServerMsg::PoolJoined { id: None, .. })
    })
    .await;
    let mut cid = Client::join(&on_b, "cid").await;
    let id = cid
        .request(json!({"type": "pool_join", "settings": blitz_mangala(1)}))
        .await;
    cid.reply(id).await;
    let (live, _) = tests::match_started(&mut bob).await;
    let (cids, _) = tests::match_started(&mut cid).await;
    assert_eq!(live, cids, "paired with each other");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_on_another_node_is_in_the_players_welcome_and_counts_against_his_limits() {
    let backing = backing("cluster_welcome");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let mut cid = Client::join(&on_a, "cid").await;
    lobby(&mut cid).await;
    let (_ann, bob, live) = tests::seek_match(&on_b, ["ann", "bob"], blitz_mangala(1)).await;
    cid.expect(
        "the match listed on node a",
        |m| matches!(m, ServerMsg::MatchListed { summary } if summary.match_id == live),
    )
    .await;

    // Bob signs in on node a too: his welcome lists the match node b serves.
    let (mut bob_on_a, welcome) = Client::rejoin(&on_a, &bob.token).await;
    match welcome {
        ServerMsg::Welcome { matches, .. } => {
            assert!(matches.iter().any(|m| m.match_id == live), "{matches:?}")
        }
        other => panic!("expected a welcome, got {other:?}"),
    }
    // One real-time match at a time, on whichever node: Cid's seek on
    // node a is refused him.
    let seek = open_seek(&mut cid, blitz_mangala(1)).await;
    let request = json!({"type": "seek_accept", "seek_id": seek.seek_id});
    assert_eq!(
        refused(&mut bob_on_a, request).await,
        ErrorCode::AlreadyPlaying
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_whose_news_has_not_come_is_in_the_players_welcome_from_the_journal() {
    let mut backing = backing("cluster_welcome_unheard");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    // Redis is away: what node b starts now, node a does not hear of.
    backing.redis.kill();
    let (ann, _bob, live) = tests::seek_match(&on_b, ["ann", "bob"], blitz_mangala(1)).await;
    let token = ann.token.clone();
    drop(ann);

    // Ann comes back through node a: her welcome lists the match all the
    // same, read from the journal (fails if it waits for node b's news).
    let (_, welcome) = Client::rejoin(&on_a, &token).await;
    match welcome {
        ServerMsg::Welcome { matches, .. } => {
            let listed: Vec<MatchId> = matches.iter().map(|m| m.match_id).collect();
            assert_eq!(listed, [live]);
            assert_eq!(matches[0].game, 1);
            assert_eq!(matches[0].players[0].name, "ann");
        }
        other => panic!("expected a welcome, got {other:?}"),
    }
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_set_on_one_node_signs_in_on_another_that_knew_the_guest() {
    let backing = backing("cluster_password");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let mut cid = Client::join(&on_a, "cid").await;
    lobby(&mut cid).await;
    // Ann, a guest, comes to node a and goes: node a knows her as a guest.
    let ann = Client::join(&on_a, "ann").await;
    online(&mut cid, 2).await;
    let token = ann.token.clone();
    drop(ann);
    online(&mut cid, 1).await;

    // On node b she sets a password and leaves. Node b tells the others
    // she changed before it tells them she left.
    let (mut ann, _) = Client::rejoin(&on_b, &token).await;
    online(&mut cid, 2).await;
    tests::protect(&mut ann).await;
    drop(ann);
    online(&mut cid, 1).await;

    // Node a reads her again: her name and password sign her in there.
    let mut again = Client::connect(&on_a).await;
    again
        .send(
            json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION,
                     "name": "ann", "password": "correct horse battery"}),
        )
        .await;
    let answer = again
        .expect("welcome or error", |m| {
            matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
        })
        .await;
    assert!(
        matches!(&answer, ServerMsg::Welcome { name, .. } if name == "ann"),
        "{answer:?}"
    );
}

/// A `hello` by `name` and `password` on `node`: its answer.
async fn by_password(node: &TestServer, name: &str, password: &str) -> (Client, ServerMsg) {
    let mut client = Client::connect(node).await;
    client
        .send(
            json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION,
                     "name": name, "password": password}),
        )
        .await;
    let answer = client
        .expect("welcome or error", |m| {
            matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
        })
        .await;
    (client, answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_changed_on_one_node_is_the_only_one_on_another_where_she_is_connected() {
    let backing = backing("cluster_password_change");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    // Ann sets a password on node a and stays connected there.
    let mut ann = Client::join(&on_a, "ann").await;
    let id = ann
        .request(json!({"type": "set_password", "password": "first of two"}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::Ok { .. }));
    // In another tab, on node b, she changes it.
    let (mut tab, _) = by_password(&on_b, "ann", "first of two").await;
    let id = tab
        .request(json!({"type": "set_password", "password": "second of two"}))
        .await;
    assert!(matches!(tab.reply(id).await, ServerMsg::Ok { .. }));

    // On node a, where she was known with the first, only the second works.
    let (_, answer) = by_password(&on_a, "ann", "first of two").await;
    assert!(
        matches!(
            &answer,
            ServerMsg::Error {
                code: ErrorCode::BadCredentials,
                ..
            }
        ),
        "{answer:?}"
    );
    let (_, answer) = by_password(&on_a, "ann", "second of two").await;
    assert!(
        matches!(&answer, ServerMsg::Welcome { name, .. } if name == "ann"),
        "{answer:?}"
    );
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_seeks_code_works_on_every_node() {
    let backing = backing("cluster_code");
    let (a, b) = (backing.node("node-a"), backing.node("node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let mut bob = Client::join(&on_a, "bob").await;
    lobby(&mut bob).await;
    let mut ann = Client::join(&on_b, "ann").await;
    let (_, code) = tests::private_seek(&mut ann, blitz_mangala(1)).await;
    // News from node b arrives in order: once its next public seek shows
    // on node a, the code is known there too.
    let mut cid = Client::join(&on_b, "cid").await;
    let id = cid
        .request(json!({"type": "seek_create", "settings": blitz_mangala(1)}))
        .await;
    let ServerMsg::SeekCreated { seek, .. } = cid.reply(id).await else {
        panic!("cid's seek");
    };
    bob.expect(
        "cid's seek",
        |m| matches!(m, ServerMsg::SeekAdded { seek: s } if s.seek_id == seek.seek_id),
    )
    .await;
    bob.send(json!({"type": "seek_join", "code": code})).await;
    let (live, _) = tests::match_started(&mut ann).await;
    let (bobs, _) = tests::match_started(&mut bob).await;
    assert_eq!(live, bobs);
    // A wrong code is refused as on one node.
    let id = bob
        .request(json!({"type": "seek_join", "code": "no-such-code"}))
        .await;
    assert!(
        matches!(bob.reply(id).await, ServerMsg::Error { .. }),
        "an unknown code is refused"
    );
}

/// A tournament is run by one node, the one it was created on: a node
/// started later on the same journal lists and shows it but does not run
/// it (never two nodes pairing its rounds): it sends its clients' requests
/// about it there, and relays its updates back. Its node killed, it runs
/// on (node b takes it over, or node a started again takes it back,
/// whichever comes first), and a player on node a enters it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_run_by_one_node_and_reached_from_any() {
    let backing = backing("tournament_node");
    let a = backing.node("node-a");
    let on_a = a.server();
    let mut dora = Client::join(&on_a, "dora").await;
    tests::protect(&mut dora).await;
    let in_an_hour = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64
        + 3_600_000;
    let create = dora
        .request(json!({"type": "tournament_create", "settings": {
            "name": "Node A's Swiss", "settings": blitz_mangala(1), "rounds": 3,
            "starts_at_ms": in_an_hour}}))
        .await;
    let id = match dora.reply(create).await {
        ServerMsg::TournamentCreated { tournament, .. } => tournament.tournament_id,
        other => panic!("not created: {other:?}"),
    };
    let listed = |body: &Value| {
        body.as_array()
            .is_some_and(|list| list.iter().any(|t| t["tournament_id"] == json!(id.0)))
    };
    // Node b starts on the same journal after it: it lists it (read from
    // the journal) but does not run it: a player on node b who enters it
    // is entered on node a (his requests go there, and he follows it
    // through node b), which node a's follower hears.
    let b = backing.node("node-b");
    let on_b = b.server();
    let (status, on_b_list) = on_b.get_json("/api/tournaments").await;
    assert_eq!(status, 200);
    assert!(listed(&on_b_list), "{on_b_list}");
    tournament_follow(&mut dora, id).await;
    let mut eve = Client::join(&on_b, "eve").await;
    tests::tournament_enter(&mut eve, id).await;
    let entered = tests::tournament_update(&mut eve, "eve in it, told through node b", |t| {
        t.standings.iter().any(|l| l.player.name == "eve")
    })
    .await;
    assert_eq!(entered.tournament_id, id);
    tests::tournament_update(&mut dora, "eve in it, on node a", |t| {
        t.standings.iter().any(|l| l.player.name == "eve")
    })
    .await;
    // Node b's page of it reads it from the journal (then only what is new).
    let page = format!("/api/tournaments/{id}");
    let names = |body: &Value| -> Vec<String> {
        body["standings"]
            .as_array()
            .map(|lines| {
                lines
                    .iter()
                    .map(|l| l["player"]["name"].to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    let (status, read_on_b) = on_b.get_json(&page).await;
    assert_eq!(status, 200, "{read_on_b}");
    assert_eq!(names(&read_on_b), ["\"eve\""]);
    let withdraw = eve
        .request(json!({"type": "tournament_withdraw", "tournament_id": id}))
        .await;
    assert!(matches!(eve.reply(withdraw).await, ServerMsg::Ok { .. }));
    tests::tournament_update(&mut eve, "eve out of it, told through node b", |t| {
        t.standings.is_empty()
    })
    .await;
    let (_, read_on_b) = on_b.get_json(&page).await;
    assert!(names(&read_on_b).is_empty(), "{read_on_b}");
    let (status, _) = on_b.get_json("/api/tournaments/999999").await;
    assert_eq!(status, 404);
    // Node a killed, it runs on: eve, who follows it through node b,
    // follows it again where it runs (on her behalf), and hears a player
    // on node a, started again, enter it.
    drop(dora);
    a.kill();
    let a = backing.node("node-a");
    let on_a = a.server();
    let (status, on_a_list) = on_a.get_json("/api/tournaments").await;
    assert_eq!(status, 200);
    assert!(listed(&on_a_list), "{on_a_list}");
    let mut fay = Client::join(&on_a, "fay").await;
    tests::tournament_enter(&mut fay, id).await;
    tests::tournament_update(&mut eve, "fay in it, told on node b", |t| {
        t.standings.iter().any(|l| l.player.name == "fay")
    })
    .await;
    drop(b);
}
