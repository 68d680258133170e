//! `mancala-server`: parse the settings, set up logging, bind, serve until
//! Ctrl-C or SIGTERM.

use clap::Parser;
use server::Config;
use std::net::SocketAddr;
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

/// mimalloc rather than glibc's malloc: every move allocates its frames on one
/// worker and frees them on another, and glibc's allocator spent about a tenth
/// of the server's CPU on that under 1,000 matches (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The mancala game server: lobby, matchmaking, five-game matches and spectating over WebSocket.
#[derive(Parser)]
#[command(name = "mancala-server", version, about, after_help = EXAMPLES)]
struct Cli {
    /// Address to listen on; the WebSocket endpoint is ws://ADDRESS/ws.
    #[arg(long, env = "MANCALA_LISTEN", default_value = "127.0.0.1:7878")]
    listen: SocketAddr,

    #[command(flatten)]
    config: Config,

    #[command(subcommand)]
    command: Option<Command>,
}

/// What to do instead of serving.
#[derive(clap::Subcommand)]
enum Command {
    /// Move a single node's SQLite journal into an empty PostgreSQL
    /// database, to run several nodes on it. The server must be stopped;
    /// the file is left as it was (its schema brought up to date).
    Migrate {
        /// The SQLite journal (the server's --database until now).
        #[arg(long)]
        from: std::path::PathBuf,
        /// The PostgreSQL database: postgres://USER:PASSWORD@HOST:PORT/DATABASE.
        /// It must exist and hold no journal yet.
        #[arg(long)]
        to: String,
    },
}

const EXAMPLES: &str = "Examples:
  mancala-server                              listen on 127.0.0.1:7878, keep everything in ./mancala.sqlite3
  mancala-server --listen 0.0.0.0:9000        listen on every interface, port 9000
  mancala-server --database /var/lib/mancala/db.sqlite3
                                              keep players and matches there
  mancala-server --database postgres://mancala:PASSWORD@db.example:5432/mancala
                                              keep them in PostgreSQL (what several nodes share)
  mancala-server --database :memory:          keep nothing (tests, benchmarks)
  RUST_LOG=debug mancala-server               log every connection
  mancala-server migrate --from mancala.sqlite3 --to postgres://mancala:PASSWORD@db.example/mancala
                                              move a single node's journal into PostgreSQL

Endpoints: ws://HOST:PORT/ws (the game protocol, docs/PROTOCOL.md), http://HOST:PORT/healthz,
http://HOST:PORT/metrics, http://HOST:PORT/api/matches/ID (the archive)

Back up the database while the server runs: sqlite3 mancala.sqlite3 \".backup backup.sqlite3\"
(with PostgreSQL: pg_dump)";

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match server::runtime() {
        Ok(runtime) => runtime.block_on(serve(cli)),
        Err(e) => {
            eprintln!("mancala-server: cannot start the runtime: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(cli: Cli) -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(log_filter())
        .init();
    if let Some(Command::Migrate { from, to }) = &cli.command {
        return match server::migrate(from, to).await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("mancala-server migrate: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    let listener = match TcpListener::bind(cli.listen).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("mancala-server: cannot listen on {}: {e}", cli.listen);
            return std::process::ExitCode::FAILURE;
        }
    };
    match server::run(listener, cli.config, shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mancala-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// What to log: `RUST_LOG` (`info` by default), except that the WebSocket
/// library never logs below `debug`: at `trace` it prints every frame, and
/// frames carry tokens and passwords, which are never logged. (The cap is
/// added only when something would log at `trace`: added always, it raised
/// the library to `debug` under the default `info`, a line per closed
/// connection.)
fn log_filter() -> EnvFilter {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    if filter.max_level_hint() != Some(tracing::level_filters::LevelFilter::TRACE) {
        return filter;
    }
    ["tungstenite=debug", "tokio_tungstenite=debug"]
        .into_iter()
        .filter_map(|directive| directive.parse().ok())
        .fold(filter, EnvFilter::add_directive)
}

/// Ctrl-C, or SIGTERM where there is one.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
