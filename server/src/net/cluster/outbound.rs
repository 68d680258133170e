//! An outbox inside this node whose frames go to another node: read by a
//! task that publishes them there in order, in the batches the outbox
//! hands out, then says how it closed.

use super::bus::Bus;
use super::messages::BusMsg;
use crate::peer::{CloseReason, Outbox};

/// Publish `outbox`'s frames to node `to` as `deliver` wraps them, until
/// it closes; then what `closed` makes of its close, if anything. A
/// message that cannot be queued is a lapse (the others resume from the
/// journal).
pub(super) async fn pump(
    outbox: Outbox,
    bus: &Bus,
    to: &str,
    deliver: impl Fn(Vec<String>) -> BusMsg,
    closed: impl FnOnce(CloseReason) -> Option<BusMsg>,
) {
    while let Some(batch) = outbox.next_batch().await {
        let frames = batch.iter().map(|(frame, _)| frame.to_string()).collect();
        let sent = bus.send(to, deliver(frames));
        outbox.recycle(batch);
        if !sent {
            bus.lapse.report();
            return;
        }
    }
    if let Some(message) = outbox.reason().and_then(closed) {
        bus.send(to, message);
    }
}
