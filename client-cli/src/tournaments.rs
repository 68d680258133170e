//! `mancala tournaments [ID]`: the server's tournaments as text (the
//! newest first), or one of them: a Swiss's standings and every round's
//! boards and results, an arena's leaderboard and matches. Read from
//! `GET /api/tournaments`, in the API's own types.

use crate::plain::{points, time_text};
use crate::standings::fetch;
use crate::text::{Text, t};
use crate::web;
use protocol::wire::{
    ArenaMatchView, BoardResult, MatchSettings, TournamentFormat, TournamentStage, TournamentView,
};

/// The tournaments, or tournament `id` (a private one by its `code`), on
/// `server`.
pub fn show(
    text: &Text,
    server: &str,
    id: Option<u64>,
    code: Option<&str>,
) -> Result<String, String> {
    let base = web::base_url(server);
    Ok(match id {
        Some(id) => {
            let query = code.map(|code| format!("?code={code}")).unwrap_or_default();
            one_text(
                text,
                &fetch(text, &format!("{base}/api/tournaments/{id}{query}"))?,
            )
        }
        None => {
            let list: Vec<TournamentView> = fetch(text, &format!("{base}/api/tournaments"))?;
            list_text(text, &list)
        }
    })
}

/// A match's settings in short: `kalah, 3 games, 5+3, rated`.
fn settings_words(text: &Text, settings: &MatchSettings) -> String {
    format!(
        "{}, {}, {}{}",
        settings.ruleset,
        t!(text, "lobby-games", games = settings.games),
        time_text(text, settings.time_control),
        crate::plain::rated_suffix(text, settings.rated)
    )
}

fn stage_words(text: &Text, tournament: &TournamentView) -> String {
    let arena = tournament.format == TournamentFormat::Arena;
    match tournament.stage {
        TournamentStage::Waiting => t!(text, "stage-waiting"),
        TournamentStage::Playing if arena => t!(text, "stage-arena-playing"),
        TournamentStage::Playing => t!(text, "stage-playing"),
        TournamentStage::BetweenRounds => t!(text, "stage-between_rounds"),
        TournamentStage::Over => t!(text, "stage-over"),
    }
}

/// One line per tournament.
pub fn list_text(text: &Text, tournaments: &[TournamentView]) -> String {
    if tournaments.is_empty() {
        return format!("{}\n", t!(text, "tournaments-none"));
    }
    let mut out = String::new();
    for tournament in tournaments {
        let line = match tournament.format {
            TournamentFormat::Swiss => t!(
                text,
                "tournaments-line",
                tournament = tournament.tournament_id.0,
                name = tournament.name.as_str(),
                settings = settings_words(text, &tournament.settings),
                stage = stage_words(text, tournament),
                round = tournament.rounds_played.len(),
                rounds = tournament.rounds,
                players = tournament.standings.len()
            ),
            TournamentFormat::Arena => t!(
                text,
                "arenas-line",
                tournament = tournament.tournament_id.0,
                name = tournament.name.as_str(),
                minutes = arena_minutes(tournament),
                settings = settings_words(text, &tournament.settings),
                stage = stage_words(text, tournament),
                players = tournament.leaderboard.len()
            ),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// An arena's length in minutes.
fn arena_minutes(arena: &TournamentView) -> u64 {
    arena
        .ends_at_ms
        .unwrap_or(arena.starts_at_ms)
        .saturating_sub(arena.starts_at_ms)
        / 60_000
}

/// A match's result in games, or how it was forfeited, or that it is on.
fn result_words(text: &Text, result: Option<&BoardResult>) -> String {
    match result {
        Some(result) if result.forfeit => t!(
            text,
            "tournament-forfeit",
            first = points(text, result.points[0]),
            second = points(text, result.points[1])
        ),
        Some(result) => format!(
            "{}-{}",
            points(text, result.games[0]),
            points(text, result.games[1])
        ),
        None => t!(text, "tournament-playing"),
    }
}

/// An arena: its heading, leaderboard, and its matches (those being
/// played, then the last ended).
fn arena_text(text: &Text, arena: &TournamentView) -> String {
    let berserk = if arena.berserk {
        format!("; {}", t!(text, "arena-berserk-allowed"))
    } else {
        String::new()
    };
    let mut out = t!(
        text,
        "arena-heading",
        tournament = arena.tournament_id.0,
        name = arena.name.as_str(),
        director = arena.director.name.as_str(),
        minutes = arena_minutes(arena),
        settings = settings_words(text, &arena.settings),
        stage = stage_words(text, arena)
    );
    out.push_str(&berserk);
    out.push_str("\n\n");
    out.push_str(&format!("  {}\n", t!(text, "arena-columns")));
    for line in &arena.leaderboard {
        let mut notes = String::new();
        if line.on_fire {
            notes.push_str(&format!(" {}", t!(text, "arena-on-fire")));
        }
        if line.left {
            notes.push_str(&format!(" {}", t!(text, "arena-left")));
        }
        let marks: Vec<String> = line.marks.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "  {:>5}  {:<20}  {:>6}  {:>7}  {}{notes}\n",
            line.place,
            line.player.name,
            line.points,
            line.matches,
            marks.join(" "),
        ));
    }
    if !arena.arena_matches.is_empty() {
        out.push('\n');
        out.push_str(&t!(text, "arena-matches"));
        out.push('\n');
        for m in &arena.arena_matches {
            out.push_str(&arena_match_line(text, m));
        }
    }
    out
}

/// One arena match: its players (a berserker marked), result and number.
fn arena_match_line(text: &Text, m: &ArenaMatchView) -> String {
    let name = |side: usize, player: &protocol::wire::PlayerRef| {
        if m.berserk[side] {
            format!("{} {}", player.name, t!(text, "arena-berserked"))
        } else {
            player.name.clone()
        }
    };
    let watch = m
        .match_id
        .map(|id| format!("  ({})", t!(text, "tournament-match", match_id = id.0)))
        .unwrap_or_default();
    format!(
        "  {:<20} {:<20} {}{watch}\n",
        name(0, &m.first),
        name(1, &m.second),
        result_words(text, m.result.as_ref())
    )
}

/// A tournament: a Swiss's heading, standings, and every round's boards;
/// an arena's heading, leaderboard and matches.
pub fn one_text(text: &Text, tournament: &TournamentView) -> String {
    if tournament.format == TournamentFormat::Arena {
        return arena_text(text, tournament);
    }
    let mut out = t!(
        text,
        "tournament-heading",
        tournament = tournament.tournament_id.0,
        name = tournament.name.as_str(),
        director = tournament.director.name.as_str(),
        settings = settings_words(text, &tournament.settings),
        rounds = tournament.rounds,
        stage = stage_words(text, tournament)
    );
    out.push_str("\n\n");
    out.push_str(&format!("  {}\n", t!(text, "tournament-columns")));
    for line in &tournament.standings {
        let withdrawn = if line.withdrawn {
            format!(" {}", t!(text, "tournament-withdrawn"))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {:>5}  {:<20}  {:>6}  {:>6}  {:>6}  {:>8}{withdrawn}\n",
            line.place,
            line.player.name,
            points(text, line.points),
            points(text, line.game_points),
            text.decimal(line.sonneborn_berger, 2),
            points(text, line.buchholz),
        ));
    }
    for round in &tournament.rounds_played {
        out.push('\n');
        out.push_str(&t!(text, "tournament-round", round = round.round));
        out.push('\n');
        for board in &round.boards {
            let result = result_words(text, board.result.as_ref());
            let watch = board
                .match_id
                .map(|id| format!("  ({})", t!(text, "tournament-match", match_id = id.0)))
                .unwrap_or_default();
            out.push_str(&format!(
                "  {:<20} {:<20} {result}{watch}\n",
                board.first.name, board.second.name
            ));
        }
        if let Some(bye) = &round.bye {
            out.push_str(&format!(
                "  {}\n",
                t!(text, "tournament-bye", name = bye.name.as_str())
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_reads_as_its_standings_and_rounds() {
        let view: TournamentView = serde_json::from_value(serde_json::json!({
            "tournament_id": 70, "name": "Sunday Swiss", "director": {"id": 5, "name": "ann"},
            "settings": {"ruleset": {"variant": "mangala", "params": {}}, "games": 3, "stop_when_decided": false,
                         "time_control": {"kind": "real_time", "initial_ms": 300000, "increment_ms": 3000}, "rated": true},
            "rounds": 3, "starts_at_ms": 0, "between_rounds_ms": 60000, "stage": "playing", "next_round_at_ms": null,
            "standings": [
                {"place": 1, "player": {"id": 5, "name": "ann"}, "points": 1.0, "game_points": 2.0, "sonneborn_berger": 0.0, "buchholz": 0.0, "withdrawn": false},
                {"place": 2, "player": {"id": 6, "name": "bob"}, "points": 0.0, "game_points": 1.0, "sonneborn_berger": 0.0, "buchholz": 1.0, "withdrawn": true}],
            "rounds_played": [{"round": 1, "boards": [{"first": {"id": 5, "name": "ann"}, "second": {"id": 6, "name": "bob"},
                "match_id": 71, "result": {"games": [2.0, 1.0], "points": [1.0, 0.0], "forfeit": false}}], "bye": null}]
        }))
        .expect("a tournament");
        let english = one_text(&Text::english(), &view);
        assert!(english.starts_with("Sunday Swiss (#70), directed by ann: mangala, 3 games, 5+3, rated; 3 rounds; a round is on"), "{english}");
        assert!(
            english.contains("      1  ann                        1       2    0.00         0\n"),
            "{english}"
        );
        assert!(
            english.contains("bob") && english.contains("(withdrew)"),
            "{english}"
        );
        assert!(
            english
                .contains("round 1:\n  ann                  bob                  2-1  (match 71)"),
            "{english}"
        );
        let listed = list_text(&Text::of("pl"), std::slice::from_ref(&view));
        assert!(listed.starts_with("#70 Sunday Swiss · mangala, partie: 3, 5+3, rankingowy · trwa runda · runda 1 z 3 · graczy: 2"), "{listed}");
        assert_eq!(list_text(&Text::english(), &[]), "No tournament yet.\n");
    }

    #[test]
    fn an_arena_reads_as_its_leaderboard_and_matches() {
        let view: TournamentView = serde_json::from_value(serde_json::json!({
            "tournament_id": 80, "name": "Friday arena", "format": "arena", "director": {"id": 5, "name": "ann"},
            "settings": {"ruleset": {"variant": "oware", "params": {}}, "games": 1, "stop_when_decided": false,
                         "time_control": {"kind": "real_time", "initial_ms": 180000, "increment_ms": 2000}, "rated": false},
            "rounds": 0, "starts_at_ms": 0, "ends_at_ms": 3600000, "berserk": true, "between_rounds_ms": 60000,
            "stage": "playing", "next_round_at_ms": null, "standings": [], "rounds_played": [],
            "leaderboard": [
                {"place": 1, "player": {"id": 5, "name": "ann"}, "points": 9, "on_fire": true, "marks": [3, 2, 4], "matches": 3, "playing": true, "left": false},
                {"place": 2, "player": {"id": 6, "name": "bob"}, "points": 0, "on_fire": false, "marks": [0], "matches": 1, "playing": false, "left": true}],
            "arena_matches": [{"first": {"id": 5, "name": "ann"}, "second": {"id": 7, "name": "cy"}, "match_id": 90, "result": null, "berserk": [true, false]},
                {"first": {"id": 6, "name": "bob"}, "second": {"id": 5, "name": "ann"}, "match_id": 88, "result": {"games": [0.0, 1.0], "points": [0.0, 1.0], "forfeit": false}, "berserk": [false, false]}]
        }))
        .expect("an arena");
        let english = one_text(&Text::english(), &view);
        assert!(
            english.starts_with("Friday arena (#80), directed by ann: an arena of 60 minutes, oware(seeds_per_house=4, grand_slam=legal_no_capture), 1 game, 3+2; under way; berserk allowed"),
            "{english}"
        );
        assert!(
            english.contains("      1  ann                        9        3  3 2 4 (on fire)\n"),
            "{english}"
        );
        assert!(
            english.contains("bob") && english.contains("(left)"),
            "{english}"
        );
        assert!(
            english.contains("  ann [B]              cy                   playing  (match 90)"),
            "{english}"
        );
        assert!(
            english.contains("  bob                  ann                  0-1  (match 88)"),
            "{english}"
        );
        let listed = list_text(&Text::english(), std::slice::from_ref(&view));
        assert!(
            listed.starts_with(
                "#80 Friday arena · arena, 60 min · oware(seeds_per_house=4, grand_slam=legal_no_capture), 1 game, 3+2 · under way · 2 players"
            ),
            "{listed}"
        );
    }
}
