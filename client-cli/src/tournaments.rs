//! `mancala tournaments [ID]`: the server's tournaments as text (the
//! newest first), or one of them: its standings and every round's boards
//! and results. Read from `GET /api/tournaments`, in the API's own types.

use crate::plain::{points, time_text};
use crate::standings::fetch;
use crate::text::{Text, t};
use crate::web;
use protocol::wire::{MatchSettings, TournamentStage, TournamentView};

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

fn stage_words(text: &Text, stage: TournamentStage) -> String {
    match stage {
        TournamentStage::Waiting => t!(text, "stage-waiting"),
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
        out.push_str(&t!(
            text,
            "tournaments-line",
            tournament = tournament.tournament_id.0,
            name = tournament.name.as_str(),
            settings = settings_words(text, &tournament.settings),
            stage = stage_words(text, tournament.stage),
            round = tournament.rounds_played.len(),
            rounds = tournament.rounds,
            players = tournament.standings.len()
        ));
        out.push('\n');
    }
    out
}

/// A tournament: its heading, standings, and every round's boards.
pub fn one_text(text: &Text, tournament: &TournamentView) -> String {
    let mut out = t!(
        text,
        "tournament-heading",
        tournament = tournament.tournament_id.0,
        name = tournament.name.as_str(),
        director = tournament.director.name.as_str(),
        settings = settings_words(text, &tournament.settings),
        rounds = tournament.rounds,
        stage = stage_words(text, tournament.stage)
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
            let result = match &board.result {
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
            };
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
}
