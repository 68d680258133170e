//! A connection as the rest of the server sees it: an outbox of
//! already-serialised frames bounded in bytes, a way to close it with a
//! reason, and the budget of refused requests it may still send.
//!
//! A client inside the server (a computer player) has a typed outbox
//! instead ([`Peer::typed`]): it takes the messages themselves, bounded in
//! number, so nothing is serialised for it and nothing parsed back. What
//! exists only as a frame (chat, spectator counts, the lobby feed) is not
//! for it; a match's events come with their message ([`Peer::send_event`]).
//!
//! A snapshot (of the lobby, of a match) replaces the whole picture a
//! client has, so a newer one makes an older one that is still queued
//! useless: it is dropped from the queue ([`Peer::send_snapshot`]). A client
//! that does not read therefore parks at most one snapshot of each kind,
//! and what it parks counts in bytes, not frames.

use crate::budget::Budget;
use crate::clock::Clock;
use crate::error::ServerError;
use crate::sync::lock;
use protocol::wire::{MatchId, RequestId, ServerMsg};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;
use tokio_tungstenite::tungstenite::Utf8Bytes;
use typed::Typed;
pub(crate) use typed::TypedOutbox;

mod typed;

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

/// Which picture a snapshot gives, so that a newer one replaces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Snapshot {
    /// `lobby_snapshot`.
    Lobby,
    /// `match_snapshot` of this match.
    Match(MatchId),
}

/// The limits of one connection's outbox and refusals.
#[derive(Clone, Debug)]
pub(crate) struct PeerLimits {
    /// Bytes of frames queued before the connection counts as not reading.
    pub(crate) outbox_bytes: usize,
    /// Refused requests allowed per `refused_window_ms`, in bursts of as many.
    pub(crate) max_refused: u32,
    /// The window of `max_refused`.
    pub(crate) refused_window_ms: u64,
    /// Whether spending the refusals closes the connection: not for the
    /// server's own computer players, whose refusals are the challengers'
    /// doing (a flood of challenges once silenced a computer for good).
    pub(crate) closes_on_refusals: bool,
}

/// Frames taken from an outbox at once, each with the snapshot it is, if one.
pub(crate) type Batch = VecDeque<(Frame, Option<Snapshot>)>;

#[derive(Default)]
struct Queue {
    frames: Batch,
    bytes: usize,
    /// An emptied batch, kept for its memory.
    spare: Batch,
}

struct Shared {
    queue: Mutex<Queue>,
    /// `Some` for a client inside the server, which takes messages, not frames.
    typed: Option<Typed>,
    /// Wakes the writer: a frame was queued.
    queued: Notify,
    reason: Mutex<Option<CloseReason>>,
    fired: AtomicBool,
    /// Wakes whoever waits for the close.
    closing: Notify,
    /// Refusals the connection may still make.
    refusals: Budget,
    limits: PeerLimits,
    metrics: Arc<crate::metrics::Metrics>,
}

/// A handle to a connection's outbox. Cheap to clone; sending never waits.
#[derive(Clone)]
pub(crate) struct Peer {
    id: u64,
    shared: Arc<Shared>,
}

/// The receiving side, owned by the connection's writer.
pub(crate) struct Outbox {
    shared: Arc<Shared>,
}

impl Peer {
    pub(crate) fn new(
        id: u64,
        limits: PeerLimits,
        clock: Clock,
        metrics: Arc<crate::metrics::Metrics>,
    ) -> (Peer, Outbox) {
        let (peer, shared) = Peer::with_delivery(id, limits, clock, metrics, None);
        (peer, Outbox { shared })
    }

    /// A connection for a client inside the server: it takes the messages
    /// themselves ([`TypedOutbox`]), at most `max_messages` waiting before
    /// it counts as not reading.
    pub(crate) fn typed(
        id: u64,
        limits: PeerLimits,
        max_messages: usize,
        clock: Clock,
        metrics: Arc<crate::metrics::Metrics>,
    ) -> (Peer, TypedOutbox) {
        let typed = Typed {
            messages: Mutex::new(VecDeque::new()),
            max: max_messages.max(1),
        };
        let (peer, shared) = Peer::with_delivery(id, limits, clock, metrics, Some(typed));
        (peer, TypedOutbox { shared })
    }

    fn with_delivery(
        id: u64,
        limits: PeerLimits,
        clock: Clock,
        metrics: Arc<crate::metrics::Metrics>,
        typed: Option<Typed>,
    ) -> (Peer, Arc<Shared>) {
        let refusals = Budget::per_window(limits.max_refused, limits.refused_window_ms, &clock);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            typed,
            queued: Notify::new(),
            reason: Mutex::new(None),
            fired: AtomicBool::new(false),
            closing: Notify::new(),
            refusals,
            limits,
            metrics,
        });
        (
            Peer {
                id,
                shared: Arc::clone(&shared),
            },
            shared,
        )
    }

    /// This connection's number, unique for the life of the server.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Queue a frame. A full outbox means the client is not reading: it is
    /// closed with a reason, and `false` tells the caller to forget it. A
    /// typed connection takes no frames: this one is not for it.
    pub(crate) fn send(&self, frame: &Frame) -> bool {
        if self.shared.typed.is_some() {
            return !self.is_closed();
        }
        self.queue(frame, None)
    }

    /// Queue an event: `frame` is `msg` serialised (once, for every
    /// recipient); a typed connection takes `msg` itself.
    pub(crate) fn send_event(&self, frame: &Frame, msg: &ServerMsg) -> bool {
        match &self.shared.typed {
            Some(typed) => self.push_typed(typed, msg.clone()),
            None => self.queue(frame, None),
        }
    }

    /// Whether this is a client inside the server ([`Peer::typed`]).
    pub(crate) fn is_typed(&self) -> bool {
        self.shared.typed.is_some()
    }

    /// Queue a snapshot, dropping an older one of the same picture that is
    /// still waiting.
    pub(crate) fn send_snapshot(&self, msg: &ServerMsg, kind: Snapshot) -> bool {
        match &self.shared.typed {
            Some(typed) => self.push_typed(typed, msg.clone()),
            None => self.queue(&frame(msg), Some(kind)),
        }
    }

    fn queue(&self, frame: &Frame, snapshot: Option<Snapshot>) -> bool {
        if self.is_closed() {
            return false;
        }
        let mut queue = lock(&self.shared.queue);
        if let Some(kind) = snapshot
            && let Some(index) = queue.frames.iter().position(|(_, s)| *s == Some(kind))
            && let Some((older, _)) = queue.frames.remove(index)
        {
            queue.bytes -= older.len();
        }
        // One frame always fits an empty outbox, however large.
        let full =
            !queue.frames.is_empty() && queue.bytes + frame.len() > self.shared.limits.outbox_bytes;
        if full {
            drop(queue);
            self.shared.metrics.queue_drops.inc();
            self.close(
                protocol::wire::close::POLICY,
                "too slow: outgoing queue full",
            );
            return false;
        }
        queue.bytes += frame.len();
        queue.frames.push_back((frame.clone(), snapshot));
        drop(queue);
        self.shared.queued.notify_one();
        true
    }

    /// Serialise and queue one message for this connection only (a typed
    /// connection takes it as it is).
    pub(crate) fn send_msg(&self, msg: &ServerMsg) -> bool {
        match &self.shared.typed {
            Some(typed) => self.push_typed(typed, msg.clone()),
            None => self.queue(&frame(msg), None),
        }
    }

    /// Refuse the request `id` with `error`: the error reply, counted in the
    /// metrics by its code and against the connection's refusal budget (a
    /// client that keeps sending what is refused is closed, 1008, once the
    /// budget is spent).
    pub(crate) fn refuse(&self, error: &ServerError, id: Option<RequestId>) {
        self.shared.metrics.rejected(error.code());
        self.send_msg(&error.to_msg(id));
        if self.shared.limits.closes_on_refusals && !self.shared.refusals.take() {
            let limits = &self.shared.limits;
            let reason = format!(
                "too many refused requests: more than {} in {} s",
                limits.max_refused,
                limits.refused_window_ms / 1000
            );
            self.close(protocol::wire::close::POLICY, &reason);
        }
    }

    /// Close the connection: the writer sends what is queued, then a close
    /// frame with this code and reason, and stops; the first reason given wins.
    pub(crate) fn close(&self, code: u16, reason: &str) {
        {
            let mut slot = lock(&self.shared.reason);
            if slot.is_none() {
                *slot = Some(CloseReason {
                    code,
                    reason: reason.to_owned(),
                });
            }
        }
        self.shared.fired.store(true, Ordering::Release);
        self.shared.closing.notify_waiters();
        self.shared.queued.notify_one();
    }

    /// Wait until the connection is told to close.
    pub(crate) async fn closed(&self) -> Option<CloseReason> {
        self.shared.wait_closed().await
    }

    /// Whether the connection has been told to close.
    pub(crate) fn is_closed(&self) -> bool {
        self.shared.fired.load(Ordering::Acquire)
    }
}

impl Outbox {
    /// Wait for frames to write; `None` once the connection is closing and
    /// nothing is left (the close reason is then [`Outbox::reason`]). Give
    /// the batch back with [`Outbox::recycle`] once written, so the queue
    /// reuses its memory.
    pub(crate) async fn next_batch(&self) -> Option<Batch> {
        loop {
            if let Some(batch) = self.take() {
                return Some(batch);
            }
            if self.shared.fired.load(Ordering::Acquire) {
                return None;
            }
            self.shared.queued.notified().await;
        }
    }

    /// Everything queued, if anything is (for the flush before a close too).
    pub(crate) fn take(&self) -> Option<Batch> {
        let mut queue = lock(&self.shared.queue);
        if queue.frames.is_empty() {
            return None;
        }
        queue.bytes = 0;
        let spare = std::mem::take(&mut queue.spare);
        Some(std::mem::replace(&mut queue.frames, spare))
    }

    /// A written batch comes back, emptied, to take the next frames.
    pub(crate) fn recycle(&self, mut batch: Batch) {
        batch.clear();
        let mut queue = lock(&self.shared.queue);
        if queue.spare.capacity() < batch.capacity() {
            queue.spare = batch;
        }
    }

    /// Why the connection is closing, if it was told.
    pub(crate) fn reason(&self) -> Option<CloseReason> {
        lock(&self.shared.reason).clone()
    }

    /// The socket failed or closed: wake the reader so the connection ends.
    pub(crate) fn fail(&self) {
        self.shared.fired.store(true, Ordering::Release);
        self.shared.closing.notify_waiters();
    }
}

impl Shared {
    async fn wait_closed(&self) -> Option<CloseReason> {
        loop {
            let notified = self.closing.notified();
            tokio::pin!(notified);
            // Register before looking at the flag, so a close between the two is not missed.
            notified.as_mut().enable();
            if self.fired.load(Ordering::Acquire) {
                return lock(&self.reason).clone();
            }
            notified.await;
        }
    }
}

/// A connection for unit tests elsewhere: nobody reads its outbox.
#[cfg(test)]
pub(crate) fn for_tests(id: u64) -> Peer {
    with_outbox_for_tests(id).0
}

/// A connection for unit tests elsewhere, and its outbox to read.
#[cfg(test)]
pub(crate) fn with_outbox_for_tests(id: u64) -> (Peer, Outbox) {
    let limits = PeerLimits {
        outbox_bytes: 1 << 16,
        max_refused: 10,
        refused_window_ms: 1_000,
        closes_on_refusals: true,
    };
    Peer::new(id, limits, Clock::system(), Default::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(outbox_bytes: usize) -> PeerLimits {
        PeerLimits {
            outbox_bytes,
            max_refused: 3,
            refused_window_ms: 10_000,
            closes_on_refusals: true,
        }
    }

    fn peer(outbox_bytes: usize) -> (Peer, Outbox, Arc<crate::clock::ManualClock>) {
        let (clock, manual) = crate::clock::ManualClock::new();
        let (peer, outbox) = Peer::new(7, limits(outbox_bytes), clock, Default::default());
        (peer, outbox, manual)
    }

    #[tokio::test]
    async fn a_full_outbox_closes_the_connection_with_a_reason() {
        let (peer, outbox, _) = peer(4);
        let frame: Frame = Utf8Bytes::from_static("{}");
        assert!(peer.send(&frame));
        assert!(peer.send(&frame));
        assert!(!peer.is_closed());
        assert!(
            !peer.send(&frame),
            "the third frame does not fit in 4 bytes"
        );
        assert!(peer.is_closed());
        let reason = peer.closed().await.expect("a reason");
        assert_eq!(reason.code, protocol::wire::close::POLICY);
        assert!(reason.reason.contains("too slow"), "{}", reason.reason);
        // What was queued is still there for the writer to flush.
        assert_eq!(outbox.take().map(|b| b.len()), Some(2));
    }

    #[tokio::test]
    async fn one_frame_fits_an_empty_outbox_whatever_its_size() {
        let (peer, outbox, _) = peer(4);
        let big: Frame = Utf8Bytes::from("x".repeat(100));
        assert!(peer.send(&big));
        let batch = outbox.next_batch().await.expect("a batch");
        assert_eq!(batch.len(), 1);
        outbox.recycle(batch);
        assert!(peer.send(&big), "written out: the outbox is empty again");
    }

    #[tokio::test]
    async fn a_newer_snapshot_replaces_a_waiting_one() {
        let (peer, outbox, _) = peer(1 << 20);
        let lobby = |n: u32| ServerMsg::LobbySnapshot {
            id: None,
            seeks: Vec::new(),
            matches: Vec::new(),
            players_online: n,
            computers: Vec::new(),
        };
        let event: Frame = Utf8Bytes::from_static("{\"type\":\"seek_removed\",\"seek_id\":1}");
        for n in 0..500 {
            assert!(peer.send_snapshot(&lobby(n), Snapshot::Lobby));
            assert!(peer.send(&event));
        }
        let batch = outbox.take().expect("a batch");
        let snapshots: Vec<_> = batch
            .iter()
            .map(|(frame, _)| frame)
            .filter(|f| f.contains("lobby_snapshot"))
            .collect();
        assert_eq!(snapshots.len(), 1, "only the newest snapshot waits");
        assert!(snapshots[0].contains("\"players_online\":499"));
        assert_eq!(batch.len(), 501);
    }

    #[tokio::test]
    async fn refusals_beyond_the_budget_close_the_connection() {
        let (peer, _outbox, manual) = peer(1 << 20);
        let error = ServerError::NotInPool;
        for _ in 0..3 {
            peer.refuse(&error, None);
        }
        assert!(!peer.is_closed(), "three refusals are allowed");
        // The budget fills again with time: one more per 10 s / 3.
        manual.advance(3_334);
        peer.refuse(&error, None);
        assert!(!peer.is_closed());
        peer.refuse(&error, None);
        assert!(peer.is_closed());
        let reason = peer.closed().await.expect("a reason");
        assert_eq!(
            reason.reason,
            "too many refused requests: more than 3 in 10 s"
        );
    }

    #[tokio::test]
    async fn a_computers_refusals_never_close_him() {
        let (clock, _manual) = crate::clock::ManualClock::new();
        let limits = PeerLimits {
            closes_on_refusals: false,
            ..limits(1 << 20)
        };
        let (peer, _outbox) = Peer::new(8, limits, clock, Default::default());
        for _ in 0..1_000 {
            peer.refuse(&ServerError::NotInPool, None);
        }
        assert!(!peer.is_closed());
    }

    #[tokio::test]
    async fn the_first_close_reason_wins() {
        let (peer, outbox, _) = peer(1024);
        peer.close(1009, "frame too large");
        peer.close(1000, "bye");
        let reason = outbox.reason().expect("a reason");
        assert_eq!(
            (reason.code, reason.reason.as_str()),
            (1009, "frame too large")
        );
        assert!(outbox.next_batch().await.is_none());
    }
}
