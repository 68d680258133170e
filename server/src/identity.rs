//! Who the players are: names, tokens, the connection each is on, the live
//! matches each plays, and when each was last seen. Plain data with the
//! rules of signing in and out; the hub keeps it behind its lock, and
//! stores the changes each step reports ([`Write`]s).
//!
//! A token is kept only as its SHA-256: the journal (and a memory dump)
//! holds nothing that signs anyone in.

use crate::clock::Millis;
use crate::error::ServerError;
use crate::peer::Peer;
use crate::store::{StoredPlayer, Write};
use protocol::wire::{MatchId, MatchSettings, PlayerId, PlayerRef, close};
use rand::Rng;
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// A token's SHA-256.
type TokenHash = [u8; 32];

fn token_hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

struct Identity {
    player: PlayerRef,
    token: TokenHash,
    peer: Option<Peer>,
    /// When his last connection went away (or he first signed in).
    last_seen: Millis,
    /// Live matches this player plays in.
    matches: Vec<MatchId>,
    /// Live real-time matches: at most one at a time.
    live_real_time: usize,
}

/// Every player the server knows.
#[derive(Default)]
pub(crate) struct Identities {
    by_id: HashMap<PlayerId, Identity>,
    by_token: HashMap<TokenHash, PlayerId>,
    by_name: HashMap<String, PlayerId>,
    online: u32,
}

/// A player signed in.
pub(crate) struct SignedIn {
    pub(crate) player: PlayerRef,
    pub(crate) token: String,
    /// His live matches, whose seats now link to the new connection.
    pub(crate) matches: Vec<MatchId>,
    /// What to store: a new player (and the one who gave up his name).
    pub(crate) writes: Vec<Write>,
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

/// 128 random bits as 32 hex digits.
fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

impl Identities {
    /// Sign `peer` in as the player of `token`, or as a new player `name`
    /// (numbered `new_id`); an older connection of his is closed as replaced.
    pub(crate) fn sign_in(
        &mut self,
        name: &str,
        token: Option<&str>,
        peer: &Peer,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
    ) -> Result<SignedIn, ServerError> {
        let mut writes = Vec::new();
        let (id, token) = match token {
            Some(token) => {
                let id = self.by_token.get(&token_hash(token));
                (*id.ok_or(ServerError::UnknownToken)?, token.to_owned())
            }
            None => self.create(name, now, new_id, &mut writes)?,
        };
        let identity = self.by_id.get_mut(&id).ok_or(ServerError::UnknownToken)?;
        let came_online = identity.peer.is_none();
        if let Some(old) = identity.peer.replace(peer.clone()) {
            old.close(close::REPLACED, "signed in from another connection");
        }
        let signed_in = SignedIn {
            player: identity.player.clone(),
            token,
            matches: identity.matches.clone(),
            writes,
        };
        if came_online {
            self.online += 1;
        }
        Ok(signed_in)
    }

    /// A new identity named `name` and its token, unless someone online or
    /// with a live match has the name (ignoring case); an idle holder gives it up.
    fn create(
        &mut self,
        name: &str,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
        writes: &mut Vec<Write>,
    ) -> Result<(PlayerId, String), ServerError> {
        check_name(name)?;
        let key = name.to_ascii_lowercase();
        if let Some(&holder) = self.by_name.get(&key) {
            let busy = self
                .by_id
                .get(&holder)
                .is_some_and(|i| i.peer.is_some() || !i.matches.is_empty());
            if busy {
                return Err(ServerError::NameTaken(name.to_owned()));
            }
            self.forget(holder);
            writes.push(Write::Forget { id: holder.0 });
        }
        let id = new_id();
        let token = new_token();
        let hash = token_hash(&token);
        self.by_name.insert(key, id);
        self.by_token.insert(hash, id);
        writes.push(Write::Player {
            id: id.0,
            name: name.to_owned(),
            token_sha256: hash,
            at_ms: now,
        });
        let player = PlayerRef {
            id,
            name: name.to_owned(),
        };
        self.by_id.insert(
            id,
            Identity {
                player,
                token: hash,
                peer: None,
                last_seen: now,
                matches: Vec::new(),
                live_real_time: 0,
            },
        );
        Ok((id, token))
    }

    /// The players the journal holds, offline, as they were stored.
    pub(crate) fn restore(&mut self, players: Vec<StoredPlayer>) {
        for stored in players {
            let id = PlayerId(stored.id);
            self.by_name.insert(stored.name.to_ascii_lowercase(), id);
            self.by_token.insert(stored.token_sha256, id);
            let player = PlayerRef {
                id,
                name: stored.name,
            };
            self.by_id.insert(
                id,
                Identity {
                    player,
                    token: stored.token_sha256,
                    peer: None,
                    last_seen: stored.last_seen_ms,
                    matches: Vec::new(),
                    live_real_time: 0,
                },
            );
        }
    }

    /// Every player known, with when he was last seen and whether he has a live match.
    pub(crate) fn idle_since(&self) -> Vec<(PlayerId, Millis)> {
        self.by_id
            .values()
            .filter(|i| i.peer.is_none() && i.matches.is_empty())
            .map(|i| (i.player.id, i.last_seen))
            .collect()
    }

    /// Forget a player who just signed in (his sign-in could not be stored).
    pub(crate) fn discard(&mut self, player: PlayerId) {
        if self.by_id.get(&player).is_some_and(|i| i.peer.is_some()) {
            self.online = self.online.saturating_sub(1);
        }
        self.forget(player);
    }

    /// The connection `conn` of `player` is gone at `now`: his live matches,
    /// or `None` when a newer connection had taken over (nothing changes).
    pub(crate) fn sign_out(
        &mut self,
        player: PlayerId,
        conn: u64,
        now: Millis,
    ) -> Option<Vec<MatchId>> {
        let identity = self.by_id.get_mut(&player)?;
        if identity.peer.as_ref().map(Peer::id) != Some(conn) {
            return None;
        }
        identity.peer = None;
        identity.last_seen = now;
        self.online = self.online.saturating_sub(1);
        Some(identity.matches.clone())
    }

    /// Players connected now.
    pub(crate) fn online(&self) -> u32 {
        self.online
    }

    /// Players known, online or not.
    pub(crate) fn known(&self) -> usize {
        self.by_id.len()
    }

    /// The player numbered `player`, if he is known.
    pub(crate) fn player(&self, player: PlayerId) -> Option<PlayerRef> {
        self.by_id.get(&player).map(|i| i.player.clone())
    }

    /// The connection a player is on now, if any.
    pub(crate) fn peer_of(&self, player: PlayerId) -> Option<Peer> {
        self.by_id.get(&player).and_then(|i| i.peer.clone())
    }

    /// Whether `player` has no connection (or is not known).
    pub(crate) fn is_offline(&self, player: PlayerId) -> bool {
        self.by_id.get(&player).is_none_or(|i| i.peer.is_none())
    }

    /// The player holding `name` (any case), online or not.
    pub(crate) fn by_name(&self, name: &str) -> Option<PlayerRef> {
        let id = self.by_name.get(&name.to_ascii_lowercase())?;
        self.player(*id)
    }

    /// The player online under `name` (any case), with his connection.
    pub(crate) fn online_by_name(&self, name: &str) -> Option<(PlayerRef, Peer)> {
        let id = self.by_name.get(&name.to_ascii_lowercase())?;
        let identity = self.by_id.get(id)?;
        Some((identity.player.clone(), identity.peer.clone()?))
    }

    /// Refuse when one of `players` may not take on a match with
    /// `settings`: a real-time one while he plays one already, or any while
    /// he plays `max` live matches.
    pub(crate) fn check_free(
        &self,
        players: &[PlayerRef],
        settings: &MatchSettings,
        max: usize,
    ) -> Result<(), ServerError> {
        for identity in players.iter().filter_map(|p| self.by_id.get(&p.id)) {
            let name = || identity.player.name.clone();
            if settings.time_control.is_real_time() && identity.live_real_time > 0 {
                return Err(ServerError::AlreadyPlaying(name()));
            }
            if identity.matches.len() >= max {
                return Err(ServerError::TooManyMatches { name: name(), max });
            }
        }
        Ok(())
    }

    /// `players` begin match `id`: the connections they are on now.
    pub(crate) fn engage(
        &mut self,
        players: &[PlayerRef; 2],
        id: MatchId,
        real_time: bool,
    ) -> [Option<Peer>; 2] {
        let mut links = [None, None];
        for (seat, player) in players.iter().enumerate() {
            if let Some(identity) = self.by_id.get_mut(&player.id) {
                identity.matches.push(id);
                identity.live_real_time += usize::from(real_time);
                links[seat] = identity.peer.clone();
            }
        }
        links
    }

    /// Match `id` of `players` ended: those now offline with no live match.
    pub(crate) fn release(
        &mut self,
        players: [PlayerId; 2],
        id: MatchId,
        real_time: bool,
    ) -> Vec<PlayerId> {
        let mut idle = Vec::new();
        for player in players {
            if let Some(identity) = self.by_id.get_mut(&player) {
                identity.matches.retain(|m| *m != id);
                if real_time {
                    identity.live_real_time = identity.live_real_time.saturating_sub(1);
                }
                if identity.peer.is_none() && identity.matches.is_empty() {
                    idle.push(player);
                }
            }
        }
        idle
    }

    /// Forget `player` if he has been offline `ttl` by `now` with no live
    /// match: his name is free and his token names nobody. Whether he was.
    pub(crate) fn forget_if_idle(&mut self, player: PlayerId, now: Millis, ttl: u64) -> bool {
        let idle = self.by_id.get(&player).is_some_and(|i| {
            i.peer.is_none() && i.matches.is_empty() && now >= i.last_seen.saturating_add(ttl)
        });
        if idle {
            self.forget(player);
        }
        idle
    }

    fn forget(&mut self, player: PlayerId) {
        if let Some(identity) = self.by_id.remove(&player) {
            self.by_token.remove(&identity.token);
            let key = identity.player.name.to_ascii_lowercase();
            if self.by_name.get(&key) == Some(&player) {
                self.by_name.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::wire::TimeControl;

    fn peer(id: u64) -> Peer {
        crate::peer::for_tests(id)
    }

    fn ids() -> impl FnMut() -> PlayerId {
        let mut next = 0;
        move || {
            next += 1;
            PlayerId(next)
        }
    }

    #[test]
    fn a_name_is_taken_while_its_holder_is_online_or_playing() {
        let mut known = Identities::default();
        let mut next = ids();
        let ann = known
            .sign_in("Ann", None, &peer(1), 0, &mut next)
            .expect("ann");
        assert_eq!(known.online(), 1);
        assert_eq!(
            known.sign_in("ANN", None, &peer(2), 0, &mut next).err(),
            Some(ServerError::NameTaken("ANN".into()))
        );
        assert_eq!(
            known
                .sign_in("no spaces", None, &peer(2), 0, &mut next)
                .err(),
            Some(ServerError::InvalidName)
        );
        // Offline but playing: still hers.
        let players = [ann.player.clone(), ann.player.clone()];
        known.engage(&players, MatchId(9), false);
        known.sign_out(ann.player.id, 1, 10);
        assert!(known.sign_in("ann", None, &peer(3), 20, &mut next).is_err());
        // Offline with nothing at stake: she gives it up, and her token goes.
        known.release([ann.player.id; 2], MatchId(9), false);
        let again = known
            .sign_in("ann", None, &peer(3), 30, &mut next)
            .expect("free");
        assert_ne!(again.player.id, ann.player.id);
        assert_eq!(
            known
                .sign_in("x", Some(&ann.token), &peer(4), 30, &mut next)
                .err(),
            Some(ServerError::UnknownToken)
        );
    }

    #[test]
    fn a_token_signs_in_again_and_replaces_the_older_connection() {
        let mut known = Identities::default();
        let mut next = ids();
        let first = peer(1);
        let ann = known
            .sign_in("ann", None, &first, 0, &mut next)
            .expect("ann");
        let second = peer(2);
        let again = known
            .sign_in("ignored", Some(&ann.token), &second, 5, &mut next)
            .expect("by token");
        assert_eq!(again.player, ann.player);
        assert_eq!(known.online(), 1, "she never left");
        assert!(
            first.is_closed(),
            "the older connection is closed as replaced"
        );
        // The older connection's end changes nothing; the newer one's does.
        assert_eq!(known.sign_out(ann.player.id, 1, 6), None);
        assert_eq!(known.online(), 1);
        assert_eq!(known.sign_out(ann.player.id, 2, 7), Some(Vec::new()));
        assert_eq!(known.online(), 0);
        assert!(known.is_offline(ann.player.id));
    }

    #[test]
    fn the_live_match_cap_and_the_one_real_time_match() {
        let mut known = Identities::default();
        let mut next = ids();
        let ann = known
            .sign_in("ann", None, &peer(1), 0, &mut next)
            .expect("ann")
            .player;
        let bob = known
            .sign_in("bob", None, &peer(2), 0, &mut next)
            .expect("bob")
            .player;
        let blitz = MatchSettings {
            time_control: TimeControl::RealTime {
                initial_ms: 60_000,
                increment_ms: 0,
            },
            ..MatchSettings::default()
        };
        let pair = [ann.clone(), bob.clone()];
        assert!(known.check_free(&pair, &blitz, 2).is_ok());
        let links = known.engage(&pair, MatchId(1), true);
        assert!(links.iter().all(Option::is_some));
        assert_eq!(
            known.check_free(&pair, &blitz, 2).err(),
            Some(ServerError::AlreadyPlaying("ann".into()))
        );
        let untimed = MatchSettings::default();
        assert!(known.check_free(&pair, &untimed, 2).is_ok());
        known.engage(&pair, MatchId(2), false);
        assert_eq!(
            known.check_free(&pair, &untimed, 2).err(),
            Some(ServerError::TooManyMatches {
                name: "ann".into(),
                max: 2
            })
        );
        assert_eq!(
            known.release([ann.id, bob.id], MatchId(1), true),
            Vec::new()
        );
        assert!(known.check_free(&pair, &blitz, 3).is_ok());
    }

    #[test]
    fn only_the_idle_are_forgotten() {
        let mut known = Identities::default();
        let mut next = ids();
        let ann = known
            .sign_in("ann", None, &peer(1), 0, &mut next)
            .expect("ann");
        assert!(!known.forget_if_idle(ann.player.id, 10_000, 100), "online");
        known.sign_out(ann.player.id, 1, 1_000);
        assert!(!known.forget_if_idle(ann.player.id, 1_099, 100), "not yet");
        assert!(known.forget_if_idle(ann.player.id, 1_100, 100));
        assert_eq!(known.known(), 0);
        assert!(known.online_by_name("ann").is_none());
    }
}
