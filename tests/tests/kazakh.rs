//! Togyz Kumalak and Bestemshe over real sockets: a five-game match played
//! to its end while a spectator watches, every move the spectator saw and
//! the archive kept being the ones accepted, the archive's record naming
//! the variant and labelling each move as players write it, and the
//! engine's analysis of every game.

use protocol::rules::{Game, Move, Ruleset};
use serde_json::json;
use tests::{Driver, TestServer, on_disk, seek_match, watch_to_the_end};

async fn five_games_watched(variant: &str) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = TestServer::with_config(on_disk(dir.path(), "kazakh.sqlite3")).await;
    let ruleset: Ruleset =
        serde_json::from_value(json!({"variant": variant})).expect("a Kazakh ruleset");
    let settings = json!({"ruleset": {"variant": variant, "params": {}}, "games": 5,
        "stop_when_decided": false, "time_control": {"kind": "untimed"}});
    let (mut ann, mut bob, match_id) = seek_match(&server, ["ann", "bob"], settings).await;
    let mut carol = tests::Client::join(&server, "carol").await;
    let mut driver = Driver::new(match_id, ruleset, tests::varied);
    let played = async {
        let outcome = driver
            .run([&mut ann, &mut bob], None)
            .await
            .expect("the match ends");
        (outcome, driver.accepted_moves().to_vec())
    };
    let watched = watch_to_the_end(&mut carol, match_id);
    let ((outcome, moves), seen) = tokio::join!(played, watched);
    assert_eq!(outcome.games, 5, "{outcome:?}");
    assert_eq!(outcome.points, outcome.points_from_games);
    assert_eq!(seen, moves, "the spectator saw every accepted move, once");

    let (status, archived) = server
        .get_json(&format!("/api/matches/{}", match_id.0))
        .await;
    assert_eq!(status, 200, "{archived}");
    assert_eq!(tests::archived_moves(&archived), moves);
    assert_eq!(
        archived["settings"]["ruleset"]["variant"],
        json!(variant),
        "{archived}"
    );
    // Each move is labelled as players write it, as the engine writes it.
    for game in archived["games"].as_array().expect("games") {
        let mut replica = Game::new(ruleset);
        for played in game["moves"].as_array().expect("moves") {
            let house = played["house"].as_i64().expect("a house");
            let mv = Move::from_number(house).expect("a house");
            let label = replica.position().move_label(mv).expect("legal");
            assert_eq!(played["label"], json!(label), "{played}");
            replica.play(mv).expect("legal");
        }
    }

    let path = format!("/api/matches/{}/analysis?depth=2", match_id.0);
    let (status, analysis) = server.get_json(&path).await;
    assert_eq!(status, 200, "{analysis}");
    let reviewed: usize = analysis["games"]
        .as_array()
        .map(|games| {
            games
                .iter()
                .map(|g| g["moves"].as_array().map_or(0, Vec::len))
                .sum()
        })
        .unwrap_or(0);
    assert_eq!(reviewed, moves.len(), "every move reviewed: {analysis}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_game_togyz_kumalak_match_is_played_out_and_watched() {
    five_games_watched("togyz_kumalak").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_game_bestemshe_match_is_played_out_and_watched() {
    five_games_watched("bestemshe").await;
}
