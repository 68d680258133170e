//! What matches tell the hub ([`MatchNotice`]): a changed lobby line, an
//! end, an agreed rematch, a closed or unloaded task.

use super::{Due, Hub, lock};
use crate::error::ServerError;
use crate::game::{self, Gone, MatchError, MatchNotice, MatchRequest};
use crate::lobby::matchmaker;
use crate::peer::Peer;
use crate::store::Write;
use protocol::wire::{
    MatchId, MatchSettings, MatchSummary, PlayerId, PlayerRef, RequestId, ServerMsg,
};
use std::sync::Arc;
use tokio::sync::mpsc;

impl Hub {
    /// Apply what matches tell the server, until the server stops.
    pub(crate) async fn serve_notices(self: Arc<Self>, mut notices: mpsc::Receiver<MatchNotice>) {
        loop {
            let notice = tokio::select! {
                notice = notices.recv() => notice,
                () = self.context.shutdown.cancelled() => None,
            };
            let Some(notice) = notice else { break };
            match notice {
                MatchNotice::Changed(summary) => self.match_changed(summary),
                MatchNotice::Ended {
                    match_id,
                    players,
                    real_time,
                    played,
                } => {
                    self.match_ended(match_id, players, real_time);
                    if let Some(played) = played {
                        self.tournament_match_ended(match_id, played);
                    }
                }
                MatchNotice::Rematch {
                    match_id,
                    players,
                    settings,
                    id,
                    reply,
                } => self.start_rematch(match_id, players, settings, id, reply),
                MatchNotice::Closed(id) => self.matches.closed(id),
                MatchNotice::Unloaded { match_id, wake_at } => {
                    self.matches.unloaded(match_id);
                    if let Some(at) = wake_at {
                        self.timers.at(at, Due::Wake(match_id));
                    }
                }
            }
        }
    }

    /// Start the rematch that match `match_id` agreed on, and answer it
    /// through its inbox once the new match's opening is stored (or the
    /// rematch is refused). A rematch is never a wait in the pool: it
    /// starts or is refused. Neither match waits for the other.
    pub(super) fn start_rematch(
        self: &Arc<Self>,
        match_id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        id: Option<RequestId>,
        reply: Peer,
    ) {
        let proposal = matchmaker::rematch(players, settings);
        let begun = self
            .begin(|_| Ok(proposal))
            .and_then(|begun| begun.ok_or(ServerError::from(MatchError::MatchOver)));
        let hub = Arc::clone(self);
        self.context.tasks.spawn(async move {
            let result = match begun {
                Ok((rematch_id, opened)) => game::opened(opened).await.map(|()| rematch_id),
                Err(error) => Err(error),
            };
            let answer = MatchRequest::RematchStarted { result, id, reply };
            let sent = match hub.matches.get(match_id) {
                Some(old) => old.send(answer).await,
                None => Err(Gone(answer)),
            };
            // The old match has gone meanwhile: its player is answered here.
            if let Err(Gone(MatchRequest::RematchStarted { result, id, reply })) = sent {
                match result {
                    Ok(_) => {
                        reply.send_msg(&ServerMsg::Ok { id });
                    }
                    Err(error) => reply.refuse(&error, id),
                }
            }
        });
    }

    /// A match's score or spectators changed: update its lobby line.
    pub(super) fn match_changed(&self, summary: MatchSummary) {
        self.lobby.lock().update_match(summary);
    }

    /// A match ended: unlist it; its players are free of it, and those who
    /// are away with nothing left at stake may be forgotten later.
    pub(super) fn match_ended(&self, id: MatchId, players: [PlayerId; 2], real_time: bool) {
        let now = self.now();
        for player in players {
            // A match's end counts as activity: a guest's name is kept from then.
            self.store.write_later(Write::Seen {
                id: player.0,
                at_ms: now,
            });
        }
        let mut identities = lock(&self.identities);
        for player in identities.release(players, id, real_time, now) {
            if let Some(at) = identities.arm_forget(player) {
                self.timers.at(at, Due::ForgetIdentity(player));
            }
        }
        drop(identities);
        self.lobby.lock().unlist_match(id);
    }
}
