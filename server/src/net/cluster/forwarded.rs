//! The client's side of forwarding: this node's connections whose
//! requests went to other nodes, so that what those nodes send back
//! reaches them, and they are closed when a node they depend on stops.

use crate::peer::Peer;
use crate::sync::lock;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// A connection with requests forwarded, and the nodes they went to.
struct Forwarding {
    peer: Peer,
    nodes: HashSet<String>,
}

/// This node's connections with requests forwarded to other nodes.
#[derive(Default)]
pub(super) struct Forwarded {
    conns: Mutex<HashMap<u64, Forwarding>>,
}

impl Forwarded {
    /// `peer` sends requests to node `to`.
    pub(super) fn note(&self, peer: &Peer, to: &str) {
        let mut conns = lock(&self.conns);
        let forwarding = conns.entry(peer.id()).or_insert_with(|| Forwarding {
            peer: peer.clone(),
            nodes: HashSet::new(),
        });
        if !forwarding.nodes.contains(to) {
            forwarding.nodes.insert(to.to_owned());
        }
    }

    /// Connection `conn`'s request did not reach node `to` after all.
    pub(super) fn unnote(&self, conn: u64, to: &str) {
        let mut conns = lock(&self.conns);
        if let Some(forwarding) = conns.get_mut(&conn) {
            forwarding.nodes.remove(to);
            if forwarding.nodes.is_empty() {
                conns.remove(&conn);
            }
        }
    }

    /// The connection `conn`, if it forwards.
    pub(super) fn peer(&self, conn: u64) -> Option<Peer> {
        lock(&self.conns).get(&conn).map(|f| f.peer.clone())
    }

    /// Connection `conn` is gone: the nodes it forwarded to.
    pub(super) fn forget(&self, conn: u64) -> Vec<String> {
        lock(&self.conns)
            .remove(&conn)
            .map(|f| f.nodes.into_iter().collect())
            .unwrap_or_default()
    }

    /// Every node some connection forwards to.
    pub(super) fn nodes(&self) -> Vec<String> {
        let conns = lock(&self.conns);
        let nodes: HashSet<&String> = conns.values().flat_map(|f| &f.nodes).collect();
        nodes.into_iter().cloned().collect()
    }

    /// Close every connection that forwards to one of `nodes` (all of them
    /// if `None`) with `code` and `reason`: its client reconnects and
    /// resumes from what the journal holds.
    pub(super) fn close(&self, nodes: Option<&[String]>, code: u16, reason: &str) {
        let mut conns = lock(&self.conns);
        conns.retain(|_, forwarding| {
            let hit = nodes.is_none_or(|nodes| nodes.iter().any(|n| forwarding.nodes.contains(n)));
            if hit {
                forwarding.peer.close(code, reason);
            }
            !hit
        });
    }
}
