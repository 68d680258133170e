//! What a connection is given: its limits, the server's run-time context,
//! the per-address budgets, and the services its requests go to. A
//! connection reaches nothing else.

use crate::api::answers::Answers;
use crate::config::Config;
use crate::context::Context;
use crate::hub::Hub;
use crate::net::addresses::Addresses;
use crate::peer::{Peer, PeerLimits};
use crate::players::accounts::{Attempts, Hashing};
use crate::store::Sequence;
use crate::store::Store;
use futures_util::future::BoxFuture;
use protocol::wire::{ClientFrame, PlayerRef};
use std::sync::Arc;

/// The limits of one connection (each a flag of `mancala-server --help`).
#[derive(Clone, Debug)]
pub(crate) struct ConnLimits {
    /// Connections open at once, in all.
    pub(crate) max_connections: usize,
    /// Time to send a whole request head.
    pub(crate) handshake_timeout_ms: u64,
    /// Time to send `hello` after the upgrade.
    pub(crate) hello_timeout_ms: u64,
    /// Silence after which a connection is closed.
    pub(crate) idle_timeout_ms: u64,
    /// How often the server pings.
    pub(crate) ping_interval_ms: u64,
    /// Pings and pongs a client may send a second.
    pub(crate) ping_rate: u32,
    /// The largest frame read.
    pub(crate) max_frame_bytes: usize,
    /// The connection's outbox and refusal budget.
    pub(crate) peer: PeerLimits,
    /// API requests an address may make a minute (for the refusal's text).
    pub(crate) api_rate_per_ip: u32,
    /// How long a finished match still answers (its archive page waits).
    pub(crate) ended_linger_ms: u64,
    /// What a signed-in connection may send.
    pub(crate) session: SessionLimits,
    /// Proxies whose `X-Real-IP` names the client.
    pub(crate) trusted_proxies: Vec<std::net::IpAddr>,
}

impl ConnLimits {
    /// The limits of each connection.
    pub(crate) fn from_config(config: &Config) -> ConnLimits {
        ConnLimits {
            max_connections: config.max_connections,
            handshake_timeout_ms: config.handshake_timeout_ms,
            hello_timeout_ms: config.hello_timeout_ms,
            idle_timeout_ms: config.idle_timeout_ms,
            ping_interval_ms: config.ping_interval_ms,
            ping_rate: config.ping_rate,
            max_frame_bytes: config.max_frame_bytes,
            peer: config.peer_limits(),
            api_rate_per_ip: config.api_rate_per_ip,
            ended_linger_ms: config.ended_linger_ms,
            trusted_proxies: config.trusted_proxies.clone(),
            session: SessionLimits {
                play_rate: config.play_rate,
                watch_rate: config.watch_rate,
                lobby_rate: config.lobby_rate,
                hello_burst: config.hello_burst,
                chat_max_chars: config.chat_max_chars,
                chat_burst: config.chat_burst,
                chat_window_ms: config.chat_window_ms,
                max_watched: config.max_watched,
            },
        }
    }
}

/// What one connection may send, per kind of traffic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SessionLimits {
    /// Moves and other match actions a second.
    pub(crate) play_rate: u32,
    /// Watch, unwatch and resume requests a second.
    pub(crate) watch_rate: u32,
    /// Lobby requests a second.
    pub(crate) lobby_rate: u32,
    /// Hellos in a burst (one a second after it).
    pub(crate) hello_burst: u32,
    /// The longest chat message, in characters.
    pub(crate) chat_max_chars: usize,
    /// Chat messages in a window…
    pub(crate) chat_burst: usize,
    /// …of this many milliseconds.
    pub(crate) chat_window_ms: u64,
    /// Matches watched at once.
    pub(crate) max_watched: usize,
}

/// The client a forwarded request is for.
pub(crate) struct Asking<'a> {
    /// His connection.
    pub(crate) peer: &'a Peer,
    /// Where the server puts requests it makes on his behalf: should the
    /// node a request went to stop, its matches are asked for again there.
    pub(crate) behalf: Option<&'a tokio::sync::mpsc::Sender<ClientFrame>>,
    pub(crate) player: &'a PlayerRef,
    pub(crate) ip: std::net::IpAddr,
    /// The server made the request on his behalf (he does not know of it):
    /// refused, his connection is closed instead, to reconnect and resume.
    pub(crate) for_him: bool,
}

/// What a connection asks of the other nodes of a cluster (`--cluster`),
/// answered by `net::cluster::Cluster`. A trait here so that the context
/// and the session, which the cluster's relayed connections use, do not
/// depend on the cluster in turn.
pub(crate) trait OtherNodes: Send + Sync {
    /// This node's name.
    fn node(&self) -> &str;
    /// How long a node's hold on a match lasts unrenewed (`--lease-ms`).
    fn lease_ms(&self) -> u64;
    /// The node whose quick-pairing pool is the cluster's, of this one and
    /// `others`.
    fn pool_node(&self, others: Vec<String>) -> String;
    /// Whether `node` runs, as far as this node can tell.
    fn is_running<'a>(&'a self, node: &'a str) -> BoxFuture<'a, bool>;
    /// Forward `frame` of the client `asking` to node `to`: whether it
    /// heard it, `None` if it cannot be sent.
    fn forward<'a>(
        &'a self,
        to: &'a str,
        asking: Asking<'a>,
        frame: ClientFrame,
    ) -> BoxFuture<'a, Option<bool>>;
    /// The other node where this node's connection `conn` made challenge
    /// `id`, if it made it on another.
    fn challenge_node(&self, conn: u64, id: u64) -> Option<String>;
    /// The lane through which the spectators of node `origin` watch
    /// `match_id` here (opened if there is none), node `origin` told that
    /// its connection `viewer` watches through it, before anything the
    /// match sends him.
    fn lane(
        &self,
        conns: &ConnContext,
        origin: &str,
        match_id: protocol::wire::MatchId,
        viewer: u64,
    ) -> Peer;
    /// This node's connection `conn` is gone.
    fn left(&self, conn: u64);
}

/// Password sign-ins: the budgets of tries and the hashing threads.
pub(crate) struct Passwords {
    pub(crate) attempts: Attempts,
    pub(crate) hashing: Hashing,
}

/// Everything a connection is given; shared by all of them.
pub(crate) struct ConnContext {
    pub(crate) context: Context,
    pub(crate) limits: ConnLimits,
    /// Per-address budgets of connections, hellos, codes and API requests.
    pub(crate) addresses: Arc<Addresses>,
    /// Lobby and match requests.
    pub(crate) hub: Arc<Hub>,
    /// Ids for new connections.
    pub(crate) ids: Arc<Sequence>,
    pub(crate) passwords: Passwords,
    /// The archive's and the analyses' answers.
    pub(crate) answers: Answers,
    /// The journal the archive reads.
    pub(crate) store: Store,
    /// The browser client's words, in each language it speaks.
    pub(crate) texts: Arc<crate::api::text::Texts>,
    /// The other nodes, with `--cluster`: requests for the matches they
    /// serve are forwarded to them.
    pub(crate) cluster: Option<Arc<dyn OtherNodes>>,
}
