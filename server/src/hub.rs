//! The shared state of a running server: who is online, the lobby (seeks,
//! quick pairing, challenges, the live-match list) and the registry of live
//! matches. A cheap-clone handle (`Arc<Hub>`); every lock here is a short
//! `std::sync::Mutex` section that never spans an `.await`.
//!
//! Lock order: `players` before `lobby`, never the other way round.

use crate::config::Config;
use crate::game::{MatchCmd, MatchHandle, start_match};
use crate::lobby::Lobby;
use crate::metrics::Metrics;
use crate::peer::Peer;
use protocol::wire::{
    ChallengeCloseReason, ChallengeId, ChallengeInfo, ErrorCode, MatchId, MatchSettings,
    MatchSummary, PlayerId, PlayerRef, RequestId, SeekId, ServerMsg, close,
};
use rand::Rng;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// A request refused: the code and the words for the error reply.
pub(crate) type Refused = (ErrorCode, String);

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refused> {
    Err((code, message.into()))
}

struct Identity {
    player: PlayerRef,
    token: String,
    peer: Option<Peer>,
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
pub(crate) fn check_name(name: &str) -> Result<(), Refused> {
    let valid_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if (1..=20).contains(&name.len()) && valid_chars {
        Ok(())
    } else {
        refuse(
            ErrorCode::InvalidName,
            "a name is 1 to 20 letters, digits, '_' or '-'",
        )
    }
}

/// Games 1 to 9 and a time control in range; the rules are checked when
/// the settings are read.
pub(crate) fn check_settings(settings: &MatchSettings) -> Result<(), Refused> {
    if !MatchSettings::GAMES.contains(&settings.games) {
        return refuse(
            ErrorCode::InvalidSettings,
            format!("a match has 1 to 9 games, not {}", settings.games),
        );
    }
    settings
        .time_control
        .check()
        .map_err(|message| (ErrorCode::InvalidSettings, message))
}

/// 128 random bits as 32 hex digits.
fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

impl Hub {
    pub(crate) fn new(config: Config) -> Arc<Hub> {
        Arc::new(Hub {
            config,
            ids: AtomicU64::new(1),
            players: Mutex::new(Players::default()),
            lobby: Mutex::new(Lobby::default()),
            matches: dashmap::DashMap::new(),
            metrics: Arc::new(Metrics::default()),
            per_ip: Mutex::new(HashMap::new()),
        })
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

    /// The text of `GET /metrics`.
    pub(crate) fn metrics_text(&self) -> String {
        let online = lock(&self.players).online;
        self.metrics.render(online, self.matches.len())
    }

    /// A fresh number for a connection, player, seek, challenge or match.
    pub(crate) fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }

    // --- identity -------------------------------------------------------

    /// Sign `peer` in as the player of `token`, or as a new player `name`.
    /// Returns the `welcome` for him: who he is, his token, his open seeks
    /// and live matches.
    pub(crate) fn login(
        &self,
        name: &str,
        token: Option<&str>,
        peer: &Peer,
    ) -> Result<ServerMsg, Refused> {
        let mut players = lock(&self.players);
        let id = match token {
            Some(token) => match players.by_token.get(token) {
                Some(&id) => id,
                None => return refuse(ErrorCode::UnknownToken, "no player has that token"),
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
                        return refuse(ErrorCode::NameTaken, format!("'{name}' is taken"));
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
                        matches: Vec::new(),
                        live_real_time: 0,
                    },
                );
                id
            }
        };
        let Some(identity) = players.by_id.get_mut(&id) else {
            return refuse(ErrorCode::UnknownToken, "no player has that token");
        };
        let was_online = identity.peer.is_some();
        if let Some(old) = identity.peer.replace(peer.clone()) {
            old.close(close::REPLACED, "signed in from another connection");
        }
        let player = identity.player.clone();
        let token = identity.token.clone();
        let match_ids = identity.matches.clone();
        if !was_online {
            players.online += 1;
            self.tell_matches(&match_ids, player.id, true);
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

    /// Tell each of `matches` that `player` left or came back.
    fn tell_matches(&self, matches: &[MatchId], player: PlayerId, online: bool) {
        for id in matches {
            if let Some(handle) = self.matches.get(id)
                && let Some(seat) = handle.seat_of(player)
            {
                // A full queue drops the notice; the match keeps the seat either way.
                let _ = handle.tx.try_send(MatchCmd::Presence { seat, online });
            }
        }
    }

    /// The connection `conn` of `player` is gone: he is offline; his pool
    /// place and challenges go with him, his seeks after a grace period
    /// unless he is back, and his matches keep his seat.
    pub(crate) fn logout(self: &Arc<Self>, player: PlayerId, conn: u64) {
        let mut players = lock(&self.players);
        let Some(identity) = players.by_id.get_mut(&player) else {
            return;
        };
        if identity.peer.as_ref().map(Peer::id) != Some(conn) {
            return; // a newer connection took over
        }
        identity.peer = None;
        let match_ids = identity.matches.clone();
        self.tell_matches(&match_ids, player, false);
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
        let hub = Arc::clone(self);
        let grace = std::time::Duration::from_millis(self.config.seek_grace_ms);
        tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            let offline = lock(&hub.players)
                .by_id
                .get(&player)
                .is_none_or(|i| i.peer.is_none());
            if offline {
                lock(&hub.lobby).remove_seeks_of(player);
            }
        });
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
        peer.send_msg(&lobby.snapshot(id));
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
    ) -> Result<ServerMsg, Refused> {
        check_settings(&settings)?;
        self.check_free(&[by.id], &settings)?;
        let seek_id = SeekId(self.next_id());
        let code = private.then(|| format!("{:08x}", rand::rng().random::<u32>()));
        let mut lobby = lock(&self.lobby);
        if lobby.seeks_of(by.id) >= self.config.max_open_seeks {
            return refuse(
                ErrorCode::TooManySeeks,
                format!(
                    "at most {} open seeks per player",
                    self.config.max_open_seeks
                ),
            );
        }
        let seek = lobby.add_seek(seek_id, by.clone(), settings, code.clone());
        Ok(ServerMsg::SeekCreated {
            id: None,
            seek,
            code,
        })
    }

    pub(crate) fn cancel_seek(&self, by: PlayerId, seek: SeekId) -> Result<(), Refused> {
        let mut lobby = lock(&self.lobby);
        match lobby.seek_owner(seek) {
            Some(owner) if owner == by => {
                lobby.remove_seek(seek);
                Ok(())
            }
            _ => refuse(
                ErrorCode::NoSuchSeek,
                format!("you have no open seek {seek}"),
            ),
        }
    }

    /// Accept a seek by id (public) or code (private): the match starts.
    pub(crate) fn accept_seek(
        self: &Arc<Self>,
        by: &PlayerRef,
        seek: Result<SeekId, &str>,
    ) -> Result<(), Refused> {
        let (id, owner, settings) = {
            let lobby = lock(&self.lobby);
            let id = match seek {
                Ok(id) => lobby.public_seek(id),
                Err(code) => lobby.seek_by_code(code),
            };
            let Some((id, info)) = id.and_then(|id| lobby.seek(id).map(|info| (id, info))) else {
                return refuse(ErrorCode::NoSuchSeek, "no such open seek");
            };
            if info.by.id == by.id {
                return refuse(ErrorCode::OwnSeek, "you cannot accept your own seek");
            }
            (id, info.by.clone(), info.settings)
        };
        // Checked outside the lobby lock (players come first in the lock order).
        self.check_free(&[owner.id, by.id], &settings)?;
        if !lock(&self.lobby).remove_seek(id) {
            return refuse(ErrorCode::NoSuchSeek, "no such open seek");
        }
        self.begin_match([owner, by.clone()], settings)
    }

    pub(crate) fn pool_join(
        self: &Arc<Self>,
        by: &PlayerRef,
        settings: MatchSettings,
    ) -> Result<Option<PlayerRef>, Refused> {
        check_settings(&settings)?;
        self.check_free(&[by.id], &settings)?;
        let partner = {
            let mut lobby = lock(&self.lobby);
            if lobby.in_pool(by.id) {
                return refuse(ErrorCode::AlreadyInPool, "you are already waiting");
            }
            lobby.pool_pair_or_wait(by.clone(), settings)
        };
        if let Some(partner) = &partner {
            self.begin_match([partner.clone(), by.clone()], settings)?;
        }
        Ok(partner)
    }

    pub(crate) fn pool_leave(&self, by: PlayerId) -> Result<(), Refused> {
        if lock(&self.lobby).pool_leave(by) {
            Ok(())
        } else {
            refuse(ErrorCode::NotInPool, "you are not waiting in the pool")
        }
    }

    pub(crate) fn challenge(
        self: &Arc<Self>,
        from: &PlayerRef,
        name: &str,
        settings: MatchSettings,
    ) -> Result<ChallengeInfo, Refused> {
        check_settings(&settings)?;
        let Some((to, to_peer)) = self.online_by_name(name) else {
            return refuse(
                ErrorCode::NoSuchPlayer,
                format!("no player '{name}' is online"),
            );
        };
        if to.id == from.id {
            return refuse(ErrorCode::SelfChallenge, "you cannot challenge yourself");
        }
        self.check_free(&[from.id], &settings)?;
        if lock(&self.lobby).challenges_from(from.id) >= self.config.max_challenges {
            return refuse(
                ErrorCode::TooManyChallenges,
                format!(
                    "at most {} pending challenges per player",
                    self.config.max_challenges
                ),
            );
        }
        let ttl = self.config.challenge_ttl();
        let info = ChallengeInfo {
            challenge_id: ChallengeId(self.next_id()),
            from: from.clone(),
            to,
            settings,
            expires_in_ms: ttl.as_millis() as u64,
        };
        lock(&self.lobby).add_challenge(info.clone());
        to_peer.send_msg(&ServerMsg::ChallengeReceived {
            challenge: info.clone(),
        });
        let hub = Arc::clone(self);
        let challenge = info.challenge_id;
        tokio::spawn(async move {
            tokio::time::sleep(ttl).await;
            // Already answered or withdrawn: nothing to expire.
            let _ = hub.close_challenge(challenge, ChallengeCloseReason::Expired, None);
        });
        Ok(info)
    }

    /// Accept a challenge made to `by`: the match starts.
    pub(crate) fn challenge_accept(
        self: &Arc<Self>,
        by: PlayerId,
        challenge: ChallengeId,
    ) -> Result<(), Refused> {
        let info = {
            let mut lobby = lock(&self.lobby);
            match lobby.challenge(challenge) {
                Some(info) if info.to.id == by => lobby.remove_challenge(challenge),
                _ => None,
            }
        };
        let Some(info) = info else {
            return refuse(
                ErrorCode::NoSuchChallenge,
                format!("no challenge {challenge} waits for you"),
            );
        };
        self.begin_match([info.from, info.to], info.settings)
    }

    /// Decline (by the challenged) or withdraw (by the challenger); `None` as
    /// `by` for the expiry timer. The other side is told.
    pub(crate) fn close_challenge(
        &self,
        challenge: ChallengeId,
        reason: ChallengeCloseReason,
        by: Option<PlayerId>,
    ) -> Result<(), Refused> {
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
            return refuse(
                ErrorCode::NoSuchChallenge,
                format!("no challenge {challenge} of yours is pending"),
            );
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

    /// Refuse real-time settings when one of `players` is already in a live
    /// real-time match (correspondence and untimed matches are not limited).
    fn check_free(&self, players: &[PlayerId], settings: &MatchSettings) -> Result<(), Refused> {
        if !settings.time_control.is_real_time() {
            return Ok(());
        }
        let registry = lock(&self.players);
        match players
            .iter()
            .filter_map(|id| registry.by_id.get(id))
            .find(|identity| identity.live_real_time > 0)
        {
            Some(busy) => refuse(
                ErrorCode::AlreadyPlaying,
                format!(
                    "{} is already playing a real-time match (one at a time)",
                    busy.player.name
                ),
            ),
            None => Ok(()),
        }
    }

    /// Start a match between seat 0 and seat 1 and list it in the lobby;
    /// refused when it is real-time and one of them already plays one.
    fn begin_match(
        self: &Arc<Self>,
        players: [PlayerRef; 2],
        settings: MatchSettings,
    ) -> Result<(), Refused> {
        let real_time = usize::from(settings.time_control.is_real_time());
        let id = MatchId(self.next_id());
        {
            let mut registry = lock(&self.players);
            let busy = players.iter().find(|p| {
                real_time > 0
                    && registry
                        .by_id
                        .get(&p.id)
                        .is_some_and(|i| i.live_real_time > 0)
            });
            if let Some(busy) = busy {
                return refuse(
                    ErrorCode::AlreadyPlaying,
                    format!(
                        "{} is already playing a real-time match (one at a time)",
                        busy.name
                    ),
                );
            }
            for player in &players {
                if let Some(identity) = registry.by_id.get_mut(&player.id) {
                    identity.matches.push(id);
                    identity.live_real_time += real_time;
                }
            }
        }
        let (handle, summary) = start_match(Arc::clone(self), id, players, settings);
        self.matches.insert(id, handle);
        lock(&self.lobby).list_match(summary);
        Ok(())
    }

    /// Start the rematch two players agreed on (seats already swapped).
    pub(crate) fn rematch(
        self: &Arc<Self>,
        players: [PlayerRef; 2],
        settings: MatchSettings,
    ) -> Result<(), Refused> {
        self.begin_match(players, settings)
    }

    /// The handle of a live (or just finished) match.
    pub(crate) fn match_handle(&self, id: MatchId) -> Option<MatchHandle> {
        self.matches.get(&id).map(|h| h.clone())
    }

    /// A match's score or spectators changed: update its lobby line.
    pub(crate) fn match_changed(&self, summary: MatchSummary) {
        lock(&self.lobby).update_match(summary);
    }

    /// A match ended: unlist it; its players are free of it.
    pub(crate) fn match_ended(&self, id: MatchId, players: [PlayerId; 2], real_time: bool) {
        {
            let mut registry = lock(&self.players);
            for player in players {
                if let Some(identity) = registry.by_id.get_mut(&player) {
                    identity.matches.retain(|m| *m != id);
                    if real_time {
                        identity.live_real_time = identity.live_real_time.saturating_sub(1);
                    }
                }
            }
        }
        lock(&self.lobby).unlist_match(id);
    }

    /// A finished match stopped answering: forget it.
    pub(crate) fn forget_match(&self, id: MatchId) {
        self.matches.remove(&id);
    }
}
