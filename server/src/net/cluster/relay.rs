//! The serving side of forwarding: a client of another node, seen here as
//! a connection like any other. Each relayed connection is a session
//! signed in as the client's player, whose outbox is read by a task that
//! sends the frames back to the client's node; the match it plays or
//! watches cannot tell it from a client on this node.

use super::bus::Bus;
use super::messages::BusMsg;
use super::outbound::pump;
use crate::net::context::ConnContext;
use crate::net::session::{Next, Session};
use crate::peer::{CloseReason, Outbox, Peer};
use crate::sync::lock;
use protocol::wire::{ClientFrame, PlayerRef, close};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Requests of one relayed connection waiting to be handled, at most: its
/// node has charged them to the client's budgets already, so a full queue
/// means this node is behind, and the client is told to come back.
const QUEUED_REQUESTS: usize = 64;

/// The close code of a relay whose client's connection is gone: nothing is
/// sent back for it. A code of the private range that no client ever gets
/// (a relay has no socket), so that any close a match or the session gives
/// a relay, a normal one included, reaches the client.
const LEFT: u16 = 4999;

/// One relayed connection.
struct Relay {
    origin: String,
    requests: mpsc::Sender<Request>,
    peer: Peer,
}

/// A request for a relayed connection: its client's, or one his node made
/// on his behalf (`for_him`).
pub(super) struct Request {
    pub(super) frame: ClientFrame,
    pub(super) for_him: bool,
}

/// A client of another node, as its requests name him.
pub(super) struct Client {
    /// His connection's number on his node.
    pub(super) conn: u64,
    pub(super) player: PlayerRef,
    /// His address: the relay spends its budgets here.
    pub(super) ip: std::net::IpAddr,
}

/// This node's relayed connections, by their number on their own node.
#[derive(Default)]
pub(super) struct Relays {
    by_conn: Mutex<HashMap<u64, Relay>>,
}

impl Relays {
    /// Hand `request` of `client` of node `from` to its relay, started for
    /// it if it has none.
    pub(super) fn request(
        self: &Arc<Self>,
        conns: &Arc<ConnContext>,
        bus: &Arc<Bus>,
        from: String,
        client: Client,
        request: Request,
    ) {
        let Client { conn, player, ip } = client;
        let mut relays = lock(&self.by_conn);
        if let Some(relay) = relays.get(&conn) {
            if relay.requests.try_send(request).is_err() {
                relay.peer.close(
                    close::TRY_AGAIN_LATER,
                    "this node is behind: reconnect to play on",
                );
            }
            return;
        }
        tracing::debug!("a relay for {from}'s connection {conn} starts");
        let (peer, outbox) = Peer::new(
            conns.ids.next(),
            conns.limits.peer.clone(),
            conns.context.clock.clone(),
            Arc::clone(&conns.context.metrics),
        );
        let (requests, queued) = mpsc::channel(QUEUED_REQUESTS);
        let _ = requests.try_send(request);
        let session = Session::signed_in_as(Arc::clone(conns), peer.clone(), ip, player)
            .relayed_from(from.clone(), conn);
        let tasks = &conns.context.tasks;
        tasks.spawn(send_back(outbox, Arc::clone(bus), from.clone(), conn));
        tasks.spawn(Arc::clone(self).serve(Arc::clone(conns), session, queued, conn));
        relays.insert(
            conn,
            Relay {
                origin: from,
                requests,
                peer,
            },
        );
    }

    /// Handle a relayed connection's requests in order until it ends.
    async fn serve(
        self: Arc<Self>,
        conns: Arc<ConnContext>,
        mut session: Session,
        mut queued: mpsc::Receiver<Request>,
        conn: u64,
    ) {
        let peer = session.peer().clone();
        let shutdown = conns.context.shutdown.clone();
        // Signed in here as the client's player: what is made here for him
        // (a match, a pairing) reaches him through the relay.
        if let Some(player) = session.player()
            && let Err(error) = conns.hub.login_relayed(&player, &peer).await
        {
            peer.refuse(&error, None);
            peer.close(
                close::TRY_AGAIN_LATER,
                "the node serving this cannot sign you in now: reconnect",
            );
        }
        let closed = peer.closed();
        tokio::pin!(closed);
        loop {
            tokio::select! {
                request = queued.recv() => match request {
                    Some(Request { frame, for_him }) => {
                        let next = if for_him {
                            session.on_behalf(frame).await
                        } else {
                            session.handle(frame).await
                        };
                        if let Next::Close(code, reason) = next {
                            peer.close(code, &reason);
                        }
                    }
                    None => break,
                },
                _ = &mut closed => break,
                // Closed without a word: the node's farewell (or its key's
                // lapse) has the client's node resume his matches where
                // they are served next, on his behalf.
                () = shutdown.cancelled() => break,
            }
        }
        session.finish().await;
        peer.close(LEFT, "");
        let mut relays = lock(&self.by_conn);
        if relays
            .get(&conn)
            .is_some_and(|relay| relay.peer.id() == peer.id())
        {
            relays.remove(&conn);
        }
    }

    /// Connection `conn` of another node is gone: its relay ends.
    pub(super) fn end(&self, conn: u64) {
        if let Some(relay) = lock(&self.by_conn).remove(&conn) {
            tracing::debug!(
                "the relay of {}'s connection {conn} ends: it left",
                relay.origin
            );
            relay.peer.close(LEFT, "");
        }
    }

    /// End the relays of connections of `nodes` (all of them if `None`).
    pub(super) fn end_from(&self, nodes: Option<&[String]>) {
        lock(&self.by_conn).retain(|conn, relay| {
            let hit = nodes.is_none_or(|nodes| nodes.contains(&relay.origin));
            if hit {
                tracing::debug!("the relay of {}'s connection {conn} ends", relay.origin);
                relay.peer.close(LEFT, "");
            }
            !hit
        });
    }

    /// Every node with a connection relayed here.
    pub(super) fn origins(&self) -> Vec<String> {
        let relays = lock(&self.by_conn);
        let mut origins: Vec<String> = relays.values().map(|r| r.origin.clone()).collect();
        origins.sort_unstable();
        origins.dedup();
        origins
    }
}

/// Send a relayed connection's frames back to its node as they are queued,
/// then its close, unless its client's connection is gone.
async fn send_back(outbox: Outbox, bus: Arc<Bus>, origin: String, conn: u64) {
    let from = bus.node().to_owned();
    let deliver = |frames| BusMsg::Deliver {
        from: from.clone(),
        conn,
        frames,
    };
    let closed = |reason: CloseReason| {
        (reason.code != LEFT).then(|| BusMsg::Close {
            from: from.clone(),
            conn,
            code: reason.code,
            reason: reason.reason,
        })
    };
    pump(outbox, &bus, &origin, deliver, closed).await;
}
