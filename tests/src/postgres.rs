//! A real PostgreSQL server for the tests that run the journal on it:
//! Debian's `postgresql` package (`.ci/run` installs it), started in a
//! temporary directory as an unprivileged user, on a free port of the
//! loopback, with nothing shared with any other test or with a system
//! cluster. Each test starts its own and it stops when dropped.

use crate::WAIT;
use crate::daemon::{self, free_port, unprivileged};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

/// The role the tests connect as (the cluster's superuser).
const ROLE: &str = "mancala";

/// A running PostgreSQL cluster of its own.
pub struct Postgres {
    child: Option<Child>,
    bin: PathBuf,
    port: u16,
    log: daemon::Log,
    /// The data and the socket; removed when dropped (after the server stops).
    dir: tempfile::TempDir,
    /// Whether the tests run as root (and PostgreSQL as [`UNPRIVILEGED`]).
    root: bool,
}

impl Postgres {
    /// initdb a new cluster and start it; panics with what to install if
    /// PostgreSQL's server programs are missing.
    pub fn start() -> Postgres {
        let bin = server_programs();
        let dir = tempfile::tempdir().expect("a temporary directory");
        let data = dir.path().join("data");
        std::fs::create_dir(&data).expect("the data directory");
        let root = daemon::running_as_root();
        if root {
            daemon::give_away(&[dir.path(), data.as_path()]);
        }
        let output = unprivileged(Command::new(bin.join("initdb")), root)
            .args(["--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C"])
            .args(["--username", ROLE, "--pgdata"])
            .arg(&data)
            .output()
            .expect("initdb runs");
        assert!(
            output.status.success(),
            "initdb failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let mut postgres = Postgres {
            child: None,
            bin,
            port: free_port(),
            log: Arc::new(Mutex::new(Vec::new())),
            dir,
            root,
        };
        // The port was free a moment ago; another test may have taken it
        // since (PostgreSQL cannot be told to choose one itself).
        for _ in 0..5 {
            if postgres.launch() {
                return postgres;
            }
            postgres.port = free_port();
        }
        panic!(
            "PostgreSQL found every port taken:\n{}",
            postgres.log().join("\n")
        );
    }

    /// Start the server on the cluster and wait until it takes connections:
    /// `false` if its port was taken.
    fn launch(&mut self) -> bool {
        let earlier = self.log().len();
        let data = self.data_dir();
        let mut command = unprivileged(Command::new(self.bin.join("postgres")), self.root);
        command
            .arg("-D")
            .arg(&data)
            .args(["-p", &self.port.to_string()])
            .arg("-k")
            .arg(self.dir.path())
            .args(["-c", "listen_addresses=127.0.0.1"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(child) = daemon::start_until(
            command,
            &self.log,
            "database system is ready to accept connections",
        ) {
            self.child = Some(child);
            return true;
        }
        let log = self.log();
        if log[earlier..]
            .iter()
            .any(|line| line.contains("could not bind"))
        {
            return false;
        }
        panic!("PostgreSQL never said it was ready:\n{}", log.join("\n"));
    }

    /// Stop the server (fast shutdown: its sessions are ended) and wait
    /// until it has exited; the cluster stays, for [`Postgres::start_again`].
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        let deadline = std::time::Instant::now() + WAIT;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            // Polling a process's exit: the pause only spaces the looks out.
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = child.kill();
        let _ = child.wait();
    }

    /// Start the stopped server again, on the same port and data.
    pub fn start_again(&mut self) {
        assert!(self.child.is_none(), "PostgreSQL is running already");
        assert!(
            self.launch(),
            "PostgreSQL's port {} was taken while it was stopped",
            self.port
        );
    }

    /// A new, empty database on it: its URL for `--database`.
    pub fn create_database(&self, name: &str) -> String {
        let output = Command::new(self.bin.join("createdb"))
            .args(["--host", "127.0.0.1", "--port", &self.port.to_string()])
            .args(["--username", ROLE, name])
            .output()
            .expect("createdb runs");
        assert!(
            output.status.success(),
            "createdb {name} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        self.url(name)
    }

    /// The URL of database `name` on it.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://{ROLE}@127.0.0.1:{}/{name}", self.port)
    }

    /// Run `sql` in database `name` with psql; what it printed (unaligned,
    /// tuples only).
    pub fn query(&self, name: &str, sql: &str) -> String {
        let output = Command::new(self.bin.join("psql"))
            .args(["--host", "127.0.0.1", "--port", &self.port.to_string()])
            .args(["--username", ROLE, "--dbname", name])
            .args(["--no-psqlrc", "--tuples-only", "--no-align", "--quiet"])
            .args(["--set", "ON_ERROR_STOP=1", "--command", sql])
            .output()
            .expect("psql runs");
        assert!(
            output.status.success(),
            "psql failed on {sql:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// Everything the server has logged so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Where its data is.
    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The directory of PostgreSQL's server programs: `MANCALA_POSTGRES_BIN`,
/// else the newest of Debian's `/usr/lib/postgresql/VERSION/bin`.
fn server_programs() -> PathBuf {
    if let Some(dir) = std::env::var_os("MANCALA_POSTGRES_BIN") {
        return PathBuf::from(dir);
    }
    let newest = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            is_program(&bin.join("postgres")).then_some((version, bin))
        })
        .max_by_key(|(version, _)| *version);
    match newest {
        Some((_, bin)) => bin,
        None => panic!(
            "PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/postgres): \
             apt-get install postgresql (.ci/run does), or set MANCALA_POSTGRES_BIN to the \
             directory of its initdb and postgres"
        ),
    }
}

fn is_program(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.mode() & 0o111 != 0)
}
