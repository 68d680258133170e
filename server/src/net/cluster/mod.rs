//! Several nodes as one server (`--cluster redis://…`): any node serves
//! any client. Each node shows the others' seeks, live matches and players
//! online beside its own, and a seek is taken on the node that holds it.
//! A client's request for a live match another node serves
//! (its lease's owner in the journal) is forwarded to that node over
//! Redis; there it is handled by a relayed connection, and the answers and
//! the match's events come back to the client's connection, in order. So
//! a player on node A plays one on node B while spectators on node C
//! watch, with the protocol unchanged.
//!
//! Redis carries messages only: a node that misses some (Redis restarted,
//! the node fell behind reading) waits until Redis answers, then resumes
//! the matches of each connection that depended on them on its client's
//! behalf, from the last event it was sent: a pause. Each node
//! says it runs with a key renewed every third of `--lease-ms`; when a
//! node's key lapses, each connection that depended on it resumes its
//! matches where they are served next (another node took them over), on
//! its client's behalf, from the last event it was sent: its client sees
//! a pause. A node stopped for a deploy says so itself once its leases
//! are released ([`Cluster::farewell`]), and the others do that at once.

mod bus;
mod forwarded;
mod lanes;
mod messages;
mod outbound;
mod relay;
mod stamp;

pub(crate) use bus::BusError;

use crate::net::context::{Asking, ConnContext, OtherNodes};
use crate::peer::Peer;
use crate::sync::lock;
use bus::{Bus, Inbound};
use forwarded::{Forwarded, Interruption};
use futures_util::future::BoxFuture;
use lanes::Lanes;
use messages::BusMsg;
use protocol::wire::{ClientFrame, close};
use relay::Relays;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// What a client is told when this node was stopped or starved past its
/// key: the other nodes may have taken it for gone and its matches over.
const PAUSED_PAST_KEY: &str = "this server was paused too long: reconnect to play on";

/// How long a stopping node waits for its last messages to the others
/// (and its farewell) to be published, at most: Redis answers in
/// milliseconds, and a node whose Redis is away must still stop.
const FAREWELL_WAIT: Duration = Duration::from_secs(2);

/// Looks in a row, a third of `--lease-ms` apart, that find a node's key
/// missing before it counts as stopped: its key outlives its last beat by
/// the lease, and a Redis restarted empty has it back within a third.
const MISSED_BEATS: u32 = 3;

/// This node's part in a cluster.
pub(crate) struct Cluster {
    bus: Arc<Bus>,
    forwarded: Forwarded,
    relays: Arc<Relays>,
    lanes: Arc<Lanes>,
    lease_ms: u64,
    /// Nodes that did not hear a request forwarded to them, or whose key
    /// lapsed (they stopped, or were stopped for a while), until they greet
    /// again.
    unheard: Mutex<HashSet<String>>,
    /// The task that publishes this node's messages: it outlives the
    /// server's other tasks, so that what they sent while stopping (the
    /// last events of relayed matches) and the farewell reach the others.
    publishing: Mutex<Option<JoinHandle<()>>>,
    /// Stops it, once the farewell is out ([`Cluster::farewell`]).
    silenced: CancellationToken,
}

impl OtherNodes for Cluster {
    fn node(&self) -> &str {
        self.bus.node()
    }

    fn lease_ms(&self) -> u64 {
        self.lease_ms
    }

    /// The first by name of the nodes running as far as this one knows
    /// (itself, and those it hears the lobbies of, less any that did not
    /// hear a request). Every node comes to the same answer once news has
    /// gone round; until then two pools may pair apart.
    fn pool_node(&self, others: Vec<String>) -> String {
        let unheard = lock(&self.unheard);
        others
            .into_iter()
            .filter(|node| !unheard.contains(node))
            .chain(std::iter::once(self.node().to_owned()))
            .min()
            .unwrap_or_else(|| self.node().to_owned())
    }

    /// Whether `node`'s key is in Redis (so, if Redis cannot be asked) and
    /// it heard the last request forwarded to it.
    fn is_running<'a>(&'a self, node: &'a str) -> BoxFuture<'a, bool> {
        Box::pin(async move {
            if lock(&self.unheard).contains(node) {
                return false;
            }
            match self.bus.alive(&[node.to_owned()]).await {
                Ok(alive) => alive.first().copied().unwrap_or(true),
                Err(error) => {
                    tracing::debug!("whether node {node} runs could not be read: {error}");
                    true
                }
            }
        })
    }

    /// Sent once what was queued before it is; a node that did not hear it
    /// is taken for stopped from now on (until it says hello again), and
    /// one taken for stopped is not sent it.
    fn forward<'a>(
        &'a self,
        to: &'a str,
        asking: Asking<'a>,
        frame: ClientFrame,
    ) -> BoxFuture<'a, Option<bool>> {
        Box::pin(async move {
            if lock(&self.unheard).contains(to) {
                return Some(false);
            }
            let peer = asking.peer;
            self.forwarded.note(peer, asking.behalf, to, &frame);
            let id = frame.id.clone();
            let request = BusMsg::Request {
                from: self.node().to_owned(),
                conn: peer.id(),
                player: asking.player.clone(),
                ip: asking.ip,
                frame,
                for_him: asking.for_him,
            };
            let heard = self.bus.deliver(to, request).await;
            if heard != Some(true) {
                tracing::debug!(
                    "a request of connection {} was not heard by {to} ({heard:?})",
                    peer.id()
                );
                self.forwarded.unnote(peer.id(), to, id.as_ref());
            }
            if heard == Some(false) {
                lock(&self.unheard).insert(to.to_owned());
            }
            heard
        })
    }

    fn challenge_node(&self, conn: u64, id: u64) -> Option<String> {
        self.forwarded.challenge_node(conn, id)
    }

    fn lane(
        &self,
        conns: &ConnContext,
        origin: &str,
        match_id: protocol::wire::MatchId,
        viewer: u64,
    ) -> Peer {
        let lane = self.lanes.lane(conns, &self.bus, origin, match_id);
        // Queued before anything the match sends the viewer.
        let from = self.node().to_owned();
        let viewing = BusMsg::Viewing {
            from,
            conn: viewer,
            match_id,
        };
        self.bus.send(origin, viewing);
        lane
    }

    /// The nodes it forwarded to end its relays.
    fn left(&self, conn: u64) {
        for node in self.forwarded.forget(conn) {
            let from = self.node().to_owned();
            self.bus.send(&node, BusMsg::Left { from, conn });
        }
    }
}

/// What [`Cluster::serve`] runs on: the messages for this node and the
/// task that publishes this node's.
pub(crate) struct Wiring {
    inbound: Inbound,
    publisher: std::pin::Pin<Box<dyn Future<Output = ()> + Send>>,
}

impl Cluster {
    /// Join the cluster that shares the Redis server at `url` as `node`.
    pub(crate) async fn join(
        url: &str,
        node: &str,
        lease_ms: u64,
    ) -> Result<(Arc<Cluster>, Wiring), BusError> {
        let (bus, inbound, publisher) = Bus::open(url, node).await?;
        let cluster = Arc::new(Cluster {
            bus: Arc::new(bus),
            forwarded: Forwarded::default(),
            relays: Arc::default(),
            lanes: Arc::default(),
            lease_ms,
            unheard: Mutex::default(),
            publishing: Mutex::default(),
            silenced: CancellationToken::new(),
        });
        let wiring = Wiring {
            inbound,
            publisher: Box::pin(publisher),
        };
        Ok((cluster, wiring))
    }

    /// Handle the messages for this node, and say it runs, until the
    /// server stops.
    pub(crate) async fn serve(self: Arc<Self>, conns: Arc<ConnContext>, wiring: Wiring) {
        let Wiring {
            mut inbound,
            publisher,
        } = wiring;
        // Not one of the server's tasks, which end before the journal is
        // written out: this one ends after the farewell.
        let silenced = self.silenced.clone();
        *lock(&self.publishing) = Some(tokio::spawn(async move {
            tokio::select! {
                () = publisher => {}
                () = silenced.cancelled() => {}
            }
        }));
        let shutdown = conns.context.shutdown.clone();
        let hub = Arc::clone(&conns.hub);
        let mut news = hub.tell_others();
        self.greet(&conns);
        // On tokio's time: it keeps a key alive in Redis, whose expiry is real time.
        let mut beat = tokio::time::interval(Duration::from_millis((self.lease_ms / 3).max(1)));
        beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut missing: HashMap<String, u32> = HashMap::new();
        let mut last_beat = Instant::now();
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                message = inbound.recv() => match message {
                    Some(payload) => self.receive(&conns, &payload),
                    None => break,
                },
                Some(news) = news.recv() => {
                    let from = self.node().to_owned();
                    if !self.bus.send_all(BusMsg::Lobby { from, news }) {
                        self.bus.lapse.report();
                    }
                }
                () = self.bus.lapse.next() => {
                    if !self.resume_after_lapse(&conns, &shutdown).await {
                        break;
                    }
                    // It beat while waiting: its key is fresh.
                    last_beat = Instant::now();
                }
                _ = beat.tick() => {
                    if last_beat.elapsed() > Duration::from_millis(self.lease_ms) {
                        self.start_links_again(&conns);
                    }
                    last_beat = Instant::now();
                    if hub.others_missed_news() {
                        self.show_lobby(&conns);
                    }
                    self.check_nodes(&conns, &mut missing).await;
                }
            }
        }
        self.relays.end_from(None);
    }

    /// Messages between the nodes may have been lost (Redis went away, or
    /// this node fell behind reading): once Redis answers, the connections
    /// that forwarded resume their matches from what each client was sent.
    /// Relays and lanes served here stay: the other nodes resume through
    /// them when they hear this node is back. False if the server stops
    /// first.
    async fn resume_after_lapse(&self, conns: &ConnContext, shutdown: &CancellationToken) -> bool {
        tracing::warn!(
            "messages between nodes may have been lost: relayed connections resume once Redis answers"
        );
        conns.hub.forget_nodes(None);
        if !self.wait_for_redis(shutdown).await {
            return false;
        }
        // Everything queued while Redis was away has been tried (and its
        // failures reported): what they lost is what this resumes, once.
        self.bus.lapse.clear();
        let nodes = self.forwarded.nodes();
        self.forwarded.fail_over(&nodes, Interruption::Lapsed);
        self.show_lobby(conns);
        true
    }

    /// This node beat later than its key lasts: it was stopped or starved,
    /// and the others may have taken it for stopped (ended what they
    /// relayed for it, taken its matches over). It starts again as a new
    /// run: what it relays and forwards ends, its clients reconnect, and
    /// its hello has the others forget its last run.
    fn start_links_again(&self, conns: &ConnContext) {
        tracing::warn!("this node was paused past its key: it starts its links again");
        self.forwarded
            .close_all(close::SERVICE_RESTART, PAUSED_PAST_KEY);
        self.relays.end_from(None);
        self.lanes.end_to(None);
        conns.hub.forget_nodes(None);
        self.greet(conns);
    }

    /// Wait until Redis answers again: this node says it runs (which also
    /// keeps its key) and tells every node it is back, after whatever was
    /// queued before; tried every third of `--lease-ms`. The connections that
    /// depended on other nodes wait with it, paused, rather than try to
    /// resume over a link that is down. False if the server stops first.
    async fn wait_for_redis(&self, shutdown: &CancellationToken) -> bool {
        let pause = Duration::from_millis((self.lease_ms / 3).max(1));
        loop {
            let back = BusMsg::Back {
                from: self.node().to_owned(),
            };
            match self.bus.beat(self.lease_ms).await {
                Ok(()) if self.bus.deliver_all(back).await.is_some() => return true,
                Ok(()) => tracing::debug!("Redis answers, but a greeting was lost"),
                Err(error) => tracing::debug!("Redis does not answer yet: {error}"),
            }
            tokio::select! {
                () = shutdown.cancelled() => return false,
                () = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// Tell the other nodes this one stopped, once its matches are written
    /// out and their leases released (so that the others may serve them
    /// at once), after everything it sent before; then stop publishing.
    /// Bounded by [`FAREWELL_WAIT`]: without Redis the others find out
    /// when this node's key lapses.
    pub(crate) async fn farewell(&self) {
        let from = self.node().to_owned();
        let said = self.bus.deliver_all(BusMsg::Stopped { from });
        if tokio::time::timeout(FAREWELL_WAIT, said).await.is_err() {
            tracing::warn!(
                "the other nodes could not be told this one stopped: they find out within --lease-ms"
            );
        }
        self.silenced.cancel();
        let publishing = lock(&self.publishing).take();
        if let Some(publishing) = publishing {
            let _ = publishing.await;
        }
    }

    /// Ask every node for its lobby, and show them this one's.
    fn greet(&self, conns: &ConnContext) {
        let from = self.node().to_owned();
        self.bus.send_all(BusMsg::Hello { from });
        self.show_lobby(conns);
    }

    /// Send every node this node's whole lobby.
    fn show_lobby(&self, conns: &ConnContext) {
        let from = self.node().to_owned();
        let shown = conns.hub.lobby_shown();
        if !self.bus.send_all(BusMsg::Shown { from, shown }) {
            self.bus.lapse.report();
        }
    }

    /// One message for this node.
    fn receive(&self, conns: &Arc<ConnContext>, payload: &[u8]) {
        let msg = match serde_json::from_slice::<BusMsg>(payload) {
            Ok(msg) => msg,
            Err(error) => {
                tracing::warn!("a message from another node could not be read: {error}");
                return;
            }
        };
        match msg {
            BusMsg::Request {
                from,
                conn,
                player,
                ip,
                frame,
                for_him,
            } => {
                let client = relay::Client { conn, player, ip };
                let request = relay::Request { frame, for_him };
                self.relays.request(conns, &self.bus, from, client, request);
            }
            BusMsg::Deliver { from, conn, frames } => self.forwarded.deliver(&from, conn, frames),
            BusMsg::Lane {
                from,
                match_id,
                frames,
            } => self.forwarded.lane_frames(&from, match_id, frames),
            BusMsg::Viewing {
                from,
                conn,
                match_id,
            } => self.forwarded.viewing(&from, conn, match_id),
            BusMsg::LaneClosed {
                from,
                match_id,
                code,
                reason,
            } => self.forwarded.lane_closed(&from, match_id, code, &reason),
            BusMsg::Close {
                from,
                conn,
                code,
                reason,
            } => {
                if let Some(peer) = self.forwarded.peer(&from, conn) {
                    peer.close(code, &reason);
                }
            }
            BusMsg::Left { conn, .. } => self.relays.end(conn),
            // A node hears its own messages on the shared channel too.
            BusMsg::Lobby { from, .. }
            | BusMsg::Hello { from }
            | BusMsg::Back { from }
            | BusMsg::Stopped { from }
            | BusMsg::Shown { from, .. }
                if from == self.node() => {}
            BusMsg::Lobby { from, news } => conns.hub.hear(&from, news),
            BusMsg::Hello { from } => {
                // A node says hello when it starts (a restart under the
                // same name may be quicker than its key's lapse) or after
                // it lost messages: either way its previous run answers
                // nothing more of what it was sent.
                self.forget_runs_of(conns, std::slice::from_ref(&from));
                lock(&self.unheard).remove(&from);
                self.show_lobby(conns);
            }
            BusMsg::Back { from } => {
                // The same run, back after a lapse: its relays, lanes and
                // matches go on. What it sent meanwhile may be lost (its
                // publishing failed, Redis alone knows what got through):
                // what depended on it resumes through the relays it kept,
                // from what each client was sent (a repeat is dropped).
                lock(&self.unheard).remove(&from);
                self.forwarded
                    .fail_over(std::slice::from_ref(&from), Interruption::Lapsed);
                self.show_lobby(conns);
            }
            BusMsg::Stopped { from } => {
                lock(&self.unheard).insert(from.clone());
                self.forget_runs_of(conns, std::slice::from_ref(&from));
            }
            BusMsg::Shown { from, shown } => conns.hub.replace_node(&from, shown),
        }
    }

    /// Say this node runs; close what depends on a node that has not said
    /// so [`MISSED_BEATS`] times in a row (once may be Redis restarting,
    /// its keys gone until each node's next beat).
    async fn check_nodes(&self, conns: &ConnContext, missing: &mut HashMap<String, u32>) {
        if let Err(error) = self.bus.beat(self.lease_ms).await {
            tracing::warn!("this node could not say it runs: {error}");
            return;
        }
        let mut nodes = self.forwarded.nodes();
        nodes.extend(self.relays.origins());
        nodes.extend(conns.hub.other_nodes());
        nodes.sort_unstable();
        nodes.dedup();
        let alive = match self.bus.alive(&nodes).await {
            Ok(alive) => alive,
            Err(error) => {
                tracing::warn!("which nodes run could not be read: {error}");
                return;
            }
        };
        missing.retain(|node, _| nodes.contains(node));
        let mut stopped = Vec::new();
        for (node, alive) in nodes.into_iter().zip(alive) {
            if alive {
                missing.remove(&node);
                continue;
            }
            let count = missing.entry(node.clone()).or_default();
            *count += 1;
            if *count >= MISSED_BEATS {
                stopped.push(node);
            }
        }
        if stopped.is_empty() {
            return;
        }
        tracing::warn!(
            "nodes {stopped:?} stopped: connections relayed to them resume where their matches are served now"
        );
        lock(&self.unheard).extend(stopped.iter().cloned());
        self.forget_runs_of(conns, &stopped);
        for node in &stopped {
            missing.remove(node);
        }
    }

    /// What this node had to do with the runs of `nodes` that ended (they
    /// stopped, or started again under the same name): requests forwarded
    /// there and not answered are answered `unavailable` and their
    /// matches resumed where they are served now; relays for their
    /// clients and lanes through them end; their lobbies are forgotten.
    fn forget_runs_of(&self, conns: &ConnContext, nodes: &[String]) {
        self.forwarded.fail_over(nodes, Interruption::Stopped);
        self.relays.end_from(Some(nodes));
        self.lanes.end_to(Some(nodes));
        conns.hub.forget_nodes(Some(nodes));
    }
}
