//! Requests another node answers (`--cluster`): about a live match it
//! serves, taking a seek it holds (by id or by code), the quick-pairing
//! pool it keeps, challenging a player signed in there or withdrawing a
//! challenge made there, entering, leaving or following a tournament it
//! runs. They are forwarded to it, and it answers the
//! client through this connection.

use super::Session;
use crate::error::ServerError;
use crate::net::context::Asking;
use protocol::wire::{ClientFrame, ClientMsg, MatchId, PlayerRef, TournamentId};
use std::sync::Arc;

/// Matches whose serving node a connection remembers, at most.
const REMEMBERED: usize = 64;
/// Looks, a third of `--lease-ms` apart, for the node that took over a
/// match whose node stopped: its lease lapses within three.
const TAKEOVER_LOOKS: usize = 6;

/// The match a request is about, if it is one a match answers.
fn match_of(msg: &ClientMsg) -> Option<MatchId> {
    match msg {
        ClientMsg::Move { match_id, .. }
        | ClientMsg::Resign { match_id }
        | ClientMsg::Berserk { match_id }
        | ClientMsg::Forfeit { match_id }
        | ClientMsg::Abort { match_id }
        | ClientMsg::DrawOffer { match_id }
        | ClientMsg::DrawAccept { match_id }
        | ClientMsg::DrawDecline { match_id }
        | ClientMsg::Claim { match_id }
        | ClientMsg::RematchOffer { match_id }
        | ClientMsg::RematchAccept { match_id }
        | ClientMsg::RematchDecline { match_id }
        | ClientMsg::Chat { match_id, .. }
        | ClientMsg::Watch { match_id }
        | ClientMsg::Resume { match_id, .. }
        | ClientMsg::Unwatch { match_id } => Some(*match_id),
        _ => None,
    }
}

impl Session {
    /// The other node that answers `msg`, if another does: the node
    /// serving its match, or holding the seek it takes.
    pub(super) async fn node_for(&mut self, msg: &ClientMsg) -> Option<String> {
        let cluster = self.conns.cluster.as_ref()?;
        match msg {
            ClientMsg::SeekAccept { seek_id } => return self.hub().seek_node(*seek_id),
            ClientMsg::SeekJoin { code } => {
                let node = self.hub().code_node(code)?;
                // A code tried costs the same wherever its seek is.
                return self.conns.addresses.code_allowed(self.ip).then_some(node);
            }
            ClientMsg::Challenge { name, .. } => return self.hub().challenge_node(name),
            ClientMsg::ChallengeWithdraw { challenge_id } => {
                if self.hub().has_challenge(*challenge_id) {
                    return None;
                }
                return cluster.challenge_node(self.peer.id(), challenge_id.0);
            }
            ClientMsg::TournamentJoin { tournament_id, .. }
            | ClientMsg::TournamentWithdraw { tournament_id }
            | ClientMsg::TournamentPause { tournament_id, .. }
            | ClientMsg::TournamentWatch { tournament_id, .. }
            | ClientMsg::TournamentUnwatch { tournament_id } => {
                return self.tournament_node(*tournament_id).await;
            }
            ClientMsg::PoolJoin { .. } | ClientMsg::PoolLeave => {
                let player = self.player.as_ref()?.id;
                // A place taken here before the pool moved is left here.
                if matches!(msg, ClientMsg::PoolLeave) && self.hub().in_local_pool(player) {
                    return None;
                }
                let node = cluster.pool_node(self.hub().other_nodes());
                return (node != cluster.node()).then_some(node);
            }
            _ => {}
        }
        let match_id = match_of(msg)?;
        self.serving_node(match_id).await
    }

    /// The other node that serves live match `match_id`, if one does: not
    /// without a cluster, nor while this node serves it (it may have taken
    /// it over since the connection last asked). One read of the journal
    /// and one of Redis the first time a connection asks for a match it
    /// does not find here. A node that stopped holds its matches until
    /// their leases lapse: the request waits for that (within twice
    /// `--lease-ms`), and for the match to be taken over here or elsewhere.
    /// A match no node holds (its node handed it over as it stopped) is
    /// taken over here, unless another node has just done so: then that
    /// node serves it.
    pub(super) async fn serving_node(&mut self, match_id: MatchId) -> Option<String> {
        let cluster = Arc::clone(self.conns.cluster.as_ref()?);
        if self.hub().is_live(match_id) {
            self.elsewhere.remove(&match_id);
            return None;
        }
        if let Some(node) = self.elsewhere.get(&match_id) {
            return Some(node.clone());
        }
        let clock = self.conns.context.clock.clone();
        let every = (cluster.lease_ms() / 3).max(1);
        for _ in 0..TAKEOVER_LOOKS {
            match self.other_owner(match_id).await? {
                Some(node) if cluster.is_running(&node).await => {
                    return Some(self.remember(match_id, node));
                }
                // A stopped node's lease lapses soon: looked at again below.
                Some(_) => {}
                None => {
                    if matches!(self.hub().find_match(match_id).await, Ok(Some(_))) {
                        return None;
                    }
                    let node = self.other_owner(match_id).await??;
                    return cluster
                        .is_running(&node)
                        .await
                        .then(|| self.remember(match_id, node));
                }
            }
            if matches!(self.hub().find_match(match_id).await, Ok(Some(_))) {
                return None;
            }
            clock.sleep_until(clock.now() + every).await;
        }
        None
    }

    /// The other node holding `match_id`'s lease: `Some(None)` when none
    /// does, `None` when the journal cannot say.
    async fn other_owner(&self, match_id: MatchId) -> Option<Option<String>> {
        let cluster = self.conns.cluster.as_ref()?;
        match self.conns.store.match_owner(match_id.0).await {
            Ok(owner) => Some(owner.filter(|node| *node != cluster.node())),
            Err(error) => {
                tracing::debug!("the node serving match {match_id} could not be read: {error}");
                None
            }
        }
    }

    /// The other node that runs tournament `id`, if another does (and is
    /// running): the journal names it. Remembered for the connection's
    /// next requests about it. A tournament not over whose node stopped
    /// is taken over within a lease: the request waits for that (within
    /// twice `--lease-ms`), here or elsewhere.
    async fn tournament_node(&mut self, id: TournamentId) -> Option<String> {
        let cluster = Arc::clone(self.conns.cluster.as_ref()?);
        if self.hub().runs_tournament(id) {
            return None;
        }
        if let Some(node) = self.tournaments_elsewhere.get(&id) {
            return Some(node.clone());
        }
        let clock = self.conns.context.clock.clone();
        let every = (cluster.lease_ms() / 3).max(1);
        for _ in 0..TAKEOVER_LOOKS {
            let runner = self.hub().tournament_runner(id).await?;
            if runner.node == cluster.node() {
                return None;
            }
            if cluster.is_running(&runner.node).await {
                if self.tournaments_elsewhere.len() >= REMEMBERED {
                    self.tournaments_elsewhere.clear();
                }
                self.tournaments_elsewhere.insert(id, runner.node.clone());
                return Some(runner.node);
            }
            // Nobody takes over a tournament that is over.
            if runner.over || self.hub().runs_tournament(id) {
                return None;
            }
            clock.sleep_until(clock.now() + every).await;
            if self.hub().runs_tournament(id) {
                return None;
            }
        }
        None
    }

    /// Remember that `node` serves `match_id`, for this connection's next requests.
    fn remember(&mut self, match_id: MatchId, node: String) -> String {
        if self.elsewhere.len() >= REMEMBERED {
            self.elsewhere.clear();
        }
        self.elsewhere.insert(match_id, node.clone());
        node
    }

    /// Send `frame` to the other node that answers it, if one does: `true`
    /// once it heard it (it answers the client), or once the request was
    /// refused with `unavailable` (the messages between nodes are backed
    /// up); `false` if this node answers it (a node that stopped is asked
    /// no more: its match is taken over here or elsewhere meanwhile).
    pub(super) async fn forwarded(&mut self, player: &PlayerRef, frame: &ClientFrame) -> bool {
        let Some(cluster) = self.conns.cluster.clone() else {
            return false;
        };
        // A node found stopped is looked past the second time.
        for _ in 0..2 {
            let Some(node) = self.node_for(&frame.msg).await else {
                return false;
            };
            if self
                .relayed_from
                .as_ref()
                .is_some_and(|(from, _)| *from == node)
            {
                let error = ServerError::unavailable(
                    "this match is served by the node you are connected to now: send it again",
                );
                self.error(frame.id.clone(), &error);
                return true;
            }
            let asking = Asking {
                peer: &self.peer,
                behalf: self.behalf.as_ref(),
                player,
                ip: self.ip,
                for_him: self.for_him,
            };
            match cluster.forward(&node, asking, frame.clone()).await {
                Some(true) => {
                    tracing::debug!(
                        "a request (match {:?}) forwarded to {node}",
                        match_of(&frame.msg)
                    );
                    return true;
                }
                Some(false) => {
                    self.elsewhere.retain(|_, serving| *serving != node);
                    self.tournaments_elsewhere
                        .retain(|_, running| *running != node);
                }
                None => {
                    let error =
                        ServerError::unavailable("the node serving this cannot be reached now");
                    self.error(frame.id.clone(), &error);
                    return true;
                }
            }
        }
        false
    }
}
