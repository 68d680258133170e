//! The state machine on its own: requests, their refusals, the time rules,
//! presence, offers, and replay.

use super::*;
use crate::error::ServerError;
use crate::game::event::After;
use protocol::rules::{Move, Ruleset};
use protocol::wire::{DrawOfferEnd, PlayerId, TimeControl};

/// What a move request came to, as the tests look at it.
#[derive(Debug)]
enum Played {
    Applied(Vec<MatchEvent>),
    Duplicate,
}

/// What a rematch request came to.
#[derive(Debug)]
enum Rematch {
    Recorded(Vec<MatchEvent>),
    Agreed([PlayerRef; 2], MatchSettings),
}

/// Decide `request`, then apply every event decided, as the match's task
/// does once they are stored (every test thereby checks that what is
/// decided applies). Returns the decision and the events as told.
fn carry_out(
    state: &mut MatchState,
    request: Request,
    now_us: u64,
) -> Result<(Decision, Vec<Told>), ServerError> {
    let decision = state.decide(request, now_us)?;
    let told = match &decision {
        Decision::Events(events) => events
            .iter()
            .map(|event| state.apply(event.clone()).expect("a decided event applies"))
            .collect(),
        _ => Vec::new(),
    };
    Ok((decision, told))
}

/// The requests, one method each, over [`carry_out`].
trait Requests {
    fn run(&mut self, request: Request, now_us: u64) -> Result<Vec<MatchEvent>, ServerError>;

    fn play(
        &mut self,
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        now_us: u64,
    ) -> Result<Played, ServerError>;

    fn rematch(
        &mut self,
        seat: Seat,
        accept: Option<bool>,
        now_us: u64,
    ) -> Result<Rematch, ServerError>;

    fn act(
        &mut self,
        seat: Seat,
        action: Action,
        now_us: u64,
    ) -> Result<Vec<MatchEvent>, ServerError> {
        self.run(Request::Act { seat, action }, now_us)
    }

    fn presence(&mut self, seat: Seat, present: bool, now_us: u64) -> Vec<MatchEvent> {
        self.run(Request::Presence { seat, present }, now_us)
            .expect("presence is never refused")
    }

    fn check_time(&mut self, now_us: u64) -> Vec<MatchEvent> {
        self.run(Request::Clock, now_us)
            .expect("the time is never refused")
    }

    fn restarted(&mut self, now_us: u64, grace_ms: u64) -> Vec<MatchEvent> {
        self.run(Request::Restarted { grace_ms }, now_us)
            .expect("a restart is never refused")
    }

    fn rematch_started(&mut self, rematch_id: MatchId, now_us: u64) -> Vec<MatchEvent> {
        self.run(Request::RematchStarted { rematch_id }, now_us)
            .expect("a rematch's start is never refused")
    }
}

impl Requests for MatchState {
    fn run(&mut self, request: Request, now_us: u64) -> Result<Vec<MatchEvent>, ServerError> {
        let (_, told) = carry_out(self, request, now_us)?;
        Ok(told.into_iter().map(|told| told.event).collect())
    }

    fn play(
        &mut self,
        seat: Seat,
        game: u8,
        ply: u32,
        house: u8,
        now_us: u64,
    ) -> Result<Played, ServerError> {
        let request = move_of((seat, game, ply, house));
        match carry_out(self, request, now_us)? {
            (Decision::Duplicate, _) => Ok(Played::Duplicate),
            (_, told) => Ok(Played::Applied(
                told.into_iter().map(|told| told.event).collect(),
            )),
        }
    }

    fn rematch(
        &mut self,
        seat: Seat,
        accept: Option<bool>,
        now_us: u64,
    ) -> Result<Rematch, ServerError> {
        match carry_out(self, Request::Rematch { seat, accept }, now_us)? {
            (Decision::RematchAgreed(players, settings), _) => {
                Ok(Rematch::Agreed(players, settings))
            }
            (_, told) => Ok(Rematch::Recorded(
                told.into_iter().map(|told| told.event).collect(),
            )),
        }
    }
}

/// A new match, its opening applied.
#[allow(clippy::too_many_arguments)]
fn open(
    id: MatchId,
    players: [PlayerRef; 2],
    ratings: Option<[ShownRating; 2]>,
    settings: MatchSettings,
    timing: Timing,
    first: Seat,
    present: [bool; 2],
    now_us: u64,
) -> (MatchState, Vec<MatchEvent>) {
    let (mut state, opening) = MatchState::open(
        id, players, ratings, settings, timing, first, present, now_us,
    );
    for event in opening.clone() {
        state.apply(event).expect("the opening applies");
    }
    (state, opening)
}

/// A three-game blitz match under `timing`, seat 0 first, both present,
/// opened at [`T0`].
fn blitz_with(timing: Timing) -> (MatchState, Vec<MatchEvent>) {
    open(
        MatchId(7),
        players(),
        None,
        blitz(3),
        timing,
        P0,
        [true, true],
        at(0),
    )
}

const TIMING: Timing = Timing {
    berserk: false,
    tournament: false,
    tournament_id: None,
    lag_allowance_ms: 500,
    claim_after_ms: 20_000,
    forfeit_after_ms: 60_000,
    first_move_ms: 0,
};

/// 2026-12-01T00:00:00Z in microseconds: where every test's time starts.
const T0: u64 = 1_764_547_200_000_000;

/// `ms` milliseconds after [`T0`], in microseconds.
fn at(ms: u64) -> u64 {
    T0 + ms * 1000
}

fn players() -> [PlayerRef; 2] {
    [
        PlayerRef {
            id: PlayerId(1),
            name: "ann".into(),
        },
        PlayerRef {
            id: PlayerId(2),
            name: "bob".into(),
        },
    ]
}

fn settings(games: u8, stop_when_decided: bool) -> MatchSettings {
    MatchSettings {
        ruleset: Ruleset::Mangala,
        games,
        stop_when_decided,
        ..MatchSettings::default()
    }
}

fn blitz(games: u8) -> MatchSettings {
    MatchSettings {
        time_control: TimeControl::RealTime {
            initial_ms: 60_000,
            increment_ms: 1_000,
        },
        ..settings(games, false)
    }
}

fn start(settings: MatchSettings, first: Seat) -> (MatchState, Vec<MatchEvent>) {
    open(
        MatchId(7),
        players(),
        None,
        settings,
        TIMING,
        first,
        [true, true],
        at(0),
    )
}

const P0: Seat = Seat::Zero;
const P1: Seat = Seat::One;

fn code<T>(result: Result<T, ServerError>) -> Result<(), protocol::wire::ErrorCode> {
    result.map(drop).map_err(|e| e.code())
}

/// The request to play `house` as `seat`, ply `ply` of game `game`.
fn move_of((seat, game, ply, house): (Seat, u8, u32, u8)) -> Request {
    Request::Move {
        seat,
        game,
        ply,
        house,
    }
}

/// The seat to move and the lowest legal house, if a game is being played.
fn lowest_move(state: &MatchState) -> Option<(Seat, u8, u32, u8)> {
    let game = state.current()?;
    let seat = game.to_move()?;
    let mv = game.game.position().legal_moves().nth(0)?;
    Some((seat, game.number, game.moves.len() as u32 + 1, mv.number()))
}

/// Play the current game to its end at `ms`, each side taking its lowest legal house.
fn finish_game(state: &mut MatchState, ms: u64, out: &mut Vec<MatchEvent>) {
    while let Some((seat, game, ply, house)) = lowest_move(state) {
        match state.play(seat, game, ply, house, at(ms)) {
            Ok(Played::Applied(events)) => {
                let ended = events
                    .iter()
                    .any(|e| matches!(e.kind, EventKind::GameEnded { .. }));
                out.extend(events);
                if ended {
                    return;
                }
            }
            other => panic!("move refused: {other:?}"),
        }
    }
}

fn kinds(events: &[MatchEvent]) -> Vec<&'static str> {
    events
        .iter()
        .map(|e| match e.kind {
            EventKind::MatchStarted { .. } => "match_started",
            EventKind::GameStarted { .. } => "game_started",
            EventKind::MovePlayed { .. } => "move_played",
            EventKind::Berserked { .. } => "berserked",
            EventKind::DrawOffered { .. } => "draw_offered",
            EventKind::DrawOfferEnded { .. } => "draw_offer_ended",
            EventKind::PlayerLeft { .. } => "player_left",
            EventKind::PlayerReturned { .. } => "player_returned",
            EventKind::ServerRestarted { .. } => "server_restarted",
            EventKind::GameEnded { .. } => "game_ended",
            EventKind::MatchEnded { .. } => "match_ended",
            EventKind::RematchOffered { .. } => "rematch_offered",
            EventKind::RematchDeclined => "rematch_declined",
            EventKind::RematchAgreed { .. } => "rematch_agreed",
        })
        .collect()
}

fn game_end(events: &[MatchEvent]) -> Option<GameOutcome> {
    events.iter().find_map(|e| match e.kind {
        EventKind::GameEnded { outcome, .. } => Some(outcome),
        _ => None,
    })
}

#[test]
fn five_games_alternate_the_first_mover_and_number_every_event() {
    let (mut state, mut events) = start(settings(5, false), P1);
    for _ in 0..5 {
        finish_game(&mut state, 0, &mut events);
    }
    let firsts: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::GameStarted { first, .. } => Some(first),
            _ => None,
        })
        .collect();
    assert_eq!(firsts, vec![P1, P0, P1, P0, P1]);
    let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
    assert_eq!(versions, (1..=events.len() as u64).collect::<Vec<_>>());
    assert!(matches!(
        events.last().map(|e| &e.kind),
        Some(EventKind::MatchEnded {
            reason: MatchEndReason::Completed,
            ..
        })
    ));
    let points = state.points();
    assert_eq!(points[0] + points[1], 5.0, "five games, one point each");
}

#[test]
fn a_decided_match_stops_early_when_asked() {
    let (mut state, _) = start(settings(3, true), P0);
    state.act(P1, Action::Resign, at(0)).expect("resign game 1");
    let events = state.act(P1, Action::Resign, at(0)).expect("resign game 2");
    assert!(matches!(
        events.last().map(|e| &e.kind),
        Some(EventKind::MatchEnded {
            reason: MatchEndReason::Decided,
            winner: Some(Seat::Zero),
            ..
        })
    ));
    assert_eq!(state.points(), [2.0, 0.0]);
}

#[test]
fn moves_are_checked_in_order_and_repeats_acknowledged() {
    use protocol::wire::ErrorCode::*;
    let (mut state, _) = start(settings(5, false), P0);
    assert_eq!(code(state.play(P1, 1, 1, 3, at(0))), Err(NotYourTurn));
    assert_eq!(code(state.play(P0, 2, 1, 3, at(0))), Err(WrongGame));
    assert_eq!(code(state.play(P0, 1, 2, 3, at(0))), Err(WrongPly));
    assert!(matches!(
        state.play(P0, 1, 1, 3, at(0)),
        Ok(Played::Applied(_))
    ));
    assert!(matches!(
        state.play(P0, 1, 1, 3, at(0)),
        Ok(Played::Duplicate)
    ));
    assert_eq!(code(state.play(P0, 1, 1, 4, at(0))), Err(StalePly));
    assert_eq!(
        code(state.act(P0, Action::Abort, at(0))),
        Err(TooLateToAbort)
    );
}

#[test]
fn the_house_range_names_the_variants_houses() {
    let (mut state, _) = start(settings(1, false), P0);
    for house in [0, 7, 9] {
        match state.play(P0, 1, 1, house, at(0)) {
            Err(error @ ServerError::Match(MatchError::IllegalMove(_))) => assert_eq!(
                error.to_string(),
                format!("there is no house {house}: houses are numbered 1 to 6")
            ),
            other => panic!("house {house}: {other:?}"),
        }
    }
}

#[test]
fn moves_after_the_match_ended_answer_match_over() {
    use protocol::wire::ErrorCode::*;
    let (mut state, mut events) = start(settings(1, false), P0);
    finish_game(&mut state, 0, &mut events);
    assert!(state.is_over());
    let (game, ply, seat, house) = events
        .iter()
        .rev()
        .find_map(|e| match e.kind {
            EventKind::MovePlayed {
                game,
                ply,
                seat,
                house,
                ..
            } => Some((game, ply, seat, house)),
            _ => None,
        })
        .expect("a last move");
    // The last move again is still a duplicate; anything else is too late.
    assert!(matches!(
        state.play(seat, game, ply, house, at(0)),
        Ok(Played::Duplicate)
    ));
    assert_eq!(
        code(state.play(seat, game, ply + 1, 1, at(0))),
        Err(MatchOver)
    );
    assert_eq!(code(state.play(seat, 2, 1, 1, at(0))), Err(MatchOver));
    assert_eq!(code(state.play(seat, game, 1, 6, at(0))), Err(MatchOver));
    assert_eq!(code(state.act(P0, Action::Resign, at(0))), Err(MatchOver));
}

#[test]
fn forfeit_loses_every_remaining_game() {
    let (mut state, mut events) = start(settings(5, false), P0);
    finish_game(&mut state, 0, &mut events);
    let before = state.points();
    let events = state.act(P0, Action::Forfeit, at(0)).expect("forfeit");
    assert_eq!(kinds(&events), ["game_ended", "match_ended"]);
    let after = state.points();
    assert_eq!(after[0], before[0]);
    assert_eq!(after[1], before[1] + 4.0);
    assert!(state.is_over());
}

#[test]
fn a_flag_falls_at_the_time_and_the_allowance_and_the_match_goes_on() {
    let (mut state, _) = start(blitz(3), P0);
    assert_eq!(state.deadline(), Some(at(60_500) / 1000));
    assert!(state.check_time(at(60_499)).is_empty());
    let events = state.check_time(at(60_500));
    assert_eq!(kinds(&events), ["game_ended", "game_started"]);
    let outcome = game_end(&events).expect("game 1 ended");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::Timeout, Some(P1))
    );
    assert_eq!(state.points(), [0.0, 1.0]);
    // The clocks as game 1 ended, with what that event led to.
    let (mut state, _) = start(blitz(3), P0);
    let (_, told) = carry_out(&mut state, Request::Clock, at(60_500)).expect("the time");
    let clocks = told[0].after.clocks.map(|c| c.remaining_ms);
    assert_eq!(clocks, Some([0, 60_000]));
}

#[test]
fn a_first_mover_who_lets_the_first_move_window_pass_loses_the_game_as_no_start() {
    let (mut state, _) = blitz_with(Timing {
        first_move_ms: 30_000,
        ..TIMING
    });
    // The window and the allowance; his own minute does not run meanwhile.
    assert_eq!(state.deadline(), Some(at(30_500) / 1000));
    assert!(state.check_time(at(30_499)).is_empty());
    let events = state.check_time(at(30_500));
    assert_eq!(kinds(&events), ["game_ended", "game_started"]);
    let outcome = game_end(&events).expect("game 1 ended");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::NoStart, Some(P1))
    );
    // Game 2 opens with P1 to move and a window of its own; moving inside
    // it costs him nothing.
    assert_eq!(state.deadline(), Some(at(30_500 + 30_500) / 1000));
    let (_, told) = carry_out(
        &mut state,
        Request::Move {
            seat: P1,
            game: 2,
            ply: 1,
            house: 1,
        },
        at(50_000),
    )
    .expect("the first move");
    let clocks = told.last().and_then(|t| t.after.clocks).expect("timed");
    assert_eq!(clocks.remaining_ms, [60_000, 61_000]);
    assert_eq!(clocks.first_move_ms, None);
    // From now on a flag is a timeout.
    assert_eq!(state.deadline(), Some(at(50_000 + 60_500) / 1000));
}

#[test]
fn by_correspondence_a_first_move_not_made_in_its_days_is_no_start_then_flags_are_timeouts() {
    const DAY: u64 = 24 * 60 * 60 * 1000;
    let settings = MatchSettings {
        time_control: TimeControl::Correspondence { days_per_move: 1 },
        ..settings(3, false)
    };
    let (mut state, _) = start(settings, P0);
    let events = state.check_time(at(DAY + 500));
    let outcome = game_end(&events).expect("game 1 ended");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::NoStart, Some(P1))
    );
    // Game 2: P1 opens it, then P0 lets his move's day pass: a timeout.
    state.play(P1, 2, 1, 1, at(DAY + 1_000)).expect("a move");
    let events = state.check_time(at(2 * DAY + 1_500));
    let outcome = game_end(&events).expect("game 2 ended");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::Timeout, Some(P1))
    );
}

#[test]
fn an_absent_real_time_player_can_be_claimed_then_forfeits_the_game() {
    use protocol::wire::ErrorCode::CannotClaim;
    let (mut state, _) = start(blitz(3), P0);
    // The first mover plays, then leaves: the opponent is to move, so only
    // abandonment can end the game (his own clock runs meanwhile).
    state.play(P0, 1, 1, 1, at(0)).expect("a move");
    assert_eq!(
        kinds(&state.presence(P0, false, at(1_000))),
        ["player_left"]
    );
    assert!(state.presence(P0, false, at(2_000)).is_empty(), "no change");
    assert_eq!(
        code(state.act(P1, Action::Claim, at(20_999))),
        Err(CannotClaim)
    );
    // Back and away again: the period starts over.
    assert_eq!(
        kinds(&state.presence(P0, true, at(21_000))),
        ["player_returned"]
    );
    state.presence(P0, false, at(25_000));
    assert_eq!(
        code(state.act(P1, Action::Claim, at(44_999))),
        Err(CannotClaim)
    );
    let events = state.act(P1, Action::Claim, at(45_000)).expect("claim");
    let outcome = game_end(&events).expect("game 1 ended");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::Claimed, Some(P1))
    );
    // Game 2: P1 moves first; P0 is still away, with a whole period again.
    assert_eq!(state.deadline(), Some(at(45_000 + 60_000) / 1000));
    state.play(P1, 2, 1, 1, at(46_000)).expect("a move");
    assert!(state.check_time(at(104_999)).is_empty());
    let events = state.check_time(at(105_000));
    let outcome = game_end(&events).expect("game 2 ended");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::Abandoned, Some(P1))
    );
}

#[test]
fn only_real_time_games_can_be_claimed() {
    let (mut state, _) = start(settings(3, false), P0);
    state.presence(P1, false, at(0));
    assert_eq!(state.deadline(), None, "no abandonment without clocks");
    assert_eq!(
        code(state.act(P0, Action::Claim, at(10_000_000))),
        Err(protocol::wire::ErrorCode::CannotClaim)
    );
}

#[test]
fn draw_offers_are_accepted_declined_crossed_or_lapse() {
    use protocol::wire::ErrorCode::*;
    let (mut state, _) = start(settings(5, false), P0);
    assert_eq!(
        code(state.act(P1, Action::DrawAccept, at(0))),
        Err(NoDrawOffer)
    );
    assert_eq!(
        kinds(&state.act(P0, Action::DrawOffer, at(0)).expect("offer")),
        ["draw_offered"]
    );
    assert_eq!(
        code(state.act(P0, Action::DrawOffer, at(0))),
        Err(AlreadyOffered)
    );
    assert_eq!(
        code(state.act(P0, Action::DrawAccept, at(0))),
        Err(NoDrawOffer)
    );
    // The offerer moves: the offer lapses before the move.
    let Ok(Played::Applied(events)) = state.play(P0, 1, 1, 1, at(0)) else {
        panic!("the move is played");
    };
    assert_eq!(kinds(&events), ["draw_offer_ended", "move_played"]);
    // Declined.
    state.act(P1, Action::DrawOffer, at(0)).expect("offer");
    let events = state.act(P0, Action::DrawDecline, at(0)).expect("decline");
    assert!(matches!(
        events[0].kind,
        EventKind::DrawOfferEnded {
            seat: P1,
            reason: DrawOfferEnd::Declined
        }
    ));
    // Accepted: the game is drawn and the next begins.
    state.act(P1, Action::DrawOffer, at(0)).expect("offer");
    let events = state.act(P0, Action::DrawAccept, at(0)).expect("accept");
    assert_eq!(kinds(&events), ["game_ended", "game_started"]);
    assert_eq!(state.points(), [0.5, 0.5]);
    // Two offers crossing are an agreement.
    state.act(P0, Action::DrawOffer, at(0)).expect("offer");
    let events = state
        .act(P1, Action::DrawOffer, at(0))
        .expect("crossing offer");
    let outcome = game_end(&events).expect("game 2 drawn");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (GameEndReason::DrawAgreed, None)
    );
}

#[test]
fn rematches_are_offered_declined_and_agreed_after_the_match_only() {
    use protocol::wire::ErrorCode::*;
    let (mut state, _) = start(settings(1, false), P0);
    assert_eq!(code(state.rematch(P0, None, at(0))), Err(MatchNotOver));
    state.act(P0, Action::Resign, at(0)).expect("resign");
    assert_eq!(
        code(state.rematch(P1, Some(true), at(0))),
        Err(NoRematchOffer)
    );
    match state.rematch(P0, None, at(0)) {
        Ok(Rematch::Recorded(events)) => assert_eq!(kinds(&events), ["rematch_offered"]),
        other => panic!("{other:?}"),
    }
    assert_eq!(code(state.rematch(P0, None, at(0))), Err(AlreadyOffered));
    match state.rematch(P1, Some(false), at(0)) {
        Ok(Rematch::Recorded(events)) => assert_eq!(kinds(&events), ["rematch_declined"]),
        other => panic!("{other:?}"),
    }
    state.rematch(P1, None, at(0)).expect("offer again");
    // An offer crossing the opponent's is an agreement, seats swapped.
    match state.rematch(P0, None, at(0)) {
        Ok(Rematch::Agreed(players, settings)) => {
            assert_eq!([players[0].id, players[1].id], [PlayerId(2), PlayerId(1)]);
            assert_eq!(settings.games, 1);
        }
        other => panic!("{other:?}"),
    }
    // Until the rematch has started the offer stands; then it is spent, and
    // the link to the new match recorded.
    assert!(matches!(
        state.rematch(P0, Some(true), at(0)),
        Ok(Rematch::Agreed(..))
    ));
    let events = state.rematch_started(MatchId(8), at(0));
    assert!(matches!(
        events[..],
        [MatchEvent {
            kind: EventKind::RematchAgreed {
                rematch_id: MatchId(8)
            },
            ..
        }]
    ));
    assert_eq!(
        code(state.rematch(P0, Some(true), at(0))),
        Err(NoRematchOffer)
    );
    assert!(
        state.rematch_started(MatchId(9), at(0)).is_empty(),
        "once only"
    );
}

#[test]
fn presence_is_recorded_on_change_only_and_not_after_the_end() {
    let (mut state, _) = start(settings(1, false), P0);
    assert!(state.presence(P1, true, at(0)).is_empty(), "already here");
    assert_eq!(kinds(&state.presence(P1, false, at(0))), ["player_left"]);
    assert_eq!(kinds(&state.presence(P1, true, at(0))), ["player_returned"]);
    state.act(P0, Action::Resign, at(0)).expect("resign");
    assert!(state.presence(P1, false, at(0)).is_empty());
}

#[test]
fn a_seat_away_at_the_start_counts_as_away() {
    let (state, events) = open(
        MatchId(3),
        players(),
        None,
        blitz(1),
        TIMING,
        P0,
        [true, false],
        at(0),
    );
    assert_eq!(
        kinds(&events),
        ["match_started", "game_started", "player_left"]
    );
    // The absent player forfeits (60 s after the start) before the mover's flag falls (60.5 s).
    assert_eq!(state.deadline(), Some(at(60_000) / 1000));
}

/// A match with every kind of event in it, and its events.
fn eventful_match() -> (MatchState, Vec<MatchEvent>) {
    let (mut state, mut events) = start(blitz(3), P1);
    let mut ms = 0;
    let mut step = |state: &mut MatchState, events: &mut Vec<MatchEvent>| {
        ms += 1_250;
        let (seat, game, ply, house) = lowest_move(state).expect("a move");
        match state.play(seat, game, ply, house, at(ms)) {
            Ok(Played::Applied(e)) => events.extend(e),
            other => panic!("{other:?}"),
        }
        ms
    };
    for _ in 0..3 {
        step(&mut state, &mut events);
    }
    events.extend(state.act(P1, Action::DrawOffer, at(5_000)).expect("offer"));
    events.extend(
        state
            .act(P0, Action::DrawDecline, at(5_100))
            .expect("decline"),
    );
    events.extend(state.presence(P0, false, at(6_000)));
    let now = step(&mut state, &mut events);
    events.extend(state.presence(P0, true, at(now + 10)));
    events.extend(state.act(P0, Action::Resign, at(now + 20)).expect("resign"));
    for _ in 0..4 {
        step(&mut state, &mut events);
    }
    // Game 2 runs out on time.
    let deadline = state.deadline().expect("a clock runs");
    events.extend(state.check_time(deadline * 1000));
    events.extend(
        state
            .act(P1, Action::Forfeit, deadline * 1000 + 5)
            .expect("forfeit"),
    );
    let mut rematch = |seat, accept, ms| match state.rematch(seat, accept, deadline * 1000 + ms) {
        Ok(Rematch::Recorded(e)) => events.extend(e),
        other => panic!("{other:?}"),
    };
    rematch(P0, None, 9);
    rematch(P1, Some(false), 10);
    rematch(P1, None, 11);
    assert!(matches!(
        state.rematch(P0, Some(true), deadline * 1000 + 12),
        Ok(Rematch::Agreed(..))
    ));
    events.extend(state.rematch_started(MatchId(99), deadline * 1000 + 13));
    (state, events)
}

/// The events of told events.
fn events_of(told: &[Told]) -> Vec<MatchEvent> {
    told.iter().map(|told| told.event.clone()).collect()
}

#[test]
fn replaying_the_events_rebuilds_the_match() {
    let (state, events) = eventful_match();
    let mut seen: Vec<&str> = kinds(&events);
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 12, "every kind: {seen:?}");
    let (again, told) = MatchState::replay(events.clone()).expect("the events replay");
    assert_eq!(events_of(&told), events, "replay tells the same events");
    assert_eq!(again.version(), state.version());
    assert_eq!(again.points(), state.points());
    assert_eq!(again.absent_since, state.absent_since);
    assert_eq!(again.rematch_offer, state.rematch_offer);
    let now = events.last().map_or(0, |e| e.at_us / 1000);
    assert_eq!(again.snapshot(0, now), state.snapshot(0, now));
    // A replayed match goes on as the original would.
    let (mut a, mut b) = (state, again);
    assert_eq!(
        format!("{:?}", a.rematch(P1, None, now * 1000)),
        format!("{:?}", b.rematch(P1, None, now * 1000))
    );
}

#[test]
fn a_journal_that_drifted_is_refused_not_believed() {
    let (_, events) = eventful_match();
    assert_eq!(
        MatchState::replay(Vec::new()).err(),
        Some(ReplayError::Empty)
    );
    assert_eq!(
        MatchState::replay(events[1..].to_vec()).err(),
        Some(ReplayError::NoStart)
    );
    // The first move by the other seat: out of turn.
    let mut tampered = events.clone();
    let first_move = tampered
        .iter_mut()
        .find_map(|e| match &mut e.kind {
            EventKind::MovePlayed { seat, .. } => Some(seat),
            _ => None,
        })
        .expect("a move");
    *first_move = first_move.opponent();
    assert!(matches!(
        MatchState::replay(tampered),
        Err(ReplayError::Misplaced { .. })
    ));
    // A game whose stores at its end are not what its moves gave.
    let mut tampered = events.clone();
    if let Some(outcome) = tampered.iter_mut().find_map(|e| match &mut e.kind {
        EventKind::GameEnded { outcome, .. } => Some(outcome),
        _ => None,
    }) {
        outcome.stores[0] += 1;
    }
    assert!(matches!(
        MatchState::replay(tampered),
        Err(ReplayError::Diverged { .. })
    ));
    // A game end whose points are not what the games gave.
    let mut tampered = events.clone();
    if let Some(points) = tampered.iter_mut().find_map(|e| match &mut e.kind {
        EventKind::GameEnded { points, .. } => Some(points),
        _ => None,
    }) {
        points[0] += 1.0;
    }
    assert!(matches!(
        MatchState::replay(tampered),
        Err(ReplayError::Diverged { .. })
    ));
    // An event out of its place in the numbering.
    let mut tampered = events.clone();
    tampered.remove(4);
    assert!(matches!(
        MatchState::replay(tampered),
        Err(ReplayError::Misplaced { .. })
    ));
}

#[test]
fn the_journal_stores_events_that_replay_into_the_same_match() {
    let (state, events) = eventful_match();
    let stored: Vec<crate::store::StoredEvent> = crate::game::journal::rows(&events)
        .expect("rows")
        .into_iter()
        .map(|row| crate::store::StoredEvent {
            version: row.version,
            at_us: row.at_us,
            json: row.json,
        })
        .collect();
    assert!(
        stored
            .iter()
            .all(|row| !row.json.contains("\"sow\"") && !row.json.contains("\"houses\"")),
        "what follows from the events (a move's steps, the boards) is not stored"
    );
    let (again, told) = crate::game::journal::restore(&stored).expect("restores");
    assert_eq!(events_of(&told), events);
    let now = events.last().map_or(0, |e| e.at_us / 1000);
    assert_eq!(again.snapshot(0, now), state.snapshot(0, now));
    // A row changed by hand is caught.
    let mut broken = stored;
    broken[3].json = broken[3].json.replace("\"house\":", "\"hose\":");
    assert!(crate::game::journal::restore(&broken).is_err());
}

#[test]
fn rows_stored_with_what_events_led_to_still_replay() {
    // A match stored by an earlier version, whose rows carried the boards
    // and clocks: they are read, and what they carried is recomputed.
    let kalah = MatchSettings {
        ruleset: Ruleset::Kalah(protocol::rules::KalahParams::default()),
        ..settings(1, false)
    };
    let (_, opening) = MatchState::open(
        MatchId(7),
        players(),
        None,
        kalah,
        TIMING,
        P0,
        [true, true],
        at(1),
    );
    let started = serde_json::to_string(&opening[0].kind).expect("json");
    let rows = [
        started.as_str(),
        r#"{"type":"game_started","game":1,"first":0,"position":{"houses":[[4,4,4,4,4,4],[4,4,4,4,4,4]],"stores":[0,0],"to_move":0},"clocks":null}"#,
        r#"{"type":"move_played","game":1,"ply":1,"seat":0,"house":3,"position":{"houses":[[4,4,0,5,5,5],[4,4,4,4,4,4]],"stores":[1,0],"to_move":0},"next":0,"clocks":null}"#,
    ];
    let stored: Vec<crate::store::StoredEvent> = rows
        .iter()
        .zip(1..)
        .map(|(json, version)| crate::store::StoredEvent {
            version,
            at_us: at(version),
            json: json.to_string(),
        })
        .collect();
    let (state, told) = crate::game::journal::restore(&stored).expect("old rows replay");
    assert_eq!(state.version(), 3);
    let after = &told[2].after;
    assert_eq!(after.position.houses[0], vec![4, 4, 0, 5, 5, 5]);
    assert_eq!(
        after.next,
        Some(P0),
        "Kalah: the last seed in the store, again"
    );
}

#[test]
fn a_restart_charges_its_downtime_to_nobody() {
    let timing = Timing {
        berserk: false,
        tournament: false,
        tournament_id: None,
        lag_allowance_ms: 0,
        claim_after_ms: 10_000,
        forfeit_after_ms: 30_000,
        first_move_ms: 0,
    };
    let settings = MatchSettings {
        time_control: TimeControl::RealTime {
            initial_ms: 60_000,
            increment_ms: 0,
        },
        ..MatchSettings::default()
    };
    let start_us = 1_000_000_000;
    let (mut state, _) = open(
        MatchId(1),
        players(),
        None,
        settings,
        timing,
        P0,
        [true, true],
        start_us,
    );
    // Seat 0 thinks 4 s, then the last event before the crash: seat 1 leaves 2 s into his turn.
    let (seat, game, ply, house) = lowest_move(&state).expect("a move");
    assert_eq!(seat, P0);
    state
        .play(seat, game, ply, house, start_us + 4_000_000)
        .expect("move");
    state.presence(P1, false, start_us + 6_000_000);
    let before = state.snapshot(0, (start_us + 6_000_000) / 1000);
    // Down for an hour, then back with a minute's grace.
    let restart_us = start_us + 6_000_000 + 3_600_000_000;
    let events = state.restarted(restart_us, 60_000);
    assert!(matches!(
        events.as_slice(),
        [MatchEvent {
            kind: EventKind::ServerRestarted {
                paused_ms: 3_600_000,
                grace_ms: 60_000,
                ..
            },
            ..
        }]
    ));
    let after = state.snapshot(0, restart_us / 1000);
    assert_eq!(after.clocks, before.clocks, "the clocks are as they were");
    // Seat 1's clock runs on from there: his flag falls 58 s after the restart.
    assert_eq!(state.deadline(), Some(restart_us / 1000 + 58_000));
    // Nobody may claim during the grace, and absence counts only after it.
    let claim_at = restart_us + 60_000_000 + 9_000_000;
    assert!(state.act(P0, Action::Claim, claim_at).is_err());
}

#[test]
fn deciding_changes_nothing_and_applying_says_what_followed() {
    let (mut state, mut events) = start(blitz(3), P0);
    finish_game(&mut state, 1_000, &mut events);
    // Play game 2 up to its last move.
    loop {
        let (seat, game, ply, house) = lowest_move(&state).expect("a move is left");
        let request = move_of((seat, game, ply, house));
        let Ok(Decision::Events(decided)) = state.decide(request, at(2_000)) else {
            panic!("move refused");
        };
        if game_end(&decided).is_some() {
            break;
        }
        state
            .play(seat, game, ply, house, at(2_000))
            .expect("a move");
    }
    let before = state.snapshot(0, 2_000);
    let (seat, game, ply, house) = lowest_move(&state).expect("the last move");
    let request = move_of((seat, game, ply, house));
    let decided = state.decide(request, at(2_000)).expect("decided");
    let Decision::Events(events) = &decided else {
        panic!("{decided:?}");
    };
    assert_eq!(kinds(events), ["move_played", "game_ended", "game_started"]);
    // The store refused, say: nothing to undo, the match is as it was, and
    // the same request decides alike.
    assert_eq!(state.snapshot(0, 2_000), before);
    assert_eq!(state.decide(request, at(2_000)), Ok(decided));
    // Stored: applied, each event says what it led to.
    let (_, told) = carry_out(&mut state, request, at(2_000)).expect("applied");
    let After { position, next, .. } = &told[0].after;
    assert_eq!(position.to_move, None, "game 2 is over after the move");
    assert_eq!(*next, None);
    let game_three = &told[2].after;
    assert_eq!(
        game_three.next,
        Some(P0),
        "game 3 opens with the other first mover"
    );
    assert_eq!(game_three.legal, [1, 2, 3, 4, 5, 6]);
    assert!(game_three.clocks.is_some());
}

#[test]
fn whatever_is_asked_what_is_decided_applies() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(42);
    for round in 0..200 {
        let settings = if round % 2 == 0 {
            blitz(5)
        } else {
            settings(3, true)
        };
        let (mut state, _) = start(settings, P0);
        let mut ms = 0;
        for _ in 0..400 {
            ms += rng.random_range(0..40_000);
            let seat = if rng.random::<bool>() { P0 } else { P1 };
            let request = match rng.random_range(0..10) {
                0 => Request::Act {
                    seat,
                    action: [
                        Action::Resign,
                        Action::Forfeit,
                        Action::Abort,
                        Action::DrawOffer,
                        Action::DrawAccept,
                        Action::DrawDecline,
                        Action::Claim,
                    ][rng.random_range(0..7)],
                },
                1 => Request::Presence {
                    seat,
                    present: rng.random(),
                },
                2 => Request::Clock,
                3 => Request::Rematch {
                    seat,
                    accept: [None, Some(true), Some(false)][rng.random_range(0..3)],
                },
                _ => match lowest_move(&state) {
                    Some((seat, game, ply, house)) => Request::Move {
                        seat,
                        game,
                        ply,
                        house: if rng.random_range(0..4) == 0 {
                            rng.random_range(0..8)
                        } else {
                            house
                        },
                    },
                    None => Request::Clock,
                },
            };
            // `carry_out` applies every decided event or fails the test.
            let _ = carry_out(&mut state, request, at(ms));
        }
    }
}

#[test]
fn every_position_carries_the_houses_its_mover_may_play() {
    let (mut state, opening) = MatchState::open(
        MatchId(7),
        players(),
        None,
        settings(1, false),
        TIMING,
        P0,
        [true, true],
        at(0),
    );
    let told: Vec<Told> = opening
        .into_iter()
        .map(|event| state.apply(event).expect("the opening applies"))
        .collect();
    let opening = told[1].after.legal.clone();
    assert_eq!(opening, [1, 2, 3, 4, 5, 6]);
    assert_eq!(state.snapshot(0, 0).legal, opening);
    let mut plies = 0;
    while let Some((seat, game, ply, house)) = lowest_move(&state) {
        let request = move_of((seat, game, ply, house));
        let (_, told) = carry_out(&mut state, request, at(1)).expect("a move");
        plies += 1;
        let After {
            position, legal, ..
        } = &told[0].after;
        let expected: Vec<u8> = match position.to_move {
            Some(side) => (1..)
                .zip(&position.houses[side.index()])
                .filter(|&(_, &seeds)| seeds > 0)
                .map(|(house, _)| house)
                .collect(),
            None => Vec::new(),
        };
        // Mangala: every house with seeds may be played.
        assert_eq!(legal, &expected, "after ply {plies}");
    }
    assert!(plies > 10);
    assert!(
        state.snapshot(0, 0).legal.is_empty(),
        "none once it is over"
    );
}

#[test]
fn a_kazakh_games_moves_are_labelled_as_players_write_them() {
    let togyz = MatchSettings {
        ruleset: Ruleset::TogyzKumalak,
        ..settings(1, false)
    };
    let (mut state, _) = start(togyz, P0);
    // The same game beside it, labelled by the rules engine before each move.
    let mut replica = Game::new(Ruleset::TogyzKumalak);
    let mut labels = Vec::new();
    for _ in 0..40 {
        let Some((seat, game, ply, house)) = lowest_move(&state) else {
            break;
        };
        let mv = Move::from_number(i64::from(house)).expect("a house");
        let expected = replica.position().move_label(mv).expect("legal");
        replica.play(mv).expect("legal");
        let request = move_of((seat, game, ply, house));
        let (_, told) = carry_out(&mut state, request, at(1)).expect("played");
        assert_eq!(told[0].after.label.as_deref(), Some(expected.as_str()));
        labels.push(expected);
    }
    assert!(
        labels.iter().any(|l| l.contains('(')),
        "a capture: {labels:?}"
    );
    assert_eq!(state.snapshot(0, 0).games[0].labels, labels);

    // The other games are written as their house numbers: no label.
    let (mut state, _) = start(settings(1, false), P0);
    let (seat, game, ply, house) = lowest_move(&state).expect("a move");
    let request = move_of((seat, game, ply, house));
    let (_, told) = carry_out(&mut state, request, at(1)).expect("played");
    assert_eq!(told[0].after.label, None);
    assert!(state.snapshot(0, 0).games[0].labels.is_empty());
}

#[test]
fn a_berserk_halves_the_players_clock_without_increment_for_the_whole_match() {
    use protocol::wire::ErrorCode::CannotBerserk;
    let (mut state, mut events) = blitz_with(Timing {
        berserk: true,
        ..TIMING
    });
    // P1 berserks before his first move: his minute is halved.
    let berserked = state.act(P1, Action::Berserk, at(0)).expect("berserk");
    assert_eq!(kinds(&berserked), ["berserked"]);
    events.extend(berserked);
    assert_eq!(
        code(state.act(P1, Action::Berserk, at(1))),
        Err(CannotBerserk),
        "once"
    );
    let clocks = |state: &MatchState, ms| state.snapshot(0, ms).clocks.map(|c| c.remaining_ms);
    assert_eq!(clocks(&state, at(0) / 1000), Some([60_000, 30_000]));
    // P0 moves without berserking: charged 10 s, his increment added.
    let Played::Applied(moved) = state.play(P0, 1, 1, 1, at(10_500)).expect("a move") else {
        panic!("a new move");
    };
    events.extend(moved);
    assert_eq!(
        code(state.act(P0, Action::Berserk, at(10_600))),
        Err(CannotBerserk),
        "not after one's first move"
    );
    // P1 is charged 9.5 s (10 s less the allowance) and gets no increment.
    let to_move = state.snapshot(0, at(10_500) / 1000).legal;
    let Played::Applied(moved) = state
        .play(P1, 1, 2, to_move[0], at(20_500))
        .expect("a move")
    else {
        panic!("a new move");
    };
    events.extend(moved);
    let now = at(20_500) / 1000;
    assert_eq!(clocks(&state, now), Some([51_000, 20_500]));
    // Game 2 starts with his clock halved again; he cannot berserk there.
    events.extend(state.act(P0, Action::Resign, at(21_000)).expect("resigns"));
    assert_eq!(state.snapshot(0, now).games.len(), 2);
    assert_eq!(clocks(&state, at(21_000) / 1000), Some([60_000, 30_000]));
    assert_eq!(
        code(state.act(P0, Action::Berserk, at(21_000))),
        Err(CannotBerserk),
        "game 1 only"
    );
    assert_eq!(state.berserked(), [false, true]);
    assert_eq!(state.snapshot(0, now).berserk, Some([false, true]));
    // Replayed from its events, the match is the same.
    let (again, _) = MatchState::replay(events).expect("replays");
    assert_eq!(again.berserked(), [false, true]);
    let later = at(22_000) / 1000;
    assert_eq!(again.snapshot(0, later), state.snapshot(0, later));
    // Where berserk is not allowed (any match but an arena's that allows it).
    let (mut plain, _) = start(blitz(3), P0);
    assert_eq!(
        code(plain.act(P1, Action::Berserk, at(0))),
        Err(CannotBerserk)
    );
    assert_eq!(plain.snapshot(0, at(0) / 1000).berserk, None);
}
