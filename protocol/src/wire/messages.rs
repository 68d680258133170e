//! The messages: [`ClientMsg`] (client to server) and [`ServerMsg`] (server to client).

use super::error::ErrorCode;
use super::types::*;
use crate::rules::{Board, MoveEvent};
use serde::{Deserialize, Serialize};

/// A frame from the client: a message and the optional request id that its
/// answer echoes. On the wire the id sits beside the message's own fields:
/// `{"type": "seek_cancel", "id": 7, "seek_id": 3}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClientFrame {
    /// Echoed by the reply, acknowledgement or error that answers this frame.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<RequestId>,
    /// The request.
    #[serde(flatten)]
    pub msg: ClientMsg,
}

/// Everything a client may ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        /// Must equal [`super::PROTOCOL_VERSION`].
        protocol_version: u32,
        /// 1 to 20 letters, digits, `_` or `-`; ignored when a valid token is given.
        name: String,
        /// A token from an earlier `welcome`, to be the same player again.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The password set for `name` (with no token): signs in on any
        /// device and issues a new token.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
    },
    /// Protect one's name with a password (or change it): from then on the
    /// name is never freed, and `hello` with name and password signs in.
    SetPassword {
        /// 8 to 256 bytes.
        password: String,
    },
    /// Receive the lobby snapshot, then its changes.
    LobbySubscribe,
    /// Stop receiving lobby changes.
    LobbyUnsubscribe,
    /// Offer a match to anyone (or, when `private`, to whoever has the code).
    SeekCreate {
        /// The match offered.
        #[serde(default)]
        settings: MatchSettings,
        /// Not listed; joined with the code the reply gives.
        #[serde(default)]
        private: bool,
        /// Only players rated within this range (in the seek's variant and
        /// speed) see the seek and may take it; timed seeks only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating_range: Option<RatingRange>,
    },
    /// Withdraw one's own seek.
    SeekCancel {
        /// The seek.
        seek_id: SeekId,
    },
    /// Accept a listed seek: the match starts at once.
    SeekAccept {
        /// The seek.
        seek_id: SeekId,
    },
    /// Accept a private seek by its code.
    SeekJoin {
        /// The code the seek's creator shared.
        code: String,
    },
    /// Wait in the quick-pairing pool for these settings.
    PoolJoin {
        /// The match wanted; players are paired only with identical settings.
        #[serde(default)]
        settings: MatchSettings,
    },
    /// Leave the pool.
    PoolLeave,
    /// Challenge an online player by name.
    Challenge {
        /// The player's name (any case).
        name: String,
        /// The match offered.
        #[serde(default)]
        settings: MatchSettings,
    },
    /// Accept a challenge made to you: the match starts at once.
    ChallengeAccept {
        /// The challenge.
        challenge_id: ChallengeId,
    },
    /// Decline a challenge made to you.
    ChallengeDecline {
        /// The challenge.
        challenge_id: ChallengeId,
    },
    /// Withdraw a challenge you made.
    ChallengeWithdraw {
        /// The challenge.
        challenge_id: ChallengeId,
    },
    /// Sow from a house: always answered by `move_accepted` or an error.
    Move {
        /// The match.
        match_id: MatchId,
        /// The game number, from 1.
        game: u8,
        /// This move's number within the game, from 1 (moves already played + 1).
        ply: u32,
        /// The house number, 1..m from the mover's own left.
        house: u8,
    },
    /// Resign the current game (it is lost; the match goes on).
    Resign {
        /// The match.
        match_id: MatchId,
    },
    /// Berserk in an arena's match that allows it (`match_started`'s
    /// `berserk`): before one's first move of game 1, halve one's clock
    /// and give up the increment for the whole match; a win then earns
    /// the arena a point more. Answered by `berserked` to both.
    Berserk {
        /// The match.
        match_id: MatchId,
    },
    /// Forfeit the match: the current game and every remaining one are lost.
    Forfeit {
        /// The match.
        match_id: MatchId,
    },
    /// End a match before its first move, without result.
    Abort {
        /// The match.
        match_id: MatchId,
    },
    /// Watch a match: a snapshot, then its events.
    Watch {
        /// The match.
        match_id: MatchId,
    },
    /// Stop watching.
    Unwatch {
        /// The match.
        match_id: MatchId,
    },
    /// Offer a draw of the current game (lapses when the offerer moves).
    DrawOffer {
        /// The match.
        match_id: MatchId,
    },
    /// Accept the opponent's draw offer: the game is drawn.
    DrawAccept {
        /// The match.
        match_id: MatchId,
    },
    /// Decline the opponent's draw offer.
    DrawDecline {
        /// The match.
        match_id: MatchId,
    },
    /// Claim the current real-time game as won: the opponent has been away
    /// longer than the grace period.
    Claim {
        /// The match.
        match_id: MatchId,
    },
    /// After the match ended: offer a new one with the same settings and the seats swapped.
    RematchOffer {
        /// The match that ended.
        match_id: MatchId,
    },
    /// Accept the opponent's rematch offer: the new match starts at once.
    RematchAccept {
        /// The match that ended.
        match_id: MatchId,
    },
    /// Decline the opponent's rematch offer.
    RematchDecline {
        /// The match that ended.
        match_id: MatchId,
    },
    /// Say something: players talk in the players' room, spectators in the
    /// spectators' room (which players see only once the match is over).
    Chat {
        /// The match.
        match_id: MatchId,
        /// The message.
        text: String,
    },
    /// After reconnecting: catch up on a match one plays or watched, from the
    /// last event version seen. Answered by the missed events then `resumed`,
    /// or by a `match_snapshot` when too much was missed. A spectator is
    /// watching again afterwards.
    Resume {
        /// The match.
        match_id: MatchId,
        /// The last event version this client saw (0 for none).
        last_version: u64,
    },
    /// Create a Swiss tournament and direct it (needs a password on the
    /// name). Answered by `tournament_created`.
    TournamentCreate {
        /// Its name, rounds, start and each round's match.
        settings: super::TournamentSettings,
    },
    /// Enter a tournament: until round 2 is paired. Answered by `ok`; the
    /// connection then follows it as `tournament_watch` does.
    TournamentJoin {
        /// The tournament.
        tournament_id: TournamentId,
        /// A private tournament's code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// Leave a tournament: before its start one is out of it; after, one is
    /// paired no more (the rounds played still count).
    TournamentWithdraw {
        /// The tournament.
        tournament_id: TournamentId,
    },
    /// Sit out the rounds paired from now on (absent: no point), or, with
    /// `paused` false, be paired again from the next round. Answered by `ok`.
    TournamentPause {
        /// The tournament.
        tournament_id: TournamentId,
        /// Pause (true) or come back (false).
        paused: bool,
    },
    /// Follow a tournament: answered by `tournament`, then a `tournament`
    /// at every change (entries, pairings, results) while connected.
    TournamentWatch {
        /// The tournament.
        tournament_id: TournamentId,
        /// A private tournament's code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// Stop following a tournament (entering it does not end; its boards'
    /// matches still start). Answered by `ok`, also when not following it.
    TournamentUnwatch {
        /// The tournament.
        tournament_id: TournamentId,
    },
}

/// Everything the server sends.
///
/// Replies carry the `id` of the request they answer (absent when the request
/// had none). Match events carry the match's `version`, which grows by one per
/// event of that match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`: who you are, and the token to be that player again.
    Welcome {
        /// The request id of the hello.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// Your identity.
        player_id: PlayerId,
        /// Your name.
        name: String,
        /// A secret (128 random bits, hex): present it in a later hello.
        token: String,
        /// The server's protocol version.
        protocol_version: u32,
        /// Your open seeks (kept for a short while after a disconnect).
        #[serde(default)]
        seeks: Vec<SeekInfo>,
        /// Your live matches: `resume` each from the last version you saw.
        #[serde(default)]
        matches: Vec<MatchSummary>,
    },
    /// A request that needs no other answer was done.
    Ok {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
    },
    /// A request was refused; nothing changed.
    Error {
        /// The request id, when the request had one and could be read.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// Stable, machine-readable.
        code: ErrorCode,
        /// For people.
        message: String,
        /// For `illegal_move`: the rules engine's code (`empty_house`, `must_feed`, ...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The lobby as it is now; changes follow until `lobby_unsubscribe`.
    LobbySnapshot {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// Open public seeks.
        seeks: Vec<SeekInfo>,
        /// Live matches.
        matches: Vec<MatchSummary>,
        /// Players connected now.
        players_online: u32,
        /// The server's computer players, each always online and accepting
        /// every challenge (none on a server without them).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        computers: Vec<ComputerInfo>,
    },
    /// Lobby change: a public seek opened.
    SeekAdded {
        /// The seek.
        seek: SeekInfo,
    },
    /// Lobby change: a public seek closed (accepted, cancelled, or its owner left).
    SeekRemoved {
        /// The seek.
        seek_id: SeekId,
    },
    /// Lobby change: a match started.
    MatchListed {
        /// The match.
        summary: MatchSummary,
    },
    /// Lobby change: a match's score, game or spectator count changed.
    MatchChanged {
        /// The match.
        summary: MatchSummary,
    },
    /// Lobby change: a match ended.
    MatchUnlisted {
        /// The match.
        match_id: MatchId,
    },
    /// Lobby change: the number of players online.
    PlayersOnline {
        /// Players connected now.
        count: u32,
    },
    /// Your seek is open.
    SeekCreated {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The seek.
        seek: SeekInfo,
        /// For a private seek: the code to share.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// You are waiting in the quick-pairing pool.
    PoolJoined {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The settings you wait for.
        settings: MatchSettings,
    },
    /// Your challenge was delivered.
    ChallengeSent {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The challenge.
        challenge: ChallengeInfo,
    },
    /// Someone challenges you.
    ChallengeReceived {
        /// The challenge.
        challenge: ChallengeInfo,
    },
    /// A challenge ended without a match: declined, withdrawn, expired, or a
    /// player left. Sent to both players (the one who ended it gets `ok`).
    ChallengeClosed {
        /// The challenge.
        challenge_id: ChallengeId,
        /// `declined`, `withdrawn`, `expired` or `player_left`.
        reason: ChallengeCloseReason,
    },
    /// Your move was accepted (the `move_played` event follows, or came
    /// before when this is a repeat).
    MoveAccepted {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The match.
        match_id: MatchId,
        /// The game.
        game: u8,
        /// The ply.
        ply: u32,
        /// True when this move had already been accepted; it was not applied again.
        duplicate: bool,
    },
    /// The answer to `watch`: the whole match so far. Events with higher
    /// versions follow.
    MatchSnapshot {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The match (boxed: it is by far the largest message).
        snapshot: Box<MatchSnapshot>,
    },
    /// The missed events of a `resume` were all sent; events that follow are new.
    Resumed {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The match.
        match_id: MatchId,
        /// The match's current version.
        version: u64,
    },
    /// Your tournament is created (the answer to `tournament_create`).
    TournamentCreated {
        /// The request id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The tournament (boxed: the largest message by far).
        tournament: Box<super::TournamentView>,
        /// A private tournament's code: whoever has it may read, follow
        /// and enter it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// A tournament you follow as it is now: the answer to
    /// `tournament_watch`, and sent again at every change.
    Tournament {
        /// The request id (the answer to `tournament_watch` only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<RequestId>,
        /// The tournament (boxed: the largest message by far).
        tournament: Box<super::TournamentView>,
    },
    /// How many are watching a match you play or watch (throttled).
    Spectators {
        /// The match.
        match_id: MatchId,
        /// Spectators now.
        count: u32,
    },
    /// Match event: the match began (sent to both players).
    MatchStarted {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Seat 0 and seat 1.
        players: [PlayerRef; 2],
        /// Its settings.
        settings: MatchSettings,
        /// The players' ratings by seat (seat 0 first) in its variant and
        /// speed as it began; left out for an untimed match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[ShownRating; 2]>,
        /// A player may `berserk` (an arena's match that allows it).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        berserk: bool,
        /// The tournament this match is a board of (it cannot be aborted,
        /// and has no rematch); absent for any other match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tournament_id: Option<TournamentId>,
    },
    /// Match event: a game began.
    GameStarted {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// The game number, from 1.
        game: u8,
        /// The seat that moves first; in this game's boards and move events
        /// rules side 0 is this seat.
        first: Seat,
        /// The opening board.
        position: Board,
        /// The houses the side to move may play now, numbered from its own
        /// left (empty once the game is over): a client offers these
        /// without knowing the rules.
        #[serde(default)]
        legal: Vec<u8>,
        /// Both clocks, for timed matches.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Clocks>,
    },
    /// Match event: a move was played.
    MovePlayed {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// The game.
        game: u8,
        /// The move's ply in the game, from 1.
        ply: u32,
        /// Who moved.
        seat: Seat,
        /// The house number, from the mover's left.
        house: u8,
        /// In the Kazakh games, the move as players write it (RECORDS.md):
        /// the house played and the one its last stone fell in, `X` for a
        /// tuzdik, the mover's score in brackets after a capture (`54(10)`,
        /// `71X`). Left out in the other games, whose moves are written as
        /// their house number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
        /// When the server accepted the move, in microseconds since the Unix
        /// epoch by the server's wall clock: the real timing of a game for
        /// replays, and the start of a delivery delay a client on the
        /// server's host can measure (`mancala-load` does). 0 where unknown
        /// (recordings made before the field existed).
        #[serde(default)]
        played_at_us: u64,
        /// What happened, in order (sides here are rules sides).
        events: Vec<MoveEvent>,
        /// The board after the move (rules sides).
        position: Board,
        /// The houses the side to move may play now, numbered from its own
        /// left (empty once the game is over): a client offers these
        /// without knowing the rules.
        #[serde(default)]
        legal: Vec<u8>,
        /// The seat to move next, `None` when the game ended.
        next: Option<Seat>,
        /// Both clocks, for timed matches.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Clocks>,
    },
    /// Match event: a game ended.
    GameEnded {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// The game.
        game: u8,
        /// How it ended.
        outcome: GameOutcome,
        /// Match points per seat after this game.
        points: [f64; 2],
        /// The clocks as the game ended, for timed matches.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Clocks>,
    },
    /// Match event: a player berserked (an arena match that allows it):
    /// his clock is halved and he gets no increment in every game of the
    /// match, for a point more if he wins it.
    Berserked {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Who.
        seat: Seat,
        /// The current game's clocks after it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<super::Clocks>,
    },
    /// Match event: a player offers a draw of the current game.
    DrawOffered {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Who offers.
        seat: Seat,
    },
    /// Match event: a draw offer ended without a draw: declined by the other
    /// player, or lapsed because the offerer moved.
    DrawOfferEnded {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Who had offered.
        seat: Seat,
        /// `declined` or `lapsed`.
        reason: DrawOfferEnd,
    },
    /// Match event, after the match: a player offers a rematch.
    RematchOffered {
        /// The match that ended.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Who offers.
        seat: Seat,
    },
    /// Match event, after the match: the rematch offer was declined.
    RematchDeclined {
        /// The match that ended.
        match_id: MatchId,
        /// Event version.
        version: u64,
    },
    /// Match event, after the match: both players agreed on a rematch, which
    /// has started as `rematch_id` (its `match_started` goes to both
    /// players; spectators may `watch` it to follow them).
    RematchAgreed {
        /// The match that ended.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// The new match.
        rematch_id: MatchId,
    },
    /// A chat message.
    ChatMessage {
        /// The match.
        match_id: MatchId,
        /// `players` or `spectators`.
        room: ChatRoom,
        /// Who wrote.
        from: PlayerRef,
        /// What.
        text: String,
    },
    /// Match event: a player's connection dropped; his seat is kept.
    PlayerLeft {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Who left.
        seat: Seat,
    },
    /// Match event: a player who had left is back.
    PlayerReturned {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Who came back.
        seat: Seat,
    },
    /// Match event: the server restarted while the match was live. Time
    /// while it was down is charged to nobody: the clocks are what they were
    /// at the last event before it went down, and the running one runs on
    /// from now; a correspondence deadline moves by the downtime. Both
    /// players count as away from now, but the rules for an absent player
    /// (claims, abandonment) apply only once `grace_ms` has passed.
    ServerRestarted {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Time from the last event before the restart to the restart, in
        /// milliseconds, charged to nobody.
        paused_ms: u64,
        /// How long players have to come back before absence rules apply, in milliseconds.
        grace_ms: u64,
        /// The current game's clocks as of this event, by seat (timed matches only).
        clocks: Option<Clocks>,
    },
    /// Match event: the match ended.
    MatchEnded {
        /// The match.
        match_id: MatchId,
        /// Event version.
        version: u64,
        /// Why.
        reason: MatchEndReason,
        /// Final points per seat.
        points: [f64; 2],
        /// The seat with more points; `None` for a level (drawn) match or an abort.
        winner: Option<Seat>,
        /// A rated match's rating changes, by seat (seat 0 first); left
        /// out for a casual or aborted match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<[RatingChange; 2]>,
    },
}

/// How a draw offer ended without a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOfferEnd {
    /// The other player declined.
    Declined,
    /// The offerer moved.
    Lapsed,
}

/// Which chat of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatRoom {
    /// The two players.
    Players,
    /// The spectators.
    Spectators,
}

/// Why a challenge closed without a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeCloseReason {
    /// The challenged player said no.
    Declined,
    /// The challenger took it back.
    Withdrawn,
    /// Nobody answered in time.
    Expired,
    /// One of the two disconnected.
    PlayerLeft,
}

/// `$body` with `$id` bound to the `id` field of a reply `$msg`, or
/// `$other` for messages that answer no request: the one list of replies.
macro_rules! replies {
    ($msg:expr, $id:ident => $body:expr, $other:expr) => {
        match $msg {
            ServerMsg::Welcome { id: $id, .. }
            | ServerMsg::Ok { id: $id }
            | ServerMsg::Error { id: $id, .. }
            | ServerMsg::LobbySnapshot { id: $id, .. }
            | ServerMsg::SeekCreated { id: $id, .. }
            | ServerMsg::PoolJoined { id: $id, .. }
            | ServerMsg::ChallengeSent { id: $id, .. }
            | ServerMsg::MoveAccepted { id: $id, .. }
            | ServerMsg::Resumed { id: $id, .. }
            | ServerMsg::MatchSnapshot { id: $id, .. }
            | ServerMsg::TournamentCreated { id: $id, .. }
            | ServerMsg::Tournament { id: $id, .. } => $body,
            _ => $other,
        }
    };
}

impl ServerMsg {
    /// The match and version of a numbered match event; `None` for every
    /// other message. Numbered events are the ones a reconnecting client
    /// catches up on, so this is the one list of them.
    pub fn match_event(&self) -> Option<(MatchId, u64)> {
        match self {
            ServerMsg::MatchStarted {
                match_id, version, ..
            }
            | ServerMsg::GameStarted {
                match_id, version, ..
            }
            | ServerMsg::MovePlayed {
                match_id, version, ..
            }
            | ServerMsg::GameEnded {
                match_id, version, ..
            }
            | ServerMsg::MatchEnded {
                match_id, version, ..
            }
            | ServerMsg::PlayerLeft {
                match_id, version, ..
            }
            | ServerMsg::PlayerReturned {
                match_id, version, ..
            }
            | ServerMsg::ServerRestarted {
                match_id, version, ..
            }
            | ServerMsg::DrawOffered {
                match_id, version, ..
            }
            | ServerMsg::Berserked {
                match_id, version, ..
            }
            | ServerMsg::DrawOfferEnded {
                match_id, version, ..
            }
            | ServerMsg::RematchOffered {
                match_id, version, ..
            }
            | ServerMsg::RematchDeclined { match_id, version }
            | ServerMsg::RematchAgreed {
                match_id, version, ..
            } => Some((*match_id, *version)),
            _ => None,
        }
    }

    /// The match a message is about, if it is about one: every match event,
    /// and the replies and notices that name a match.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            ServerMsg::MoveAccepted { match_id, .. }
            | ServerMsg::Resumed { match_id, .. }
            | ServerMsg::Spectators { match_id, .. }
            | ServerMsg::ChatMessage { match_id, .. } => Some(*match_id),
            ServerMsg::MatchSnapshot { snapshot, .. } => Some(snapshot.match_id),
            other => other.match_event().map(|(id, _)| id),
        }
    }

    /// The request id a reply echoes; `None` for events and notices, and for
    /// replies to requests that had none.
    pub fn request_id(&self) -> Option<&RequestId> {
        replies!(self, id => id.as_ref(), None)
    }

    /// This reply answering the request `request` (its id set); other
    /// messages come back unchanged, since they answer no request.
    pub fn answering(mut self, request: Option<RequestId>) -> ServerMsg {
        replies!(&mut self, id => *id = request, ());
        self
    }
}
