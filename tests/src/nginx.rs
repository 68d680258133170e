//! A real nginx in front of the tests' nodes: Debian's `nginx` package
//! (`.ci/run` installs it), with the project's own configuration
//! (`deploy/nginx.conf.template`), started in a temporary directory as an
//! unprivileged user on a free port of the loopback. It stops when dropped.

use crate::daemon::{self, free_port, unprivileged};
use crate::{TestServer, WAIT};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// The project's nginx configuration, with its blanks.
const TEMPLATE: &str = include_str!("../../deploy/nginx.conf.template");

/// The nginx program: `MANCALA_NGINX`, else Debian's.
fn program() -> String {
    std::env::var("MANCALA_NGINX").unwrap_or_else(|_| "/usr/sbin/nginx".to_owned())
}

/// `deploy/nginx.conf.template` filled in: nginx's files under `prefix`,
/// listening on `listen`, in front of `nodes`.
pub fn configuration(prefix: &str, listen: &str, nodes: &[SocketAddr]) -> String {
    let upstreams: Vec<String> = nodes
        .iter()
        .map(|node| format!("        server {node} max_fails=0;"))
        .collect();
    TEMPLATE
        .replace("@PREFIX@", prefix)
        .replace("@LISTEN@", listen)
        .replace("@NODES@", &upstreams.join("\n"))
}

/// A running nginx of its own.
pub struct Nginx {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Nginx {
    /// Start nginx in front of `nodes`; panics with what to install if it
    /// is missing.
    pub fn start(nodes: &[SocketAddr]) -> Nginx {
        assert!(
            std::path::Path::new(&program()).exists(),
            "nginx is not installed (no {}): apt-get install nginx (.ci/run does), \
             or set MANCALA_NGINX to its program",
            program()
        );
        let dir = tempfile::tempdir().expect("a temporary directory");
        let root = daemon::running_as_root();
        if root {
            daemon::give_away(&[dir.path()]);
        }
        for _ in 0..5 {
            let port = free_port();
            let prefix = dir.path().display().to_string();
            let conf = dir.path().join("nginx.conf");
            let text = configuration(&prefix, &format!("127.0.0.1:{port}"), nodes);
            std::fs::write(&conf, text).expect("nginx.conf written");
            let mut child = unprivileged(Command::new(program()), root)
                .arg("-p")
                .arg(dir.path())
                .arg("-c")
                .arg(&conf)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("nginx starts");
            let deadline = std::time::Instant::now() + WAIT;
            loop {
                if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return Nginx { child, port, dir };
                }
                if let Ok(Some(_)) = child.try_wait() {
                    break; // the port was taken meanwhile, or the configuration is wrong
                }
                assert!(
                    std::time::Instant::now() < deadline,
                    "nginx never listened:\n{}",
                    std::fs::read_to_string(dir.path().join("error.log")).unwrap_or_default()
                );
                // Polling for the port: the pause only spaces the looks out.
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            let mut log = std::fs::read_to_string(dir.path().join("error.log")).unwrap_or_default();
            if let Some(mut stderr) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut stderr, &mut log);
            }
            assert!(
                log.contains("Address already in use"),
                "nginx stopped:\n{log}"
            );
        }
        panic!("nginx found every port taken");
    }

    /// The front as a server the tests' clients connect to.
    pub fn server(&self) -> TestServer {
        TestServer::at(SocketAddr::from(([127, 0, 0, 1], self.port)))
    }

    /// What nginx has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    /// Stop nginx with SIGTERM (its master then stops its worker, which a
    /// SIGKILL would leave running), killing it if it will not stop.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = std::time::Instant::now() + WAIT;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            // Polling a process's exit: the pause only spaces the looks out.
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
