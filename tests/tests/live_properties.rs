//! Property tests against a live connection: arbitrary bytes, arbitrary JSON
//! and arbitrary sequences of well-formed but random messages, sent to a
//! real server beside an honest match. Whatever a case sends, the server
//! answers the next request or closes the connection with a policy code; it
//! never panics, and once every case has hung up no connection or spectator
//! is left behind and the honest match still plays to its end.

use proptest::prelude::*;
use protocol::rules::Ruleset;
use protocol::wire::{CLIENT_TYPES, MatchId, PROTOCOL_VERSION, ServerMsg, close};
use serde_json::{Map, Value, json};
use std::sync::atomic::{AtomicU64, Ordering};
use tests::{Client, Driver, TestServer, count_panics, lowest, panics_seen, seek_match};

/// One frame a hostile client may send.
#[derive(Clone, Debug)]
enum Frame {
    Text(String),
    Binary(Vec<u8>),
    Json(Value),
    Oversized,
}

/// Field names the server reads, plus one it does not.
const KEYS: &[&str] = &[
    "id",
    "match_id",
    "game",
    "ply",
    "house",
    "seek_id",
    "challenge_id",
    "player_id",
    "name",
    "token",
    "protocol_version",
    "settings",
    "text",
    "version",
    "private",
    "code",
    "unknown",
];

/// A value of any shape, leaning towards ones the server might accept.
fn field_value(honest: MatchId) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (0u64..8).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        Just(json!(honest)),
        Just(json!(PROTOCOL_VERSION)),
        "[a-z0-9_]{0,12}".prop_map(Value::from),
        any::<String>().prop_map(Value::from),
        Just(json!({"games": 5, "ruleset": {"variant": "kalah"}})),
        Just(json!({"time_control": {"kind": "real_time", "initial_ms": 1, "increment_ms": 0}})),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,10}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A message with a real or made-up type and random fields.
fn message(honest: MatchId) -> impl Strategy<Value = Value> {
    let kind = prop_oneof![
        9 => prop::sample::select(CLIENT_TYPES).prop_map(str::to_string),
        1 => "[a-z_]{0,12}",
    ];
    let fields = prop::collection::btree_map(prop::sample::select(KEYS), field_value(honest), 0..6);
    (kind, fields).prop_map(|(kind, fields)| {
        let mut object: Map<String, Value> = fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        object.insert("type".into(), Value::from(kind));
        Value::Object(object)
    })
}

fn frame(honest: MatchId) -> impl Strategy<Value = Frame> {
    prop_oneof![
        60 => message(honest).prop_map(Frame::Json),
        20 => any::<String>().prop_map(Frame::Text),
        10 => prop::collection::vec(any::<u8>(), 0..200).prop_map(Frame::Binary),
        10 => "[\\[\\]{}\":,0-9a-z ]{0,80}".prop_map(Frame::Text),
        1 => Just(Frame::Oversized),
    ]
}

/// The server and the honest match every case runs beside.
struct Stage {
    runtime: tokio::runtime::Runtime,
    server: TestServer,
    honest: (Client, Client, MatchId),
}

/// Request ids the generated frames never use (theirs are below 8 or random i64s).
static PROBE_ID: AtomicU64 = AtomicU64::new(u64::MAX / 2);

/// Send `frames` on a fresh connection, then check the server still answers
/// it (or closed it with a reason a client can act on).
async fn one_case(server: &TestServer, name: &str, hello_first: bool, frames: Vec<Frame>) {
    let mut client = Client::connect(server).await;
    if hello_first {
        client.hello(name).await;
    }
    let mut open = true;
    for frame in frames {
        open = match frame {
            Frame::Text(text) => client.try_send_text(&text).await,
            Frame::Json(value) => client.try_send_text(&value.to_string()).await,
            Frame::Binary(bytes) => client.try_send_binary(bytes).await,
            Frame::Oversized => client.try_send_text(&"x".repeat(64 * 1024)).await,
        };
        if !open {
            break;
        }
    }
    let probe = PROBE_ID.fetch_add(1, Ordering::Relaxed);
    if open {
        open = client
            .try_send_text(&json!({"type": "lobby_subscribe", "id": probe}).to_string())
            .await;
    }
    let answer = if open {
        client.reply_or_close(probe).await
    } else {
        Err(client.closed().await)
    };
    match answer {
        Ok(ServerMsg::LobbySnapshot { .. } | ServerMsg::Error { .. }) => {}
        Ok(other) => panic!("the probe got {other:?}"),
        Err(None) => {}
        Err(Some(frame)) => assert!(
            [close::POLICY, close::TOO_BIG, close::REPLACED].contains(&u16::from(frame.code)),
            "closed with {frame:?}"
        ),
    }
    client.leave().await;
}

fn stage() -> Stage {
    count_panics();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let (server, honest) = runtime.block_on(async {
        let server = TestServer::with_config(tests::Config {
            max_frame_bytes: 8 * 1024,
            // Every case signs new players in from this one address.
            guests_per_ip_per_hour: 100_000,
            ..tests::Config::default()
        })
        .await;
        let honest = seek_match(&server, ["ann", "bob"], json!({"games": 5})).await;
        (server, honest)
    });
    Stage {
        runtime,
        server,
        honest,
    }
}

#[test]
fn arbitrary_frames_on_a_live_connection_never_hurt() {
    let stage = stage();
    let honest_match = stage.honest.2;
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 160,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let case = AtomicU64::new(0);
    let strategy = (
        any::<bool>(),
        prop::collection::vec(frame(honest_match), 0..40),
    );
    let result = runner.run(&strategy, |(hello_first, frames)| {
        let name = format!("case{}", case.fetch_add(1, Ordering::Relaxed));
        stage
            .runtime
            .block_on(one_case(&stage.server, &name, hello_first, frames));
        prop_assert_eq!(panics_seen(), 0, "the server panicked");
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }

    // Every case hung up: no connection but the honest two, no spectator,
    // and the honest match plays to its end.
    let Stage {
        runtime,
        server,
        honest: (mut ann, mut bob, match_id),
    } = stage;
    runtime.block_on(async {
        server
            .settled_metric("mancala_connections_open", |v| v == 2.0)
            .await;
        server
            .settled_metric("mancala_spectators", |v| v == 0.0)
            .await;
        let outcome = Driver::new(match_id, Ruleset::Mangala, lowest)
            .run([&mut ann, &mut bob], None)
            .await
            .expect("the honest match ends");
        assert_eq!(outcome.games, 5);
        assert_eq!(outcome.points, outcome.points_from_games);
        server.stop().await;
    });
    assert_eq!(panics_seen(), 0, "the server panicked");
}
