//! Under load: 100 nine-game matches play as fast as they can while the real server
//! is killed with SIGKILL at a random moment, three times over. After each
//! restart every move a client saw acknowledged is in the journal exactly
//! once (so the journal holds at least as many moves as acknowledgements).

use protocol::rules::{Game, Move, Ruleset};
use protocol::wire::{MatchId, Seat, ServerMsg};
use rand::Rng;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tests::{Client, ServerProcess, TestServer};
use tokio::sync::Notify;

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");
const MATCHES: usize = 100;
const ROUNDS: usize = 3;

/// Every acknowledged move, by match: (game, ply, house).
type Acked = Arc<Mutex<BTreeMap<u64, Vec<(u8, u32, u8)>>>>;

struct Progress {
    acked: Acked,
    count: AtomicUsize,
    changed: Notify,
}

/// Play `match_id` with the lowest legal house until the server goes away
/// (or the match ends), noting each acknowledged move.
async fn play(
    mut players: [Client; 2],
    match_id: MatchId,
    progress: Arc<Progress>,
    mut go: tokio::sync::watch::Receiver<bool>,
) {
    if go.wait_for(|go| *go).await.is_err() {
        return;
    }
    let mut game: Option<(u8, Game, Seat)> = None;
    loop {
        if game.is_none() {
            let started = players[0]
                .expect_or_close("game_started", |m| {
                    matches!(
                        m,
                        ServerMsg::GameStarted { .. } | ServerMsg::MatchEnded { .. }
                    )
                })
                .await;
            match started {
                Ok(ServerMsg::GameStarted { game: n, first, .. }) => {
                    game = Some((n, Game::new(Ruleset::Mangala), first));
                }
                _ => return,
            }
        }
        let Some((number, board, to_move)) = &mut game else {
            return;
        };
        let Some(mv) = board.position().legal_moves().nth(0) else {
            return;
        };
        let ply = board.moves().len() as u32 + 1;
        let mover = &mut players[to_move.index()];
        let id = mover
            .request(json!({"type": "move", "match_id": match_id, "game": *number, "ply": ply, "house": mv.number()}))
            .await;
        match mover.reply_or_close(id).await {
            Ok(ServerMsg::MoveAccepted { .. }) => {
                let mut acked = progress.acked.lock().unwrap_or_else(|p| p.into_inner());
                acked
                    .entry(match_id.0)
                    .or_default()
                    .push((*number, ply, mv.number()));
                drop(acked);
                progress.count.fetch_add(1, Ordering::Relaxed);
                progress.changed.notify_waiters();
            }
            Ok(other) => panic!("move refused: {other:?}"),
            Err(_) => return,
        }
        let played = players[0]
            .expect_or_close("move_played", move |m| {
                matches!(m, ServerMsg::MovePlayed { match_id: id, ply: p, .. } if *id == match_id && *p == ply)
            })
            .await;
        let Ok(ServerMsg::MovePlayed { next, .. }) = played else {
            return;
        };
        if board
            .play(Move::from_number(mv.number().into()).expect("house"))
            .is_err()
        {
            return;
        }
        match next {
            Some(seat) => *to_move = seat,
            None => game = None,
        }
    }
}

/// Every move the archive holds for `match_id`: (game, ply, house).
async fn archived_moves(server: &TestServer, match_id: u64) -> Vec<(u8, u32, u8)> {
    let response = server.http_get(&format!("/api/matches/{match_id}")).await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("");
    let body: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {response}"));
    let mut moves = Vec::new();
    for game in body["games"].as_array().into_iter().flatten() {
        let number = game["game"].as_u64().unwrap_or(0) as u8;
        for m in game["moves"].as_array().into_iter().flatten() {
            let ply = m["ply"].as_u64().unwrap_or(0) as u32;
            moves.push((number, ply, m["house"].as_u64().unwrap_or(0) as u8));
        }
    }
    moves
}

tests::on_both_journals!(every_acknowledged_move_survives_a_sigkill_under_load);

async fn every_acknowledged_move_survives_a_sigkill_under_load(journal: tests::TestJournal) {
    let db = journal.database();
    let args = [
        "--database",
        &db,
        "--node-name",
        tests::NODE,
        "--hello-burst-per-ip",
        "100000",
        "--max-connections-per-ip",
        "10000",
        "--guests-per-ip-per-hour",
        "100000",
        // Every match is read back from the archive after each restart.
        "--api-rate-per-ip",
        "100000",
    ];
    let mut server = ServerProcess::start(Path::new(SERVER), &args);
    let progress = Arc::new(Progress {
        acked: Arc::default(),
        count: AtomicUsize::new(0),
        changed: Notify::new(),
    });
    for round in 0..ROUNDS {
        let clients = server.server();
        let mut tasks = Vec::new();
        // Every match starts playing once all are paired, so that none has
        // ended before the kill.
        let (start, go) = tokio::sync::watch::channel(false);
        for i in 0..MATCHES {
            let names = [format!("a{round}x{i}"), format!("b{round}x{i}")];
            let (a, b, match_id) = tests::seek_match(
                &clients,
                [names[0].as_str(), names[1].as_str()],
                json!({"games": 9}),
            )
            .await;
            let progress = Arc::clone(&progress);
            tasks.push(tokio::spawn(play([a, b], match_id, progress, go.clone())));
        }
        start.send_replace(true);
        // Kill it once a random number of further moves were acknowledged.
        let target = progress.count.load(Ordering::Relaxed) + rand::rng().random_range(300..5_000);
        loop {
            let changed = progress.changed.notified();
            if progress.count.load(Ordering::Relaxed) >= target {
                break;
            }
            changed.await;
        }
        server.kill();
        for task in tasks {
            task.await.expect("a player task ends without panicking");
        }
        server = ServerProcess::start(Path::new(SERVER), &args);
        server.wait_for_log("restored");
        let archive = server.server();
        let acked = progress
            .acked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let (mut acknowledged, mut stored) = (0, 0);
        for (match_id, moves) in &acked {
            let archived = archived_moves(&archive, *match_id).await;
            let mut plies: Vec<(u8, u32)> = archived.iter().map(|&(g, p, _)| (g, p)).collect();
            plies.dedup();
            assert_eq!(plies.len(), archived.len(), "match {match_id}: a ply twice");
            for mv in moves {
                assert!(
                    archived.contains(mv),
                    "round {round}: match {match_id} lost acknowledged move {mv:?}"
                );
            }
            acknowledged += moves.len();
            stored += archived.len();
        }
        assert!(
            stored >= acknowledged,
            "{stored} stored, {acknowledged} acknowledged"
        );
        println!("round {round}: {acknowledged} moves acknowledged, {stored} in the journal");
    }
    server.kill();
}
