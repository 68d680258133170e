//! `mancala password` (protect your name with a password) and `mancala
//! login` (sign in with it on this device: a new token, saved like any
//! other, so `mancala play --name NAME` is you from then on).

use crate::conn::{self, Incoming};
use crate::store::TokenStore;
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use std::io::BufRead;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long the server has to answer.
const ANSWER: Duration = Duration::from_secs(20);

/// The password: one line of standard input with `from_stdin` (for
/// scripts), else typed at the terminal without echo (twice when `confirm`).
pub fn read_password(from_stdin: bool, confirm: bool) -> Result<String, String> {
    if from_stdin {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the password: {e}"))?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    let typed = rpassword::prompt_password("Password: ").map_err(|e| {
        format!("cannot read a password from the terminal ({e}); use --password-stdin")
    })?;
    if confirm {
        let again = rpassword::prompt_password("Again: ")
            .map_err(|e| format!("cannot read the password: {e}"))?;
        if again != typed {
            return Err("the two passwords differ; nothing was changed".into());
        }
    }
    Ok(typed)
}

/// Set the password of `name` (signed in with its saved token).
pub async fn set_password(
    url: &str,
    name: &str,
    password: String,
    store: Option<TokenStore>,
) -> Result<(), String> {
    if !(8..=256).contains(&password.len()) {
        return Err("a password is 8 to 256 bytes".into());
    }
    let mut client = conn::Client::connect(url, name, store)
        .await
        .map_err(|e| e.to_string())?;
    client
        .send(ClientMsg::SetPassword { password })
        .await
        .map_err(|e| e.to_string())?;
    let answer = tokio::time::timeout(ANSWER, async {
        loop {
            match client.next().await.map_err(|e| e.to_string())? {
                Incoming::Msg(ServerMsg::Ok { .. }) => return Ok(()),
                Incoming::Msg(ServerMsg::Error { message, .. }) => return Err(message),
                _ => {}
            }
        }
    })
    .await
    .unwrap_or_else(|_| Err("the server did not answer".into()));
    client.close().await;
    answer?;
    println!(
        "{name} has a password now: the name is yours for good, and `mancala login --name {name}` signs in on any device"
    );
    Ok(())
}

/// Sign in as `name` with `password` and save the new token for it.
pub async fn login(
    url: &str,
    name: &str,
    password: String,
    store: Option<TokenStore>,
) -> Result<(), String> {
    let (mut socket, _) = tokio::time::timeout(ANSWER, tokio_tungstenite::connect_async(url))
        .await
        .map_err(|_| format!("{url} did not answer"))?
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    let hello = ClientMsg::Hello {
        protocol_version: PROTOCOL_VERSION,
        name: name.to_owned(),
        token: None,
        password: Some(password),
    };
    let text = serde_json::to_string(&hello).map_err(|e| e.to_string())?;
    socket
        .send(Message::text(text))
        .await
        .map_err(|e| e.to_string())?;
    let welcome = tokio::time::timeout(ANSWER, async {
        while let Some(message) = socket.next().await {
            let Ok(Message::Text(text)) = message else {
                continue;
            };
            match serde_json::from_str::<ServerMsg>(&text) {
                Ok(ServerMsg::Welcome { name, token, .. }) => return Ok((name, token)),
                Ok(ServerMsg::Error { message, .. }) => return Err(message),
                _ => {}
            }
        }
        Err("the server closed the connection".to_owned())
    })
    .await
    .unwrap_or_else(|_| Err("the server did not answer".into()));
    let _ = socket.close(None).await;
    let (name, token) = welcome?;
    match store {
        Some(store) => {
            store.put(url, &name, &token);
            println!("signed in as {name}; this device is {name} from now on");
        }
        None => println!("signed in as {name}, but there is nowhere to save the token"),
    }
    Ok(())
}
