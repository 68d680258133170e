//! One pair of load players: two connections that play match after match
//! against each other (a private seek, then rematches; one match with
//! `--play-out`), each answering with a random legal move as soon as its
//! own connection shows it is its turn. With `--reconnect` a player whose
//! connection is closed comes back, resumes and plays on.

use super::stats::{self, Counters};
use super::wire::{self, Incoming, SignedIn, Socket};
use super::{Ctx, MatchBoard};
use futures_util::StreamExt;
use hdrhistogram::Histogram;
use protocol::rules::{Move, Position};
use protocol::wire::{ClientMsg, MatchId, PlayerId, Seat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// The move a connection sent and is waiting to see played. Each
/// connection has its own: the opponent may already answer a move (on its
/// own connection) before the mover's connection has seen it played.
struct Pending {
    game: u8,
    ply: u32,
    house: u8,
    sent_at: Instant,
}

/// The current game as both connections have seen it so far.
struct Current {
    game: u8,
    /// The seat that moved first in this game (it plays rules side 0).
    first: Seat,
    position: Position,
    plies: u32,
}

/// What the pair knows; events from either connection update it once.
struct Pair {
    ctx: Arc<Ctx>,
    board: Arc<MatchBoard>,
    ids: [PlayerId; 2],
    /// Names and tokens, for coming back (`--reconnect`).
    names: [String; 2],
    tokens: [String; 2],
    /// A connection that came back and has not been answered `resumed` yet.
    resuming: [bool; 2],
    seat_of: [Seat; 2],
    match_id: Option<MatchId>,
    /// When the pair first heard of `match_id`.
    match_heard_at: Instant,
    applied: u64,
    socket_match: [Option<MatchId>; 2],
    seen: [u64; 2],
    current: Option<Current>,
    pending: [Option<Pending>; 2],
    rng: StdRng,
    rtt: Histogram<u64>,
    /// Moves of this pair counted in the measured window.
    measured_moves: u64,
    ready: bool,
    /// The first seek's code and tries left, while the second player's
    /// node may not have heard of it yet.
    joining: (String, u32),
    /// The moves of the current match as played, (game, house).
    moves: Vec<(u8, u8)>,
    /// `--play-out`: the match has ended.
    done: bool,
}

/// How often the second player asks for the first seek again while his
/// node has not heard of its code (on `--second-server`, or behind a front
/// that sends him to another node than the first player's: news between
/// nodes takes a moment; the load does not wait for people to read a link),
/// and how long he waits between tries (his lobby messages are budgeted:
/// 10 a second by default): 10 s in all.
const JOIN_TRIES: u32 = 50;
const JOIN_PAUSE: std::time::Duration = std::time::Duration::from_millis(200);

/// Play until the run stops; the round trips measured.
pub(super) async fn run(ctx: Arc<Ctx>, index: usize, board: Arc<MatchBoard>) -> Histogram<u64> {
    let mut rtt = stats::histogram();
    let Some(mut sockets) = connect(&ctx, index).await else {
        return rtt;
    };
    let ids = [sockets.0.1.id, sockets.1.1.id];
    let tokens = [
        std::mem::take(&mut sockets.0.1.token),
        std::mem::take(&mut sockets.1.1.token),
    ];
    let joining = std::mem::take(&mut sockets.2);
    let mut pair = Pair {
        ctx: Arc::clone(&ctx),
        board,
        ids,
        names: player_names(&ctx, index),
        tokens,
        resuming: [false; 2],
        seat_of: [Seat::Zero, Seat::One],
        match_id: None,
        match_heard_at: Instant::now(),
        applied: 0,
        socket_match: [None; 2],
        seen: [0; 2],
        current: None,
        pending: [None, None],
        rng: StdRng::seed_from_u64(index as u64),
        rtt: stats::histogram(),
        measured_moves: 0,
        ready: false,
        joining,
        moves: Vec::new(),
        done: false,
    };
    let ok = pair.play(&mut sockets.0.0, &mut sockets.1.0).await;
    if !ok {
        Counters::bump(&ctx.counters.stalled);
        for pending in &mut pair.pending {
            if pending.take().is_some() {
                Counters::bump(&ctx.counters.lost_moves);
            }
        }
    }
    if ok && pair.done {
        if let Some(match_id) = pair.match_id {
            ctx.keep_played(crate::PlayedMatch {
                match_id,
                moves: std::mem::take(&mut pair.moves),
            });
        }
    } else if ok && ctx.play_out {
        Counters::bump(&ctx.counters.stalled);
        ctx.note(&format!(
            "pair {index}'s match {:?} did not end in time: {}",
            pair.match_id,
            pair.describe()
        ));
    }
    if ok && !ctx.play_out && pair.measured_moves == 0 {
        // Every match must make progress while the load is measured.
        Counters::bump(&ctx.counters.matches_without_moves);
        ctx.note(&format!("pair {index} played no move while measured"));
    }
    let _ = sockets.0.0.close(None).await;
    let _ = sockets.1.0.close(None).await;
    std::mem::swap(&mut rtt, &mut pair.rtt);
    rtt
}

type Joined = ((Socket, SignedIn), (Socket, SignedIn), (String, u32));

/// The names of pair `index`'s players.
fn player_names(ctx: &Ctx, index: usize) -> [String; 2] {
    [
        format!("L{}{index}a", ctx.tag),
        format!("L{}{index}b", ctx.tag),
    ]
}

/// Both players signed in, and their first match agreed by a private seek.
async fn connect(ctx: &Ctx, index: usize) -> Option<Joined> {
    let names = player_names(ctx, index);
    let mut a = ctx.join_as(0, &names[0]).await?;
    let mut b = ctx.join_as(1, &names[1]).await?;
    let code = seek_code(ctx, &mut a.0, ctx.settings).await?;
    if wire::send(&mut b.0, ClientMsg::SeekJoin { code: code.clone() })
        .await
        .is_err()
    {
        ctx.failed("the second player could not join the seek");
        return None;
    }
    Some((a, b, (code, JOIN_TRIES)))
}

/// Open a private seek on `ws`; its code.
async fn seek_code(
    ctx: &Ctx,
    ws: &mut Socket,
    settings: protocol::wire::MatchSettings,
) -> Option<String> {
    let create = ClientMsg::SeekCreate {
        settings,
        private: true,
        rating_range: None,
    };
    if wire::send(ws, create).await.is_err() {
        ctx.failed("could not open a seek");
        return None;
    }
    while let Some(Ok(message)) = ws.next().await {
        if let Message::Text(text) = message
            && let Some(msg) = Incoming::read(&text)
        {
            match msg.kind {
                "seek_created" => return msg.code.map(str::to_owned),
                "error" => {
                    ctx.error(&format!(
                        "seek refused: {}",
                        msg.message.unwrap_or_default()
                    ));
                    return None;
                }
                _ => {}
            }
        }
    }
    ctx.failed("connection ended before the seek was open");
    None
}

/// Wait until `until`; forever when there is nothing to wait for.
async fn think_over(until: Option<tokio::time::Instant>) {
    match until {
        Some(until) => tokio::time::sleep_until(until).await,
        None => std::future::pending().await,
    }
}

impl Pair {
    /// Read both connections and answer, until the run stops (`true`) or
    /// the pair stalls or loses a connection (`false`).
    async fn play(&mut self, a: &mut Socket, b: &mut Socket) -> bool {
        let mut last_event = Instant::now();
        // A coarse check instead of a timer per message: re-arming a timer
        // for every event costs more than the rest of handling it.
        let mut check =
            tokio::time::interval((self.ctx.stall / 4).max(std::time::Duration::from_millis(10)));
        // A move being thought about: by which socket, and until when.
        let mut thinking: Option<(usize, ClientMsg, tokio::time::Instant)> = None;
        loop {
            if (self.done || self.ctx.stopping()) && self.pending.iter().all(Option::is_none) {
                return true;
            }
            let until = thinking.as_ref().map(|(_, _, until)| *until);
            let (socket, next) = tokio::select! {
                () = think_over(until) => {
                    let Some((socket, reply, _)) = thinking.take() else { continue };
                    if let Some(pending) = &mut self.pending[socket] {
                        pending.sent_at = Instant::now();
                    }
                    last_event = Instant::now();
                    let ws = if socket == 0 { &mut *a } else { &mut *b };
                    if !self.send(socket, ws, reply).await {
                        return false;
                    }
                    continue;
                }
                next = a.next() => (0, next),
                next = b.next() => (1, next),
                _ = check.tick() => {
                    // A player who never heard his match start (its
                    // `match_started` was cut off by a node's stop while
                    // he was closed, and his `welcome` came before the
                    // match reached his node's lobby) asks for it, as a
                    // client would on seeing it in the lobby.
                    if let Some((socket, resume)) = self.unheard_match() {
                        let ws = if socket == 0 { &mut *a } else { &mut *b };
                        if !self.send(socket, ws, resume).await {
                            return false;
                        }
                        continue;
                    }
                    if thinking.is_some() || last_event.elapsed() < self.ctx.stall {
                        continue;
                    }
                    self.ctx.error(&format!(
                        "match {:?} stalled: nothing for {:?}; {}",
                        self.match_id, self.ctx.stall, self.describe()
                    ));
                    return false;
                }
            };
            let text = match next {
                Some(Ok(Message::Text(text))) => {
                    // Pings do not count: a match whose events stopped
                    // coming has stalled, however alive its connections.
                    last_event = Instant::now();
                    text
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None if self.ctx.reconnect => {
                    let ws = if socket == 0 { &mut *a } else { &mut *b };
                    if !self.come_back(socket, ws).await {
                        return false;
                    }
                    last_event = Instant::now();
                    continue;
                }
                Some(Ok(Message::Close(frame))) => {
                    self.ctx
                        .failed(&format!("server closed a player: {frame:?}"));
                    return false;
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => {
                    self.ctx.failed(&format!("player connection failed: {e}"));
                    return false;
                }
                None => {
                    self.ctx.failed("player connection ended");
                    return false;
                }
            };
            // Most of the traffic: nothing to do for an acknowledgement (the
            // move counts when it shows as played), and a played move is read
            // without its sowing events and board.
            if text.starts_with(r#"{"type":"move_accepted","#) {
                continue;
            }
            let Some(msg) = Incoming::move_played(&text).or_else(|| Incoming::read(&text)) else {
                self.ctx.error(&format!("unreadable message: {text}"));
                continue;
            };
            if let Some(reply) = self.handle(socket, &msg) {
                // Sent when the thinking (or the pause before asking for a
                // seek again) is over; both sockets are read meanwhile.
                let until = match reply {
                    ClientMsg::Move { .. } if self.ctx.think.max > 0 => Some(self.think_until()),
                    ClientMsg::SeekJoin { .. } => Some(tokio::time::Instant::now() + JOIN_PAUSE),
                    _ => None,
                };
                if let Some(until) = until {
                    thinking = Some((socket, reply, until));
                    continue;
                }
                let ws = if socket == 0 { &mut *a } else { &mut *b };
                if !self.send(socket, ws, reply).await {
                    return false;
                }
            }
        }
    }

    /// Send `msg` on `socket`'s connection `ws`. One the server has just
    /// closed (a node stopping) is come back on (`--reconnect`), and the
    /// match resumed: a move that was not sent is sent again once resumed,
    /// as it is still pending. False when the player is lost.
    async fn send(&mut self, socket: usize, ws: &mut Socket, msg: ClientMsg) -> bool {
        if wire::send(ws, msg).await.is_ok() {
            return true;
        }
        if self.ctx.reconnect {
            return self.come_back(socket, ws).await;
        }
        self.ctx.failed("could not send");
        false
    }

    /// Where the pair is, for a note about a match that did not end.
    fn describe(&self) -> String {
        let turn = self.current.as_ref().and_then(|current| {
            let side = current.position.to_move()?;
            Some((
                current.game,
                current.plies,
                Seat::of_side(side, current.first),
            ))
        });
        let pending = self
            .pending
            .each_ref()
            .map(|p| p.as_ref().map(|p| (p.game, p.ply, p.house)));
        format!(
            "seen {:?}, applied {}, (game, plies, to move) {turn:?}, seats {:?}, pending {pending:?}, resuming {:?}",
            self.seen, self.applied, self.seat_of, self.resuming
        )
    }

    /// Connect `socket`'s player again in place of `ws`, which was closed
    /// or lost, and resume his match from the last event he saw; false
    /// when he could not come back.
    async fn come_back(&mut self, socket: usize, ws: &mut Socket) -> bool {
        Counters::bump(&self.ctx.counters.reconnects);
        let Some((mut fresh, signed_in)) = self
            .ctx
            .rejoin(socket, &self.names[socket], &self.tokens[socket])
            .await
        else {
            return false;
        };
        // A match that started while he was being closed (its start never
        // reached him): `welcome` lists it, and he resumes it from the start.
        if self.socket_match[socket].is_none()
            && let Some(&match_id) = signed_in.matches.first()
        {
            self.socket_match[socket] = Some(match_id);
            self.seen[socket] = 0;
        }
        if let Some(resume) = self.resume(socket) {
            self.resuming[socket] = true;
            if wire::send(&mut fresh, resume).await.is_err() {
                self.ctx.failed("could not resume after coming back");
                return false;
            }
        }
        *ws = fresh;
        true
    }

    /// A socket that has not heard of the pair's match a quarter of the
    /// stall limit after the other did (its `match_started` is not merely
    /// on its way), and its `resume` of it from the start, once per match.
    fn unheard_match(&mut self) -> Option<(usize, ClientMsg)> {
        let match_id = self.match_id.filter(|_| !self.done)?;
        if self.match_heard_at.elapsed() < self.ctx.stall / 4 {
            return None;
        }
        let socket = (0..2).find(|&s| self.socket_match[s] != Some(match_id))?;
        Counters::bump(&self.ctx.counters.resent_resumes);
        self.socket_match[socket] = Some(match_id);
        self.seen[socket] = 0;
        self.resuming[socket] = true;
        Some((socket, self.resume(socket)?))
    }

    /// The `resume` of `socket`'s match from the last event it saw, unless
    /// the match is over.
    fn resume(&self, socket: usize) -> Option<ClientMsg> {
        let match_id = self.socket_match[socket].filter(|_| !self.done)?;
        Some(ClientMsg::Resume {
            match_id,
            last_version: self.seen[socket],
        })
    }

    /// `socket`'s match is resumed (after coming back, or on its behalf
    /// when the node serving it stopped): the move it is to make, if any.
    /// A move not yet seen played may never have reached the node that
    /// served the match (the load sends no request ids, so no
    /// `unavailable` comes for it): it is sent again, as it was (played
    /// once at most, the server says `duplicate` otherwise).
    fn resumed(&mut self, socket: usize) -> Option<ClientMsg> {
        self.resuming[socket] = false;
        let current = self.current.as_ref()?;
        let side = current.position.to_move()?;
        if Seat::of_side(side, current.first) != self.seat_of[socket] {
            return None;
        }
        match &self.pending[socket] {
            Some(_) => self.resend(socket),
            None => self.choose(socket),
        }
    }

    /// The pending move of `socket`, sent again.
    fn resend(&mut self, socket: usize) -> Option<ClientMsg> {
        let pending = self.pending[socket].as_ref()?;
        Counters::bump(&self.ctx.counters.resent_moves);
        Some(ClientMsg::Move {
            match_id: self.match_id?,
            game: pending.game,
            ply: pending.ply,
            house: pending.house,
        })
    }

    /// Take in one message that arrived on `socket`; what that socket sends back.
    fn handle(&mut self, socket: usize, msg: &Incoming) -> Option<ClientMsg> {
        let counters = &self.ctx.counters;
        match msg.kind {
            "match_started" => {
                let (match_id, players) = (msg.match_id?, msg.players.as_ref()?);
                // Never back: it may come after a resume of the match from
                // its start (the player asked for a match he had not heard of).
                let version = msg.version.unwrap_or(1);
                if self.socket_match[socket] != Some(match_id) {
                    self.seen[socket] = version;
                } else {
                    self.seen[socket] = self.seen[socket].max(version);
                }
                self.socket_match[socket] = Some(match_id);
                if self.match_id != Some(match_id) {
                    self.match_id = Some(match_id);
                    self.match_heard_at = Instant::now();
                    self.applied = msg.version.unwrap_or(1);
                    self.current = None;
                    self.moves.clear();
                    for (i, id) in self.ids.iter().enumerate() {
                        self.seat_of[i] = if players[0].id == *id {
                            Seat::Zero
                        } else {
                            Seat::One
                        };
                    }
                    Counters::bump(&counters.matches_started);
                    self.board.publish(match_id);
                    if !self.ready {
                        self.ready = true;
                        Counters::bump(&counters.pairs_ready);
                    }
                }
                None
            }
            "game_started" | "move_played" | "game_ended" | "match_ended" | "player_left"
            | "player_returned" | "server_restarted" | "draw_offered" | "draw_offer_ended" => {
                let fresh = self.in_order(socket, msg)?;
                self.event(socket, msg, fresh)
            }
            "rematch_offered" => {
                let theirs = msg.seat != Some(self.seat_of[socket]);
                let match_id = msg.match_id?;
                (theirs && self.match_id == Some(match_id) && !self.ctx.stopping())
                    .then_some(ClientMsg::RematchAccept { match_id })
            }
            "resumed" if msg.match_id.is_some() && msg.match_id == self.socket_match[socket] => {
                self.resumed(socket)
            }
            "error" if msg.code == Some("unavailable") && self.ctx.reconnect => {
                // The node that served the match stopped before answering:
                // the resume, or else the move, is sent again.
                if self.resuming[socket] {
                    Counters::bump(&counters.resent_resumes);
                    return self.resume(socket);
                }
                self.resend(socket)
            }
            "error" if msg.code == Some("no_such_seek") && !self.ready && socket == 1 => {
                let (code, tries) = &mut self.joining;
                if *tries == 0 {
                    self.ctx.error(&msg.error_text());
                    return None;
                }
                *tries -= 1;
                Some(ClientMsg::SeekJoin { code: code.clone() })
            }
            "error" => {
                self.ctx.error(&msg.error_text());
                if self.pending[socket].take().is_some() {
                    Counters::bump(&counters.lost_moves);
                }
                None
            }
            _ => None,
        }
    }

    /// Check the event's version on its connection; whether it is new to the pair.
    fn in_order(&mut self, socket: usize, msg: &Incoming) -> Option<bool> {
        let (match_id, version) = (msg.match_id?, msg.version?);
        if self.socket_match[socket] != Some(match_id) {
            return None;
        }
        if version <= self.seen[socket] {
            // Sent again around a node's stop or restart (PROTOCOL.md):
            // already taken in.
            Counters::bump(&self.ctx.counters.repeated_events);
            return None;
        }
        if version != self.seen[socket] + 1 {
            Counters::bump(&self.ctx.counters.lost_events);
            self.ctx.error(&format!(
                "match {match_id}: event {version} after {}",
                self.seen[socket]
            ));
        }
        self.seen[socket] = version;
        let fresh = self.match_id == Some(match_id) && version > self.applied;
        if fresh {
            self.applied = version;
        }
        Some(fresh)
    }

    /// A match event, applied once (`fresh`) and answered by `socket` when
    /// it shows that socket's seat is to move.
    fn event(&mut self, socket: usize, msg: &Incoming, fresh: bool) -> Option<ClientMsg> {
        let seat = self.seat_of[socket];
        match msg.kind {
            "game_started" => {
                if fresh {
                    self.current = Some(Current {
                        game: msg.game?,
                        first: msg.first?,
                        position: Position::start(self.ctx.settings.ruleset),
                        plies: 0,
                    });
                }
                (msg.first == Some(seat))
                    .then(|| self.choose(socket))
                    .flatten()
            }
            "move_played" => {
                let (game, ply) = (msg.game?, msg.ply?);
                if fresh {
                    self.apply(game, msg.house?);
                }
                if let Some(pending) = &self.pending[socket]
                    && pending.game == game
                    && pending.ply == ply
                {
                    let now = Instant::now();
                    if self.ctx.measuring(now) {
                        stats::record(&mut self.rtt, now - pending.sent_at);
                        Counters::bump(&self.ctx.counters.moves);
                        self.measured_moves += 1;
                    }
                    Counters::bump(&self.ctx.counters.moves_all);
                    self.pending[socket] = None;
                }
                (msg.next == Some(seat))
                    .then(|| self.choose(socket))
                    .flatten()
            }
            "match_ended" => {
                if fresh {
                    Counters::bump(&self.ctx.counters.matches_ended);
                    self.done = self.ctx.play_out;
                }
                (seat == Seat::Zero && !self.ctx.stopping() && !self.ctx.play_out).then_some(
                    ClientMsg::RematchOffer {
                        match_id: msg.match_id?,
                    },
                )
            }
            _ => None,
        }
    }

    /// Play `house` on the pair's copy of the game.
    fn apply(&mut self, game: u8, house: u8) {
        self.moves.push((game, house));
        let Some(current) = self.current.as_mut().filter(|c| c.game == game) else {
            self.ctx
                .error(&format!("a move in game {game}, which has not started"));
            return;
        };
        let played = Move::from_number(house.into())
            .ok()
            .and_then(|mv| current.position.play_in_place(mv).ok());
        if played.is_none() {
            self.ctx.error(&format!(
                "house {house} is not legal here: the copies differ"
            ));
        }
        current.plies += 1;
    }

    /// When a move chosen now is sent: after a random think, as a person
    /// would; its round trip counts from the send.
    fn think_until(&mut self) -> tokio::time::Instant {
        let think = self.ctx.think;
        let ms = self.rng.random_range(think.min..=think.max);
        tokio::time::Instant::now() + std::time::Duration::from_millis(ms)
    }

    /// A random legal move for `socket`, noted as pending.
    fn choose(&mut self, socket: usize) -> Option<ClientMsg> {
        if self.ctx.stopping() {
            return None;
        }
        let current = self.current.as_ref()?;
        let legal = current.position.legal_moves();
        let mv = legal.nth(self.rng.random_range(0..legal.len().max(1)))?;
        let match_id = self.match_id?;
        let (game, ply) = (current.game, current.plies + 1);
        let sent_at = Instant::now();
        let house = mv.number();
        self.pending[socket] = Some(Pending {
            game,
            ply,
            house,
            sent_at,
        });
        Some(ClientMsg::Move {
            match_id,
            game,
            ply,
            house,
        })
    }
}
