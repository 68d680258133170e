//! A typed outbox, for a client inside the server (a computer player): the
//! messages themselves rather than their frames, bounded in number.

use super::{CloseReason, Peer, Shared};
use crate::sync::lock;
use protocol::wire::ServerMsg;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// A typed outbox: the messages themselves, at most `max` waiting.
pub(super) struct Typed {
    pub(super) messages: Mutex<VecDeque<ServerMsg>>,
    pub(super) max: usize,
}

impl Peer {
    /// Queue `msg` for a typed connection; a full queue closes it as a
    /// client that does not read.
    pub(super) fn push_typed(&self, typed: &Typed, msg: ServerMsg) -> bool {
        if self.is_closed() {
            return false;
        }
        let mut messages = lock(&typed.messages);
        if messages.len() >= typed.max {
            drop(messages);
            self.shared.metrics.queue_drops.inc();
            self.close(
                protocol::wire::close::POLICY,
                "too slow: outgoing queue full",
            );
            return false;
        }
        messages.push_back(msg);
        drop(messages);
        self.shared.queued.notify_one();
        true
    }
}

/// The receiving side of a typed connection, owned by its client.
pub(crate) struct TypedOutbox {
    pub(super) shared: Arc<Shared>,
}

impl TypedOutbox {
    /// Wait for messages; every one waiting, oldest first. `None` once the
    /// connection is closing and nothing is left (the reason is then
    /// [`TypedOutbox::reason`]).
    pub(crate) async fn next_messages(&self) -> Option<VecDeque<ServerMsg>> {
        let typed = self.shared.typed.as_ref()?;
        loop {
            let notified = self.shared.queued.notified();
            {
                let mut messages = lock(&typed.messages);
                if !messages.is_empty() {
                    return Some(std::mem::take(&mut *messages));
                }
            }
            if self.shared.fired.load(Ordering::Acquire) {
                return None;
            }
            notified.await;
        }
    }

    /// Why the connection is closing, if it was told.
    pub(crate) fn reason(&self) -> Option<CloseReason> {
        lock(&self.shared.reason).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::super::PeerLimits;
    use super::*;
    use crate::clock::Clock;
    use futures_util::FutureExt;
    use protocol::wire::RequestId;

    /// A computer that stops reading is closed as any client that does not
    /// read, once his queue holds its most; frames are not for him.
    #[test]
    fn a_full_typed_outbox_closes_and_frames_are_not_queued() {
        let limits = PeerLimits {
            outbox_bytes: 1 << 16,
            max_refused: 10,
            refused_window_ms: 1_000,
            closes_on_refusals: false,
        };
        let (peer, outbox) = Peer::typed(1, limits, 2, Clock::system(), Default::default());
        let ok = |n| ServerMsg::Ok {
            id: Some(RequestId::Number(n)),
        };
        assert!(
            peer.send(&super::super::frame(&ok(0))),
            "a frame is dropped, not refused"
        );
        assert!(peer.send_msg(&ok(1)));
        assert!(peer.send_msg(&ok(2)));
        assert!(!peer.send_msg(&ok(3)), "the third does not fit");
        assert!(peer.is_closed());
        let waiting = outbox
            .next_messages()
            .now_or_never()
            .flatten()
            .expect("two");
        assert_eq!(waiting, VecDeque::from([ok(1), ok(2)]));
        assert!(outbox.next_messages().now_or_never().flatten().is_none());
        assert!(
            outbox
                .reason()
                .is_some_and(|r| r.reason.contains("too slow"))
        );
    }
}
