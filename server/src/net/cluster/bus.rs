//! The Redis connection of a node: its own channel and the one every node
//! listens on, messages
//! published to the others' channels in the order they were given, and a
//! key that says the node is running.
//!
//! redis-rs's `ConnectionManager` reconnects by itself and, over RESP3,
//! subscribes again after a reconnect. What was in flight while Redis was
//! away is lost: the bus then reports a [`Lapse`], and once Redis answers
//! again the cluster resumes what depended on it on its clients' behalf,
//! from the journal's truth. Redis is never the only copy of anything
//! acknowledged.

use super::messages::{BusMsg, EVERY_NODE, alive_key, channel};
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{ProtocolVersion, PushKind, Value};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, mpsc, oneshot};

/// Messages waiting to be published, at most; past it a message is refused
/// (the caller closes what needed it).
const OUTBOUND: usize = 16_384;
/// Messages received and not yet handled, at most; past it the bus lapses.
const INBOUND: usize = 16_384;
/// Messages published in one round trip, at most.
const PIPELINE: usize = 256;

/// Why the bus could not be opened.
#[derive(Debug, thiserror::Error)]
pub(crate) enum BusError {
    #[error("the cluster's Redis address {0:?} cannot be read: {1}")]
    Address(String, redis::RedisError),
    #[error("the cluster's Redis server at {0} cannot be reached: {1}")]
    Connect(String, redis::RedisError),
}

/// Something may have been lost between the nodes (Redis went away, or
/// this node fell behind reading): everything relayed must start again.
#[derive(Default)]
pub(super) struct Lapse {
    happened: AtomicBool,
    wake: Notify,
}

impl Lapse {
    pub(super) fn report(&self) {
        self.happened.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }

    /// Forget a lapse reported and not yet taken.
    pub(super) fn clear(&self) {
        self.happened.store(false, Ordering::SeqCst);
    }

    /// Wait until a lapse is reported, and take it.
    pub(super) async fn next(&self) {
        loop {
            if self.happened.swap(false, Ordering::SeqCst) {
                return;
            }
            self.wake.notified().await;
        }
    }
}

/// A message to publish: its channel, and who waits to hear how many
/// nodes listened.
struct Outgoing {
    to: String,
    msg: BusMsg,
    heard: Option<oneshot::Sender<u32>>,
}

/// A node's side of the bus.
pub(super) struct Bus {
    node: String,
    redis: ConnectionManager,
    outbound: mpsc::Sender<Outgoing>,
    pub(super) lapse: Arc<Lapse>,
}

/// What the bus hands the cluster: messages for this node, raw.
pub(super) type Inbound = mpsc::Receiver<Vec<u8>>;

impl Bus {
    /// Connect to Redis at `url` as node `node` and listen on its channel.
    /// Returns the bus, the messages for this node, and the publisher, to
    /// be run as a task.
    pub(super) async fn open(
        url: &str,
        node: &str,
    ) -> Result<(Bus, Inbound, impl Future<Output = ()> + use<>), BusError> {
        let info = redis::IntoConnectionInfo::into_connection_info(url)
            .map_err(|e| BusError::Address(url.to_owned(), e))?;
        let settings = info
            .redis_settings()
            .clone()
            .set_protocol(ProtocolVersion::RESP3);
        let client = redis::Client::open(info.set_redis_settings(settings))
            .map_err(|e| BusError::Address(url.to_owned(), e))?;
        let lapse = Arc::new(Lapse::default());
        let (inbound_tx, inbound) = mpsc::channel(INBOUND);
        let on_push = {
            let lapse = Arc::clone(&lapse);
            move |push: redis::PushInfo| -> Result<(), ()> {
                match push.kind {
                    PushKind::Message => {
                        if let Some(Value::BulkString(payload)) = push.data.into_iter().nth(1)
                            && inbound_tx.try_send(payload).is_err()
                        {
                            lapse.report();
                        }
                    }
                    PushKind::Disconnection => lapse.report(),
                    _ => {}
                }
                Ok(())
            }
        };
        let config = ConnectionManagerConfig::new()
            .set_push_sender(on_push)
            .set_automatic_resubscription()
            .set_connection_timeout(Some(Duration::from_secs(2)))
            .set_response_timeout(Some(Duration::from_secs(2)))
            .set_max_delay(Duration::from_secs(1));
        let mut redis = ConnectionManager::new_with_config(client, config)
            .await
            .map_err(|e| BusError::Connect(url.to_owned(), e))?;
        for listened in [channel(node), EVERY_NODE.to_owned()] {
            redis
                .subscribe(listened)
                .await
                .map_err(|e| BusError::Connect(url.to_owned(), e))?;
        }
        let (outbound, queued) = mpsc::channel(OUTBOUND);
        let publisher = publish(redis.clone(), queued, Arc::clone(&lapse));
        let bus = Bus {
            node: node.to_owned(),
            redis,
            outbound,
            lapse,
        };
        Ok((bus, inbound, publisher))
    }

    /// This node's name.
    pub(super) fn node(&self) -> &str {
        &self.node
    }

    /// Queue `msg` for node `to`; `false` if the queue is full.
    pub(super) fn send(&self, to: &str, msg: BusMsg) -> bool {
        self.queue(channel(to), msg, None)
    }

    /// Queue `msg` for every node; `false` if the queue is full.
    pub(super) fn send_all(&self, msg: BusMsg) -> bool {
        self.queue(EVERY_NODE.to_owned(), msg, None)
    }

    /// Send `msg` to every node once what was queued before it is sent:
    /// whether it was published (`None`: it could not be).
    pub(super) async fn deliver_all(&self, msg: BusMsg) -> Option<()> {
        let (heard, count) = oneshot::channel();
        if !self.queue(EVERY_NODE.to_owned(), msg, Some(heard)) {
            return None;
        }
        count.await.ok().map(|_| ())
    }

    /// Send `msg` to node `to` once what was queued before it is sent:
    /// whether that node heard it (it listens: it runs), or `None` if it
    /// could not be sent.
    pub(super) async fn deliver(&self, to: &str, msg: BusMsg) -> Option<bool> {
        let (heard, count) = oneshot::channel();
        if !self.queue(channel(to), msg, Some(heard)) {
            return None;
        }
        count.await.ok().map(|count| count > 0)
    }

    fn queue(&self, to: String, msg: BusMsg, heard: Option<oneshot::Sender<u32>>) -> bool {
        self.outbound.try_send(Outgoing { to, msg, heard }).is_ok()
    }

    /// Say this node runs, for `lease_ms` from now.
    pub(super) async fn beat(&self, lease_ms: u64) -> redis::RedisResult<()> {
        let mut redis = self.redis.clone();
        redis::cmd("SET")
            .arg(alive_key(&self.node))
            .arg(1)
            .arg("PX")
            .arg(lease_ms)
            .query_async(&mut redis)
            .await
    }

    /// Which of `nodes` say they run.
    pub(super) async fn alive(&self, nodes: &[String]) -> redis::RedisResult<Vec<bool>> {
        if nodes.is_empty() {
            return Ok(Vec::new());
        }
        let mut redis = self.redis.clone();
        let mut pipe = redis::pipe();
        for node in nodes {
            pipe.exists(alive_key(node));
        }
        pipe.query_async(&mut redis).await
    }
}

/// Publish queued messages in order, many in a round trip, telling those
/// who asked how many nodes heard theirs. A failed round trip lost its
/// messages: a lapse.
async fn publish(
    mut redis: ConnectionManager,
    mut queued: mpsc::Receiver<Outgoing>,
    lapse: Arc<Lapse>,
) {
    let mut batch = Vec::with_capacity(PIPELINE);
    let mut waiting = Vec::with_capacity(PIPELINE);
    while queued.recv_many(&mut batch, PIPELINE).await > 0 {
        let mut pipe = redis::pipe();
        for Outgoing { to, msg, heard } in batch.drain(..) {
            match serde_json::to_string(&msg) {
                Ok(text) => {
                    pipe.publish(to, text);
                    waiting.push(heard);
                }
                Err(error) => {
                    tracing::error!("a message on {to} could not be encoded: {error}")
                }
            }
        }
        match pipe.query_async::<Vec<u32>>(&mut redis).await {
            Ok(counts) => {
                for (heard, count) in waiting.drain(..).zip(counts) {
                    if let Some(heard) = heard {
                        let _ = heard.send(count);
                    }
                }
            }
            Err(error) => {
                waiting.clear();
                tracing::warn!("messages to other nodes were lost: {error}");
                lapse.report();
            }
        }
    }
}
