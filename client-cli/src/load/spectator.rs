//! One load spectator: watches the current match of its pair, follows it to
//! each rematch, and measures how long each move took to reach it.

use super::stats::{self, Counters};
use super::wire::{self, Incoming};
use super::{Ctx, MatchBoard};
use futures_util::StreamExt;
use hdrhistogram::Histogram;
use protocol::wire::{ClientMsg, MatchId};
use std::sync::Arc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// The shortest time between moving on to a pair's newer match: two
/// messages each time, well inside the server's default watch budget (10/s).
const FOLLOW_INTERVAL: std::time::Duration = std::time::Duration::from_millis(500);

/// Watch until the run stops; the delays measured.
pub(super) async fn run(ctx: Arc<Ctx>, index: usize, board: Arc<MatchBoard>) -> Histogram<u64> {
    let mut delays = stats::histogram();
    let name = format!("S{}{index}", ctx.tag);
    let joined = {
        let Ok(_permit) = ctx.setup.acquire().await else {
            return delays;
        };
        ctx.target.join(ctx.next_connection(), &name).await
    };
    let mut ws = match joined {
        Ok((ws, _)) => ws,
        Err(e) => {
            ctx.failed(&format!("{name}: {e}"));
            return delays;
        }
    };
    let mut current = board.subscribe();
    let mut watching: Option<MatchId> = None;
    let mut ready = false;
    let mut stop = ctx.stop_signal();
    let mut next_switch = Instant::now();
    loop {
        // Follow the pair to its newest match, but no more often than a
        // person would (and the server's watch budget allows).
        let latest = *current.borrow_and_update();
        let due = latest.is_some() && latest != watching;
        if due
            && Instant::now() >= next_switch
            && let Some(latest) = latest
        {
            next_switch = Instant::now() + FOLLOW_INTERVAL;
            if let Some(old) = watching.take() {
                let _ = wire::send(&mut ws, ClientMsg::Unwatch { match_id: old }).await;
            }
            if wire::send(&mut ws, ClientMsg::Watch { match_id: latest })
                .await
                .is_err()
            {
                ctx.failed(&format!("{name}: could not send"));
                break;
            }
            watching = Some(latest);
        }
        tokio::select! {
            _ = tokio::time::sleep_until(next_switch), if due => {}
            changed = current.changed() => {
                if changed.is_err() {
                    break;
                }
            }
            _ = stop.changed() => break,
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
                let Some(msg) = Incoming::read(&text) else {
                    continue;
                };
                match msg.kind {
                    "match_snapshot" if !ready => {
                        ready = true;
                        Counters::bump(&ctx.counters.spectators_ready);
                    }
                    "move_played" if msg.match_id == watching => {
                        let now = Instant::now();
                        if let (Some(match_id), Some(game), Some(ply)) = (msg.match_id, msg.game, msg.ply)
                            && let Some(sent_at) = board.sent_at(match_id, game, ply)
                            && ctx.measuring(now)
                        {
                            stats::record(&mut delays, now - sent_at);
                        }
                    }
                    "error" => ctx.error(&format!(
                        "{name}: {}: {}",
                        msg.code.unwrap_or("error"),
                        msg.message.as_deref().unwrap_or("")
                    )),
                    _ => {}
                }
            }
        }
    }
    let _ = ws.close(None).await;
    delays
}
