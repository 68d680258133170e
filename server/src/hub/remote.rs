//! The hub's side of a cluster (`--cluster`): this node's lobby told to
//! the other nodes, theirs shown here, and a client of another node signed
//! in here while his requests are relayed, so that matches and pairings
//! made here reach him.

use super::{Hub, lock};
use crate::error::ServerError;
use crate::lobby::remote::{News, Shown};
use crate::peer::Peer;
use protocol::wire::{ChallengeId, PlayerId, PlayerRef, SeekId};
use tokio::sync::mpsc;

/// This node's lobby changes waiting to be told to the others, at most;
/// past it the others are sent the whole lobby instead.
const NEWS_QUEUE: usize = 4_096;

impl Hub {
    /// From now on, this node's lobby changes come out of the returned queue.
    pub(crate) fn tell_others(&self) -> mpsc::Receiver<News> {
        let (queue, news) = mpsc::channel(NEWS_QUEUE);
        self.lobby.tell_others(queue);
        news
    }

    /// Whether changes for the other nodes were dropped since last asked.
    pub(crate) fn others_missed_news(&self) -> bool {
        self.lobby.others_missed_news()
    }

    /// This node's whole lobby, for the others.
    pub(crate) fn lobby_shown(&self) -> Shown {
        self.lobby.lock().shown()
    }

    /// A change of `node`'s lobby, or of one of its players.
    pub(crate) fn hear(&self, node: &str, news: News) {
        if let News::Player { id } = news {
            lock(&self.identities).drop_if_idle(PlayerId(id));
            return;
        }
        self.lobby.lock().hear(node, news);
    }

    /// Player `player` changed here (his password is stored): the other
    /// nodes are told.
    pub(crate) fn player_changed(&self, player: PlayerId) {
        self.lobby.lock().tell_player_changed(player);
    }

    /// Whether `player` is signed in or plays on another node, as their
    /// lobbies say.
    pub(super) fn active_elsewhere(&self, player: PlayerId) -> bool {
        let name = lock(&self.identities)
            .presence(player)
            .map(|(name, _)| name);
        let lobby = self.lobby.lock();
        name.is_some_and(|name| lobby.player_node(&name).is_some())
            || lobby.playing_elsewhere(player).matches > 0
    }

    /// `node`'s whole lobby.
    pub(crate) fn replace_node(&self, node: &str, shown: Shown) {
        self.lobby.lock().replace_node(node, shown);
    }

    /// `node` stopped, or this node lost touch with the others (`None`:
    /// every node): their lobbies are shown no more.
    pub(crate) fn forget_nodes(&self, nodes: Option<&[String]>) {
        let mut lobby = self.lobby.lock();
        let all = lobby.other_nodes();
        for node in all
            .iter()
            .filter(|n| nodes.is_none_or(|nodes| nodes.contains(n)))
        {
            lobby.forget_node(node);
        }
    }

    /// The other nodes whose lobbies are shown here.
    pub(crate) fn other_nodes(&self) -> Vec<String> {
        self.lobby.lock().other_nodes()
    }

    /// Whether `player` waits in this node's quick-pairing pool.
    pub(crate) fn in_local_pool(&self, player: PlayerId) -> bool {
        self.lobby.lock().in_pool(player)
    }

    /// The node holding the private seek of `code`, if another node does.
    pub(crate) fn code_node(&self, code: &str) -> Option<String> {
        self.lobby.lock().code_node(code).map(str::to_owned)
    }

    /// The other node to challenge `name` on: none if he is signed in
    /// here (or through a relay here), else the node he is signed in on.
    pub(crate) fn challenge_node(&self, name: &str) -> Option<String> {
        if lock(&self.identities).online_by_name(name).is_some() {
            return None;
        }
        let key = crate::players::names::name_key(name);
        self.lobby.lock().player_node(&key).map(str::to_owned)
    }

    /// Whether challenge `id` waits on this node.
    pub(crate) fn has_challenge(&self, id: ChallengeId) -> bool {
        self.lobby.lock().challenge(id).is_some()
    }

    /// The node holding seek `id`, if another node does.
    pub(crate) fn seek_node(&self, id: SeekId) -> Option<String> {
        self.lobby.lock().seek_node(id).map(str::to_owned)
    }

    /// Sign `player`, a client of another node, in on `peer`, the relay of
    /// his connection here: learnt from the journal if this node does not
    /// know him; nothing stored, no welcome sent, and not counted online
    /// here (his own node counts him).
    pub(crate) async fn login_relayed(
        &self,
        player: &PlayerRef,
        peer: &Peer,
    ) -> Result<(), ServerError> {
        self.learn_player(&player.name, None, false).await?;
        let mut identities = lock(&self.identities);
        let signed_in = identities.sign_in_relayed(player.id, peer)?;
        if let Some((name, here)) = identities.presence(player.id) {
            self.lobby.lock().set_present(name, here);
        }
        self.matches.link(&signed_in.matches, player.id, peer);
        Ok(())
    }
}
