//! The connection to the server: sign in (with the saved token when there
//! is one), send and receive typed messages, and after a dropped connection
//! reconnect by itself and catch up on every match.

use crate::model::Model;
use crate::store::TokenStore;
use futures_util::{SinkExt, StreamExt};
use protocol::wire::{ClientFrame, ClientMsg, ErrorCode, MatchId, PROTOCOL_VERSION, ServerMsg};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Why the client stopped.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server could not be reached (or reached again).
    #[error("cannot reach {url}: {reason}")]
    Unreachable {
        /// The server.
        url: String,
        /// What failed.
        reason: String,
    },
    /// The server refused to sign us in.
    #[error("the server refused to sign in: {0}")]
    Refused(String),
}

/// What [`Client::next`] brings.
// Lives briefly on the stack; boxing every message would cost an allocation each.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Incoming {
    /// A message from the server (already applied to the model).
    Msg(ServerMsg),
    /// The connection dropped and is back; matches are being caught up.
    Reconnected,
}

/// Tries to reconnect before giving up: about 40 s in all, enough for a
/// server to restart.
const RECONNECT_TRIES: u32 = 10;

/// How long to wait before reconnection attempt `attempt` (from 0): a
/// doubling step from 250 ms up to 5 s, of which a random share (`chance`,
/// 0 to 1) is waited beyond the first half, so that the thousands of
/// clients a restart cuts off at once do not all come back in the same
/// millisecond ("equal jitter").
fn backoff(attempt: u32, chance: f64) -> Duration {
    let step = Duration::from_millis(250)
        .saturating_mul(1 << attempt.min(5))
        .min(Duration::from_secs(5));
    step / 2 + step.mul_f64(chance.clamp(0.0, 1.0) / 2.0)
}

/// A signed-in connection with its model of the world.
pub struct Client {
    url: String,
    name: String,
    socket: Socket,
    store: Option<TokenStore>,
    /// Everything heard so far.
    pub model: Model,
    subscribed: bool,
    /// Why the server closed the connection, when it said so.
    closed_because: Option<(u16, String)>,
    /// Messages taken in by the model and not yet handed out by `next`.
    ready: std::collections::VecDeque<ServerMsg>,
    /// Requests that could not be sent because the connection had dropped;
    /// sent once it is back (moves excepted, see `next`).
    pending: Vec<ClientMsg>,
    /// The live matches the last `welcome` listed: each is resumed, since
    /// the server sends a returning player a match's events only then.
    welcomed_to: Vec<MatchId>,
}

async fn open(url: &str) -> Result<Socket, ClientError> {
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(socket, _)| socket)
        .map_err(|e| ClientError::Unreachable {
            url: url.to_owned(),
            reason: e.to_string(),
        })
}

impl Client {
    /// Connect to `url` and sign in as `name`, or as the player of the token
    /// saved for that server and name.
    pub async fn connect(
        url: &str,
        name: &str,
        store: Option<TokenStore>,
    ) -> Result<Client, ClientError> {
        let socket = open(url).await?;
        let mut client = Client {
            url: url.to_owned(),
            name: name.to_owned(),
            socket,
            store,
            model: Model::default(),
            subscribed: false,
            closed_because: None,
            ready: std::collections::VecDeque::new(),
            pending: Vec::new(),
            welcomed_to: Vec::new(),
        };
        client.sign_in().await?;
        client.catch_up().await?;
        Ok(client)
    }

    /// Send hello; on an unknown token, forget it and sign in afresh.
    async fn sign_in(&mut self) -> Result<(), ClientError> {
        // After a drop, the token we were welcomed with; at first, the saved one.
        let token = self.model.token.clone().or_else(|| {
            self.store
                .as_ref()
                .and_then(|s| s.get(&self.url, &self.name))
        });
        for token in [token, None] {
            self.send_now(ClientMsg::Hello {
                protocol_version: PROTOCOL_VERSION,
                name: self.name.clone(),
                token: token.clone(),
            })
            .await?;
            loop {
                match self.read().await? {
                    Some(ServerMsg::Welcome { token, matches, .. }) => {
                        self.welcomed_to = matches.iter().map(|m| m.match_id).collect();
                        if let Some(store) = &self.store {
                            store.put(&self.url, &self.name, &token);
                        }
                        return Ok(());
                    }
                    Some(ServerMsg::Error { code, message, .. }) => {
                        if code == ErrorCode::UnknownToken && token.is_some() {
                            break;
                        }
                        return Err(ClientError::Refused(message));
                    }
                    Some(_) => continue,
                    None => {
                        return Err(ClientError::Refused(
                            "the server closed the connection".into(),
                        ));
                    }
                }
            }
        }
        Err(ClientError::Refused("no token and no welcome".into()))
    }

    /// Send one request. If the connection has dropped it is kept and sent
    /// after the reconnection that [`Client::next`] performs (a move is not:
    /// the player decides again on the caught-up board).
    pub async fn send(&mut self, msg: ClientMsg) -> Result<(), ClientError> {
        if let Err(error) = self.send_now(msg.clone()).await {
            if matches!(msg, ClientMsg::Hello { .. }) {
                return Err(error);
            }
            self.pending.push(msg);
        }
        Ok(())
    }

    async fn send_now(&mut self, msg: ClientMsg) -> Result<(), ClientError> {
        match &msg {
            ClientMsg::LobbySubscribe => self.subscribed = true,
            ClientMsg::LobbyUnsubscribe => self.subscribed = false,
            _ => {}
        }
        let text = serde_json::to_string(&ClientFrame { id: None, msg }).unwrap_or_default();
        self.socket
            .send(Message::text(text))
            .await
            .map_err(|e| ClientError::Unreachable {
                url: self.url.clone(),
                reason: e.to_string(),
            })
    }

    /// The next message, taken in by the model; `None` when the connection ended.
    async fn read(&mut self) -> Result<Option<ServerMsg>, ClientError> {
        loop {
            if let Some(msg) = self.ready.pop_front() {
                return Ok(Some(msg));
            }
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    if let Ok(msg) = serde_json::from_str::<ServerMsg>(&text) {
                        self.ready.extend(self.model.accept(msg));
                    }
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed_because = frame.map(|f| (u16::from(f.code), f.reason.to_string()));
                    return Ok(None);
                }
                None | Some(Err(_)) => return Ok(None),
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next thing that happens. A dropped connection is re-established
    /// (a few tries, waiting longer each time), signed in with the token, and
    /// every match is resumed from the last version seen.
    pub async fn next(&mut self) -> Result<Incoming, ClientError> {
        if let Some(msg) = self.read().await? {
            return Ok(Incoming::Msg(msg));
        }
        // Replaced by a newer connection of the same player: reconnecting
        // would only take it back and start a fight.
        if let Some((code, reason)) = self.closed_because.take()
            && code == protocol::wire::close::REPLACED
        {
            return Err(ClientError::Refused(reason));
        }
        let mut last_error = None;
        for attempt in 0..RECONNECT_TRIES {
            tokio::time::sleep(backoff(attempt, rand::random())).await;
            match open(&self.url).await {
                Ok(socket) => {
                    self.socket = socket;
                    self.sign_in().await?;
                    self.catch_up().await?;
                    // A move typed while the link was down is dropped: the
                    // catch-up shows the board as it is now and the player
                    // chooses again. Everything else is sent as typed.
                    for msg in std::mem::take(&mut self.pending) {
                        if !matches!(msg, ClientMsg::Move { .. }) {
                            self.send(msg).await?;
                        }
                    }
                    return Ok(Incoming::Reconnected);
                }
                Err(e) => last_error = Some(e),
            }
        }
        Err(last_error.unwrap_or(ClientError::Unreachable {
            url: self.url.clone(),
            reason: "connection lost".into(),
        }))
    }

    /// Resume every live match: those the model follows from the last
    /// version it saw, those the welcome listed and the model does not know
    /// from the start.
    async fn catch_up(&mut self) -> Result<(), ClientError> {
        let mut resumes: Vec<_> = self
            .model
            .matches
            .values()
            .filter(|m| m.ended.is_none())
            .map(|m| (m.id, m.version))
            .collect();
        for id in std::mem::take(&mut self.welcomed_to) {
            if !self.model.matches.contains_key(&id) {
                resumes.push((id, 0));
            }
        }
        for (match_id, last_version) in resumes {
            self.send(ClientMsg::Resume {
                match_id,
                last_version,
            })
            .await?;
        }
        if self.subscribed {
            self.send(ClientMsg::LobbySubscribe).await?;
        }
        Ok(())
    }

    /// Close politely.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnection_waits_double_up_to_five_seconds_with_half_of_each_random() {
        assert_eq!(backoff(0, 0.0), Duration::from_millis(125));
        assert_eq!(backoff(0, 1.0), Duration::from_millis(250));
        assert_eq!(backoff(2, 0.5), Duration::from_millis(750));
        assert_eq!(backoff(9, 0.0), Duration::from_millis(2500));
        assert_eq!(backoff(9, 1.0), Duration::from_secs(5));
    }
}
