//! The terminal client in the players' languages: `--lang`, else the
//! locale's (`LANG`), a refusal in words for a language it does not speak,
//! a whole game read in Polish in line mode beside an English opponent,
//! and `--help` in each language.

use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{ChildStdin, Command};
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(60);

/// `mancala ARGS` with no language in its environment but `locale` (the
/// value of `LANG`).
fn mancala(args: &[&str], locale: &str, config: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mancala"));
    command
        .args(args)
        .env_remove("MANCALA_LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", locale)
        .env("MANCALA_CONFIG_DIR", config);
    command
}

fn config_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-lang-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[tokio::test]
async fn the_lobby_is_printed_in_the_language_asked_for_else_the_locales() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let config = config_dir("lobby");
    let run = |args: Vec<&str>, locale: &str| {
        let mut command = mancala(&args, locale, &config);
        async move { command.output().await.expect("run") }
    };
    let polish = run(
        vec!["lobby", "--lang", "pl", "--server", &url, "--name", "ala"],
        "C.UTF-8",
    )
    .await;
    let text = String::from_utf8_lossy(&polish.stdout);
    assert!(polish.status.success(), "{text}");
    assert!(text.contains(" online\notwarte oferty (0):\n"), "{text}");
    assert!(text.ends_with("mecze na żywo (0):\n"), "{text}");
    let russian = run(
        vec!["lobby", "--server", &url, "--name", "ivan"],
        "ru_RU.UTF-8",
    )
    .await;
    let text = String::from_utf8_lossy(&russian.stdout);
    assert!(text.contains(" в сети\nоткрытые заявки (0):\n"), "{text}");
    let english = run(
        vec!["lobby", "--server", &url, "--name", "ed"],
        "de_DE.UTF-8",
    )
    .await;
    let text = String::from_utf8_lossy(&english.stdout);
    assert!(text.contains(" online\nopen seeks (0):\n"), "{text}");
    // An unreachable server, said in Slovenian.
    let away = run(
        vec!["lobby", "--lang", "sl", "--server", "ws://127.0.0.1:9/ws"],
        "C",
    )
    .await;
    let said = String::from_utf8_lossy(&away.stderr);
    assert!(!away.status.success());
    assert!(said.contains("ws://127.0.0.1:9/ws ni dosegljiv"), "{said}");
    // The server's refusal, said in Russian by its code (in English the
    // server's own words).
    let nothing = run(
        vec![
            "watch", "--plain", "--server", &url, "--name", "olga", "999",
        ],
        "ru_RU.UTF-8",
    )
    .await;
    let said = String::from_utf8_lossy(&nothing.stderr);
    assert!(!nothing.status.success());
    assert!(
        said.contains("сервер отказал: Этот матч не идёт."),
        "{said}"
    );
    let nothing = run(
        vec![
            "watch", "--plain", "--server", &url, "--name", "otto", "999",
        ],
        "C",
    )
    .await;
    let said = String::from_utf8_lossy(&nothing.stderr);
    assert!(said.contains("the server refused: no match 999"), "{said}");
    // A language it does not speak is refused in words, naming those it does.
    let german = run(vec!["lobby", "--lang", "de", "--server", &url], "C").await;
    let said = String::from_utf8_lossy(&german.stderr);
    assert!(!german.status.success());
    assert!(
        said.contains("--lang de: the client speaks en (English), tr (Türkçe), pl (Polski)"),
        "{said}"
    );
    server.stop().await;
}

/// A `mancala play --plain` process whose lines arrive tagged with `who`.
fn player(
    who: &'static str,
    lang: &str,
    url: &str,
    config: &std::path::Path,
    lines: mpsc::UnboundedSender<(&'static str, String)>,
) -> (tokio::process::Child, ChildStdin) {
    let mut child = mancala(
        &[
            "play", "--plain", "--lang", lang, "--server", url, "--name", who,
        ],
        "C.UTF-8",
        config,
    )
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
    });
    (child, stdin)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_polish_player_reads_her_game_in_polish_and_her_opponent_in_english() {
    let server = tests::TestServer::start().await;
    let url = server.url();
    let config = config_dir("game");
    let (tx, mut lines) = mpsc::unbounded_channel();
    let mut next = async move || {
        tokio::time::timeout(WAIT, lines.recv())
            .await
            .expect("a line in time")
            .expect("the players still talk")
    };
    let (mut ala, mut ala_in) = player("ala", "pl", &url, &config, tx.clone());
    let (mut bob, mut bob_in) = player("bob", "en", &url, &config, tx.clone());
    ala_in
        .write_all(b"help\nfly\npool mangala games=1\n")
        .await
        .expect("write");
    let (mut help, mut refused) = (false, false);
    loop {
        let (who, line) = next().await;
        help |= who == "ala" && line == "polecenia:";
        refused |= who == "ala" && line == "błąd: nieznane polecenie „fly” (wpisz help)";
        if who == "ala" && line == "czekasz na przeciwnika" {
            break;
        }
    }
    assert!(help, "the command list is headed in Polish");
    assert!(refused, "an unknown command is refused in Polish");
    bob_in
        .write_all(b"pool mangala games=1\n")
        .await
        .expect("write");
    let (mut ala_over, mut bob_over) = (None, None);
    let (mut started, mut moves_told) = (false, 0);
    let mut turns = 0;
    while ala_over.is_none() || bob_over.is_none() {
        let (who, line) = next().await;
        assert!(
            !line.starts_with("error") && !line.starts_with("błąd"),
            "{who}: {line}"
        );
        started |= who == "ala" && line.contains(" rozpoczęty: ala – bob, mangala");
        if who == "ala" && line.contains(" gra dołek ") {
            moves_told += 1;
        }
        let prompt = match who {
            "ala" => line
                .strip_prefix("twój ruch w meczu ")
                .map(|p| (p, "dołki ")),
            _ => line
                .strip_prefix("your move in match ")
                .map(|p| (p, "houses ")),
        };
        if let Some((prompt, houses)) = prompt {
            let legal = prompt.split(houses).nth(1).expect("the legal houses");
            let choices: Vec<&str> = legal.split_whitespace().collect();
            let pick = choices[turns % choices.len()];
            turns += 1;
            let stdin = if who == "ala" {
                &mut ala_in
            } else {
                &mut bob_in
            };
            stdin
                .write_all(format!("{pick}\n").as_bytes())
                .await
                .expect("write a move");
        }
        if who == "ala" && line.starts_with("mecz ") && line.contains(" skończony (") {
            ala_over = Some(line);
        } else if who == "bob" && line.starts_with("match ") && line.contains(" over (") {
            bob_over = Some(line);
        }
    }
    assert!(started, "the match's start is told in Polish");
    assert!(moves_told > 0, "each move is told in Polish");
    let (ala_over, bob_over) = (ala_over.unwrap_or_default(), bob_over.unwrap_or_default());
    assert!(
        ala_over.contains("(rozstrzygnięty przed czasem)")
            || ala_over.contains("(rozegrano wszystkie partie)"),
        "{ala_over}"
    );
    assert!(
        bob_over.contains("(completed)") || bob_over.contains("(decided)"),
        "{bob_over}"
    );
    for stdin in [&mut ala_in, &mut bob_in] {
        stdin.write_all(b"quit\n").await.expect("quit");
    }
    for child in [&mut ala, &mut bob] {
        let status = tokio::time::timeout(WAIT, child.wait())
            .await
            .expect("exits")
            .expect("status");
        assert!(status.success());
    }
    server.stop().await;
}

#[tokio::test]
async fn the_help_is_in_the_language_asked_for_else_the_locales() {
    let config = config_dir("help");
    let run = |args: &[&str], locale: &str| {
        let mut command = mancala(args, locale, &config);
        async move {
            let output = command.output().await.expect("run");
            assert!(output.status.success(), "{output:?}");
            String::from_utf8_lossy(&output.stdout).into_owned()
        }
    };
    let polish = run(&["--lang", "pl", "play", "--help"], "C.UTF-8").await;
    assert!(polish.contains("Użycie: mancala play"), "{polish}");
    assert!(polish.contains("Opcje:\n"), "{polish}");
    assert!(
        polish.contains("Bez dzwonka, gdy przychodzi twój ruch"),
        "{polish}"
    );
    assert!(polish.contains("Przykłady:\n"), "{polish}");
    assert!(
        !polish.contains("Options:") && !polish.contains("Examples:"),
        "{polish}"
    );
    let russian = run(&["help"], "ru_RU.UTF-8").await;
    assert!(russian.contains("Команды:\n"), "{russian}");
    assert!(russian.contains("Показать справку"), "{russian}");
    let slovenian = run(&["help", "solve"], "sl_SI.UTF-8").await;
    assert!(slovenian.contains("Reši igro:"), "{slovenian}");
    let english = run(&["watch", "--help"], "de_DE.UTF-8").await;
    assert!(english.contains("Usage: mancala watch"), "{english}");
    assert!(
        english.contains("Watch a match; without MATCH"),
        "{english}"
    );
    // A command line clap refuses is refused in the language too, with
    // clap's exit status.
    let config = config_dir("refused");
    let refused = mancala(&["play", "--bogus"], "pl_PL.UTF-8", &config)
        .output()
        .await
        .expect("run");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert!(
        said.starts_with("błąd: nieoczekiwany argument '--bogus'"),
        "{said}"
    );
    assert!(said.ends_with("Więcej informacji: '--help'.\n"), "{said}");
}

/// The engine tools speak the player's language too: a replay's boards and
/// moves, an analysis's table, a solve's report and progress, and their
/// own refusals.
#[tokio::test]
async fn the_engine_tools_speak_the_language_asked_for() {
    let config = config_dir("tools");
    let record = config.with_extension("kalah.txt");
    std::fs::write(&record, "[variant \"kalah\"]\n\n1. 3,6 1\n").expect("a record");
    let record = record.display().to_string();
    let run = |args: Vec<&str>, locale: &str| {
        let mut command = mancala(&args, locale, &config);
        async move { command.output().await.expect("run") }
    };
    let replayed = run(vec!["--lang", "pl", "replay", &record], "C").await;
    let text = String::from_utf8_lossy(&replayed.stdout);
    assert!(replayed.status.success(), "{text}");
    assert!(
        text.contains("Ruch 1: gracz 0 gra dołek 3; dodatkowy ruch"),
        "{text}"
    );
    assert!(text.contains("[ 1] P0 magazyn"), "{text}");
    assert!(text.contains("Niedokończona: ruch gracza 0"), "{text}");
    let sample = format!(
        "{}/../records/mangala-sample.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let analysed = run(vec!["analyze", &sample, "--depth", "2"], "ru_RU.UTF-8").await;
    let text = String::from_utf8_lossy(&analysed.stdout);
    assert!(analysed.status.success(), "{text}");
    assert!(text.contains("полуход  сторона"), "{text}");
    assert!(text.contains("Больше всего потеряли ходы: "), "{text}");
    let solved = run(
        vec![
            "--lang",
            "sl",
            "solve",
            "kalah",
            "--houses",
            "3",
            "--seeds",
            "2",
            "--no-endgame-cache",
        ],
        "C",
    )
    .await;
    let (out, err) = (
        String::from_utf8_lossy(&solved.stdout),
        String::from_utf8_lossy(&solved.stderr),
    );
    assert!(solved.status.success(), "{err}");
    assert!(out.contains(" ob popolni igri "), "{out}");
    assert!(out.contains("preiskanih položajev: "), "{out}");
    assert!(err.contains("reševanje kalah"), "{err}");
    let bad = config.with_extension("bad.txt");
    std::fs::write(&bad, "[variant \"kalah\"]\n1. 3,3\n").expect("a record");
    let refused = run(vec!["replay", &bad.display().to_string()], "pl_PL.UTF-8").await;
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        said.contains("wiersz 2: ruch 2 (dołek 3) jest niedozwolony: dołek 3 jest pusty"),
        "{said}"
    );
    let _ = std::fs::remove_file(&bad);
    let nothing = run(vec!["replay"], "tr_TR.UTF-8").await;
    let said = String::from_utf8_lossy(&nothing.stderr);
    assert!(!nothing.status.success());
    assert!(said.contains("oynatılacak bir oyun kaydı belirt"), "{said}");
    let _ = std::fs::remove_file(&record);
}
