//! How the rest of the server reaches a live match, and what the match
//! tells it back: the requests its inbox takes, the notices it sends, and
//! the handle that holds the inbox and the links to the seats' connections.

use super::super::Action;
use crate::clock::Millis;
use crate::error::ServerError;
use crate::peer::Peer;
use protocol::wire::{MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef, RequestId, Seat};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;

/// What a connection asks of a match. Each request carries the connection
/// to answer and the request id to echo.
pub(crate) enum MatchRequest {
    /// A player's move.
    Move {
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// A player's request other than a move (resign, forfeit, abort, draw, claim).
    Act {
        seat: Seat,
        action: Action,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// After the match: offer (`accept: None`), accept or decline a rematch.
    Rematch {
        seat: Seat,
        accept: Option<bool>,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// A chat message from a player (`seat`) or a spectator.
    Chat {
        from: PlayerRef,
        seat: Option<Seat>,
        text: String,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// The agreed rematch started as the given match, or could not start
    /// (the answer to [`MatchNotice::Rematch`]): the player who agreed
    /// last is answered now.
    RematchStarted {
        result: Result<MatchId, ServerError>,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// Someone starts watching: a snapshot, then the events (a spectator
    /// of another node: through `lane`, his node's).
    Watch {
        id: Option<RequestId>,
        peer: Peer,
        lane: Option<Peer>,
    },
    /// A spectator stops watching (or left).
    Unwatch { conn: u64 },
    /// A client catches up from `last_version`: a seat's player (`seat`),
    /// whose connection is then linked and live, or a spectator (`None`),
    /// who is watching again afterwards (through `lane`, if of another node).
    Resume {
        id: Option<RequestId>,
        peer: Peer,
        seat: Option<Seat>,
        lane: Option<Peer>,
        last_version: u64,
    },
}

impl MatchRequest {
    /// The connection that asked, if one did.
    pub(super) fn asker(&self) -> Option<&Peer> {
        match self {
            MatchRequest::Move { reply, .. }
            | MatchRequest::Act { reply, .. }
            | MatchRequest::Rematch { reply, .. }
            | MatchRequest::Chat { reply, .. }
            | MatchRequest::RematchStarted { reply, .. } => Some(reply),
            MatchRequest::Watch { peer, .. } | MatchRequest::Resume { peer, .. } => Some(peer),
            MatchRequest::Unwatch { .. } => None,
        }
    }
}

/// How an ended match was played out, for a tournament's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Played {
    /// Points by seat.
    pub(crate) points: [f64; 2],
    /// Whether each seat made a move at all (one who made none did not
    /// come: a tournament scores his match as lost by forfeit).
    pub(crate) moved: [bool; 2],
    /// Who berserked (an arena counts a berserked win a point more).
    pub(crate) berserked: [bool; 2],
}

/// What a match tells the rest of the server.
pub(crate) enum MatchNotice {
    /// Its lobby line changed (score, game, spectators).
    Changed(MatchSummary),
    /// It ended: its players are free of it.
    Ended {
        match_id: MatchId,
        players: [PlayerId; 2],
        real_time: bool,
        /// How it was played out (a tournament records it); `None` for a
        /// match whose start was never stored.
        played: Option<Played>,
    },
    /// Both players want a rematch: start it, and answer through the
    /// match's inbox ([`MatchRequest::RematchStarted`]) with the request
    /// `id` and connection `reply` of the player who agreed last. The match
    /// goes on meanwhile; it never waits for the answer.
    Rematch {
        match_id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        id: Option<RequestId>,
        reply: Peer,
    },
    /// It stopped answering (its linger ran out, or the server stops).
    Closed(MatchId),
    /// Nobody was connected to it for a while: it left memory, every event
    /// stored, to be loaded again when someone asks for it, or at `wake_at`
    /// (its next deadline).
    Unloaded {
        match_id: MatchId,
        wake_at: Option<Millis>,
    },
}

/// Whether a new match's opening events were stored (and it plays), or why not.
pub(crate) type Opened = oneshot::Receiver<Result<(), ServerError>>;

/// Wait for a new match's opening to be stored.
pub(crate) async fn opened(opened: Opened) -> Result<(), ServerError> {
    opened
        .await
        .unwrap_or_else(|_| Err(ServerError::unavailable("the match stopped")))
}

/// How the rest of the server reaches a live match. Cheap to clone.
#[derive(Clone)]
pub(crate) struct MatchHandle {
    pub(super) players: [PlayerId; 2],
    pub(super) inbox: mpsc::Sender<MatchRequest>,
    pub(super) seats: Arc<[watch::Sender<Option<Peer>>; 2]>,
    /// Cancelled when another node has taken the match.
    pub(super) lost: CancellationToken,
    /// Whether its clock is real-time (its players' count of such matches).
    pub(super) real_time: bool,
}

/// The match has stopped answering (it ended and its linger ran out, or
/// it left memory a moment ago); the request comes back.
pub(crate) struct Gone(pub(crate) MatchRequest);

impl MatchHandle {
    /// Its players, by seat.
    pub(crate) fn players(&self) -> [PlayerId; 2] {
        self.players
    }

    /// Whether its clock is real-time.
    pub(crate) fn is_real_time(&self) -> bool {
        self.real_time
    }

    /// The seat of `player`, if he plays here.
    pub(crate) fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == player)
    }

    /// Queue a request; waits while the inbox is full.
    pub(crate) async fn send(&self, request: MatchRequest) -> Result<(), Gone> {
        self.inbox.send(request).await.map_err(|e| Gone(e.0))
    }

    /// Another node serves the match now: its task stops at once, without
    /// writing anything, and closes its audience's connections
    /// ([`protocol::wire::close::SERVICE_RESTART`]) so that they reconnect.
    pub(crate) fn lose(&self) {
        self.lost.cancel();
    }

    /// The connection `seat`'s player is on now (`None`: he has none).
    /// Never waits; the match takes the latest value.
    pub(crate) fn link(&self, seat: Seat, peer: Option<Peer>) {
        self.seats[seat.index()].send_replace(peer);
    }

    /// The seat's player left connection `conn`: the seat has none, unless
    /// another connection took it meanwhile.
    pub(crate) fn unlink(&self, seat: Seat, conn: u64) {
        self.seats[seat.index()].send_if_modified(|peer| {
            let on_conn = peer.as_ref().is_some_and(|peer| peer.id() == conn);
            if on_conn {
                *peer = None;
            }
            on_conn
        });
    }
}
