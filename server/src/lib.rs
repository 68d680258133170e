//! The mancala server: a WebSocket endpoint at `/ws` (JSON messages, see
//! `docs/PROTOCOL.md`), `/healthz`, `/metrics`, the archive under `/api/`,
//! the browser client's files (`web`, at `/` and `/static/`),
//! and everything live in memory: players, the lobby, seeks, quick pairing,
//! challenges, matches and spectators, with players and matches backed by
//! a journal (`store`) that a restart restores them from.
//!
//! The binary only parses arguments, sets up tracing, binds and calls
//! [`run`]; tests call [`run`] on a listener bound to port 0.
//!
//! The path of a request, one way:
//! - `conn` reads frames (the only code that touches sockets, with `http`
//!   in front) and hands them to the connection's `session`, which knows
//!   what may be sent in which state and keeps the budgets;
//! - lobby requests go to the `hub` (identities, the `lobby`'s seeks, pool
//!   and challenges, the registry of live matches; pairing happens there in
//!   one step), match requests to the match's inbox;
//! - each live match is a task (`game::task`) owning its pure state machine
//!   (`game::state`), whose requests record domain events (`game::event`)
//!   that replay into the same state and that `game::view` turns into
//!   messages, fanned out to the seats' and spectators' `peer` outboxes;
//! - a match tells the hub what it must know through notices on a channel,
//!   and never calls it; one `clock` serves every timer, and `timers` holds
//!   the hub's own (seek grace, challenge expiry, forgetting identities);
//! - a match's events, and new players, are committed to the `store` (one
//!   writer thread, SQLite) before anyone is told of them.

mod api;
mod budget;
mod clock;
mod computer;
mod config;
mod context;
mod error;
mod game;
mod hub;
mod lobby;
mod metrics;
mod net;
mod peer;
mod players;
mod rating;
mod store;
mod sync;
mod timers;
mod tournaments;
mod workers;

pub use clock::{Clock, ManualClock, Millis};
pub use config::Config;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{info, warn};

/// Task polls a worker makes between looks at the sockets while it has work.
///
/// Tokio's default (61) polls the sockets long before a busy worker's queue is
/// empty. Under load each look wakes hundreds of connections, the worker's
/// queue (256 tasks) overflows into the shared queue, and that queue is served
/// one task per few dozen polls: under 1,000 matches a tenth of all moves
/// waited 80–300 ms while the rest took a few. Looking at the sockets only
/// once the queue has (nearly) run dry serves connections in rounds, first
/// come first served: the same 1,000-match load then had a p99 round trip of
/// about 1.6 times the mean instead of 4 times (docs/PERFORMANCE.md).
/// Timers and sockets are still looked at whenever a worker runs out of work.
pub const EVENT_INTERVAL: u32 = 4096;

/// The runtime the server binary runs on: tokio's multi-threaded scheduler,
/// one worker per core, tuned for fairness under load ([`EVENT_INTERVAL`]).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .event_interval(EVENT_INTERVAL)
        .build()
}

/// Move the SQLite journal at `from` into the empty PostgreSQL database at
/// `to` (`mancala-server migrate`), saying how many rows of each table
/// moved as it goes. Nothing is written to `to` unless all of it is; a
/// database that holds a journal already is refused.
pub async fn migrate(from: &std::path::Path, to: &str) -> std::io::Result<()> {
    let started = std::time::Instant::now();
    let mut progress = |table: &str, rows: u64| info!("{table}: {rows} rows moved");
    let moved = store::migrate::migrate(from, to, &mut progress)
        .await
        .map_err(std::io::Error::other)?;
    let rows: u64 = moved.iter().map(|(_, rows)| rows).sum();
    info!(
        "{} moved into PostgreSQL: {rows} rows in {} ms; start the nodes with --database on it",
        from.display(),
        started.elapsed().as_millis()
    );
    Ok(())
}

/// How long shutdown waits for connections to say goodbye and tasks to end.
/// On tokio's time, not the server's clock: it bounds a wait on sockets,
/// and must pass even on a manual clock that nobody moves.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Open the journal (`config.database`), restore the players and live
/// matches it holds, then serve on `listener` until `shutdown` completes;
/// then stop accepting, tell every connection the server is going away
/// (close code 1001), end every match, write out the journal and return
/// once every task the server started has ended. A journal that cannot be
/// opened is an error before anything is served; tasks still running after
/// a few seconds are an error.
pub async fn run(
    listener: TcpListener,
    mut config: Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let metrics = Arc::new(metrics::Metrics::default());
    let started = std::time::Instant::now();
    let address = listener.local_addr()?;
    // This node's name, settled once: its leases and its tournaments go by it.
    config.node_name = Some(config.store_options(address).node);
    let store = store::Store::open(&config.store_options(address), Arc::clone(&metrics))
        .await
        .map_err(std::io::Error::other)?;
    let loaded = store.load().await.map_err(std::io::Error::other)?;
    tracing::debug!("journal read in {} ms", started.elapsed().as_millis());
    let tasks = TaskTracker::new();
    let stopping = CancellationToken::new();
    let addresses = net::addresses::Addresses::new(
        net::addresses::AddressLimits {
            max_connections: config.max_connections_per_ip,
            hello_burst: config.hello_burst_per_ip,
            hello_rate: config.hello_rate_per_ip,
            guests_per_hour: config.guests_per_ip_per_hour,
            code_tries: config.seek_code_tries_per_ip,
            api_rate: config.api_rate_per_ip,
            api_rate_total: config.api_rate_total,
        },
        config.clock.clone(),
    );
    // The endgame databases the analyses and the computer players read,
    // built once per ruleset on first use and shared.
    let endgames = engine::Endgames::new();
    let context = context::Context {
        clock: config.clock.clone(),
        metrics,
        tasks: tasks.clone(),
        shutdown: stopping.clone(),
    };
    let cluster = match &config.cluster {
        None => None,
        Some(_) if !store.has_leases() => {
            return Err(std::io::Error::other(
                "--cluster needs --database postgres://…: the nodes of a cluster share their matches through PostgreSQL",
            ));
        }
        Some(url) => {
            let node = config.store_options(address).node;
            let joined = net::cluster::Cluster::join(url, &node, config.lease_ms)
                .await
                .map_err(std::io::Error::other)?;
            info!("joined the cluster on {url} as node {node}");
            Some(joined)
        }
    };
    // The first block of ids before anything can take one: the nodes of a
    // cluster forward to this one as soon as it serves the cluster, below.
    let ids = Arc::new(store::Sequence::new(store.clone()));
    ids.restore().await.map_err(|error| {
        std::io::Error::other(format!("no block of ids from the journal: {error}"))
    })?;
    let (hub, notices, due) = hub::Hub::new(
        config.clone(),
        context.clone(),
        store.clone(),
        Arc::clone(&ids),
    );
    tasks.spawn(Arc::clone(&hub).serve_notices(notices));
    tasks.spawn(Arc::clone(&hub).serve_timers(due));
    let conns = Arc::new(net::context::ConnContext {
        limits: net::context::ConnLimits::from_config(&config),
        addresses,
        hub: Arc::clone(&hub),
        ids,
        passwords: net::context::Passwords {
            attempts: players::accounts::Attempts::new(
                players::accounts::AttemptLimits {
                    per_name: config.password_tries_per_name,
                    per_address: config.password_tries_per_ip,
                },
                &config.clock,
            ),
            hashing: players::accounts::Hashing::new(
                config.password_threads,
                config.password_queue,
            ),
        },
        answers: api::answers::Answers::new(
            config.answer_limits(),
            &config.clock,
            Arc::clone(&context.metrics),
            endgames.clone(),
        ),
        store: store.clone(),
        texts: Arc::new(api::text::Texts::load().map_err(std::io::Error::other)?),
        cluster: cluster
            .as_ref()
            .map(|(cluster, _)| Arc::clone(cluster) as Arc<dyn net::context::OtherNodes>),
        context,
    });
    let farewell = cluster.as_ref().map(|(cluster, _)| Arc::clone(cluster));
    if let Some((cluster, wiring)) = cluster {
        tasks.spawn(cluster.serve(Arc::clone(&conns), wiring));
    }
    // The leases of the matches restored were claimed as the journal was
    // read: renewed from now on, as a restore may take longer than a lease.
    tasks.spawn(Arc::clone(&hub).renew_leases());
    let restored = hub.restore(loaded).await;
    tasks.spawn(Arc::clone(&hub).take_over_orphans());
    match store.describe() {
        Some(journal) => info!(
            "journal {}: restored {} players and {} live matches in {} ms{}",
            journal,
            restored.players,
            restored.matches,
            started.elapsed().as_millis(),
            if restored.damaged > 0 {
                format!(
                    " ({} damaged matches left out, see above)",
                    restored.damaged
                )
            } else {
                String::new()
            }
        ),
        None => info!(
            "no journal (--database {}): nothing is kept",
            store::IN_MEMORY
        ),
    }
    if config.computers {
        computer::start(
            &conns,
            computer::ComputerSettings::from_config(&config),
            endgames,
        )
        .await;
    }
    // Said only now: a database that cannot be opened was refused above,
    // before anything claimed to listen.
    if let Ok(address) = listener.local_addr() {
        info!("listening on ws://{address}/ws (health: http://{address}/healthz)");
    }
    net::listener::accept(&listener, &conns, shutdown).await;
    info!("shutting down");
    drop(listener);
    stopping.cancel();
    tasks.close();
    if tokio::time::timeout(SHUTDOWN_GRACE, tasks.wait())
        .await
        .is_err()
    {
        let message = format!(
            "{} tasks still running after the shutdown grace",
            tasks.len()
        );
        warn!("{message}");
        store.close().await;
        return Err(std::io::Error::other(message));
    }
    store.close().await;
    // Its leases released, the others may serve its matches now.
    if let Some(cluster) = farewell {
        cluster.farewell().await;
    }
    if let Some(journal) = store.describe() {
        info!("journal {journal} written out; stopped");
    }
    Ok(())
}
