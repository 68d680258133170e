//! Pairing and starting matches: two players taken out of the lobby and
//! engaged in one step under the hub's locks, quick pairing's waves, and
//! the computers who take on players nobody came for.

use super::{Due, Hub, WAVE_MS, lock};
use crate::error::ServerError;
use crate::game::{MatchHandle, Opened};
use crate::lobby::Lobby;
use crate::lobby::matchmaker::{self, Pairing, Proposal};
use crate::players::identity::LiveLimits;
use protocol::wire::{MatchId, MatchSettings, PlayerId, PlayerRef, Seat};
use rand::Rng;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl Hub {
    /// Refuse `player` a match with `settings` when he may not take one on.
    pub(super) fn check_free(
        &self,
        player: &PlayerRef,
        settings: &MatchSettings,
    ) -> Result<(), ServerError> {
        let identities = lock(&self.identities);
        let lobby = self.lobby.lock();
        identities.check_free_with(
            std::slice::from_ref(player),
            settings,
            self.live_limits(),
            |p| lobby.playing_elsewhere(p),
        )
    }

    /// How many live matches a person and a computer may play at once.
    pub(super) fn live_limits(&self) -> LiveLimits {
        LiveLimits {
            per_player: self.config.max_live_matches,
            per_computer: self.config.computer_max_matches,
        }
    }

    /// Pair two players in one step under the hub's locks: `propose` reads
    /// who and how from the lobby, the matchmaker takes them out of it if
    /// both may play (or lets the one wait), and the match starts. Refused,
    /// nothing changes. Returns the new match, if one started, and the
    /// answer that says when its opening is stored.
    pub(super) fn begin(
        self: &Arc<Self>,
        propose: impl FnOnce(&Lobby) -> Result<Proposal, ServerError>,
    ) -> Result<Option<(MatchId, Opened)>, ServerError> {
        let mut identities = lock(&self.identities);
        let mut lobby = self.lobby.lock();
        let proposal = propose(&lobby)?;
        let Some(Pairing {
            players, settings, ..
        }) = matchmaker::pair(&mut lobby, &identities, proposal, self.live_limits())?
        else {
            return Ok(None);
        };
        let id = MatchId(self.next_id());
        let real_time = settings.time_control.is_real_time();
        let links = identities.engage(&players, id, real_time);
        let first = if rand::rng().random::<bool>() {
            Seat::Zero
        } else {
            Seat::One
        };
        let timing = self.config.timing(settings.time_control);
        let (summary, opened) = self
            .matches
            .start(id, players, settings, timing, first, links);
        lobby.list_match(summary);
        Ok(Some((id, opened)))
    }

    /// A wave of quick pairing a second from now, unless one is due already.
    pub(super) fn arm_wave(&self) {
        if !self.wave_armed.swap(true, Ordering::Relaxed) {
            self.timers.at(self.now() + WAVE_MS, Due::PoolWave);
        }
    }

    /// Pair whoever the pool can pair now ([`crate::lobby::pool::wave`]), and
    /// look again in a second while anyone waits.
    pub(super) fn pool_wave(self: &Arc<Self>) {
        self.wave_armed.store(false, Ordering::Relaxed);
        let pairs = self.lobby.lock().pool_wave(self.now());
        for (players, settings) in pairs {
            let started = self.begin(|lobby| matchmaker::for_wave(lobby, players, settings));
            if let Err(error) = started {
                tracing::debug!("a wave's pairing did not start: {error}");
            }
        }
        self.computers_take_on_the_waiting();
        self.context.metrics.pool_waves.inc();
        if !self.lobby.lock().pool_is_empty() {
            self.arm_wave();
        }
    }

    /// Give each player who has waited in the pool past the computers' wait
    /// a computer of about his rating.
    pub(super) fn computers_take_on_the_waiting(self: &Arc<Self>) {
        let wait = self.config.computer_pool_wait_ms;
        let computers = lock(&self.computers).clone();
        if wait == 0 || computers.is_empty() {
            return;
        }
        let waited = self
            .lobby
            .lock()
            .pool_waiting_since(self.now().saturating_sub(wait));
        for (player, settings, rating) in waited {
            let computer =
                computers[crate::lobby::pool::computer_for(rating, computers.len())].clone();
            let started =
                self.begin(|lobby| matchmaker::for_computer(lobby, player, computer, settings));
            if let Err(error) = started {
                tracing::debug!("a computer could not take on a waiting player: {error}");
            }
        }
    }

    /// The handle of a live (or just finished) match.
    pub(crate) fn match_handle(&self, id: MatchId) -> Option<MatchHandle> {
        self.matches.get(id)
    }

    /// `player` left connection `conn`: the seats of `matches` on it are empty.
    pub(crate) fn unlink(&self, matches: &[MatchId], player: PlayerId, conn: u64) {
        self.matches.unlink(matches, player, conn);
    }

    /// Whether a match still answers.
    pub(crate) fn is_live(&self, id: MatchId) -> bool {
        self.matches.contains(id)
    }
}
