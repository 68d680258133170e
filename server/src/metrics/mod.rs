//! Counters for `GET /metrics`, in the OpenMetrics text format, kept with
//! `prometheus-client`: a counter or gauge is one atomic (bumping one on the
//! hot path is a single uncontended add), and the counts by error code and
//! by close reason are label families.

pub(crate) mod process;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use protocol::wire::ErrorCode;

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
    /// More pings (control frames) than its budget.
    PingFlood,
    /// A frame that breaks the WebSocket protocol.
    ProtocolError,
    /// The server shut down.
    Shutdown,
}

impl CloseKind {
    fn label(self) -> &'static str {
        match self {
            CloseKind::Normal => "normal",
            CloseKind::TooBig => "too_big",
            CloseKind::TooSlow => "too_slow",
            CloseKind::Idle => "idle",
            CloseKind::NoHello => "no_hello",
            CloseKind::Replaced => "replaced",
            CloseKind::ProtocolVersion => "protocol_version",
            CloseKind::PingFlood => "ping_flood",
            CloseKind::ProtocolError => "protocol_error",
            CloseKind::Shutdown => "shutdown",
        }
    }
}

/// One label: its name and value.
type Label = [(&'static str, &'static str); 1];

/// The server's counters and gauges.
pub(crate) struct Metrics {
    registry: Registry,
    pub(crate) connections_open: Gauge,
    /// Lanes to other nodes of a cluster: one per match and node whose
    /// spectators watch it from there.
    pub(crate) cluster_lanes: Gauge,
    pub(crate) connections_refused: Counter,
    pub(crate) spectators: Gauge,
    pub(crate) moves_accepted: Counter,
    rejected: Family<Label, Counter>,
    pub(crate) messages_in: Counter,
    pub(crate) messages_out: Counter,
    pub(crate) queue_drops: Counter,
    closes: Family<Label, Counter>,
    players_online: Gauge,
    players_known: Gauge,
    matches_live: Gauge,
    pub(crate) journal_commits: Counter,
    pub(crate) journal_writes: Counter,
    pub(crate) journal_failures: Counter,
    pub(crate) journal_waiting: Gauge,
    pub(crate) pool_waves: Counter,
    pub(crate) computer_restarts: Counter,
    pub(crate) computer_fallbacks: Counter,
    pub(crate) computer_moves_pending: Gauge,
    pub(crate) archive_cache_hits: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::default();
        let metrics = Metrics {
            connections_open: Gauge::default(),
            cluster_lanes: Gauge::default(),
            connections_refused: Counter::default(),
            spectators: Gauge::default(),
            moves_accepted: Counter::default(),
            rejected: Family::default(),
            messages_in: Counter::default(),
            messages_out: Counter::default(),
            queue_drops: Counter::default(),
            closes: Family::default(),
            players_online: Gauge::default(),
            players_known: Gauge::default(),
            matches_live: Gauge::default(),
            journal_commits: Counter::default(),
            journal_writes: Counter::default(),
            journal_failures: Counter::default(),
            journal_waiting: Gauge::default(),
            pool_waves: Counter::default(),
            computer_restarts: Counter::default(),
            computer_fallbacks: Counter::default(),
            computer_moves_pending: Gauge::default(),
            archive_cache_hits: Counter::default(),
            registry: Registry::default(),
        };
        let m = &metrics;
        registry.register(
            "mancala_connections_open",
            "WebSocket connections open",
            m.connections_open.clone(),
        );
        registry.register(
            "mancala_cluster_lanes",
            "Lanes to other nodes: one per match served here and node whose spectators watch it",
            m.cluster_lanes.clone(),
        );
        registry.register(
            "mancala_connections_refused",
            "Connections refused by a connection limit",
            m.connections_refused.clone(),
        );
        registry.register(
            "mancala_computer_restarts",
            "Computer players started again after their loop ended",
            m.computer_restarts.clone(),
        );
        registry.register(
            "mancala_computer_fallbacks",
            "Computer moves chosen by the quick search because the full one could not start in time",
            m.computer_fallbacks.clone(),
        );
        registry.register(
            "mancala_computer_moves_pending",
            "Computer moves being chosen (waiting for a search thread or searching)",
            m.computer_moves_pending.clone(),
        );
        registry.register(
            "mancala_archive_cache_hits",
            "Archive answers (a finished match, its record, an analysis) served from memory",
            m.archive_cache_hits.clone(),
        );
        registry.register(
            "mancala_players_online",
            "Players signed in",
            m.players_online.clone(),
        );
        registry.register(
            "mancala_players_known",
            "Player identities remembered, online or not",
            m.players_known.clone(),
        );
        registry.register(
            "mancala_matches_live",
            "Matches running or just finished",
            m.matches_live.clone(),
        );
        registry.register(
            "mancala_spectators",
            "Spectators watching a match",
            m.spectators.clone(),
        );
        registry.register(
            "mancala_moves_accepted",
            "Moves accepted (repeats not counted)",
            m.moves_accepted.clone(),
        );
        registry.register(
            "mancala_requests_rejected",
            "Requests answered with an error, by code",
            m.rejected.clone(),
        );
        registry.register(
            "mancala_messages_in",
            "Frames received",
            m.messages_in.clone(),
        );
        registry.register(
            "mancala_messages_out",
            "Frames sent",
            m.messages_out.clone(),
        );
        registry.register(
            "mancala_queue_drops",
            "Connections closed because their outgoing queue was full",
            m.queue_drops.clone(),
        );
        registry.register(
            "mancala_closes",
            "Connections closed, by reason",
            m.closes.clone(),
        );
        registry.register(
            "mancala_journal_commits",
            "Transactions the journal committed (each holds every write that waited)",
            m.journal_commits.clone(),
        );
        registry.register(
            "mancala_journal_writes",
            "Writes to the journal (a request's events, a new player...)",
            m.journal_writes.clone(),
        );
        registry.register(
            "mancala_journal_failures",
            "Writes the journal could not store (their requests were refused)",
            m.journal_failures.clone(),
        );
        registry.register(
            "mancala_journal_waiting_events",
            "Stored events not yet moved into the indexed table (docs/RELIABILITY.md)",
            m.journal_waiting.clone(),
        );
        registry.register(
            "mancala_pool_waves",
            "Quick-pairing waves run (one a second while anyone waits)",
            m.pool_waves.clone(),
        );
        Metrics {
            registry,
            ..metrics
        }
    }
}

impl Metrics {
    /// A request refused with `code` (moves and everything else).
    pub(crate) fn rejected(&self, code: ErrorCode) {
        self.rejected
            .get_or_create(&[("code", code.as_str())])
            .inc();
    }

    /// A connection closed for `kind`.
    pub(crate) fn closed(&self, kind: CloseKind) {
        self.closes.get_or_create(&[("reason", kind.label())]).inc();
    }

    /// The text for `GET /metrics`; the gauges the hub knows are passed in.
    pub(crate) fn render(
        &self,
        players_online: u32,
        players_known: usize,
        matches_live: usize,
    ) -> String {
        self.players_online.set(i64::from(players_online));
        self.players_known.set(players_known as i64);
        self.matches_live.set(matches_live as i64);
        let mut out = String::new();
        let _ = encode(&mut out, &self.registry);
        // The process's own figures go before the closing `# EOF`.
        if out.ends_with("# EOF\n") {
            out.truncate(out.len() - "# EOF\n".len());
        }
        crate::metrics::process::render(&mut out);
        out.push_str("# EOF\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_come_out_by_name_and_label() {
        let metrics = Metrics::default();
        metrics.moves_accepted.inc();
        metrics.rejected(ErrorCode::StalePly);
        metrics.rejected(ErrorCode::StalePly);
        metrics.closed(CloseKind::Idle);
        metrics.connections_open.inc();
        let text = metrics.render(3, 7, 2);
        for line in [
            "mancala_moves_accepted_total 1",
            "mancala_requests_rejected_total{code=\"stale_ply\"} 2",
            "mancala_closes_total{reason=\"idle\"} 1",
            "mancala_connections_open 1",
            "mancala_players_online 3",
            "mancala_players_known 7",
            "mancala_matches_live 2",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line} missing from\n{text}"
            );
        }
        assert!(text.ends_with("# EOF\n"));
        assert_eq!(text.matches("# EOF").count(), 1);
    }
}
