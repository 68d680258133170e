//! Why a match refuses a request: the match core's own errors (the game
//! module re-exports them as `game::MatchError`). Kept here, beside
//! [`super::ServerError`], which wraps them, so that the errors sit below
//! every module that uses them; the one place they become wire codes is
//! [`super::ServerError::code`].

use protocol::rules::MoveError;

/// A refused request; nothing changed in the match.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum MatchError {
    #[error("it is the other player's turn")]
    NotYourTurn,
    #[error("{0}")]
    IllegalMove(MoveError),
    #[error("ply {ply} of game {game} was already played (house {house})")]
    StalePly { game: u8, ply: u32, house: u8 },
    #[error("the next ply of game {game} is {next}")]
    WrongPly { game: u8, next: u32 },
    #[error("game {game} is not being played; the current game is {current}")]
    WrongGame { game: u8, current: usize },
    #[error("game {0} is over")]
    GameOver(u8),
    #[error("the match is over")]
    MatchOver,
    #[error("a match can only be aborted before its first move")]
    TooLateToAbort,
    #[error("a tournament's match cannot be aborted: it counts, so play it, resign or forfeit")]
    CannotAbort,
    #[error("a tournament's match has no rematch: the tournament pairs you next")]
    CannotRematch,
    #[error("your opponent has not offered a draw")]
    NoDrawOffer,
    #[error("your {0} offer is pending")]
    AlreadyOffered(&'static str),
    #[error("a real-time game can be claimed once the opponent has been away {0} s")]
    CannotClaim(u64),
    #[error(
        "you cannot berserk here: only in an arena that allows it, before your first move of the match's first game, once"
    )]
    CannotBerserk,
    #[error("a rematch can be offered once the match is over")]
    MatchNotOver,
    #[error("your opponent has not offered a rematch")]
    NoRematchOffer,
}
