//! Hostile and broken clients, each beside an honest match that must finish
//! exactly as it finishes on a quiet server: the same score, the same games,
//! every accepted move played once and in order, seen so by a spectator.
//!
//! The honest match is driven to its middle, then waits until the hostile
//! side has done one whole round of its mischief (so every case runs while a
//! game is live), and plays on while the mischief goes on to the end.

use protocol::rules::Ruleset;
use protocol::wire::{ErrorCode, MatchId, Seat, ServerMsg, close};
use serde_json::{Value, json};
use std::future::Future;
use tests::{
    Client, Config, Driver, MatchOutcome, TestServer, count_panics, lowest, panics_seen,
    seek_match, watch_to_the_end,
};
use tokio::io::AsyncWriteExt;
use tokio::sync::{oneshot, watch};

/// The honest match: five games of Mangala, each side playing its lowest house.
fn honest_settings() -> Value {
    json!({"ruleset": {"variant": "mangala"}, "games": 5})
}

/// The event after which the honest match waits for the hostile side's first round.
const MIDPOINT: u64 = 20;

/// What the hostile side knows and is told.
struct Arena<'s> {
    /// The server.
    server: &'s TestServer,
    /// The honest match, to aim at.
    match_id: MatchId,
    done: watch::Receiver<bool>,
    ready: Option<oneshot::Sender<()>>,
}

impl Arena<'_> {
    /// Whether the honest match is still being played.
    fn running(&self) -> bool {
        !*self.done.borrow()
    }

    /// One whole round of mischief is done; the honest match may go on.
    fn round_done(&mut self) {
        if let Some(ready) = self.ready.take() {
            let _ = ready.send(());
        }
    }
}

/// How the honest match ends on a quiet server: its outcome, its moves, and
/// who was drawn to move first.
async fn quiet_reference() -> (MatchOutcome, Vec<(u8, u8)>, Seat) {
    let server = TestServer::start().await;
    let (mut ann, mut bob, match_id) = seek_match(&server, ["ann", "bob"], honest_settings()).await;
    let mut driver = Driver::new(match_id, Ruleset::Mangala, lowest);
    let outcome = driver
        .run([&mut ann, &mut bob], None)
        .await
        .expect("the match ends");
    let moves = driver.accepted_moves().to_vec();
    let first = driver.first_mover().expect("a game started");
    server.stop().await;
    (outcome, moves, first)
}

/// Run `hostile` against `server` while an honest match is played on it,
/// and check the match ends as it does on a quiet server, that no task
/// panicked, and that no connection, spectator or match was left behind.
async fn beside_an_honest_match<'s, F, Fut>(server: &'s TestServer, hostile: F)
where
    F: FnOnce(Arena<'s>) -> Fut,
    Fut: Future<Output = ()>,
{
    count_panics();
    let panics_before = panics_seen();
    let (reference, reference_moves, reference_first) = quiet_reference().await;

    let (mut ann, mut bob, match_id) =
        seek_match(server, ["honest-ann", "honest-bob"], honest_settings()).await;
    let mut carol = Client::join(server, "honest-carol").await;
    let (done_tx, done) = watch::channel(false);
    let (ready, ready_rx) = oneshot::channel();
    let honest = async {
        let played = async {
            let mut driver = Driver::new(match_id, Ruleset::Mangala, lowest);
            assert!(
                driver
                    .run([&mut ann, &mut bob], Some(MIDPOINT))
                    .await
                    .is_none(),
                "the match is still on at its midpoint"
            );
            ready_rx.await.expect("the hostile side finished a round");
            let outcome = driver
                .run([&mut ann, &mut bob], None)
                .await
                .expect("the match ends");
            // The moves depend on who moves first, not on which seat that is.
            let outcome = if driver.first_mover() == Some(reference_first) {
                outcome
            } else {
                outcome.mirrored()
            };
            (outcome, driver.accepted_moves().to_vec())
        };
        let watched = watch_to_the_end(&mut carol, match_id);
        let ((outcome, moves), seen) = tokio::join!(played, watched);
        let _ = done_tx.send(true);
        (outcome, moves, seen)
    };
    let arena = Arena {
        server,
        match_id,
        done,
        ready: Some(ready),
    };
    let ((outcome, moves, seen), ()) = tokio::join!(honest, hostile(arena));

    assert_eq!(outcome, reference, "the same outcome as on a quiet server");
    assert_eq!(outcome.points, outcome.points_from_games);
    assert_eq!(moves, reference_moves, "the same moves were accepted");
    assert_eq!(seen, moves, "the spectator saw every accepted move, once");
    assert_eq!(panics_seen(), panics_before, "nothing panicked");

    // Nothing left behind: the three honest connections, no spectator of a
    // finished match, and the honest match's seats free again.
    ann.leave().await;
    bob.leave().await;
    carol.leave().await;
    server
        .settled_metric("mancala_connections_open", |v| v == 0.0)
        .await;
    server
        .settled_metric("mancala_spectators", |v| v == 0.0)
        .await;
}

/// A small reproducible generator of junk (xorshift64*).
struct Junk(u64);

impl Junk {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn bytes(&mut self, max: usize) -> Vec<u8> {
        let len = (self.next() as usize) % max;
        (0..len).map(|_| self.next() as u8).collect()
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() as usize) % items.len()]
    }
}

/// A frame of garbage and the error codes that may answer it.
fn garbage(junk: &mut Junk, match_id: MatchId) -> (Result<String, Vec<u8>>, &'static [ErrorCode]) {
    const BAD_JSON: &[ErrorCode] = &[ErrorCode::Malformed];
    const BAD_SHAPE: &[ErrorCode] = &[
        ErrorCode::Malformed,
        ErrorCode::UnknownType,
        ErrorCode::InvalidField,
    ];
    match junk.next() % 6 {
        0 => (
            Ok(String::from_utf8_lossy(&junk.bytes(200)).into_owned() + "}"),
            BAD_JSON,
        ),
        1 => (Err(junk.bytes(300)), &[ErrorCode::BinaryFrame]),
        2 => (
            Ok(junk
                .pick(&[
                    "null",
                    "[]",
                    "42",
                    "\"move\"",
                    "{}",
                    "{\"type\": 7}",
                    "{\"type\": null}",
                ])
                .to_string()),
            BAD_SHAPE,
        ),
        3 => {
            let depth = 100 + junk.next() as usize % 900;
            (Ok("[".repeat(depth) + &"]".repeat(depth)), BAD_SHAPE)
        }
        4 => {
            let kind = junk.pick(&["teleport", "Move", "move ", "", "hello\u{0}"]);
            (Ok(json!({"type": kind, "id": 1}).to_string()), BAD_SHAPE)
        }
        _ => {
            // Known types with the wrong kind of fields.
            let options = [
                json!({"type": "move", "match_id": "one", "game": 1, "ply": 1, "house": 1}),
                json!({"type": "move", "match_id": match_id, "game": -1, "ply": 1, "house": 1}),
                json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 300}),
                json!({"type": "watch", "match_id": [match_id]}),
                json!({"type": "seek_create", "settings": {"games": "five"}}),
                json!({"type": "chat", "match_id": match_id, "text": 5}),
                json!({"type": "resign"}),
            ];
            (Ok(junk.pick(&options).to_string()), BAD_SHAPE)
        }
    }
}

#[tokio::test]
async fn random_bytes_and_garbage_json() {
    // Each frame's answer is checked here; what a budget of refusals does
    // to such a client is `limits.rs`'s.
    let server = TestServer::with_config(Config {
        max_refused: 1_000_000,
        ..Config::default()
    })
    .await;
    let mut mallory = Client::join(&server, "mallory").await;
    let mut anon = Client::connect(&server).await;
    beside_an_honest_match(&server, |mut arena| async move {
        let mut junk = Junk(0x0005_EED0_FBAD_DA7A);
        let mut frames = 0;
        while arena.running() || frames < 300 {
            let (frame, codes) = garbage(&mut junk, arena.match_id);
            match frame {
                Ok(text) => mallory.send_text(&text).await,
                Err(bytes) => mallory.send_binary(bytes).await,
            }
            let answer = mallory
                .expect("an error", |m| matches!(m, ServerMsg::Error { .. }))
                .await;
            let ServerMsg::Error { code, .. } = answer else {
                unreachable!()
            };
            assert!(codes.contains(&code), "{code:?} is not one of {codes:?}");
            frames += 1;
            if frames == 300 {
                arena.round_done();
            }
        }
        // Garbage before hello is answered too, and hello still works after it.
        anon.send_text("\u{1}\u{2}not json").await;
        anon.expect_error(ErrorCode::Malformed).await;
        anon.send_binary(vec![0xff; 64]).await;
        anon.expect_error(ErrorCode::BinaryFrame).await;
        anon.hello("anon").await;
        // The connection that sent it all still works.
        let id = mallory.request(json!({"type": "lobby_subscribe"})).await;
        assert!(matches!(
            mallory.reply(id).await,
            ServerMsg::LobbySnapshot { .. }
        ));
        mallory.leave().await;
        anon.leave().await;
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn frames_over_the_limit() {
    let server = TestServer::with_config(Config {
        max_frame_bytes: 1024,
        ..Config::default()
    })
    .await;
    beside_an_honest_match(&server, |mut arena| async move {
        let mut closed = 0;
        while arena.running() || closed < 20 {
            let mut big = Client::connect(arena.server).await;
            if closed % 2 == 0 {
                big.hello(&format!("big{closed}")).await;
            }
            let text =
                json!({"type": "chat", "match_id": arena.match_id, "text": "x".repeat(2000)});
            big.try_send_text(&text.to_string()).await;
            let frame = big.closed().await.expect("a close frame");
            assert_eq!(u16::from(frame.code), close::TOO_BIG);
            closed += 1;
            if closed == 20 {
                arena.round_done();
            }
        }
    })
    .await;
    server.stop().await;
}

/// Messages of every kind of traffic, valid as JSON and as messages.
fn flood_message(n: usize, match_id: MatchId) -> Value {
    match n % 5 {
        0 => json!({"type": "pool_leave", "id": n}),
        1 => json!({"type": "watch", "match_id": match_id, "id": n}),
        2 => {
            json!({"type": "move", "match_id": match_id, "game": 1, "ply": 1, "house": 1, "id": n})
        }
        3 => json!({"type": "lobby_subscribe", "id": n}),
        _ => json!({"type": "unwatch", "match_id": match_id, "id": n}),
    }
}

#[tokio::test]
async fn a_flood_of_valid_messages() {
    let server = TestServer::start().await;
    beside_an_honest_match(&server, |mut arena| async move {
        let mut floods = 0;
        while arena.running() || floods < 3 {
            let mut flooder = Client::connect(arena.server).await;
            flooder.hello(&format!("flooder{floods}")).await;
            // Thousands of messages without reading a single answer.
            let mut sent = 0;
            while sent < 5000 {
                if !flooder
                    .try_send_text(&flood_message(sent, arena.match_id).to_string())
                    .await
                {
                    break;
                }
                sent += 1;
            }
            // The server either answered past the budgets with rate_limited,
            // or closed the connection for not reading (policy, "too slow").
            match flooder.closed_or_error(ErrorCode::RateLimited).await {
                Ok(()) => {}
                Err(frame) => {
                    let frame = frame.expect("a close frame");
                    assert_eq!(u16::from(frame.code), close::POLICY);
                    assert!(frame.reason.contains("too slow"), "{}", frame.reason);
                }
            }
            floods += 1;
            if floods == 3 {
                arena.round_done();
            }
        }
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn clients_that_never_say_hello() {
    let server = TestServer::with_config(Config {
        hello_timeout_ms: 300,
        handshake_timeout_ms: 300,
        ..Config::default()
    })
    .await;
    beside_an_honest_match(&server, |mut arena| async move {
        let mut rounds = 0;
        while arena.running() || rounds < 1 {
            // Twenty WebSocket connections that never say hello...
            let mut silent = Vec::new();
            for _ in 0..20 {
                silent.push(Client::connect(arena.server).await);
            }
            // ...and twenty that never finish their HTTP request (slowloris).
            let mut half = Vec::new();
            for _ in 0..20 {
                let mut raw = tokio::net::TcpStream::connect(arena.server.addr)
                    .await
                    .expect("connect");
                raw.write_all(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgr")
                    .await
                    .expect("write");
                half.push(raw);
            }
            for client in &mut silent {
                let frame = client.closed().await.expect("a close frame");
                assert_eq!(u16::from(frame.code), close::POLICY);
                assert_eq!(frame.reason.as_str(), "no hello in time");
            }
            for raw in &mut half {
                let mut rest = Vec::new();
                let read = tokio::time::timeout(
                    tests::WAIT,
                    tokio::io::AsyncReadExt::read_to_end(raw, &mut rest),
                )
                .await;
                assert!(read.is_ok(), "the server hung up on a half request");
            }
            rounds += 1;
            arena.round_done();
        }
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn a_spectator_that_never_reads() {
    let server = TestServer::with_config(Config {
        outbox_bytes: 16 * 1024,
        watch_rate: 1_000_000,
        ..Config::default()
    })
    .await;
    let mut lurker = Client::connect_with_small_window(&server).await;
    lurker.hello("lurker").await;
    beside_an_honest_match(&server, |mut arena| async move {
        let server = arena.server;
        let match_id = arena.match_id;
        lurker
            .send(json!({"type": "watch", "match_id": match_id}))
            .await;
        // The lurker reads nothing more, and asks for the match's snapshot
        // again and again, until its queue is full and the server gives up.
        let mut asked = 0;
        while server.metric("mancala_queue_drops_total").await == 0.0 {
            assert!(
                asked < 100_000,
                "{asked} snapshots and the lurker was not closed"
            );
            let unwatch = json!({"type": "unwatch", "match_id": match_id}).to_string();
            let watch = json!({"type": "watch", "match_id": match_id}).to_string();
            for _ in 0..200 {
                // Once the server has closed it, sending fails: that is the point.
                let _ = lurker.try_send_text(&unwatch).await && lurker.try_send_text(&watch).await;
            }
            asked += 200;
        }
        server
            .settled_metric("mancala_closes_total{reason=\"too_slow\"}", |v| v == 1.0)
            .await;
        // Its connection is gone while it still reads nothing: only the
        // honest three remain.
        server
            .settled_metric("mancala_connections_open", |v| v == 3.0)
            .await;
        arena.round_done();
        // What it finally reads ends without a normal goodbye.
        if let Some(frame) = lurker.closed().await {
            assert_eq!(u16::from(frame.code), close::POLICY);
        }
        // The honest match goes on beside the closed lurker.
        while arena.running() {
            let _ = arena.done.changed().await;
        }
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn a_thousand_connections_opened_and_dropped_at_once() {
    let server = TestServer::with_config(Config {
        max_connections_per_ip: 5000,
        hello_burst_per_ip: 5000,
        guests_per_ip_per_hour: 100_000,
        ..Config::default()
    })
    .await;
    beside_an_honest_match(&server, |mut arena| async move {
        let server = arena.server;
        let mut rounds = 0;
        while arena.running() || rounds < 1 {
            let attempts = (0..1000).map(|i| async move {
                match i % 4 {
                    // Signed in, then gone without a goodbye.
                    0 => {
                        let mut client = Client::connect(server).await;
                        client.hello(&format!("drop{rounds}x{i}")).await;
                        drop(client);
                    }
                    // Upgraded, then gone.
                    1 => drop(Client::connect(server).await),
                    // Half an HTTP request, then gone.
                    2 => {
                        let mut raw = tokio::net::TcpStream::connect(server.addr)
                            .await
                            .expect("connect");
                        let _ = raw.write_all(b"GET /ws HTTP/1.1\r\nHo").await;
                    }
                    // Connected, then gone.
                    _ => drop(
                        tokio::net::TcpStream::connect(server.addr)
                            .await
                            .expect("connect"),
                    ),
                }
            });
            futures_util::future::join_all(attempts).await;
            // Every one of them is let go: only the honest three stay open.
            server
                .settled_metric("mancala_connections_open", |v| v == 3.0)
                .await;
            rounds += 1;
            arena.round_done();
        }
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn impostors_and_guessed_tokens() {
    let server = TestServer::with_config(Config {
        max_refused: 1_000_000,
        hello_burst: 1_000_000,
        hello_burst_per_ip: 1_000_000,
        ..Config::default()
    })
    .await;
    let mut dave = Client::join(&server, "dave").await;
    beside_an_honest_match(&server, |mut arena| async move {
        let match_id = arena.match_id;
        let mut rounds = 0;
        while arena.running() || rounds < 1 {
            // Everything a player of the honest match may do, sent by someone who is not.
            for game in 1..=2 {
                for ply in 1..=3 {
                    for house in 1..=6 {
                        dave.send(json!({"type": "move", "match_id": match_id, "game": game, "ply": ply, "house": house}))
                            .await;
                        dave.expect_error(ErrorCode::NotAPlayer).await;
                    }
                }
            }
            for kind in [
                "resign",
                "abort",
                "forfeit",
                "draw_offer",
                "draw_accept",
                "draw_decline",
                "claim",
                "rematch_offer",
                "rematch_accept",
                "rematch_decline",
            ] {
                dave.send(json!({"type": kind, "match_id": match_id})).await;
                dave.expect_error(ErrorCode::NotAPlayer).await;
            }
            // Nor can he speak in the players' chat, or as a spectator without watching.
            dave.send(json!({"type": "chat", "match_id": match_id, "text": "gg"}))
                .await;
            dave.expect_error(ErrorCode::NotWatching).await;
            // Guessed tokens, on fresh connections.
            for guess in [
                "00000000000000000000000000000000".to_string(),
                format!("{:032x}", rounds * 7919 + 1),
                "../../etc/passwd".to_string(),
                "x".repeat(64),
            ] {
                let mut guesser = Client::connect(arena.server).await;
                guesser
                    .send(json!({"type": "hello", "protocol_version": protocol::wire::PROTOCOL_VERSION, "name": "guesser", "token": guess}))
                    .await;
                guesser.expect_error(ErrorCode::UnknownToken).await;
                guesser.leave().await;
            }
            rounds += 1;
            arena.round_done();
        }
        dave.leave().await;
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn repeated_stale_and_wrong_state_messages() {
    let server = TestServer::start().await;
    beside_an_honest_match(&server, |mut arena| async move {
        let server = arena.server;
        let mut rounds = 0;
        while arena.running() || rounds < 1 {
            // A move before hello.
            let mut early = Client::connect(server).await;
            early
                .send(json!({"type": "move", "match_id": arena.match_id, "game": 1, "ply": 1, "house": 1}))
                .await;
            early.expect_error(ErrorCode::HelloRequired).await;
            early.leave().await;

            // Accepting one's own seek, answering offers nobody made.
            let mut eve = Client::join(server, &format!("eve{rounds}")).await;
            let id = eve
                .request(json!({"type": "seek_create", "settings": honest_settings()}))
                .await;
            let ServerMsg::SeekCreated { seek, .. } = eve.reply(id).await else {
                panic!("the seek is created")
            };
            eve.send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
                .await;
            eve.expect_error(ErrorCode::OwnSeek).await;
            eve.send(json!({"type": "seek_cancel", "seek_id": seek.seek_id}))
                .await;
            let mut frank = Client::join(server, &format!("frank{rounds}")).await;
            let id = eve
                .request(json!({"type": "seek_create", "settings": honest_settings()}))
                .await;
            let ServerMsg::SeekCreated { seek, .. } = eve.reply(id).await else {
                panic!("the seek is created")
            };
            frank
                .send(json!({"type": "seek_accept", "seek_id": seek.seek_id}))
                .await;
            let (own_match, _) = tests::match_started(&mut eve).await;
            tests::match_started(&mut frank).await;
            eve.send(json!({"type": "draw_accept", "match_id": own_match}))
                .await;
            eve.expect_error(ErrorCode::NoDrawOffer).await;
            eve.send(json!({"type": "rematch_offer", "match_id": own_match}))
                .await;
            eve.expect_error(ErrorCode::MatchNotOver).await;

            // Their match, every move sent twice and once more with a stale
            // ply, still ends as a match should.
            let mut driver = Driver::new(own_match, Ruleset::Mangala, lowest).with_repeats();
            let outcome = driver
                .run([&mut eve, &mut frank], None)
                .await
                .expect("their match ends");
            assert_eq!(outcome.games, 5);
            assert_eq!(outcome.points, outcome.points_from_games);
            // And moves after the end, in the last game and the next.
            eve.send(json!({"type": "move", "match_id": own_match, "game": 5, "ply": 999, "house": 1}))
                .await;
            eve.expect_error(ErrorCode::MatchOver).await;
            eve.send(json!({"type": "move", "match_id": own_match, "game": 6, "ply": 1, "house": 1}))
                .await;
            eve.expect_error(ErrorCode::MatchOver).await;
            eve.leave().await;
            frank.leave().await;
            rounds += 1;
            arena.round_done();
        }
    })
    .await;
    server.stop().await;
}
