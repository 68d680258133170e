//! The listener: accepts connections and gives each its task, within the
//! limits of connections in all and per address (for a trusted proxy's,
//! the address of the client it names); over them, a connection is
//! answered in HTTP at once and let go.

use crate::net::conn;
use crate::net::context::ConnContext;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tracing::warn;

/// Accept connections on `listener` until `stop` completes.
pub(crate) async fn accept(
    listener: &TcpListener,
    conns: &Arc<ConnContext>,
    stop: impl std::future::Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(conns.limits.max_connections.max(1)));
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => return,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, addr)) => {
                let conns = Arc::clone(conns);
                let permit = permits.clone().try_acquire_owned().ok();
                // A trusted proxy's connections are counted by the address
                // of their client, once its head names it (conn::serve).
                let via_proxy = conns.limits.trusted_proxies.contains(&addr.ip());
                let slot = if via_proxy {
                    Some(None)
                } else {
                    conns.addresses.slot(addr.ip()).map(Some)
                };
                conns.context.tasks.clone().spawn(async move {
                    match (permit, slot) {
                        (Some(permit), Some(slot)) => {
                            conn::serve(Arc::clone(&conns), stream, addr.ip(), via_proxy).await;
                            drop(slot);
                            drop(permit);
                        }
                        (None, _) => {
                            let reason = "the server is full; try again later";
                            conn::refuse(&conns, stream, "503 Service Unavailable", reason).await
                        }
                        (_, None) => {
                            let reason = "too many connections from your address";
                            conn::refuse(&conns, stream, "429 Too Many Requests", reason).await
                        }
                    }
                });
            }
            Err(e) => {
                // Out of file descriptors and the like: log once, back off briefly.
                warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}
