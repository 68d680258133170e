//! How long a move waits when the node serving its match is SIGKILLed.
//!
//! Two nodes joined by `--cluster` on one PostgreSQL and one Redis (started
//! here, as the tests do). Each round: a match is started on node a, both
//! players then connect to node b (their requests relayed to node a), node
//! a is SIGKILLed, and at once the player to move sends his move through
//! node b; the time from the kill to the move's acceptance (by node b, once
//! it has taken the match over) is the round's figure. The players stay
//! connected throughout.
//!
//! ```sh
//! cargo build --release --bin mancala-server
//! cargo run --release -p server --example failover_moves            # 20 kills, --lease-ms 5000
//! cargo run --release -p server --example failover_moves -- 5 2000  # 5 kills, --lease-ms 2000
//! ```
//!
//! `MANCALA_SERVER_BIN` names the server binary (default
//! `target/release/mancala-server`).

use protocol::wire::{ErrorCode, ServerMsg};
use serde_json::json;
use std::path::Path;
use std::time::Instant;
use tests::{Client, ServerProcess};

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let kills: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let lease_ms = args.next().unwrap_or_else(|| "5000".to_owned());
    let binary = std::env::var("MANCALA_SERVER_BIN")
        .unwrap_or_else(|_| "target/release/mancala-server".to_owned());
    let postgres = tests::Postgres::start();
    let redis = tests::Redis::start();
    let settings = json!({"ruleset": {"variant": "mangala", "params": {}}, "games": 1,
        "time_control": {"kind": "real_time", "initial_ms": 600000, "increment_ms": 0}});
    let mut waits = Vec::with_capacity(kills);
    for kill in 0..kills {
        let url = postgres.create_database(&format!("failover{kill}"));
        let node = |name: &str| {
            ServerProcess::start(
                Path::new(&binary),
                &[
                    "--database",
                    &url,
                    "--cluster",
                    &redis.url(),
                    "--node-name",
                    name,
                    "--lease-ms",
                    &lease_ms,
                    "--computers",
                    "false",
                ],
            )
        };
        let (a, b) = (node("node-a"), node("node-b"));
        let (on_a, on_b) = (a.server(), b.server());
        let (ann, bob, live) = tests::seek_match(&on_a, ["ann", "bob"], settings.clone()).await;
        let tokens = [ann.token.clone(), bob.token.clone()];
        drop((ann, bob));
        let mut players = Vec::new();
        for token in &tokens {
            let (mut player, _) = Client::rejoin(&on_b, token).await;
            player.resume_after(live, 0).await;
            players.push(player);
        }
        let now = Client::join(&on_b, "cid").await.watch_snapshot(live).await;
        let seat = now.to_move.expect("someone is to move");
        let game = now.games.last().expect("a game");
        let mover = players
            .iter_mut()
            .find(|p| p.player_id == now.players[seat.index()].id)
            .expect("the mover is one of them");
        let request = json!({"type": "move", "match_id": live, "game": game.game,
            "ply": game.moves.len() + 1, "house": now.legal[0]});

        let killed = Instant::now();
        a.kill();
        let mut id = mover.request(request.clone()).await;
        loop {
            match mover.reply(id).await {
                ServerMsg::MoveAccepted { .. } => break,
                // Heard by node a before it died, and never answered.
                ServerMsg::Error {
                    code: ErrorCode::Unavailable,
                    ..
                } => id = mover.request(request.clone()).await,
                other => panic!("the move got {other:?}"),
            }
        }
        let waited = killed.elapsed().as_millis() as u64;
        println!(
            "kill {}: the move accepted {waited} ms after the kill",
            kill + 1
        );
        waits.push(waited);
        drop((players, b));
    }
    waits.sort_unstable();
    let p50 = waits[waits.len() / 2];
    let max = waits[waits.len() - 1];
    println!(
        "{} kills, --lease-ms {lease_ms}: the first move after the kill accepted after p50 {p50} ms, max {max} ms",
        waits.len()
    );
}
