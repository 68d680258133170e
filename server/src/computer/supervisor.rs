//! Keeps a computer player running while the server runs. A computer is
//! part of the server, not a client: once, a flood of challenges closed a
//! computer's connection, his loop ended, nothing started him again, and
//! his live matches froze on his turn while the lobby still listed him.
//! Whatever ends his loop (its connection closing, a panic), he is started
//! again, with a log line, after a short pause that grows while he keeps
//! failing.

use std::future::Future;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tracing::{error, warn};

/// The pause before the first restart; it doubles with each restart in a
/// row, up to [`MOST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(100);
const MOST_PAUSE: Duration = Duration::from_secs(5);

/// Run what `start` makes until `shutdown`: whenever it ends or panics
/// before then, log it and start it again. Returns how many times it was
/// started again.
pub(crate) async fn supervised<F, Fut>(
    name: &str,
    shutdown: &CancellationToken,
    mut on_restart: impl FnMut(),
    mut start: F,
) -> usize
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<(), String>> + Send + 'static,
{
    let mut restarts = 0usize;
    let mut pause = FIRST_PAUSE;
    loop {
        // Its own task, so that a panic ends only this run.
        let ended = tokio::spawn(start()).await;
        if shutdown.is_cancelled() {
            return restarts;
        }
        match ended {
            Ok(Ok(())) => warn!("computer player {name} stopped; starting him again"),
            Ok(Err(why)) => warn!("computer player {name} stopped ({why}); starting him again"),
            Err(e) => error!("computer player {name} failed ({e}); starting him again"),
        }
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = shutdown.cancelled() => return restarts,
        }
        pause = (pause * 2).min(MOST_PAUSE);
        restarts += 1;
        on_restart();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_run_that_ends_or_panics_is_started_again_until_shutdown() {
        let shutdown = CancellationToken::new();
        let runs = Arc::new(AtomicUsize::new(0));
        let (third_tx, third) = tokio::sync::oneshot::channel::<()>();
        let mut third_tx = Some(third_tx);
        let supervisor = {
            let shutdown = shutdown.clone();
            let runs = Arc::clone(&runs);
            tokio::spawn(async move {
                let mut noted = 0;
                let restarts = supervised(
                    "computer-test",
                    &shutdown.clone(),
                    || noted += 1,
                    move || {
                        let n = runs.fetch_add(1, Ordering::SeqCst);
                        let signal = if n == 2 { third_tx.take() } else { None };
                        let shutdown = shutdown.clone();
                        async move {
                            match n {
                                0 => Err("its connection closed".to_owned()),
                                1 => panic!("a bug in the loop"),
                                _ => {
                                    if let Some(signal) = signal {
                                        let _ = signal.send(());
                                    }
                                    shutdown.cancelled().await;
                                    Ok(())
                                }
                            }
                        }
                    },
                )
                .await;
                (restarts, noted)
            })
        };
        third.await.expect("started a third time");
        shutdown.cancel();
        let (restarts, noted) = supervisor.await.expect("joins");
        assert_eq!((restarts, noted), (2, 2));
        assert_eq!(runs.load(Ordering::SeqCst), 3, "not started after shutdown");
    }
}
