//! One suite, two journals: every promise of [`Journal`] checked on the
//! SQLite file and on a real PostgreSQL server (started by the test, see
//! `tests::Postgres`), with the same writes and the same expected answers.

use super::*;
use crate::rating::{Pool, Rated, Rating};
use protocol::rules::Variant;
use protocol::wire::{MatchSettings, PlayerId, PlayerRef, RatingRange, SeekId, SeekInfo, Speed};

/// A journal to test, and what keeps its database alive.
struct Subject {
    store: Store,
    _file: Option<tempfile::TempDir>,
    _server: Option<tests::Postgres>,
}

fn options(path: String) -> StoreOptions {
    StoreOptions {
        node: "node-a".to_owned(),
        lease_ms: 60_000,
        path,
        max_bytes: 0,
        wal_limit: 0,
        readers: 2,
        read_queue: 4,
    }
}

async fn sqlite() -> Subject {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("journal.sqlite3").display().to_string();
    Subject {
        store: open(path).await,
        _file: Some(dir),
        _server: None,
    }
}

async fn postgres() -> Subject {
    let server = tests::Postgres::start();
    let url = server.create_database("journal");
    Subject {
        store: open(url).await,
        _file: None,
        _server: Some(server),
    }
}

async fn open(path: String) -> Store {
    Store::open(&options(path), Arc::new(Metrics::default()))
        .await
        .unwrap_or_else(|e| panic!("the journal opens: {e}"))
}

/// Reopen `subject`'s database (as after a restart).
async fn reopen(subject: &Subject) -> Store {
    subject.store.close().await;
    let path = match (&subject._file, &subject._server) {
        (Some(dir), _) => dir.path().join("journal.sqlite3").display().to_string(),
        (_, Some(server)) => server.url("journal"),
        _ => unreachable!("a subject has a database"),
    };
    open(path).await
}

fn player(id: u64, name: &str) -> PlayerRef {
    PlayerRef {
        id: PlayerId(id),
        name: name.to_owned(),
    }
}

fn row(version: u64, header: Header) -> EventRow {
    EventRow {
        version,
        at_us: version * 1_000_000,
        json: format!(r#"{{"v":{version}}}"#),
        header,
    }
}

async fn durable(store: &Store, write: Write) {
    store
        .write(write)
        .durable()
        .await
        .unwrap_or_else(|e| panic!("stored: {e}"));
}

fn rated(before: f64, after: f64) -> Rated {
    let rating = |rating, games| Rating {
        rating,
        deviation: 200.0,
        volatility: 0.06,
        games,
        rated_ms: 5_000,
    };
    Rated {
        before: rating(before, 3),
        after: rating(after, 8),
    }
}

/// Two players, a match of three games played to its end and rated, a
/// second match still live, a seek opened and one taken: what every
/// journal must give back.
async fn fill(store: &Store) {
    for (id, name) in [(1, "Ann"), (2, "Bob")] {
        durable(
            store,
            Write::Player {
                id,
                name: name.to_owned(),
                name_key: name.to_lowercase(),
                token_sha256: [id as u8; 32],
                at_ms: 1_000,
            },
        )
        .await;
    }
    durable(
        store,
        Write::Seen {
            id: 2,
            at_ms: 9_000,
        },
    )
    .await;
    let players = [player(1, "Ann"), player(2, "Bob")];
    let started = Header::Started {
        players: players.clone(),
        settings_json: "{}".to_owned(),
    };
    durable(
        store,
        Write::Events {
            match_id: 10,
            rows: vec![
                row(1, started),
                row(2, Header::FirstSeat(1)),
                row(3, Header::GameEnded(Some(0))),
            ],
            settle: false,
            rated: None,
        },
    )
    .await;
    durable(
        store,
        Write::Events {
            match_id: 10,
            rows: vec![
                row(4, Header::GameEnded(None)),
                row(5, Header::GameEnded(Some(0))),
                row(
                    6,
                    Header::Ended {
                        reason: "decided".to_owned(),
                        points: [2.5, 0.5],
                        winner: Some(0),
                    },
                ),
            ],
            settle: true,
            rated: Some(RatedRows {
                pool: Pool {
                    variant: Variant::Mangala,
                    speed: Speed::RealTime,
                },
                players: [1, 2],
                rated: [rated(1500.0, 1580.0), rated(1500.0, 1420.0)],
            }),
        },
    )
    .await;
    durable(
        store,
        Write::Events {
            match_id: 11,
            rows: vec![
                row(
                    1,
                    Header::Started {
                        players: [players[1].clone(), players[0].clone()],
                        settings_json: r#"{"games":5}"#.to_owned(),
                    },
                ),
                row(2, Header::Unchanged),
            ],
            settle: false,
            rated: None,
        },
    )
    .await;
    for id in [20, 21] {
        durable(
            store,
            Write::SeekAdded {
                seek: SeekInfo {
                    seek_id: SeekId(id),
                    by: players[0].clone(),
                    settings: MatchSettings::default(),
                    rating: None,
                    rating_range: Some(RatingRange {
                        min: Some(1400.0),
                        max: None,
                    }),
                },
                code: (id == 21).then(|| "k3y".to_owned()),
            },
        )
        .await;
    }
    durable(store, Write::SeekRemoved { id: 20 }).await;
    // Tournament 40 goes on; 41 is over with its last step.
    for (tournament_id, steps) in [(40, 3), (41, 2)] {
        for seq in 0..steps {
            store
                .store_tournament_step(StepRow {
                    tournament_id,
                    seq,
                    json: format!(r#"{{"step":{seq}}}"#),
                    over: tournament_id == 41 && seq == steps - 1,
                })
                .await
                .expect("stored");
        }
    }
    durable(store, Write::Sequence { next_free: 500 }).await;
    durable(store, Write::Sequence { next_free: 300 }).await;
}

/// What `fill` stored, as a journal gives it back.
async fn check(store: &Store) {
    let loaded = store.load().await.expect("loads");
    let mut players: Vec<_> = loaded
        .players
        .iter()
        .map(|p| {
            (
                p.id,
                p.name.clone(),
                p.token_sha256[0],
                p.last_seen_ms,
                p.played,
            )
        })
        .collect();
    players.sort();
    assert_eq!(
        players,
        [
            (1, "Ann".to_owned(), 1, 1_000, true),
            (2, "Bob".to_owned(), 2, 9_000, true)
        ]
    );
    assert_eq!(loaded.next_free, 500, "the sequence only goes up");
    assert_eq!(
        loaded.tournaments,
        [(
            40,
            vec![
                r#"{"step":0}"#.to_owned(),
                r#"{"step":1}"#.to_owned(),
                r#"{"step":2}"#.to_owned()
            ]
        )],
        "a tournament not over, its steps in order; none that is over"
    );
    let live: Vec<_> = loaded
        .matches
        .iter()
        .map(|(id, events)| (*id, events.iter().map(|e| e.version).collect::<Vec<_>>()))
        .collect();
    assert_eq!(live, [(11, vec![1, 2])], "only the live match is restored");
    assert_eq!(loaded.matches[0].1[1].json, r#"{"v":2}"#);
    assert_eq!(loaded.matches[0].1[1].at_us, 2_000_000);
    let seeks: Vec<_> = loaded
        .seeks
        .iter()
        .map(|s| (s.id, s.player, s.code.clone(), s.rating_range_json.clone()))
        .collect();
    assert_eq!(
        seeks,
        [(
            21,
            1,
            Some("k3y".to_owned()),
            Some(r#"{"min":1400.0}"#.to_owned())
        )]
    );
    let mut ratings: Vec<_> = loaded
        .ratings
        .iter()
        .map(|(id, pool, r)| (id.0, pool.variant, r.rating, r.games))
        .collect();
    ratings.sort_by_key(|r| r.0);
    assert_eq!(
        ratings,
        [
            (1, Variant::Mangala, 1580.0, 8),
            (2, Variant::Mangala, 1420.0, 8)
        ]
    );

    let Some(ArchivedRows::Found(header, events)) =
        store.archived_match(10, None).await.expect("reads")
    else {
        panic!("match 10 is archived");
    };
    assert_eq!(header.players, [(1, "Ann".into()), (2, "Bob".into())]);
    assert_eq!(header.first_seat, Some(1));
    assert_eq!(header.started_ms, 1_000);
    assert_eq!(header.ended_ms, Some(6_000));
    assert_eq!(header.end_reason.as_deref(), Some("decided"));
    assert_eq!(header.points, Some([2.5, 0.5]));
    assert_eq!(header.winner, Some(0));
    assert_eq!(header.events, 6);
    assert_eq!(
        events.iter().map(|e| e.version).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert!(matches!(
        store.archived_match(10, Some(6)).await.expect("reads"),
        Some(ArchivedRows::Unchanged(_))
    ));
    assert!(matches!(
        store.archived_match(11, Some(1)).await.expect("reads"),
        Some(ArchivedRows::Found(_, ref events)) if events.len() == 2
    ));
    assert!(matches!(
        store.archived_match(99, None).await.expect("reads"),
        Some(ArchivedRows::Missing)
    ));
    assert_eq!(
        store
            .match_events(11)
            .await
            .expect("reads")
            .map(|events| events.len()),
        Some(2)
    );

    let page = |before, limit| MatchPage { before, limit };
    let found = store
        .player_matches("bob".into(), page(None, 10))
        .await
        .expect("reads")
        .flatten()
        .expect("Bob is known");
    assert_eq!(found.name, "Bob");
    assert_eq!(
        found.matches.iter().map(|m| m.id).collect::<Vec<_>>(),
        [11, 10],
        "newest first"
    );
    let older = store
        .player_matches("bob".into(), page(Some(11), 10))
        .await
        .expect("reads")
        .flatten()
        .expect("Bob is known");
    assert_eq!(older.matches.iter().map(|m| m.id).collect::<Vec<_>>(), [10]);
    assert!(
        store
            .player_matches("nobody".into(), page(None, 10))
            .await
            .expect("reads")
            .flatten()
            .is_none()
    );

    let profile = store.profile(2, 1, 10).await.expect("reads");
    assert_eq!(
        (
            profile.record.games.won,
            profile.record.games.lost,
            profile.record.games.drawn
        ),
        (0, 2, 1),
        "Bob's games, seen from his seat"
    );
    assert_eq!(
        (profile.record.matches.won, profile.record.matches.lost),
        (0, 1)
    );
    assert_eq!(profile.matches.len(), 1, "the most recent only");
    assert_eq!(profile.history.len(), 1);
    assert_eq!(profile.history[0].before, 1500.0);
    assert_eq!(profile.history[0].rating, 1420.0);
    assert_eq!(profile.history[0].games, 5, "games the match counted");
}

/// A name forgotten is free and its token names nobody; a new token and a
/// password replace the old; a player with a password is never forgotten
/// (a node that still took him for a guest may ask).
async fn accounts(store: &Store) {
    durable(
        store,
        Write::Token {
            id: 1,
            token_sha256: [7; 32],
        },
    )
    .await;
    durable(
        store,
        Write::Password {
            id: 1,
            hash: "$argon2id$test".to_owned(),
        },
    )
    .await;
    durable(store, Write::Forget { id: 2 }).await;
    durable(store, Write::Forget { id: 1 }).await;
    let loaded = store.load().await.expect("loads");
    let players: Vec<_> = loaded
        .players
        .iter()
        .map(|p| (p.id, p.token_sha256[0], p.password.clone()))
        .collect();
    assert_eq!(players, [(1, 7, Some("$argon2id$test".to_owned()))]);
    assert!(
        store
            .player_matches(
                "bob".into(),
                MatchPage {
                    before: None,
                    limit: 5
                }
            )
            .await
            .expect("reads")
            .flatten()
            .is_none(),
        "a forgotten name names nobody"
    );
}

/// A batch with a write the database refuses fails as a whole: nothing
/// of it is stored, and the journal goes on taking writes.
async fn refusal(store: &Store) {
    let players = [player(1, "Ann"), player(2, "Bob")];
    let started_again = store.write(Write::Events {
        match_id: 11,
        rows: vec![
            row(3, Header::Unchanged),
            row(
                4,
                Header::Started {
                    players,
                    settings_json: "{}".to_owned(),
                },
            ),
        ],
        settle: false,
        rated: None,
    });
    assert!(
        started_again.durable().await.is_err(),
        "match 11 has its header row already"
    );
    let events = store.match_events(11).await.expect("reads").expect("kept");
    assert_eq!(
        events.iter().map(|e| e.version).collect::<Vec<_>>(),
        [1, 2],
        "nothing of the refused write"
    );
    durable(
        store,
        Write::Events {
            match_id: 11,
            rows: vec![row(3, Header::Unchanged)],
            settle: false,
            rated: None,
        },
    )
    .await;
    let events = store.match_events(11).await.expect("reads").expect("kept");
    assert_eq!(events.len(), 3, "the journal takes writes again");
}

async fn suite(subject: Subject) {
    fill(&subject.store).await;
    check(&subject.store).await;
    let store = reopen(&subject).await;
    check(&store).await;
    accounts(&store).await;
    refusal(&store).await;
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sqlite_journal_keeps_its_promises() {
    suite(sqlite().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_journal_keeps_its_promises() {
    suite(postgres().await).await;
}

/// A node of `server`'s database `name`, its leases lasting `lease_ms`.
async fn node(server: &tests::Postgres, database: &str, name: &str, lease_ms: u64) -> Store {
    let options = StoreOptions {
        node: name.to_owned(),
        lease_ms,
        ..options(server.url(database))
    };
    Store::open(&options, Arc::new(Metrics::default()))
        .await
        .unwrap_or_else(|e| panic!("the journal opens: {e}"))
}

/// A node started again under the same name claims, on request, a live
/// match its previous run let go (its lease lapsed under that name): the
/// clients the stopping run sent away ask for it here.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_started_again_under_its_name_takes_a_match_its_last_run_let_go() {
    let server = tests::Postgres::start();
    server.create_database("again");
    // The first run's leases lapse as soon as they are written.
    let first = node(&server, "again", "node-a", 0).await;
    let started = Header::Started {
        players: [player(1, "Ann"), player(2, "Bob")],
        settings_json: "{}".to_owned(),
    };
    let write = Write::Events {
        match_id: 7,
        rows: vec![row(1, started)],
        settle: false,
        rated: None,
    };
    durable(&first, write).await;
    first.close().await;

    let again = node(&server, "again", "node-a", 60_000).await;
    let events = again.claim_match(7).await.expect("claims");
    assert_eq!(
        events.map(|events| events.len()),
        Some(1),
        "the match is taken with its events"
    );
    assert_eq!(
        again.claim_match(7).await.expect("claims").map(|e| e.len()),
        None,
        "and held: a second claim finds the lease taken"
    );
}

/// Two nodes on one database: a node whose lease on a match lapsed loses
/// the match to the other, which claims it with the next epoch; from then
/// on the first node's writes to it are refused (fencing) and its renewal
/// says it lost it. Ids the two reserve never overlap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_lost_a_match_can_never_write_to_it_again() {
    let server = tests::Postgres::start();
    server.create_database("fencing");
    // Node a's leases lapse as soon as they are written.
    let a = node(&server, "fencing", "node-a", 0).await;
    let players = [player(1, "Ann"), player(2, "Bob")];
    let started = Header::Started {
        players,
        settings_json: "{}".to_owned(),
    };
    let events = |rows| Write::Events {
        match_id: 7,
        rows,
        settle: false,
        rated: None,
    };
    durable(&a, events(vec![row(1, started)])).await;
    durable(&a, events(vec![row(2, Header::Unchanged)])).await;

    let b = node(&server, "fencing", "node-b", 60_000).await;
    let taken = b.claim_orphans(10).await.expect("claims");
    assert_eq!(
        taken
            .iter()
            .map(|(id, events)| (*id, events.len()))
            .collect::<Vec<_>>(),
        [(7, 2)],
        "node b takes the match whose lease lapsed, with its events"
    );
    // Node b writes on first: node a's write would also collide with it.
    durable(&b, events(vec![row(3, Header::Unchanged)])).await;
    let refused = a
        .write(events(vec![row(3, Header::Unchanged)]))
        .durable()
        .await;
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| matches!(**e, StoreError::Fenced { match_id: 7 })),
        "node a may not write to it any more: {:?}",
        refused.err().map(|e| e.to_string())
    );
    assert_eq!(
        a.renew_leases().await.expect("renews"),
        [7],
        "a hears it lost it"
    );
    assert!(
        a.claim_orphans(10).await.expect("claims").is_empty(),
        "b's lease holds"
    );
    assert_eq!(
        a.match_owner(7).await.expect("reads").as_deref(),
        Some("node-b"),
        "node a forwards requests for the match to node b"
    );
    assert_eq!(
        b.match_owner(7).await.expect("reads"),
        None,
        "node b serves it itself"
    );
    let stored = b.match_events(7).await.expect("reads").expect("kept");
    assert_eq!(
        stored.iter().map(|e| e.version).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let Ok(Some(ArchivedRows::Found(header, _))) = b.archived_match(7, None).await else {
        panic!("match 7 is in the archive");
    };
    assert_eq!(
        header.owner.as_deref(),
        Some("node-b"),
        "the archive names its node"
    );

    // Node b ends it: the lease row goes with the end, the writes of its
    // linger need none, and an ended match is not taken for lost.
    let ended = Header::Ended {
        reason: "decided".to_owned(),
        points: [1.0, 0.0],
        winner: Some(0),
    };
    let settled = |rows| Write::Events {
        match_id: 7,
        rows,
        settle: true,
        rated: None,
    };
    durable(&b, settled(vec![row(4, ended)])).await;
    assert_eq!(
        a.match_owner(7).await.expect("reads"),
        None,
        "an ended match is nobody's to forward to"
    );
    assert_eq!(
        server
            .query("fencing", "SELECT count(*) FROM leases")
            .trim(),
        "0"
    );
    durable(&b, settled(vec![row(5, Header::Unchanged)])).await;
    assert!(b.renew_leases().await.expect("renews").is_empty());

    let (from_a, from_b) = (
        a.reserve_ids(1_000).await.expect("reserves"),
        b.reserve_ids(1_000).await.expect("reserves"),
    );
    assert!(
        from_a + 1_000 <= from_b || from_b + 1_000 <= from_a,
        "blocks {from_a} and {from_b} overlap"
    );
    a.close().await;
    b.close().await;
}

/// Two nodes on one database: the node that creates a tournament runs it;
/// once its hold lapses the other claims it with its steps, and from then
/// on the first node's steps of it are refused (fencing) and its renewal
/// says it lost it. A tournament that is over is nobody's to claim.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_lost_a_tournament_can_never_store_a_step_of_it_again() {
    let server = tests::Postgres::start();
    server.create_database("runners");
    // Node a's hold lapses as soon as it is written.
    let a = node(&server, "runners", "node-a", 0).await;
    let step = |tournament_id, seq, over| StepRow {
        tournament_id,
        seq,
        json: format!(r#"{{"step":{seq}}}"#),
        over,
    };
    let stored = |store: &Store, row: StepRow| {
        let store = store.clone();
        async move { store.store_tournament_step(row).await }
    };
    for row in [step(40, 0, false), step(40, 1, false), step(41, 0, false)] {
        stored(&a, row).await.expect("node a runs what it created");
    }
    let runner = a.tournament_runner(40).await.expect("reads");
    assert_eq!(
        runner,
        Some(TournamentRunner {
            node: "node-a".to_owned(),
            over: false
        })
    );

    let b = node(&server, "runners", "node-b", 60_000).await;
    let taken = b.claim_tournaments(10).await.expect("claims");
    assert_eq!(
        taken,
        [
            (
                40,
                vec![r#"{"step":0}"#.to_owned(), r#"{"step":1}"#.to_owned()]
            ),
            (41, vec![r#"{"step":0}"#.to_owned()])
        ],
        "node b takes both, each with its steps in order"
    );
    stored(&b, step(40, 2, false))
        .await
        .expect("node b runs it");
    let refused = stored(&a, step(40, 2, false)).await;
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| matches!(**e, StoreError::TournamentMoved { tournament_id: 40 })),
        "node a may not store a step of it any more: {:?}",
        refused.err().map(|e| e.to_string())
    );
    assert_eq!(
        a.renew_runners().await.expect("renews"),
        [41],
        "node a hears it lost the other (the refusal told it of the first)"
    );
    assert!(
        stored(&a, step(41, 1, false)).await.is_err(),
        "nor of the other"
    );
    assert!(
        a.claim_tournaments(10).await.expect("claims").is_empty(),
        "node b's hold holds"
    );
    assert_eq!(
        a.tournament_steps(40, 0).await.expect("reads"),
        [r#"{"step":0}"#, r#"{"step":1}"#, r#"{"step":2}"#],
        "node b's step stands"
    );

    // Node b ends one: its row stays, naming b, and nobody claims it.
    stored(&b, step(41, 1, true)).await.expect("node b ends it");
    assert!(b.renew_runners().await.expect("renews").is_empty());
    assert_eq!(
        a.tournament_runner(41).await.expect("reads"),
        Some(TournamentRunner {
            node: "node-b".to_owned(),
            over: true
        })
    );
    b.close().await;
    let c = node(&server, "runners", "node-c", 60_000).await;
    let taken: Vec<u64> = c
        .claim_tournaments(10)
        .await
        .expect("claims")
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(
        taken,
        [40],
        "node b let its tournament go as it stopped, not the one over"
    );
}
