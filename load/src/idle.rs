//! Idle connections: signed in, then only answering the server's pings, so
//! the server's memory per idle connection can be measured.

use super::Ctx;
use super::stats::Counters;
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinSet;

/// The tasks holding the idle connections.
pub(super) struct Holders {
    tasks: JoinSet<()>,
}

impl Holders {
    /// Open `count` idle connections in the background.
    pub fn spawn(ctx: &Arc<Ctx>, count: usize) -> Holders {
        let mut tasks = JoinSet::new();
        for index in 0..count {
            tasks.spawn(hold(Arc::clone(ctx), index));
        }
        Holders { tasks }
    }

    /// Wait for every holder to hang up (they do once the run stops).
    pub async fn finish(mut self, within: Duration) {
        let all = async { while self.tasks.join_next().await.is_some() {} };
        if tokio::time::timeout(within, all).await.is_err() {
            self.tasks.abort_all();
        }
    }
}

async fn hold(ctx: Arc<Ctx>, index: usize) {
    let name = format!("I{}{index}", ctx.tag);
    let Some((mut ws, _)) = ctx.join(&name).await else {
        return;
    };
    Counters::bump(&ctx.counters.idle_ready);
    let mut stop = ctx.stop_signal();
    loop {
        tokio::select! {
            _ = stop.changed() => break,
            // Reading is what answers the server's pings.
            next = ws.next() => match next {
                Some(Ok(_)) => {}
                _ => {
                    ctx.failed(&format!("{name}: the server closed an idle connection"));
                    return;
                }
            },
        }
    }
    let _ = ws.close(None).await;
}
