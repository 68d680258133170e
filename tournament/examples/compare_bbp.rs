//! Our Dutch pairings beside bbpPairings' (FIDE's endorsed Dutch
//! program) on the same standings, round after round of random events:
//! how often the two pair the same players, give the same roles and the
//! same bye. bbpPairings is not part of this project; build it from its
//! sources and give its path:
//!
//! ```text
//! cargo run --release -p tournament --example compare_bbp -- /path/to/bbpPairings.exe [EVENTS] [SEED]
//! ```
//!
//! Each event has 6 to 40 players and 5 to 9 rounds, random results
//! (40 % first mover wins, 20 % draws, 40 % second mover wins) and a pause
//! now and then; the event goes on with bbpPairings' pairing, so every
//! round compared starts from standings the reference itself produced.
//! Forfeits are left out: the two programs count their roles differently.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::process::Command;
use tournament::swiss::{
    BoardResult, Entrant, MatchResult, Pairing, Round, RoundToPair, pair_round, record_round,
};

/// One round's TRF(x) line field for `round` of the player at `index`.
fn trf_round(event: &[Entrant], round: &Round) -> String {
    let number = |id: u64| event.iter().position(|e| e.id == id).map_or(0, |i| i + 1);
    match *round {
        Round::Played {
            opponent,
            first,
            result,
            ..
        } => format!(
            "{:>4} {} {}",
            number(opponent),
            if first { 'w' } else { 'b' },
            match result {
                MatchResult::Win => '1',
                MatchResult::Draw => '=',
                MatchResult::Loss => '0',
            }
        ),
        Round::Bye => "0000 - U".to_string(),
        Round::Absent => "0000 - Z".to_string(),
        Round::ForfeitWin { opponent } => format!("{:>4} - +", number(opponent)),
        Round::ForfeitLoss { opponent } => format!("{:>4} - -", number(opponent)),
    }
}

/// The event as a TRF(x) file for pairing `round` of `rounds`.
fn trf(event: &[Entrant], round: u32, rounds: u32, initial_first: bool) -> String {
    let mut out = String::from("012 Comparison\n");
    for (i, entrant) in event.iter().enumerate() {
        let points = f64::from(entrant.half_points()) / 2.0;
        // TRF's fixed columns: start rank 5-8, name 15-47, rating 49-52,
        // points 81-84, rank 86-89, then ten columns a round.
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>4.1} {:>4}",
            i + 1,
            format!("Player{:04}", i + 1),
            3000 - i,
            "",
            points,
            i + 1
        );
        for r in &entrant.rounds {
            let _ = write!(line, "  {}", trf_round(event, r));
        }
        if !entrant.available {
            let _ = write!(line, "  0000 - Z");
        }
        out.push_str(&line);
        out.push('\n');
    }
    let _ = writeln!(out, "XXR {rounds}");
    let _ = writeln!(
        out,
        "XXC {}",
        if initial_first { "white1" } else { "black1" }
    );
    let _ = round;
    out
}

/// bbpPairings' pairing of the event's next round; `None` when it finds
/// none that meets every absolute criterion (it pairs no rematch at all).
fn reference(
    bbp: &str,
    event: &[Entrant],
    round: u32,
    rounds: u32,
    initial_first: bool,
) -> Option<Pairing> {
    let dir = std::env::temp_dir().join(format!("compare-bbp-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let input = dir.join("in.trf");
    let output = dir.join("out.txt");
    std::fs::write(&input, trf(event, round, rounds, initial_first)).expect("the TRF written");
    let run = Command::new(bbp)
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .output()
        .expect("bbpPairings runs");
    if !run.status.success() {
        let said = String::from_utf8_lossy(&run.stderr);
        assert!(
            said.contains("No valid pairing exists"),
            "bbpPairings refused the file: {said}\n{}",
            trf(event, round, rounds, initial_first)
        );
        return None;
    }
    let text = std::fs::read_to_string(&output).expect("its pairing");
    let id = |n: &str| {
        n.parse::<usize>()
            .ok()
            .filter(|&k| k > 0)
            .map(|k| event[k - 1].id)
    };
    let mut pairing = Pairing::default();
    for line in text.lines().skip(1) {
        let mut parts = line.split_whitespace();
        let (Some(a), Some(b)) = (parts.next(), parts.next()) else {
            continue;
        };
        match (id(a), id(b)) {
            (Some(first), Some(second)) => pairing
                .boards
                .push(tournament::swiss::Board { first, second }),
            (Some(player), None) => pairing.bye = Some(player),
            _ => {}
        }
    }
    Some(pairing)
}

fn play(event: &mut [Entrant], pairing: &Pairing, rng: &mut StdRng) {
    record_round(event, pairing, |_| {
        let first = match rng.random_range(0..5) {
            0 | 1 => MatchResult::Win,
            2 => MatchResult::Draw,
            _ => MatchResult::Loss,
        };
        BoardResult::Played {
            first,
            games: [first.half_points() + 4, first.opposite().half_points() + 4],
        }
    });
}

fn score(event: &[Entrant], id: u64) -> u32 {
    event
        .iter()
        .find(|e| e.id == id)
        .map_or(0, |e| e.half_points())
}

/// What a pairing falls short of, summed over its boards: rematches,
/// downfloats (pairs from two score groups), their score differences in
/// half points, players not given their preferred role, not given a strong
/// one, and given a role against an absolute wish.
#[derive(Clone, Copy, Default)]
struct Shortfalls {
    rematches: u32,
    floats: u32,
    float_points: u32,
    preferences: u32,
    strong: u32,
    absolute: u32,
}

impl std::ops::AddAssign for Shortfalls {
    fn add_assign(&mut self, o: Shortfalls) {
        self.rematches += o.rematches;
        self.floats += o.floats;
        self.float_points += o.float_points;
        self.preferences += o.preferences;
        self.strong += o.strong;
        self.absolute += o.absolute;
    }
}

/// A player's wish from his roles so far (C.04.3 A.6): the role, and 0
/// mild, 1 strong, 2 absolute.
fn wish(entrant: &Entrant) -> Option<(bool, u8)> {
    let firsts: Vec<bool> = entrant.first_moves().collect();
    let last = *firsts.last()?;
    let d: i32 = firsts.iter().map(|&f| if f { 1 } else { -1 }).sum();
    let two = firsts.len() >= 2 && firsts[firsts.len() - 2] == last;
    Some(match d {
        d if d > 1 => (false, 2),
        d if d < -1 => (true, 2),
        _ if two => (!last, 2),
        1 => (false, 1),
        -1 => (true, 1),
        _ => (!last, 0),
    })
}

fn shortfalls(event: &[Entrant], pairing: &Pairing) -> Shortfalls {
    let find = |id: u64| event.iter().find(|e| e.id == id);
    let mut s = Shortfalls::default();
    for board in &pairing.boards {
        let (Some(a), Some(b)) = (find(board.first), find(board.second)) else {
            continue;
        };
        s.rematches += u32::from(a.has_played(b.id));
        if a.half_points() != b.half_points() {
            s.floats += 1;
            s.float_points += a.half_points().abs_diff(b.half_points());
        }
        for (player, first) in [(a, true), (b, false)] {
            if let Some((wants, strength)) = wish(player)
                && wants != first
            {
                s.preferences += 1;
                s.strong += u32::from(strength >= 1);
                s.absolute += u32::from(strength == 2);
            }
        }
    }
    s
}

/// The pairs of a pairing, each lower id first, sorted: who meets whom.
fn pairs(pairing: &Pairing) -> Vec<(u64, u64)> {
    let mut pairs: Vec<(u64, u64)> = pairing
        .boards
        .iter()
        .map(|b| (b.first.min(b.second), b.first.max(b.second)))
        .collect();
    pairs.sort_unstable();
    pairs
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(bbp) = args.get(1) else {
        eprintln!("usage: compare_bbp PATH-TO-bbpPairings [EVENTS] [SEED]");
        std::process::exit(2);
    };
    let events: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut rounds_compared, mut same_pairs, mut same_roles, mut same_bye) = (0, 0, 0, 0);
    let mut round_one = (0, 0);
    let mut refused = 0;
    let (mut our_time, mut their_time) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    let (mut our_shortfalls, mut their_shortfalls) = (Shortfalls::default(), Shortfalls::default());
    let mut differences = Vec::new();
    for _ in 0..events {
        let players = rng.random_range(6..=40u64);
        let rounds = rng.random_range(5..=9u32);
        let initial_first = rng.random_bool(0.5);
        let mut event: Vec<Entrant> = (1..=players).map(Entrant::new).collect();
        for round in 1..=rounds {
            for entrant in &mut event {
                entrant.available = !rng.random_bool(0.05);
            }
            let started = std::time::Instant::now();
            let ours = pair_round(
                &event,
                RoundToPair {
                    round,
                    rounds,
                    initial_first,
                },
            )
            .expect("paired");
            our_time += started.elapsed();
            let started = std::time::Instant::now();
            let reference_answer = reference(bbp, &event, round, rounds, initial_first);
            their_time += started.elapsed();
            let Some(theirs) = reference_answer else {
                // No pairing without a rematch: ours pairs one anyway.
                refused += 1;
                play(&mut event, &ours, &mut rng);
                continue;
            };
            rounds_compared += 1;
            our_shortfalls += shortfalls(&event, &ours);
            their_shortfalls += shortfalls(&event, &theirs);
            let pairs_agree = pairs(&ours) == pairs(&theirs);
            same_pairs += u32::from(pairs_agree);
            let mut ours_boards = ours.boards.clone();
            let mut their_boards = theirs.boards.clone();
            ours_boards.sort_by_key(|b| (b.first, b.second));
            their_boards.sort_by_key(|b| (b.first, b.second));
            same_roles += u32::from(ours_boards == their_boards);
            same_bye += u32::from(ours.bye == theirs.bye);
            if round == 1 {
                round_one.0 += 1;
                round_one.1 += u32::from(ours_boards == their_boards);
            }
            if (!pairs_agree || ours_boards != their_boards)
                && differences.len() < 3
                && (round == 1 || std::env::var("ALL").is_ok())
            {
                differences.push(format!(
                    "{players} players, round {round} of {rounds}:\n  ours   {:?} bye {:?}\n  theirs {:?} bye {:?}",
                    ours_boards.iter().map(|b| (b.first, score(&event, b.first), b.second, score(&event, b.second))).collect::<Vec<_>>(),
                    ours.bye,
                    their_boards.iter().map(|b| (b.first, score(&event, b.first), b.second, score(&event, b.second))).collect::<Vec<_>>(),
                    theirs.bye
                ));
            }
            play(&mut event, &theirs, &mut rng);
        }
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(rounds_compared.max(1));
    println!("{events} events, {rounds_compared} rounds compared (seed {seed}):");
    println!(
        "  the same pairs:            {same_pairs} ({:.1} %)",
        share(same_pairs)
    );
    println!(
        "  the same pairs and roles:  {same_roles} ({:.1} %)",
        share(same_roles)
    );
    println!(
        "  the same bye:              {same_bye} ({:.1} %)",
        share(same_bye)
    );
    println!(
        "  round 1, pairs and roles:  {} of {}",
        round_one.1, round_one.0
    );
    println!("  rounds bbpPairings could not pair without a rematch (ours paired them): {refused}");
    println!(
        "  time pairing: ours {:.1} ms in all, bbpPairings {:.1} ms (a process and two files a round)",
        our_time.as_secs_f64() * 1e3,
        their_time.as_secs_f64() * 1e3
    );
    println!("  over the rounds compared       ours  bbpPairings");
    for (what, o, t) in [
        (
            "rematches",
            our_shortfalls.rematches,
            their_shortfalls.rematches,
        ),
        ("downfloats", our_shortfalls.floats, their_shortfalls.floats),
        (
            "their score differences",
            our_shortfalls.float_points,
            their_shortfalls.float_points,
        ),
        (
            "roles not as preferred",
            our_shortfalls.preferences,
            their_shortfalls.preferences,
        ),
        (
            "strong wishes not granted",
            our_shortfalls.strong,
            their_shortfalls.strong,
        ),
        (
            "absolute wishes not granted",
            our_shortfalls.absolute,
            their_shortfalls.absolute,
        ),
    ] {
        println!("    {what:<28} {o:>6} {t:>12}");
    }
    for d in differences {
        println!("{d}");
    }
}
