//! Who hears a live match: the connection each seat's player is on, the
//! spectators, and the latest events kept for clients that resume. Each
//! event is serialised once and the same bytes go to every recipient; a
//! spectator that cannot keep up is dropped, the players never wait for one.
//! Spectators of another node of a cluster watch through one **lane** per
//! node: a single watcher here, whose node hands each event to each of them.

use crate::metrics::Metrics;
use crate::peer::{Frame, Peer, Snapshot};
use protocol::wire::{ChatRoom, MatchId, MatchSnapshot, RequestId, Seat, ServerMsg};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

/// Events a finished match keeps for resuming players (see [`Audience::trim_history`]).
const ENDED_HISTORY: usize = 8;

/// A seat's player's connection, as the match knows it.
struct SeatLink {
    peer: Peer,
    /// Whether it gets the match's events: from the start, or once it has resumed.
    live: bool,
}

/// What a change of a seat's connection means for the match.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Relinked {
    /// Nothing: the same connection, or still none.
    Same,
    /// Another connection of a player who was here already.
    Moved,
    /// The player came back (`true`) or left (`false`): the match records it.
    Presence(bool),
}

/// Who catches up on a match: the player of a seat, or a spectator (one
/// of another node watching through `lane`).
pub(crate) enum Role {
    Player(Seat),
    Spectator { lane: Option<Peer> },
}

/// The seats' connections, the spectators and the history of one match.
pub(super) struct Audience {
    match_id: MatchId,
    links: [Option<SeatLink>; 2],
    /// Spectators' connections, and lanes.
    watchers: HashMap<u64, Peer>,
    /// Each lane among the watchers, with the spectators watching through
    /// it (their relayed connections here).
    lanes: HashMap<u64, HashSet<u64>>,
    /// The lane each spectator of another node watches through.
    through: HashMap<u64, u64>,
    /// The latest events, serialised, for clients that resume.
    history: VecDeque<(u64, Frame)>,
    /// How many events the history keeps.
    keep: usize,
    /// The spectator count last announced.
    announced: u32,
    /// Spectators counted in the server-wide gauge.
    counted: i64,
    metrics: Arc<Metrics>,
}

impl Audience {
    /// The audience of a match whose seats' players are on `links` now.
    pub(super) fn new(
        match_id: MatchId,
        links: [Option<Peer>; 2],
        keep: usize,
        metrics: Arc<Metrics>,
    ) -> Audience {
        Audience {
            match_id,
            links: links.map(|peer| peer.map(|peer| SeatLink { peer, live: true })),
            watchers: HashMap::new(),
            lanes: HashMap::new(),
            through: HashMap::new(),
            history: VecDeque::with_capacity(keep.min(1024)),
            keep,
            announced: 0,
            counted: 0,
            metrics,
        }
    }

    /// Keep an event's frame for clients that resume, within the history limit.
    pub(super) fn remember(&mut self, version: u64, frame: Frame) {
        if self.keep == 0 {
            return;
        }
        if self.history.len() >= self.keep {
            self.history.pop_front();
        }
        self.history.push_back((version, frame));
    }

    /// Keep and send an event to the live seats and every spectator:
    /// `frame` is `msg` serialised once, which a client inside the server
    /// (a computer seat) takes as it is.
    pub(super) fn tell(&mut self, version: u64, frame: Frame, msg: &ServerMsg) {
        for link in self.links.iter().flatten().filter(|link| link.live) {
            link.peer.send_event(&frame, msg);
        }
        self.watchers.retain(|_, peer| peer.send_event(&frame, msg));
        self.remember(version, frame);
        self.sync_spectators();
    }

    /// A finished match lingers only to answer late requests: it keeps the
    /// last few events for players resuming right at the end, and anyone
    /// further behind gets the final snapshot. Without this, the histories of
    /// finished matches were most of the server's memory under load.
    pub(super) fn trim_history(&mut self) {
        let keep = ENDED_HISTORY.min(self.history.len());
        self.history.drain(..self.history.len() - keep);
        self.history.shrink_to_fit();
    }

    /// The seat's player is on `peer` now (`None`: he left). A new
    /// connection gets the events again once it has resumed.
    pub(super) fn relink(&mut self, seat: Seat, peer: Option<Peer>) -> Relinked {
        let slot = &mut self.links[seat.index()];
        match (peer, slot.as_ref()) {
            (None, None) => Relinked::Same,
            (None, Some(_)) => {
                *slot = None;
                Relinked::Presence(false)
            }
            (Some(peer), Some(link)) if link.peer.id() == peer.id() => Relinked::Same,
            (Some(peer), was) => {
                let returned = was.is_none();
                *slot = Some(SeatLink { peer, live: false });
                if returned {
                    Relinked::Presence(true)
                } else {
                    Relinked::Moved
                }
            }
        }
    }

    /// Whether nobody is connected: no seat's player, no spectator.
    pub(super) fn is_empty(&self) -> bool {
        self.links.iter().all(Option::is_none) && self.watchers.is_empty()
    }

    /// Spectators, each counted once: here, or through a lane.
    pub(super) fn spectators(&self) -> u32 {
        (self.watchers.len() - self.lanes.len() + self.through.len()) as u32
    }

    pub(super) fn is_watching(&self, conn: u64) -> bool {
        self.through.contains_key(&conn)
            || (self.watchers.contains_key(&conn) && !self.lanes.contains_key(&conn))
    }

    /// `peer` starts watching (after its snapshot or catch-up), itself or,
    /// a spectator of another node, through `lane`.
    pub(super) fn watch(&mut self, peer: Peer, lane: Option<Peer>) {
        match lane {
            Some(lane) => {
                // Watching through this lane already (he resumed): leaving
                // it first would close it with its last spectator.
                if self.through.get(&peer.id()) != Some(&lane.id()) {
                    self.unwatch_through(peer.id());
                }
                self.lanes.entry(lane.id()).or_default().insert(peer.id());
                self.through.insert(peer.id(), lane.id());
                self.watchers.entry(lane.id()).or_insert(lane);
            }
            None => {
                self.watchers.insert(peer.id(), peer);
            }
        }
        self.sync_spectators();
    }

    pub(super) fn unwatch(&mut self, conn: u64) {
        if !self.unwatch_through(conn) {
            self.watchers.remove(&conn);
        }
        self.sync_spectators();
    }

    /// Spectator `conn` stops watching through his lane, if he watched
    /// through one; the lane closes, quietly, with its last spectator.
    fn unwatch_through(&mut self, conn: u64) -> bool {
        let Some(lane) = self.through.remove(&conn) else {
            return false;
        };
        let empty = self.lanes.get_mut(&lane).is_none_or(|viewers| {
            viewers.remove(&conn);
            viewers.is_empty()
        });
        if empty {
            self.lanes.remove(&lane);
            if let Some(peer) = self.watchers.remove(&lane) {
                peer.close(protocol::wire::close::NORMAL, "");
            }
        }
        true
    }

    /// Everyone stops watching (the match closes or leaves memory).
    /// Close every connection that plays or watches the match with `code`
    /// and `reason` (the match is served elsewhere now: they reconnect).
    pub(super) fn close_all(&mut self, code: u16, reason: &str) {
        for link in self.links.iter().flatten() {
            link.peer.close(code, reason);
        }
        for peer in self.watchers.values() {
            peer.close(code, reason);
        }
        self.clear();
    }

    pub(super) fn clear(&mut self) {
        for lane in self.lanes.keys() {
            if let Some(peer) = self.watchers.get(lane) {
                peer.close(protocol::wire::close::NORMAL, "");
            }
        }
        self.watchers.clear();
        self.sync_spectators();
    }

    /// Send a client what it missed since `last_version`, the match being
    /// at `version`: the events from the history if it still has them all
    /// (then `resumed`), else a snapshot. A seat's connection gets the live
    /// events only after its catch-up, so it sees each event once, in
    /// order; a spectator is watching again afterwards.
    pub(super) fn catch_up(
        &mut self,
        id: Option<RequestId>,
        peer: Peer,
        role: Role,
        last_version: u64,
        version: u64,
        snapshot: impl FnOnce(u32) -> MatchSnapshot,
    ) {
        let oldest = self.history.front().map_or(version + 1, |(v, _)| *v);
        // The history holds frames; a client inside the server takes
        // messages, so it catches up from a snapshot.
        let from_history = last_version + 1 >= oldest && !peer.is_typed();
        if last_version >= version {
            // Nothing missed.
        } else if from_history {
            for (_, frame) in self.history.iter().filter(|(v, _)| *v > last_version) {
                if !peer.send(frame) {
                    return;
                }
            }
        } else {
            let snapshot = snapshot(self.spectators());
            let kind = Snapshot::Match(self.match_id);
            peer.send_snapshot(
                &ServerMsg::MatchSnapshot {
                    id,
                    snapshot: Box::new(snapshot),
                },
                kind,
            );
            self.go_live(peer, role);
            return;
        }
        peer.send_msg(&ServerMsg::Resumed {
            id,
            match_id: self.match_id,
            version,
        });
        self.go_live(peer, role);
    }

    /// After a catch-up: a seat's connection gets the events from now on, a
    /// spectator is watching again.
    fn go_live(&mut self, peer: Peer, role: Role) {
        match role {
            Role::Player(seat) => {
                if let Some(link) = &mut self.links[seat.index()]
                    && link.peer.id() == peer.id()
                {
                    link.live = true;
                }
            }
            Role::Spectator { lane } => self.watch(peer, lane),
        }
    }

    /// A chat message in `room`: the players hear the players' room, and the
    /// spectators' room once the match is `over`; the spectators hear theirs.
    pub(super) fn chat(&mut self, room: ChatRoom, message: &Frame, over: bool) {
        if room == ChatRoom::Players || over {
            for link in self.links.iter().flatten() {
                link.peer.send(message);
            }
        }
        if room == ChatRoom::Spectators {
            self.watchers.retain(|_, peer| peer.send(message));
        }
    }

    /// Tell players and spectators the spectator count if it changed since
    /// it was last told: the count, or `None` when unchanged.
    pub(super) fn announce_spectators(&mut self) -> Option<u32> {
        self.watchers.retain(|_, peer| !peer.is_closed());
        self.sync_spectators();
        let count = self.spectators();
        if count == self.announced {
            return None;
        }
        self.announced = count;
        let message = crate::peer::frame(&ServerMsg::Spectators {
            match_id: self.match_id,
            count,
        });
        for link in self.links.iter().flatten().filter(|link| link.live) {
            link.peer.send(&message);
        }
        self.watchers.retain(|_, peer| peer.send(&message));
        Some(count)
    }

    /// Keep the server-wide spectator gauge in step with this match's
    /// watchers, once the spectators of a lane dropped (too slow) are let go.
    fn sync_spectators(&mut self) {
        let watchers = &self.watchers;
        let through = &mut self.through;
        self.lanes.retain(|lane, viewers| {
            let open = watchers.contains_key(lane);
            if !open {
                for viewer in viewers.iter() {
                    through.remove(viewer);
                }
            }
            open
        });
        let now = i64::from(self.spectators());
        if now == self.counted {
            return;
        }
        self.metrics.spectators.inc_by(now - self.counted);
        self.counted = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::peer::{Outbox, PeerLimits};
    use protocol::rules::Board;
    use protocol::wire::{MatchSettings, PlayerId, PlayerRef};

    fn peer(id: u64) -> (Peer, Outbox) {
        crate::peer::with_outbox_for_tests(id)
    }

    /// The frames waiting in `outbox`, as text.
    fn received(outbox: &Outbox) -> Vec<String> {
        let batch = outbox.take().unwrap_or_default();
        batch.iter().map(|(frame, _)| frame.to_string()).collect()
    }

    /// Tell `audience` event `version`: its frame, and a message for
    /// clients inside the server.
    fn tell(audience: &mut Audience, version: u64) {
        let frame = Frame::from(format!("{{\"v\":{version}}}"));
        let msg = ServerMsg::Resumed {
            id: None,
            match_id: MatchId(3),
            version,
        };
        audience.tell(version, frame, &msg);
    }

    fn audience(keep: usize, links: [Option<Peer>; 2]) -> Audience {
        Audience::new(MatchId(3), links, keep, Arc::new(Metrics::default()))
    }

    fn snapshot(spectators: u32) -> MatchSnapshot {
        MatchSnapshot {
            match_id: MatchId(3),
            version: 5,
            players: [1, 2].map(|id| PlayerRef {
                id: PlayerId(id),
                name: format!("p{id}"),
            }),
            settings: MatchSettings::default(),
            points: [0.0; 2],
            games: Vec::new(),
            position: Board::new([Vec::new(), Vec::new()], [0, 0], None),
            legal: Vec::new(),
            to_move: None,
            spectators,
            ended: None,
            clocks: None,
            ratings: None,
            rating_changes: None,
            berserk: None,
            tournament_id: None,
        }
    }

    #[test]
    fn a_seat_is_linked_left_and_moved_and_only_a_change_of_presence_counts() {
        let (first, _) = peer(1);
        let (second, _) = peer(2);
        let mut audience = audience(4, [Some(first.clone()), None]);
        assert_eq!(audience.relink(Seat::Zero, Some(first)), Relinked::Same);
        assert_eq!(
            audience.relink(Seat::Zero, Some(second.clone())),
            Relinked::Moved
        );
        assert_eq!(audience.relink(Seat::Zero, None), Relinked::Presence(false));
        assert_eq!(audience.relink(Seat::Zero, None), Relinked::Same);
        assert_eq!(
            audience.relink(Seat::Zero, Some(second)),
            Relinked::Presence(true)
        );
        assert!(!audience.is_empty());
    }

    #[test]
    fn events_go_to_live_seats_and_spectators_and_a_new_link_waits_for_its_catch_up() {
        let (player, player_out) = peer(1);
        let (watcher, watcher_out) = peer(2);
        let mut audience = audience(4, [Some(player), None]);
        audience.watch(watcher, None);
        tell(&mut audience, 1);
        assert_eq!(received(&player_out), ["{\"v\":1}"]);
        assert_eq!(received(&watcher_out), ["{\"v\":1}"]);
        // The player signs in again: nothing reaches the new connection
        // until it has caught up, then every event once, in order.
        let (again, again_out) = peer(3);
        assert_eq!(
            audience.relink(Seat::Zero, Some(again.clone())),
            Relinked::Moved
        );
        tell(&mut audience, 2);
        assert!(received(&again_out).is_empty());
        audience.catch_up(None, again, Role::Player(Seat::Zero), 0, 2, snapshot);
        let caught_up = received(&again_out);
        assert_eq!(caught_up[..2], ["{\"v\":1}", "{\"v\":2}"]);
        assert!(caught_up[2].contains("\"resumed\""), "{caught_up:?}");
        tell(&mut audience, 3);
        assert_eq!(received(&again_out), ["{\"v\":3}"]);
    }

    #[test]
    fn a_client_further_behind_than_the_history_gets_a_snapshot() {
        let mut audience = audience(2, [None, None]);
        for version in 1..=5 {
            tell(&mut audience, version);
        }
        let (watcher, out) = peer(9);
        let watching = || Role::Spectator { lane: None };
        audience.catch_up(None, watcher.clone(), watching(), 2, 5, snapshot);
        let got = received(&out);
        assert_eq!(got.len(), 1);
        assert!(got[0].contains("\"match_snapshot\""), "{got:?}");
        assert!(
            audience.is_watching(watcher.id()),
            "watching again after it"
        );
        // Within the history: the missed events, then `resumed`.
        audience.catch_up(None, watcher, watching(), 3, 5, snapshot);
        let got = received(&out);
        assert_eq!(got[..2], ["{\"v\":4}", "{\"v\":5}"]);
    }

    #[test]
    fn the_spectators_chat_reaches_the_players_once_the_match_is_over() {
        let (player, player_out) = peer(1);
        let (watcher, watcher_out) = peer(2);
        let mut audience = audience(4, [Some(player), None]);
        audience.watch(watcher, None);
        let message = Frame::from("{\"chat\":0}");
        audience.chat(ChatRoom::Spectators, &message, false);
        assert!(received(&player_out).is_empty());
        assert_eq!(received(&watcher_out).len(), 1);
        audience.chat(ChatRoom::Spectators, &message, true);
        assert_eq!(received(&player_out).len(), 1);
        assert_eq!(received(&watcher_out).len(), 1);
        audience.chat(ChatRoom::Players, &message, false);
        assert_eq!(received(&player_out).len(), 1);
        assert!(
            received(&watcher_out).is_empty(),
            "the players' room is theirs"
        );
    }

    /// A computer seat takes the events as messages, and catches up from a
    /// snapshot (the history holds frames only).
    #[test]
    fn a_typed_seat_takes_messages_and_catches_up_from_a_snapshot() {
        let limits = PeerLimits {
            outbox_bytes: 1 << 16,
            max_refused: 10,
            refused_window_ms: 1_000,
            closes_on_refusals: false,
        };
        let (computer, inbox) =
            Peer::typed(7, limits, 16, Clock::system(), Arc::new(Metrics::default()));
        let mut audience = audience(4, [Some(computer.clone()), None]);
        tell(&mut audience, 1);
        let taken = |inbox: &crate::peer::TypedOutbox| {
            futures_util::FutureExt::now_or_never(inbox.next_messages())
                .flatten()
                .unwrap_or_default()
        };
        assert!(matches!(
            taken(&inbox).front(),
            Some(ServerMsg::Resumed { version: 1, .. })
        ));
        assert_eq!(
            audience.relink(Seat::Zero, Some(computer.clone())),
            Relinked::Same
        );
        audience.catch_up(None, computer, Role::Player(Seat::Zero), 0, 1, snapshot);
        let caught_up = taken(&inbox);
        assert!(
            matches!(caught_up.front(), Some(ServerMsg::MatchSnapshot { .. })),
            "{caught_up:?}"
        );
    }

    #[test]
    fn another_nodes_spectators_watch_through_one_lane_each_counted() {
        let mut audience = audience(4, [None, None]);
        let (lane, lane_out) = peer(50);
        let (here, here_out) = peer(9);
        audience.watch(here, None);
        // Two relayed spectators of one node, through its lane.
        let (first, _) = peer(7);
        let (second, _) = peer(8);
        audience.watch(first, Some(lane.clone()));
        audience.watch(second, Some(lane.clone()));
        assert_eq!(audience.spectators(), 3);
        assert!(audience.is_watching(7) && audience.is_watching(9));
        assert!(!audience.is_watching(50), "a lane is nobody's chat seat");
        tell(&mut audience, 1);
        assert_eq!(received(&lane_out), ["{\"v\":1}"], "once for the node");
        assert_eq!(received(&here_out), ["{\"v\":1}"]);
        audience.unwatch(7);
        assert_eq!(audience.spectators(), 2);
        assert!(!lane.is_closed());
        audience.unwatch(8);
        assert!(lane.is_closed(), "closed with its last spectator");
        assert_eq!(audience.spectators(), 1);
        tell(&mut audience, 2);
        assert!(received(&lane_out).is_empty());
        // A lane too slow to keep up is dropped with its spectators.
        let (tiny, _) = Peer::new(
            51,
            PeerLimits {
                outbox_bytes: 1,
                max_refused: 10,
                refused_window_ms: 1_000,
                closes_on_refusals: true,
            },
            Clock::system(),
            Default::default(),
        );
        let (third, _) = peer(10);
        audience.watch(third, Some(tiny.clone()));
        assert_eq!(audience.spectators(), 2);
        tell(&mut audience, 3);
        tell(&mut audience, 4);
        assert!(tiny.is_closed());
        assert_eq!(audience.spectators(), 1);
        assert!(!audience.is_watching(10));
    }

    #[test]
    fn a_lanes_only_spectator_who_resumes_keeps_it_open() {
        let mut audience = audience(4, [None, None]);
        let (lane, lane_out) = peer(50);
        let (relayed, _) = peer(7);
        audience.watch(relayed.clone(), Some(lane.clone()));
        audience.catch_up(
            None,
            relayed,
            Role::Spectator {
                lane: Some(lane.clone()),
            },
            0,
            0,
            snapshot,
        );
        assert!(!lane.is_closed(), "the lane he watches through stays");
        assert_eq!(audience.spectators(), 1);
        tell(&mut audience, 1);
        assert_eq!(received(&lane_out), ["{\"v\":1}"]);
    }
}
