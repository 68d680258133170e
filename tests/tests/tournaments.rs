//! Tournaments over real sockets: a Swiss of four players created by a
//! director, paired at its start on the manual clock, its matches played
//! by the players' clients, its results recorded and ranked, and the
//! server restarted between rounds; and the refusals and budgets that keep
//! a tournament from costing the server without end.

use protocol::wire::{
    ErrorCode, MatchId, PlayerId, Seat, ServerMsg, TournamentId, TournamentStage, TournamentView,
};
use serde_json::{Value, json};
use std::collections::HashMap;
use tests::{
    Client, TestServer, on_disk, tournament_enter, tournament_follow, tournament_update as update,
};

const MINUTE: u64 = 60_000;

fn settings(name: &str, rounds: u32, starts_at_ms: u64) -> Value {
    json!({
        "name": name,
        "settings": {"ruleset": {"variant": "kalah"}, "games": 1},
        "rounds": rounds,
        "starts_at_ms": starts_at_ms,
        "between_rounds_ms": MINUTE,
    })
}

/// `director` creates a tournament: its view.
async fn create(director: &mut Client, settings: Value) -> TournamentView {
    let id = director
        .request(json!({"type": "tournament_create", "settings": settings}))
        .await;
    match director.reply(id).await {
        ServerMsg::TournamentCreated { tournament, .. } => *tournament,
        other => panic!("not created: {other:?}"),
    }
}

/// Tournament `id` once over, as `client` follows it: its last result may
/// be in before the answer to the follow, or come after it.
async fn the_end(client: &mut Client, id: TournamentId) -> TournamentView {
    let now = tournament_follow(client, id).await;
    if now.stage == TournamentStage::Over {
        now
    } else {
        update(client, "the end", |t| t.stage == TournamentStage::Over).await
    }
}

/// Every player reads his board's `match_started`; the matches are played
/// out (the lowest legal house each move); returns each match's points by
/// seat, keyed by its players.
async fn play_round(
    players: &mut HashMap<PlayerId, Client>,
) -> HashMap<MatchId, ([PlayerId; 2], [f64; 2])> {
    let mut boards: HashMap<MatchId, [PlayerId; 2]> = HashMap::new();
    for client in players.values_mut() {
        let (match_id, seats) = tests::match_started(client).await;
        boards.insert(match_id, seats);
    }
    let mut results = HashMap::new();
    for (match_id, seats) in boards {
        let points = play_out(players, seats, match_id).await;
        results.insert(match_id, (seats, points));
    }
    results
}

/// Match `match_id` of `seats` played out by their clients (the lowest
/// legal house each move): its points by seat.
async fn play_out(
    players: &mut HashMap<PlayerId, Client>,
    seats: [PlayerId; 2],
    match_id: MatchId,
) -> [f64; 2] {
    let mut first = players.remove(&seats[0]).expect("first mover");
    let mut second = players.remove(&seats[1]).expect("second mover");
    let outcome = tests::play_match(
        [&mut first, &mut second],
        match_id,
        protocol::rules::Ruleset::default_for(protocol::rules::Variant::Kalah),
        tests::lowest,
    )
    .await;
    players.insert(seats[0], first);
    players.insert(seats[1], second);
    outcome.points
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_four_is_paired_played_ranked_and_survives_a_restart_between_rounds() {
    let dir = tempfile::tempdir().expect("a directory");
    let (server, clock) = TestServer::with_manual_clock(on_disk(dir.path(), "swiss.sqlite3")).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let created = create(&mut dora, settings("Sunday Swiss", 2, clock.now() + MINUTE)).await;
    let id = created.tournament_id;
    assert_eq!(created.stage, TournamentStage::Waiting);
    tournament_follow(&mut dora, id).await;
    let mut players: HashMap<PlayerId, Client> = HashMap::new();
    let mut names: HashMap<PlayerId, String> = HashMap::new();
    for name in ["ann", "bob", "cy", "dan"] {
        let mut client = Client::join(&server, name).await;
        tournament_enter(&mut client, id).await;
        let me = client.player_id;
        names.insert(me, name.to_owned());
        players.insert(me, client);
    }
    // Entering twice is refused in words.
    let ann = *names.iter().find(|(_, n)| *n == "ann").expect("ann").0;
    let again = players
        .get_mut(&ann)
        .expect("ann")
        .request(json!({"type": "tournament_join", "tournament_id": id}))
        .await;
    let refusal = players.get_mut(&ann).expect("ann").reply(again).await;
    assert!(
        matches!(&refusal, ServerMsg::Error { code: ErrorCode::TournamentRefused, message, .. } if message.contains("already")),
        "{refusal:?}"
    );
    let entered = update(&mut dora, "four entrants", |t| t.standings.len() == 4).await;
    assert_eq!(entered.stage, TournamentStage::Waiting);

    // The start: round 1 is paired and its matches start.
    clock.advance(MINUTE);
    let mut points: HashMap<PlayerId, f64> = HashMap::new();
    let mut game_points: HashMap<PlayerId, f64> = HashMap::new();
    let mut met: Vec<[PlayerId; 2]> = Vec::new();
    // Every match: its players and the match points each scored.
    let mut meetings: Vec<([PlayerId; 2], [f64; 2])> = Vec::new();
    let round_one = play_round(&mut players).await;
    for ([first, second], p) in round_one.values() {
        tally(&mut points, &mut game_points, [*first, *second], *p);
        met.push([*first, *second]);
        meetings.push(([*first, *second], match_points(*p)));
    }
    let between = update(&mut dora, "round 1's results and round 2's time", |t| {
        t.stage == TournamentStage::BetweenRounds && t.next_round_at_ms.is_some()
    })
    .await;
    let board_of_round_one = &between.rounds_played[0];
    assert_eq!(board_of_round_one.boards.len(), 2);
    for board in &board_of_round_one.boards {
        let match_id = board.match_id.expect("started");
        let ([first, _], p) = round_one[&match_id];
        assert_eq!(board.first.id, first, "the board's first mover moved first");
        assert_eq!(board.result.as_ref().map(|r| r.games), Some(p));
    }
    assert!(between.next_round_at_ms.is_some());

    // A restart between the rounds loses nothing.
    let tokens: HashMap<PlayerId, String> = players
        .iter()
        .map(|(id, client)| (*id, client.token.clone()))
        .collect();
    drop(players);
    drop(dora);
    assert!(server.stop().await, "a clean stop");
    // As if it had died between a match's end and its result's storing:
    // the last result and the next round's time are taken out of the file.
    // The restart finds that match over in its events and records it.
    let file = rusqlite::Connection::open(dir.path().join("swiss.sqlite3")).expect("the file");
    let removed = file
        .execute(
            "DELETE FROM tournament_steps WHERE tournament_id = ?1 AND seq >= \
             (SELECT max(seq) - 1 FROM tournament_steps WHERE tournament_id = ?1)",
            [id.0 as i64],
        )
        .expect("steps taken out");
    assert_eq!(removed, 2);
    drop(file);
    let (server, clock) = TestServer::with_manual_clock(on_disk(dir.path(), "swiss.sqlite3")).await;
    let (status, stored) = server.get_json(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200);
    let stored: TournamentView = serde_json::from_value(stored).expect("a tournament");
    assert_eq!(stored.stage, TournamentStage::BetweenRounds);
    assert_eq!(stored.rounds_played, between.rounds_played);
    assert_eq!(stored.standings, between.standings);
    let next_at = stored
        .next_round_at_ms
        .expect("the next round's time, again");
    let mut players: HashMap<PlayerId, Client> = HashMap::new();
    for (player, token) in &tokens {
        let (client, _) = Client::rejoin(&server, token).await;
        players.insert(*player, client);
    }
    // Round 2 when its time comes (the new clock starts before it).
    clock.advance(next_at.saturating_sub(clock.now()));
    let round_two = play_round(&mut players).await;
    for ([first, second], p) in round_two.values() {
        assert!(
            !met.iter().any(|m| m.contains(first) && m.contains(second)),
            "no two players meet twice"
        );
        tally(&mut points, &mut game_points, [*first, *second], *p);
        meetings.push(([*first, *second], match_points(*p)));
    }
    let any = players.values_mut().next().expect("a player");
    let over = the_end(any, id).await;
    // The standings are the results added up here, independently.
    assert_eq!(over.standings.len(), 4);
    for line in &over.standings {
        assert_eq!(line.points, points[&line.player.id], "{}", line.player.name);
        assert_eq!(
            line.game_points, game_points[&line.player.id],
            "{}",
            line.player.name
        );
    }
    // The tie-breaks too: Buchholz adds the opponents' points; Sonneborn-
    // Berger each opponent's points times what one scored against him.
    for line in &over.standings {
        let me = line.player.id;
        let (mut buchholz, mut sonneborn_berger) = (0.0, 0.0);
        for (players, scored) in &meetings {
            let Some(seat) = players.iter().position(|p| *p == me) else {
                continue;
            };
            let theirs = points[&players[1 - seat]];
            buchholz += theirs;
            sonneborn_berger += theirs * scored[seat];
        }
        assert_eq!(line.buchholz, buchholz, "{} Buchholz", line.player.name);
        assert_eq!(
            line.sonneborn_berger, sonneborn_berger,
            "{} Sonneborn-Berger",
            line.player.name
        );
    }
    let ranked: Vec<f64> = over.standings.iter().map(|l| l.points).collect();
    assert!(ranked.windows(2).all(|w| w[0] >= w[1]), "{ranked:?}");
    let (_, listed) = server.get_json("/api/tournaments").await;
    assert_eq!(listed[0]["tournament_id"], id.0);
    assert_eq!(listed[0]["stage"], "over");
    server.stop().await;
}

/// The match points of a match whose games' points are `p`, by seat.
fn match_points(p: [f64; 2]) -> [f64; 2] {
    match p[0].total_cmp(&p[1]) {
        std::cmp::Ordering::Greater => [1.0, 0.0],
        std::cmp::Ordering::Equal => [0.5, 0.5],
        std::cmp::Ordering::Less => [0.0, 1.0],
    }
}

/// Add one match's result: a match point to the winner (half each for a
/// draw), and each side's games' points.
fn tally(
    points: &mut HashMap<PlayerId, f64>,
    game_points: &mut HashMap<PlayerId, f64>,
    players: [PlayerId; 2],
    p: [f64; 2],
) {
    let match_points = match_points(p);
    for seat in 0..2 {
        *points.entry(players[seat]).or_default() += match_points[seat];
        *game_points.entry(players[seat]).or_default() += p[seat];
    }
}

#[tokio::test]
async fn tournaments_cost_their_creators_and_are_refused_in_words() {
    let (server, clock) = TestServer::with_manual_clock(server::Config::default()).await;
    let mut guest = Client::join(&server, "guest").await;
    let start = clock.now() + MINUTE;
    let asked = guest
        .request(json!({"type": "tournament_create", "settings": settings("Mine", 3, start)}))
        .await;
    let _ = asked;
    guest.expect_error(ErrorCode::PasswordNeeded).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    for (bad, why) in [
        (settings("", 3, start), "a name"),
        (settings("Long", 16, start), "16 rounds"),
        // (A minute's slack is taken as now; more is the past.)
        (
            settings("Past", 3, clock.now() - MINUTE - 1),
            "a start in the past",
        ),
    ] {
        dora.request(json!({"type": "tournament_create", "settings": bad}))
            .await;
        let words = dora.expect_error(ErrorCode::TournamentRefused).await;
        assert!(!words.is_empty(), "{why}");
    }
    // Two tournaments not yet over per director (the default): a third is refused.
    create(&mut dora, settings("One", 3, start)).await;
    // One for players rated 1600 or more: a new player (1500) is refused.
    let mut strong = settings("Two", 3, start);
    strong["settings"]["time_control"] =
        json!({"kind": "real_time", "initial_ms": 300_000, "increment_ms": 3_000});
    strong["min_rating"] = json!(1600.0);
    let two = create(&mut dora, strong).await.tournament_id;
    guest
        .request(json!({"type": "tournament_join", "tournament_id": two}))
        .await;
    let words = guest.expect_error(ErrorCode::TournamentRefused).await;
    assert!(
        words.contains("rated 1600 or more; you are rated 1500"),
        "{words}"
    );
    dora.request(json!({"type": "tournament_create", "settings": settings("Three", 3, start)}))
        .await;
    let words = dora.expect_error(ErrorCode::TournamentRefused).await;
    assert!(words.contains("not yet over"), "{words}");
    // No such tournament.
    guest
        .request(json!({"type": "tournament_join", "tournament_id": 999_999}))
        .await;
    guest.expect_error(ErrorCode::NoSuchTournament).await;
    let (status, _) = server.get_json("/api/tournaments/999999").await;
    assert_eq!(status, 404);
    // Joining and withdrawing in a loop spends the player's budget (20
    // steps at once by default): each is a journal write.
    let listed = server.get_json("/api/tournaments").await.1;
    let one = listed
        .as_array()
        .and_then(|list| list.iter().find(|t| t["name"] == "One"))
        .and_then(|t| t["tournament_id"].as_u64())
        .expect("tournament One");
    let mut refused = false;
    for n in 0..40 {
        let kind = if n % 2 == 0 {
            "tournament_join"
        } else {
            "tournament_withdraw"
        };
        let asked = guest
            .request(json!({"type": kind, "tournament_id": one}))
            .await;
        match guest.reply(asked).await {
            ServerMsg::Ok { .. } => {}
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            } => {
                refused = true;
                break;
            }
            other => panic!("{kind}: {other:?}"),
        }
    }
    assert!(refused, "the budget ran out");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_does_not_come_loses_his_board_by_forfeit() {
    let (server, clock) = TestServer::with_manual_clock(server::Config::default()).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let mut blitz = settings("Blitz", 1, clock.now() + MINUTE);
    blitz["settings"]["time_control"] =
        json!({"kind": "real_time", "initial_ms": 60_000, "increment_ms": 0});
    let id = create(&mut dora, blitz).await.tournament_id;
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    for client in [&mut ann, &mut bob] {
        tournament_enter(client, id).await;
    }
    // Bob goes away before the start and never comes back.
    bob.leave().await;
    clock.advance(MINUTE);
    let (match_id, seats) = tests::match_started(&mut ann).await;
    let (first, _) = tests::game_started(&mut ann, 1).await;
    if seats[first.index()] == ann.player_id {
        ann.send(json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1}))
            .await;
        ann.wait_for("her move", |m| matches!(m, ServerMsg::MoveAccepted { .. }))
            .await;
    }
    // Bob's first-move timer, or his clock, runs out.
    clock.advance(10 * MINUTE);
    ann.wait_for("the match's end", |m| {
        matches!(m, ServerMsg::MatchEnded { .. })
    })
    .await;
    let over = the_end(&mut dora, id).await;
    let result = over.rounds_played[0].boards[0]
        .result
        .clone()
        .expect("a result");
    assert!(result.forfeit, "{result:?}");
    let points: HashMap<&str, f64> = over
        .standings
        .iter()
        .map(|l| (l.player.name.as_str(), l.points))
        .collect();
    assert_eq!(points["ann"], 1.0);
    assert_eq!(points["bob"], 0.0);
    server.stop().await;
}

/// Play out the boards of `round` (from the tournament's view), each by its
/// two players' clients: each match's points by seat.
async fn play_boards(
    players: &mut HashMap<PlayerId, Client>,
    round: &protocol::wire::RoundView,
) -> Vec<[f64; 2]> {
    let mut results = Vec::new();
    for board in &round.boards {
        let seats = [board.first.id, board.second.id];
        let mut match_id = None;
        for player in seats {
            let client = players.get_mut(&player).expect("a player");
            let (id, started) = tests::match_started(client).await;
            assert_eq!(started, seats, "the board's first mover moves first");
            match_id = Some(id);
        }
        let match_id = match_id.expect("a match");
        results.push(play_out(players, seats, match_id).await);
    }
    results
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_entrant_and_a_paused_player_are_absent_and_the_odd_one_has_the_bye() {
    let (server, clock) = TestServer::with_manual_clock(server::Config::default()).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let id = create(&mut dora, settings("Odd Swiss", 2, clock.now() + MINUTE))
        .await
        .tournament_id;
    tournament_follow(&mut dora, id).await;
    let mut players: HashMap<PlayerId, Client> = HashMap::new();
    let mut ids: HashMap<&str, PlayerId> = HashMap::new();
    let enter = async |name: &'static str,
                       players: &mut HashMap<PlayerId, Client>,
                       ids: &mut HashMap<&str, PlayerId>| {
        let mut client = Client::join(&server, name).await;
        tournament_enter(&mut client, id).await;
        ids.insert(name, client.player_id);
        players.insert(client.player_id, client);
    };
    for name in ["ann", "bob", "cy"] {
        enter(name, &mut players, &mut ids).await;
    }
    // Round 1: three players, one board and a bye.
    clock.advance(MINUTE);
    let paired = update(&mut dora, "round 1", |t| t.rounds_played.len() == 1).await;
    let round_one = paired.rounds_played[0].clone();
    assert_eq!(round_one.boards.len(), 1);
    let bye_one = round_one.bye.clone().expect("a bye").id;
    // Dan enters late, while round 1 is played: he is absent from it.
    enter("dan", &mut players, &mut ids).await;
    play_boards(&mut players, &round_one).await;
    // Cy pauses before round 2: it leaves him out.
    let cy = players.get_mut(&ids["cy"]).expect("cy");
    let pause = cy
        .request(json!({"type": "tournament_pause", "tournament_id": id, "paused": true}))
        .await;
    assert!(matches!(cy.reply(pause).await, ServerMsg::Ok { .. }));
    let between = update(&mut dora, "round 2's time", |t| {
        t.next_round_at_ms.is_some() && t.standings.iter().any(|l| l.paused)
    })
    .await;
    clock.advance(between.next_round_at_ms.expect("a time") - clock.now());
    let paired = update(&mut dora, "round 2", |t| t.rounds_played.len() == 2).await;
    let round_two = paired.rounds_played[1].clone();
    let in_round_two: Vec<PlayerId> = round_two
        .boards
        .iter()
        .flat_map(|b| [b.first.id, b.second.id])
        .chain(round_two.bye.iter().map(|b| b.id))
        .collect();
    assert!(
        !in_round_two.contains(&ids["cy"]),
        "a paused player is left out"
    );
    assert!(
        in_round_two.contains(&ids["dan"]),
        "the late entrant plays round 2"
    );
    let bye_two = round_two.bye.clone().expect("three players: a bye").id;
    assert_ne!(bye_two, bye_one, "no second bye");
    play_boards(&mut players, &round_two).await;
    let over = update(&mut dora, "the end", |t| t.stage == TournamentStage::Over).await;
    let line = |player: PlayerId| {
        over.standings
            .iter()
            .find(|l| l.player.id == player)
            .expect("a line")
            .clone()
    };
    // A bye is a point; an absence (late entry, pause) none.
    assert!(line(bye_one).points >= 1.0);
    assert!(line(bye_two).points >= 1.0);
    assert!(line(ids["dan"]).points <= 1.0, "absent from round 1");
    let cy_line = line(ids["cy"]);
    assert!(cy_line.paused);
    assert!(cy_line.points <= 1.0, "absent from round 2");
    let total: f64 = over.standings.iter().map(|l| l.points).sum();
    assert_eq!(total, 4.0, "two rounds: a board's point and a bye's each");
    server.stop().await;
}

/// A private tournament is in no list, and is read, followed and entered
/// only with the code its creation answers: without it (or with another)
/// it is not there at all.
#[tokio::test]
async fn a_private_tournament_is_found_and_entered_only_by_its_code() {
    let (server, clock) = TestServer::with_manual_clock(server::Config::default()).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let mut private = settings("Club night", 3, clock.now() + MINUTE);
    private["private"] = json!(true);
    let asked = dora
        .request(json!({"type": "tournament_create", "settings": private}))
        .await;
    let (view, code) = match dora.reply(asked).await {
        ServerMsg::TournamentCreated {
            tournament, code, ..
        } => (*tournament, code.expect("a private tournament's code")),
        other => panic!("not created: {other:?}"),
    };
    assert!(view.private);
    let id = view.tournament_id;
    create(&mut dora, settings("Open night", 3, clock.now() + MINUTE)).await;
    let listed = server.get_json("/api/tournaments").await.1;
    let names: Vec<&str> = listed
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["Open night"], "the private one is not listed");
    let (status, _) = server.get_json(&format!("/api/tournaments/{}", id.0)).await;
    assert_eq!(status, 404);
    let (status, _) = server
        .get_json(&format!("/api/tournaments/{}?code=nottheone", id.0))
        .await;
    assert_eq!(status, 404);
    let (status, read) = server
        .get_json(&format!("/api/tournaments/{}?code={code}", id.0))
        .await;
    assert_eq!(status, 200);
    assert_eq!(read["name"], "Club night");
    assert_eq!(read["private"], true);
    let mut ann = Client::join(&server, "ann").await;
    for wrong in [json!(null), json!("nottheone")] {
        ann.request(json!({"type": "tournament_join", "tournament_id": id, "code": wrong}))
            .await;
        ann.expect_error(ErrorCode::NoSuchTournament).await;
        ann.request(json!({"type": "tournament_watch", "tournament_id": id, "code": wrong}))
            .await;
        ann.expect_error(ErrorCode::NoSuchTournament).await;
    }
    let joined = ann
        .request(json!({"type": "tournament_join", "tournament_id": id, "code": code}))
        .await;
    assert!(matches!(ann.reply(joined).await, ServerMsg::Ok { .. }));
    let seen = update(&mut ann, "the tournament with ann in it", |t| {
        t.standings.iter().any(|line| line.player.name == "ann")
    })
    .await;
    assert_eq!(seen.tournament_id, id);
    let mut cy = Client::join(&server, "cy").await;
    let watched = cy
        .request(json!({"type": "tournament_watch", "tournament_id": id, "code": code}))
        .await;
    assert!(matches!(
        cy.reply(watched).await,
        ServerMsg::Tournament { .. }
    ));
    server.stop().await;
}

/// A casual tournament may have the server's computer players in it, named
/// by level when it is created: they are entrants from the start, play
/// their boards (against a player, and against each other) and are ranked
/// like anyone. A rated one, or an unknown level, is refused in words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_entered_by_the_director_play_their_boards_in_a_casual_tournament() {
    let (server, clock) = TestServer::with_manual_clock(server::Config {
        computers: true,
        computer_delay_ms: 0,
        computer_think_ms: 40,
        ..server::Config::default()
    })
    .await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let mut rated = settings("Rated with computers", 1, clock.now() + MINUTE);
    rated["settings"]["time_control"] =
        json!({"kind": "real_time", "initial_ms": 300_000, "increment_ms": 3_000});
    rated["settings"]["rated"] = json!(true);
    rated["computers"] = json!([1]);
    let mut unknown = settings("Level nine", 1, clock.now() + MINUTE);
    unknown["computers"] = json!([9]);
    // A casual one with an entry condition: the computers meet it too.
    let mut conditioned = settings("Strong casual", 1, clock.now() + MINUTE);
    conditioned["settings"]["time_control"] =
        json!({"kind": "real_time", "initial_ms": 300_000, "increment_ms": 3_000});
    conditioned["min_rating"] = json!(1800.0);
    conditioned["computers"] = json!([2]);
    for (refused, why) in [
        (rated, "casual tournaments only"),
        (unknown, "levels, 1 to 8"),
        (conditioned, "computer-2 is rated 1500"),
    ] {
        dora.request(json!({"type": "tournament_create", "settings": refused}))
            .await;
        let words = dora.expect_error(ErrorCode::TournamentRefused).await;
        assert!(words.contains(why), "{words}");
    }
    let mut casual = settings("Humans and machines", 1, clock.now() + MINUTE);
    casual["computers"] = json!([1, 2, 3]);
    let created = create(&mut dora, casual).await;
    let names: Vec<&str> = created
        .standings
        .iter()
        .map(|l| l.player.name.as_str())
        .collect();
    assert_eq!(names, ["computer-1", "computer-2", "computer-3"]);
    let id = created.tournament_id;
    let mut ann = Client::join(&server, "ann").await;
    tournament_enter(&mut ann, id).await;
    tournament_follow(&mut dora, id).await;
    clock.advance(MINUTE);
    // Four entrants: ann plays a computer, two computers play each other.
    let (match_id, seats) = tests::match_started(&mut ann).await;
    let me = if seats[0] == ann.player_id {
        Seat::Zero
    } else {
        Seat::One
    };
    let kalah = protocol::rules::Ruleset::default_for(protocol::rules::Variant::Kalah);
    let (their_moves, _) = tests::play_against(&mut ann, match_id, kalah, me, None).await;
    assert!(their_moves > 0, "the computer moved");
    let over = update(&mut dora, "the tournament's end", |t| {
        t.stage == TournamentStage::Over
    })
    .await;
    let boards = &over.rounds_played[0].boards;
    assert_eq!(boards.len(), 2);
    for board in boards {
        let result = board.result.as_ref().expect("every board has its result");
        assert!(!result.forfeit, "{board:?}");
        assert_eq!(result.points[0] + result.points[1], 1.0, "{board:?}");
    }
    let machines = boards
        .iter()
        .find(|b| b.first.name != "ann" && b.second.name != "ann")
        .expect("a board of two computers");
    assert!(machines.first.name.starts_with("computer-"));
    assert_eq!(over.standings.len(), 4);
    server.stop().await;
}

/// An arena of four across a restart: its first wave's two matches, one
/// played out before the server stops and one half-played, which resumes
/// after it and counts; the next wave pairs everyone again, the arena
/// closes at its end and the leaderboard adds every match up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_survives_a_restart_with_a_match_under_way() {
    let dir = tempfile::tempdir().expect("a directory");
    let (server, clock) = TestServer::with_manual_clock(on_disk(dir.path(), "arena.sqlite3")).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let start = clock.now() + MINUTE;
    let created = create(
        &mut dora,
        json!({
            "name": "Kalah arena",
            "format": "arena",
            "settings": {"ruleset": {"variant": "kalah"}, "games": 1},
            "duration_ms": 10 * MINUTE,
            "starts_at_ms": start,
        }),
    )
    .await;
    let id = created.tournament_id;
    assert_eq!(created.ends_at_ms, Some(start + 10 * MINUTE));
    let mut players: HashMap<PlayerId, Client> = HashMap::new();
    for name in ["ann", "bob", "cy", "dan"] {
        let mut client = Client::join(&server, name).await;
        tournament_enter(&mut client, id).await;
        players.insert(client.player_id, client);
    }
    // Its start: everyone is paired.
    clock.advance(MINUTE);
    let mut boards: HashMap<MatchId, [PlayerId; 2]> = HashMap::new();
    for client in players.values_mut() {
        let (match_id, seats) = tests::match_started(client).await;
        boards.insert(match_id, seats);
    }
    assert_eq!(boards.len(), 2, "four players, two matches");
    let mut ids: Vec<MatchId> = boards.keys().copied().collect();
    ids.sort();
    let (played, held) = (ids[0], ids[1]);
    let mut points = HashMap::new();
    points.insert(
        played,
        play_out(&mut players, boards[&played], played).await,
    );
    // The other is half-played when the server stops.
    let kalah = protocol::rules::Ruleset::default_for(protocol::rules::Variant::Kalah);
    let mut driver = tests::Driver::new(held, kalah, tests::lowest);
    {
        let [first, second] = boards[&held];
        let mut a = players.remove(&first).expect("first");
        let mut b = players.remove(&second).expect("second");
        driver.run([&mut a, &mut b], Some(6)).await;
        players.insert(first, a);
        players.insert(second, b);
    }
    let before = tournament_follow(&mut dora, id).await;
    assert_eq!(before.leaderboard.iter().map(|l| l.matches).sum::<u32>(), 2);
    let tokens: HashMap<PlayerId, String> = players
        .iter()
        .map(|(id, client)| (*id, client.token.clone()))
        .collect();
    let dora_token = dora.token.clone();
    drop(players);
    drop(dora);
    assert!(server.stop().await, "a clean stop");

    let (server, clock) = TestServer::with_manual_clock(on_disk(dir.path(), "arena.sqlite3")).await;
    let (_, stored) = server.get_json(&format!("/api/tournaments/{id}")).await;
    let stored: TournamentView = serde_json::from_value(stored).expect("an arena");
    assert_eq!(stored.leaderboard, before.leaderboard);
    assert_eq!(stored.arena_matches, before.arena_matches);
    let mut players: HashMap<PlayerId, Client> = HashMap::new();
    for (player, token) in &tokens {
        let (client, _) = Client::rejoin(&server, token).await;
        players.insert(*player, client);
    }
    let (mut dora, _) = Client::rejoin(&server, &dora_token).await;
    tournament_follow(&mut dora, id).await;
    // The held match resumes where it was and is played out; it counts.
    let [first, second] = boards[&held];
    let mut a = players.remove(&first).expect("first");
    let mut b = players.remove(&second).expect("second");
    for client in [&mut a, &mut b] {
        let missed = client.resume_after(held, driver.version()).await;
        client.requeue(missed);
    }
    let outcome = driver
        .run([&mut a, &mut b], None)
        .await
        .expect("played out");
    points.insert(held, outcome.points);
    players.insert(first, a);
    players.insert(second, b);
    update(&mut dora, "both first matches counted", |t| {
        t.leaderboard.iter().map(|l| l.matches).sum::<u32>() == 4
            && t.leaderboard.iter().all(|l| !l.playing)
    })
    .await;
    // The next wave pairs everyone again; then the end comes.
    clock.advance(MINUTE);
    let mut second_wave: HashMap<MatchId, [PlayerId; 2]> = HashMap::new();
    for client in players.values_mut() {
        let (match_id, seats) = tests::match_started(client).await;
        second_wave.insert(match_id, seats);
    }
    assert_eq!(second_wave.len(), 2);
    for (match_id, seats) in &second_wave {
        let [x, y] = boards[&played];
        assert!(
            !(seats.contains(&x) && seats.contains(&y)),
            "not the last opponent again"
        );
        points.insert(*match_id, play_out(&mut players, *seats, *match_id).await);
        boards.insert(*match_id, *seats);
    }
    update(&mut dora, "the second wave counted", |t| {
        t.leaderboard.iter().map(|l| l.matches).sum::<u32>() == 8
    })
    .await;
    clock.advance(10 * MINUTE);
    let over = the_end(&mut dora, id).await;
    // Every player's points, added up here: a win 2 (4 after two wins in a
    // row: none here has three), a draw 1.
    for line in &over.leaderboard {
        let me = line.player.id;
        let mut ours = 0;
        for (match_id, seats) in &boards {
            let Some(seat) = seats.iter().position(|p| *p == me) else {
                continue;
            };
            let p = points[match_id];
            ours += match p[seat].total_cmp(&p[1 - seat]) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
        }
        assert_eq!(line.points, ours, "{}", line.player.name);
        assert_eq!(line.matches, 2);
    }
    server.stop().await;
}

/// A follower who unwatches hears no more of the tournament; following it
/// again brings it back.
#[tokio::test]
async fn a_follower_who_unwatches_a_tournament_hears_no_more_of_it() {
    let (server, clock) = TestServer::with_manual_clock(server::Config::default()).await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let id = create(&mut dora, settings("Quiet Swiss", 1, clock.now() + MINUTE))
        .await
        .tournament_id;
    let mut eve = Client::join(&server, "eve").await;
    tournament_follow(&mut eve, id).await;
    let mut ann = Client::join(&server, "ann").await;
    tournament_enter(&mut ann, id).await;
    update(&mut eve, "ann's entry", |t| t.standings.len() == 1).await;
    let unwatch = eve
        .request(json!({"type": "tournament_unwatch", "tournament_id": id}))
        .await;
    assert!(matches!(eve.reply(unwatch).await, ServerMsg::Ok { .. }));
    let mut bob = Client::join(&server, "bob").await;
    tournament_enter(&mut bob, id).await;
    // Bob's entry was told to the followers before his answer; a round
    // trip of eve's after it comes after anything told her then.
    let ask = eve
        .request(json!({"type": "tournament_unwatch", "tournament_id": id}))
        .await;
    assert!(matches!(eve.reply(ask).await, ServerMsg::Ok { .. }));
    assert!(
        !eve.has_seen(|m| matches!(m, ServerMsg::Tournament { tournament, .. } if tournament.standings.len() == 2)),
        "no update after unwatching"
    );
    let again = tournament_follow(&mut eve, id).await;
    assert_eq!(again.standings.len(), 2);
}
