//! The client's side of forwarding: this node's connections whose
//! requests went to other nodes, so that what those nodes send back
//! reaches them, and so that when a node they depend on stops, each
//! resumes its matches wherever they are served next: a pause, not a
//! reconnection.

use super::stamp::Stamp;
use crate::error::ServerError;
use crate::peer::Peer;
use crate::sync::lock;
use protocol::wire::{ClientFrame, ClientMsg, MatchId, MatchSettings, RequestId, close};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use tokio::sync::mpsc;

/// Matches and unanswered requests kept per connection and node, at most:
/// a client watches a few matches at a time, and a node answers at once.
/// Past this a connection is closed at failover instead (1012).
const TRACKED: usize = 64;

/// What a client is told when a node his requests went to stopped and he
/// cannot be resumed where he is.
const NODE_STOPPED: &str = "the node serving your match stopped: reconnect to play on";
/// What a request the stopped node did not answer is answered.
const UNANSWERED: &str = "the node serving this match stopped before answering: send it again (a move is never played twice)";

/// One connection's matches on one node, and its requests there.
#[derive(Default)]
struct Served {
    /// Each match the client was sent events of, and the last version.
    versions: HashMap<MatchId, u64>,
    /// Requests sent there with an id and not answered yet.
    unanswered: HashSet<RequestId>,
    /// Challenges the client made there, still open (withdrawn there).
    challenges: HashSet<u64>,
    /// The settings the client waits for in the pool kept there.
    pool: Option<MatchSettings>,
    /// Whether more was asked than is kept: failover closes instead.
    overflowed: bool,
}

impl Served {
    fn is_empty(&self) -> bool {
        self.versions.is_empty()
            && self.unanswered.is_empty()
            && self.challenges.is_empty()
            && self.pool.is_none()
            && !self.overflowed
    }

    /// `frame` is sent here.
    fn sent(&mut self, frame: &ClientFrame) {
        if let Some(id) = &frame.id {
            if self.unanswered.len() < TRACKED {
                self.unanswered.insert(id.clone());
            } else {
                self.overflowed = true;
            }
        }
        match frame.msg {
            ClientMsg::Resume {
                match_id,
                last_version,
            } => self.seen(match_id, last_version),
            ClientMsg::Unwatch { match_id } => {
                self.versions.remove(&match_id);
            }
            ClientMsg::PoolLeave => self.pool = None,
            _ => {}
        }
    }

    /// The client was sent event `version` of `match_id`, or up to it.
    fn seen(&mut self, match_id: MatchId, version: u64) {
        if self.versions.len() >= TRACKED && !self.versions.contains_key(&match_id) {
            self.overflowed = true;
            return;
        }
        let last = self.versions.entry(match_id).or_default();
        *last = (*last).max(version);
    }

    /// `frame` came back from there.
    fn received(&mut self, frame: &str) {
        let stamp = Stamp::of(frame);
        if let Some(id) = &stamp.answers {
            self.unanswered.remove(id);
        }
        if let Some(pool) = stamp.pool {
            self.pool = pool;
        }
        match stamp.challenge {
            Some((id, true)) if self.challenges.len() < TRACKED => {
                self.challenges.insert(id);
            }
            Some((id, _)) => {
                self.challenges.remove(&id);
            }
            None => {}
        }
        match stamp.event {
            Some((match_id, _)) if stamp.ends => {
                self.versions.remove(&match_id);
            }
            Some((match_id, version)) => self.seen(match_id, version),
            None => {}
        }
    }
}

/// A connection with requests forwarded, and the nodes they went to.
struct Forwarding {
    peer: Peer,
    /// Where requests made on the client's behalf go (none for a relayed
    /// connection forwarding in turn: it is closed instead).
    behalf: Option<mpsc::Sender<ClientFrame>>,
    nodes: HashMap<String, Served>,
}

impl Forwarding {
    /// The nodes `stopped` are gone: refuse what they left unanswered and
    /// ask for their matches again on the client's behalf, each from the
    /// last event he was sent. Whether that could be done (else the
    /// connection is closed, to reconnect and resume by itself).
    fn fail_over(&mut self, stopped: &[String]) -> bool {
        let lost: Vec<Served> = stopped
            .iter()
            .filter_map(|n| self.nodes.remove(n))
            .collect();
        let mut resumed = true;
        for served in lost {
            for id in served.unanswered {
                let error = ServerError::unavailable(UNANSWERED);
                self.peer.send_msg(&error.to_msg(Some(id)));
            }
            resumed &= !served.overflowed;
            // The pool moves to the next node: he waits there instead.
            let rejoin = served.pool.map(|settings| ClientMsg::PoolJoin { settings });
            let resumes =
                served
                    .versions
                    .into_iter()
                    .map(|(match_id, last_version)| ClientMsg::Resume {
                        match_id,
                        last_version,
                    });
            for msg in resumes.chain(rejoin) {
                let frame = ClientFrame { id: None, msg };
                resumed &= self
                    .behalf
                    .as_ref()
                    .is_some_and(|behalf| behalf.try_send(frame).is_ok());
            }
        }
        if !resumed {
            self.peer.close(close::SERVICE_RESTART, NODE_STOPPED);
        }
        resumed
    }
}

/// This node's connections with requests forwarded to other nodes.
#[derive(Default)]
pub(super) struct Forwarded {
    conns: Mutex<HashMap<u64, Forwarding>>,
}

impl Forwarded {
    /// `peer` sends `frame` to node `to`; `behalf` takes requests made for
    /// it should `to` stop.
    pub(super) fn note(
        &self,
        peer: &Peer,
        behalf: Option<&mpsc::Sender<ClientFrame>>,
        to: &str,
        frame: &ClientFrame,
    ) {
        let mut conns = lock(&self.conns);
        let forwarding = conns.entry(peer.id()).or_insert_with(|| Forwarding {
            peer: peer.clone(),
            behalf: behalf.cloned(),
            nodes: HashMap::new(),
        });
        if !forwarding.nodes.contains_key(to) {
            forwarding.nodes.insert(to.to_owned(), Served::default());
        }
        if let Some(served) = forwarding.nodes.get_mut(to) {
            served.sent(frame);
        }
    }

    /// Connection `conn`'s request with `id` did not reach node `to` after
    /// all (this node answers it).
    pub(super) fn unnote(&self, conn: u64, to: &str, id: Option<&RequestId>) {
        let mut conns = lock(&self.conns);
        let Some(forwarding) = conns.get_mut(&conn) else {
            return;
        };
        if let Some(served) = forwarding.nodes.get_mut(to) {
            if let Some(id) = id {
                served.unanswered.remove(id);
            }
            if served.is_empty() {
                forwarding.nodes.remove(to);
            }
        }
        if forwarding.nodes.is_empty() {
            conns.remove(&conn);
        }
    }

    /// Node `from` sent `frames` back for connection `conn`: its outbox,
    /// unless it no longer forwards there (`from` was taken for stopped).
    pub(super) fn delivered(&self, from: &str, conn: u64, frames: &[String]) -> Option<Peer> {
        let mut conns = lock(&self.conns);
        let forwarding = conns.get_mut(&conn)?;
        let served = forwarding.nodes.get_mut(from)?;
        for frame in frames {
            served.received(frame);
        }
        Some(forwarding.peer.clone())
    }

    /// The connection `conn`, if it forwards to node `from`.
    pub(super) fn peer(&self, from: &str, conn: u64) -> Option<Peer> {
        let conns = lock(&self.conns);
        let forwarding = conns.get(&conn)?;
        forwarding
            .nodes
            .contains_key(from)
            .then(|| forwarding.peer.clone())
    }

    /// The node where connection `conn` made challenge `id`, if another.
    pub(super) fn challenge_node(&self, conn: u64, id: u64) -> Option<String> {
        let conns = lock(&self.conns);
        conns
            .get(&conn)?
            .nodes
            .iter()
            .find(|(_, served)| served.challenges.contains(&id))
            .map(|(node, _)| node.clone())
    }

    /// Connection `conn` is gone: the nodes it forwarded to.
    pub(super) fn forget(&self, conn: u64) -> Vec<String> {
        lock(&self.conns)
            .remove(&conn)
            .map(|f| f.nodes.into_keys().collect())
            .unwrap_or_default()
    }

    /// Every node some connection forwards to.
    pub(super) fn nodes(&self) -> Vec<String> {
        let conns = lock(&self.conns);
        let nodes: HashSet<&String> = conns.values().flat_map(|f| f.nodes.keys()).collect();
        nodes.into_iter().cloned().collect()
    }

    /// The nodes `stopped` stopped: each connection that depended on them
    /// resumes their matches where they are served now, on its client's
    /// behalf; one that cannot is closed with 1012 (reconnect and resume).
    pub(super) fn fail_over(&self, stopped: &[String]) {
        let mut conns = lock(&self.conns);
        conns.retain(|_, forwarding| {
            let depended = stopped.iter().any(|n| forwarding.nodes.contains_key(n));
            if !depended {
                return true;
            }
            forwarding.fail_over(stopped) && !forwarding.nodes.is_empty()
        });
    }

    /// Close every connection that forwards, with `code` and `reason`: its
    /// client reconnects and resumes from what the journal holds.
    pub(super) fn close_all(&self, code: u16, reason: &str) {
        for (_, forwarding) in lock(&self.conns).drain() {
            forwarding.peer.close(code, reason);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::peer::{Outbox, PeerLimits};

    fn peer() -> (Peer, Outbox) {
        let limits = PeerLimits {
            outbox_bytes: 1 << 16,
            max_refused: 10,
            refused_window_ms: 1_000,
            closes_on_refusals: true,
        };
        Peer::new(5, limits, Clock::system(), Default::default())
    }

    fn frame(id: u64, msg: ClientMsg) -> ClientFrame {
        ClientFrame {
            id: Some(RequestId::Number(id)),
            msg,
        }
    }

    fn sent(outbox: &Outbox) -> Vec<String> {
        outbox
            .take()
            .map(|batch| batch.iter().map(|(f, _)| f.to_string()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn a_stopped_nodes_matches_resume_from_the_last_event_sent_and_its_unanswered_requests_are_answered()
     {
        let forwarded = Forwarded::default();
        let (peer, outbox) = peer();
        let (behalf, mut asked) = mpsc::channel(8);
        let note = |to: &str, frame: ClientFrame| forwarded.note(&peer, Some(&behalf), to, &frame);
        let m31 = MatchId(31);
        note(
            "b",
            frame(
                1,
                ClientMsg::Resume {
                    match_id: m31,
                    last_version: 10,
                },
            ),
        );
        let back = |from: &str, frames: &[&str]| {
            let frames: Vec<String> = frames.iter().map(|f| (*f).to_owned()).collect();
            forwarded.delivered(from, 5, &frames).is_some()
        };
        assert!(back(
            "b",
            &[
                r#"{"type": "move_played", "match_id": 31, "version": 11}"#,
                r#"{"type": "resumed", "id": 1, "match_id": 31, "version": 12}"#,
            ]
        ));
        note(
            "b",
            frame(
                2,
                ClientMsg::Move {
                    match_id: m31,
                    game: 1,
                    ply: 9,
                    house: 3,
                },
            ),
        );
        note(
            "b",
            frame(
                3,
                ClientMsg::Watch {
                    match_id: MatchId(40),
                },
            ),
        );
        assert!(back(
            "b",
            &[r#"{"type": "match_snapshot", "id": 3, "snapshot": {"match_id": 40, "version": 5}}"#]
        ));
        note(
            "b",
            frame(
                4,
                ClientMsg::Watch {
                    match_id: MatchId(41),
                },
            ),
        );
        assert!(back(
            "b",
            &[
                r#"{"type": "match_snapshot", "id": 4, "snapshot": {"match_id": 41, "version": 7}}"#,
                r#"{"type": "match_ended", "match_id": 41, "version": 8}"#,
            ]
        ));
        note(
            "c",
            frame(
                6,
                ClientMsg::Watch {
                    match_id: MatchId(50),
                },
            ),
        );
        assert!(!back("x", &[]), "a node it never forwarded to is not heard");
        sent(&outbox);

        forwarded.fail_over(&["b".to_owned()]);
        let answered = sent(&outbox);
        assert_eq!(answered.len(), 1, "{answered:?}");
        assert!(
            answered[0].contains(r#""id":2"#) && answered[0].contains("unavailable"),
            "{answered:?}"
        );
        let mut resumes = Vec::new();
        while let Ok(asked) = asked.try_recv() {
            resumes.push(format!("{:?}", asked.msg));
        }
        resumes.sort();
        assert_eq!(
            resumes,
            [
                "Resume { match_id: MatchId(31), last_version: 12 }",
                "Resume { match_id: MatchId(40), last_version: 5 }"
            ],
            "from the last event sent; not the match that ended"
        );
        assert!(!peer.is_closed());
        assert_eq!(forwarded.nodes(), ["c"]);
        assert!(
            !back("b", &[]),
            "late frames of the stopped node are dropped"
        );
        assert!(forwarded.peer("b", 5).is_none(), "and its close");
    }

    #[test]
    fn a_connection_that_cannot_be_resumed_for_is_closed_to_resume_by_itself() {
        let forwarded = Forwarded::default();
        let (peer, _outbox) = peer();
        let watch = frame(
            1,
            ClientMsg::Watch {
                match_id: MatchId(3),
            },
        );
        forwarded.note(&peer, None, "b", &watch);
        let snapshot =
            r#"{"type": "match_snapshot", "id": 1, "snapshot": {"match_id": 3, "version": 5}}"#;
        assert!(
            forwarded
                .delivered("b", 5, &[snapshot.to_owned()])
                .is_some()
        );
        forwarded.fail_over(&["b".to_owned()]);
        assert!(peer.is_closed());
        assert!(forwarded.nodes().is_empty());
    }

    #[test]
    fn an_unwatched_match_is_not_resumed() {
        let forwarded = Forwarded::default();
        let (peer, _outbox) = peer();
        let (behalf, mut asked) = mpsc::channel(8);
        let resume = frame(
            1,
            ClientMsg::Resume {
                match_id: MatchId(3),
                last_version: 4,
            },
        );
        forwarded.note(&peer, Some(&behalf), "b", &resume);
        let unwatch = ClientFrame {
            id: None,
            msg: ClientMsg::Unwatch {
                match_id: MatchId(3),
            },
        };
        forwarded.note(&peer, Some(&behalf), "b", &unwatch);
        forwarded.fail_over(&["b".to_owned()]);
        assert!(asked.try_recv().is_err());
        assert!(!peer.is_closed());
    }

    #[test]
    fn a_place_in_a_stopped_nodes_pool_is_taken_again_in_the_next() {
        let forwarded = Forwarded::default();
        let (peer, _outbox) = peer();
        let (behalf, mut asked) = mpsc::channel(8);
        let settings = MatchSettings::default();
        let join = frame(1, ClientMsg::PoolJoin { settings });
        forwarded.note(&peer, Some(&behalf), "a", &join);
        let joined = r#"{"type": "pool_joined", "id": 1, "settings": {"ruleset": {"variant": "mangala", "params": {}}}}"#;
        assert!(forwarded.delivered("a", 5, &[joined.to_owned()]).is_some());
        forwarded.fail_over(&["a".to_owned()]);
        let asked = asked.try_recv().expect("joined again on his behalf");
        assert!(
            matches!(asked.msg, ClientMsg::PoolJoin { settings: s } if s == settings),
            "{asked:?}"
        );

        // Paired meanwhile: nothing to join again.
        let (behalf, mut asked) = mpsc::channel(8);
        forwarded.note(&peer, Some(&behalf), "b", &join);
        let started = r#"{"type": "match_started", "match_id": 9, "version": 1}"#;
        let frames = [joined.to_owned(), started.to_owned()];
        assert!(forwarded.delivered("b", 5, &frames).is_some());
        forwarded.fail_over(&["b".to_owned()]);
        assert!(matches!(
            asked.try_recv().map(|f| f.msg),
            Ok(ClientMsg::Resume {
                match_id: MatchId(9),
                last_version: 1
            })
        ));
        assert!(asked.try_recv().is_err(), "no pool_join");
    }
}
