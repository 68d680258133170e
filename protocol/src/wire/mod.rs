//! The wire protocol: JSON text frames, one message per frame, tagged by `type`.
//!
//! [`ClientFrame`] (a [`ClientMsg`] with its optional request `id`) goes from
//! client to server, [`ServerMsg`] back. `docs/PROTOCOL.md` documents every
//! message with an example; `protocol/tests/wire_samples.rs` checks the
//! examples against these types so the two cannot drift apart.

mod decode;
mod error;
mod messages;
mod refusal_words;
mod tournaments;
mod types;
mod words;

pub use decode::{CLIENT_TYPES, DecodeError, decode_client};
pub use error::ErrorCode;
pub use messages::{
    ChallengeCloseReason, ChatRoom, ClientFrame, ClientMsg, DrawOfferEnd, ServerMsg,
};
pub use refusal_words::{REFUSAL_MESSAGES, refusal_messages};
pub use tournaments::{
    ArenaLine, ArenaMatchView, BoardResult, BoardView, RoundView, StandingLine, TournamentFormat,
    TournamentSettings, TournamentStage, TournamentView,
};
pub use types::{
    ChallengeId, ChallengeInfo, Clocks, ComputerInfo, GameEndReason, GameOutcome, GameSnapshot,
    InvalidSeat, MatchEndReason, MatchId, MatchSettings, MatchSnapshot, MatchSummary,
    PROVISIONAL_DEVIATION, PlayerId, PlayerRef, RatingChange, RatingRange, RequestId, Seat, SeekId,
    SeekInfo, ShownRating, Speed, TimeControl, TournamentId, rating_label,
};
pub use words::{settings_from_words, time_control_from_text};

/// The protocol version this build speaks; `hello` must name it.
pub const PROTOCOL_VERSION: u32 = 1;

/// Close codes the server uses, with the reason text beside them.
pub mod close {
    /// Normal closure (the server is going away or the client said goodbye).
    pub const NORMAL: u16 = 1000;
    /// Going away: the server is shutting down.
    pub const GOING_AWAY: u16 = 1001;
    /// A frame that breaks the WebSocket protocol (RFC 6455 section 7.4.1).
    pub const PROTOCOL_ERROR: u16 = 1002;
    /// A text frame whose payload is not UTF-8.
    pub const INVALID_DATA: u16 = 1007;
    /// Policy violation: wrong protocol version, a queue the client did not
    /// drain, a budget spent (refusals, pings), silence.
    pub const POLICY: u16 = 1008;
    /// A frame over the size limit.
    pub const TOO_BIG: u16 = 1009;
    /// Service restart: a match this connection played or watched is served
    /// by another node now (or this node is draining); reconnect, through
    /// the same address, and resume with the last version seen.
    pub const SERVICE_RESTART: u16 = 1012;
    /// Try again later: the node serving a match this connection's requests
    /// were forwarded to is behind; reconnect and resume.
    pub const TRY_AGAIN_LATER: u16 = 1013;
    /// The player signed in on another connection, which replaces this one
    /// (a client should not reconnect by itself then).
    pub const REPLACED: u16 = 4000;
}
