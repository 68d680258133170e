//! Players and leaderboards over HTTP: `GET /api/players/{name}` (ratings
//! by pool, record, recent matches, rating history) and
//! `GET /api/leaderboard?variant=..&speed=..` (the best established
//! ratings of a pool). Ratings come from memory, where they are current;
//! the record, the matches and the history from the journal.

use crate::api::answer::{Answer, error, json};
use crate::rating::{Pool, Rating};
use crate::store::Store;
use protocol::api::{Leader, Leaderboard, Profile, RatingLine};
use protocol::wire::PlayerRef;

/// Players on a leaderboard.
pub(crate) const LEADERBOARD_SIZE: usize = 100;

/// Recent matches and rating history rows a profile shows.
const RECENT_MATCHES: u32 = 10;
const HISTORY_ROWS: u32 = 200;

/// A rating as the pages show it.
fn rating_line(pool: Pool, rating: Rating) -> RatingLine {
    RatingLine {
        variant: pool.variant,
        speed: pool.speed,
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
        provisional: rating.provisional(),
        games: rating.games,
    }
}

/// What the profile pages read from memory, where it is current: who holds
/// a name, and the ratings as they stand. The hub answers it on one
/// machine; a server of several nodes answers it from what they share.
pub(crate) trait Players {
    /// The player who holds `name` now (any case).
    fn player_named(&self, name: &str) -> Option<PlayerRef>;
    /// `player`'s ratings as they stand now, by pool.
    fn ratings_of(&self, player: &PlayerRef) -> Vec<(Pool, Rating)>;
    /// The best `limit` established ratings in `pool` of players the
    /// server still knows, best first.
    fn leaders(&self, pool: Pool, limit: usize) -> Vec<(PlayerRef, Rating)>;
}

/// The profile of the player who holds `name`.
pub(crate) async fn player(players: &impl Players, store: &Store, name: &str) -> Answer {
    let Some(player) = players.player_named(name) else {
        return error(
            "404 Not Found",
            "no_such_player",
            format!("no player '{name}'"),
        );
    };
    let ratings = players
        .ratings_of(&player)
        .into_iter()
        .map(|(pool, rating)| rating_line(pool, rating))
        .collect();
    let rows = match store
        .profile(player.id.0, RECENT_MATCHES, HISTORY_ROWS)
        .await
    {
        Ok(rows) => rows,
        Err(e) => return error("503 Service Unavailable", "unavailable", e.to_string()),
    };
    let recent_matches = crate::api::archive::match_lines(&rows.matches);
    json(&Profile {
        player_id: player.id,
        name: player.name,
        ratings,
        record: rows.record,
        recent_matches,
        rating_history: rows.history,
    })
}

/// The leaderboard of `pool`.
pub(crate) fn leaderboard(players: &impl Players, pool: Pool) -> Answer {
    let players = players
        .leaders(pool, LEADERBOARD_SIZE)
        .into_iter()
        .enumerate()
        .map(|(i, (player, rating))| Leader {
            rank: i + 1,
            player_id: player.id,
            name: player.name,
            rating: rating_line(pool, rating),
        })
        .collect();
    json(&Leaderboard {
        variant: pool.variant,
        speed: pool.speed,
        players,
    })
}
