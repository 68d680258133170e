//! A real Redis server for the tests of several nodes: Debian's
//! `redis-server` package (`.ci/run` installs it), started in a temporary
//! directory as an unprivileged user, on a free port of the loopback,
//! keeping nothing on disk. Each test starts its own; it stops when dropped.

use crate::WAIT;
use crate::daemon::{self, free_port, unprivileged};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

/// The Redis server program: `MANCALA_REDIS_SERVER`, else Debian's.
fn program() -> String {
    std::env::var("MANCALA_REDIS_SERVER").unwrap_or_else(|_| "/usr/bin/redis-server".to_owned())
}

/// A running Redis server of its own.
pub struct Redis {
    child: Option<Child>,
    port: u16,
    log: daemon::Log,
    dir: tempfile::TempDir,
    root: bool,
}

impl Redis {
    /// Start a Redis server; panics with what to install if it is missing.
    pub fn start() -> Redis {
        assert!(
            std::path::Path::new(&program()).exists(),
            "Redis is not installed (no {}): apt-get install redis-server (.ci/run does), \
             or set MANCALA_REDIS_SERVER to its redis-server",
            program()
        );
        let dir = tempfile::tempdir().expect("a temporary directory");
        let root = daemon::running_as_root();
        if root {
            daemon::give_away(&[dir.path()]);
        }
        let mut redis = Redis {
            child: None,
            port: free_port(),
            log: Arc::new(Mutex::new(Vec::new())),
            dir,
            root,
        };
        // The port was free a moment ago; another test may have taken it since.
        for _ in 0..5 {
            if redis.launch() {
                return redis;
            }
            redis.port = free_port();
        }
        panic!("Redis found every port taken:\n{}", redis.log().join("\n"));
    }

    /// Start the server and wait until it takes connections: `false` if
    /// its port was taken.
    fn launch(&mut self) -> bool {
        let earlier = self.log().len();
        let mut command = unprivileged(Command::new(program()), self.root);
        command
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .args(["--logfile", ""])
            .arg("--dir")
            .arg(self.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(child) = daemon::start_until(command, &self.log, "Ready to accept connections")
        {
            self.child = Some(child);
            return true;
        }
        let log = self.log();
        if log[earlier..]
            .iter()
            .any(|line| line.contains("Address already in use"))
        {
            return false;
        }
        panic!("Redis never said it was ready:\n{}", log.join("\n"));
    }

    /// Kill the server (SIGKILL: everything it held is gone) and wait for it.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Start the killed server again, empty, on the same port.
    pub fn start_again(&mut self) {
        assert!(self.child.is_none(), "Redis is running already");
        assert!(
            self.launch(),
            "Redis's port {} was taken while it was stopped",
            self.port
        );
    }

    /// Wait until each node of `nodes` listens on its channel and says it
    /// runs (after a restart of Redis: the nodes reconnect by themselves).
    pub fn wait_for_nodes(&self, nodes: &[&str]) {
        let deadline = std::time::Instant::now() + WAIT;
        let ready = |node: &str| {
            self.cli(&["PUBSUB", "NUMSUB", &format!("mancala:node:{node}")])
                .lines()
                .nth(1)
                .is_some_and(|count| count.trim() == "1")
                && self.cli(&["EXISTS", &format!("mancala:alive:{node}")]) == "1"
        };
        while !nodes.iter().all(|node| ready(node)) {
            assert!(
                std::time::Instant::now() < deadline,
                "the nodes {nodes:?} never came back to Redis"
            );
            // Polling Redis: the pause only spaces the looks out.
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// What `redis-cli` prints for `args` against it.
    pub fn cli(&self, args: &[&str]) -> String {
        let output = Command::new("redis-cli")
            .args(["-h", "127.0.0.1", "-p", &self.port.to_string()])
            .args(args)
            .output()
            .expect("redis-cli runs");
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// Its URL for `--cluster`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Everything the server has logged so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.kill();
    }
}
