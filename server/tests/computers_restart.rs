//! A match against a computer player across a SIGKILL of the real binary:
//! the computer signs in again when the server restarts, resumes his match
//! from the journal, and plays it to its end.

use protocol::rules::Ruleset;
use protocol::wire::{MatchId, Seat, ServerMsg};
use serde_json::json;
use std::path::Path;
use tests::{Client, ServerProcess, TestJournal};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

fn start(journal: &TestJournal) -> ServerProcess {
    let database = journal.database();
    let args = [
        "--database",
        &database,
        "--node-name",
        tests::NODE,
        "--computer-delay-ms",
        "0",
        "--computer-think-ms",
        "20",
    ];
    ServerProcess::start(Path::new(SERVER), &args)
}

tests::on_both_journals!(a_computer_plays_his_match_on_after_a_sigkill);

async fn a_computer_plays_his_match_on_after_a_sigkill(journal: TestJournal) {
    let first = start(&journal);
    let mut ann = Client::join(&first.server(), "ann").await;
    let settings = json!({"ruleset": {"variant": "kalah", "params": {}}, "games": 2});
    let id = ann
        .request(json!({"type": "challenge", "name": "computer-6", "settings": settings}))
        .await;
    assert!(matches!(
        ann.reply(id).await,
        ServerMsg::ChallengeSent { .. }
    ));
    let ServerMsg::MatchStarted { match_id, .. } = ann
        .expect("the computer accepts", |m| {
            matches!(m, ServerMsg::MatchStarted { .. })
        })
        .await
    else {
        unreachable!()
    };
    let kalah = Ruleset::Kalah(Default::default());
    let (before, ended) = tests::play_against(&mut ann, match_id, kalah, Seat::Zero, Some(6)).await;
    assert!(!ended && before > 0, "both have moved");
    let token = ann.token.clone();
    drop(ann);

    first.kill();
    let second = start(&journal);
    let (mut ann, welcome) = Client::rejoin(&second.server(), &token).await;
    let ServerMsg::Welcome { matches, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(
        matches.iter().map(|m| m.match_id).collect::<Vec<MatchId>>(),
        [match_id]
    );
    ann.send(json!({"type": "resume", "match_id": match_id, "last_version": 0}))
        .await;
    let (after, ended) = tests::play_against(&mut ann, match_id, kalah, Seat::Zero, None).await;
    assert!(ended, "the match was played to its end");
    assert!(after > 0, "the computer moved after the restart");
}
