//! `mancala leaderboard` and `mancala profile NAME`: the server's rating
//! pages as text.

use crate::web;
use protocol::wire::rating_label;
use serde_json::Value;

/// The leaderboard of `variant` at `speed` as a table.
pub fn leaderboard(server: &str, variant: &str, speed: &str) -> Result<String, String> {
    let url = format!(
        "{}/api/leaderboard?variant={variant}&speed={speed}",
        web::base_url(server)
    );
    let body = web::get(&url).map_err(|e| e.to_string())?;
    let page: Value = serde_json::from_str(&body).map_err(|e| format!("{url}: {e}"))?;
    Ok(leaderboard_text(&page))
}

/// The text of a leaderboard page.
pub fn leaderboard_text(page: &Value) -> String {
    let title = format!(
        "{} {} leaderboard",
        page["variant"].as_str().unwrap_or("?"),
        page["speed"].as_str().unwrap_or("?").replace('_', "-")
    );
    let players = page["players"].as_array().cloned().unwrap_or_default();
    if players.is_empty() {
        return format!(
            "{title}: nobody yet (a rating is listed once it is established, deviation 110 or less)\n"
        );
    }
    let mut out = format!("{title}\n  rank  name                  rating  ±dev  games\n");
    for player in &players {
        out.push_str(&format!(
            "  {:>4}  {:<20}  {:>6}  {:>4.0}  {:>5}\n",
            player["rank"].as_u64().unwrap_or(0),
            player["name"].as_str().unwrap_or("?"),
            rating_label(player["rating"].as_f64().unwrap_or(0.0), false),
            player["deviation"].as_f64().unwrap_or(0.0),
            player["games"].as_u64().unwrap_or(0),
        ));
    }
    out
}

/// The profile of `name` as text.
pub fn profile(server: &str, name: &str) -> Result<String, String> {
    let url = format!("{}/api/players/{name}", web::base_url(server));
    let body = web::get(&url).map_err(|e| e.to_string())?;
    let page: Value = serde_json::from_str(&body).map_err(|e| format!("{url}: {e}"))?;
    Ok(profile_text(&page))
}

/// The text of a profile page.
pub fn profile_text(page: &Value) -> String {
    let mut out = format!("{}\n", page["name"].as_str().unwrap_or("?"));
    let ratings = page["ratings"].as_array().cloned().unwrap_or_default();
    if ratings.is_empty() {
        out.push_str("  no rated match yet\n");
    }
    for rating in &ratings {
        out.push_str(&format!(
            "  {} {}: {} (±{:.0}, {} games)\n",
            rating["variant"].as_str().unwrap_or("?"),
            rating["speed"].as_str().unwrap_or("?").replace('_', "-"),
            rating_label(
                rating["rating"].as_f64().unwrap_or(0.0),
                rating["provisional"].as_bool().unwrap_or(true)
            ),
            rating["deviation"].as_f64().unwrap_or(0.0),
            rating["games"].as_u64().unwrap_or(0),
        ));
    }
    let tally = |t: &Value| {
        format!(
            "{} won, {} drawn, {} lost",
            t["won"].as_u64().unwrap_or(0),
            t["drawn"].as_u64().unwrap_or(0),
            t["lost"].as_u64().unwrap_or(0)
        )
    };
    out.push_str(&format!(
        "  games: {}\n  matches: {}\n",
        tally(&page["record"]["games"]),
        tally(&page["record"]["matches"])
    ));
    let history = page["rating_history"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if !history.is_empty() {
        out.push_str("  rating history (oldest first):\n");
        for row in history.iter().rev().take(10).rev() {
            out.push_str(&format!(
                "    match {:<6} {} {}: {} → {}\n",
                row["match_id"].as_u64().unwrap_or(0),
                row["variant"].as_str().unwrap_or("?"),
                row["speed"].as_str().unwrap_or("?").replace('_', "-"),
                rating_label(row["before"].as_f64().unwrap_or(0.0), false),
                rating_label(row["rating"].as_f64().unwrap_or(0.0), false),
            ));
        }
    }
    let recent = page["recent_matches"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if !recent.is_empty() {
        out.push_str("  recent matches:\n");
        for line in &recent {
            let names: Vec<&str> = line["players"]
                .as_array()
                .map(|p| p.iter().filter_map(|p| p["name"].as_str()).collect())
                .unwrap_or_default();
            let points = line["points"]
                .as_array()
                .map(|p| {
                    p.iter()
                        .map(|x| x.as_f64().unwrap_or(0.0).to_string())
                        .collect::<Vec<_>>()
                        .join("-")
                })
                .unwrap_or_else(|| "live".into());
            out.push_str(&format!(
                "    match {:<6} {}  {}\n",
                line["match_id"].as_u64().unwrap_or(0),
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
        let page = json!({"variant": "kalah", "speed": "real_time", "players": [
            {"rank": 1, "name": "ann", "rating": 1612.4, "deviation": 80.2, "games": 27},
            {"rank": 2, "name": "bob", "rating": 1387.6, "deviation": 81.0, "games": 27},
        ]});
        let text = leaderboard_text(&page);
        assert!(text.starts_with("kalah real-time leaderboard\n"), "{text}");
        assert!(
            text.contains("     1  ann                     1612    80     27"),
            "{text}"
        );
        assert!(text.contains("bob                     1388"), "{text}");
        let empty = leaderboard_text(
            &json!({"variant": "oware", "speed": "correspondence", "players": []}),
        );
        assert!(empty.contains("nobody yet"), "{empty}");
    }

    #[test]
    fn a_profile_shows_ratings_record_history_and_matches() {
        let page = json!({
            "name": "ann",
            "ratings": [{"variant": "kalah", "speed": "real_time", "rating": 1587.4, "deviation": 187.0, "provisional": true, "games": 5}],
            "record": {"games": {"won": 3, "drawn": 1, "lost": 1}, "matches": {"won": 1, "drawn": 0, "lost": 0}},
            "rating_history": [{"match_id": 7, "variant": "kalah", "speed": "real_time", "before": 1500.0, "rating": 1587.4}],
            "recent_matches": [{"match_id": 7, "players": [{"name": "ann"}, {"name": "bob"}], "points": [3.5, 1.5]}],
        });
        let text = profile_text(&page);
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
