//! Counters for `GET /metrics`, in the Prometheus text format. Plain atomics:
//! bumping one costs a single uncontended add on the hot path.

use protocol::wire::ErrorCode;
use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

/// Why a connection closed, for `mancala_closes_total{reason=...}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CloseKind {
    /// The client went away, or said goodbye.
    Normal,
    /// A frame over the size limit.
    TooBig,
    /// Its outgoing queue filled up.
    TooSlow,
    /// Silent past the idle timeout.
    Idle,
    /// No hello in time.
    NoHello,
    /// Another connection of the same player took over.
    Replaced,
    /// A wrong protocol version.
    ProtocolVersion,
    /// The server shut down.
    Shutdown,
}

impl CloseKind {
    const ALL: [CloseKind; 8] = [
        CloseKind::Normal,
        CloseKind::TooBig,
        CloseKind::TooSlow,
        CloseKind::Idle,
        CloseKind::NoHello,
        CloseKind::Replaced,
        CloseKind::ProtocolVersion,
        CloseKind::Shutdown,
    ];

    fn label(self) -> &'static str {
        match self {
            CloseKind::Normal => "normal",
            CloseKind::TooBig => "too_big",
            CloseKind::TooSlow => "too_slow",
            CloseKind::Idle => "idle",
            CloseKind::NoHello => "no_hello",
            CloseKind::Replaced => "replaced",
            CloseKind::ProtocolVersion => "protocol_version",
            CloseKind::Shutdown => "shutdown",
        }
    }
}

/// The server's counters.
#[derive(Default)]
pub(crate) struct Metrics {
    pub(crate) connections_open: AtomicI64,
    pub(crate) connections_refused: AtomicU64,
    pub(crate) spectators: AtomicI64,
    pub(crate) moves_accepted: AtomicU64,
    rejected: [AtomicU64; 32],
    rejected_more: [AtomicU64; 32],
    pub(crate) messages_in: AtomicU64,
    pub(crate) messages_out: AtomicU64,
    pub(crate) queue_drops: AtomicU64,
    closes: [AtomicU64; 8],
}

impl Metrics {
    pub(crate) fn add(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// A request refused with `code` (moves and everything else).
    pub(crate) fn rejected(&self, code: ErrorCode) {
        if let Some(i) = ErrorCode::ALL.iter().position(|c| *c == code)
            && let Some(slot) = self
                .rejected
                .get(i)
                .or_else(|| self.rejected_more.get(i - 32))
        {
            Metrics::add(slot);
        }
    }

    pub(crate) fn closed(&self, kind: CloseKind) {
        if let Some(i) = CloseKind::ALL.iter().position(|k| *k == kind) {
            Metrics::add(&self.closes[i]);
        }
    }

    /// The text for `GET /metrics`; the gauges the hub knows are passed in.
    pub(crate) fn render(
        &self,
        players_online: u32,
        players_known: usize,
        matches_live: usize,
    ) -> String {
        let load = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, lines: Vec<(String, i64)>| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for (labels, value) in lines {
                let _ = writeln!(out, "{name}{labels} {value}");
            }
        };
        let one = |v: i64| vec![(String::new(), v)];
        metric(
            "mancala_connections_open",
            "gauge",
            "WebSocket connections open.",
            one(self.connections_open.load(Ordering::Relaxed)),
        );
        metric(
            "mancala_connections_refused_total",
            "counter",
            "Connections refused by a connection limit.",
            one(load(&self.connections_refused) as i64),
        );
        metric(
            "mancala_players_online",
            "gauge",
            "Players signed in.",
            one(i64::from(players_online)),
        );
        metric(
            "mancala_players_known",
            "gauge",
            "Player identities remembered, online or not.",
            one(players_known as i64),
        );
        metric(
            "mancala_matches_live",
            "gauge",
            "Matches running or just finished.",
            one(matches_live as i64),
        );
        metric(
            "mancala_spectators",
            "gauge",
            "Spectators watching a match.",
            one(self.spectators.load(Ordering::Relaxed)),
        );
        metric(
            "mancala_moves_accepted_total",
            "counter",
            "Moves accepted (repeats not counted).",
            one(load(&self.moves_accepted) as i64),
        );
        metric(
            "mancala_requests_rejected_total",
            "counter",
            "Requests answered with an error, by code.",
            ErrorCode::ALL
                .iter()
                .enumerate()
                .map(|(i, code)| {
                    let slot = self
                        .rejected
                        .get(i)
                        .or_else(|| self.rejected_more.get(i - 32));
                    (
                        format!("{{code=\"{}\"}}", code.as_str()),
                        slot.map_or(0, load) as i64,
                    )
                })
                .collect(),
        );
        metric(
            "mancala_messages_in_total",
            "counter",
            "Frames received.",
            one(load(&self.messages_in) as i64),
        );
        metric(
            "mancala_messages_out_total",
            "counter",
            "Frames sent.",
            one(load(&self.messages_out) as i64),
        );
        metric(
            "mancala_queue_drops_total",
            "counter",
            "Connections closed because their outgoing queue was full.",
            one(load(&self.queue_drops) as i64),
        );
        metric(
            "mancala_closes_total",
            "counter",
            "Connections closed, by reason.",
            CloseKind::ALL
                .iter()
                .enumerate()
                .map(|(i, kind)| {
                    (
                        format!("{{reason=\"{}\"}}", kind.label()),
                        load(&self.closes[i]) as i64,
                    )
                })
                .collect(),
        );
        crate::process::render(&mut out);
        out
    }
}
