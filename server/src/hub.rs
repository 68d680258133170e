//! The shared state of a running server: who is online, the lobby (seeks,
//! quick pairing, challenges, the live-match list) and the registry of live
//! matches. A cheap-clone handle (`Arc<Hub>`); every lock here is a short
//! `std::sync::Mutex` section that never spans an `.await`.
//!
//! Lock order: `players` before `lobby`, never the other way round. Matches
//! never call in here: they send [`MatchNotice`]s, which [`Hub::serve_notices`]
//! applies, and learn of their players' connections through
//! [`MatchHandle::link`], which never waits.

use crate::clock::Millis;
use crate::config::Config;
use crate::error::ServerError;
use crate::game::{MatchEnv, MatchHandle, MatchLimits, MatchNotice, start_match};
use crate::lobby::{Lobby, Origin, Pairing};
use crate::metrics::Metrics;
use crate::peer::{Peer, Snapshot};
use crate::session::Budget;
use crate::timers::{self, Timers};
use protocol::rules::Side;
use protocol::wire::{
    ChallengeCloseReason, ChallengeId, ChallengeInfo, MatchId, MatchSettings, MatchSummary,
    PlayerId, PlayerRef, RequestId, SeekId, ServerMsg, close,
};
use rand::Rng;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

struct Identity {
    player: PlayerRef,
    token: String,
    peer: Option<Peer>,
    /// When his last connection went away.
    last_seen: Millis,
    /// Live matches this player plays in.
    matches: Vec<MatchId>,
    /// Live real-time matches: at most one at a time.
    live_real_time: usize,
}

#[derive(Default)]
struct Players {
    by_id: HashMap<PlayerId, Identity>,
    by_token: HashMap<String, PlayerId>,
    by_name: HashMap<String, PlayerId>,
    online: u32,
}

/// The server's shared state.
pub(crate) struct Hub {
    pub(crate) config: Config,
    ids: AtomicU64,
    players: Mutex<Players>,
    lobby: Mutex<Lobby>,
    matches: dashmap::DashMap<MatchId, MatchHandle>,
    /// Counters for `/metrics`.
    pub(crate) metrics: Arc<Metrics>,
    /// Open connections per IP address.
    per_ip: Mutex<HashMap<std::net::IpAddr, usize>>,
    /// Hellos per IP address.
    hello_budgets: Mutex<HashMap<std::net::IpAddr, Budget>>,
    /// What every match is given.
    match_env: MatchEnv,
    /// Every task the server spawns, so that none outlives [`crate::run`].
    pub(crate) tasks: TaskTracker,
    /// Cancelled when the server stops.
    pub(crate) shutdown: CancellationToken,
    /// What falls due later.
    timers: Timers<Due>,
}

/// What falls due later, in the hub's timer queue.
pub(crate) enum Due {
    /// A player who left has not come back: his seeks go.
    SeekGrace(PlayerId),
    /// A challenge nobody answered.
    ChallengeExpiry(ChallengeId),
    /// An offline player with no live match may be forgotten.
    ForgetIdentity(PlayerId),
}

/// Holds one connection's place in the per-IP count; gives it back on drop.
pub(crate) struct IpSlot {
    hub: Arc<Hub>,
    ip: std::net::IpAddr,
}

impl Drop for IpSlot {
    fn drop(&mut self) {
        let mut counts = lock(&self.hub.per_ip);
        if let Some(count) = counts.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock would be a bug; keep serving with the data as it is.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Names are 1 to 20 ASCII letters, digits, `_` or `-`.
pub(crate) fn check_name(name: &str) -> Result<(), ServerError> {
    let valid_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if (1..=20).contains(&name.len()) && valid_chars {
        Ok(())
    } else {
        Err(ServerError::InvalidName)
    }
}

/// Games 1 to 9 and a time control in range; the rules are checked when
/// the settings are read.
pub(crate) fn check_settings(settings: &MatchSettings) -> Result<(), ServerError> {
    if !MatchSettings::GAMES.contains(&settings.games) {
        return Err(ServerError::InvalidSettings(format!(
            "a match has 1 to 9 games, not {}",
            settings.games
        )));
    }
    settings
        .time_control
        .check()
        .map_err(ServerError::InvalidSettings)
}

/// 128 random bits as 32 hex digits.
fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// Requests a match's inbox holds before senders wait.
const MATCH_INBOX: usize = 256;

/// Addresses whose hello budgets are kept before idle ones are forgotten.
const HELLO_ADDRESSES: usize = 4096;

/// Notices from matches waiting for the hub.
const NOTICES: usize = 4096;

impl Hub {
    /// The hub, the receiving end of the matches' notices for
    /// [`Hub::serve_notices`], and its timer queue's for [`Hub::serve_timers`].
    pub(crate) fn new(config: Config) -> (Arc<Hub>, mpsc::Receiver<MatchNotice>, timers::Due<Due>) {
        let (timers, due) = timers::queue();
        let metrics = Arc::new(Metrics::default());
        let (notices, notices_rx) = mpsc::channel(NOTICES);
        let shutdown = CancellationToken::new();
        let tasks = TaskTracker::new();
        let match_env = MatchEnv {
            clock: config.clock.clone(),
            metrics: Arc::clone(&metrics),
            limits: MatchLimits {
                event_history: config.event_history,
                spectator_update_ms: config.spectator_update_ms,
                ended_linger_ms: config.ended_linger_ms,
                inbox: MATCH_INBOX,
            },
            notices,
            shutdown: shutdown.clone(),
            tasks: tasks.clone(),
        };
        let hub = Arc::new(Hub {
            config,
            ids: AtomicU64::new(1),
            players: Mutex::new(Players::default()),
            lobby: Mutex::new(Lobby::default()),
            matches: dashmap::DashMap::new(),
            metrics,
            per_ip: Mutex::new(HashMap::new()),
            hello_budgets: Mutex::new(HashMap::new()),
            match_env,
            tasks,
            shutdown,
            timers,
        });
        (hub, notices_rx, due)
    }

    /// Act on what falls due, until the server stops.
    pub(crate) async fn serve_timers(self: Arc<Self>, due: timers::Due<Due>) {
        let clock = self.config.clock.clone();
        let shutdown = self.shutdown.clone();
        timers::run(clock, due, shutdown, |item| self.fire(item)).await;
    }

    fn fire(&self, item: Due) {
        match item {
            Due::SeekGrace(player) => {
                let offline = lock(&self.players)
                    .by_id
                    .get(&player)
                    .is_none_or(|i| i.peer.is_none());
                if offline {
                    lock(&self.lobby).remove_seeks_of(player);
                }
            }
            Due::ChallengeExpiry(challenge) => {
                // Already answered or withdrawn: nothing to expire.
                let _ = self.close_challenge(challenge, ChallengeCloseReason::Expired, None);
            }
            Due::ForgetIdentity(player) => self.forget_if_idle(player),
        }
    }

    /// Forget `player` if he has been offline for the identity lifetime with
    /// no live match: his name is free and his token names nobody.
    fn forget_if_idle(&self, player: PlayerId) {
        let now = self.now();
        let mut players = lock(&self.players);
        let idle = players.by_id.get(&player).is_some_and(|i| {
            i.peer.is_none()
                && i.matches.is_empty()
                && now >= i.last_seen.saturating_add(self.config.identity_ttl_ms)
        });
        if !idle {
            return;
        }
        if let Some(identity) = players.by_id.remove(&player) {
            players.by_token.remove(&identity.token);
            let key = identity.player.name.to_ascii_lowercase();
            if players.by_name.get(&key) == Some(&player) {
                players.by_name.remove(&key);
            }
        }
        drop(players);
        lock(&self.lobby).remove_seeks_of(player);
    }

    /// Apply what matches tell the server, until they have all closed and
    /// the server stops.
    pub(crate) async fn serve_notices(self: Arc<Self>, mut notices: mpsc::Receiver<MatchNotice>) {
        loop {
            let notice = tokio::select! {
                notice = notices.recv() => notice,
                () = self.shutdown.cancelled() => None,
            };
            let Some(notice) = notice else { break };
            match notice {
                MatchNotice::Changed(summary) => self.match_changed(summary),
                MatchNotice::Ended {
                    match_id,
                    players,
                    real_time,
                } => self.match_ended(match_id, players, real_time),
                MatchNotice::Rematch {
                    players,
                    settings,
                    started,
                } => {
                    let pairing = Pairing {
                        players,
                        settings,
                        origin: Origin::Rematch,
                    };
                    let _ = started.send(self.begin(|_| Ok(pairing)).map(drop));
                }
                MatchNotice::Closed(id) => {
                    self.matches.remove(&id);
                }
            }
        }
    }

    /// Take a place for a connection from `ip`, if it has fewer than the limit.
    pub(crate) fn ip_slot(self: &Arc<Self>, ip: std::net::IpAddr) -> Option<IpSlot> {
        let mut counts = lock(&self.per_ip);
        let count = counts.entry(ip).or_insert(0);
        if *count >= self.config.max_connections_per_ip {
            return None;
        }
        *count += 1;
        Some(IpSlot {
            hub: Arc::clone(self),
            ip,
        })
    }

    /// Whether the connections of `ip` may send another hello now; forgets
    /// the addresses that have not sent one for a while when many are kept.
    pub(crate) fn hello_allowed(&self, ip: std::net::IpAddr) -> bool {
        let now = self.now();
        let mut budgets = lock(&self.hello_budgets);
        if budgets.len() >= HELLO_ADDRESSES && !budgets.contains_key(&ip) {
            budgets.retain(|_, budget| !budget.is_full(now));
        }
        budgets
            .entry(ip)
            .or_insert_with(|| {
                Budget::new(
                    f64::from(self.config.hello_rate_per_ip.max(1)),
                    f64::from(self.config.hello_burst_per_ip.max(1)),
                    now,
                )
            })
            .take(now)
    }

    /// The text of `GET /metrics`.
    pub(crate) fn metrics_text(&self) -> String {
        let (online, known) = {
            let players = lock(&self.players);
            (players.online, players.by_id.len())
        };
        self.metrics.render(online, known, self.matches.len())
    }

    /// A fresh number for a connection, player, seek, challenge or match.
    pub(crate) fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }

    /// The time now, by the server's clock.
    pub(crate) fn now(&self) -> Millis {
        self.config.clock.now()
    }

    // --- identity -------------------------------------------------------

    /// Sign `peer` in as the player of `token`, or as a new player `name`.
    /// Returns the `welcome` for him: who he is, his token, his open seeks
    /// and live matches. Each of those matches links the new connection at
    /// once and sends it events after it has resumed.
    pub(crate) fn login(
        &self,
        name: &str,
        token: Option<&str>,
        peer: &Peer,
    ) -> Result<ServerMsg, ServerError> {
        let mut players = lock(&self.players);
        let id = match token {
            Some(token) => match players.by_token.get(token) {
                Some(&id) => id,
                None => return Err(ServerError::UnknownToken),
            },
            None => {
                check_name(name)?;
                let key = name.to_ascii_lowercase();
                if let Some(&holder) = players.by_name.get(&key) {
                    let busy = players
                        .by_id
                        .get(&holder)
                        .is_some_and(|i| i.peer.is_some() || !i.matches.is_empty());
                    if busy {
                        return Err(ServerError::NameTaken(name.to_owned()));
                    }
                    // An identity that is offline with nothing at stake gives its name up.
                    if let Some(old) = players.by_id.remove(&holder) {
                        players.by_token.remove(&old.token);
                    }
                }
                let id = PlayerId(self.next_id());
                let token = new_token();
                players.by_name.insert(key, id);
                players.by_token.insert(token.clone(), id);
                players.by_id.insert(
                    id,
                    Identity {
                        player: PlayerRef {
                            id,
                            name: name.to_owned(),
                        },
                        token,
                        peer: None,
                        last_seen: self.now(),
                        matches: Vec::new(),
                        live_real_time: 0,
                    },
                );
                id
            }
        };
        let Some(identity) = players.by_id.get_mut(&id) else {
            return Err(ServerError::UnknownToken);
        };
        let was_online = identity.peer.is_some();
        if let Some(old) = identity.peer.replace(peer.clone()) {
            old.close(close::REPLACED, "signed in from another connection");
        }
        let player = identity.player.clone();
        let token = identity.token.clone();
        let match_ids = identity.matches.clone();
        self.link_matches(&match_ids, player.id, Some(peer));
        if !was_online {
            players.online += 1;
        }
        let online = players.online;
        let (seeks, matches) = {
            let mut lobby = lock(&self.lobby);
            lobby.set_online(online);
            (lobby.seeks_by(player.id), lobby.summaries(&match_ids))
        };
        Ok(ServerMsg::Welcome {
            id: None,
            player_id: player.id,
            name: player.name,
            token,
            protocol_version: protocol::wire::PROTOCOL_VERSION,
            seeks,
            matches,
        })
    }

    /// Tell each of `matches` which connection `player` is on now.
    fn link_matches(&self, matches: &[MatchId], player: PlayerId, peer: Option<&Peer>) {
        for id in matches {
            if let Some(handle) = self.matches.get(id)
                && let Some(seat) = handle.seat_of(player)
            {
                handle.link(seat, peer.cloned());
            }
        }
    }

    /// The connection `conn` of `player` is gone: he is offline; his pool
    /// place and challenges go with him, his seeks after a grace period
    /// unless he is back, and his matches keep his seat.
    pub(crate) fn logout(&self, player: PlayerId, conn: u64) {
        let mut players = lock(&self.players);
        let Some(identity) = players.by_id.get_mut(&player) else {
            return;
        };
        if identity.peer.as_ref().map(Peer::id) != Some(conn) {
            return; // a newer connection took over
        }
        identity.peer = None;
        identity.last_seen = self.now();
        let match_ids = identity.matches.clone();
        self.link_matches(&match_ids, player, None);
        players.online = players.online.saturating_sub(1);
        let online = players.online;
        let closed = {
            let mut lobby = lock(&self.lobby);
            lobby.set_online(online);
            lobby.leave_pool_and_challenges(player)
        };
        for (challenge, other) in closed {
            if let Some(peer) = players.by_id.get(&other).and_then(|i| i.peer.as_ref()) {
                peer.send_msg(&ServerMsg::ChallengeClosed {
                    challenge_id: challenge,
                    reason: ChallengeCloseReason::PlayerLeft,
                });
            }
        }
        drop(players);
        let now = self.now();
        self.timers
            .at(now + self.config.seek_grace_ms, Due::SeekGrace(player));
        self.timers.at(
            now + self.config.identity_ttl_ms,
            Due::ForgetIdentity(player),
        );
    }

    /// The connection a player is on now, if any.
    pub(crate) fn peer_of(&self, player: PlayerId) -> Option<Peer> {
        lock(&self.players)
            .by_id
            .get(&player)
            .and_then(|i| i.peer.clone())
    }

    fn online_by_name(&self, name: &str) -> Option<(PlayerRef, Peer)> {
        let players = lock(&self.players);
        let id = players.by_name.get(&name.to_ascii_lowercase())?;
        let identity = players.by_id.get(id)?;
        Some((identity.player.clone(), identity.peer.clone()?))
    }

    // --- lobby ----------------------------------------------------------

    pub(crate) fn subscribe(&self, peer: &Peer, id: Option<RequestId>) {
        let mut lobby = lock(&self.lobby);
        peer.send_snapshot(&lobby.snapshot(id), Snapshot::Lobby);
        lobby.subscribe(peer.clone());
    }

    pub(crate) fn unsubscribe(&self, conn: u64) {
        lock(&self.lobby).unsubscribe(conn);
    }

    pub(crate) fn create_seek(
        &self,
        by: &PlayerRef,
        settings: MatchSettings,
        private: bool,
    ) -> Result<ServerMsg, ServerError> {
        check_settings(&settings)?;
        self.check_free(&lock(&self.players), std::slice::from_ref(by), &settings)?;
        let seek_id = SeekId(self.next_id());
        let code = private.then(|| format!("{:08x}", rand::rng().random::<u32>()));
        let mut lobby = lock(&self.lobby);
        if lobby.seeks_of(by.id) >= self.config.max_open_seeks {
            return Err(ServerError::TooManySeeks(self.config.max_open_seeks));
        }
        let seek = lobby.add_seek(seek_id, by.clone(), settings, code.clone());
        Ok(ServerMsg::SeekCreated {
            id: None,
            seek,
            code,
        })
    }

    pub(crate) fn cancel_seek(&self, by: PlayerId, seek: SeekId) -> Result<(), ServerError> {
        let mut lobby = lock(&self.lobby);
        match lobby.seek_owner(seek) {
            Some(owner) if owner == by => {
                lobby.remove_seek(seek);
                Ok(())
            }
            _ => Err(ServerError::NotYourSeek(seek)),
        }
    }

    /// Accept a seek by id (public) or code (private): the match starts.
    pub(crate) fn accept_seek(
        self: &Arc<Self>,
        by: &PlayerRef,
        seek: Result<SeekId, &str>,
    ) -> Result<(), ServerError> {
        self.begin(|lobby| {
            let id = match seek {
                Ok(id) => lobby.public_seek(id),
                Err(code) => lobby.seek_by_code(code),
            };
            let info = id
                .and_then(|id| lobby.seek(id))
                .ok_or(ServerError::NoSuchSeek)?;
            if info.by.id == by.id {
                return Err(ServerError::OwnSeek);
            }
            Ok(Pairing {
                players: [info.by.clone(), by.clone()],
                settings: info.settings,
                origin: Origin::Seek(info.seek_id),
            })
        })
        .map(drop)
    }

    /// Wait in the pool, or be paired at once with the first player waiting
    /// for the same settings (who is then seat 0).
    pub(crate) fn pool_join(
        self: &Arc<Self>,
        by: &PlayerRef,
        settings: MatchSettings,
    ) -> Result<(), ServerError> {
        check_settings(&settings)?;
        self.check_free(&lock(&self.players), std::slice::from_ref(by), &settings)?;
        self.begin(|lobby| {
            if lobby.in_pool(by.id) {
                return Err(ServerError::AlreadyInPool);
            }
            Ok(match lobby.pool_partner(&settings) {
                Some(partner) => Pairing {
                    players: [partner, by.clone()],
                    settings,
                    origin: Origin::Pool,
                },
                None => Pairing {
                    players: [by.clone(), by.clone()],
                    settings,
                    origin: Origin::Wait,
                },
            })
        })
        .map(drop)
    }

    pub(crate) fn pool_leave(&self, by: PlayerId) -> Result<(), ServerError> {
        if lock(&self.lobby).pool_leave(by) {
            Ok(())
        } else {
            Err(ServerError::NotInPool)
        }
    }

    pub(crate) fn challenge(
        self: &Arc<Self>,
        from: &PlayerRef,
        name: &str,
        settings: MatchSettings,
    ) -> Result<ChallengeInfo, ServerError> {
        check_settings(&settings)?;
        let Some((to, to_peer)) = self.online_by_name(name) else {
            return Err(ServerError::NoSuchPlayer(name.to_owned()));
        };
        if to.id == from.id {
            return Err(ServerError::SelfChallenge);
        }
        self.check_free(&lock(&self.players), std::slice::from_ref(from), &settings)?;
        if lock(&self.lobby).challenges_from(from.id) >= self.config.max_challenges {
            return Err(ServerError::TooManyChallenges(self.config.max_challenges));
        }
        let ttl = self.config.challenge_ttl_ms;
        let info = ChallengeInfo {
            challenge_id: ChallengeId(self.next_id()),
            from: from.clone(),
            to,
            settings,
            expires_in_ms: ttl,
        };
        lock(&self.lobby).add_challenge(info.clone());
        to_peer.send_msg(&ServerMsg::ChallengeReceived {
            challenge: info.clone(),
        });
        self.timers
            .at(self.now() + ttl, Due::ChallengeExpiry(info.challenge_id));
        Ok(info)
    }

    /// Accept a challenge made to `by`: the match starts.
    pub(crate) fn challenge_accept(
        self: &Arc<Self>,
        by: PlayerId,
        challenge: ChallengeId,
    ) -> Result<(), ServerError> {
        self.begin(|lobby| match lobby.challenge(challenge) {
            Some(info) if info.to.id == by => Ok(Pairing {
                players: [info.from.clone(), info.to.clone()],
                settings: info.settings,
                origin: Origin::Challenge(challenge),
            }),
            _ => Err(ServerError::NoChallengeForYou(challenge)),
        })
        .map(drop)
    }

    /// Decline (by the challenged) or withdraw (by the challenger); `None` as
    /// `by` for the expiry timer. The other side is told.
    pub(crate) fn close_challenge(
        &self,
        challenge: ChallengeId,
        reason: ChallengeCloseReason,
        by: Option<PlayerId>,
    ) -> Result<(), ServerError> {
        let info = {
            let mut lobby = lock(&self.lobby);
            let allowed = match (lobby.challenge(challenge), reason, by) {
                (Some(info), ChallengeCloseReason::Declined, Some(by)) => info.to.id == by,
                (Some(info), ChallengeCloseReason::Withdrawn, Some(by)) => info.from.id == by,
                (Some(_), ChallengeCloseReason::Expired, None) => true,
                _ => false,
            };
            if allowed {
                lobby.remove_challenge(challenge)
            } else {
                None
            }
        };
        let Some(info) = info else {
            return Err(ServerError::NoPendingChallenge(challenge));
        };
        let msg = ServerMsg::ChallengeClosed {
            challenge_id: challenge,
            reason,
        };
        for player in [info.from.id, info.to.id] {
            if Some(player) != by
                && let Some(peer) = self.peer_of(player)
            {
                peer.send_msg(&msg);
            }
        }
        Ok(())
    }

    // --- matches --------------------------------------------------------

    /// Refuse when one of `players` may not take on a match with
    /// `settings`: a real-time one while he plays one already, or any while
    /// he plays as many live matches as allowed.
    fn check_free(
        &self,
        registry: &Players,
        players: &[PlayerRef],
        settings: &MatchSettings,
    ) -> Result<(), ServerError> {
        let max = self.config.max_live_matches;
        for player in players {
            let Some(identity) = registry.by_id.get(&player.id) else {
                continue;
            };
            if settings.time_control.is_real_time() && identity.live_real_time > 0 {
                return Err(ServerError::AlreadyPlaying(identity.player.name.clone()));
            }
            if identity.matches.len() >= max {
                return Err(ServerError::TooManyMatches {
                    name: identity.player.name.clone(),
                    max,
                });
            }
        }
        Ok(())
    }

    /// Pair two players in one step: `choose` says who and how from the
    /// lobby as it is; if both may play, what paired them (the seek, the
    /// pool place, the challenge) and both players' pool places are taken
    /// from the lobby and the match starts, all under the hub's locks; if
    /// not, nothing changes. `Origin::Wait` asks only whether the one player
    /// may wait (`Ok(None)`). Returns the new match.
    fn begin(
        self: &Arc<Self>,
        choose: impl FnOnce(&Lobby) -> Result<Pairing, ServerError>,
    ) -> Result<Option<MatchId>, ServerError> {
        let mut registry = lock(&self.players);
        let mut lobby = lock(&self.lobby);
        let pairing = choose(&lobby)?;
        if pairing.origin == Origin::Wait {
            lobby.pool_wait(pairing.players[0].clone(), pairing.settings);
            return Ok(None);
        }
        self.check_free(&registry, &pairing.players, &pairing.settings)?;
        lobby.take(&pairing);
        let Pairing {
            players, settings, ..
        } = pairing;
        let id = MatchId(self.next_id());
        let real_time = usize::from(settings.time_control.is_real_time());
        let mut links = [None, None];
        for (seat, player) in players.iter().enumerate() {
            if let Some(identity) = registry.by_id.get_mut(&player.id) {
                identity.matches.push(id);
                identity.live_real_time += real_time;
                links[seat] = identity.peer.clone();
            }
        }
        let first = if rand::rng().random::<bool>() {
            Side::Player0
        } else {
            Side::Player1
        };
        let timing = self.config.timing(settings.time_control);
        let (handle, summary) = start_match(
            self.match_env.clone(),
            id,
            players,
            settings,
            timing,
            first,
            links,
        );
        self.matches.insert(id, handle);
        lobby.list_match(summary);
        drop(lobby);
        drop(registry);
        Ok(Some(id))
    }

    /// The handle of a live (or just finished) match.
    pub(crate) fn match_handle(&self, id: MatchId) -> Option<MatchHandle> {
        self.matches.get(&id).map(|h| h.clone())
    }

    /// Whether a match still answers.
    pub(crate) fn is_live(&self, id: MatchId) -> bool {
        self.matches.contains_key(&id)
    }

    /// A match's score or spectators changed: update its lobby line.
    fn match_changed(&self, summary: MatchSummary) {
        lock(&self.lobby).update_match(summary);
    }

    /// A match ended: unlist it; its players are free of it.
    fn match_ended(&self, id: MatchId, players: [PlayerId; 2], real_time: bool) {
        let forget_at = self.now() + self.config.identity_ttl_ms;
        {
            let mut registry = lock(&self.players);
            for player in players {
                if let Some(identity) = registry.by_id.get_mut(&player) {
                    identity.matches.retain(|m| *m != id);
                    if real_time {
                        identity.live_real_time = identity.live_real_time.saturating_sub(1);
                    }
                    // Offline with nothing left at stake: he may be forgotten.
                    if identity.peer.is_none() && identity.matches.is_empty() {
                        self.timers.at(forget_at, Due::ForgetIdentity(player));
                    }
                }
            }
        }
        lock(&self.lobby).unlist_match(id);
    }
}
