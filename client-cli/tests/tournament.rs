//! A whole Swiss tournament end to end, as the issue that asked for
//! tournaments describes it: eight players, three rounds of three-game
//! Mangala matches, three of them `mancala bot` processes entered with
//! `--tournament`, the others test clients; one entrant never comes (he
//! loses each board by forfeit), one joins late (absent from round 1); the
//! server is stopped and started again between rounds 1 and 2. The
//! standings and every tie-break are then computed here from the rounds'
//! results, independently, and must equal the server's.

use protocol::rules::{Ruleset, Variant};
use protocol::wire::{
    BoardView, MatchId, PlayerId, Seat, ServerMsg, TournamentStage, TournamentView,
};
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tests::{Client, TestServer, tournament_enter, tournament_follow, tournament_update as update};
use tokio::process::Child;

mod bots;

const MINUTE: u64 = 60_000;
const YEAR: u64 = 365 * 24 * 60 * 60 * 1000;
const BOTS: [&str; 3] = ["bot-one", "bot-two", "bot-three"];
const GAMES: u8 = 3;

/// The server on a manual clock, its journal in `dir`, at `addr` (port 0:
/// any), so that a restart comes back where the bots look for it.
async fn server_at(
    addr: SocketAddr,
    dir: &std::path::Path,
) -> (TestServer, Arc<server::ManualClock>) {
    let (clock, manual) = server::ManualClock::new();
    let config = server::Config {
        clock,
        hello_timeout_ms: YEAR,
        idle_timeout_ms: YEAR,
        handshake_timeout_ms: YEAR,
        // The clock jumps an hour between rounds: no keepalive pings to
        // catch up on.
        ping_interval_ms: YEAR,
        // Deadlines exactly as the snapshots give them.
        lag_allowance_ms: 0,
        ..tests::on_disk(dir, "event.sqlite3")
    };
    (TestServer::on(addr, config).await, manual)
}

/// Round `round`'s boards once every match of it has started.
async fn round_started(director: &mut Client, round: u32) -> TournamentView {
    update(director, "the round's matches started", |t| {
        t.rounds_played.len() == round as usize
            && t.rounds_played[round as usize - 1]
                .boards
                .iter()
                .all(|b| b.match_id.is_some())
    })
    .await
}

/// Play round `round`'s boards that test clients sit at (the bots play
/// theirs by themselves), then the no-show's board: his opponent moves
/// when he must, and the clock runs each game out. Returns the games'
/// points of every board the clients played, by its match.
async fn play_round(
    round: &[BoardView],
    clients: &mut HashMap<PlayerId, Client>,
    no_show: PlayerId,
    director: &mut Client,
    clock: &server::ManualClock,
) -> HashMap<MatchId, [f64; 2]> {
    let mangala = Ruleset::default_for(Variant::Mangala);
    let mut played = HashMap::new();
    let mut forfeit = None;
    for board in round {
        let match_id = board.match_id.expect("started");
        let seats = [board.first.id, board.second.id];
        if seats.contains(&no_show) {
            forfeit = Some((match_id, seats));
            continue;
        }
        match (clients.remove(&seats[0]), clients.remove(&seats[1])) {
            (Some(mut first), Some(mut second)) => {
                let outcome =
                    tests::play_match([&mut first, &mut second], match_id, mangala, tests::lowest)
                        .await;
                played.insert(match_id, outcome.points);
                clients.insert(seats[0], first);
                clients.insert(seats[1], second);
            }
            (Some(mut client), None) | (None, Some(mut client)) => {
                // This board's start (an earlier board's may still be unread).
                let started = client
                    .expect("the board's match_started", |m| {
                        matches!(m, ServerMsg::MatchStarted { match_id: m_id, .. } if *m_id == match_id)
                    })
                    .await;
                let ServerMsg::MatchStarted { players, .. } = started else {
                    unreachable!()
                };
                let me = if players[0].id == client.player_id {
                    Seat::Zero
                } else {
                    Seat::One
                };
                let (their_moves, ended) =
                    tests::play_against(&mut client, match_id, mangala, me, None).await;
                assert!(ended && their_moves > 0, "the bot played its board");
                clients.insert(client.player_id, client);
            }
            (None, None) => {}
        }
    }
    // Every other board's result is in before the clock moves.
    let boards = round.len();
    update(director, "every board but the no-show's decided", |t| {
        t.rounds_played.last().is_some_and(|r| {
            r.boards.len() == boards
                && r.boards
                    .iter()
                    .filter(|b| b.first.id != no_show && b.second.id != no_show)
                    .all(|b| b.result.is_some())
        })
    })
    .await;
    if let Some((match_id, seats)) = forfeit {
        run_out(match_id, seats, no_show, clients, director, clock).await;
    }
    played
}

/// The no-show's match: his opponent makes a move first (a test client
/// moves house 1, a bot moves by itself), in game 1 if he moves first, else
/// in game 2, which the no-show's first-move timer brings exactly; then the
/// clock runs every game out until the match is over. (Between rounds is an
/// hour, so a step of the clock past the match's end reaches no round.)
async fn run_out(
    match_id: MatchId,
    seats: [PlayerId; 2],
    no_show: PlayerId,
    clients: &mut HashMap<PlayerId, Client>,
    director: &mut Client,
    clock: &server::ManualClock,
) {
    let opponent = if seats[0] == no_show {
        seats[1]
    } else {
        seats[0]
    };
    let snapshot = director.watch_snapshot(match_id).await;
    // Seats are the match's, not the board's order.
    let opponent_seat = if snapshot.players[0].id == opponent {
        Seat::Zero
    } else {
        Seat::One
    };
    let of_this = move |m: &ServerMsg| m.match_id() == Some(match_id);
    let moved = snapshot
        .games
        .iter()
        .any(|g| g.movers.contains(&opponent_seat));
    if !moved {
        let current = snapshot.games.last().expect("game 1 started");
        let (mut game, mut first) = (current.game, current.first);
        if first != opponent_seat {
            let left = snapshot
                .clocks
                .and_then(|c| c.first_move_ms)
                .expect("the no-show's first move awaited");
            clock.advance(left + 1);
            match director
                .expect("the next game", move |m| {
                    of_this(m)
                        && matches!(
                            m,
                            ServerMsg::GameStarted { .. } | ServerMsg::MatchEnded { .. }
                        )
                })
                .await
            {
                ServerMsg::GameStarted {
                    game: g, first: f, ..
                } => (game, first) = (g, f),
                other => panic!("over before the opponent could move: {other:?}"),
            }
            assert_eq!(first, opponent_seat, "first movers alternate");
        }
        if let Some(client) = clients.get_mut(&opponent) {
            client
                .send(json!({"type": "move", "match_id": match_id, "game": game, "ply": 1, "house": 1}))
                .await;
        }
        director
            .expect("the opponent's first move", move |m| {
                of_this(m)
                    && matches!(m, ServerMsg::MovePlayed { game: g, ply: 1, .. } if *g == game)
            })
            .await;
    }
    let ended = move |m: &ServerMsg| of_this(m) && matches!(m, ServerMsg::MatchEnded { .. });
    // Each step of the clock passes the next deadline (a first-move timer,
    // the no-show's clock or his absence), so each brings an event.
    while !director.has_seen(ended) {
        clock.advance(2 * MINUTE);
        let event = director
            .expect("the games run out", move |m| {
                of_this(m)
                    && matches!(
                        m,
                        ServerMsg::GameEnded { .. }
                            | ServerMsg::MovePlayed { .. }
                            | ServerMsg::MatchEnded { .. }
                    )
            })
            .await;
        if ended(&event) {
            break;
        }
    }
    let unwatch = director
        .request(json!({"type": "unwatch", "match_id": match_id}))
        .await;
    director.reply(unwatch).await;
    // The opponent's client read the match too; what it read is done with.
    if let Some(client) = clients.get_mut(&opponent) {
        client
            .wait_for(
                "the forfeited match's end",
                |m| matches!(m, ServerMsg::MatchEnded { match_id: m_id, .. } if *m_id == match_id),
            )
            .await;
        client.clear_backlog();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_with_bots_a_no_show_and_a_late_entrant_play_three_rounds_across_a_restart() {
    let dir = tempfile::tempdir().expect("a directory");
    let homes = tempfile::tempdir().expect("the bots' homes");
    let (server, clock) = server_at("127.0.0.1:0".parse().expect("an address"), dir.path()).await;
    let addr = server.addr;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let create = dora
        .request(json!({"type": "tournament_create", "settings": {
            "name": "Mangala Swiss",
            "settings": {"ruleset": {"variant": "mangala"}, "games": GAMES,
                "time_control": {"kind": "real_time", "initial_ms": MINUTE, "increment_ms": 0}},
            "rounds": 3,
            "starts_at_ms": clock.now() + MINUTE,
            "between_rounds_ms": 60 * MINUTE,
        }}))
        .await;
    let id = match dora.reply(create).await {
        ServerMsg::TournamentCreated { tournament, .. } => tournament.tournament_id,
        other => panic!("not created: {other:?}"),
    };
    tournament_follow(&mut dora, id).await;
    // The bots enter first, then the players; dan enters and goes.
    let mut bots: Vec<(String, Child)> = BOTS
        .iter()
        .map(|name| {
            let bot = bots::tournament_bot(&server, name, id.0, &[], homes.path());
            (name.to_string(), bot)
        })
        .collect();
    update(&mut dora, "the three bots entered", |t| {
        t.standings.len() == 3
    })
    .await;
    let mut clients: HashMap<PlayerId, Client> = HashMap::new();
    let mut names: HashMap<PlayerId, String> = HashMap::new();
    let mut no_show = PlayerId(0);
    for name in ["ann", "bob", "dan", "cy"] {
        let mut client = Client::join(&server, name).await;
        tournament_enter(&mut client, id).await;
        names.insert(client.player_id, name.to_owned());
        if name == "dan" {
            no_show = client.player_id;
            client.leave().await;
        } else {
            clients.insert(client.player_id, client);
        }
    }
    update(&mut dora, "seven entrants", |t| t.standings.len() == 7).await;

    // Round 1: seven entrants, so one has the bye; eve enters once it is paired.
    clock.advance(MINUTE);
    let started = round_started(&mut dora, 1).await;
    let mut eve = Client::join(&server, "eve").await;
    tournament_enter(&mut eve, id).await;
    names.insert(eve.player_id, "eve".to_owned());
    let eve_id = eve.player_id;
    clients.insert(eve_id, eve);
    let round = started.rounds_played[0].clone();
    assert!(round.bye.is_some(), "seven players: a bye");
    assert_eq!(round.boards.len(), 3);
    let mut ours = play_round(&round.boards, &mut clients, no_show, &mut dora, &clock).await;
    let between = update(&mut dora, "round 1 decided", |t| {
        t.stage == TournamentStage::BetweenRounds && t.next_round_at_ms.is_some()
    })
    .await;

    // Stopped and started again between the rounds: the bots come back by
    // themselves, the clients with their tokens.
    let tokens: Vec<String> = clients.values().map(|c| c.token.clone()).collect();
    let dora_token = dora.token.clone();
    drop(clients);
    drop(dora);
    assert!(server.stop().await, "a clean stop");
    let (server, clock) = server_at(addr, dir.path()).await;
    let (mut dora, _) = Client::rejoin(&server, &dora_token).await;
    let mut clients: HashMap<PlayerId, Client> = HashMap::new();
    for token in &tokens {
        let (client, _) = Client::rejoin(&server, token).await;
        clients.insert(client.player_id, client);
    }
    // dora, ann, bob, cy, eve and the three bots.
    let lobby = dora.request(json!({"type": "lobby_subscribe"})).await;
    let online = match dora.reply(lobby).await {
        ServerMsg::LobbySnapshot { players_online, .. } => players_online,
        other => panic!("{other:?}"),
    };
    if online < 8 {
        dora.expect(
            "everyone back but dan",
            |m| matches!(m, ServerMsg::PlayersOnline { count } if *count >= 8),
        )
        .await;
    }
    let restored = tournament_follow(&mut dora, id).await;
    assert_eq!(restored.rounds_played, between.rounds_played);
    assert_eq!(restored.standings, between.standings);
    let mut next_at = restored.next_round_at_ms.expect("round 2's time");
    let mut last = restored;
    for number in [2, 3] {
        clock.advance(next_at.saturating_sub(clock.now()));
        let started = round_started(&mut dora, number).await;
        let round = started.rounds_played[number as usize - 1].clone();
        assert!(round.bye.is_none(), "eight players: no bye");
        assert_eq!(round.boards.len(), 4);
        ours.extend(play_round(&round.boards, &mut clients, no_show, &mut dora, &clock).await);
        // Decided: the next round's time set, or, after the last, the end.
        let after = update(&mut dora, "the round decided", |t| {
            t.rounds_played.len() == number as usize
                && match number {
                    3 => t.stage == TournamentStage::Over,
                    _ => t.stage == TournamentStage::BetweenRounds && t.next_round_at_ms.is_some(),
                }
        })
        .await;
        next_at = after.next_round_at_ms.unwrap_or(0);
        last = after;
    }
    let over = last;
    check_standings(&over, &ours, no_show, eve_id, &names);
    // Each bot stops by itself at the tournament's end.
    bots::each_stops(&mut bots, homes.path()).await;
    server.stop().await;
}

/// The standings and tie-breaks of docs/TOURNAMENTS.md computed here from
/// the rounds as the tournament shows them (and, for the boards the
/// clients played, from what the clients saw), against the server's.
fn check_standings(
    over: &TournamentView,
    ours: &HashMap<MatchId, [f64; 2]>,
    no_show: PlayerId,
    late: PlayerId,
    names: &HashMap<PlayerId, String>,
) {
    let games = f64::from(GAMES);
    // Per player, per round: (match points, game points, the opponent if played).
    let mut rounds: HashMap<PlayerId, Vec<(f64, f64, Option<PlayerId>)>> = HashMap::new();
    for line in &over.standings {
        rounds.insert(line.player.id, Vec::new());
    }
    for round in &over.rounds_played {
        let mut seen: Vec<PlayerId> = Vec::new();
        if let Some(bye) = &round.bye {
            // The narrowest win of a match: games + 1 half points.
            rounds
                .entry(bye.id)
                .or_default()
                .push((1.0, (games + 1.0) / 2.0, None));
            seen.push(bye.id);
        }
        for board in &round.boards {
            let result = board.result.as_ref().expect("every board decided");
            let seats = [board.first.id, board.second.id];
            if let Some(points) = board.match_id.and_then(|m| ours.get(&m)) {
                assert_eq!(&result.games, points, "the clients' own count");
            }
            let involves_no_show = seats.contains(&no_show);
            assert_eq!(result.forfeit, involves_no_show, "{board:?}");
            for seat in 0..2 {
                let (points, game_points, opponent) = if result.forfeit {
                    let won = seats[seat] != no_show;
                    let won_points = if won { 1.0 } else { 0.0 };
                    let won_games = if won { (games + 1.0) / 2.0 } else { 0.0 };
                    (won_points, won_games, None)
                } else {
                    let [a, b] = [result.games[seat], result.games[1 - seat]];
                    let points = match a.total_cmp(&b) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    };
                    (points, a, Some(seats[1 - seat]))
                };
                rounds
                    .entry(seats[seat])
                    .or_default()
                    .push((points, game_points, opponent));
                seen.push(seats[seat]);
            }
        }
        // Anyone not in the round was absent: nothing.
        for (player, played) in rounds.iter_mut() {
            if !seen.contains(player) {
                played.push((0.0, 0.0, None));
            }
        }
    }
    assert_eq!(
        rounds[&late][0],
        (0.0, 0.0, None),
        "the late entrant was absent from round 1"
    );
    let score = |p: &PlayerId| rounds[p].iter().map(|r| r.0).sum::<f64>();
    for line in &over.standings {
        let me = line.player.id;
        let mine = score(&me);
        let game_points: f64 = rounds[&me].iter().map(|r| r.1).sum();
        // An unplayed round: a dummy opponent with one's own final score.
        let opponent_score = |r: &(f64, f64, Option<PlayerId>)| r.2.map_or(mine, |o| score(&o));
        let buchholz: f64 = rounds[&me].iter().map(opponent_score).sum();
        let sonneborn_berger: f64 = rounds[&me].iter().map(|r| opponent_score(r) * r.0).sum();
        let name = &names
            .get(&me)
            .cloned()
            .unwrap_or_else(|| line.player.name.clone());
        assert_eq!(line.points, mine, "{name}'s points");
        assert_eq!(line.game_points, game_points, "{name}'s game points");
        assert_eq!(line.buchholz, buchholz, "{name}'s Buchholz");
        assert_eq!(
            line.sonneborn_berger, sonneborn_berger,
            "{name}'s Sonneborn-Berger"
        );
    }
    assert_eq!(over.standings.len(), 8);
    let no_show_line = over
        .standings
        .iter()
        .find(|l| l.player.id == no_show)
        .expect("dan is ranked");
    assert_eq!(no_show_line.points, 0.0, "dan lost every board by forfeit");
    // Ranked by points, then the tie-breaks in order.
    for pair in over.standings.windows(2) {
        let key = |l: &protocol::wire::StandingLine| {
            (l.points, l.game_points, l.sonneborn_berger, l.buchholz)
        };
        assert!(
            key(&pair[0]).partial_cmp(&key(&pair[1])) != Some(std::cmp::Ordering::Less),
            "{:?} before {:?}",
            pair[0],
            pair[1]
        );
    }
}
