//! `mancala leaderboard` and `mancala profile NAME`: the server's rating
//! pages as text, read into the API's own types (`protocol::api`).

use crate::web;
use protocol::api::{Leaderboard, Profile, Tally};
use protocol::wire::{Speed, rating_label};
use serde::de::DeserializeOwned;

/// `url`'s answer read as a `T`, or why not.
fn fetch<T: DeserializeOwned>(url: &str) -> Result<T, String> {
    let body = web::get(url).map_err(|e| e.to_string())?;
    serde_json::from_str(&body).map_err(|e| format!("{url}: {e}"))
}

/// A speed as people write it: `real-time`, `correspondence`.
fn speed_words(speed: Speed) -> String {
    speed.id().replace('_', "-")
}

/// The leaderboard of `variant` at `speed` as a table.
pub fn leaderboard(server: &str, variant: &str, speed: &str) -> Result<String, String> {
    let url = format!(
        "{}/api/leaderboard?variant={variant}&speed={speed}",
        web::base_url(server)
    );
    Ok(leaderboard_text(&fetch(&url)?))
}

/// The text of a leaderboard page.
pub fn leaderboard_text(page: &Leaderboard) -> String {
    let title = format!("{} {} leaderboard", page.variant, speed_words(page.speed));
    if page.players.is_empty() {
        return format!(
            "{title}: nobody yet (a rating is listed once it is established, deviation 110 or less)\n"
        );
    }
    let mut out = format!("{title}\n  rank  name                  rating  ±dev  games\n");
    for player in &page.players {
        out.push_str(&format!(
            "  {:>4}  {:<20}  {:>6}  {:>4.0}  {:>5}\n",
            player.rank,
            player.name,
            rating_label(player.rating.rating, false),
            player.rating.deviation,
            player.rating.games,
        ));
    }
    out
}

/// The profile of `name` as text.
pub fn profile(server: &str, name: &str) -> Result<String, String> {
    let url = format!("{}/api/players/{name}", web::base_url(server));
    Ok(profile_text(&fetch(&url)?))
}

/// The text of a profile page.
pub fn profile_text(page: &Profile) -> String {
    let mut out = format!("{}\n", page.name);
    if page.ratings.is_empty() {
        out.push_str("  no rated match yet\n");
    }
    for rating in &page.ratings {
        out.push_str(&format!(
            "  {} {}: {} (±{:.0}, {} games)\n",
            rating.variant,
            speed_words(rating.speed),
            rating_label(rating.rating, rating.provisional),
            rating.deviation,
            rating.games,
        ));
    }
    let tally = |t: &Tally| format!("{} won, {} drawn, {} lost", t.won, t.drawn, t.lost);
    out.push_str(&format!(
        "  games: {}\n  matches: {}\n",
        tally(&page.record.games),
        tally(&page.record.matches)
    ));
    if !page.rating_history.is_empty() {
        out.push_str("  rating history (oldest first):\n");
        for row in page.rating_history.iter().rev().take(10).rev() {
            out.push_str(&format!(
                "    match {:<6} {} {}: {} → {}\n",
                row.match_id,
                row.variant,
                row.speed.replace('_', "-"),
                rating_label(row.before, false),
                rating_label(row.rating, false),
            ));
        }
    }
    if !page.recent_matches.is_empty() {
        out.push_str("  recent matches:\n");
        for line in &page.recent_matches {
            let names: Vec<&str> = line.players.iter().map(|p| p.name.as_str()).collect();
            let points = line
                .points
                .map_or_else(|| "live".to_owned(), |[a, b]| format!("{a}-{b}"));
            out.push_str(&format!(
                "    match {:<6} {}  {}\n",
                line.match_id.0,
                names.join(" vs "),
                points
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_leaderboard_is_a_table_or_says_why_it_is_empty() {
        let rating = |rating: f64, deviation: f64| {
            json!({"variant": "kalah", "speed": "real_time", "rating": rating,
                   "deviation": deviation, "volatility": 0.06, "provisional": false, "games": 27})
        };
        let mut ann = rating(1612.4, 80.2);
        ann.as_object_mut().unwrap().extend(
            json!({"rank": 1, "player_id": 3, "name": "ann"})
                .as_object()
                .unwrap()
                .clone(),
        );
        let mut bob = rating(1387.6, 81.0);
        bob.as_object_mut().unwrap().extend(
            json!({"rank": 2, "player_id": 4, "name": "bob"})
                .as_object()
                .unwrap()
                .clone(),
        );
        let page = json!({"variant": "kalah", "speed": "real_time", "players": [ann, bob]});
        let text = leaderboard_text(&serde_json::from_value(page).unwrap());
        assert!(text.starts_with("kalah real-time leaderboard\n"), "{text}");
        assert!(
            text.contains("     1  ann                     1612    80     27"),
            "{text}"
        );
        assert!(text.contains("bob                     1388"), "{text}");
        let empty = json!({"variant": "oware", "speed": "correspondence", "players": []});
        let empty = leaderboard_text(&serde_json::from_value(empty).unwrap());
        assert!(empty.contains("nobody yet"), "{empty}");
    }

    #[test]
    fn a_profile_shows_ratings_record_history_and_matches() {
        let page = json!({
            "player_id": 3,
            "name": "ann",
            "ratings": [{"variant": "kalah", "speed": "real_time", "rating": 1587.4, "deviation": 187.0,
                         "volatility": 0.06, "provisional": true, "games": 5}],
            "record": {"games": {"won": 3, "drawn": 1, "lost": 1}, "matches": {"won": 1, "drawn": 0, "lost": 0}},
            "rating_history": [{"match_id": 7, "variant": "kalah", "speed": "real_time", "before": 1500.0,
                                "rating": 1587.4, "deviation": 187.0, "games": 5, "at_ms": 1000}],
            "recent_matches": [{"match_id": 7, "players": [{"id": 3, "name": "ann"}, {"id": 4, "name": "bob"}],
                                "settings": null, "first": 0, "events": 40, "started_at_ms": 0,
                                "ended_at_ms": 1000, "end_reason": "completed", "points": [3.5, 1.5],
                                "winner": 0, "rematch_id": null}],
        });
        let text = profile_text(&serde_json::from_value(page).unwrap());
        assert!(
            text.contains("kalah real-time: 1587? (±187, 5 games)"),
            "{text}"
        );
        assert!(text.contains("games: 3 won, 1 drawn, 1 lost"), "{text}");
        assert!(
            text.contains("match 7      kalah real-time: 1500 → 1587"),
            "{text}"
        );
        assert!(text.contains("ann vs bob  3.5-1.5"), "{text}");
    }
}
