//! The server's log never holds a token or a password, at any level: the
//! WebSocket library prints every frame at `trace`, and frames carry both.

use protocol::wire::{PROTOCOL_VERSION, ServerMsg};
use serde_json::json;
use std::path::Path;
use tests::{Client, ServerProcess};

const SERVER: &str = env!("CARGO_BIN_EXE_mancala-server");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_and_passwords_are_never_logged_even_at_trace() {
    let process =
        ServerProcess::start_logging(Path::new(SERVER), &["--database", ":memory:"], "trace");
    let server = process.server();
    let password = "correct horse battery staple";
    let mut ann = Client::join(&server, "ann").await;
    let id = ann
        .request(json!({"type": "set_password", "password": password}))
        .await;
    assert!(matches!(ann.reply(id).await, ServerMsg::Ok { .. }));
    let (mut again, _) = Client::rejoin(&server, &ann.token).await;
    let mut by_password = Client::connect(&server).await;
    by_password
        .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "ann", "password": password}))
        .await;
    let welcome = by_password
        .expect("welcome", |m| matches!(m, ServerMsg::Welcome { .. }))
        .await;
    let ServerMsg::Welcome { token, .. } = welcome else {
        unreachable!()
    };
    let id = again.request(json!({"type": "lobby_subscribe"})).await;
    again.reply_or_close(id).await.ok();
    // The filter was taken (the server logs at debug; the WebSocket
    // library, which would print every frame at trace, is held at debug).
    let first_token = ann.token.clone();
    drop((ann, again, by_password));
    let log = process.terminate_with_log("shutting down").join("\n");
    assert!(log.contains("DEBUG"), "{log}");
    for secret in [password, first_token.as_str(), token.as_str()] {
        assert!(!log.contains(secret), "{secret} is in the log");
    }
}
