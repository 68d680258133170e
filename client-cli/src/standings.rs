//! `mancala leaderboard` and `mancala profile NAME`: the server's rating
//! pages as text, read into the API's own types (`protocol::api`).

use crate::text::{Text, t};
use crate::web;
use protocol::api::{Leaderboard, Profile, Tally};
use protocol::wire::{Speed, rating_label};
use serde::de::DeserializeOwned;

/// `url`'s answer read as a `T`, or why not.
pub(crate) fn fetch<T: DeserializeOwned>(text: &Text, url: &str) -> Result<T, String> {
    let body = web::get(url).map_err(|e| e.say(text))?;
    serde_json::from_str(&body).map_err(|e| format!("{url}: {e}"))
}

/// A speed as people write it: `real-time`, `correspondence`.
fn speed_words(text: &Text, speed: Speed) -> String {
    speed_id_words(text, speed.id())
}

/// A speed's id (`real_time`) as people write it; an unknown one as sent.
fn speed_id_words(text: &Text, id: &str) -> String {
    match id {
        "real_time" => t!(text, "speed-real_time"),
        "correspondence" => t!(text, "speed-correspondence"),
        other => other.to_owned(),
    }
}

/// The leaderboard of `variant` at `speed` as a table.
pub fn leaderboard(
    text: &Text,
    server: &str,
    variant: &str,
    speed: &str,
) -> Result<String, String> {
    let url = format!(
        "{}/api/leaderboard?variant={variant}&speed={speed}",
        web::base_url(server)
    );
    Ok(leaderboard_text(text, &fetch(text, &url)?))
}

/// The text of a leaderboard page.
pub fn leaderboard_text(text: &Text, page: &Leaderboard) -> String {
    let title = t!(
        text,
        "leaderboard-title",
        variant = page.variant.to_string(),
        speed = speed_words(text, page.speed)
    );
    if page.players.is_empty() {
        return format!("{}\n", t!(text, "leaderboard-empty", title = title));
    }
    let mut out = format!("{title}\n  {}\n", t!(text, "leaderboard-columns"));
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
pub fn profile(text: &Text, server: &str, name: &str) -> Result<String, String> {
    let url = format!("{}/api/players/{name}", web::base_url(server));
    Ok(profile_text(text, &fetch(text, &url)?))
}

/// The text of a profile page.
pub fn profile_text(text: &Text, page: &Profile) -> String {
    let mut out = format!("{}\n", page.name);
    if page.ratings.is_empty() {
        out.push_str(&format!("  {}\n", t!(text, "profile-no-rated")));
    }
    for rating in &page.ratings {
        out.push_str(&format!(
            "  {}\n",
            t!(
                text,
                "profile-rating",
                variant = rating.variant.to_string(),
                speed = speed_words(text, rating.speed),
                rating = rating_label(rating.rating, rating.provisional),
                deviation = format!("{:.0}", rating.deviation),
                games = rating.games
            )
        ));
    }
    let tally = |tally: &Tally| {
        t!(
            text,
            "profile-tally",
            won = tally.won,
            drawn = tally.drawn,
            lost = tally.lost
        )
    };
    out.push_str(&format!(
        "  {}\n  {}\n",
        t!(text, "profile-games", tally = tally(&page.record.games)),
        t!(text, "profile-matches", tally = tally(&page.record.matches))
    ));
    if !page.rating_history.is_empty() {
        out.push_str(&format!("  {}\n", t!(text, "profile-history")));
        for row in page.rating_history.iter().rev().take(10).rev() {
            out.push_str(&format!(
                "    {}\n",
                t!(
                    text,
                    "profile-history-row",
                    match_id = format!("{:<6}", row.match_id),
                    variant = row.variant.to_string(),
                    speed = speed_id_words(text, &row.speed),
                    before = rating_label(row.before, false),
                    after = rating_label(row.rating, false)
                )
            ));
        }
    }
    if !page.recent_matches.is_empty() {
        out.push_str(&format!("  {}\n", t!(text, "profile-recent")));
        let vs = format!(" {} ", t!(text, "lobby-vs"));
        for line in &page.recent_matches {
            let names: Vec<&str> = line.players.iter().map(|p| p.name.as_str()).collect();
            let points = line.points.map_or_else(
                || t!(text, "profile-live"),
                |[a, b]| {
                    format!(
                        "{}-{}",
                        crate::plain::points(text, a),
                        crate::plain::points(text, b)
                    )
                },
            );
            out.push_str(&format!(
                "    {}\n",
                t!(
                    text,
                    "profile-recent-row",
                    match_id = format!("{:<6}", line.match_id.0),
                    players = names.join(&vs),
                    points = points
                )
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
        let text = leaderboard_text(&Text::english(), &serde_json::from_value(page).unwrap());
        assert!(text.starts_with("kalah real-time leaderboard\n"), "{text}");
        assert!(
            text.contains("     1  ann                     1612    80     27"),
            "{text}"
        );
        assert!(text.contains("bob                     1388"), "{text}");
        let empty = json!({"variant": "oware", "speed": "correspondence", "players": []});
        let empty = leaderboard_text(&Text::english(), &serde_json::from_value(empty).unwrap());
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
        let text = profile_text(&Text::english(), &serde_json::from_value(page).unwrap());
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
