//! One load spectator: watches the current match of its pair, follows it to
//! each rematch, and measures how long each move took to reach it from the
//! moment the server accepted it.

use super::stats::{self, Counters};
use super::wire::{self, Incoming};
use super::{Ctx, MatchBoard};
use futures_util::StreamExt;
use hdrhistogram::Histogram;
use protocol::wire::{ClientMsg, MatchId};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// How often a spectator looks whether its pair has moved on to a new match
/// while its own is still on (after a `match_ended` it looks every 10 ms).
/// Moving on takes two watch messages: a pair that finishes matches faster
/// than the server's watch budget allows (10/s by default) needs a server
/// started with a higher `--watch-rate`, or the spectators get `rate_limited`.
const FOLLOW_INTERVAL: Duration = Duration::from_millis(500);

/// The time from `at_us` (µs since the Unix epoch) until now, by this
/// machine's wall clock, which is the server's: load is generated against
/// loopback only.
fn since_unix(at_us: u64) -> Duration {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.saturating_sub(Duration::from_micros(at_us))
}

/// Watch until the run stops; the delays measured: from the server's
/// acceptance of each move (the time it stamps on `move_played`) to its
/// arrival here.
pub(super) async fn run(ctx: Arc<Ctx>, index: usize, board: Arc<MatchBoard>) -> Histogram<u64> {
    let mut delays = stats::histogram();
    let name = format!("S{}{index}", ctx.tag);
    let Some((mut ws, _)) = ctx.join(&name).await else {
        return delays;
    };
    let mut watching: Option<MatchId> = None;
    let mut ready = false;
    let mut stop = ctx.stop_signal();
    // Made once: a future per message on the run-wide stop signal would take
    // its lock twice per message, in every spectator at once.
    let stopped = stop.changed();
    tokio::pin!(stopped);
    // Quick at first (until the pair's first match is known), then at the follow pace.
    let mut follow = tokio::time::interval(Duration::from_millis(10));
    loop {
        tokio::select! {
            biased;
            next = ws.next() => {
                let text = match next {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(frame))) => {
                        ctx.failed(&format!("{name}: closed by the server: {frame:?}"));
                        break;
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(_)) | None => {
                        ctx.failed(&format!("{name}: connection ended"));
                        break;
                    }
                };
                let arrived = Instant::now();
                if let Some(head) = Incoming::move_played_head(&text) {
                    if Some(head.match_id) == watching
                        && head.played_at_us > 0
                        && ctx.measuring(arrived)
                    {
                        stats::record(&mut delays, since_unix(head.played_at_us));
                        Counters::bump(&ctx.counters.spectator_moves);
                    }
                    continue;
                }
                if text.starts_with(r#"{"type":"match_ended","#) {
                    // Look for the rematch at once rather than at the follow pace.
                    follow = tokio::time::interval(Duration::from_millis(10));
                    continue;
                }
                let Some(msg) = Incoming::read(&text) else {
                    continue;
                };
                match msg.kind {
                    "match_snapshot" if !ready => {
                        ready = true;
                        Counters::bump(&ctx.counters.spectators_ready);
                    }
                    "error" => ctx.error(&format!("{name}: {}", msg.error_text())),
                    _ => {}
                }
            }
            _ = &mut stopped => break,
            _ = follow.tick() => {
                // Follow the pair to its newest match.
                let Some(latest) = board.current().filter(|&m| Some(m) != watching) else {
                    continue;
                };
                if let Some(old) = watching.take() {
                    let _ = wire::send(&mut ws, ClientMsg::Unwatch { match_id: old }).await;
                }
                if wire::send(&mut ws, ClientMsg::Watch { match_id: latest }).await.is_err() {
                    ctx.failed(&format!("{name}: could not send"));
                    break;
                }
                watching = Some(latest);
                if follow.period() < FOLLOW_INTERVAL {
                    follow = tokio::time::interval_at(Instant::now() + FOLLOW_INTERVAL, FOLLOW_INTERVAL);
                }
            }
        }
    }
    let _ = ws.close(None).await;
    delays
}
