use super::*;
use crate::swiss::MatchResult;

const SETTINGS: Settings = Settings {
    rounds: 3,
    join_until_round: 2,
    initial_first: true,
};

/// Decide with `decide`, then apply: the step, or the refusal.
fn step(
    event: &mut SwissEvent,
    steps: &mut Vec<Step>,
    decide: impl FnOnce(&SwissEvent) -> Result<Step, EventError>,
) -> Result<(), EventError> {
    let step = decide(event)?;
    steps.push(step.clone());
    event.apply(step);
    Ok(())
}

/// Every board of the round being played ends: the first mover wins.
fn play_round(event: &mut SwissEvent, steps: &mut Vec<Step>) {
    let boards = event
        .playing()
        .map_or(0, |(pairing, _)| pairing.boards.len());
    for board in 0..boards {
        let won = BoardResult::Played {
            first: MatchResult::Win,
            games: [6, 4],
        };
        step(event, steps, |e| e.end_board(board, won)).expect("a board ends");
    }
}

#[test]
fn an_event_is_joined_paired_played_and_over_and_its_steps_rebuild_it() {
    let mut event = SwissEvent::new(SETTINGS);
    let mut steps = Vec::new();
    for player in 1..=5 {
        step(&mut event, &mut steps, |e| e.join(player)).expect("joins");
    }
    assert_eq!(event.join(3), Err(EventError::AlreadyIn(3)));
    // Before the start a withdrawal takes him out altogether.
    step(&mut event, &mut steps, |e| e.withdraw(5)).expect("withdraws");
    assert_eq!(event.entrants().len(), 4);
    assert_eq!(event.withdraw(5), Err(EventError::NotIn(5)));

    // Round 1: four players, two boards, no bye.
    step(&mut event, &mut steps, SwissEvent::pair_next).expect("round 1");
    let (pairing, _) = event.playing().expect("under way");
    assert_eq!((pairing.boards.len(), pairing.bye), (2, None));
    assert_eq!(event.pair_next(), Err(EventError::RoundUnderWay(1)));
    // A late joiner during round 1: absent from it, paired from round 2.
    step(&mut event, &mut steps, |e| e.join(6)).expect("joins late");
    play_round(&mut event, &mut steps);
    assert_eq!(
        event.end_board(0, BoardResult::Forfeit { first_came: true }),
        Err(EventError::NoSuchBoard(0))
    );
    let late = event.entrants().iter().find(|e| e.id == 6).expect("in");
    assert_eq!(late.rounds, [Round::Absent]);
    assert!(event.entrants().iter().all(|e| e.rounds.len() == 1));

    // Round 2: five players, so a bye; nobody joins any more.
    step(&mut event, &mut steps, SwissEvent::pair_next).expect("round 2");
    assert_eq!(event.join(7), Err(EventError::TooLate(2)));
    let (pairing, results) = event.playing().expect("under way");
    assert!(pairing.bye.is_some());
    assert_eq!(results, [None, None]);
    let ended = BoardResult::Played {
        first: MatchResult::Draw,
        games: [5, 5],
    };
    step(&mut event, &mut steps, |e| e.end_board(1, ended)).expect("ends");
    assert_eq!(event.end_board(1, ended), Err(EventError::AlreadyEnded(1)));
    assert_eq!(event.end_board(2, ended), Err(EventError::NoSuchBoard(2)));
    step(&mut event, &mut steps, |e| e.end_board(0, ended)).expect("ends");

    // Player 2 pauses for round 3 and withdraws; player 1 pauses and comes back.
    step(&mut event, &mut steps, |e| e.pause(2)).expect("pauses");
    step(&mut event, &mut steps, |e| e.withdraw(2)).expect("withdraws");
    assert_eq!(event.come_back(2), Err(EventError::NotIn(2)));
    step(&mut event, &mut steps, |e| e.pause(1)).expect("pauses");
    step(&mut event, &mut steps, |e| e.come_back(1)).expect("comes back");
    step(&mut event, &mut steps, SwissEvent::pair_next).expect("round 3");
    let (pairing, _) = event.playing().expect("under way");
    let paired: Vec<PlayerId> = pairing
        .boards
        .iter()
        .flat_map(|b| [b.first, b.second])
        .chain(pairing.bye)
        .collect();
    assert!(!paired.contains(&2) && paired.contains(&1), "{paired:?}");
    play_round(&mut event, &mut steps);
    let gone = event.entrants().iter().find(|e| e.id == 2).expect("kept");
    assert_eq!(gone.rounds.len(), 3);
    assert_eq!(gone.rounds[2], Round::Absent);
    assert!(event.is_over());
    assert_eq!(event.pair_next(), Err(EventError::NoRoundLeft));
    assert_eq!(event.standings(5).len(), 5);

    // The steps, stored and applied again, make the same event.
    let stored = serde_json::to_string(&steps).expect("steps serialise");
    let read: Vec<Step> = serde_json::from_str(&stored).expect("and read back");
    let mut again = SwissEvent::new(SETTINGS);
    for step in read {
        again.apply(step);
    }
    assert_eq!(again, event);
}

#[test]
fn a_round_needs_two_players() {
    let mut event = SwissEvent::new(SETTINGS);
    assert_eq!(event.pair_next(), Err(EventError::TooFewPlayers));
    let joined = event.join(1).expect("joins");
    event.apply(joined);
    assert_eq!(event.pair_next(), Err(EventError::TooFewPlayers));
}
