//! The hub's view of the ratings, for the profile and leaderboard pages.

use super::{Hub, lock};
use crate::api::profile::Players;
use crate::rating::{Pool, Rating};
use protocol::wire::{MatchSettings, PlayerId, PlayerRef, ShownRating};

impl Hub {
    /// `player`'s rating in the pool of a match with `settings`, as shown
    /// next to his name (none for an untimed match).
    pub(crate) fn shown_rating(
        &self,
        player: PlayerId,
        settings: &MatchSettings,
    ) -> Option<ShownRating> {
        let pool = Pool::of(settings)?;
        let rating = self.matches.ratings().get(player, pool, self.now());
        Some(rating.shown())
    }
}

impl Players for Hub {
    /// The player who holds `name` now (any case).
    fn player_named(&self, name: &str) -> Option<PlayerRef> {
        lock(&self.identities).by_name(name)
    }

    /// `player`'s ratings as they stand now, by pool.
    fn ratings_of(&self, player: &PlayerRef) -> Vec<(Pool, Rating)> {
        self.matches.ratings().of_player(player.id, self.now())
    }

    /// The best `limit` established ratings in `pool` of players the
    /// server still knows, best first.
    fn leaders(&self, pool: Pool, limit: usize) -> Vec<(PlayerRef, Rating)> {
        // Looked up past the limit: a forgotten player's rating is skipped.
        let leaders = self.matches.ratings().leaders(pool, self.now(), usize::MAX);
        let identities = lock(&self.identities);
        leaders
            .into_iter()
            .filter_map(|(id, rating)| Some((identities.player(id)?, rating)))
            .take(limit)
            .collect()
    }
}
