//! The tournaments this server runs (Swiss and arenas of matches,
//! docs/TOURNAMENTS.md):
//! each one's state ([`Tournament`]), which tournament each of their live
//! matches belongs to, and the connections following each. The hub
//! decides, stores and applies their steps one at a time
//! ([`Tournaments::turn`]); this service only keeps them and tells the
//! followers.

mod arena_run;
mod replicas;
mod shared;
mod stored;
mod swiss_run;
mod tournament;

pub(crate) use arena_run::DEFAULT_RATING;
pub(crate) use replicas::{LIST_KEPT_MS, Replicas};
pub(crate) use shared::Next;
pub(crate) use stored::Stored;
pub(crate) use tournament::{Tournament, check_entry, check_settings};

use crate::error::ServerError;
use crate::peer::Peer;
use crate::sync::lock;
use protocol::wire::{MatchId, PlayerId, ServerMsg, TournamentId, TournamentView};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// The tournaments, their matches and their followers.
pub(crate) struct Tournaments {
    inner: Mutex<Inner>,
    /// One step is decided, stored and applied at a time, across every
    /// tournament: a second joining player decides on the first's entry.
    steps: tokio::sync::Mutex<()>,
}

#[derive(Default)]
struct Inner {
    by_id: BTreeMap<TournamentId, Tournament>,
    /// The tournament of each live tournament match.
    boards: HashMap<MatchId, TournamentId>,
    /// The connections following each tournament.
    followers: HashMap<TournamentId, Vec<Peer>>,
}

/// The most connections one tournament tells of its changes; a follower
/// past it is refused (the list and the pages read it over HTTP anyway).
const MOST_FOLLOWERS: usize = 10_000;

impl Tournaments {
    pub(crate) fn new() -> Tournaments {
        Tournaments {
            inner: Mutex::new(Inner::default()),
            steps: tokio::sync::Mutex::new(()),
        }
    }

    /// Wait for the turn to take a step; the turn lasts while the guard lives.
    pub(crate) async fn turn(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.steps.lock().await
    }

    /// `read` of tournament `id`.
    pub(crate) fn read<R>(
        &self,
        id: TournamentId,
        read: impl FnOnce(&Tournament) -> R,
    ) -> Result<R, ServerError> {
        lock(&self.inner)
            .by_id
            .get(&id)
            .map(read)
            .ok_or(ServerError::NoSuchTournament(id))
    }

    /// Keep `tournament` (new, or as it is after a step), index its live
    /// matches and tell its followers.
    pub(crate) fn put(&self, tournament: Tournament) {
        let id = tournament.id();
        let view = tournament.view();
        let mut inner = lock(&self.inner);
        inner.boards.retain(|_, t| *t != id);
        for (_, match_id) in tournament.live_boards() {
            inner.boards.insert(match_id, id);
        }
        inner.by_id.insert(id, tournament);
        let message = ServerMsg::Tournament {
            id: None,
            tournament: Box::new(view),
        };
        if let Some(followers) = inner.followers.get_mut(&id) {
            // Serialised once for all of them (the lobby's card makes them many).
            let frame = crate::peer::frame(&message);
            followers.retain(|peer| !peer.is_closed() && peer.send_event(&frame, &message));
        }
    }

    /// Connection `peer` follows tournament `id`: its view now.
    pub(crate) fn follow(
        &self,
        id: TournamentId,
        code: Option<&str>,
        peer: &Peer,
    ) -> Result<TournamentView, ServerError> {
        let mut inner = lock(&self.inner);
        let view = inner
            .by_id
            .get(&id)
            .filter(|t| t.admits(code))
            .map(Tournament::view)
            .ok_or(ServerError::NoSuchTournament(id))?;
        let followers = inner.followers.entry(id).or_default();
        followers.retain(|p| !p.is_closed());
        if !followers.iter().any(|p| p.id() == peer.id()) {
            if followers.len() >= MOST_FOLLOWERS {
                return Err(ServerError::TournamentRefused(format!(
                    "{MOST_FOLLOWERS} connections follow this tournament already: read it at /api/tournaments/{id}"
                )));
            }
            followers.push(peer.clone());
        }
        Ok(view)
    }

    /// Run tournament `id` here no more (another node runs it now): its
    /// followers, if it was here.
    pub(crate) fn remove(&self, id: TournamentId) -> Option<Vec<Peer>> {
        let mut inner = lock(&self.inner);
        inner.by_id.remove(&id)?;
        inner.boards.retain(|_, t| *t != id);
        Some(inner.followers.remove(&id).unwrap_or_default())
    }

    /// Connection `peer` follows tournament `id` no more.
    pub(crate) fn unfollow(&self, id: TournamentId, peer: &Peer) {
        if let Some(followers) = lock(&self.inner).followers.get_mut(&id) {
            followers.retain(|p| p.id() != peer.id() && !p.is_closed());
        }
    }

    /// How many tournaments are not over, and how many of them `director` directs.
    pub(crate) fn open_count(&self, director: PlayerId) -> (usize, usize) {
        let inner = lock(&self.inner);
        let open = inner.by_id.values().filter(|t| !t.is_over());
        let (mut all, mut his) = (0, 0);
        for tournament in open {
            all += 1;
            his += usize::from(tournament.director() == director);
        }
        (all, his)
    }

    /// The tournament match `match_id` belongs to, if any.
    pub(crate) fn tournament_of(&self, match_id: MatchId) -> Option<TournamentId> {
        lock(&self.inner).boards.get(&match_id).copied()
    }

    /// The newest `limit` public tournaments, the newest first.
    pub(crate) fn list(&self, limit: usize) -> Vec<TournamentView> {
        lock(&self.inner)
            .by_id
            .values()
            .rev()
            .filter(|t| !t.is_private())
            .take(limit)
            .map(Tournament::view)
            .collect()
    }

    /// Every tournament's id.
    pub(crate) fn ids(&self) -> Vec<TournamentId> {
        lock(&self.inner).by_id.keys().copied().collect()
    }

    /// Tournament `id` as everyone sees it (a private one only with its
    /// `code`).
    pub(crate) fn view(&self, id: TournamentId, code: Option<&str>) -> Option<TournamentView> {
        lock(&self.inner)
            .by_id
            .get(&id)
            .filter(|t| t.admits(code))
            .map(Tournament::view)
    }
}
