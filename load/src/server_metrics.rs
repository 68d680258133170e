//! The server's own figures, read from its `GET /metrics`: CPU time and
//! resident memory of the server process, so a run can report what the
//! server spent without a profiler attached.

use serde::Serialize;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One reading of the server process.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sample {
    cpu_seconds: f64,
    rss_bytes: f64,
    peak_rss_bytes: f64,
    moves_accepted: f64,
}

/// Read the server's metrics; `None` when it does not expose process figures.
pub(super) async fn fetch(addr: SocketAddr) -> Option<Sample> {
    let read = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
        stream
            .write_all(b"GET /metrics HTTP/1.1\r\nHost: load\r\nConnection: close\r\n\r\n")
            .await
            .ok()?;
        let mut text = String::new();
        stream.read_to_string(&mut text).await.ok()?;
        Some(text)
    };
    let text = tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .ok()??;
    let value = |name: &str| {
        text.lines().find_map(|line| {
            line.strip_prefix(name)?
                .strip_prefix(' ')?
                .trim()
                .parse::<f64>()
                .ok()
        })
    };
    Some(Sample {
        cpu_seconds: value("process_cpu_seconds_total")?,
        rss_bytes: value("process_resident_memory_bytes")?,
        peak_rss_bytes: value("process_resident_memory_max_bytes")?,
        moves_accepted: value("mancala_moves_accepted_total")?,
    })
}

/// What the server spent during the measured window.
#[derive(Serialize, Debug, Default)]
pub(super) struct Usage {
    /// Moves the server accepted per second of the window, by its own count
    /// (from every connection, not only this run's): a check on `moves_per_s`.
    pub moves_accepted_per_s: Option<f64>,
    /// CPU seconds the server used while the load was measured.
    pub cpu_s: Option<f64>,
    /// The same per second of the window, in percent of one core.
    pub cpu_percent: Option<f64>,
    /// Resident memory at the end of the window, MiB.
    pub rss_mib: Option<f64>,
    /// The most the server process has ever had resident, MiB.
    pub peak_rss_mib: Option<f64>,
    /// Resident memory before the run's connections, MiB.
    pub rss_before_mib: Option<f64>,
    /// (resident after setup − before) / idle connections, when idle connections were held.
    pub bytes_per_idle_connection: Option<f64>,
}

impl Usage {
    /// From readings before the run, at the window's start and at its end.
    pub fn between(
        before: Option<Sample>,
        start: Option<Sample>,
        end: Option<Sample>,
        idle: usize,
        window_s: f64,
    ) -> Usage {
        let mib = |bytes: f64| (bytes / 1024.0 / 1024.0 * 10.0).round() / 10.0;
        let cpu_s = start.zip(end).map(|(s, e)| e.cpu_seconds - s.cpu_seconds);
        Usage {
            moves_accepted_per_s: start
                .zip(end)
                .filter(|_| window_s > 0.0)
                .map(|(s, e)| ((e.moves_accepted - s.moves_accepted) / window_s).round()),
            cpu_s: cpu_s.map(|c| (c * 100.0).round() / 100.0),
            cpu_percent: cpu_s
                .filter(|_| window_s > 0.0)
                .map(|c| (c / window_s * 100.0).round()),
            rss_mib: end.map(|e| mib(e.rss_bytes)),
            peak_rss_mib: end.map(|e| mib(e.peak_rss_bytes)),
            rss_before_mib: before.map(|b| mib(b.rss_bytes)),
            bytes_per_idle_connection: before
                .zip(start)
                .filter(|_| idle > 0)
                .map(|(b, s)| ((s.rss_bytes - b.rss_bytes) / idle as f64).round()),
        }
    }
}
