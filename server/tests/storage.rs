//! Bad storage: a file that is not a database, one from a newer server, one
//! that cannot be written, and a database that is full. Each gets a clear
//! error and no panic, and nothing is acknowledged that was not stored.

use protocol::rules::{Game, Move};
use protocol::wire::{ErrorCode, MatchId, Seat, ServerMsg};
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
async fn play_until_refused(
    players: &mut [Client; 2],
    match_id: MatchId,
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
            ServerMsg::MoveAccepted { .. } => acked.push((*number, ply, mv.number())),
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
    // 64 KiB for the database, twice 16 KiB for its write-ahead log.
    let small = [
        "--database",
        db_arg(&db),
        "--database-max-bytes",
        "98304",
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
    let (refusal, acked) = play_until_refused(&mut players, match_id).await;
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
    let moves: usize = snapshot.games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(moves, acked.len(), "only what was acknowledged");
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
    let id = ann
        .request(json!({"type": "watch", "match_id": match_id}))
        .await;
    let ServerMsg::MatchSnapshot { snapshot, .. } = ann.reply(id).await else {
        panic!("a snapshot")
    };
    let restored: Vec<(u8, u32, u8)> = snapshot
        .games
        .iter()
        .flat_map(|g| {
            g.moves
                .iter()
                .enumerate()
                .map(move |(i, &house)| (g.game, i as u32 + 1, house))
        })
        .collect();
    assert_eq!(
        restored, acked,
        "every acknowledged move, once, nothing else"
    );
    let current = snapshot.games.last().expect("a game");
    let mut board = Game::new(protocol::rules::Ruleset::Mangala);
    for &house in &current.moves {
        board
            .play(Move::from_number(house.into()).expect("house"))
            .expect("legal");
    }
    let mv = board.position().legal_moves().nth(0).expect("a move");
    let mover = match snapshot.to_move.expect("someone is to move") {
        Seat::Zero => &mut ann,
        Seat::One => &mut bob,
    };
    let id = mover
        .request(json!({"type": "move", "match_id": match_id, "game": current.game, "ply": current.moves.len() + 1, "house": mv.number()}))
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
    second.kill();
}
