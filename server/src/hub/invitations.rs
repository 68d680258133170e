//! The hub's view of the private seeks, for the invitation page.

use super::Hub;
use crate::api::invitation::Invitations;
use protocol::wire::SeekInfo;

impl Invitations for Hub {
    fn invitation(&self, code: &str) -> Option<SeekInfo> {
        let lobby = self.lobby.lock();
        let id = lobby.seek_by_code(code)?;
        lobby.seek(id).cloned()
    }
}
