//! Which node runs a tournament, and how one moves: at a restart a node
//! rebuilds the tournaments it runs from their steps; on a cluster
//! (`--cluster`) it renews its hold on them with its leases, lets go of
//! those another node took (it had stopped renewing: hung, or cut off),
//! and takes over those whose node stopped, rebuilding each from the
//! journal. Their boards' matches may be served anywhere then (taken over
//! like any match): the node running a tournament reads from the journal
//! the ends of those served elsewhere, as it does after a restart.

use super::{Due, Hub};
use crate::game::Played;
use crate::store::{TournamentRunner, TournamentSteps};
use crate::tournaments::{Stored, Tournament};
use protocol::wire::{MatchId, TournamentId, close};

/// Tournaments taken over at most per round.
const CLAIMS_PER_ROUND: usize = 100;

/// What a follower of a tournament this node no longer runs is told as
/// its connection closes (1012): coming back, it follows it where it runs.
const MOVED: &str = "the tournament you follow is run by another node now: reconnect to follow it";

impl Hub {
    /// The node that runs tournament `id` (or ran it last), as the
    /// journal says (`None`: not known, or on one machine).
    pub(crate) async fn tournament_runner(&self, id: TournamentId) -> Option<TournamentRunner> {
        match self.store.tournament_runner(id.0).await {
            Ok(node) => node,
            Err(error) => {
                tracing::debug!("tournament {id}'s node could not be read: {error}");
                None
            }
        }
    }

    /// Renew this node's hold on the tournaments it runs, and let go of
    /// those it lost.
    pub(super) async fn renew_runners_once(&self) {
        match self.store.renew_runners().await {
            Ok(lost) => {
                for id in lost {
                    let _turn = self.tournaments.turn().await;
                    self.drop_tournament(TournamentId(id));
                }
            }
            Err(error) => tracing::warn!("this node's tournaments could not be renewed: {error}"),
        }
    }

    /// Another node runs tournament `id` now: stop running it here (its
    /// steps would be refused), and close its followers' connections, to
    /// follow it where it runs when they come back. The caller holds the
    /// turn, so that no step under way puts it back.
    pub(super) fn drop_tournament(&self, id: TournamentId) {
        let Some(followers) = self.tournaments.remove(id) else {
            return;
        };
        tracing::warn!("tournament {id} is run by another node now; this node let it go");
        for peer in followers {
            peer.close(close::SERVICE_RESTART, MOVED);
        }
    }

    /// Take over the tournaments whose node stopped, then record the
    /// results of boards whose matches ended on other nodes.
    pub(super) async fn claim_tournaments_once(&self) {
        match self.store.claim_tournaments(CLAIMS_PER_ROUND).await {
            Ok(claimed) if claimed.is_empty() => {}
            Ok(claimed) => {
                let ids: Vec<TournamentId> =
                    claimed.iter().map(|(id, _)| TournamentId(*id)).collect();
                tracing::info!("took over tournaments {ids:?} whose node stopped");
                self.restore_tournaments(claimed);
                // Ends this node was told of before it ran them are in the
                // journal too.
                self.settle_boards(&ids, true).await;
            }
            Err(error) => tracing::warn!("no tournaments could be taken over: {error}"),
        }
        self.settle_boards(&self.tournaments.ids(), false).await;
    }

    /// The tournaments not over of `stored`, each rebuilt from its steps,
    /// run here: their live matches' results awaited, and their next
    /// pairing (or their unstarted boards) due.
    pub(super) fn restore_tournaments(&self, stored: Vec<TournamentSteps>) {
        let now = self.now();
        for (id, steps) in stored {
            let id = TournamentId(id);
            let steps: Result<Vec<Stored>, _> =
                steps.iter().map(|json| Stored::from_json(json)).collect();
            let steps = match steps {
                Ok(steps) => steps,
                Err(error) => {
                    tracing::error!(
                        "tournament {id} is not restored: a step does not read ({error})"
                    );
                    continue;
                }
            };
            let Some(tournament) = Tournament::restored(id, &steps) else {
                tracing::error!(
                    "tournament {id} is not restored: it does not start with its creation"
                );
                continue;
            };
            let over = tournament.is_over();
            self.tournaments.put(tournament);
            if !over {
                // Its timer finds what is due (or when it will be).
                self.timers.at(now, Due::TournamentRound(id));
            }
        }
    }

    /// After a restart: the result of every board whose match ended
    /// before the server stopped, when the server stopped before storing
    /// it. A board whose match is live here is told of its end as any.
    pub(super) async fn settle_tournament_boards(&self) {
        self.settle_boards(&self.tournaments.ids(), false).await;
    }

    /// The results of the boards of `tournaments` whose matches ended and
    /// were not recorded: those served elsewhere or not at all, and with
    /// `here_too` those served here (ended before this node ran the
    /// tournament). The match's end is in its events: replayed, they give
    /// its points and who moved. On a cluster only the matches the journal
    /// says ended are read.
    async fn settle_boards(&self, tournaments: &[TournamentId], here_too: bool) {
        let mut boards: Vec<(TournamentId, MatchId)> = Vec::new();
        for &id in tournaments {
            let Ok(live) = self.tournaments.read(id, Tournament::live_boards) else {
                continue;
            };
            boards.extend(
                live.into_iter()
                    .filter(|(_, match_id)| here_too || !self.matches.contains(*match_id))
                    .map(|(_, match_id)| (id, match_id)),
            );
        }
        if boards.is_empty() {
            return;
        }
        if self.store.has_leases() {
            let ids = boards.iter().map(|(_, m)| m.0).collect();
            match self.store.ended_matches(ids).await {
                Ok(ended) => boards.retain(|(_, m)| ended.contains(&m.0)),
                Err(error) => {
                    tracing::warn!("the ends of tournament matches cannot be read: {error}");
                    return;
                }
            }
        }
        for (id, match_id) in boards {
            self.settle_board(id, match_id).await;
        }
    }

    /// Record the result of tournament `id`'s board played as `match_id`,
    /// if its match has ended.
    async fn settle_board(&self, id: TournamentId, match_id: MatchId) {
        let events = match self.store.match_events(match_id.0).await {
            Ok(Some(events)) => events,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!("tournament {id}: match {match_id} cannot be read: {error}");
                return;
            }
        };
        let Ok((state, _)) = crate::game::journal::restore(&events) else {
            return;
        };
        if !state.is_over() {
            return;
        }
        let played = Played {
            points: state.points(),
            moved: state.moved(),
            berserked: state.berserked(),
        };
        // Recorded meanwhile (its end told here as it came): no news.
        let still_live = self
            .tournaments
            .read(id, |t| t.board_of(match_id).is_some())
            .unwrap_or(false);
        if !still_live {
            return;
        }
        if let Err(error) = self.record_result(id, match_id, played).await {
            tracing::warn!("tournament {id}: match {match_id}'s result is not recorded: {error}");
        }
    }
}
