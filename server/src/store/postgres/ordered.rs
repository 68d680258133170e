//! Running a transaction's statements together, in order. tokio-postgres
//! sends a request when its future is first polled and pipelines requests
//! polled together on one connection; this polls them in their order, so
//! that a statement always reaches PostgreSQL after the ones it depends on
//! (a match's row inserted before it is updated, a seek added before it is
//! removed), without waiting for each answer before sending the next.
//! futures-util's `try_join_all` promises no order of first polls once
//! there are more than a few dozen futures.

use futures_util::future::BoxFuture;
use std::task::{Context, Poll};

/// Wait for every one of `runs`, each first polled in its turn; the first
/// error (in their order), or `Ok` once all have succeeded.
pub(crate) async fn run_in_order<T, E>(runs: Vec<BoxFuture<'_, Result<T, E>>>) -> Result<(), E> {
    let mut pending: Vec<Option<_>> = runs.into_iter().map(Some).collect();
    std::future::poll_fn(move |context: &mut Context<'_>| {
        let mut waiting = false;
        for slot in pending.iter_mut() {
            let Some(run) = slot else { continue };
            match run.as_mut().poll(context) {
                Poll::Pending => waiting = true,
                Poll::Ready(Ok(_)) => *slot = None,
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
            }
        }
        if waiting {
            Poll::Pending
        } else {
            Poll::Ready(Ok(()))
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::FutureExt;
    use std::sync::{Arc, Mutex};

    #[tokio::test]
    async fn every_run_is_first_polled_in_its_turn() {
        let polled = Arc::new(Mutex::new(Vec::new()));
        let runs = (0..100)
            .map(|i| {
                let polled = Arc::clone(&polled);
                async move {
                    polled.lock().expect("not poisoned").push(i);
                    tokio::task::yield_now().await;
                    Ok::<_, ()>(i)
                }
                .boxed()
            })
            .collect();
        assert_eq!(run_in_order(runs).await, Ok(()));
        let polled = polled.lock().expect("not poisoned").clone();
        assert_eq!(polled, (0..100).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn the_first_error_in_order_is_the_answer() {
        let runs = vec![
            async { Ok(1) }.boxed(),
            async { Err("second") }.boxed(),
            async { Err("third") }.boxed(),
        ];
        assert_eq!(run_in_order(runs).await, Err("second"));
    }
}
