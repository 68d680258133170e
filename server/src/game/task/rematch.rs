//! A rematch: agreed here, started by the hub (which answers through this
//! match's inbox, so neither match waits for the other), and linked once it
//! has started.

use super::{MatchTask, Outcome};
use crate::error::{MatchError, ServerError};
use crate::game::state::Request;
use crate::game::task::MatchNotice;
use crate::peer::Peer;
use protocol::wire::{MatchId, RequestId, Seat, ServerMsg};

impl MatchTask {
    pub(super) async fn rematch(
        &mut self,
        seat: Seat,
        accept: Option<bool>,
        id: Option<RequestId>,
        reply: Peer,
    ) {
        if self.rematch_starting {
            // Both agreed already; the rematch is starting.
            reply.refuse(
                &ServerError::from(MatchError::AlreadyOffered("rematch")),
                id,
            );
            return;
        }
        match self.carry_out(Request::Rematch { seat, accept }).await {
            Ok(Outcome::RematchAgreed(players, settings)) => {
                self.rematch_starting = true;
                let notice = MatchNotice::Rematch {
                    match_id: self.state.id(),
                    players,
                    settings,
                    id,
                    reply,
                };
                let _ = self.env.notices.send(notice).await;
            }
            result => self.answer(result, id, &reply).await,
        }
    }

    /// The rematch agreed here started (or not): answer the player who
    /// agreed last, and record the link to the new match.
    pub(super) async fn rematch_started(
        &mut self,
        result: Result<MatchId, ServerError>,
        id: Option<RequestId>,
        reply: Peer,
    ) {
        self.rematch_starting = false;
        let rematch_id = match result {
            Ok(rematch_id) => rematch_id,
            Err(error) => {
                reply.refuse(&error, id);
                return;
            }
        };
        reply.send_msg(&ServerMsg::Ok { id });
        match self.carry_out(Request::RematchStarted { rematch_id }).await {
            Ok(outcome) => self.publish(outcome.told()).await,
            // The rematch plays; only the link to it is missing.
            Err(error) => tracing::error!("a rematch link could not be stored: {error}"),
        }
    }
}
