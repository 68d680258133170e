//! The load generator behind `mancala-load`: keeps N matches running
//! against a server on this machine (2N player connections answering every
//! turn at once, a rematch whenever a match ends) plus K spectators, prints a progress line every second and
//! one JSON line at the end, and fails when a move is lost or a match stalls.
//!
//! Measurements: a move's round trip runs from sending it to its mover's
//! connection receiving the `move_played` that shows it; a spectator's delay
//! runs from the server's acceptance of the move (the `played_at_us` stamp
//! on `move_played`, by the server's wall clock, which is this machine's) to
//! the spectator receiving it. Only moves whose event arrives inside the
//! measured window count; setup and the final drain do not.

mod attack;
mod idle;
mod pair;
mod report;
mod server_metrics;
mod spectator;
mod stats;
mod wire;

pub use report::Summary;

use protocol::wire::{MatchId, MatchSettings, PlayerId};
use stats::Counters;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::{Semaphore, watch};
use tokio::time::Instant;

/// Generate load against a mancala server on this machine and measure it: a
/// progress line a second on stderr, one JSON line at the end on stdout.
#[derive(clap::Parser, Clone, Debug)]
#[command(name = "mancala-load", version, about, after_help = EXAMPLES)]
pub struct LoadArgs {
    /// The server's WebSocket URL; it must be on this machine (loopback).
    #[arg(long, env = "MANCALA_SERVER", default_value = "ws://127.0.0.1:7878/ws")]
    pub server: String,
    /// Another node of the same cluster: the second player of each pair
    /// connects there, so that every move of his crosses between nodes
    /// (the first player's node serves the match).
    #[arg(long)]
    pub second_server: Option<String>,
    /// Matches kept running at once (two player connections each).
    #[arg(long, default_value_t = 100)]
    pub matches: usize,
    /// Seconds to measure, after every match has started.
    #[arg(long, default_value_t = 10)]
    pub duration: u64,
    /// Spectators, spread over the matches (spectator i watches match i mod N).
    #[arg(long, default_value_t = 0)]
    pub spectators: usize,
    /// The game and its options, as `mancala bot` takes them: mangala, kalah, "kalah seeds_per_house=4", oware, congkak, kalah_relay.
    #[arg(long, default_value = "mangala")]
    pub variant: String,
    /// Games per match (1-9).
    #[arg(long, default_value_t = 5)]
    pub games: u8,
    /// Also hold this many signed-in idle connections, and report the server's memory per idle connection.
    #[arg(long, default_value_t = 0)]
    pub idle: usize,
    /// A match with nothing happening for this many milliseconds while a move is due has stalled.
    #[arg(long, default_value_t = 10_000)]
    pub stall_ms: u64,
    /// Give up on connections not set up after this many seconds.
    #[arg(long, default_value_t = 180)]
    pub setup_timeout: u64,
    /// Players think before each move, a random time in this range of
    /// milliseconds, as people do ("1000-5000"); 0 plays at once. The round
    /// trip is measured from the send, after the thinking.
    #[arg(long, value_name = "MIN-MAX", default_value = "0", value_parser = parse_think)]
    pub think_ms: Think,
    /// Each pair plays one match to its end, with no rematch; the run ends
    /// when every match has ended (`--duration` is then the most it may
    /// take) and fails if one has not. With it the summary lists every
    /// match and the moves its players saw played, for checking against
    /// the archive.
    #[arg(long)]
    pub play_out: bool,
    /// A player whose connection is closed (a node stopping says 1012) or
    /// lost connects again through the same URL (a front such as nginx
    /// sends him to a node that lives), signs in with his token, resumes
    /// his match from the last event he saw and plays on; a move not yet
    /// seen played is sent again once the match is resumed, and a move or
    /// resume answered `unavailable` (its node stopped before answering).
    /// Without it a closed connection fails the run.
    #[arg(long)]
    pub reconnect: bool,
    /// Run an attack beside the matches, aimed at the first of them, and
    /// report what the attackers were answered (docs/PERFORMANCE.md,
    /// "Attacks beside an honest match").
    #[arg(long, value_enum)]
    pub attack: Option<attack::Attack>,
}

/// How long a player thinks before each move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    /// The shortest.
    pub min: u64,
    /// The longest.
    pub max: u64,
}

fn parse_think(text: &str) -> Result<Think, String> {
    let (min, max) = text.split_once('-').unwrap_or((text, text));
    let number = |part: &str| {
        part.trim()
            .parse::<u64>()
            .map_err(|_| format!("'{text}' is not MIN-MAX in milliseconds (e.g. 1000-5000)"))
    };
    let (min, max) = (number(min)?, number(max)?);
    if min > max {
        return Err(format!("{min} is more than {max}"));
    }
    Ok(Think { min, max })
}

/// Why a load run could not be done at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The options make no run.
    #[error("{0}")]
    Usage(String),
    /// The server could not be used.
    #[error("{0}")]
    Target(String),
}

/// The measured window, set once each.
#[derive(Default)]
struct Window {
    start: OnceLock<Instant>,
    end: OnceLock<Instant>,
}

/// What every task of a run shares.
pub(crate) struct Ctx {
    target: wire::Target,
    /// Where the second player of each pair connects (`--second-server`).
    second: Option<wire::Target>,
    settings: MatchSettings,
    /// A short random tag that keeps this run's player names apart from other runs'.
    tag: String,
    counters: Counters,
    stall: Duration,
    /// How long players think before each move.
    think: Think,
    /// `--play-out`: one match per pair, to its end.
    play_out: bool,
    /// `--reconnect`: players come back after a lost connection.
    reconnect: bool,
    /// The matches played out (`--play-out`), as their players saw them.
    played: std::sync::Mutex<Vec<PlayedMatch>>,
    /// Bounds the connections being set up at once.
    setup: Semaphore,
    connections: AtomicUsize,
    window: Window,
    /// Wakes tasks that wait on the run's end (the window's end says whether it came).
    stop: watch::Sender<bool>,
    notes_printed: AtomicU64,
}

/// How often, and how far apart, a player tries to come back
/// (`--reconnect`): 20 s in all, longer than a node takes to stop.
const REJOIN_TRIES: u32 = 100;
const REJOIN_PAUSE: Duration = Duration::from_millis(200);

/// A match played to its end under `--play-out`, as its players saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMatch {
    /// The match.
    pub match_id: MatchId,
    /// Every move its players saw played, as (game, house), in order.
    pub moves: Vec<(u8, u8)>,
}

/// Problems printed in full before the rest are only counted.
const NOTES_SHOWN: u64 = 10;

impl Ctx {
    fn next_connection(&self) -> usize {
        self.connections.fetch_add(1, Ordering::Relaxed)
    }

    /// Whether an event arriving `at` counts.
    fn measuring(&self, at: Instant) -> bool {
        self.window.start.get().is_some_and(|s| at >= *s)
            && self.window.end.get().is_none_or(|e| at <= *e)
    }

    /// Whether the run is winding down (the measured window has ended): no
    /// new moves, no rematches.
    fn stopping(&self) -> bool {
        self.window.end.get().is_some()
    }

    /// Open a connection and sign in as `name`, no more than the setup limit
    /// at once; a failure is counted and shown.
    async fn join(&self, name: &str) -> Option<(wire::Socket, PlayerId)> {
        let (ws, player) = self.join_as(0, name).await?;
        Some((ws, player.id))
    }

    /// [`Ctx::join`] for player `index` of a pair (0 or 1): the second
    /// connects to `--second-server` if given.
    async fn join_as(&self, index: usize, name: &str) -> Option<(wire::Socket, wire::SignedIn)> {
        let joined = {
            let _permit = self.setup.acquire().await.ok()?;
            self.target_of(index)
                .sign_in(self.next_connection(), name, None)
                .await
        };
        joined
            .map_err(|e| self.failed(&format!("{name}: {e}")))
            .ok()
    }

    /// Where player `index` of a pair connects.
    fn target_of(&self, index: usize) -> &wire::Target {
        match (index, &self.second) {
            (1, Some(second)) => second,
            _ => &self.target,
        }
    }

    /// Connect again as the player of `token` (`name` is his name), where
    /// player `index` of a pair connects; retried for a while, since the
    /// node that closed him may still be in the address's rotation.
    async fn rejoin(
        &self,
        index: usize,
        name: &str,
        token: &str,
    ) -> Option<(wire::Socket, wire::SignedIn)> {
        let mut last = None;
        for _ in 0..REJOIN_TRIES {
            match self
                .target_of(index)
                .sign_in(self.next_connection(), name, Some(token))
                .await
            {
                Ok(joined) => return Some(joined),
                Err(e) => last = Some(e),
            }
            tokio::time::sleep(REJOIN_PAUSE).await;
        }
        self.failed(&format!(
            "{name} could not come back: {}",
            last.map(|e| e.to_string()).unwrap_or_default()
        ));
        None
    }

    /// Keep a match played out by `--play-out`.
    fn keep_played(&self, played: PlayedMatch) {
        self.played
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(played);
    }

    fn stop_signal(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    fn note(&self, what: &str) {
        if self.notes_printed.fetch_add(1, Ordering::Relaxed) < NOTES_SHOWN {
            eprintln!("mancala-load: {what}");
        }
    }

    /// Count and (the first few) show an error.
    fn error(&self, what: &str) {
        Counters::bump(&self.counters.errors);
        self.note(what);
    }

    /// Count and (the first few) show a connection that failed.
    fn failed(&self, what: &str) {
        Counters::bump(&self.counters.failed_connections);
        self.note(what);
    }
}

/// What one pair shares with the spectators of its matches: which match it
/// is playing, so they can follow it to each rematch.
pub(crate) struct MatchBoard {
    /// The pair's current match (0 before the first).
    current: AtomicU64,
}

impl MatchBoard {
    fn new() -> MatchBoard {
        MatchBoard {
            current: AtomicU64::new(0),
        }
    }

    fn publish(&self, match_id: MatchId) {
        self.current.store(match_id.0, Ordering::Release);
    }

    /// The pair's current match, once it has one.
    fn current(&self) -> Option<MatchId> {
        Some(self.current.load(Ordering::Acquire))
            .filter(|&id| id != 0)
            .map(MatchId)
    }
}

/// Run the load; its summary ([`Summary::healthy`] when nothing was lost,
/// stalled or refused).
pub async fn run(args: LoadArgs) -> Result<Summary, LoadError> {
    if args.matches == 0 && args.idle == 0 {
        return Err(LoadError::Usage(
            "nothing to do: give --matches or --idle".into(),
        ));
    }
    if args.spectators > 0 && args.matches == 0 {
        return Err(LoadError::Usage("spectators need matches to watch".into()));
    }
    let words = [args.variant.clone(), format!("games={}", args.games)];
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let settings = protocol::wire::settings_from_words(&words).map_err(LoadError::Usage)?;
    let target = wire::Target::resolve(&args.server)
        .await
        .map_err(|e| LoadError::Target(e.to_string()))?;
    let second = match &args.second_server {
        Some(url) => Some(
            wire::Target::resolve(url)
                .await
                .map_err(|e| LoadError::Target(e.to_string()))?,
        ),
        None => None,
    };
    let ctx = Arc::new(Ctx {
        target,
        second,
        settings,
        tag: format!("{:04x}", rand::random::<u16>()),
        counters: Counters::default(),
        stall: Duration::from_millis(args.stall_ms),
        think: args.think_ms,
        play_out: args.play_out,
        reconnect: args.reconnect,
        played: std::sync::Mutex::new(Vec::new()),
        setup: Semaphore::new(64),
        connections: AtomicUsize::new(
            rand::random_range(0..wire::SOURCE_GROUPS) * wire::PER_SOURCE,
        ),
        window: Window::default(),
        stop: watch::channel(false).0,
        notes_printed: AtomicU64::new(0),
    });
    let before = server_metrics::fetch(ctx.target.addr).await;

    let boards: Vec<Arc<MatchBoard>> = (0..args.matches)
        .map(|_| Arc::new(MatchBoard::new()))
        .collect();
    let mut pairs = tokio::task::JoinSet::new();
    for (index, board) in boards.iter().enumerate() {
        pairs.spawn(pair::run(Arc::clone(&ctx), index, Arc::clone(board)));
    }
    let mut spectators = tokio::task::JoinSet::new();
    for index in 0..args.spectators {
        let board = Arc::clone(&boards[index % args.matches]);
        spectators.spawn(spectator::run(Arc::clone(&ctx), index, board));
    }
    let idle = idle::Holders::spawn(&ctx, args.idle);
    let attackers = match (args.attack, boards.first()) {
        (Some(attack), Some(honest)) => {
            Some(attack::Attackers::spawn(&ctx, attack, Arc::clone(honest)))
        }
        (Some(_), None) => {
            return Err(LoadError::Usage(
                "an attack needs a match to aim at: give --matches".into(),
            ));
        }
        (None, _) => None,
    };

    let setup_began = Instant::now();
    let set_up = report::wait_for_setup(&ctx, &args, setup_began).await;
    let setup_s = setup_began.elapsed().as_secs_f64();
    let at_start = server_metrics::fetch(ctx.target.addr).await;
    let start = Instant::now();
    let _ = ctx.window.start.set(start);
    if set_up {
        report::progress(&ctx, &args, start).await;
    }
    let _ = ctx.window.end.set(Instant::now());
    let measured = start.elapsed().as_secs_f64();
    let at_end = server_metrics::fetch(ctx.target.addr).await;
    ctx.stop.send_replace(true);
    let attack = match attackers {
        Some(attackers) => Some(attackers.finish().await),
        None => None,
    };

    let drain = ctx.stall + Duration::from_secs(5);
    let rtt = report::collect(&mut pairs, drain, &ctx).await;
    let delays = report::collect(&mut spectators, drain, &ctx).await;
    idle.finish(drain).await;

    let summary = report::Summary::new(
        &args,
        &ctx,
        report::Measured {
            setup_s,
            duration_s: measured,
            rtt,
            delays,
            server: server_metrics::Usage::between(before, at_start, at_end, args.idle, measured),
            attack,
        },
    );
    Ok(summary)
}

const EXAMPLES: &str = "Examples:
  mancala-load --matches 1000 --duration 30          1,000 matches at once for 30 s
  mancala-load --matches 1 --spectators 1000         one match, a thousand spectators
  mancala-load --matches 0 --idle 10000              server memory per idle connection
  mancala-load --matches 1 --attack ping             an honest match beside a ping flood

Progress goes to stderr once a second; the summary is one JSON line on stdout.
Exits 1 when a move was lost, a match stalled, a connection failed or an error came back.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_times_read_as_a_range_or_one_value() {
        assert_eq!(
            parse_think("1000-5000"),
            Ok(Think {
                min: 1000,
                max: 5000
            })
        );
        assert_eq!(parse_think("0"), Ok(Think { min: 0, max: 0 }));
        assert!(parse_think("5000-1000").is_err());
        assert!(parse_think("soon").is_err());
    }
}
