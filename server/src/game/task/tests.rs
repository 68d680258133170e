//! A match's task as a whole: what becomes of those waiting on it when it
//! stops serving.

use super::handle::MatchRequest;
use super::start::{MatchEnv, MatchLimits, start_match};
use crate::clock::ManualClock;
use crate::game::Timing;
use crate::rating::MemoryBook;
use crate::store::Store;
use protocol::wire::{MatchId, MatchSettings, PlayerId, PlayerRef, Seat, close};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// What a match is given, on a journal in memory and a manual clock.
fn env() -> MatchEnv {
    let (clock, _) = ManualClock::new();
    let (notices, _) = tokio::sync::mpsc::channel(16);
    MatchEnv {
        clock,
        metrics: Arc::default(),
        limits: MatchLimits {
            event_history: 64,
            spectator_update_ms: 1_000,
            ended_linger_ms: 60_000,
            inbox: 16,
            unload_after_ms: 0,
        },
        notices,
        shutdown: CancellationToken::new(),
        tasks: TaskTracker::new(),
        store: Store::default(),
        ratings: MemoryBook::book(7 * 86_400_000),
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_match_another_node_took_sends_away_whoever_asked_it_something_meanwhile() {
    let players = [1, 2].map(|id| PlayerRef {
        id: PlayerId(id),
        name: format!("player{id}"),
    });
    let timing = Timing {
        berserk: false,
        tournament: false,
        tournament_id: None,
        lag_allowance_ms: 500,
        claim_after_ms: 20_000,
        forfeit_after_ms: 60_000,
        first_move_ms: 0,
    };
    let settings = MatchSettings::default();
    let (handle, _, opened) = start_match(
        env(),
        MatchId(7),
        players,
        settings,
        timing,
        Seat::Zero,
        [None, None],
    );
    crate::game::opened(opened).await.expect("the match starts");

    // Another node took the match just as a player came back to it: his
    // resume waits in the inbox when the match learns it lost.
    let (peer, _outbox) = crate::peer::with_outbox_for_tests(5);
    handle.lose();
    let resume = MatchRequest::Resume {
        id: None,
        peer: peer.clone(),
        seat: Some(Seat::One),
        lane: None,
        last_version: 0,
    };
    assert!(handle.send(resume).await.is_ok(), "queued before it stops");

    // Never answered, he would wait for a match he never hears of again:
    // he is sent to reconnect, and resumes where it is served now.
    let closed = tokio::time::timeout(Duration::from_secs(10), peer.closed())
        .await
        .expect("he is sent away")
        .expect("with a reason");
    assert_eq!(closed.code, close::SERVICE_RESTART);
    assert!(closed.reason.contains("another node"), "{}", closed.reason);
}
