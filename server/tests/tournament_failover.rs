//! A tournament outlives the node running it: two real `mancala-server`
//! nodes on one PostgreSQL database and one Redis server (`--cluster`),
//! an arena run by node a, its two players connected to node b. When node
//! a dies (SIGKILL) or hangs (SIGSTOP) with their match under way, node b
//! takes over the match and the arena: the players play their match out
//! without reconnecting, its result counts, and the next wave pairs them
//! on node b. A hung node that wakes lets the arena go.

use protocol::rules::Ruleset;
use protocol::wire::{MatchId, PlayerId, ServerMsg, TournamentId, TournamentView};
use serde_json::json;
use std::path::Path;
use tests::{Backing, Client, Driver, ServerProcess, TestServer};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

/// A node of `backing` pairing its arenas' waves often, so that the test
/// waits little for them (it waits for the pairing, however long it takes).
fn node(backing: &Backing, name: &str) -> ServerProcess {
    backing.node_with(name, &["--arena-wave-ms", "200"])
}

/// Now, by the wall clock (the nodes' clock), in milliseconds.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64
}

/// An arena on `on_a` created by its director there, starting now.
async fn arena(on_a: &TestServer) -> (Client, TournamentId) {
    let mut dora = Client::join(on_a, "dora").await;
    tests::protect(&mut dora).await;
    let create = dora
        .request(json!({"type": "tournament_create", "settings": {
            "name": "Node A's arena", "format": "arena", "duration_ms": 3_600_000,
            "starts_at_ms": now_ms(),
            "settings": {"ruleset": {"variant": "mangala", "params": {}}, "games": 1,
                "time_control": {"kind": "real_time", "initial_ms": 600_000, "increment_ms": 0}}}}))
        .await;
    match dora.reply(create).await {
        ServerMsg::TournamentCreated { tournament, .. } => (dora, tournament.tournament_id),
        other => panic!("not created: {other:?}"),
    }
}

/// Both clients are told a match started: its id; they are put in seat
/// order.
async fn paired(clients: &mut [Client; 2]) -> MatchId {
    let (live, seats) = tests::match_started(&mut clients[0]).await;
    let (heard, _) = tests::match_started(&mut clients[1]).await;
    assert_eq!(heard, live, "one match for both");
    if seats[0] != clients[0].player_id {
        clients.swap(0, 1);
    }
    live
}

/// The points an arena gives the player of `seat` for a match that ended
/// `points` (no streak yet: a win 2, a draw 1).
fn arena_points(points: [f64; 2], seat: usize) -> u32 {
    match points[seat].total_cmp(&points[1 - seat]) {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    }
}

/// An arena's match under way, played by clients on node b.
struct Playing {
    b: ServerProcess,
    id: TournamentId,
    live: MatchId,
    driver: Driver,
    /// The players, in seat order.
    seats: [Client; 2],
}

/// Node a (returned) runs an arena; Ann and Bob, on node b, enter it
/// (their requests forwarded to node a) and are paired there; their match
/// is played to its sixth event.
async fn under_way(backing: &Backing) -> (ServerProcess, Playing) {
    let (a, b) = (node(backing, "node-a"), node(backing, "node-b"));
    let (on_a, on_b) = (a.server(), b.server());
    let (_dora, id) = arena(&on_a).await;
    let mut seats = [
        Client::join(&on_b, "ann").await,
        Client::join(&on_b, "bob").await,
    ];
    for client in &mut seats {
        tests::tournament_enter(client, id).await;
    }
    let live = paired(&mut seats).await;
    let (_, body) = on_b.get_json(&format!("/api/matches/{}", live.0)).await;
    assert_eq!(
        body["owner"],
        json!("node-a"),
        "node a runs it, and its match"
    );
    let mut driver = Driver::new(live, Ruleset::Mangala, tests::lowest);
    let [first, second] = &mut seats;
    driver.run([first, second], Some(6)).await;
    let playing = Playing {
        b,
        id,
        live,
        driver,
        seats,
    };
    (a, playing)
}

impl Playing {
    /// Play the match out: its points.
    async fn play_out(&mut self) -> [f64; 2] {
        let [first, second] = &mut self.seats;
        let outcome = self.driver.run([first, second], None).await;
        outcome.expect("the match ends").points
    }

    /// Node a is gone (dead or hung): both players are resumed on node b,
    /// which took their match over; they play it out, its result counts in
    /// the arena, now run by node b, and its next wave pairs them again
    /// there: that match is the one under way now.
    async fn taken_over(&mut self) {
        let on_b = self.b.server();
        for client in &mut self.seats {
            tests::resumed_for_him(client, self.live).await;
        }
        let points = self.play_out().await;
        let counted: Vec<(PlayerId, u32)> = (0..2)
            .map(|seat| (self.seats[seat].player_id, arena_points(points, seat)))
            .collect();
        // Each follows the arena again where it runs now (on his behalf),
        // and hears the result counted there.
        let told = |t: &TournamentView| {
            counted.iter().all(|(player, points)| {
                t.leaderboard
                    .iter()
                    .any(|l| l.player.id == *player && (l.matches, l.points) == (1, *points))
            })
        };
        for client in &mut self.seats {
            tests::tournament_update(client, "the first match counted, by node b", told).await;
        }
        let (status, page) = on_b
            .get_json(&format!("/api/tournaments/{}", self.id))
            .await;
        assert_eq!(status, 200, "{page}");
        let view: TournamentView = serde_json::from_value(page).expect("an arena");
        assert!(told(&view), "{view:?}");
        let next = paired(&mut self.seats).await;
        assert_ne!(next, self.live);
        let (_, body) = on_b.get_json(&format!("/api/matches/{}", next.0)).await;
        assert_eq!(body["owner"], json!("node-b"), "node b pairs the next wave");
        self.live = next;
        self.driver = Driver::new(next, Ruleset::Mangala, tests::lowest);
    }
}

/// Wait until both matches count for both players, as told to the
/// first player.
async fn both_counted(playing: &mut Playing) -> TournamentView {
    let both = |t: &TournamentView| {
        t.leaderboard.len() == 2 && t.leaderboard.iter().all(|l| l.matches == 2)
    };
    tests::tournament_update(&mut playing.seats[0], "both matches counted", both).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_an_arenas_node_dies_another_runs_it_on_and_its_match_counts() {
    let backing = Backing::start(Path::new(SERVER), "tournament_kill");
    let (a, mut playing) = under_way(&backing).await;
    a.kill();
    playing.taken_over().await;
    playing.play_out().await;
    both_counted(&mut playing).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_an_arenas_node_hangs_another_runs_it_on_and_the_waking_node_lets_it_go() {
    let backing = Backing::start(Path::new(SERVER), "tournament_hang");
    let (a, mut playing) = under_way(&backing).await;
    a.pause();
    playing.taken_over().await;
    // Node a wakes: it hears it lost the arena and lets it go (it can
    // never store a step of it again), and the second match counts as the
    // first did.
    a.wake();
    a.wait_for_log(&format!(
        "tournament {} is run by another node now",
        playing.id
    ));
    playing.play_out().await;
    let counted = both_counted(&mut playing).await;
    // Node a reads it from the journal now, as node b runs it.
    let (status, on_a) = a
        .server()
        .get_json(&format!("/api/tournaments/{}", playing.id))
        .await;
    assert_eq!(status, 200, "{on_a}");
    let on_a: TournamentView = serde_json::from_value(on_a).expect("an arena");
    assert_eq!(on_a.leaderboard, counted.leaderboard);
}
