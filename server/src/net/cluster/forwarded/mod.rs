//! The client's side of forwarding: this node's connections whose
//! requests went to other nodes, so that what those nodes send back
//! reaches them (and the events of the lanes its spectators watch through:
//! [`viewers`]), and so that when a node they depend on stops, each
//! resumes its matches wherever they are served next, and follows its
//! tournaments wherever they run next: a pause, not a reconnection.

mod viewers;

use super::stamp::Stamp;
use crate::error::ServerError;
use crate::peer::{Frame, Peer};
use crate::sync::lock;
use protocol::wire::{
    ClientFrame, ClientMsg, MatchId, MatchSettings, RequestId, TournamentId, close,
};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use tokio::sync::mpsc;
use viewers::Lane;

/// Matches and unanswered requests kept per connection and node, at most:
/// a client watches a few matches at a time, and a node answers at once.
/// Past this a connection is closed at failover instead (1012).
const TRACKED: usize = 64;

/// Why the connections that depended on other nodes resume their matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Interruption {
    /// The nodes stopped (or started again): their matches are served
    /// elsewhere now.
    Stopped,
    /// Messages between the nodes may have been lost (Redis went away and
    /// came back): the matches are where they were.
    Lapsed,
}

impl Interruption {
    /// What a request that was not answered is answered.
    fn unanswered(self) -> &'static str {
        match self {
            Interruption::Stopped => {
                "the node serving this match stopped before answering: send it again (a move is never played twice)"
            }
            Interruption::Lapsed => {
                "the link between the nodes was interrupted before an answer came: send it again (a move is never played twice)"
            }
        }
    }

    /// What a client who cannot be resumed where he is is told as he is
    /// closed (1012).
    fn closed(self) -> &'static str {
        match self {
            Interruption::Stopped => "the node serving your match stopped: reconnect to play on",
            Interruption::Lapsed => {
                "the link between the nodes was interrupted: reconnect to play on"
            }
        }
    }
}

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
    /// Matches he watches through that node's lanes (or is about to).
    lanes: HashSet<MatchId>,
    /// Tournaments he follows there (entered or watched), with the code
    /// of a private one: followed again wherever they run next.
    tournaments: HashMap<TournamentId, Option<String>>,
    /// He asked there for a match to start (took a seek, accepted a
    /// challenge or a rematch) and was told neither that it started nor
    /// that it was refused: should that node stop, a match may have
    /// started that he was never told of, so failover closes instead (he
    /// comes back and `welcome` lists his matches).
    pairing: bool,
    /// Whether more was asked than is kept: failover closes instead.
    overflowed: bool,
}

impl Served {
    fn is_empty(&self) -> bool {
        self.versions.is_empty()
            && self.unanswered.is_empty()
            && self.challenges.is_empty()
            && self.pool.is_none()
            && self.lanes.is_empty()
            && self.tournaments.is_empty()
            && !self.pairing
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
                self.lanes.remove(&match_id);
            }
            ClientMsg::PoolLeave => self.pool = None,
            ClientMsg::TournamentWatch {
                tournament_id,
                ref code,
            }
            | ClientMsg::TournamentJoin {
                tournament_id,
                ref code,
            } => {
                if self.tournaments.len() < TRACKED || self.tournaments.contains_key(&tournament_id)
                {
                    self.tournaments.insert(tournament_id, code.clone());
                } else {
                    self.overflowed = true;
                }
            }
            ClientMsg::TournamentUnwatch { tournament_id } => {
                self.tournaments.remove(&tournament_id);
            }
            ClientMsg::SeekAccept { .. }
            | ClientMsg::SeekJoin { .. }
            | ClientMsg::ChallengeAccept { .. }
            | ClientMsg::RematchOffer { .. }
            | ClientMsg::RematchAccept { .. } => self.pairing = true,
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

    /// A frame marked `stamp` came back from there.
    fn received(&mut self, stamp: &Stamp) {
        if let Some(id) = &stamp.answers {
            self.unanswered.remove(id);
        }
        if let Some(pool) = &stamp.pool {
            self.pool = *pool;
        }
        if stamp.pool == Some(None) || stamp.refuses {
            self.pairing = false;
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
    /// What went to the nodes `stopped` is lost (`why`): refuse what they
    /// left unanswered and ask for their matches again on the client's
    /// behalf, each from the last event he was sent. Whether that could be
    /// done (else the connection is closed, to reconnect and resume by
    /// itself).
    fn fail_over(&mut self, stopped: &[String], why: Interruption) -> bool {
        let lost: Vec<Served> = stopped
            .iter()
            .filter_map(|n| self.nodes.remove(n))
            .collect();
        let mut resumed = true;
        for served in lost {
            for id in served.unanswered {
                let error = ServerError::unavailable(why.unanswered());
                self.peer.send_msg(&error.to_msg(Some(id)));
            }
            resumed &= !served.overflowed && !served.pairing;
            // The pool moves to the next node: he waits there instead.
            let rejoin = served.pool.map(|settings| ClientMsg::PoolJoin { settings });
            // So do the tournaments he follows (taken over within a lease).
            let refollow = served.tournaments.into_iter().map(|(tournament_id, code)| {
                ClientMsg::TournamentWatch {
                    tournament_id,
                    code,
                }
            });
            let resumes =
                served
                    .versions
                    .into_iter()
                    .map(|(match_id, last_version)| ClientMsg::Resume {
                        match_id,
                        last_version,
                    });
            for msg in resumes.chain(rejoin).chain(refollow) {
                let frame = ClientFrame { id: None, msg };
                resumed &= self
                    .behalf
                    .as_ref()
                    .is_some_and(|behalf| behalf.try_send(frame).is_ok());
            }
        }
        tracing::debug!(
            "connection {} resumes what it had on {stopped:?} ({why:?}): {}",
            self.peer.id(),
            if resumed { "on its behalf" } else { "closed" }
        );
        if !resumed {
            self.peer.close(close::SERVICE_RESTART, why.closed());
        }
        resumed
    }
}

/// This node's connections with requests forwarded to other nodes, and
/// the lanes its spectators watch through.
#[derive(Default)]
struct State {
    conns: HashMap<u64, Forwarding>,
    /// By serving node, then match.
    lanes: HashMap<String, HashMap<MatchId, Lane>>,
}

/// [`State`], locked: one lock, as a lane's events update the versions its
/// spectators were sent.
#[derive(Default)]
pub(super) struct Forwarded {
    state: Mutex<State>,
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
        let mut state = lock(&self.state);
        let forwarding = state.conns.entry(peer.id()).or_insert_with(|| Forwarding {
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
        if let ClientMsg::Unwatch { match_id } = frame.msg {
            state.leave_lane(to, match_id, peer.id());
        }
    }

    /// Connection `conn`'s request with `id` did not reach node `to` after
    /// all (this node answers it).
    pub(super) fn unnote(&self, conn: u64, to: &str, id: Option<&RequestId>) {
        let conns = &mut lock(&self.state).conns;
        let Some(forwarding) = conns.get_mut(&conn) else {
            return;
        };
        if let Some(served) = forwarding.nodes.get_mut(to) {
            if let Some(id) = id {
                served.unanswered.remove(id);
            }
            if served.is_empty() {
                tracing::debug!("connection {conn} no longer forwards to {to}");
                forwarding.nodes.remove(to);
            }
        }
        if forwarding.nodes.is_empty() {
            conns.remove(&conn);
        }
    }

    /// Node `from` sent `frames` back for connection `conn`: sent on to
    /// it, unless it no longer forwards there (`from` was taken for
    /// stopped). A spectator's catch-up through a lane is followed by the
    /// lane's events he has not seen.
    pub(super) fn deliver(&self, from: &str, conn: u64, frames: Vec<String>) {
        let mut state = lock(&self.state);
        for frame in frames {
            let stamp = Stamp::of(&frame);
            let Some(forwarding) = state.conns.get_mut(&conn) else {
                tracing::debug!("frames from {from} for connection {conn}, gone, dropped");
                return;
            };
            let Some(served) = forwarding.nodes.get_mut(from) else {
                tracing::debug!(
                    "frames from {from} for connection {conn}, which no longer forwards there, dropped"
                );
                return;
            };
            // An event he was sent already (a catch-up asked twice, after
            // a lapse seen by both nodes) is not sent again.
            let repeated = !stamp.caught_up
                && stamp.event.is_some_and(|(match_id, version)| {
                    served
                        .versions
                        .get(&match_id)
                        .is_some_and(|&seen| version <= seen)
                });
            if repeated {
                tracing::debug!(
                    "a repeated event from {from} for connection {conn} dropped: {stamp:?}"
                );
                continue;
            }
            served.received(&stamp);
            if !forwarding.peer.send(&Frame::from(frame)) {
                return;
            }
            if let (true, Some((match_id, _))) = (stamp.caught_up, stamp.event) {
                state.caught_up(from, conn, match_id);
            }
        }
    }

    /// Connection `conn` watches `match_id` through node `from`'s lane.
    pub(super) fn viewing(&self, from: &str, conn: u64, match_id: MatchId) {
        lock(&self.state).viewing(from, conn, match_id);
    }

    /// Node `from`'s lane of `match_id` brought `frames`.
    pub(super) fn lane_frames(&self, from: &str, match_id: MatchId, frames: Vec<String>) {
        lock(&self.state).lane_frames(from, match_id, frames);
    }

    /// Node `from` closed its lane of `match_id`.
    pub(super) fn lane_closed(&self, from: &str, match_id: MatchId, code: u16, reason: &str) {
        lock(&self.state).lane_closed(from, match_id, code, reason);
    }

    /// The connection `conn`, if it forwards to node `from`.
    pub(super) fn peer(&self, from: &str, conn: u64) -> Option<Peer> {
        let state = lock(&self.state);
        let forwarding = state.conns.get(&conn)?;
        forwarding
            .nodes
            .contains_key(from)
            .then(|| forwarding.peer.clone())
    }

    /// The node where connection `conn` made challenge `id`, if another.
    pub(super) fn challenge_node(&self, conn: u64, id: u64) -> Option<String> {
        let state = lock(&self.state);
        state
            .conns
            .get(&conn)?
            .nodes
            .iter()
            .find(|(_, served)| served.challenges.contains(&id))
            .map(|(node, _)| node.clone())
    }

    /// Connection `conn` is gone: the nodes it forwarded to.
    pub(super) fn forget(&self, conn: u64) -> Vec<String> {
        let mut state = lock(&self.state);
        let Some(forwarding) = state.conns.remove(&conn) else {
            return Vec::new();
        };
        for (node, served) in &forwarding.nodes {
            for &match_id in &served.lanes {
                state.leave_lane(node, match_id, conn);
            }
        }
        forwarding.nodes.into_keys().collect()
    }

    /// Every node some connection forwards to.
    pub(super) fn nodes(&self) -> Vec<String> {
        let state = lock(&self.state);
        let nodes: HashSet<&String> = state.conns.values().flat_map(|f| f.nodes.keys()).collect();
        nodes.into_iter().cloned().collect()
    }

    /// What went to the nodes `stopped` is lost (`why`): each connection
    /// that depended on them resumes their matches where they are served
    /// now, on its client's behalf; one that cannot is closed with 1012
    /// (reconnect and resume).
    pub(super) fn fail_over(&self, stopped: &[String], why: Interruption) {
        let mut state = lock(&self.state);
        for node in stopped {
            state.lanes.remove(node);
        }
        state.conns.retain(|_, forwarding| {
            let depended = stopped.iter().any(|n| forwarding.nodes.contains_key(n));
            if !depended {
                return true;
            }
            forwarding.fail_over(stopped, why) && !forwarding.nodes.is_empty()
        });
    }

    /// Close every connection that forwards, with `code` and `reason`: its
    /// client reconnects and resumes from what the journal holds.
    pub(super) fn close_all(&self, code: u16, reason: &str) {
        let mut state = lock(&self.state);
        state.lanes.clear();
        for (_, forwarding) in state.conns.drain() {
            forwarding.peer.close(code, reason);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peer::Outbox;

    fn peer() -> (Peer, Outbox) {
        numbered(5)
    }

    fn numbered(id: u64) -> (Peer, Outbox) {
        crate::peer::with_outbox_for_tests(id)
    }

    fn frame(id: u64, msg: ClientMsg) -> ClientFrame {
        ClientFrame {
            id: Some(RequestId::Number(id)),
            msg,
        }
    }

    /// Deliver `frames` from node `from` to connection 5: whether it
    /// forwards there (else they are dropped).
    fn delivered(forwarded: &Forwarded, from: &str, frames: &[String]) -> bool {
        let heard = forwarded.peer(from, 5).is_some();
        forwarded.deliver(from, 5, frames.to_vec());
        heard
    }

    fn sent(outbox: &Outbox) -> Vec<String> {
        outbox
            .take()
            .map(|batch| batch.iter().map(|(f, _)| f.to_string()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn an_event_sent_already_is_not_sent_again_when_a_catch_up_repeats_it() {
        let forwarded = Forwarded::default();
        let (peer, outbox) = peer();
        let (behalf, _asked) = mpsc::channel(8);
        let resume = ClientMsg::Resume {
            match_id: MatchId(31),
            last_version: 10,
        };
        forwarded.note(&peer, Some(&behalf), "b", &frame(1, resume));
        let event =
            |v: u64| format!(r#"{{"type": "move_played", "match_id": 31, "version": {v}}}"#);
        let resumed = r#"{"type": "resumed", "match_id": 31, "version": 12}"#.to_owned();
        assert!(delivered(
            &forwarded,
            "b",
            &[event(11), event(12), resumed.clone()]
        ));
        assert_eq!(sent(&outbox).len(), 3);
        // The same catch-up again (asked twice after a lapse): only what is new.
        assert!(delivered(
            &forwarded,
            "b",
            &[event(11), event(12), resumed, event(13)]
        ));
        let again = sent(&outbox);
        assert_eq!(again.len(), 2, "{again:?}");
        assert!(again[1].contains("\"version\": 13"), "{again:?}");
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
            delivered(&forwarded, from, &frames)
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

        forwarded.fail_over(&["b".to_owned()], Interruption::Stopped);
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
        assert!(delivered(&forwarded, "b", &[snapshot.to_owned()]));
        forwarded.fail_over(&["b".to_owned()], Interruption::Stopped);
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
        forwarded.fail_over(&["b".to_owned()], Interruption::Stopped);
        assert!(asked.try_recv().is_err());
        assert!(!peer.is_closed());
    }

    #[test]
    fn a_match_asked_for_and_not_heard_of_closes_the_connection_at_failover() {
        let join = || ClientFrame {
            id: None,
            msg: ClientMsg::SeekJoin {
                code: "k3x9".to_owned(),
            },
        };
        // Neither started nor refused: a match may have started unheard.
        let forwarded = Forwarded::default();
        let (asker, _outbox) = peer();
        let (behalf, _asked) = mpsc::channel(8);
        forwarded.note(&asker, Some(&behalf), "b", &join());
        forwarded.fail_over(&["b".to_owned()], Interruption::Stopped);
        assert!(asker.is_closed(), "he comes back, and welcome lists it");

        // Started, or refused: a pause as usual.
        for answer in [
            r#"{"type": "match_started", "match_id": 9, "version": 1}"#,
            r#"{"type": "error", "code": "no_such_seek", "message": "no seek has that code"}"#,
        ] {
            let forwarded = Forwarded::default();
            let (asker, _outbox) = peer();
            let (behalf, _asked) = mpsc::channel(8);
            forwarded.note(&asker, Some(&behalf), "b", &join());
            assert!(delivered(&forwarded, "b", &[answer.to_owned()]));
            forwarded.fail_over(&["b".to_owned()], Interruption::Stopped);
            assert!(!asker.is_closed(), "{answer}");
        }
    }

    #[test]
    fn a_tournament_followed_on_a_stopped_node_is_followed_again_but_not_one_unwatched() {
        let forwarded = Forwarded::default();
        let (peer, _outbox) = peer();
        let (behalf, mut asked) = mpsc::channel(8);
        let watch = |id: u64, code: Option<&str>| ClientMsg::TournamentWatch {
            tournament_id: TournamentId(id),
            code: code.map(str::to_owned),
        };
        forwarded.note(
            &peer,
            Some(&behalf),
            "a",
            &frame(1, watch(40, Some("c0de"))),
        );
        let join = ClientMsg::TournamentJoin {
            tournament_id: TournamentId(41),
            code: None,
        };
        forwarded.note(&peer, Some(&behalf), "a", &frame(2, join));
        forwarded.note(&peer, Some(&behalf), "a", &frame(3, watch(42, None)));
        let unwatch = ClientMsg::TournamentUnwatch {
            tournament_id: TournamentId(42),
        };
        forwarded.note(&peer, Some(&behalf), "a", &frame(4, unwatch));
        let answers: Vec<String> = (1..=4)
            .map(|id| format!(r#"{{"type": "ok", "id": {id}}}"#))
            .collect();
        assert!(delivered(&forwarded, "a", &answers));
        forwarded.fail_over(&["a".to_owned()], Interruption::Stopped);
        let mut again = Vec::new();
        while let Ok(frame) = asked.try_recv() {
            again.push(frame.msg);
        }
        again.sort_by_key(|msg| format!("{msg:?}"));
        assert_eq!(
            again,
            [watch(40, Some("c0de")), watch(41, None)],
            "followed again where they run next, private code and all"
        );
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
        assert!(delivered(&forwarded, "a", &[joined.to_owned()]));
        forwarded.fail_over(&["a".to_owned()], Interruption::Stopped);
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
        assert!(delivered(&forwarded, "b", &frames));
        forwarded.fail_over(&["b".to_owned()], Interruption::Stopped);
        assert!(matches!(
            asked.try_recv().map(|f| f.msg),
            Ok(ClientMsg::Resume {
                match_id: MatchId(9),
                last_version: 1
            })
        ));
        assert!(asked.try_recv().is_err(), "no pool_join");
    }

    #[test]
    fn spectators_get_each_lane_event_once_from_where_their_catch_up_left_them() {
        let forwarded = Forwarded::default();
        let (ann, ann_out) = numbered(5);
        let (bob, bob_out) = numbered(6);
        let m31 = MatchId(31);
        for peer in [&ann, &bob] {
            let watch = frame(1, ClientMsg::Watch { match_id: m31 });
            forwarded.note(peer, None, "b", &watch);
            forwarded.viewing("b", peer.id(), m31);
        }
        let event =
            |v: u64| format!(r#"{{"type": "move_played", "match_id": 31, "version": {v}}}"#);
        let snapshot = |v: u64| {
            format!(
                r#"{{"type": "match_snapshot", "id": 1, "snapshot": {{"match_id": 31, "version": {v}}}}}"#
            )
        };
        let count = r#"{"type": "spectators", "match_id": 31, "count": 2}"#.to_owned();
        let versions = |frames: Vec<String>| -> Vec<String> {
            frames
                .iter()
                .map(|f| match Stamp::of(f).event {
                    Some((_, v)) if f.contains("snapshot") => format!("snapshot {v}"),
                    Some((_, v)) => format!("{v}"),
                    None => "count".to_owned(),
                })
                .collect()
        };
        // The lane overtakes both catch-ups: nothing yet.
        forwarded.lane_frames("b", m31, vec![event(11), event(12)]);
        assert!(sent(&ann_out).is_empty() && sent(&bob_out).is_empty());
        forwarded.deliver("b", 5, vec![snapshot(11)]);
        assert_eq!(versions(sent(&ann_out)), ["snapshot 11", "12"]);
        forwarded.lane_frames("b", m31, vec![event(13), count.clone()]);
        assert_eq!(versions(sent(&ann_out)), ["13", "count"]);
        assert!(sent(&bob_out).is_empty(), "still waiting for his snapshot");
        forwarded.deliver("b", 6, vec![snapshot(13)]);
        assert_eq!(versions(sent(&bob_out)), ["snapshot 13"]);
        // An event twice (a lane opened again): once.
        forwarded.lane_frames("b", m31, vec![event(13), event(14)]);
        assert_eq!(versions(sent(&ann_out)), ["14"]);
        assert_eq!(versions(sent(&bob_out)), ["14"]);
        // Ann stops watching: Bob alone gets the next.
        let unwatch = frame(2, ClientMsg::Unwatch { match_id: m31 });
        forwarded.note(&ann, None, "b", &unwatch);
        forwarded.lane_frames("b", m31, vec![event(15)]);
        assert!(sent(&ann_out).is_empty());
        assert_eq!(versions(sent(&bob_out)), ["15"]);
        // The lane closes as a relayed connection would: so does Bob.
        forwarded.lane_closed("b", m31, close::SERVICE_RESTART, "moved");
        assert!(bob.is_closed() && !ann.is_closed());
    }
}
