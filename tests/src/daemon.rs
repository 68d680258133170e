//! What the tests' own database and message servers have in common: they
//! run as an unprivileged user when the tests run as root, in a temporary
//! directory given to that user, on a free port of the loopback.

use crate::WAIT;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex, mpsc};

/// Every line a server wrote, kept for the test's messages.
pub(crate) type Log = Arc<Mutex<Vec<String>>>;

/// Start `command`, whose stdout or stderr is piped, keeping its lines in
/// `log`, and wait until one says `ready`: the running child, or `None`
/// (killed) if it never did; its log says why.
pub(crate) fn start_until(mut command: Command, log: &Log, ready: &'static str) -> Option<Child> {
    let mut child = command.spawn().expect("the server starts");
    let output: Option<Box<dyn Read + Send>> = match (child.stdout.take(), child.stderr.take()) {
        (Some(stdout), _) => Some(Box::new(stdout)),
        (None, Some(stderr)) => Some(Box::new(stderr)),
        (None, None) => None,
    };
    let (said, is_ready) = mpsc::channel();
    if let Some(output) = output {
        let log = Arc::clone(log);
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if line.contains(ready) {
                    let _ = said.send(());
                }
                log.lock().unwrap_or_else(|p| p.into_inner()).push(line);
            }
        });
    }
    if is_ready.recv_timeout(WAIT).is_ok() {
        return Some(child);
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// The user and group a root test runs a server as: `nobody`/`nogroup`
/// (PostgreSQL refuses to run as root; Redis should not).
const UNPRIVILEGED: u32 = 65534;

/// Whether the tests run as root.
pub(crate) fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").map_or(1, |m| m.uid()) == 0
}

/// Give `paths` to the unprivileged user.
pub(crate) fn give_away(paths: &[&Path]) {
    for path in paths {
        std::os::unix::fs::chown(path, Some(UNPRIVILEGED), Some(UNPRIVILEGED))
            .expect("the directory given to the unprivileged user");
    }
}

/// `command`, run as the unprivileged user if the tests run as root.
pub(crate) fn unprivileged(mut command: Command, root: bool) -> Command {
    if root {
        command.uid(UNPRIVILEGED).gid(UNPRIVILEGED);
    }
    command
}

/// A port of the loopback nobody listens on now.
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}
