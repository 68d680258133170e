//! Bringing matches back from the journal: every live match at start
//! ([`Hub::restore`], before any connection is accepted), and one that left
//! memory when someone asks for it or its deadline comes ([`Hub::find_match`]).

use super::{Due, Hub, lock};
use crate::error::ServerError;
use crate::game::{MatchHandle, journal};
use crate::store::{self, Loaded, Write};
use protocol::wire::{MatchId, PlayerId, Seat, SeekId};
use std::collections::HashSet;

/// What a restart brought back.
pub(crate) struct Restored {
    pub(crate) players: usize,
    pub(crate) matches: usize,
    /// Matches whose journal could not be replayed (left in the database).
    pub(crate) damaged: usize,
}

/// What [`Hub::revive`] brought back.
pub(super) struct Revived {
    /// Matches serving again.
    pub(super) matches: usize,
    /// Matches whose journal could not be replayed (left in the database).
    pub(super) damaged: usize,
}

/// Replay every stored match, on every core: replaying is pure, and a
/// restart with 10,000 live matches spent most of its time here.
fn replay_all(matches: Vec<store::MatchEvents>) -> Vec<(u64, journal::Restored)> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = matches.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = matches
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(id, stored)| (*id, journal::restore(stored)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                worker.join().unwrap_or_else(|_| {
                    tracing::error!("a replay thread panicked; its matches are not restored");
                    Vec::new()
                })
            })
            .collect()
    })
}

impl Hub {
    /// After a restart: restore the players and live matches the journal
    /// holds, each match replayed into its state and resumed with the time
    /// the server was down charged to nobody. Returns once every restored
    /// match has stored its restart, before any connection is accepted.
    pub(crate) async fn restore(&self, loaded: Loaded) -> Restored {
        // Other nodes forward requests here before the replay is done (the
        // cluster is served from the start): they wait for it.
        let _under_way = self.taking_over.start();
        self.restore_loaded(loaded).await
    }

    async fn restore_loaded(&self, loaded: Loaded) -> Restored {
        let players = loaded.players.len();
        lock(&self.identities).restore(loaded.players);
        self.matches.ratings().restore(loaded.ratings);
        self.restore_seeks(loaded.seeks);
        let revived = self.revive(loaded.matches).await;
        self.restore_tournaments(loaded.tournaments);
        self.settle_tournament_boards().await;
        let now = self.now();
        for (player, at) in lock(&self.identities).arm_all_forgets() {
            self.timers.at(at.max(now), Due::ForgetIdentity(player));
        }
        Restored {
            players,
            matches: revived.matches,
            damaged: revived.damaged,
        }
    }

    /// Replay `matches` from their stored events and serve them from here,
    /// each resumed with the time since its last event charged to nobody
    /// (after a restart, or taken over from a node that stopped). Returns
    /// once each has stored its restart.
    pub(super) async fn revive(&self, matches: Vec<store::MatchEvents>) -> Revived {
        let grace = self.config.restart_grace_ms;
        let replaying = std::time::Instant::now();
        let mut starting = Vec::with_capacity(matches.len());
        let mut damaged = 0;
        for (match_id, restored) in replay_all(matches) {
            let (state, replayed) = match restored {
                Ok(restored) => restored,
                Err(error) => {
                    tracing::error!("match {match_id} is not restored: {error}");
                    damaged += 1;
                    continue;
                }
            };
            let id = state.id();
            let real_time = state.settings().time_control.is_real_time();
            let players = state.players().clone();
            // Nobody is connected at a restart; at a takeover, its players
            // may be connected here already.
            let links = lock(&self.identities).engage(&players, id, real_time);
            let (summary, opened) = self.matches.resume(state, replayed, grace);
            if let Some(handle) = self.matches.get(id) {
                for (seat, peer) in Seat::BOTH.into_iter().zip(links) {
                    if peer.is_some() {
                        handle.link(seat, peer);
                    }
                }
            }
            self.lobby.lock().list_match(summary);
            starting.push((id, opened));
        }
        let replayed_ms = replaying.elapsed().as_millis();
        let mut matches = 0;
        for (id, opened) in starting {
            match crate::game::opened(opened).await {
                Ok(()) => matches += 1,
                Err(error) => tracing::error!("match {id} could not resume: {error}"),
            }
        }
        tracing::debug!(
            "replayed in {replayed_ms} ms, restarts stored {} ms later",
            replaying.elapsed().as_millis() - replayed_ms
        );
        Revived { matches, damaged }
    }

    /// Reopen the stored seeks of the players who are still known; each
    /// owner has the longer of the seek grace and the restart grace to come
    /// back before his seeks go, as after any disconnect.
    fn restore_seeks(&self, seeks: Vec<store::StoredSeek>) {
        let mut owners = HashSet::new();
        for seek in seeks {
            let owner = lock(&self.identities).player(PlayerId(seek.player));
            let settings = serde_json::from_str(&seek.settings_json);
            let range = seek
                .rating_range_json
                .as_deref()
                .map(serde_json::from_str)
                .transpose();
            match (owner, settings, range) {
                (Some(owner), Ok(settings), Ok(range)) => {
                    owners.insert(owner.id);
                    let id = SeekId(seek.id);
                    let rating = self.shown_rating(owner.id, &settings);
                    self.lobby
                        .lock()
                        .add_seek(id, owner, settings, seek.code, rating, range);
                }
                _ => self.store.write_later(Write::SeekRemoved { id: seek.id }),
            }
        }
        let grace = self.config.seek_grace_ms.max(self.config.restart_grace_ms);
        for owner in owners {
            self.timers.at(self.now() + grace, Due::SeekGrace(owner));
        }
    }

    /// The handle of a live (or just finished) match, loading it from the
    /// journal if it had left memory; its players who are online are
    /// linked to it (they get its events once they resume).
    ///
    /// With several nodes, a live match whose node stopped is taken over
    /// here at once (rather than at the next round of leases), so that
    /// clients sent away by a stopping node play on as soon as they are
    /// back.
    ///
    /// `unavailable` when the journal cannot say now whether another node
    /// serves it (the client sends the request again).
    pub(crate) async fn find_match(&self, id: MatchId) -> Result<Option<MatchHandle>, ServerError> {
        let peer_of = |player| lock(&self.identities).peer_of(player);
        // A match this node is taking over is claimed before it is
        // replayed: asked for meanwhile, it is waited for, and looked for
        // again if another takeover here began while it was being claimed
        // (two clients of this node asking for the same match at once: the
        // second's claim finds it held, by this node, not yet serving).
        let mut taking_over = self.taking_over.subscribe();
        loop {
            let seen = *taking_over.borrow_and_update();
            if let Some(handle) = self.matches.find(id, peer_of).await {
                return Ok(Some(handle));
            }
            if seen.under_way > 0 {
                if taking_over.changed().await.is_err() {
                    return Ok(None);
                }
                continue;
            }
            if !self.store.has_leases() {
                return Ok(None);
            }
            let claiming = self.taking_over.start();
            match self.store.claim_match(id.0).await {
                Ok(Some(events)) => {
                    self.revive(vec![(id.0, events)]).await;
                    tracing::info!("took over match {id}, asked for here after its node stopped");
                    return Ok(self.matches.get(id));
                }
                Ok(None) => {
                    let now = self.taking_over.now();
                    let others = now.under_way > 1 || now.started > seen.started + 1;
                    drop(claiming);
                    if others {
                        continue;
                    }
                    return Ok(None);
                }
                Err(error) => {
                    tracing::warn!("match {id} could not be taken over: {error}");
                    return Err(ServerError::unavailable(
                        "the match cannot be looked for now: send it again",
                    ));
                }
            }
        }
    }
}
