//! The lobby as anyone may see it without signing in (`GET /api/lobby`),
//! for the front page: a page of the public seeks and of the live matches.

use crate::api::answer::{Answer, json};
use protocol::api::LobbyView;

/// Where the lobby is.
pub(crate) trait Lobby {
    /// A page of the public seeks open to every rating, and of the live
    /// matches, with how many are live and online.
    fn lobby_view(&self) -> LobbyView;
}

/// The answer to `GET /api/lobby`.
pub(crate) fn lobby(lobby: &impl Lobby) -> Answer {
    json(&lobby.lobby_view())
}
