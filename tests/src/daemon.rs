//! What the tests' own database and message servers have in common: they
//! run as an unprivileged user when the tests run as root, in a temporary
//! directory given to that user, on a free port of the loopback.

use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;

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
