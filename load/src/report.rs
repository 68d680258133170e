//! Progress while a run sets up and runs, and its summary at the end.

use super::server_metrics::Usage;
use super::stats::{Counters, Percentiles};
use super::{Ctx, LoadArgs};
use hdrhistogram::Histogram;
use serde::Serialize;
use std::time::Duration;
use tokio::task::JoinSet;
use tokio::time::Instant;

/// Wait until every pair plays, every spectator watches and every idle
/// connection is in; a line a second meanwhile. False when connections
/// failed or setup ran out of time.
pub(super) async fn wait_for_setup(ctx: &Ctx, args: &LoadArgs, began: Instant) -> bool {
    let c = &ctx.counters;
    let mut tick = tokio::time::interval(Duration::from_millis(50));
    let mut next_line = began + Duration::from_secs(1);
    loop {
        tick.tick().await;
        let pairs = Counters::get(&c.pairs_ready) as usize;
        let watching = Counters::get(&c.spectators_ready) as usize;
        let idle = Counters::get(&c.idle_ready) as usize;
        let failed = Counters::get(&c.failed_connections);
        if pairs == args.matches && watching == args.spectators && idle == args.idle {
            return true;
        }
        if failed > 0 {
            eprintln!("mancala-load: {failed} connections failed during setup");
            return false;
        }
        if began.elapsed() > Duration::from_secs(args.setup_timeout) {
            eprintln!(
                "mancala-load: setup did not finish in {} s",
                args.setup_timeout
            );
            return false;
        }
        if Instant::now() >= next_line {
            next_line += Duration::from_secs(1);
            eprintln!(
                "setting up: matches {pairs}/{}  spectators {watching}/{}  idle {idle}/{}",
                args.matches, args.spectators, args.idle
            );
        }
    }
}

/// The measured window: a line every second until `--duration` is over.
pub(super) async fn progress(ctx: &Ctx, args: &LoadArgs, start: Instant) {
    let c = &ctx.counters;
    let mut last = Counters::get(&c.moves);
    for second in 1..=args.duration {
        let line_at = start + Duration::from_secs(second);
        if args.play_out {
            // Every match played out ends the run before its time.
            let mut tick = tokio::time::interval(Duration::from_millis(50));
            while Instant::now() < line_at {
                if Counters::get(&c.matches_ended) as usize >= args.matches {
                    return;
                }
                tick.tick().await;
            }
        }
        tokio::time::sleep_until(line_at).await;
        let moves = Counters::get(&c.moves);
        eprintln!(
            "[{second:>3}/{} s] moves {moves} ({}/s)  matches ended {}  errors {}  lost {}  stalled {}  failed {}",
            args.duration,
            moves - last,
            Counters::get(&c.matches_ended),
            Counters::get(&c.errors),
            Counters::get(&c.lost_moves),
            Counters::get(&c.stalled),
            Counters::get(&c.failed_connections),
        );
        last = moves;
    }
}

/// Wait for tasks to finish and merge their histograms; tasks still running
/// after `within` are stopped and counted as stalled.
pub(super) async fn collect(
    tasks: &mut JoinSet<Histogram<u64>>,
    within: Duration,
    ctx: &Ctx,
) -> Histogram<u64> {
    let mut merged = super::stats::histogram();
    let deadline = Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, tasks.join_next()).await {
            Ok(Some(Ok(histogram))) => {
                let _ = merged.add(&histogram);
            }
            Ok(Some(Err(e))) => ctx.error(&format!("a load task failed: {e}")),
            Ok(None) => return merged,
            Err(_) => {
                for _ in 0..tasks.len() {
                    Counters::bump(&ctx.counters.stalled);
                }
                ctx.note(&format!("{} tasks did not wind down in time", tasks.len()));
                tasks.abort_all();
                return merged;
            }
        }
    }
}

/// What was measured, beside the counters.
pub(super) struct Measured {
    /// Seconds from the first connection to every match playing.
    pub setup_s: f64,
    /// The measured window, seconds.
    pub duration_s: f64,
    /// Move round trips, µs.
    pub rtt: Histogram<u64>,
    /// Spectator delays, µs.
    pub delays: Histogram<u64>,
    /// The server's CPU and memory.
    pub server: Usage,
    /// What the attackers were answered, when there was an attack.
    pub attack: Option<crate::attack::AttackReport>,
}

/// The final JSON line.
#[derive(Serialize, Debug)]
pub struct Summary {
    matches: usize,
    spectators: usize,
    idle_connections: usize,
    variant: String,
    games: u8,
    setup_s: f64,
    duration_s: f64,
    moves: u64,
    moves_per_s: f64,
    rtt_ms: Percentiles,
    spectator_delay_ms: Percentiles,
    spectator_moves: u64,
    errors: u64,
    failed_connections: u64,
    lost_moves: u64,
    lost_events: u64,
    repeated_events: u64,
    stalled_matches: u64,
    matches_without_moves: u64,
    matches_completed: u64,
    reconnects: u64,
    resent_moves: u64,
    resent_resumes: u64,
    play_out: bool,
    /// The matches played out (`--play-out`), for checking against the archive.
    #[serde(skip)]
    played: Vec<crate::PlayedMatch>,
    server: Usage,
    #[serde(skip_serializing_if = "Option::is_none")]
    attack_kind: Option<crate::attack::Attack>,
    #[serde(skip_serializing_if = "Option::is_none")]
    attack: Option<crate::attack::AttackReport>,
}

impl Summary {
    /// The summary of a finished run.
    pub(super) fn new(args: &LoadArgs, ctx: &Ctx, measured: Measured) -> Summary {
        let c = &ctx.counters;
        let moves = Counters::get(&c.moves);
        let round = |x: f64| (x * 100.0).round() / 100.0;
        Summary {
            matches: args.matches,
            spectators: args.spectators,
            idle_connections: args.idle,
            variant: ctx.settings.ruleset.variant().id().into(),
            games: ctx.settings.games,
            setup_s: round(measured.setup_s),
            duration_s: round(measured.duration_s),
            moves,
            moves_per_s: if measured.duration_s > 0.0 {
                (moves as f64 / measured.duration_s).round()
            } else {
                0.0
            },
            rtt_ms: Percentiles::of(&measured.rtt),
            spectator_delay_ms: Percentiles::of(&measured.delays),
            spectator_moves: Counters::get(&c.spectator_moves),
            errors: Counters::get(&c.errors),
            failed_connections: Counters::get(&c.failed_connections),
            lost_moves: Counters::get(&c.lost_moves),
            lost_events: Counters::get(&c.lost_events),
            repeated_events: Counters::get(&c.repeated_events),
            stalled_matches: Counters::get(&c.stalled),
            matches_without_moves: Counters::get(&c.matches_without_moves),
            matches_completed: Counters::get(&c.matches_ended),
            reconnects: Counters::get(&c.reconnects),
            resent_moves: Counters::get(&c.resent_moves),
            resent_resumes: Counters::get(&c.resent_resumes),
            play_out: args.play_out,
            played: std::mem::take(
                &mut ctx
                    .played
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            ),
            server: measured.server,
            attack_kind: args.attack,
            attack: measured.attack,
        }
    }

    /// One line of JSON.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Nothing lost, stalled, refused or failed, and every match moved
    /// while measured (with `--play-out`: every match ended, measured or
    /// not: short matches may end while others are set up).
    pub fn healthy(&self) -> bool {
        self.errors == 0
            && self.failed_connections == 0
            && self.lost_moves == 0
            && self.lost_events == 0
            && self.stalled_matches == 0
            && self.matches_without_moves == 0
            && (self.matches == 0 || self.moves > 0 || self.play_out)
            && (!self.play_out || self.played.len() == self.matches)
    }

    /// The matches played out (`--play-out`), in no particular order.
    pub fn played(&self) -> &[crate::PlayedMatch] {
        &self.played
    }

    /// How many connections came back after being closed or lost.
    pub fn reconnects(&self) -> u64 {
        self.reconnects
    }
}
