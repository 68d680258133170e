//! How long one round's pairing takes for events of 40, 200 and 1,000
//! players after five random rounds (docs/TOURNAMENTS.md):
//!
//! ```text
//! cargo run --release -p tournament --example pairing_time
//! ```

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use tournament::swiss::{Entrant, MatchResult, Round, RoundToPair, pair_round};

fn main() {
    let mut rng = StdRng::seed_from_u64(5);
    for players in [40u64, 200, 1000] {
        let mut event: Vec<Entrant> = (1..=players).map(Entrant::new).collect();
        let rounds = 7;
        for round in 1..=6 {
            let to_pair = RoundToPair {
                round,
                rounds,
                initial_first: true,
            };
            let started = Instant::now();
            let pairing = pair_round(&event, to_pair).expect("paired");
            let took = started.elapsed();
            if round == 1 || round == 6 {
                println!(
                    "{players:>5} players, round {round}: {:.1} ms",
                    took.as_secs_f64() * 1e3
                );
            }
            let mut results = vec![Round::Absent; event.len()];
            let at = |id: u64| (id - 1) as usize;
            for board in &pairing.boards {
                let (ra, rb) = match rng.random_range(0..5) {
                    0 | 1 => (MatchResult::Win, MatchResult::Loss),
                    2 => (MatchResult::Draw, MatchResult::Draw),
                    _ => (MatchResult::Loss, MatchResult::Win),
                };
                results[at(board.first)] = Round::Played {
                    opponent: board.second,
                    first: true,
                    result: ra,
                    games: ra.half_points() + 4,
                };
                results[at(board.second)] = Round::Played {
                    opponent: board.first,
                    first: false,
                    result: rb,
                    games: rb.half_points() + 4,
                };
            }
            if let Some(bye) = pairing.bye {
                results[at(bye)] = Round::Bye;
            }
            for (entrant, result) in event.iter_mut().zip(results) {
                entrant.rounds.push(result);
            }
        }
    }
}
