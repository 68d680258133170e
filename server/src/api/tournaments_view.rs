//! The tournaments as anyone may read them, signed in or not:
//! `GET /api/tournaments` (the newest first) and `GET /api/tournaments/ID`
//! (standings, each round's boards and results; a private one only with
//! `?code=`, else it is not found); on a cluster, one another node runs as
//! the journal has it.

use crate::api::answer::{self, Answer, json};
use crate::api::routes::ApiRefusal;
use protocol::wire::{TournamentId, TournamentView};

/// The most tournaments one answer lists.
pub(crate) const LISTED: usize = 100;

/// Where the tournaments are.
pub(crate) trait Tournaments {
    /// The newest `limit` tournaments, the newest first (on a cluster, the
    /// other nodes' too).
    fn tournament_list(&self, limit: usize) -> impl Future<Output = Vec<TournamentView>> + Send;
    /// Tournament `id`, if there is one (and, private, `code` is its code).
    fn tournament_view(&self, id: TournamentId, code: Option<&str>) -> Option<TournamentView>;
    /// Tournament `id` when another node runs it, read from the journal.
    fn tournament_elsewhere(
        &self,
        id: TournamentId,
        code: Option<&str>,
    ) -> impl Future<Output = Option<TournamentView>> + Send;
}

/// The answer to `GET /api/tournaments`.
pub(crate) async fn list(tournaments: &impl Tournaments) -> Answer {
    json(&tournaments.tournament_list(LISTED).await)
}

/// The answer to `GET /api/tournaments/ID`: the tournament as this node
/// runs it, or as the journal has it when another node of the cluster does.
pub(crate) async fn one(tournaments: &impl Tournaments, id: u64, code: Option<&str>) -> Answer {
    let id = TournamentId(id);
    let view = match tournaments.tournament_view(id, code) {
        Some(view) => Some(view),
        None => tournaments.tournament_elsewhere(id, code).await,
    };
    match view {
        Some(view) => json(&view),
        None => answer::refused(ApiRefusal::NotFound(format!("no tournament {id}"))),
    }
}
