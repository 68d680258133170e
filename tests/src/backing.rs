//! What the nodes of a cluster share, for the tests that start them: a
//! PostgreSQL database and a Redis server of their own, and the nodes
//! themselves as real `mancala-server` processes on them.

use crate::{Postgres, Redis, ServerProcess};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// A PostgreSQL database and a Redis server for the nodes of one test.
pub struct Backing {
    /// Running until the test ends (the nodes are dropped before it).
    _postgres: Postgres,
    /// The Redis server, which a test may stop and start again.
    pub redis: Redis,
    /// The database's URL.
    pub url: String,
    /// The `mancala-server` program (only the server's own tests can name it).
    server: PathBuf,
}

impl Backing {
    /// Start both, with the database `name`, for nodes run from `server`.
    pub fn start(server: &Path, name: &str) -> Backing {
        let postgres = Postgres::start();
        let url = postgres.create_database(name);
        Backing {
            _postgres: postgres,
            redis: Redis::start(),
            url,
            server: server.to_owned(),
        }
    }

    /// A node named `name` on them, on a free port.
    pub fn node(&self, name: &str) -> ServerProcess {
        self.node_with(name, &[])
    }

    /// A node named `name` listening on `addr`: a node started again where
    /// a front (nginx) expects it.
    pub fn node_at(&self, name: &str, addr: SocketAddr, extra: &[&str]) -> ServerProcess {
        let addr = addr.to_string();
        let mut args = vec!["--listen", addr.as_str()];
        args.extend_from_slice(extra);
        self.node_with(name, &args)
    }

    /// A node named `name` on them, with `extra` options.
    pub fn node_with(&self, name: &str, extra: &[&str]) -> ServerProcess {
        let redis = self.redis.url();
        let mut args = vec![
            "--database",
            &self.url,
            "--cluster",
            &redis,
            "--node-name",
            name,
            "--lease-ms",
            "1000",
            "--computers",
            "false",
            // The tests' nginx front connects from the loopback.
            "--trusted-proxies",
            "127.0.0.1",
        ];
        args.extend_from_slice(extra);
        ServerProcess::start(&self.server, &args)
    }
}
