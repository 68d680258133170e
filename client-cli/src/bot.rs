//! `mancala bot`: plays through quick pairing until stopped, so a person can
//! always find an opponent; or enters a tournament and plays its boards
//! until it ends.

use crate::conn::{Client, ClientError, Incoming};
use crate::plain::describe;
use crate::text::Text;
use engine::{Endgames, Searcher, Table};
use protocol::follow::Follower;
use protocol::rules::{Move, Position};
use protocol::wire::{ClientMsg, MatchId, MatchSettings, ServerMsg, TournamentId, TournamentStage};
use rand::Rng;
use std::collections::HashMap;
use std::io::Write;

/// How the bot chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Any legal house.
    Random,
    /// The house that gains the most store seeds right away (ties: random).
    Greedy,
    /// The engine at a level from 1 (nearly random) to 8 (full strength),
    /// the same as the server's computer players'.
    Engine(engine::Level),
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(text: &str) -> Result<Level, String> {
        match text {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            _ => text
                .parse::<u8>()
                .ok()
                .and_then(engine::Level::new)
                .map(Level::Engine)
                .ok_or_else(|| format!("'{text}' is no level: 1 to 8, random or greedy")),
        }
    }
}

/// The engine's memory for the bot's searches.
const TABLE_BYTES: usize = 32 << 20;

/// Pick a house for the side to move of `position`; the engine levels
/// search with `searcher` for at most `think`.
pub fn choose(
    position: &Position,
    level: Level,
    searcher: &mut Searcher,
    think: std::time::Duration,
    rng: &mut impl Rng,
) -> Option<Move> {
    let legal = position.legal_moves();
    if legal.is_empty() {
        return None;
    }
    match level {
        Level::Engine(level) => level.choose(searcher, position, think, rng),
        Level::Random => legal.nth(rng.random_range(0..legal.len())),
        Level::Greedy => {
            let side = position.to_move()?;
            let gain = |mv: Move| {
                position.play(mv).map_or(i32::MIN, |played| {
                    let after = played.position;
                    i32::from(after.store(side)) - i32::from(after.store(side.opponent()))
                })
            };
            let best = legal.iter().map(gain).max()?;
            let ties: Vec<Move> = legal.iter().filter(|&mv| gain(mv) == best).collect();
            ties.get(rng.random_range(0..ties.len())).copied()
        }
    }
}

/// Where the bot's matches come from.
#[derive(Clone, Debug)]
pub enum Way {
    /// Quick pairing with these settings, again after each match.
    Pool(MatchSettings),
    /// A tournament's boards (a private one's code with it), until it ends.
    Tournament {
        /// The tournament.
        id: TournamentId,
        /// A private tournament's code.
        code: Option<String>,
        /// Berserk in every match that allows it (an arena's).
        berserk: bool,
    },
}

impl Way {
    /// What asks for the next match: a place in the pool; a tournament
    /// pairs the bot by itself.
    fn ask_again(&self) -> Option<ClientMsg> {
        match self {
            Way::Pool(settings) => Some(ClientMsg::PoolJoin {
                settings: *settings,
            }),
            Way::Tournament { .. } => None,
        }
    }

    /// The berserk to send on `msg`, the start of `me`'s match that
    /// allows it, when the bot berserks.
    fn berserk_on(&self, msg: &ServerMsg, me: protocol::wire::PlayerId) -> Option<ClientMsg> {
        match (self, msg) {
            (
                Way::Tournament { berserk: true, .. },
                ServerMsg::MatchStarted {
                    match_id,
                    players,
                    berserk: true,
                    ..
                },
            ) if players.iter().any(|p| p.id == me) => Some(ClientMsg::Berserk {
                match_id: *match_id,
            }),
            _ => None,
        }
    }

    /// Whether `msg` says the bot's tournament is over.
    fn ended_by(&self, msg: &ServerMsg) -> bool {
        match (self, msg) {
            (Way::Tournament { id, .. }, ServerMsg::Tournament { tournament, .. }) => {
                tournament.tournament_id == *id && tournament.stage == TournamentStage::Over
            }
            _ => false,
        }
    }
}

/// Play matches the `way` given; stop after `matches` if given, else never
/// (in a tournament: at its end).
pub async fn run(
    mut client: Client,
    way: Way,
    level: Level,
    think: std::time::Duration,
    matches: Option<u32>,
    text: &Text,
) -> Result<(), ClientError> {
    let mut rng = rand::rng();
    // Kept between moves (the table remembers); searched off the async
    // runtime, since a search takes up to `think`.
    // The late game read from the endgame databases, as the server's
    // computer players read it.
    let endgames = Endgames::new();
    let mut searcher = Some(
        Searcher::new(Table::with_bytes(match level {
            Level::Engine(_) => TABLE_BYTES,
            _ => 1,
        }))
        .with_endgames(&endgames),
    );
    let mut finished = 0;
    // Each match followed from the bot's seat ([`Follower`], as the
    // server's computer players follow theirs): whose turn, which ply, the
    // move in flight, the positions since the last capture.
    let mut followed: HashMap<MatchId, Follower> = HashMap::new();
    match &way {
        Way::Pool(settings) => {
            client
                .send(ClientMsg::PoolJoin {
                    settings: *settings,
                })
                .await?;
        }
        // Entering follows it too, so that its end is heard.
        Way::Tournament { id, code, .. } => {
            client
                .send(ClientMsg::TournamentJoin {
                    tournament_id: *id,
                    code: code.clone(),
                })
                .await?;
        }
    }
    loop {
        let msg = match client.next().await? {
            Incoming::Msg(msg) => msg,
            Incoming::Notice(notice) => {
                let _ = writeln!(std::io::stdout(), "{}", notice.say(text));
                continue;
            }
            Incoming::Reconnected => {
                followed.values_mut().for_each(Follower::reconnected);
                // A new connection follows nothing: follow the tournament again.
                if let Way::Tournament { id, code, .. } = &way {
                    client
                        .send(ClientMsg::TournamentWatch {
                            tournament_id: *id,
                            code: code.clone(),
                        })
                        .await?;
                }
                continue;
            }
            Incoming::Reconnecting { .. } => continue,
        };
        if let Some(line) = describe(text, &msg, &client.model) {
            let mut out = std::io::stdout();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
        // A refused move is no longer in flight: choose again on the next event.
        if matches!(msg, ServerMsg::Error { .. }) {
            followed.values_mut().for_each(Follower::refused);
        }
        let me = client.model.me.as_ref().map(|me| me.id);
        // Before its first move: the berserk is taken before the move.
        if let Some(berserk) = me.and_then(|me| way.berserk_on(&msg, me)) {
            client.send(berserk).await?;
        }
        if let Some(follower) = me.and_then(|me| Follower::starting(&msg, me)) {
            followed.insert(follower.match_id(), follower);
        } else if let Some(follower) = msg.match_id().and_then(|id| followed.get_mut(&id)) {
            follower.heard(&msg);
        }
        if way.ended_by(&msg) {
            break;
        }
        if let ServerMsg::MatchEnded { match_id, .. } = &msg {
            followed.remove(match_id);
            finished += 1;
            if matches.is_some_and(|n| finished >= n) {
                break;
            }
            if let Some(again) = way.ask_again() {
                client.send(again).await?;
            }
            continue;
        }
        let Some(match_id) = msg.match_id() else {
            continue;
        };
        // Replayed events show boards that are no longer the latest: a move
        // chosen on one would be refused (that ply was played meanwhile).
        if client.model.catching_up.contains(&match_id) {
            continue;
        }
        let Some(follower) = followed.get_mut(&match_id) else {
            continue;
        };
        let Some(turn) = follower.turn() else {
            continue;
        };
        let Some(mut engine) = searcher.take() else {
            continue;
        };
        let seed: u64 = rng.random();
        let (position, history) = (turn.position, turn.since_capture.clone());
        let searched = tokio::task::spawn_blocking(move || {
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
            engine.set_since_capture(&history);
            let chosen = choose(&position, level, &mut engine, think, &mut rng);
            (engine, chosen)
        })
        .await;
        let chosen = match searched {
            Ok((engine, chosen)) => {
                searcher = Some(engine);
                chosen
            }
            // The search thread failed: a fresh table, and the next event asks again.
            Err(_) => {
                searcher =
                    Some(Searcher::new(Table::with_bytes(TABLE_BYTES)).with_endgames(&endgames));
                None
            }
        };
        if let Some(mv) = chosen {
            follower.choosing(&turn);
            let request = ClientMsg::Move {
                match_id,
                game: turn.game,
                ply: turn.ply,
                house: mv.number(),
            };
            client.send(request).await?;
        }
    }
    client.close().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{Board, Ruleset, Side};

    #[test]
    fn greedy_takes_the_biggest_gain() {
        // Kalah K2: house 1 (index 0) captures 2; every other move gains less.
        let board = Board::new(
            [vec![1, 0, 3, 0, 2, 1], vec![2, 3, 0, 4, 1, 5]],
            [10, 17],
            Some(Side::Player0),
        );
        let position = Position::from_board(
            Ruleset::default_for(protocol::rules::Variant::Kalah),
            &board,
            None,
        )
        .expect("setup");
        let mut rng = rand::rng();
        let mut searcher = Searcher::new(Table::with_bytes(1 << 16));
        let think = std::time::Duration::from_millis(5);
        for _ in 0..10 {
            let mv =
                choose(&position, Level::Greedy, &mut searcher, think, &mut rng).expect("a move");
            assert_eq!(mv.number(), 1);
            for level in [
                Level::Random,
                "1".parse().expect("a level"),
                "8".parse().expect("a level"),
            ] {
                let mv = choose(&position, level, &mut searcher, think, &mut rng).expect("a move");
                assert!(position.legal_moves().contains(mv));
            }
        }
    }

    #[test]
    fn levels_are_read_as_one_to_eight_random_or_greedy() {
        assert_eq!("random".parse(), Ok(Level::Random));
        assert_eq!("greedy".parse(), Ok(Level::Greedy));
        assert_eq!("8".parse(), Ok(Level::Engine(engine::Level::MAX)));
        assert!("9".parse::<Level>().is_err());
        assert!("0".parse::<Level>().is_err());
        assert!("strong".parse::<Level>().is_err());
    }
}
