//! The real `mancala-server` binary as a child process, for tests that
//! kill it (SIGKILL) or pause it (SIGSTOP) and start it again on the same
//! database, or start another beside it.

use crate::{TestServer, WAIT};
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, mpsc};

/// A running `mancala-server` process.
pub struct ServerProcess {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    log: Arc<Mutex<Vec<String>>>,
}

impl ServerProcess {
    /// Start `binary` with `args` (a `--listen` among them, or port 0 is
    /// added) and wait until it says where it listens.
    pub fn start(binary: &Path, args: &[&str]) -> ServerProcess {
        ServerProcess::start_logging(binary, args, "info")
    }

    /// [`ServerProcess::start`] with `RUST_LOG` set to `filter`
    /// (`MANCALA_TEST_RUST_LOG` instead, when set: to look into a failure).
    /// With `MANCALA_TEST_LOGS` set to a folder, each process's log is also
    /// written there (`PID.log`), so that the runs of a node stopped
    /// during a test can be read after it.
    pub fn start_logging(binary: &Path, args: &[&str], filter: &str) -> ServerProcess {
        let filter = std::env::var("MANCALA_TEST_RUST_LOG").unwrap_or_else(|_| filter.to_owned());
        let mut command = Command::new(binary);
        if !args.contains(&"--listen") {
            command.args(["--listen", "127.0.0.1:0"]);
        }
        let mut child = command
            .args(args)
            .env("RUST_LOG", filter)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mancala-server starts");
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = kept_log(child.id());
        let (found, address) = mpsc::channel();
        for stream in [
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let log = Arc::clone(&log);
            let found = found.clone();
            let kept = kept.clone();
            // Drain the pipe, so the server never blocks on a full one.
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    if let Some(addr) = listening_address(&line) {
                        let _ = found.send(addr);
                    }
                    if let Some(kept) = &kept {
                        let mut file = kept.lock().unwrap_or_else(|p| p.into_inner());
                        let _ = writeln!(file, "{line}");
                    }
                    log.lock().unwrap_or_else(|p| p.into_inner()).push(line);
                }
            });
        }
        let addr = match address.recv_timeout(WAIT) {
            Ok(addr) => addr,
            Err(_) => {
                let _ = child.kill();
                let lines = log.lock().unwrap_or_else(|p| p.into_inner()).join("\n");
                panic!("mancala-server never said where it listens:\n{lines}");
            }
        };
        ServerProcess { child, addr, log }
    }

    /// Start it and expect it to fail at once; its exit status and output.
    pub fn fail(binary: &Path, args: &[&str]) -> (ExitStatus, String) {
        let mut all = vec!["--listen", "127.0.0.1:0"];
        all.extend_from_slice(args);
        ServerProcess::run_once(binary, &all)
    }

    /// Run `binary` with `args` to its end (a command such as `migrate`, or
    /// a start that fails); its exit status and everything it wrote.
    pub fn run_once(binary: &Path, args: &[&str]) -> (ExitStatus, String) {
        let output = Command::new(binary)
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .expect("mancala-server runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        (output.status, text)
    }

    /// A handle for clients.
    pub fn server(&self) -> TestServer {
        TestServer::at(self.addr)
    }

    /// Every line it has written so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Wait (with a timeout) for a log line containing `text`; the line.
    pub fn wait_for_log(&self, text: &str) -> String {
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            if let Some(line) = self.log().into_iter().find(|l| l.contains(text)) {
                return line;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no log line with {text:?}:\n{}",
                self.log().join("\n")
            );
            // Polling a log file: the pause only spaces the looks out.
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// SIGSTOP: the process stops where it is, its sockets open and silent
    /// (as a machine that hangs, or one cut off), until [`Self::wake`].
    pub fn pause(&self) {
        self.signal("-STOP");
    }

    /// SIGCONT: a paused process goes on from where it stopped.
    pub fn wake(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let pid = self.child.id().to_string();
        let status = Command::new("kill")
            .args([signal, &pid])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal} {pid}");
    }

    /// SIGKILL: the process gets no chance to write anything more.
    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }

    /// SIGTERM, wait for it to exit and for its last line (one containing
    /// `last`) to be read: everything it wrote.
    pub fn terminate_with_log(self, last: &str) -> Vec<String> {
        let log = Arc::clone(&self.log);
        let status = self.terminate();
        assert!(status.success(), "{status}");
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            let lines = log.lock().unwrap_or_else(|p| p.into_inner()).clone();
            if lines.iter().any(|l| l.contains(last)) {
                return lines;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no log line with {last:?}"
            );
            // Polling the pipes' readers: the pause only spaces the looks out.
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// SIGTERM, then wait for it to exit; its status.
    pub fn terminate(mut self) -> ExitStatus {
        self.signal("-TERM");
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(std::time::Instant::now() < deadline, "still running");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

impl Drop for ServerProcess {
    /// Stop the server; a failing test shows what it logged.
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("--- the server's log ---\n{}", self.log().join("\n"));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The file in `MANCALA_TEST_LOGS` that keeps process `pid`'s log, if
/// that is set.
fn kept_log(pid: u32) -> Option<Arc<Mutex<std::fs::File>>> {
    let folder = std::env::var_os("MANCALA_TEST_LOGS")?;
    std::fs::create_dir_all(&folder).ok()?;
    let file = std::fs::File::create(Path::new(&folder).join(format!("{pid}.log"))).ok()?;
    Some(Arc::new(Mutex::new(file)))
}

/// The address in the server's "listening on ws://ADDR/ws" line.
fn listening_address(line: &str) -> Option<SocketAddr> {
    let rest = line.split("listening on ws://").nth(1)?;
    rest.split("/ws").next()?.parse().ok()
}
