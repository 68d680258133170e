//! The live matches each player plays: whether he may take on another,
//! and what a match's start and end change.

use super::{Identities, LiveLimits, Playing};
use crate::clock::Millis;
use crate::error::ServerError;
use crate::peer::Peer;
use protocol::wire::{MatchId, MatchSettings, PlayerId, PlayerRef};

impl Identities {
    /// Refuse when one of `players` may not take on a match with
    /// `settings`: a person a real-time one while he plays one already, or
    /// any while he plays his most live matches; a computer any while he
    /// plays his most (his searches share the server's threads).
    pub(crate) fn check_free(
        &self,
        players: &[PlayerRef],
        settings: &MatchSettings,
        limits: LiveLimits,
    ) -> Result<(), ServerError> {
        self.check_free_with(players, settings, limits, |_| Playing::default())
    }

    /// [`Identities::check_free`], counting too the matches each person
    /// plays on other nodes (`elsewhere`).
    pub(crate) fn check_free_with(
        &self,
        players: &[PlayerRef],
        settings: &MatchSettings,
        limits: LiveLimits,
        elsewhere: impl Fn(PlayerId) -> Playing,
    ) -> Result<(), ServerError> {
        for identity in players.iter().filter_map(|p| self.by_id.get(&p.id)) {
            let name = || identity.player.name.clone();
            if identity.computer {
                let max = limits.per_computer;
                if identity.matches.len() >= max {
                    return Err(ServerError::ComputerBusy { name: name(), max });
                }
                continue;
            }
            let there = elsewhere(identity.player.id);
            if settings.time_control.is_real_time() && identity.live_real_time + there.real_time > 0
            {
                return Err(ServerError::AlreadyPlaying(name()));
            }
            let max = limits.per_player;
            if identity.matches.len() + there.matches >= max {
                return Err(ServerError::TooManyMatches { name: name(), max });
            }
        }
        Ok(())
    }

    /// Refuse a challenge to `player` when he is a computer already playing
    /// his most matches: said at once to the challenger, rather than when
    /// the computer accepts.
    pub(crate) fn check_computer_free(
        &self,
        player: PlayerId,
        limits: LiveLimits,
    ) -> Result<(), ServerError> {
        match self.by_id.get(&player) {
            Some(identity) if identity.computer => {
                let settings = MatchSettings::default();
                self.check_free(std::slice::from_ref(&identity.player), &settings, limits)
            }
            _ => Ok(()),
        }
    }

    /// `players` begin match `id`: the connections they are on now.
    pub(crate) fn engage(
        &mut self,
        players: &[PlayerRef; 2],
        id: MatchId,
        real_time: bool,
    ) -> [Option<Peer>; 2] {
        let mut links = [None, None];
        for (seat, player) in players.iter().enumerate() {
            if let Some(identity) = self.by_id.get_mut(&player.id) {
                identity.last_opponent = Some(players[1 - seat].id);
                identity.matches.push(id);
                identity.live_real_time += usize::from(real_time);
                links[seat] = identity.peer.clone();
            }
        }
        links
    }

    /// Match `id` of `players` ended: those now offline with no live match.
    pub(crate) fn release(
        &mut self,
        players: [PlayerId; 2],
        id: MatchId,
        real_time: bool,
        now: Millis,
    ) -> Vec<PlayerId> {
        let mut idle = Vec::new();
        for player in players {
            if let Some(identity) = self.by_id.get_mut(&player) {
                identity.last_seen = identity.last_seen.max(now);
                identity.played = true;
                identity.matches.retain(|m| *m != id);
                if real_time {
                    identity.live_real_time = identity.live_real_time.saturating_sub(1);
                }
                if identity.peer.is_none() && identity.matches.is_empty() {
                    idle.push(player);
                }
            }
        }
        idle
    }

    /// Whom `player` played last.
    pub(crate) fn last_opponent(&self, player: PlayerId) -> Option<PlayerId> {
        self.by_id.get(&player)?.last_opponent
    }
}
