//! Error codes: one stable name per way a request can be refused.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident => $text:literal,)*) => {
        /// Why a request was refused. Stable: clients may match on these.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, for documentation and tests.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The wire name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)*
                }
            }
        }
    };
}

error_codes! {
    /// The frame is not JSON.
    Malformed => "malformed",
    /// The frame has no `type`, or one the server does not know.
    UnknownType => "unknown_type",
    /// A field is missing or has the wrong type.
    InvalidField => "invalid_field",
    /// Binary frames are not used; send JSON text.
    BinaryFrame => "binary_frame",
    /// The first message must be `hello`.
    HelloRequired => "hello_required",
    /// `hello` was already done on this connection.
    AlreadyHello => "already_hello",
    /// The client speaks another protocol version (the connection is closed).
    ProtocolVersion => "protocol_version",
    /// The name breaks the naming rules.
    InvalidName => "invalid_name",
    /// Another player online has that name.
    NameTaken => "name_taken",
    /// The token names no player.
    UnknownToken => "unknown_token",
    /// No player has that name and password: the same answer for an
    /// unknown name and a wrong password.
    BadCredentials => "bad_credentials",
    /// A password must be 8 to 256 bytes.
    InvalidPassword => "invalid_password",
    /// The match settings are out of range.
    InvalidSettings => "invalid_settings",
    /// The player has as many open seeks as allowed.
    TooManySeeks => "too_many_seeks",
    /// No such open seek (or private code).
    NoSuchSeek => "no_such_seek",
    /// One's own seek cannot be accepted.
    OwnSeek => "own_seek",
    /// Already waiting in the pool.
    AlreadyInPool => "already_in_pool",
    /// Not waiting in the pool.
    NotInPool => "not_in_pool",
    /// No player online by that name.
    NoSuchPlayer => "no_such_player",
    /// Nobody can challenge themselves.
    SelfChallenge => "self_challenge",
    /// No such pending challenge for this player.
    NoSuchChallenge => "no_such_challenge",
    /// No such live match.
    NoSuchMatch => "no_such_match",
    /// Only the match's players may do that.
    NotAPlayer => "not_a_player",
    /// The other player is to move.
    NotYourTurn => "not_your_turn",
    /// The rules refuse the move; `reason` has the engine's code.
    IllegalMove => "illegal_move",
    /// That ply was already played with another house.
    StalePly => "stale_ply",
    /// That ply is not the next one.
    WrongPly => "wrong_ply",
    /// That game is not the one being played.
    WrongGame => "wrong_game",
    /// That game is already over.
    GameOver => "game_over",
    /// The match is over.
    MatchOver => "match_over",
    /// A match can only be aborted before its first move.
    TooLateToAbort => "too_late_to_abort",
    /// A player may be in one real-time match at a time.
    AlreadyPlaying => "already_playing",
    /// A player has as many live matches as allowed (every time control counts).
    TooManyMatches => "too_many_matches",
    /// No draw offer from the opponent is pending.
    NoDrawOffer => "no_draw_offer",
    /// Your draw or rematch offer is already pending.
    AlreadyOffered => "already_offered",
    /// The opponent is present, or not away long enough, or the game is not real-time.
    CannotClaim => "cannot_claim",
    /// Berserk is not allowed in this match, or no longer (one has moved,
    /// or berserked already).
    CannotBerserk => "cannot_berserk",
    /// A tournament's match cannot be aborted (it counts).
    CannotAbort => "cannot_abort",
    /// A tournament's match has no rematch (the tournament pairs its players).
    CannotRematch => "cannot_rematch",
    /// A rematch can only be offered once the match is over.
    MatchNotOver => "match_not_over",
    /// No rematch offer from the opponent is pending.
    NoRematchOffer => "no_rematch_offer",
    /// An empty chat message.
    ChatEmpty => "chat_empty",
    /// A chat message over the length limit.
    ChatTooLong => "chat_too_long",
    /// Too many chat messages in a short time.
    RateLimited => "rate_limited",
    /// The player has as many pending challenges as allowed.
    TooManyChallenges => "too_many_challenges",
    /// The connection watches as many matches as allowed.
    TooManyWatched => "too_many_watched",
    /// Already watching that match.
    AlreadyWatching => "already_watching",
    /// Not watching that match.
    NotWatching => "not_watching",
    /// The server could not store the request (its disk is full or failing);
    /// nothing changed, and it may be sent again later.
    Unavailable => "unavailable",
    /// No such tournament.
    NoSuchTournament => "no_such_tournament",
    /// The tournament refuses this: joining twice or too late, withdrawing
    /// from one not entered, settings out of range (the message says which).
    TournamentRefused => "tournament_refused",
    /// Creating a tournament needs a name protected by a password.
    PasswordNeeded => "password_needed",
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
