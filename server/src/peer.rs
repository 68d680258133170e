//! A connection as the rest of the server sees it: a bounded outbox of
//! already-serialised frames, and a way to close it with a reason.

use protocol::wire::ServerMsg;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// One serialised message: built once, shared by every recipient.
pub(crate) type Frame = Utf8Bytes;

/// Serialise a message once for any number of recipients.
pub(crate) fn frame(msg: &ServerMsg) -> Frame {
    match serde_json::to_string(msg) {
        Ok(text) => Utf8Bytes::from(text),
        // Our own types always serialise; keep the connection alive regardless.
        Err(e) => Utf8Bytes::from(format!(
            "{{\"type\":\"error\",\"code\":\"malformed\",\"message\":\"server could not encode a reply: {e}\"}}"
        )),
    }
}

/// Why and how a connection is being closed.
#[derive(Clone, Debug)]
pub(crate) struct CloseReason {
    pub(crate) code: u16,
    pub(crate) reason: String,
}

#[derive(Default)]
struct Kill {
    reason: Mutex<Option<CloseReason>>,
    fired: AtomicBool,
    notify: Notify,
}

/// A handle to a connection's outbox. Cheap to clone; sending never waits.
#[derive(Clone)]
pub(crate) struct Peer {
    id: u64,
    tx: mpsc::Sender<Frame>,
    kill: Arc<Kill>,
    metrics: Arc<crate::metrics::Metrics>,
}

/// The receiving side, owned by the connection's writer.
pub(crate) struct Outbox {
    pub(crate) rx: mpsc::Receiver<Frame>,
    pub(crate) signal: Signal,
}

/// The writer's side of the close signal.
pub(crate) struct Signal {
    kill: Arc<Kill>,
}

impl Peer {
    pub(crate) fn new(
        id: u64,
        capacity: usize,
        metrics: Arc<crate::metrics::Metrics>,
    ) -> (Peer, Outbox) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        let kill = Arc::new(Kill::default());
        (
            Peer {
                id,
                tx,
                kill: kill.clone(),
                metrics,
            },
            Outbox {
                rx,
                signal: Signal { kill },
            },
        )
    }

    /// This connection's number, unique for the life of the server.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Queue a frame. A full queue means the client is not reading: it is
    /// closed with a reason, and `false` tells the caller to forget it.
    pub(crate) fn send(&self, frame: &Frame) -> bool {
        match self.tx.try_send(frame.clone()) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                crate::metrics::Metrics::add(&self.metrics.queue_drops);
                self.close(
                    protocol::wire::close::POLICY,
                    "too slow: outgoing queue full",
                );
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Serialise and queue one message for this connection only.
    pub(crate) fn send_msg(&self, msg: &ServerMsg) -> bool {
        self.send(&frame(msg))
    }

    /// Close the connection: the writer sends a close frame with this code
    /// and reason and stops; the first reason given wins.
    pub(crate) fn close(&self, code: u16, reason: &str) {
        if let Ok(mut slot) = self.kill.reason.lock()
            && slot.is_none()
        {
            *slot = Some(CloseReason {
                code,
                reason: reason.to_owned(),
            });
        }
        self.kill.fired.store(true, Ordering::Release);
        self.kill.notify.notify_waiters();
    }

    /// Wait until the connection is told to close.
    pub(crate) async fn closed(&self) -> Option<CloseReason> {
        self.kill.wait().await
    }

    /// Whether the connection has been told to close.
    pub(crate) fn is_closed(&self) -> bool {
        self.kill.fired.load(Ordering::Acquire) || self.tx.is_closed()
    }
}

impl Signal {
    /// Wait until the connection is told to close; returns the reason.
    pub(crate) async fn killed(&self) -> Option<CloseReason> {
        self.kill.wait().await
    }

    /// The socket failed or closed: wake the reader so the connection ends.
    pub(crate) fn fail(&self) {
        self.kill.fired.store(true, Ordering::Release);
        self.kill.notify.notify_waiters();
    }
}

impl Kill {
    async fn wait(&self) -> Option<CloseReason> {
        loop {
            let notified = self.notify.notified();
            tokio::pin!(notified);
            // Register before looking at the flag, so a close between the two is not missed.
            notified.as_mut().enable();
            if self.fired.load(Ordering::Acquire) {
                return self.reason.lock().ok().and_then(|r| r.clone());
            }
            notified.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_outbox_closes_the_connection_with_a_reason() {
        let (peer, outbox) = Peer::new(7, 2, Default::default());
        let frame: Frame = Utf8Bytes::from_static("{}");
        assert!(peer.send(&frame));
        assert!(peer.send(&frame));
        assert!(!peer.is_closed());
        assert!(!peer.send(&frame), "the third frame does not fit");
        assert!(peer.is_closed());
        let reason = outbox.signal.killed().await.expect("a reason");
        assert_eq!(reason.code, protocol::wire::close::POLICY);
        assert!(reason.reason.contains("too slow"), "{}", reason.reason);
        // What was queued is still there for the writer to flush.
        let mut rx = outbox.rx;
        assert!(rx.try_recv().is_ok());
    }

    #[tokio::test]
    async fn the_first_close_reason_wins() {
        let (peer, outbox) = Peer::new(8, 1, Default::default());
        peer.close(1009, "frame too large");
        peer.close(1000, "bye");
        let reason = outbox.signal.killed().await.expect("a reason");
        assert_eq!(
            (reason.code, reason.reason.as_str()),
            (1009, "frame too large")
        );
    }
}
