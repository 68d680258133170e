//! A whole arena end to end, as the issue that asked for tournaments
//! describes it: twenty minutes on the manual clock, ten `mancala bot`
//! processes entered with `--tournament` (five of them berserking every
//! match), paired in waves, one wave a minute; two test clients join for
//! the last wave and hold their matches over the arena's end, which are
//! then played out and still count. Every line of the leaderboard is then
//! computed here from the matches as they ended (streaks, berserk), and
//! nobody may have met the same opponent twice in a row.

use protocol::rules::{Ruleset, Variant};
use protocol::wire::{
    ArenaMatchView, ErrorCode, MatchId, PlayerId, Seat, ServerMsg, TournamentStage, TournamentView,
};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use tests::{Client, TestServer, tournament_enter, tournament_follow, tournament_update as update};
use tokio::process::Child;

mod bots;

const MINUTE: u64 = 60_000;
const YEAR: u64 = 365 * 24 * 60 * 60 * 1000;
const BOTS: usize = 10;
const BERSERKERS: usize = 5;
const WAVES: u64 = 20;
const GAMES: u8 = 3;

/// Matches played in all, counted from the leaderboard (each counts twice).
fn played(arena: &TournamentView) -> u32 {
    arena.leaderboard.iter().map(|l| l.matches).sum()
}

/// The matches of `arena` that ended and are not in `seen` yet.
fn newly_ended(arena: &TournamentView, seen: &mut HashSet<MatchId>) -> Vec<ArenaMatchView> {
    arena
        .arena_matches
        .iter()
        .filter(|m| m.result.is_some())
        .filter(|m| m.match_id.is_some_and(|id| seen.insert(id)))
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_bots_play_a_twenty_minute_arena_in_waves_and_the_last_matches_are_played_out() {
    let homes = tempfile::tempdir().expect("the bots' homes");
    let (server, manual) = TestServer::with_manual_clock(server::Config {
        ping_interval_ms: YEAR,
        lag_allowance_ms: 0,
        // The last wave's matches are held over a minute of the clock.
        first_move_ms: 10 * MINUTE,
        ..Default::default()
    })
    .await;
    let mut dora = Client::join(&server, "dora").await;
    tests::protect(&mut dora).await;
    let start = manual.now() + MINUTE;
    let create = dora
        .request(json!({"type": "tournament_create", "settings": {
            "name": "Mangala arena",
            "format": "arena",
            "settings": {"ruleset": {"variant": "mangala"}, "games": GAMES,
                "time_control": {"kind": "real_time", "initial_ms": 10 * MINUTE, "increment_ms": 0}},
            "duration_ms": WAVES * MINUTE,
            "berserk": true,
            "starts_at_ms": start,
        }}))
        .await;
    let id = match dora.reply(create).await {
        ServerMsg::TournamentCreated { tournament, .. } => tournament.tournament_id,
        other => panic!("not created: {other:?}"),
    };
    let created = tournament_follow(&mut dora, id).await;
    assert_eq!(created.ends_at_ms, Some(start + WAVES * MINUTE));
    assert_eq!(created.stage, TournamentStage::Waiting);
    let mut bots: Vec<(String, Child)> = (1..=BOTS)
        .map(|n| {
            let name = format!("bot-{n}");
            let extra: &[&str] = if n <= BERSERKERS { &["--berserk"] } else { &[] };
            let child = bots::tournament_bot(&server, &name, id.0, extra, homes.path());
            (name, child)
        })
        .collect();
    update(&mut dora, "the ten bots entered", |t| {
        t.leaderboard.len() == BOTS
    })
    .await;

    // One wave a minute: everyone is free, so the ten make five matches,
    // which the bots play out before the clock moves on.
    let mut seen = HashSet::new();
    let mut history: Vec<ArenaMatchView> = Vec::new();
    for wave in 0..WAVES - 1 {
        manual.advance(start + wave * MINUTE - manual.now());
        let done = (BOTS as u32) * (wave as u32 + 1);
        let after = update(&mut dora, "the wave's matches over", |t| {
            played(t) == done && t.leaderboard.iter().all(|l| !l.playing)
        })
        .await;
        let ended = newly_ended(&after, &mut seen);
        assert_eq!(ended.len(), BOTS / 2, "wave {wave}: everyone paired");
        history.extend(ended);
    }

    // The last wave: ann and bob come too, and hold their matches.
    let mut ann = Client::join(&server, "ann").await;
    let mut bob = Client::join(&server, "bob").await;
    tournament_enter(&mut ann, id).await;
    tournament_enter(&mut bob, id).await;
    let (ann_id, bob_id) = (ann.player_id, bob.player_id);
    let theirs = move |m: &ArenaMatchView| {
        [m.first.id, m.second.id]
            .iter()
            .any(|p| *p == ann_id || *p == bob_id)
    };
    manual.advance(start + (WAVES - 1) * MINUTE - manual.now());
    let held = update(&mut dora, "every match but ann's and bob's over", |t| {
        let playing: Vec<&ArenaMatchView> = t
            .arena_matches
            .iter()
            .filter(|m| m.result.is_none())
            .collect();
        let pairs = 6 - playing.len() as u32;
        !playing.is_empty()
            && playing.iter().all(|m| theirs(m) && m.match_id.is_some())
            && played(t) == (BOTS as u32) * (WAVES as u32 - 1) + 2 * pairs
    })
    .await;
    history.extend(newly_ended(&held, &mut seen));
    let holding: Vec<ArenaMatchView> = held
        .arena_matches
        .iter()
        .filter(|m| m.result.is_none())
        .cloned()
        .collect();

    // Its time is up: nobody is paired or enters any more; the two
    // matches under way go on.
    manual.advance(start + WAVES * MINUTE - manual.now());
    let carol_refused = {
        let mut carol = Client::join(&server, "carol").await;
        let asked = carol
            .request(json!({"type": "tournament_join", "tournament_id": id}))
            .await;
        carol.reply(asked).await
    };
    assert!(
        matches!(
            &carol_refused,
            ServerMsg::Error {
                code: ErrorCode::TournamentRefused,
                ..
            }
        ),
        "{carol_refused:?}"
    );
    let after_end = tournament_follow(&mut dora, id).await;
    assert_eq!(after_end.stage, TournamentStage::Playing);
    assert_eq!(
        after_end
            .arena_matches
            .iter()
            .filter(|m| m.result.is_none())
            .count(),
        holding.len()
    );

    // Ann berserks (she has not moved yet), and they play their matches out.
    let mangala = Ruleset::default_for(Variant::Mangala);
    let mut ann_berserked = false;
    for held in &holding {
        let match_id = held.match_id.expect("started");
        let seats = [held.first.id, held.second.id];
        if seats.contains(&ann_id) {
            let asked = ann
                .request(json!({"type": "berserk", "match_id": match_id}))
                .await;
            assert!(matches!(ann.reply(asked).await, ServerMsg::Ok { .. }));
            // Left in her backlog: the match's events are read in order below.
            ann.wait_for(
                "her berserk told",
                |m| matches!(m, ServerMsg::Berserked { match_id: m_id, .. } if *m_id == match_id),
            )
            .await;
            ann_berserked = true;
        }
        if seats == [ann_id, bob_id] || seats == [bob_id, ann_id] {
            let (first, second) = if seats[0] == ann_id {
                (&mut ann, &mut bob)
            } else {
                (&mut bob, &mut ann)
            };
            tests::play_match([first, second], match_id, mangala, tests::lowest).await;
            continue;
        }
        let client = if seats.contains(&ann_id) {
            &mut ann
        } else {
            &mut bob
        };
        let me = if seats[0] == client.player_id {
            Seat::Zero
        } else {
            Seat::One
        };
        let (their_moves, ended) = tests::play_against(client, match_id, mangala, me, None).await;
        assert!(ended && their_moves > 0, "the bot played its match");
    }
    assert!(ann_berserked);
    let over = update(&mut dora, "the arena over", |t| {
        t.stage == TournamentStage::Over
    })
    .await;
    history.extend(newly_ended(&over, &mut seen));
    assert_eq!(history.len(), (BOTS / 2) * (WAVES as usize - 1) + 6);
    check_leaderboard(&over, &history, ann_id);

    // Each bot stops by itself at the arena's end.
    bots::each_stops(&mut bots, homes.path()).await;
    server.stop().await;
}

/// The leaderboard of docs/TOURNAMENTS.md computed here from every match
/// as it ended, in order: a win 2, after two wins in a row 4 until a
/// non-win, a berserked win 1 more, a draw 1. Also: nobody met his last
/// opponent again, and the berserkers (bots 1-5, and ann) berserked.
fn check_leaderboard(over: &TournamentView, history: &[ArenaMatchView], ann: PlayerId) {
    let names: HashMap<PlayerId, String> = over
        .leaderboard
        .iter()
        .map(|l| (l.player.id, l.player.name.clone()))
        .collect();
    let berserker = |id: PlayerId| {
        id == ann
            || names[&id]
                .strip_prefix("bot-")
                .and_then(|n| n.parse::<usize>().ok())
                .is_some_and(|n| n <= BERSERKERS)
    };
    let mut marks: HashMap<PlayerId, Vec<u32>> = HashMap::new();
    let mut wins_in_a_row: HashMap<PlayerId, u32> = HashMap::new();
    let mut last: HashMap<PlayerId, PlayerId> = HashMap::new();
    for m in history {
        let result = m.result.as_ref().expect("ended");
        let seats = [m.first.id, m.second.id];
        for (side, &player) in seats.iter().enumerate() {
            let opponent = seats[1 - side];
            assert_ne!(
                last.insert(player, opponent),
                Some(opponent),
                "{} met {} twice in a row",
                names[&player],
                names[&opponent]
            );
            assert_eq!(
                m.berserk[side],
                berserker(player),
                "{}'s berserk",
                names[&player]
            );
            let mine = result.points[side];
            let streak = wins_in_a_row.entry(player).or_default();
            let points = if mine == 1.0 {
                let base = if *streak >= 2 { 4 } else { 2 };
                *streak += 1;
                base + u32::from(m.berserk[side])
            } else {
                *streak = 0;
                if mine == 0.5 { 1 } else { 0 }
            };
            marks.entry(player).or_default().push(points);
        }
    }
    for line in &over.leaderboard {
        let ours = &marks[&line.player.id];
        assert_eq!(&line.marks, ours, "{}'s marks", line.player.name);
        assert_eq!(
            line.points,
            ours.iter().sum::<u32>(),
            "{}'s points",
            line.player.name
        );
        assert_eq!(line.matches as usize, ours.len());
        assert_eq!(line.on_fire, wins_in_a_row[&line.player.id] >= 2);
        assert!(!line.playing);
    }
    assert!(
        over.leaderboard
            .windows(2)
            .all(|w| w[0].points >= w[1].points),
        "most points first"
    );
    let places: Vec<u32> = over.leaderboard.iter().map(|l| l.place).collect();
    assert_eq!(
        places,
        (1..=over.leaderboard.len() as u32).collect::<Vec<_>>()
    );
}
