//! The tournaments as anyone may read them, signed in or not:
//! `GET /api/tournaments` (the newest first) and `GET /api/tournaments/ID`
//! (standings, each round's boards and results; a private one only with
//! `?code=`, else it is not found).

use crate::api::answer::{self, Answer, json};
use crate::api::routes::ApiRefusal;
use protocol::wire::{TournamentId, TournamentView};

/// The most tournaments one answer lists.
pub(crate) const LISTED: usize = 100;

/// Where the tournaments are.
pub(crate) trait Tournaments {
    /// The newest `limit` tournaments, the newest first.
    fn tournament_list(&self, limit: usize) -> Vec<TournamentView>;
    /// Tournament `id`, if there is one (and, private, `code` is its code).
    fn tournament_view(&self, id: TournamentId, code: Option<&str>) -> Option<TournamentView>;
}

/// The answer to `GET /api/tournaments`.
pub(crate) fn list(tournaments: &impl Tournaments) -> Answer {
    json(&tournaments.tournament_list(LISTED))
}

/// The answer to `GET /api/tournaments/ID`.
pub(crate) fn one(tournaments: &impl Tournaments, id: u64, code: Option<&str>) -> Answer {
    match tournaments.tournament_view(TournamentId(id), code) {
        Some(view) => json(&view),
        None => answer::refused(ApiRefusal::NotFound(format!("no tournament {id}"))),
    }
}
