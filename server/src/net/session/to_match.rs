//! A session's match requests: finding the match (loaded again if it left
//! memory), sending a request to its inbox, chat, watching and resuming.

use super::{Next, Session};
use crate::error::ServerError;
use crate::game::{Action, Gone, MatchHandle, MatchRequest};
use crate::peer::Peer;
use protocol::wire::{MatchId, PlayerRef, RequestId, Seat};

/// How often a request for a match that stopped answering is sent again,
/// yielding in between, while the hub takes note that it left memory.
const GONE_RETRIES: usize = 64;

impl Session {
    /// The handle of a match that still answers (loaded from the journal
    /// if it had left memory), or `no_such_match`; `unavailable` ("send it
    /// again") for a live match another node still holds that could not be
    /// reached (a stopping node keeps its leases until it has written
    /// everything out).
    pub(super) async fn live_match(&self, match_id: MatchId) -> Result<MatchHandle, ServerError> {
        if let Some(handle) = self.hub().find_match(match_id).await? {
            return Ok(handle);
        }
        if self.conns.cluster.is_some()
            && matches!(self.conns.store.match_owner(match_id.0).await, Ok(Some(_)))
        {
            return Err(ServerError::unavailable(
                "this match is moving to another node: send it again",
            ));
        }
        Err(ServerError::NoSuchMatch(match_id))
    }

    /// Queue `request` for `handle`'s match; `no_such_match` if it has
    /// stopped answering meanwhile. A match that has just left memory is
    /// asked for again (the hub loads it once it has heard it left).
    pub(super) async fn send_to(
        &self,
        handle: &MatchHandle,
        match_id: MatchId,
        request: MatchRequest,
    ) -> Result<(), ServerError> {
        let mut request = match handle.send(request).await {
            Ok(()) => return Ok(()),
            Err(Gone(request)) => request,
        };
        for _ in 0..GONE_RETRIES {
            tokio::task::yield_now().await;
            let Some(handle) = self.hub().find_match(match_id).await? else {
                break;
            };
            request = match handle.send(request).await {
                Ok(()) => return Ok(()),
                Err(Gone(request)) => request,
            };
        }
        Err(ServerError::NoSuchMatch(match_id))
    }

    /// Send a player's request to his match, which answers it.
    pub(super) async fn to_match(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        request: impl FnOnce(Seat, Option<RequestId>, Peer) -> MatchRequest,
    ) -> Next {
        let sent = async {
            let handle = self.live_match(match_id).await?;
            let seat = handle
                .seat_of(player.id)
                .ok_or(ServerError::NotAPlayer(match_id))?;
            let request = request(seat, id.clone(), self.peer.clone());
            self.send_to(&handle, match_id, request).await
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    pub(super) async fn act(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        action: Action,
    ) -> Next {
        let request = move |seat, id, reply| MatchRequest::Act {
            seat,
            action,
            id,
            reply,
        };
        self.to_match(id, match_id, player, request).await
    }

    pub(super) async fn rematch(
        &self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        accept: Option<bool>,
    ) -> Next {
        let request = move |seat, id, reply| MatchRequest::Rematch {
            seat,
            accept,
            id,
            reply,
        };
        self.to_match(id, match_id, player, request).await
    }

    /// A chat message: checked for length and rate here, routed to its room by the match.
    pub(super) async fn chat(
        &mut self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        text: String,
    ) -> Next {
        let sent = async {
            let text = text.trim().to_owned();
            let limit = self.conns.limits.session.chat_max_chars;
            if text.is_empty() {
                return Err(ServerError::ChatEmpty);
            }
            if text.chars().count() > limit {
                return Err(ServerError::ChatTooLong(limit));
            }
            let window = self.conns.limits.session.chat_window_ms;
            let now = self.conns.context.now();
            self.chat_times.retain(|&t| now.saturating_sub(t) < window);
            if self.chat_times.len() >= self.conns.limits.session.chat_burst {
                return Err(ServerError::ChatRateLimited {
                    burst: self.conns.limits.session.chat_burst,
                    seconds: window / 1000,
                });
            }
            self.chat_times.push_back(now);
            let handle = self.live_match(match_id).await?;
            let request = MatchRequest::Chat {
                from: player.clone(),
                seat: handle.seat_of(player.id),
                text,
                id: id.clone(),
                reply: self.peer.clone(),
            };
            self.send_to(&handle, match_id, request).await
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    /// For a spectator of another node (a relayed connection), the lane
    /// through which its node's spectators watch `match_id` here.
    fn lane(&self, match_id: MatchId) -> Option<Peer> {
        let (origin, conn) = self.relayed_from.as_ref()?;
        let cluster = self.conns.cluster.as_ref()?;
        Some(cluster.lane(&self.conns, origin, match_id, *conn))
    }

    /// Forget watched matches that no longer answer.
    pub(super) fn prune_watching(&mut self) {
        let hub = &self.conns.hub;
        self.watching.retain(|&id| hub.is_live(id));
    }

    /// Room for one more watched match (once those that no longer answer
    /// are forgotten), or `too_many_watched`; one already watched has its room.
    pub(super) fn watch_slot(&mut self, match_id: MatchId) -> Result<(), ServerError> {
        self.prune_watching();
        let max = self.conns.limits.session.max_watched;
        if !self.watching.contains(&match_id) && self.watching.len() >= max {
            return Err(ServerError::TooManyWatched(max));
        }
        Ok(())
    }

    /// Catch up on a match after reconnecting, as its player or a spectator
    /// (who counts against the watch limit like a `watch`).
    pub(super) async fn resume(
        &mut self,
        id: Option<RequestId>,
        match_id: MatchId,
        player: &PlayerRef,
        last_version: u64,
    ) -> Next {
        let sent = async {
            let handle = self.live_match(match_id).await?;
            let seat = handle.seat_of(player.id);
            if seat.is_none() {
                self.watch_slot(match_id)?;
            }
            let lane = match seat {
                Some(_) => None,
                None => self.lane(match_id),
            };
            let request = MatchRequest::Resume {
                id: id.clone(),
                peer: self.peer.clone(),
                seat,
                lane,
                last_version,
            };
            self.send_to(&handle, match_id, request).await?;
            match seat {
                Some(_) => self.seated.insert(match_id),
                None => self.watching.insert(match_id),
            };
            Ok(())
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    pub(super) async fn watch(&mut self, id: Option<RequestId>, match_id: MatchId) -> Next {
        let sent = async {
            let handle = self.live_match(match_id).await?;
            self.watch_slot(match_id)?;
            if self.watching.contains(&match_id) {
                return Err(ServerError::AlreadyWatching(match_id));
            }
            let request = MatchRequest::Watch {
                id: id.clone(),
                peer: self.peer.clone(),
                lane: self.lane(match_id),
            };
            self.send_to(&handle, match_id, request).await?;
            self.watching.insert(match_id);
            Ok(())
        };
        if let Err(error) = sent.await {
            self.error(id, &error);
        }
        Next::Continue
    }

    pub(super) async fn unwatch(&mut self, match_id: MatchId) -> Result<(), ServerError> {
        self.prune_watching();
        if !self.watching.remove(&match_id) {
            return Err(ServerError::NotWatching(match_id));
        }
        if let Some(handle) = self.hub().match_handle(match_id) {
            let conn = self.peer.id();
            let _ = handle.send(MatchRequest::Unwatch { conn }).await;
        }
        Ok(())
    }
}
