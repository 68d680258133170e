//! Lobby requests: the lobby feed, seeks, quick pairing, challenges, and
//! the budgets of challenges and offers.

use super::{Due, Hub, check_settings, lock};
use crate::error::ServerError;
use crate::game::Opened;
use crate::lobby::matchmaker;
use crate::lobby::pool::Waiting;
use crate::peer::Peer;
use crate::rating::glicko2;
use crate::store::Write;
use protocol::wire::{
    ChallengeCloseReason, ChallengeId, ChallengeInfo, MatchSettings, PlayerId, PlayerRef,
    RatingRange, RequestId, SeekId, SeekInfo, ServerMsg, Speed,
};
use std::sync::Arc;

impl Hub {
    /// `peer`, signed in as `viewer` or not at all, gets the lobby's
    /// snapshot and then its changes.
    pub(crate) fn subscribe(&self, peer: &Peer, viewer: Option<PlayerId>, id: Option<RequestId>) {
        self.lobby.subscribe(peer, viewer, id);
    }

    /// `peer` has just signed in as `player`: a lobby subscription it made
    /// before becomes his (a new snapshot shows what he may see).
    pub(crate) fn subscribed_as(&self, peer: &Peer, player: PlayerId) {
        if self.lobby.subscribed_anonymously(peer.id()) {
            self.lobby.subscribe(peer, Some(player), None);
        }
    }

    pub(crate) fn unsubscribe(&self, conn: u64) {
        self.lobby.unsubscribe(conn);
    }

    /// Open a seek; the reply waits until it is stored (the journal writes
    /// in order, so a flush queued after the seek's write answers once it
    /// is), so an acknowledged seek survives a crash. One that cannot be
    /// stored is withdrawn and the answer says why.
    pub(crate) async fn create_seek(
        &self,
        by: &PlayerRef,
        settings: MatchSettings,
        private: bool,
        rating_range: Option<RatingRange>,
    ) -> Result<ServerMsg, ServerError> {
        check_settings(&settings)?;
        if let Some(range) = rating_range {
            range.check().map_err(ServerError::InvalidSettings)?;
            if Speed::of(settings.time_control).is_none() {
                return Err(ServerError::InvalidSettings(
                    "an untimed seek has no rating to range over".into(),
                ));
            }
        }
        self.check_free(by, &settings)?;
        let seek_id = SeekId(self.next_id());
        let code = private.then(super::private_code);
        let rating = self.shown_rating(by.id, &settings);
        let seek = {
            let mut lobby = self.lobby.lock();
            if lobby.seeks_of(by.id) >= self.config.max_open_seeks {
                return Err(ServerError::TooManySeeks(self.config.max_open_seeks));
            }
            if lobby.seek_count() >= self.config.max_seeks_total {
                return Err(ServerError::LobbyFull(self.config.max_seeks_total));
            }
            lobby.add_seek(
                seek_id,
                by.clone(),
                settings,
                code.clone(),
                rating,
                rating_range,
            )
        };
        if let Err(error) = self.store.write(Write::Flush).durable().await {
            let _ = self.cancel_seek(by.id, seek_id);
            return Err(ServerError::unavailable(error));
        }
        Ok(ServerMsg::SeekCreated {
            id: None,
            seek,
            code,
        })
    }

    pub(crate) fn cancel_seek(&self, by: PlayerId, seek: SeekId) -> Result<(), ServerError> {
        let mut lobby = self.lobby.lock();
        match lobby.seek_owner(seek) {
            Some(owner) if owner == by => {
                lobby.remove_seek(seek);
                Ok(())
            }
            _ => Err(ServerError::NotYourSeek(seek)),
        }
    }

    /// Accept a seek by id (public) or code (private): the match starts.
    pub(crate) fn accept_seek(
        self: &Arc<Self>,
        by: &PlayerRef,
        seek: Result<SeekId, &str>,
    ) -> Result<Option<Opened>, ServerError> {
        let sees = |info: &SeekInfo| self.lobby.may_see(by.id, info);
        self.begin(|lobby| matchmaker::for_seek(lobby, by, seek, sees))
            .map(|started| started.map(|(_, opened)| opened))
    }

    /// `by` asks for a match with `settings` from the pool: it starts at
    /// once with the best partner waiting, or he waits for a wave.
    pub(crate) fn pool_join(
        self: &Arc<Self>,
        by: &PlayerRef,
        settings: MatchSettings,
    ) -> Result<Option<Opened>, ServerError> {
        check_settings(&settings)?;
        let waiting = Waiting {
            player: by.id,
            rating: self
                .shown_rating(by.id, &settings)
                .map_or(glicko2::INITIAL_RATING, |shown| shown.rating),
            since: self.now(),
            last_opponent: lock(&self.identities).last_opponent(by.id),
        };
        let started = self.begin(|lobby| matchmaker::for_pool(lobby, by, settings, waiting))?;
        if started.is_none() {
            self.arm_wave();
        }
        Ok(started.map(|(_, opened)| opened))
    }

    pub(crate) fn pool_leave(&self, by: PlayerId) -> Result<(), ServerError> {
        if self.lobby.lock().pool_leave(by) {
            Ok(())
        } else {
            Err(ServerError::NotInPool)
        }
    }

    pub(crate) fn challenge(
        &self,
        from: &PlayerRef,
        name: &str,
        settings: MatchSettings,
    ) -> Result<ChallengeInfo, ServerError> {
        check_settings(&settings)?;
        let (to, to_peer) = {
            let identities = lock(&self.identities);
            let Some((to, to_peer)) = identities.online_by_name(name) else {
                return Err(ServerError::NoSuchPlayer(name.to_owned()));
            };
            identities.check_computer_free(to.id, self.live_limits())?;
            (to, to_peer)
        };
        if to.id == from.id {
            return Err(ServerError::SelfChallenge);
        }
        self.check_free(from, &settings)?;
        {
            let lobby = self.lobby.lock();
            if lobby.challenges_from(from.id) >= self.config.max_challenges {
                return Err(ServerError::TooManyChallenges(self.config.max_challenges));
            }
            let max = self.config.max_challenges_to_player;
            if lobby.challenges_to(to.id) >= max {
                return Err(ServerError::TooManyChallengesTo { name: to.name, max });
            }
        }
        if !self.challenge_budgets.take(&from.id) {
            return Err(ServerError::RateLimited("challenge"));
        }
        let ttl = self.config.challenge_ttl_ms;
        let info = ChallengeInfo {
            challenge_id: ChallengeId(self.next_id()),
            from: from.clone(),
            to,
            settings,
            expires_in_ms: ttl,
        };
        self.lobby.lock().add_challenge(info.clone());
        to_peer.send_msg(&ServerMsg::ChallengeReceived {
            challenge: info.clone(),
        });
        self.timers
            .at(self.now() + ttl, Due::ChallengeExpiry(info.challenge_id));
        Ok(info)
    }

    /// Spend one of `player`'s draw and rematch offers and declines;
    /// `rate_limited` when they are spent. Computers have no such budget.
    pub(crate) fn take_offer(&self, player: PlayerId) -> Result<(), ServerError> {
        // A computer only declines what his opponents offer: theirs count.
        let computer = lock(&self.computers).iter().any(|c| c.id == player);
        if computer || self.offer_budgets.take(&player) {
            Ok(())
        } else {
            Err(ServerError::RateLimited("offer"))
        }
    }

    /// Accept a challenge made to `by`: the match starts.
    pub(crate) fn challenge_accept(
        self: &Arc<Self>,
        by: PlayerId,
        challenge: ChallengeId,
    ) -> Result<Option<Opened>, ServerError> {
        let started = self.begin(|lobby| matchmaker::for_challenge(lobby, by, challenge));
        if let Err(ServerError::ComputerBusy { .. }) = &started {
            // A computer that cannot take it on says no at once, rather
            // than leave the challenger waiting for the expiry.
            let _ = self.close_challenge(challenge, ChallengeCloseReason::Declined, Some(by));
        }
        started.map(|started| started.map(|(_, opened)| opened))
    }

    /// Decline (by the challenged) or withdraw (by the challenger); `None` as
    /// `by` for the expiry timer. The other side is told.
    pub(crate) fn close_challenge(
        &self,
        challenge: ChallengeId,
        reason: ChallengeCloseReason,
        by: Option<PlayerId>,
    ) -> Result<(), ServerError> {
        let info = {
            let mut lobby = self.lobby.lock();
            let allowed = match (lobby.challenge(challenge), reason, by) {
                (Some(info), ChallengeCloseReason::Declined, Some(by)) => info.to.id == by,
                (Some(info), ChallengeCloseReason::Withdrawn, Some(by)) => info.from.id == by,
                (Some(_), ChallengeCloseReason::Expired, None) => true,
                _ => false,
            };
            if allowed {
                lobby.remove_challenge(challenge)
            } else {
                None
            }
        };
        let Some(info) = info else {
            return Err(ServerError::NoPendingChallenge(challenge));
        };
        let msg = ServerMsg::ChallengeClosed {
            challenge_id: challenge,
            reason,
        };
        let identities = lock(&self.identities);
        for player in [info.from.id, info.to.id] {
            if Some(player) != by
                && let Some(peer) = identities.peer_of(player)
            {
                peer.send_msg(&msg);
            }
        }
        Ok(())
    }
}
