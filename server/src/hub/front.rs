//! The hub's view of the lobby and of private seeks for the HTTP pages:
//! the front page's lobby and an invitation's seek.

use super::Hub;
use crate::api::invitation::Invitations;
use crate::api::lobby_view::Lobby;
use protocol::api::LobbyView;
use protocol::wire::SeekInfo;

impl Invitations for Hub {
    fn invitation(&self, code: &str) -> Option<SeekInfo> {
        let lobby = self.lobby.lock();
        let id = lobby.seek_by_code(code)?;
        lobby.seek(id).cloned()
    }
}

impl Lobby for Hub {
    fn lobby_view(&self) -> LobbyView {
        self.lobby.lock().view()
    }
}
