//! Bad storage: a file that is not a database, one from a newer server, one
//! that cannot be written, a database that is full, a PostgreSQL server that
//! cannot be reached, and one stopped during play. Each gets a clear error
//! and no panic, and nothing is acknowledged that was not stored.

use protocol::rules::{Game, Move};
use protocol::wire::{ErrorCode, MatchId, MatchSnapshot, Seat, ServerMsg};
use serde_json::json;
use std::path::Path;
use tests::{Client, ServerProcess};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

fn binary() -> &'static Path {
    Path::new(SERVER)
}

fn db_arg(db: &Path) -> &str {
    db.to_str().expect("a UTF-8 path")
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = dir.path().join("notes.txt");
    let text = "my shopping list, not a database\n".repeat(200);
    std::fs::write(&db, &text).expect("write");
    let (status, output) = ServerProcess::fail(binary(), &["--database", db_arg(&db)]);
    assert!(!status.success());
    assert!(output.contains("is not a SQLite database"), "{output}");
    assert!(!output.contains("panicked"), "{output}");
    assert!(
        !output.contains("listening"),
        "nothing claims to listen: {output}"
    );
    assert_eq!(
        std::fs::read_to_string(&db).expect("read"),
        text,
        "untouched"
    );
}

#[test]
fn a_database_from_a_newer_server_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = dir.path().join("future.sqlite3");
    {
        let connection = rusqlite::Connection::open(&db).expect("open");
        connection
            .execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .expect("a future schema");
    }
    let before = std::fs::read(&db).expect("read");
    let (status, output) = ServerProcess::fail(binary(), &["--database", db_arg(&db)]);
    assert!(!status.success());
    assert!(
        output.contains("written by a newer mancala-server (schema version 99"),
        "{output}"
    );
    assert_eq!(std::fs::read(&db).expect("read"), before, "untouched");
}

/// A database damaged past its first page is called damaged, not a
/// question of permissions, and left as it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_database_is_called_damaged() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = dir.path().join("damaged.sqlite3");
    let first = ServerProcess::start(binary(), &["--database", db_arg(&db)]);
    Client::join(&first.server(), "ann").await;
    assert!(first.terminate().success());
    let mut bytes = std::fs::read(&db).expect("read");
    assert!(bytes.len() >= 3 * 4096, "several pages");
    for (n, byte) in bytes[4096..8192].iter_mut().enumerate() {
        *byte = (n * 7 + 13) as u8;
    }
    std::fs::write(&db, &bytes).expect("write");
    let (status, output) = ServerProcess::fail(binary(), &["--database", db_arg(&db)]);
    assert!(!status.success());
    assert!(output.contains("is damaged"), "{output}");
    assert!(!output.contains("permissions"), "{output}");
    assert!(!output.contains("listening"), "{output}");
    assert!(!output.contains("panicked"), "{output}");
    assert_eq!(std::fs::read(&db).expect("read"), bytes, "untouched");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_cannot_be_written_is_refused_at_start() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = dir.path().join("locked.sqlite3");
    let first = ServerProcess::start(binary(), &["--database", db_arg(&db)]);
    Client::join(&first.server(), "ann").await;
    assert!(first.terminate().success());
    // Read-only for everyone; root writes through permissions, so the file
    // is made immutable too when this runs as root.
    let mut permissions = std::fs::metadata(&db).expect("metadata").permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&db, permissions.clone()).expect("chmod");
    let immutable = std::fs::OpenOptions::new().append(true).open(&db).is_ok();
    if immutable {
        let status = std::process::Command::new("chattr")
            .args(["+i", db_arg(&db)])
            .status();
        assert!(
            status.is_ok_and(|s| s.success()),
            "running as root, the test needs chattr +i to make the file read-only"
        );
    }
    let (status, output) = ServerProcess::fail(binary(), &["--database", db_arg(&db)]);
    if immutable {
        let _ = std::process::Command::new("chattr")
            .args(["-i", db_arg(&db)])
            .status();
    }
    assert!(!status.success());
    assert!(output.contains("cannot be written"), "{output}");
    assert!(!output.contains("panicked"), "{output}");
}

/// Moves of `match_id` by whoever is to move, lowest house first, until
/// one is refused: the refusal, and every move acknowledged before it.
/// `acknowledged` is told the count after each acknowledged move.
async fn play_until_refused(
    players: &mut [Client; 2],
    match_id: MatchId,
    acknowledged: &mut dyn FnMut(usize),
) -> (ServerMsg, Vec<(u8, u32, u8)>) {
    let mut acked = Vec::new();
    let mut game: Option<(u8, Game, Seat)> = None;
    for _ in 0..2_000 {
        if game.is_none() {
            let started = players[0]
                .expect("game_started", |m| {
                    matches!(m, ServerMsg::GameStarted { .. })
                })
                .await;
            if let ServerMsg::GameStarted { game: n, first, .. } = started {
                let ruleset = protocol::rules::Ruleset::Mangala;
                game = Some((n, Game::new(ruleset), first));
            }
        }
        let Some((number, board, to_move)) = &mut game else {
            unreachable!()
        };
        let mv = board.position().legal_moves().nth(0).expect("a move");
        let ply = board.moves().len() as u32 + 1;
        let mover = &mut players[to_move.index()];
        let id = mover
            .request(json!({"type": "move", "match_id": match_id, "game": *number, "ply": ply, "house": mv.number()}))
            .await;
        match mover.reply(id).await {
            ServerMsg::MoveAccepted { .. } => {
                acked.push((*number, ply, mv.number()));
                acknowledged(acked.len());
            }
            refusal => return (refusal, acked),
        }
        let played = players[0]
            .expect(
                "move_played",
                move |m| matches!(m, ServerMsg::MovePlayed { ply: p, .. } if *p == ply),
            )
            .await;
        let ServerMsg::MovePlayed { next, .. } = played else {
            unreachable!()
        };
        board
            .play(Move::from_number(mv.number().into()).expect("house"))
            .expect("legal");
        match next {
            Some(seat) => *to_move = seat,
            None => game = None,
        }
    }
    panic!("2,000 moves fitted in a database that was to be full");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_database_refuses_what_it_cannot_store_and_loses_nothing_it_acknowledged() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = dir.path().join("small.sqlite3");
    // 80 KiB for the database (72 when new), twice 16 KiB for its write-ahead log.
    let small = [
        "--database",
        db_arg(&db),
        "--database-max-bytes",
        "114688",
        "--wal-limit-bytes",
        "16384",
    ];
    let first = ServerProcess::start(binary(), &small);
    let server = first.server();
    let (ann, bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 5})).await;
    // Signed in while there is room (a new player needs a row too).
    let mut dan = Client::join(&server, "dan").await;
    let mut players = [ann, bob];
    let (refusal, acked) = play_until_refused(&mut players, match_id, &mut |_| ()).await;
    let ServerMsg::Error { code, message, .. } = &refusal else {
        panic!("expected an error, got {refusal:?}")
    };
    assert_eq!(*code, ErrorCode::Unavailable);
    assert!(message.contains("nothing changed"), "{message}");
    assert!(!acked.is_empty(), "some moves fitted");
    // The refused move changed nothing: the match is as it was, and the
    // connections carry on (watching and a chat need no storage).
    let id = dan
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    let ServerMsg::MatchSnapshot { snapshot, .. } = dan.reply(id).await else {
        panic!("a snapshot")
    };
    let played: usize = snapshot.games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(played, acked.len(), "only what was acknowledged");
    let id = players[0]
        .request(json!({"type": "chat", "match_id": match_id, "text": "still here"}))
        .await;
    assert!(matches!(players[0].reply(id).await, ServerMsg::Ok { .. }));
    let tokens = [players[0].token.clone(), players[1].token.clone()];
    first.kill();

    // With room again, everything acknowledged is there and play goes on.
    let second = ServerProcess::start(binary(), &["--database", db_arg(&db)]);
    let server = second.server();
    let (mut ann, _) = Client::rejoin(&server, &tokens[0]).await;
    let (mut bob, _) = Client::rejoin(&server, &tokens[1]).await;
    let snapshot = ann.watch_snapshot(match_id).await;
    assert_eq!(
        moves(&snapshot),
        acked,
        "every acknowledged move, once, nothing else"
    );
    assert_next_move_accepted([&mut ann, &mut bob], &snapshot).await;
    second.kill();
}

/// Every move of `snapshot`: game, ply and house.
fn moves(snapshot: &MatchSnapshot) -> Vec<(u8, u32, u8)> {
    snapshot
        .games
        .iter()
        .flat_map(|g| {
            g.moves
                .iter()
                .enumerate()
                .map(move |(i, &house)| (g.game, i as u32 + 1, house))
        })
        .collect()
}

/// The player to move in `snapshot`'s match (seat 0 first in `players`)
/// makes the lowest legal move, and it is accepted.
async fn assert_next_move_accepted(players: [&mut Client; 2], snapshot: &MatchSnapshot) {
    let [zero, one] = players;
    let current = snapshot.games.last().expect("a game");
    let mut board = Game::new(protocol::rules::Ruleset::Mangala);
    for &house in &current.moves {
        board
            .play(Move::from_number(house.into()).expect("house"))
            .expect("legal");
    }
    let mv = board.position().legal_moves().nth(0).expect("a move");
    let mover = match snapshot.to_move.expect("someone is to move") {
        Seat::Zero => zero,
        Seat::One => one,
    };
    let id = mover
        .request(json!({"type": "move", "match_id": snapshot.match_id, "game": current.game, "ply": current.moves.len() + 1, "house": mv.number()}))
        .await;
    let answer = mover.reply(id).await;
    assert!(
        matches!(
            answer,
            ServerMsg::MoveAccepted {
                duplicate: false,
                ..
            }
        ),
        "the move refused before is accepted now: {answer:?}"
    );
}

#[test]
fn an_unreachable_postgres_is_refused_at_start() {
    // A port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a port")
        .port();
    let url = format!("postgres://mancala:secret@127.0.0.1:{port}/mancala");
    let (status, output) = ServerProcess::fail(binary(), &["--database", &url]);
    assert!(!status.success());
    assert!(
        output.contains(&format!(
            "cannot reach PostgreSQL at postgres://mancala@127.0.0.1:{port}/mancala"
        )),
        "{output}"
    );
    assert!(output.contains("Connection refused"), "{output}");
    assert!(
        !output.contains("secret"),
        "no password in the log: {output}"
    );
    assert!(!output.contains("panicked"), "{output}");
    assert!(!output.contains("listening"), "{output}");
}

#[test]
fn a_postgres_database_from_a_newer_server_is_refused_and_left_alone() {
    let postgres = tests::Postgres::start();
    let url = postgres.create_database("future");
    postgres.query(
        "future",
        "CREATE TABLE mancala_schema (version INTEGER NOT NULL);
         INSERT INTO mancala_schema VALUES (99);
         CREATE TABLE future (x INTEGER);",
    );
    let (status, output) = ServerProcess::fail(binary(), &["--database", &url]);
    assert!(!status.success());
    assert!(
        output.contains("written by a newer mancala-server (schema version 99"),
        "{output}"
    );
    assert_eq!(
        postgres.query(
            "future",
            "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables
             WHERE schemaname = 'public'"
        ),
        "future,mancala_schema",
        "untouched"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_postgres_is_stopped_moves_are_refused_and_nothing_acknowledged_is_lost() {
    let mut postgres = tests::Postgres::start();
    let url = postgres.create_database("mancala");
    let node = ["--database", &url, "--node-name", tests::NODE];
    let first = ServerProcess::start(binary(), &node);
    let server = first.server();
    let (ann, bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 5})).await;
    let mut dan = Client::join(&server, "dan").await;
    let mut players = [ann, bob];
    // PostgreSQL goes away after the sixth move is acknowledged.
    let (refusal, acked) = play_until_refused(&mut players, match_id, &mut |count| {
        if count == 6 {
            postgres.stop();
        }
    })
    .await;
    let ServerMsg::Error { code, message, .. } = &refusal else {
        panic!("expected an error, got {refusal:?}")
    };
    assert_eq!(*code, ErrorCode::Unavailable, "{message}");
    assert!(message.contains("nothing changed"), "{message}");
    assert_eq!(acked.len(), 6);
    assert_eq!(
        moves(&dan.watch_snapshot(match_id).await),
        acked,
        "only what was acknowledged"
    );

    // Back again: play goes on where it stopped, without a restart.
    postgres.start_again();
    let [mut ann, mut bob] = players;
    let snapshot = ann.watch_snapshot(match_id).await;
    assert_next_move_accepted([&mut ann, &mut bob], &snapshot).await;
    let mut eve = Client::join(&server, "eve").await;
    let after = moves(&eve.watch_snapshot(match_id).await);
    assert_eq!(after.len(), acked.len() + 1);
    assert_eq!(after[..acked.len()], acked[..]);
    let tokens = [ann.token.clone(), bob.token.clone()];
    first.kill();

    // And it was all stored: a new server finds every acknowledged move.
    let second = ServerProcess::start(binary(), &node);
    let (mut ann, _) = Client::rejoin(&second.server(), &tokens[0]).await;
    assert_eq!(moves(&ann.watch_snapshot(match_id).await), after);
    second.kill();
}
