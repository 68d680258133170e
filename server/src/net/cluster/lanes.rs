//! The serving side of lanes: the spectators another node has of a match
//! served here watch it through one lane, a single watcher of the match
//! whose frames a task publishes to that node once, where each is handed
//! to each of its spectators (`forwarded`). So a match watched from many
//! nodes costs one outbox and one message per event per node, not per
//! spectator (lila-ws's rooms, one subscription per socket server, are the
//! model).

use super::bus::Bus;
use super::messages::BusMsg;
use super::outbound::pump;
use crate::net::context::ConnContext;
use crate::peer::{CloseReason, Peer};
use crate::sync::lock;
use protocol::wire::{MatchId, close};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// This node's lanes, by the node they lead to and their match.
#[derive(Default)]
pub(super) struct Lanes {
    open: Mutex<HashMap<(String, MatchId), Peer>>,
}

impl Lanes {
    /// The open lane of `match_id` to node `to`, opened if there is none.
    pub(super) fn lane(
        self: &Arc<Self>,
        conns: &ConnContext,
        bus: &Arc<Bus>,
        to: &str,
        match_id: MatchId,
    ) -> Peer {
        let mut open = lock(&self.open);
        let key = (to.to_owned(), match_id);
        if let Some(peer) = open.get(&key)
            && !peer.is_closed()
        {
            return peer.clone();
        }
        let (peer, outbox) = Peer::new(
            conns.ids.next(),
            conns.limits.peer.clone(),
            conns.context.clock.clone(),
            Arc::clone(&conns.context.metrics),
        );
        open.insert(key, peer.clone());
        let metrics = Arc::clone(&conns.context.metrics);
        metrics.cluster_lanes.inc();
        let lanes = Arc::clone(self);
        let bus = Arc::clone(bus);
        let (to, id) = (to.to_owned(), peer.id());
        conns.context.tasks.spawn(async move {
            let from = bus.node().to_owned();
            let deliver = |frames| BusMsg::Lane {
                from: from.clone(),
                match_id,
                frames,
            };
            // Closed with its last spectator, or its match's end: quietly.
            let closed = |reason: CloseReason| {
                (reason.code != close::NORMAL).then(|| BusMsg::LaneClosed {
                    from: from.clone(),
                    match_id,
                    code: reason.code,
                    reason: reason.reason,
                })
            };
            pump(outbox, &bus, &to, deliver, closed).await;
            lanes.closed(&to, match_id, id);
            metrics.cluster_lanes.dec();
        });
        peer
    }

    /// Lane `id` of `match_id` to node `to` closed.
    fn closed(&self, to: &str, match_id: MatchId, id: u64) {
        let mut open = lock(&self.open);
        let key = (to.to_owned(), match_id);
        if open.get(&key).is_some_and(|peer| peer.id() == id) {
            open.remove(&key);
        }
    }

    /// Close the lanes to `nodes` (to every node if `None`): they stopped,
    /// or this node lost touch with them.
    pub(super) fn end_to(&self, nodes: Option<&[String]>) {
        lock(&self.open).retain(|(to, _), peer| {
            let hit = nodes.is_none_or(|nodes| nodes.contains(to));
            if hit {
                peer.close(close::NORMAL, "");
            }
            !hit
        });
    }
}
