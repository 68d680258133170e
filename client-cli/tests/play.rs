//! The terminal client as people and scripts use it: real `mancala`
//! processes against a real server started in this test on port 0.

use std::collections::HashMap;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(60);

/// `mancala`, speaking English whatever the machine's locale (the lines
/// these tests read are the English ones).
fn mancala() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mancala"));
    command.env("MANCALA_LANG", "en");
    command
}

/// A `mancala` process whose stdout lines arrive tagged with `who`.
fn spawn(
    args: &[&str],
    who: &'static str,
    config: &std::path::Path,
    lines: mpsc::UnboundedSender<(&'static str, String)>,
) -> (Child, ChildStdin) {
    let mut child = mancala()
        .args(args)
        .env("MANCALA_CONFIG_DIR", config)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("start mancala");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    tokio::spawn(async move {
        let mut reader = BufReader::new(stdout).lines();
        while let Ok(Some(line)) = reader.next_line().await {
            if lines.send((who, line)).is_err() {
                break;
            }
        }
        let _ = lines.send((who, "<eof>".into()));
    });
    (child, stdin)
}

/// `mancala bot` playing one Kalah match of `games` games at `level`.
fn bot_args(url: &str, name: &str, level: &str, games: u8) -> Vec<String> {
    let games = games.to_string();
    let args = [
        "bot",
        "--server",
        url,
        "--name",
        name,
        "--games",
        &games,
        "--variant",
        "kalah",
        "--level",
        level,
        "--matches",
        "1",
    ];
    args.iter().map(|a| a.to_string()).collect()
}

fn config_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

async fn next(
    lines: &mut mpsc::UnboundedReceiver<(&'static str, String)>,
) -> (&'static str, String) {
    tokio::time::timeout(WAIT, lines.recv())
        .await
        .expect("a line in time")
        .expect("processes still talking")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_plain_players_and_a_plain_watcher_see_a_whole_match() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let config = config_dir("match");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let (mut ann, mut ann_in) = spawn(
        &["play", "--plain", "--server", &url, "--name", "ann"],
        "ann",
        &config,
        tx.clone(),
    );
    let (mut bob, mut bob_in) = spawn(
        &["play", "--plain", "--server", &url, "--name", "bob"],
        "bob",
        &config,
        tx.clone(),
    );
    let mut inputs: HashMap<&str, ChildStdin> = HashMap::new();
    ann_in
        .write_all(b"pool mangala games=5\n")
        .await
        .expect("write");
    // Bob joins once ann waits, so ann is seat 0.
    loop {
        let (who, line) = next(&mut lines).await;
        if who == "ann" && line == "waiting for an opponent" {
            break;
        }
    }
    bob_in
        .write_all(b"pool mangala games=5\n")
        .await
        .expect("write");
    inputs.insert("ann", ann_in);
    inputs.insert("bob", bob_in);

    let mut watcher = None;
    let mut watcher_in = None;
    let mut finals: HashMap<&str, String> = HashMap::new();
    let mut game_ends: HashMap<&str, Vec<String>> = HashMap::new();
    let mut moves = 0;
    while finals.len() < 3 {
        let (who, line) = next(&mut lines).await;
        assert!(!line.starts_with("error"), "{who}: {line}");
        if let Some(rest) = line.strip_prefix("match ") {
            if rest.contains(" started: ann vs bob") && watcher.is_none() {
                let id = rest.split_whitespace().next().expect("match id").to_owned();
                let (child, stdin) = spawn(
                    &["watch", &id, "--plain", "--server", &url, "--name", "eve"],
                    "eve",
                    &config,
                    tx.clone(),
                );
                watcher = Some(child);
                watcher_in = Some(stdin);
            }
            if rest.contains(" over (") {
                finals.insert(who, rest.to_owned());
            } else if rest.contains(" over: ") {
                game_ends.entry(who).or_default().push(rest.to_owned());
            }
        }
        if let Some(prompt) = line.strip_prefix("your move in match ") {
            let houses = prompt.split("houses ").nth(1).expect("legal houses");
            let choices: Vec<&str> = houses.split_whitespace().collect();
            let pick = choices[moves % choices.len()];
            moves += 1;
            let stdin = inputs.get_mut(who).expect("a player");
            stdin
                .write_all(format!("{pick}\n").as_bytes())
                .await
                .expect("write a move");
        }
    }
    // All three saw the same end, and the same five game results.
    assert_eq!(finals["ann"], finals["bob"]);
    assert_eq!(
        finals["ann"], finals["eve"],
        "the watcher ends where the players do"
    );
    assert_eq!(game_ends["ann"].len(), 5);
    assert_eq!(game_ends["ann"], game_ends["bob"]);
    assert!(finals["ann"].contains("(completed)"), "{}", finals["ann"]);
    // The watcher leaves by itself once the match is over.
    let mut watcher = watcher.expect("watcher started");
    let status = tokio::time::timeout(WAIT, watcher.wait())
        .await
        .expect("watcher exits")
        .expect("status");
    assert!(status.success());
    drop(watcher_in);
    for stdin in inputs.values_mut() {
        stdin.write_all(b"quit\n").await.expect("quit");
    }
    for child in [&mut ann, &mut bob] {
        let status = tokio::time::timeout(WAIT, child.wait())
            .await
            .expect("exits")
            .expect("status");
        assert!(status.success());
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_finish_a_match() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let config = config_dir("bots");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let a = bot_args(&url, "greedy1", "greedy", 2);
    let b = bot_args(&url, "random1", "random", 2);
    let (mut one, _in1) = spawn(
        &a.iter().map(String::as_str).collect::<Vec<_>>(),
        "one",
        &config,
        tx.clone(),
    );
    let (mut two, _in2) = spawn(
        &b.iter().map(String::as_str).collect::<Vec<_>>(),
        "two",
        &config,
        tx.clone(),
    );
    let mut over = 0;
    let mut eofs = 0;
    while eofs < 2 {
        let (_, line) = next(&mut lines).await;
        if line.starts_with("match ") && line.contains(" over (completed)") {
            over += 1;
        }
        if line == "<eof>" {
            eofs += 1;
        }
        assert!(!line.starts_with("error"), "{line}");
    }
    assert_eq!(over, 2, "both bots saw their match end");
    for child in [&mut one, &mut two] {
        let status = tokio::time::timeout(WAIT, child.wait())
            .await
            .expect("exits")
            .expect("status");
        assert!(status.success(), "a bot with --matches 1 stops by itself");
    }
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_prints_once_as_text_and_json() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let output = mancala()
        .args(["lobby", "--json", "--server", &url, "--name", "peek"])
        .output()
        .await
        .expect("run");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(json["type"], "lobby_snapshot");
    assert_eq!(json["players_online"], 1);
    let output = mancala()
        .args(["lobby", "--server", &url, "--name", "peek2"])
        .output()
        .await
        .expect("run");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("1 player online\n"), "{text}");
    // A server that is not there is an error in words, not a crash.
    let output = mancala()
        .args(["lobby", "--server", "ws://127.0.0.1:9/ws"])
        .output()
        .await
        .expect("run");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot reach"));
    server.stop().await;
}

#[tokio::test]
async fn every_subcommand_has_help_with_examples() {
    for sub in ["play", "watch", "lobby", "bot", "replay"] {
        let output = mancala().args([sub, "--help"]).output().await.expect("run");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && text.contains("Examples:"),
            "{sub}: {text}"
        );
    }
}

/// A TCP relay in front of the server whose live connections the test can cut.
async fn relay(target: String) -> (String, tokio::sync::watch::Sender<u32>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("ws://{}/ws", listener.local_addr().expect("address"));
    let (cut, cuts) = tokio::sync::watch::channel(0u32);
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            let addr = target
                .trim_start_matches("ws://")
                .trim_end_matches("/ws")
                .to_owned();
            let mut cuts = cuts.clone();
            cuts.mark_unchanged();
            tokio::spawn(async move {
                let Ok(mut outbound) = tokio::net::TcpStream::connect(addr).await else {
                    return;
                };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                    _ = cuts.changed() => {}
                }
            });
        }
    });
    (url, cut)
}

/// Answer a "your move" prompt of `who` with the first house it offers.
async fn play_first_house(inputs: &mut HashMap<&str, ChildStdin>, who: &str, prompt: &str) {
    let houses = prompt.split("houses ").nth(1).expect("houses");
    let pick = houses.split_whitespace().next().expect("a house");
    let stdin = inputs.get_mut(who).expect("player");
    stdin
        .write_all(format!("{pick}\n").as_bytes())
        .await
        .expect("move");
}

/// Plain players ann (on `urls[0]`) and bob (on `urls[1]`), paired by the
/// pool in a one-game Kalah match: their processes, their inputs by name,
/// and every line they print from then on.
async fn paired_plain_players(
    urls: [&str; 2],
    label: &str,
) -> (
    [Child; 2],
    HashMap<&'static str, ChildStdin>,
    mpsc::UnboundedReceiver<(&'static str, String)>,
) {
    let dirs = config_dir(label);
    let (tx, mut lines) = mpsc::unbounded_channel();
    let (ann, mut ann_in) = spawn(
        &["play", "--plain", "--server", urls[0], "--name", "ann"],
        "ann",
        &dirs,
        tx.clone(),
    );
    let (bob, mut bob_in) = spawn(
        &["play", "--plain", "--server", urls[1], "--name", "bob"],
        "bob",
        &dirs,
        tx,
    );
    ann_in
        .write_all(b"pool kalah games=1\n")
        .await
        .expect("write");
    loop {
        let (who, line) = next(&mut lines).await;
        if who == "ann" && line == "waiting for an opponent" {
            break;
        }
    }
    bob_in
        .write_all(b"pool kalah games=1\n")
        .await
        .expect("write");
    let inputs = HashMap::from([("ann", ann_in), ("bob", bob_in)]);
    ([ann, bob], inputs, lines)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_reconnects_and_the_match_goes_on() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let (relayed, cut) = relay(url.clone()).await;
    let (_children, mut inputs, mut lines) =
        paired_plain_players([&relayed, &url], "reconnect").await;
    let mut moves = 0;
    let mut reconnected = false;
    let mut over = 0;
    while over < 2 {
        let (who, line) = next(&mut lines).await;
        assert!(!line.starts_with("error"), "{who}: {line}");
        if line == "reconnected" {
            reconnected = true;
        }
        if line.starts_with("match ") && line.contains(" over (") {
            over += 1;
        }
        if let Some(prompt) = line.strip_prefix("your move in match ") {
            moves += 1;
            if moves == 4 && !reconnected {
                // Cut ann's connection once, mid-game.
                let _ = cut.send(1);
            }
            play_first_house(&mut inputs, who, prompt).await;
        }
    }
    assert!(reconnected, "ann's client reconnected by itself");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_watcher_of_a_finished_match_prints_its_result_and_leaves() {
    let server = tests::TestServer::start().await;
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], serde_json::json!({"games": 1})).await;
    let id = ann
        .request(serde_json::json!({"type": "resign", "match_id": match_id}))
        .await;
    ann.reply(id).await;
    bob.expect("match_ended", |m| {
        matches!(m, protocol::wire::ServerMsg::MatchEnded { .. })
    })
    .await;
    let config = config_dir("late-watcher");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let id = match_id.to_string();
    let url = server.url();
    let (mut eve, _eve_in) = spawn(
        &["watch", &id, "--plain", "--server", &url, "--name", "eve"],
        "eve",
        &config,
        tx,
    );
    let result = loop {
        let (_, line) = next(&mut lines).await;
        if line.starts_with(&format!("match {match_id} over")) {
            break line;
        }
        assert_ne!(line, "<eof>", "eve left without the result");
    };
    assert!(result.contains("(completed)"), "{result}");
    assert!(result.contains("bob wins"), "{result}");
    let status = tokio::time::timeout(WAIT, eve.wait())
        .await
        .expect("the watcher exits")
        .expect("status");
    assert!(status.success());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_players_come_back_by_themselves_after_a_server_restart() {
    let dir = tempfile::tempdir().expect("a directory");
    let config = tests::Config {
        database: dir.path().join("restart.sqlite3").display().to_string(),
        ..tests::Config::default()
    };
    let server = tests::TestServer::with_config(config.clone()).await;
    let addr = server.addr;
    let url = server.url();
    let (_children, mut inputs, mut lines) = paired_plain_players([&url, &url], "restart").await;
    let (mut moves, mut over) = (0, 0);
    let mut server = Some(server);
    let mut heard_of_restart = 0;
    while over < 2 {
        let (who, line) = next(&mut lines).await;
        assert!(!line.starts_with("error"), "{who}: {line}");
        if line.contains("the server restarted") {
            heard_of_restart += 1;
        }
        if line.starts_with("match ") && line.contains(" over (") {
            over += 1;
        }
        if let Some(prompt) = line.strip_prefix("your move in match ") {
            moves += 1;
            if moves == 4
                && let Some(old) = server.take()
            {
                // Restart the server where it was, on the same database,
                // before answering; both clients come back by themselves.
                assert!(old.stop().await, "the server stops");
                server = Some(tests::TestServer::on(addr, config.clone()).await);
                let mut back = 0;
                while back < 2 {
                    let (who, line) = next(&mut lines).await;
                    assert!(!line.starts_with("error"), "{who}: {line}");
                    if line.contains("the server restarted") {
                        heard_of_restart += 1;
                    }
                    back += usize::from(line == "reconnected");
                }
            }
            play_first_house(&mut inputs, who, prompt).await;
        }
    }
    assert!(heard_of_restart >= 2, "both were told of the restart");
    if let Some(server) = server {
        server.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_token_the_server_does_not_know_signs_in_again_with_a_notice() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    // A token saved against another server's database (or one since reset).
    let config = config_dir("stale-token");
    std::fs::create_dir_all(&config).expect("config dir");
    std::fs::write(
        config.join("tokens.json"),
        serde_json::json!({ format!("{url} ann"): "0123456789abcdef0123456789abcdef" }).to_string(),
    )
    .expect("tokens file");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let (_ann, mut ann_in) = spawn(
        &["play", "--plain", "--server", &url, "--name", "ann"],
        "ann",
        &config,
        tx,
    );
    let mut seen = Vec::new();
    loop {
        let (_, line) = next(&mut lines).await;
        assert_ne!(line, "<eof>", "ann gave up: {seen:?}");
        seen.push(line.clone());
        if line == "the server no longer knew your saved token; signed in again as ann" {
            break;
        }
    }
    // She is signed in: the lobby answers.
    ann_in.write_all(b"lobby\n").await.expect("type");
    loop {
        let (_, line) = next(&mut lines).await;
        assert_ne!(line, "<eof>");
        if line.ends_with("online") {
            break;
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_a_match_that_does_not_exist_fails_instead_of_hanging() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let config = config_dir("watch-nothing");
    let output = tokio::time::timeout(
        WAIT,
        mancala()
            .args(["watch", "999", "--plain", "--server", &url, "--name", "eve"])
            .env("MANCALA_CONFIG_DIR", &config)
            .stdin(Stdio::null())
            .output(),
    )
    .await
    .expect("it ends by itself")
    .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("999"), "{stderr}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_held_by_another_player_is_refused_in_words() {
    let server = tests::TestServer::start().await;
    let _ann = tests::Client::join(&server, "ann").await;
    let url = server.url();
    let config = config_dir("name-taken");
    let output = tokio::time::timeout(
        WAIT,
        mancala()
            .args(["lobby", "--server", &url, "--name", "ann"])
            .env("MANCALA_CONFIG_DIR", &config)
            .output(),
    )
    .await
    .expect("in time")
    .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the name ann is taken by another player; choose another with --name"),
        "{stderr}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_come_back_after_a_server_restart_and_finish_their_match() {
    let dir = tempfile::tempdir().expect("a directory");
    let config = tests::Config {
        database: dir.path().join("bots.sqlite3").display().to_string(),
        ..tests::Config::default()
    };
    let server = tests::TestServer::with_config(config.clone()).await;
    let addr = server.addr;
    let url = server.url();
    let config_home = config_dir("bots-restart");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let mut children = Vec::new();
    for (who, name) in [("one", "bot1"), ("two", "bot2")] {
        let args = bot_args(&url, name, "greedy", 5);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        children.push(spawn(&args, who, &config_home, tx.clone()));
    }
    let mut server = server;
    let mut restarted = false;
    let (mut over, mut eofs) = (0, 0);
    while eofs < 2 {
        let (who, line) = next(&mut lines).await;
        assert!(!line.starts_with("error"), "{who}: {line}");
        // Once, at the first move: the server stops and starts again on
        // its database while both bots are in the middle of their match.
        if !restarted && line.contains(" move ") {
            restarted = true;
            assert!(server.stop().await, "the server stops");
            server = tests::TestServer::on(addr, config.clone()).await;
        }
        if line.starts_with("match ") && line.contains(" over (completed)") {
            over += 1;
        }
        if line == "<eof>" {
            eofs += 1;
        }
    }
    assert!(restarted);
    assert_eq!(over, 2, "both bots saw their match end after the restart");
    for (child, _) in &mut children {
        let status = tokio::time::timeout(WAIT, child.wait())
            .await
            .expect("exits")
            .expect("status");
        assert!(
            status.success(),
            "each bot stops by itself once its match is over"
        );
    }
    server.stop().await;
}

/// The full-screen client in a pseudo-terminal (`script` from util-linux),
/// keys written to its input; what it draws is drained and not read.
fn spawn_full_screen(url: &str, name: &str, config: &std::path::Path) -> (Child, ChildStdin) {
    let command = format!(
        "stty cols 100 rows 30; exec {} play --server {url} --name {name} --no-bell",
        env!("CARGO_BIN_EXE_mancala")
    );
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .env("MANCALA_CONFIG_DIR", config)
        .env("TERM", "xterm")
        .env("MANCALA_LANG", "en")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start script (util-linux)");
    let stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    tokio::spawn(async move {
        let _ = tokio::io::copy(&mut stdout, &mut tokio::io::sink()).await;
    });
    (child, stdin)
}

/// The first non-empty house of `seat`'s row in `board` (rules sides; the
/// seat that moved first plays side 0).
fn a_legal_house(
    board: &protocol::rules::Board,
    seat: protocol::wire::Seat,
    first: protocol::wire::Seat,
) -> u8 {
    let side = seat.side(first);
    let row = &board.houses[side.index()];
    row.iter()
        .position(|&seeds| seeds > 0)
        .map_or(1, |i| i as u8 + 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_full_screen_client_comes_back_after_a_cut_and_a_restart_and_plays_on() {
    use protocol::wire::{MatchSettings, Seat, ServerMsg};
    let dir = tempfile::tempdir().expect("a directory");
    let config = tests::Config {
        database: dir.path().join("tui.sqlite3").display().to_string(),
        ..tests::Config::default()
    };
    let mut server = tests::TestServer::with_config(config.clone()).await;
    let addr = server.addr;
    let (relayed, cut) = relay(server.url()).await;
    let home = config_dir("full-screen");
    let (_ann, mut keys) = spawn_full_screen(&relayed, "ann", &home);
    // Ann asks for quick pairing (p), bob joins the same pool.
    keys.write_all(b"p").await.expect("a key");
    let mut bob = tests::Client::join(&server, "bob").await;
    let settings = serde_json::to_value(MatchSettings::default()).expect("settings");
    bob.send(serde_json::json!({"type": "pool_join", "settings": settings}))
        .await;
    let ServerMsg::MatchStarted {
        match_id, players, ..
    } = bob
        .wait_for("the pairing", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await
    else {
        unreachable!()
    };
    let ann_seat = if players[0].name == "ann" {
        Seat::Zero
    } else {
        Seat::One
    };
    let ServerMsg::GameStarted {
        first, position, ..
    } = bob
        .wait_for("game 1", |m| matches!(m, ServerMsg::GameStarted { .. }))
        .await
    else {
        unreachable!()
    };
    let mut board = position;
    let mut ply = 0;
    // Whoever is to move plays; ann's moves are keys on her screen. The
    // move of ply `ply` is seen by bob either way.
    let play = async |bob: &mut tests::Client,
                      keys: &mut ChildStdin,
                      board: &mut protocol::rules::Board,
                      ply: &mut u32,
                      to_move: Seat| {
        *ply += 1;
        let house = a_legal_house(board, to_move, first);
        let want = *ply;
        let played = |m: &ServerMsg| matches!(m, ServerMsg::MovePlayed { ply, .. } if *ply == want);
        if to_move == ann_seat {
            // Her screen may not show the board yet when the key arrives
            // (keys and the socket are not ordered): the key is pressed
            // again until the move is seen; a repeat of a played move is
            // only acknowledged as a duplicate.
            for _ in 0..10 {
                let key = house.to_string();
                keys.write_all(key.as_bytes()).await.expect("a key");
                let seen = bob.wait_for("the move", played);
                if tokio::time::timeout(Duration::from_secs(2), seen)
                    .await
                    .is_ok()
                {
                    break;
                }
            }
        } else {
            bob.send(serde_json::json!({"type": "move", "match_id": match_id, "game": 1, "ply": want, "house": house}))
                .await;
        }
        let ServerMsg::MovePlayed { position, next, .. } = bob.wait_for("the move", played).await
        else {
            unreachable!()
        };
        *board = position;
        next
    };
    let mut to_move = play(&mut bob, &mut keys, &mut board, &mut ply, first).await;

    // The network drops ann's connection; her screen comes back by itself.
    let _ = cut.send(1);
    bob.wait_for(
        "ann away",
        |m| matches!(m, ServerMsg::PlayerLeft { seat, .. } if *seat == ann_seat),
    )
    .await;
    bob.wait_for(
        "ann back",
        |m| matches!(m, ServerMsg::PlayerReturned { seat, .. } if *seat == ann_seat),
    )
    .await;
    // Both move once more (each ply's mover from the last move).
    for _ in 0..2 {
        let Some(seat) = to_move else { break };
        to_move = play(&mut bob, &mut keys, &mut board, &mut ply, seat).await;
    }

    // The server restarts on its database; her screen comes back again.
    let token = bob.token.clone();
    assert!(server.stop().await, "the server stops");
    server = tests::TestServer::on(addr, config.clone()).await;
    let (mut bob, _) = tests::Client::rejoin(&server, &token).await;
    let id = bob
        .request(serde_json::json!({"type": "resume", "match_id": match_id, "last_version": 0}))
        .await;
    bob.reply(id).await;
    bob.wait_for(
        "ann back after the restart",
        |m| matches!(m, ServerMsg::PlayerReturned { seat, .. } if *seat == ann_seat),
    )
    .await;
    for _ in 0..2 {
        let Some(seat) = to_move else { break };
        to_move = play(&mut bob, &mut keys, &mut board, &mut ply, seat).await;
    }
    assert!(ply >= 5, "moves were played after the cut and the restart");
    server.stop().await;
}

/// Run `mancala ARGS` to its end with `input` on its stdin: whether it
/// succeeded, its stdout and its stderr.
async fn run_once(args: &[&str], config: &std::path::Path, input: &str) -> (bool, String, String) {
    let mut child = mancala()
        .args(args)
        .env("MANCALA_CONFIG_DIR", config)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("start mancala");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).await.expect("write");
    drop(stdin);
    let output = tokio::time::timeout(WAIT, child.wait_with_output())
        .await
        .expect("it ends")
        .expect("its output");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_set_on_one_device_signs_in_on_another_and_the_pages_show() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let (home, laptop) = (config_dir("device-home"), config_dir("device-laptop"));
    let secret = "correct horse battery\n";
    let set = [
        "password",
        "--server",
        &url,
        "--name",
        "ann",
        "--password-stdin",
    ];
    let (ok, out, err) = run_once(&set, &home, secret).await;
    assert!(ok, "{out} {err}");
    assert!(out.contains("ann has a password now"), "{out}");
    let short = run_once(&set, &home, "short\n").await;
    assert!(!short.0 && short.2.contains("8 to 256 bytes"), "{short:?}");

    let login = [
        "login",
        "--server",
        &url,
        "--name",
        "ANN",
        "--password-stdin",
    ];
    let (ok, _, err) = run_once(&login, &laptop, "wrong horse battery\n").await;
    assert!(!ok);
    assert!(
        err.contains("no player has that name and password"),
        "{err}"
    );
    let (ok, out, err) = run_once(&login, &laptop, secret).await;
    assert!(ok, "{out} {err}");
    assert!(out.contains("signed in as ann"), "{out}");
    // The laptop's saved token is ann now: changing the password from there works.
    let (ok, out, err) = run_once(&set, &laptop, "battery staple horse\n").await;
    assert!(ok, "{out} {err}");
    let (ok, _, err) = run_once(&login, &laptop, secret).await;
    assert!(!ok, "the old password no longer signs in: {err}");

    let (ok, out, err) = run_once(&["profile", "ann", "--server", &url], &home, "").await;
    assert!(ok, "{err}");
    assert!(
        out.starts_with("ann\n") && out.contains("no rated match yet"),
        "{out}"
    );
    let (ok, _, err) = run_once(&["profile", "nobody", "--server", &url], &home, "").await;
    assert!(!ok && err.contains("no player 'nobody'"), "{err}");
    let board = ["leaderboard", "--variant", "kalah", "--server", &url];
    let (ok, out, err) = run_once(&board, &home, "").await;
    assert!(ok, "{err}");
    assert!(
        out.contains("kalah real-time leaderboard: nobody yet"),
        "{out}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_listed_shown_and_entered_from_the_terminal() {
    use serde_json::json;
    let server = tests::TestServer::start().await;
    let url = server.url();
    let mut dora = tests::Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let starts = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64
        + 3_600_000;
    let create = dora
        .request(json!({"type": "tournament_create", "settings": {"name": "Evening Swiss",
            "settings": {"ruleset": {"variant": "mangala"}, "games": 3}, "rounds": 3, "starts_at_ms": starts}}))
        .await;
    let id = match dora.reply(create).await {
        protocol::wire::ServerMsg::TournamentCreated { tournament, .. } => tournament.tournament_id,
        other => panic!("not created: {other:?}"),
    };
    let list = mancala()
        .args(["tournaments", "--server", &url])
        .output()
        .await
        .expect("run");
    let text = String::from_utf8_lossy(&list.stdout);
    assert!(
        text.starts_with(&format!(
            "#{id} Evening Swiss · mangala, 3 games, untimed · taking entries · round 0 of 3 · 0 players"
        )),
        "{text}"
    );
    // Entered from line mode: the tournament is told as it changes.
    let config = config_dir("tournament");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let (mut ann, mut ann_in) = spawn(
        &["play", "--plain", "--server", &url, "--name", "ann"],
        "ann",
        &config,
        tx,
    );
    ann_in
        .write_all(format!("join {id}\n").as_bytes())
        .await
        .expect("write");
    loop {
        let (_, line) = next(&mut lines).await;
        assert!(!line.starts_with("error"), "{line}");
        if line.starts_with(&format!(
            "tournament {id} (Evening Swiss): round 0 of 3, 1 player"
        )) {
            break;
        }
    }
    let one = mancala()
        .args(["tournaments", &id.to_string(), "--server", &url])
        .output()
        .await
        .expect("run");
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(text.contains("directed by dora"), "{text}");
    assert!(text.contains("      1  ann "), "{text}");
    ann_in.write_all(b"quit\n").await.expect("quit");
    let _ = tokio::time::timeout(WAIT, ann.wait()).await;
    server.stop().await;
}
