//! The spectators of this node who watch a match another node serves
//! through its lane (one per match and node: `cluster::lanes`): each event
//! comes here once and is handed to each of them. A spectator's snapshot
//! or catch-up comes through his own relayed connection, which may
//! overtake the lane or be overtaken by it: he gets the lane's events
//! from the version it reached, the few just before it from the lane's
//! recent frames, and never one twice.

use super::{Stamp, State};
use crate::peer::Frame;
use protocol::wire::MatchId;
use std::collections::{HashSet, VecDeque};

/// Versioned frames a lane keeps for spectators whose catch-up is on its
/// way, at most.
const RECENT: usize = 64;

/// One lane's spectators here.
#[derive(Default)]
pub(super) struct Lane {
    /// Those who get its events.
    viewers: HashSet<u64>,
    /// Those whose catch-up has not come yet.
    waiting: HashSet<u64>,
    /// Its latest versioned frames.
    recent: VecDeque<(u64, Frame)>,
}

impl State {
    /// Connection `conn` watches `match_id` through node `from`'s lane
    /// once its catch-up has come (if it still forwards there).
    pub(super) fn viewing(&mut self, from: &str, conn: u64, match_id: MatchId) {
        let Some(served) = self
            .conns
            .get_mut(&conn)
            .and_then(|f| f.nodes.get_mut(from))
        else {
            return;
        };
        served.lanes.insert(match_id);
        let lane = self
            .lanes
            .entry(from.to_owned())
            .or_default()
            .entry(match_id)
            .or_default();
        lane.viewers.remove(&conn);
        lane.waiting.insert(conn);
    }

    /// Connection `conn`'s catch-up on `match_id` came from node `from`:
    /// if it waited for it, it gets the lane's recent events after it, and
    /// the lane's events from now on.
    pub(super) fn caught_up(&mut self, from: &str, conn: u64, match_id: MatchId) {
        let Some(lane) = self.lanes.get_mut(from).and_then(|l| l.get_mut(&match_id)) else {
            return;
        };
        if !lane.waiting.remove(&conn) {
            return;
        }
        lane.viewers.insert(conn);
        let Some(forwarding) = self.conns.get_mut(&conn) else {
            return;
        };
        let Some(served) = forwarding.nodes.get_mut(from) else {
            return;
        };
        let seen = served.versions.get(&match_id).copied().unwrap_or(0);
        for (_, frame) in lane.recent.iter().filter(|(v, _)| *v > seen) {
            if !forwarding.peer.send(frame) {
                return;
            }
            served.received(&Stamp::of(frame));
        }
    }

    /// Node `from`'s lane of `match_id` brought `frames`: each to each of
    /// its spectators here who has not had it.
    pub(super) fn lane_frames(&mut self, from: &str, match_id: MatchId, frames: Vec<String>) {
        let State { conns, lanes } = self;
        let Some(lane) = lanes.get_mut(from).and_then(|l| l.get_mut(&match_id)) else {
            return;
        };
        for text in frames {
            let stamp = Stamp::of(&text);
            let frame = Frame::from(text);
            let version = stamp.event.map(|(_, version)| version);
            if let Some(version) = version {
                if lane.recent.len() >= RECENT {
                    lane.recent.pop_front();
                }
                lane.recent.push_back((version, frame.clone()));
            }
            for viewer in &lane.viewers {
                let Some(forwarding) = conns.get_mut(viewer) else {
                    continue;
                };
                let Some(served) = forwarding.nodes.get_mut(from) else {
                    continue;
                };
                let seen = served.versions.get(&match_id).copied().unwrap_or(0);
                // Unversioned (chat, the spectator count): to everyone.
                if version.is_none_or(|version| version > seen) {
                    forwarding.peer.send(&frame);
                    served.received(&stamp);
                }
            }
        }
    }

    /// Node `from` closed its lane of `match_id` with `code`: its
    /// spectators here are closed the same way, as a connection it relayed
    /// would be.
    pub(super) fn lane_closed(&mut self, from: &str, match_id: MatchId, code: u16, reason: &str) {
        let Some(lane) = self.lanes.get_mut(from).and_then(|l| l.remove(&match_id)) else {
            return;
        };
        for viewer in lane.viewers.iter().chain(&lane.waiting) {
            if let Some(forwarding) = self.conns.remove(viewer) {
                forwarding.peer.close(code, reason);
            }
        }
    }

    /// Connection `conn` no longer watches `match_id` through node `from`'s
    /// lane; the lane is forgotten here with its last spectator.
    pub(super) fn leave_lane(&mut self, from: &str, match_id: MatchId, conn: u64) {
        let Some(lanes) = self.lanes.get_mut(from) else {
            return;
        };
        let Some(lane) = lanes.get_mut(&match_id) else {
            return;
        };
        lane.viewers.remove(&conn);
        lane.waiting.remove(&conn);
        if lane.viewers.is_empty() && lane.waiting.is_empty() {
            lanes.remove(&match_id);
            if lanes.is_empty() {
                self.lanes.remove(from);
            }
        }
    }
}
