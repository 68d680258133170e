//! `mancala bot` processes entered in a tournament, for the tests that run
//! a whole one: started with a home and a log of their own, and awaited at
//! the tournament's end.

use std::path::Path;
use tests::TestServer;
use tokio::process::{Child, Command};

/// `mancala bot` named `name` entering tournament `id` (at level greedy),
/// with `extra` options; its home and its log (`NAME.err`) under `homes`.
pub fn tournament_bot(
    server: &TestServer,
    name: &str,
    id: u64,
    extra: &[&str],
    homes: &Path,
) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "bot",
            "--server",
            &server.url(),
            "--name",
            name,
            "--tournament",
            &id.to_string(),
            "--level",
            "greedy",
        ])
        .args(extra)
        .env("MANCALA_CONFIG_DIR", homes.join(name))
        .env("LANG", "C")
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(homes.join(format!("{name}.err"))).expect("a log"))
        .kill_on_drop(true)
        .spawn()
        .expect("mancala bot starts")
}

/// Each bot stops by itself, successfully (its log shown if not).
pub async fn each_stops(bots: &mut [(String, Child)], homes: &Path) {
    for (name, bot) in bots {
        let status = tokio::time::timeout(tests::WAIT, bot.wait())
            .await
            .expect("the bot stops at the end")
            .expect("the bot ran");
        let said = std::fs::read_to_string(homes.join(format!("{name}.err")));
        assert!(status.success(), "{name}: {status} {said:?}");
    }
}
