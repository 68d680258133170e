//! Every way the server refuses a request, in one enum: its `Display` is the
//! message a client reads, [`ServerError::code`] the stable wire code, and
//! [`ServerError::to_msg`] the one place a refusal becomes an `error` reply.

mod match_error;

pub(crate) use match_error::MatchError;

use protocol::wire::{ChallengeId, DecodeError, ErrorCode, MatchId, RequestId, SeekId, ServerMsg};

/// A refused request. Nothing changed on the server when one is returned.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum ServerError {
    /// The frame could not be read; the decoder says why and with which code.
    #[error("{}", .0.message)]
    Decode(DecodeError),
    #[error("this server speaks JSON text frames only")]
    BinaryFrame,
    #[error("the first message must be hello")]
    HelloRequired,
    #[error("already signed in as {0}")]
    AlreadyHello(String),
    #[error("this server speaks protocol version {ours}, not {theirs}")]
    ProtocolVersion { ours: u32, theirs: u32 },
    #[error("a name is 1 to 20 letters, digits, '_' or '-' (any script)")]
    InvalidName,
    #[error("'{0}' is taken")]
    NameTaken(String),
    #[error(
        "'{name}' looks like '{like}', which is taken: choose a name that cannot be mistaken for another"
    )]
    NameLooksTaken { name: String, like: String },
    #[error("no player has that token")]
    UnknownToken,
    #[error("no player has that name and password")]
    BadCredentials,
    #[error("a password is 8 to 256 bytes")]
    InvalidPassword,
    #[error("{0}")]
    InvalidSettings(String),
    #[error("at most {0} open seeks per player")]
    TooManySeeks(usize),
    #[error("the lobby holds {0} open seeks, the most it takes: join one, or try again later")]
    LobbyFull(usize),
    #[error("too many private codes tried from this address: one more a minute")]
    TooManyCodes,
    #[error(
        "the server keeps as many guests as it may ({0}): sign in with your token or password, or try again later"
    )]
    TooManyGuests(usize),
    #[error("no such open seek")]
    NoSuchSeek,
    #[error("you have no open seek {0}")]
    NotYourSeek(SeekId),
    #[error("you cannot accept your own seek")]
    OwnSeek,
    #[error("you are already waiting")]
    AlreadyInPool,
    #[error("you are not waiting in the pool")]
    NotInPool,
    #[error("no player '{0}' is online")]
    NoSuchPlayer(String),
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    #[error("at most {0} pending challenges per player")]
    TooManyChallenges(usize),
    #[error("no challenge {0} waits for you")]
    NoChallengeForYou(ChallengeId),
    #[error("no challenge {0} of yours is pending")]
    NoPendingChallenge(ChallengeId),
    #[error("{0} is already playing a real-time match (one at a time)")]
    AlreadyPlaying(String),
    #[error("{name} already plays {max} live matches, the most allowed")]
    TooManyMatches { name: String, max: usize },
    #[error(
        "{name} is playing {max} matches at once, the most a computer takes on: try another computer, or again when one of his ends"
    )]
    ComputerBusy { name: String, max: usize },
    #[error("{name} has {max} challenges waiting, the most one player may have: try again later")]
    TooManyChallengesTo { name: String, max: usize },
    #[error("no match {0}")]
    NoSuchMatch(MatchId),
    #[error("you do not play in match {0}")]
    NotAPlayer(MatchId),
    /// The match refused it (its own reasons, coded below).
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error("a chat message needs some text")]
    ChatEmpty,
    #[error("a chat message has at most {0} characters")]
    ChatTooLong(usize),
    #[error("at most {burst} chat messages per {seconds} s")]
    ChatRateLimited { burst: usize, seconds: u64 },
    #[error("too many {0} messages: slow down")]
    RateLimited(&'static str),
    #[error("the server is checking too many passwords at once: try again in a moment")]
    PasswordsBusy,
    #[error("at most {0} matches watched at once")]
    TooManyWatched(usize),
    #[error("you are already watching match {0}")]
    AlreadyWatching(MatchId),
    #[error("you are not watching match {0}")]
    NotWatching(MatchId),
    #[error("watch match {0} to talk in its spectators' chat")]
    WatchToChat(MatchId),
    /// The journal could not store what the request did: nothing changed.
    #[error("the server cannot store this now ({0}); nothing changed, try again later")]
    Unavailable(String),
    #[error("no tournament {0}")]
    NoSuchTournament(protocol::wire::TournamentId),
    /// The tournament refused it (joining twice or too late, settings out
    /// of range...), in its own words.
    #[error("{0}")]
    TournamentRefused(String),
    #[error(
        "creating a tournament needs a name protected by a password: set one on the tournaments page, or with mancala password"
    )]
    PasswordNeeded,
}

impl ServerError {
    /// The journal failed: the request is refused, and says why.
    pub(crate) fn unavailable(error: impl std::fmt::Display) -> ServerError {
        ServerError::Unavailable(error.to_string())
    }
}

impl ServerError {
    /// The stable code clients match on.
    pub(crate) fn code(&self) -> ErrorCode {
        use ServerError::*;
        match self {
            Decode(error) => error.code,
            BinaryFrame => ErrorCode::BinaryFrame,
            HelloRequired => ErrorCode::HelloRequired,
            AlreadyHello(_) => ErrorCode::AlreadyHello,
            ProtocolVersion { .. } => ErrorCode::ProtocolVersion,
            InvalidName => ErrorCode::InvalidName,
            NameTaken(_) | NameLooksTaken { .. } => ErrorCode::NameTaken,
            UnknownToken => ErrorCode::UnknownToken,
            BadCredentials => ErrorCode::BadCredentials,
            InvalidPassword => ErrorCode::InvalidPassword,
            InvalidSettings(_) => ErrorCode::InvalidSettings,
            TooManySeeks(_) | LobbyFull(_) => ErrorCode::TooManySeeks,
            TooManyCodes | TooManyGuests(_) => ErrorCode::RateLimited,
            NoSuchSeek | NotYourSeek(_) => ErrorCode::NoSuchSeek,
            OwnSeek => ErrorCode::OwnSeek,
            AlreadyInPool => ErrorCode::AlreadyInPool,
            NotInPool => ErrorCode::NotInPool,
            NoSuchPlayer(_) => ErrorCode::NoSuchPlayer,
            SelfChallenge => ErrorCode::SelfChallenge,
            TooManyChallenges(_) | TooManyChallengesTo { .. } => ErrorCode::TooManyChallenges,
            NoChallengeForYou(_) | NoPendingChallenge(_) => ErrorCode::NoSuchChallenge,
            AlreadyPlaying(_) => ErrorCode::AlreadyPlaying,
            TooManyMatches { .. } | ComputerBusy { .. } => ErrorCode::TooManyMatches,
            NoSuchMatch(_) => ErrorCode::NoSuchMatch,
            NotAPlayer(_) => ErrorCode::NotAPlayer,
            Match(error) => match error {
                MatchError::NotYourTurn => ErrorCode::NotYourTurn,
                MatchError::IllegalMove(_) => ErrorCode::IllegalMove,
                MatchError::StalePly { .. } => ErrorCode::StalePly,
                MatchError::WrongPly { .. } => ErrorCode::WrongPly,
                MatchError::WrongGame { .. } => ErrorCode::WrongGame,
                MatchError::GameOver(_) => ErrorCode::GameOver,
                MatchError::MatchOver => ErrorCode::MatchOver,
                MatchError::TooLateToAbort => ErrorCode::TooLateToAbort,
                MatchError::CannotAbort => ErrorCode::CannotAbort,
                MatchError::CannotRematch => ErrorCode::CannotRematch,
                MatchError::NoDrawOffer => ErrorCode::NoDrawOffer,
                MatchError::AlreadyOffered(_) => ErrorCode::AlreadyOffered,
                MatchError::CannotClaim(_) => ErrorCode::CannotClaim,
                MatchError::CannotBerserk => ErrorCode::CannotBerserk,
                MatchError::MatchNotOver => ErrorCode::MatchNotOver,
                MatchError::NoRematchOffer => ErrorCode::NoRematchOffer,
            },
            ChatEmpty => ErrorCode::ChatEmpty,
            ChatTooLong(_) => ErrorCode::ChatTooLong,
            ChatRateLimited { .. } | RateLimited(_) | PasswordsBusy => ErrorCode::RateLimited,
            TooManyWatched(_) => ErrorCode::TooManyWatched,
            AlreadyWatching(_) => ErrorCode::AlreadyWatching,
            NotWatching(_) | WatchToChat(_) => ErrorCode::NotWatching,
            Unavailable(_) => ErrorCode::Unavailable,
            NoSuchTournament(_) => ErrorCode::NoSuchTournament,
            TournamentRefused(_) => ErrorCode::TournamentRefused,
            PasswordNeeded => ErrorCode::PasswordNeeded,
        }
    }

    /// The `error` reply to the request `id`.
    pub(crate) fn to_msg(&self, id: Option<RequestId>) -> ServerMsg {
        let reason = match self {
            ServerError::Match(MatchError::IllegalMove(error)) => Some(error.code().to_owned()),
            _ => None,
        };
        let id = match self {
            // A frame that could not be read still names its id when it could.
            ServerError::Decode(error) => id.or_else(|| error.id.clone()),
            _ => id,
        };
        ServerMsg::Error {
            id,
            code: self.code(),
            message: self.to_string(),
            reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::MoveError;

    #[test]
    fn an_illegal_move_carries_the_engine_code_and_words() {
        let error = ServerError::from(MatchError::IllegalMove(MoveError::EmptyHouse { number: 3 }));
        match error.to_msg(Some(RequestId::Number(4))) {
            ServerMsg::Error {
                id,
                code,
                message,
                reason,
            } => {
                assert_eq!(id, Some(RequestId::Number(4)));
                assert_eq!(code, ErrorCode::IllegalMove);
                assert_eq!(message, "house 3 is empty");
                assert_eq!(reason.as_deref(), Some("empty_house"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_decode_error_keeps_its_code_and_id() {
        let error = ServerError::Decode(DecodeError {
            id: Some(RequestId::Number(9)),
            code: ErrorCode::UnknownType,
            message: "unknown message type \"fly\"".into(),
        });
        assert_eq!(error.code(), ErrorCode::UnknownType);
        assert_eq!(error.to_msg(None).request_id(), Some(&RequestId::Number(9)));
    }
}
