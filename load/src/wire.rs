//! The load generator's side of the wire: loopback-only connections spread
//! over source addresses, frames built from the protocol's own types, and a
//! lean read of server messages that keeps only the fields a bot acts on.

use futures_util::{SinkExt, StreamExt};
use protocol::wire::{ClientFrame, ClientMsg, MatchId, PROTOCOL_VERSION, PlayerId, Seat};
use serde::Deserialize;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::http::Uri;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A load connection.
pub(super) type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Connections per source address: below the server's default per-address
/// limit (256), so a default server takes any number of load connections.
pub(super) const PER_SOURCE: usize = 200;

/// Source-address groups a run may start from: runs at the same time start
/// at random ones so they do not share addresses (and per-address limits).
pub(super) const SOURCE_GROUPS: usize = 50_000;

/// The loopback address of source group `group` (127.x.0.y).
pub(super) fn source_address(group: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 1 + (group / 250) as u8, 0, 1 + (group % 250) as u8)
}

/// How long connecting and signing in may take.
pub(super) const SIGN_IN_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Why a load connection could not be made.
#[derive(Debug, thiserror::Error)]
pub(super) enum WireError {
    /// The URL is not a `ws://host:port/path` URL.
    #[error("not a ws:// URL: {0}")]
    BadUrl(String),
    /// Load goes to this machine only.
    #[error("{0} is not a loopback address: load is generated against this machine only")]
    NotLoopback(String),
    /// The network refused.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The WebSocket handshake failed.
    #[error("{0}")]
    Handshake(#[from] tokio_tungstenite::tungstenite::Error),
    /// The server closed or refused before `welcome`.
    #[error("no welcome: {0}")]
    NoWelcome(String),
}

/// Where the server is: its URL and its loopback socket address.
#[derive(Clone, Debug)]
pub(super) struct Target {
    /// The WebSocket URL.
    pub url: String,
    /// The resolved address (always loopback).
    pub addr: SocketAddr,
}

impl Target {
    /// Resolve `url`, refusing anything but a loopback address.
    pub async fn resolve(url: &str) -> Result<Target, WireError> {
        let uri: Uri = url.parse().map_err(|_| WireError::BadUrl(url.into()))?;
        if uri.scheme_str() != Some("ws") {
            return Err(WireError::BadUrl(url.into()));
        }
        let host = uri.host().ok_or_else(|| WireError::BadUrl(url.into()))?;
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let port = uri.port_u16().unwrap_or(80);
        let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, port)).await?.collect();
        if addrs.is_empty() || addrs.iter().any(|a| !a.ip().is_loopback()) {
            return Err(WireError::NotLoopback(host.into()));
        }
        let addr = addrs
            .iter()
            .find(|a| a.is_ipv4())
            .copied()
            .unwrap_or(addrs[0]);
        Ok(Target {
            url: url.into(),
            addr,
        })
    }

    /// Open connection number `n`: IPv4 connections come from 127.x.y.z
    /// addresses, [`PER_SOURCE`] per address (all of 127.0.0.0/8 is loopback).
    /// `n` may be up to [`SOURCE_GROUPS`] × [`PER_SOURCE`] plus the run's own.
    pub async fn connect(&self, n: usize) -> Result<Socket, WireError> {
        let socket = match self.addr {
            SocketAddr::V4(_) => {
                let socket = TcpSocket::new_v4()?;
                let source = source_address(n / PER_SOURCE);
                socket.bind(SocketAddr::new(IpAddr::V4(source), 0))?;
                socket
            }
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        let stream = socket.connect(self.addr).await?;
        stream.set_nodelay(true)?;
        // Small buffers: thousands of these connections live in one process.
        let config = WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .write_buffer_size(0);
        let (ws, _) = tokio_tungstenite::client_async_with_config(
            self.url.as_str(),
            MaybeTlsStream::Plain(stream),
            Some(config),
        )
        .await?;
        Ok(ws)
    }

    /// Open connection `n` and sign in as `name`; the socket and our id.
    pub async fn join(&self, n: usize, name: &str) -> Result<(Socket, PlayerId), WireError> {
        let (ws, player) = self.sign_in(n, name, None).await?;
        Ok((ws, player.id))
    }

    /// Open connection `n` and sign in as `name`, or as the player of
    /// `token` when given (coming back after a lost connection); an error
    /// if that takes longer than [`SIGN_IN_WAIT`] (a connection taken by a
    /// node that is stopping may never be answered).
    pub async fn sign_in(
        &self,
        n: usize,
        name: &str,
        token: Option<&str>,
    ) -> Result<(Socket, SignedIn), WireError> {
        tokio::time::timeout(SIGN_IN_WAIT, self.sign_in_now(n, name, token))
            .await
            .unwrap_or_else(|_| {
                Err(WireError::NoWelcome(format!(
                    "no welcome within {} s",
                    SIGN_IN_WAIT.as_secs()
                )))
            })
    }

    async fn sign_in_now(
        &self,
        n: usize,
        name: &str,
        token: Option<&str>,
    ) -> Result<(Socket, SignedIn), WireError> {
        let mut ws = self.connect(n).await?;
        send(
            &mut ws,
            ClientMsg::Hello {
                protocol_version: PROTOCOL_VERSION,
                name: name.into(),
                token: token.map(str::to_owned),
                password: None,
            },
        )
        .await
        .map_err(WireError::Handshake)?;
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(text))) => match Incoming::read(&text) {
                    Some(msg) if msg.kind == "welcome" => {
                        let (Some(id), Some(token)) = (msg.player_id, msg.token) else {
                            return Err(WireError::NoWelcome(text.to_string()));
                        };
                        let token = token.to_owned();
                        let matches = msg.matches.iter().flatten().map(|m| m.match_id).collect();
                        return Ok((ws, SignedIn { id, token, matches }));
                    }
                    Some(msg) if msg.kind == "error" => {
                        return Err(WireError::NoWelcome(msg.message.unwrap_or_default()));
                    }
                    _ => {}
                },
                Some(Ok(Message::Close(frame))) => {
                    return Err(WireError::NoWelcome(format!("closed: {frame:?}")));
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(WireError::Handshake(e)),
                None => return Err(WireError::NoWelcome("connection ended".into())),
            }
        }
    }
}

/// Who a connection signed in as.
pub(super) struct SignedIn {
    /// Our id.
    pub id: PlayerId,
    /// The token that signs in as the same player again.
    pub token: String,
    /// His live matches (`welcome`, after a reconnection).
    pub matches: Vec<MatchId>,
}

/// Send one message (no request id: the load generator matches answers by content).
pub(super) async fn send(
    ws: &mut Socket,
    msg: ClientMsg,
) -> Result<(), tokio_tungstenite::tungstenite::Error> {
    let frame = ClientFrame { id: None, msg };
    let text = serde_json::to_string(&frame).unwrap_or_default();
    ws.send(Message::text(text)).await
}

/// A seat and player as `match_started` lists them.
/// A live match as `welcome` lists it.
#[derive(Deserialize)]
pub(super) struct LiveMatch {
    /// The match.
    pub match_id: MatchId,
}

#[derive(Deserialize)]
pub(super) struct SeatPlayer {
    /// The player.
    pub id: PlayerId,
}

/// The fields of a server message that the load generator acts on; the rest
/// (boards, sowing events, settings) is skipped without being built.
#[derive(Deserialize)]
pub(super) struct Incoming<'a> {
    /// The message type.
    #[serde(rename = "type", borrow)]
    pub kind: &'a str,
    /// The match, for match messages.
    pub match_id: Option<MatchId>,
    /// The event version, for match events.
    pub version: Option<u64>,
    /// The game.
    pub game: Option<u8>,
    /// The ply.
    pub ply: Option<u32>,
    /// The house played.
    pub house: Option<u8>,
    /// Who moves first (`game_started`).
    pub first: Option<Seat>,
    /// Who moves next (`move_played`; none when the game ended).
    pub next: Option<Seat>,
    /// Who acted (`move_played`, `rematch_offered`).
    pub seat: Option<Seat>,
    /// The seats (`match_started`).
    pub players: Option<[SeatPlayer; 2]>,
    /// Our id (`welcome`).
    pub player_id: Option<PlayerId>,
    /// Our token (`welcome`).
    pub token: Option<&'a str>,
    /// Our live matches (`welcome`).
    pub matches: Option<Vec<LiveMatch>>,
    /// An error code, or a private seek's code.
    pub code: Option<&'a str>,
    /// An error's explanation.
    pub message: Option<String>,
}

impl<'a> Incoming<'a> {
    /// An `error` as a line: its code and explanation.
    pub fn error_text(&self) -> String {
        format!(
            "{}: {}",
            self.code.unwrap_or("error"),
            self.message.as_deref().unwrap_or("")
        )
    }

    /// Read a frame; `None` if the server sent something unreadable.
    pub fn read(text: &'a str) -> Option<Incoming<'a>> {
        serde_json::from_str(text).ok()
    }

    /// The match and acceptance time (µs since the Unix epoch, by the
    /// server's clock) of a `move_played`, read from the head of the
    /// frame only: a spectator needs nothing else, and the rest (the sowing
    /// events and the board) is most of the bytes. Relies on the server
    /// writing these fields before `events`; anything else gives `None`, and
    /// the caller reads the frame in full.
    pub fn move_played_head(text: &str) -> Option<MoveHead> {
        let head = Head::read(text)?;
        Some(MoveHead {
            match_id: head.match_id,
            played_at_us: head.played_at_us,
        })
    }

    /// A `move_played` as a player needs it: the head (see
    /// [`Incoming::move_played_head`]) and `next`, the frame's last field
    /// of an untimed match. `None` for anything else (the caller reads the
    /// frame in full).
    pub fn move_played(text: &str) -> Option<Incoming<'static>> {
        let head = Head::read(text)?;
        let tail = &text[text.rfind(r#","next":"#)? + r#","next":"#.len()..];
        let next: Option<Seat> = serde_json::from_str(tail.strip_suffix('}')?).ok()?;
        Some(Incoming {
            kind: "move_played",
            match_id: Some(head.match_id),
            version: Some(head.version),
            game: Some(head.game),
            ply: Some(head.ply),
            house: Some(head.house),
            first: None,
            next,
            seat: Some(head.seat),
            players: None,
            player_id: None,
            token: None,
            matches: None,
            code: None,
            message: None,
        })
    }
}

/// What a spectator reads of a `move_played`.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct MoveHead {
    pub match_id: MatchId,
    /// When the server accepted the move, µs since the Unix epoch.
    pub played_at_us: u64,
}

/// The head of a `move_played`: every field before `events`.
struct Head {
    match_id: MatchId,
    version: u64,
    game: u8,
    ply: u32,
    seat: Seat,
    house: u8,
    played_at_us: u64,
}

impl Head {
    /// The fields in the order the server writes them, each a plain number:
    /// read by splitting on commas, with no JSON parser and no allocation
    /// (this runs for every move at every spectator).
    fn read(text: &str) -> Option<Head> {
        let rest = text.strip_prefix(r#"{"type":"move_played","#)?;
        let mut fields = rest.splitn(8, ',');
        let mut number = |key: &str| -> Option<u64> {
            let field = fields.next()?;
            let value = field
                .strip_prefix('"')?
                .strip_prefix(key)?
                .strip_prefix("\":")?;
            value.parse().ok()
        };
        let match_id = MatchId(number("match_id")?);
        let version = number("version")?;
        let game = u8::try_from(number("game")?).ok()?;
        let ply = u32::try_from(number("ply")?).ok()?;
        let seat = Seat::from_index(usize::try_from(number("seat")?).ok()?)?;
        let house = u8::try_from(number("house")?).ok()?;
        let played_at_us = number("played_at_us")?;
        fields.next()?.starts_with(r#""events":"#).then_some(Head {
            match_id,
            version,
            game,
            ply,
            seat,
            house,
            played_at_us,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::wire::ServerMsg;

    /// The quick reads agree with the full one on the server's own frames.
    #[test]
    fn the_quick_reads_of_move_played_agree_with_the_full_read() {
        let mut game =
            protocol::rules::Game::new(protocol::rules::Ruleset::Kalah(Default::default()));
        let mut version = 2;
        while let Some(mv) = game.position().legal_moves().nth(0) {
            let events = game.play(mv).expect("legal");
            version += 1;
            let msg = ServerMsg::MovePlayed {
                match_id: MatchId(7),
                version,
                game: 1,
                ply: game.moves().len() as u32,
                seat: Seat::One,
                house: mv.number(),
                label: None,
                played_at_us: 1_764_547_200_000_000 + version,
                events,
                position: game.position().board(),
                legal: game.position().legal_moves().numbers(),
                // Seat 1 moved first: it plays rules side 0.
                next: game
                    .position()
                    .to_move()
                    .map(|side| Seat::of_side(side, Seat::One)),
                clocks: None,
            };
            let text = serde_json::to_string(&msg).expect("serialises");
            let full = Incoming::read(&text).expect("reads");
            let quick = Incoming::move_played(&text).expect("reads quickly");
            assert_eq!(
                (
                    quick.match_id,
                    quick.version,
                    quick.game,
                    quick.ply,
                    quick.house,
                    quick.seat,
                    quick.next
                ),
                (
                    full.match_id,
                    full.version,
                    full.game,
                    full.ply,
                    full.house,
                    full.seat,
                    full.next
                ),
                "{text}"
            );
            assert_eq!(
                Incoming::move_played_head(&text),
                Some(MoveHead {
                    match_id: MatchId(7),
                    played_at_us: 1_764_547_200_000_000 + version,
                })
            );
        }
        assert!(Incoming::move_played(r#"{"type":"move_accepted","match_id":7}"#).is_none());
    }
}
