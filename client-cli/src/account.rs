//! `mancala password` (protect your name with a password) and `mancala
//! login` (sign in with it on this device: a new token, saved like any
//! other, so `mancala play --name NAME` is you from then on).

use crate::conn::{self, Incoming};
use crate::store::TokenStore;
use crate::text::{Text, t};
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use std::io::BufRead;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long the server has to answer.
const ANSWER: Duration = Duration::from_secs(20);

/// The password: one line of standard input with `from_stdin` (for
/// scripts), else typed at the terminal without echo (twice when `confirm`).
pub fn read_password(text: &Text, from_stdin: bool, confirm: bool) -> Result<String, String> {
    if from_stdin {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| t!(text, "password-unread", error = e.to_string()))?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    let typed = rpassword::prompt_password(t!(text, "password-prompt"))
        .map_err(|e| t!(text, "password-no-terminal", error = e.to_string()))?;
    if confirm {
        let again = rpassword::prompt_password(t!(text, "password-again"))
            .map_err(|e| t!(text, "password-unread", error = e.to_string()))?;
        if again != typed {
            return Err(t!(text, "passwords-differ"));
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
    text: &Text,
) -> Result<(), String> {
    if !(8..=256).contains(&password.len()) {
        return Err(t!(text, "password-length"));
    }
    let mut client = conn::Client::connect(url, name, store)
        .await
        .map_err(|e| e.say(text))?;
    client
        .send(ClientMsg::SetPassword { password })
        .await
        .map_err(|e| e.say(text))?;
    let answer = tokio::time::timeout(ANSWER, async {
        loop {
            match client.next().await.map_err(|e| e.say(text))? {
                Incoming::Msg(ServerMsg::Ok { .. }) => return Ok(()),
                Incoming::Msg(ServerMsg::Error { code, message, .. }) => {
                    return Err(text.refusal(code, &message));
                }
                _ => {}
            }
        }
    })
    .await
    .unwrap_or_else(|_| Err(t!(text, "no-answer")));
    client.close().await;
    answer?;
    println!("{}", t!(text, "password-set", name = name));
    Ok(())
}

/// Sign in as `name` with `password` and save the new token for it.
pub async fn login(
    url: &str,
    name: &str,
    password: String,
    store: Option<TokenStore>,
    text: &Text,
) -> Result<(), String> {
    let (mut socket, _) = tokio::time::timeout(ANSWER, tokio_tungstenite::connect_async(url))
        .await
        .map_err(|_| t!(text, "url-no-answer", url = url))?
        .map_err(|e| t!(text, "cannot-connect", url = url, error = e.to_string()))?;
    let hello = ClientMsg::Hello {
        protocol_version: PROTOCOL_VERSION,
        name: name.to_owned(),
        token: None,
        password: Some(password),
    };
    let frame = serde_json::to_string(&hello).map_err(|e| e.to_string())?;
    socket
        .send(Message::text(frame))
        .await
        .map_err(|e| e.to_string())?;
    let welcome = tokio::time::timeout(ANSWER, async {
        while let Some(message) = socket.next().await {
            let Ok(Message::Text(frame)) = message else {
                continue;
            };
            match serde_json::from_str::<ServerMsg>(&frame) {
                Ok(ServerMsg::Welcome { name, token, .. }) => return Ok((name, token)),
                Ok(ServerMsg::Error { code, message, .. }) => {
                    return Err(text.refusal(code, &message));
                }
                _ => {}
            }
        }
        Err(t!(text, "server-closed"))
    })
    .await
    .unwrap_or_else(|_| Err(t!(text, "no-answer")));
    let _ = socket.close(None).await;
    let (name, token) = welcome?;
    match store {
        Some(store) => {
            store.put(url, &name, &token);
            println!("{}", t!(text, "signed-in-saved", name = &name));
        }
        None => println!("{}", t!(text, "signed-in-unsaved", name = &name)),
    }
    Ok(())
}
