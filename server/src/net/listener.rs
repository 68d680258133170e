//! The listener: accepts connections and gives each its task, within the
//! limits of connections in all and per address; over them, a connection is
//! answered in HTTP at once and let go.

use crate::hub::Hub;
use crate::net::addresses::Addresses;
use crate::net::conn;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tracing::warn;

/// Accept connections on `listener` until `stop` completes.
pub(crate) async fn accept(
    listener: &TcpListener,
    hub: &Arc<Hub>,
    addresses: &Arc<Addresses>,
    stop: impl std::future::Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(hub.config.max_connections.max(1)));
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => return,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, addr)) => {
                let hub = Arc::clone(hub);
                let addresses = Arc::clone(addresses);
                let permit = permits.clone().try_acquire_owned().ok();
                let slot = addresses.slot(addr.ip());
                hub.tasks.clone().spawn(async move {
                    match (permit, slot) {
                        (Some(permit), Some(slot)) => {
                            conn::serve(Arc::clone(&hub), addresses, stream, addr.ip()).await;
                            drop(slot);
                            drop(permit);
                        }
                        (None, _) => {
                            let reason = "the server is full; try again later";
                            conn::refuse(&hub, stream, "503 Service Unavailable", reason).await
                        }
                        (_, None) => {
                            let reason = "too many connections from your address";
                            conn::refuse(&hub, stream, "429 Too Many Requests", reason).await
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
