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
use crate::players::names::{check_name, look_key, name_key};
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
    /// His password's Argon2id hash (PHC string); `None`: a guest.
    password: Option<String>,
    peer: Option<Peer>,
    /// When his last connection went away or his last match ended (or he
    /// first signed in): a guest's name is kept that long after it.
    last_seen: Millis,
    /// Live matches this player plays in.
    matches: Vec<MatchId>,
    /// Live real-time matches: at most one at a time.
    live_real_time: usize,
    /// Whether a timer to forget him is waiting (one at a time).
    forget_armed: bool,
    /// Whom he played last (quick pairing does not pair the two again
    /// while someone else waits).
    last_opponent: Option<PlayerId>,
    /// One of the server's computer players: he plays any number of
    /// matches at once, real-time ones too.
    computer: bool,
    /// Whether a match of his has ended: a guest who never played is
    /// forgotten sooner.
    played: bool,
}

/// Every player the server knows.
pub(crate) struct Identities {
    by_id: HashMap<PlayerId, Identity>,
    by_token: HashMap<TokenHash, PlayerId>,
    by_name: HashMap<String, PlayerId>,
    /// Holders by what their names look like ([`look_key`]): a new name
    /// may not look like one held.
    by_look: HashMap<String, PlayerId>,
    online: u32,
    /// How long guests are kept, and how many.
    rules: GuestRules,
    /// Guests known (no password, not a computer), online or not.
    guests: usize,
}

/// How long a guest's name is kept after he was last seen, and how many
/// guests are kept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GuestRules {
    /// A guest who has finished a match.
    pub(crate) ttl: u64,
    /// A guest who never has.
    pub(crate) unplayed_ttl: u64,
    /// Guests kept in all; a new one past it is refused.
    pub(crate) max: usize,
}

impl Default for Identities {
    fn default() -> Identities {
        Identities::new(u64::MAX)
    }
}

/// What a forget timer led to.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ForgetDue {
    Forgotten,
    /// Not yet: look again then.
    Later(Millis),
    Nothing,
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

/// 128 random bits as 32 hex digits.
fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The names of the server's computer players: `computer-` and a number.
/// Nobody else may take one.
pub(crate) fn is_computer_name(name: &str) -> bool {
    name_key(name)
        .strip_prefix("computer-")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// How many live matches one may play at once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LiveLimits {
    /// A person, whatever the time control (real-time ones one at a time besides).
    pub(crate) per_player: usize,
    /// A computer player.
    pub(crate) per_computer: usize,
}

/// A computer player's "password": not a password hash, so that no
/// password signs in as him, while it keeps his name for good.
const NO_PASSWORD: &str = "!computer-player";

impl Identities {
    /// Nobody yet; a guest's name is kept `guest_ttl` ms after he was last
    /// seen, whether he played or not, and any number of guests.
    pub(crate) fn new(guest_ttl: u64) -> Identities {
        Identities::with_rules(GuestRules {
            ttl: guest_ttl,
            unplayed_ttl: guest_ttl,
            max: usize::MAX,
        })
    }

    /// Nobody yet, guests kept by `rules`.
    pub(crate) fn with_rules(rules: GuestRules) -> Identities {
        Identities {
            by_id: HashMap::new(),
            by_token: HashMap::new(),
            by_name: HashMap::new(),
            by_look: HashMap::new(),
            online: 0,
            rules,
            guests: 0,
        }
    }

    /// How long `identity` is kept after he was last seen, as a guest.
    fn ttl_of(&self, identity: &Identity) -> u64 {
        if identity.played {
            self.rules.ttl
        } else {
            self.rules.unplayed_ttl
        }
    }

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
            None if is_computer_name(name) => {
                return Err(ServerError::NameTaken(name.to_owned()));
            }
            None => self.create(name, now, new_id, &mut writes)?,
        };
        self.connect(id, token, peer, writes)
    }

    /// Sign `peer` in as the computer player `name`, made if he is new:
    /// with a new token each time (nobody else ever holds one), and kept
    /// for good like a player with a password (his can match no password).
    pub(crate) fn sign_in_computer(
        &mut self,
        name: &str,
        peer: &Peer,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
    ) -> Result<SignedIn, ServerError> {
        let mut writes = Vec::new();
        let id = match self.by_name.get(&name_key(name)) {
            Some(&id) => id,
            None => self.create(name, now, new_id, &mut writes)?.0,
        };
        let identity = self.by_id.get_mut(&id).ok_or(ServerError::UnknownToken)?;
        identity.computer = true;
        if identity.password.is_none() {
            self.guests = self.guests.saturating_sub(1);
            identity.password = Some(NO_PASSWORD.to_owned());
            writes.push(Write::Password {
                id: id.0,
                hash: NO_PASSWORD.to_owned(),
            });
        }
        let token = new_token();
        let hash = token_hash(&token);
        self.by_token.remove(&identity.token);
        identity.token = hash;
        self.by_token.insert(hash, id);
        writes.push(Write::Token {
            id: id.0,
            token_sha256: hash,
        });
        self.connect(id, token, peer, writes)
    }

    /// The holder of `name` and his password's hash, if he has one; for a
    /// sign-in by password.
    pub(crate) fn password_of(&self, name: &str) -> Option<(PlayerId, String)> {
        let id = *self.by_name.get(&name_key(name))?;
        let password = self.by_id.get(&id)?.password.clone()?;
        Some((id, password))
    }

    /// Sign `peer` in as `player`, whose password was just checked: he gets
    /// a new token (the old one names nobody any more).
    pub(crate) fn sign_in_by_password(
        &mut self,
        player: PlayerId,
        peer: &Peer,
    ) -> Result<SignedIn, ServerError> {
        let identity = self
            .by_id
            .get_mut(&player)
            .ok_or(ServerError::BadCredentials)?;
        let token = new_token();
        let hash = token_hash(&token);
        self.by_token.remove(&identity.token);
        identity.token = hash;
        self.by_token.insert(hash, player);
        let writes = vec![Write::Token {
            id: player.0,
            token_sha256: hash,
        }];
        self.connect(player, token, peer, writes)
    }

    /// Set `player`'s password (its hash): his name is kept from now on.
    pub(crate) fn set_password(&mut self, player: PlayerId, hash: String) -> Option<Write> {
        let identity = self.by_id.get_mut(&player)?;
        if identity.password.is_none() {
            self.guests = self.guests.saturating_sub(1);
        }
        identity.password = Some(hash.clone());
        Some(Write::Password { id: player.0, hash })
    }

    /// `peer` is now `id`'s connection; an older one is closed as replaced.
    fn connect(
        &mut self,
        id: PlayerId,
        token: String,
        peer: &Peer,
        writes: Vec<Write>,
    ) -> Result<SignedIn, ServerError> {
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

    /// A new identity named `name` and its token, unless someone holds the
    /// name (compared by [`name_key`]): a guest gives it up only once he has
    /// been offline with no live match for the guest time; a player with a
    /// password never does.
    fn create(
        &mut self,
        name: &str,
        now: Millis,
        new_id: impl FnOnce() -> PlayerId,
        writes: &mut Vec<Write>,
    ) -> Result<(PlayerId, String), ServerError> {
        let name = &check_name(name)?;
        if self.guests >= self.rules.max {
            return Err(ServerError::TooManyGuests(self.rules.max));
        }
        let key = name_key(name);
        let look = look_key(name);
        if let Some(&holder) = self.by_name.get(&key) {
            if !self.forgettable(holder, now) {
                return Err(ServerError::NameTaken(name.to_owned()));
            }
            self.forget(holder);
            writes.push(Write::Forget { id: holder.0 });
        }
        if let Some(&holder) = self.by_look.get(&look) {
            if !self.forgettable(holder, now) {
                let like = self.by_id.get(&holder).map(|i| i.player.name.clone());
                return Err(ServerError::NameLooksTaken {
                    name: name.to_owned(),
                    like: like.unwrap_or_default(),
                });
            }
            self.forget(holder);
            writes.push(Write::Forget { id: holder.0 });
        }
        let id = new_id();
        let token = new_token();
        let hash = token_hash(&token);
        self.by_name.insert(key, id);
        self.by_look.insert(look, id);
        self.by_token.insert(hash, id);
        writes.push(Write::Player {
            id: id.0,
            name: name.to_owned(),
            name_key: crate::players::names::name_key(name),
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
                password: None,
                peer: None,
                last_seen: now,
                matches: Vec::new(),
                live_real_time: 0,
                forget_armed: false,
                last_opponent: None,
                computer: false,
                played: false,
            },
        );
        self.guests += 1;
        Ok((id, token))
    }

    /// The players the journal holds, offline, as they were stored.
    pub(crate) fn restore(&mut self, players: Vec<StoredPlayer>) {
        for stored in players {
            let id = PlayerId(stored.id);
            self.by_name.insert(name_key(&stored.name), id);
            // Names kept from before this check may look alike: the first
            // keeps the look, and both keep their names.
            self.by_look.entry(look_key(&stored.name)).or_insert(id);
            self.by_token.insert(stored.token_sha256, id);
            let player = PlayerRef {
                id,
                name: stored.name,
            };
            if stored.password.is_none() {
                self.guests += 1;
            }
            self.by_id.insert(
                id,
                Identity {
                    player,
                    token: stored.token_sha256,
                    password: stored.password,
                    peer: None,
                    last_seen: stored.last_seen_ms,
                    matches: Vec::new(),
                    live_real_time: 0,
                    forget_armed: false,
                    last_opponent: None,
                    computer: false,
                    played: stored.played,
                },
            );
        }
    }

    /// When `player`, a guest now offline with no live match, is to be
    /// forgotten, if no timer for it is waiting yet (one is then taken to
    /// be set): at most one timer per player, however often he comes and goes.
    pub(crate) fn arm_forget(&mut self, player: PlayerId) -> Option<Millis> {
        let identity = self.by_id.get_mut(&player)?;
        let idle = identity.peer.is_none() && identity.matches.is_empty();
        if !idle || identity.password.is_some() || identity.forget_armed {
            return None;
        }
        identity.forget_armed = true;
        let ttl = if identity.played {
            self.rules.ttl
        } else {
            self.rules.unplayed_ttl
        };
        Some(identity.last_seen.saturating_add(ttl))
    }

    /// Every guest who is offline with no live match, each with when he is
    /// to be forgotten (a timer is taken to be set for each).
    pub(crate) fn arm_all_forgets(&mut self) -> Vec<(PlayerId, Millis)> {
        let ids: Vec<PlayerId> = self.by_id.keys().copied().collect();
        ids.into_iter()
            .filter_map(|id| Some((id, self.arm_forget(id)?)))
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

    /// Whom `player` played last.
    pub(crate) fn last_opponent(&self, player: PlayerId) -> Option<PlayerId> {
        self.by_id.get(&player)?.last_opponent
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
        let id = self.by_name.get(&name_key(name))?;
        self.player(*id)
    }

    /// The player online under `name` (any case), with his connection.
    pub(crate) fn online_by_name(&self, name: &str) -> Option<(PlayerRef, Peer)> {
        let id = self.by_name.get(&name_key(name))?;
        let identity = self.by_id.get(id)?;
        Some((identity.player.clone(), identity.peer.clone()?))
    }

    /// Refuse when one of `players` may not take on a match with
    /// `settings`: a person a real-time one while he plays one already, or
    /// any while he plays his most live matches; a computer any while he
    /// plays his most (his searches share the server's threads).
    pub(crate) fn check_free(
        &self,
        players: &[PlayerRef],
        settings: &MatchSettings,
        limits: LiveLimits,
    ) -> Result<(), ServerError> {
        for identity in players.iter().filter_map(|p| self.by_id.get(&p.id)) {
            let name = || identity.player.name.clone();
            if identity.computer {
                let max = limits.per_computer;
                if identity.matches.len() >= max {
                    return Err(ServerError::ComputerBusy { name: name(), max });
                }
                continue;
            }
            if settings.time_control.is_real_time() && identity.live_real_time > 0 {
                return Err(ServerError::AlreadyPlaying(name()));
            }
            let max = limits.per_player;
            if identity.matches.len() >= max {
                return Err(ServerError::TooManyMatches { name: name(), max });
            }
        }
        Ok(())
    }

    /// Refuse a challenge to `player` when he is a computer already playing
    /// his most matches: said at once to the challenger, rather than when
    /// the computer accepts.
    pub(crate) fn check_computer_free(
        &self,
        player: PlayerId,
        limits: LiveLimits,
    ) -> Result<(), ServerError> {
        match self.by_id.get(&player) {
            Some(identity) if identity.computer => {
                let settings = MatchSettings::default();
                self.check_free(std::slice::from_ref(&identity.player), &settings, limits)
            }
            _ => Ok(()),
        }
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
                identity.last_opponent = Some(players[1 - seat].id);
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
        now: Millis,
    ) -> Vec<PlayerId> {
        let mut idle = Vec::new();
        for player in players {
            if let Some(identity) = self.by_id.get_mut(&player) {
                identity.last_seen = identity.last_seen.max(now);
                identity.played = true;
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

    /// A forget timer of `player` fell due at `now`: forget him if he is a
    /// guest who has been offline with no live match for the guest time
    /// (his name is free and his token names nobody). `Forgotten`, or when
    /// to look again (he came and went meanwhile), or nothing to do.
    pub(crate) fn forget_due(&mut self, player: PlayerId, now: Millis) -> ForgetDue {
        let Some(identity) = self.by_id.get_mut(&player) else {
            return ForgetDue::Nothing;
        };
        identity.forget_armed = false;
        if self.forgettable(player, now) {
            self.forget(player);
            return ForgetDue::Forgotten;
        }
        match self.arm_forget(player) {
            Some(at) => ForgetDue::Later(at),
            None => ForgetDue::Nothing,
        }
    }

    /// A guest, offline with no live match for the guest time.
    fn forgettable(&self, player: PlayerId, now: Millis) -> bool {
        self.by_id.get(&player).is_some_and(|i| {
            i.password.is_none()
                && i.peer.is_none()
                && i.matches.is_empty()
                && now >= i.last_seen.saturating_add(self.ttl_of(i))
        })
    }

    fn forget(&mut self, player: PlayerId) {
        if let Some(identity) = self.by_id.remove(&player) {
            if identity.password.is_none() {
                self.guests = self.guests.saturating_sub(1);
            }
            self.by_token.remove(&identity.token);
            let key = name_key(&identity.player.name);
            if self.by_name.get(&key) == Some(&player) {
                self.by_name.remove(&key);
            }
            let look = look_key(&identity.player.name);
            if self.by_look.get(&look) == Some(&player) {
                self.by_look.remove(&look);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_player: usize) -> LiveLimits {
        LiveLimits {
            per_player,
            per_computer: 1,
        }
    }
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
    fn a_guests_name_is_kept_for_the_guest_time_after_his_last_match() {
        let mut known = Identities::new(1_000);
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
        // Offline but playing: still hers, however long.
        let players = [ann.player.clone(), ann.player.clone()];
        known.engage(&players, MatchId(9), false);
        known.sign_out(ann.player.id, 1, 10);
        assert!(
            known
                .sign_in("ann", None, &peer(3), 5_000, &mut next)
                .is_err()
        );
        // Her match ends at 6,000: the name is hers until 7,000.
        known.release([ann.player.id; 2], MatchId(9), false, 6_000);
        assert!(
            known
                .sign_in("ann", None, &peer(3), 6_999, &mut next)
                .is_err()
        );
        let again = known
            .sign_in("ann", None, &peer(3), 7_000, &mut next)
            .expect("free");
        assert_ne!(again.player.id, ann.player.id);
        assert_eq!(
            known
                .sign_in("x", Some(&ann.token), &peer(4), 7_000, &mut next)
                .err(),
            Some(ServerError::UnknownToken)
        );
    }

    #[test]
    fn names_are_one_whatever_their_case_or_unicode_form() {
        let mut known = Identities::default();
        let mut next = ids();
        // Full-width letters are the same name in NFKC.
        let ann = known
            .sign_in("\u{ff21}nn", None, &peer(1), 0, &mut next)
            .expect("a full-width name");
        assert_eq!(ann.player.name, "Ann", "kept in its NFKC form");
        assert!(known.sign_in("aNN", None, &peer(2), 0, &mut next).is_err());
        // Other scripts are names too; case folds there as well.
        let zoe = known
            .sign_in("Ζωή", None, &peer(3), 0, &mut next)
            .expect("a Greek name");
        assert_eq!(known.by_name("ΖΩΉ").map(|p| p.id), Some(zoe.player.id));
        assert_eq!(name_key("Ζωή"), name_key("ΖΩΉ"));
        for bad in [
            "",
            "a b",
            "tab\t",
            "x".repeat(21).as_str(),
            "semi;colon",
            "\u{200b}zero",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(
            check_name(&"é".repeat(20)).is_ok(),
            "20 characters, not bytes"
        );
    }

    #[test]
    fn a_password_keeps_the_name_and_signs_in_with_a_new_token() {
        let mut known = Identities::new(1_000);
        let mut next = ids();
        let ann = known
            .sign_in("ann", None, &peer(1), 0, &mut next)
            .expect("ann");
        assert!(known.password_of("ann").is_none(), "a guest has none");
        let write = known.set_password(ann.player.id, "$argon2id$hash".into());
        assert!(matches!(write, Some(Write::Password { id, .. }) if id == ann.player.id.0));
        assert_eq!(
            known.password_of("ANN"),
            Some((ann.player.id, "$argon2id$hash".into()))
        );
        known.sign_out(ann.player.id, 1, 10);
        // Long past the guest time: the name stays hers.
        assert_eq!(known.arm_forget(ann.player.id), None, "never forgotten");
        assert_eq!(
            known.forget_due(ann.player.id, 1_000_000),
            ForgetDue::Nothing
        );
        assert!(
            known
                .sign_in("ann", None, &peer(2), 1_000_000, &mut next)
                .is_err()
        );
        let device = known
            .sign_in_by_password(ann.player.id, &peer(3))
            .expect("signed in");
        assert_eq!(device.player, ann.player);
        assert_ne!(device.token, ann.token, "a new token");
        assert!(matches!(device.writes.as_slice(), [Write::Token { .. }]));
        assert_eq!(
            known
                .sign_in("x", Some(&ann.token), &peer(4), 0, &mut next)
                .err(),
            Some(ServerError::UnknownToken),
            "the old token names nobody"
        );
        assert!(
            known
                .sign_in("x", Some(&device.token), &peer(5), 0, &mut next)
                .is_ok()
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
        assert!(known.check_free(&pair, &blitz, limits(2)).is_ok());
        let links = known.engage(&pair, MatchId(1), true);
        assert!(links.iter().all(Option::is_some));
        assert_eq!(
            known.check_free(&pair, &blitz, limits(2)).err(),
            Some(ServerError::AlreadyPlaying("ann".into()))
        );
        let untimed = MatchSettings::default();
        assert!(known.check_free(&pair, &untimed, limits(2)).is_ok());
        known.engage(&pair, MatchId(2), false);
        assert_eq!(
            known.check_free(&pair, &untimed, limits(2)).err(),
            Some(ServerError::TooManyMatches {
                name: "ann".into(),
                max: 2
            })
        );
        assert_eq!(
            known.release([ann.id, bob.id], MatchId(1), true, 0),
            Vec::new()
        );
        assert!(known.check_free(&pair, &blitz, limits(3)).is_ok());
    }

    #[test]
    fn only_idle_guests_are_forgotten_with_one_timer_each() {
        let mut known = Identities::new(100);
        let mut next = ids();
        let ann = known
            .sign_in("ann", None, &peer(1), 0, &mut next)
            .expect("ann");
        assert_eq!(known.arm_forget(ann.player.id), None, "online");
        known.sign_out(ann.player.id, 1, 1_000);
        assert_eq!(known.arm_forget(ann.player.id), Some(1_100));
        assert_eq!(known.arm_forget(ann.player.id), None, "one timer at a time");
        // She came back and left again meanwhile: look again later.
        known
            .sign_in("x", Some(&ann.token), &peer(2), 1_050, &mut next)
            .expect("back");
        known.sign_out(ann.player.id, 2, 1_060);
        assert_eq!(
            known.forget_due(ann.player.id, 1_100),
            ForgetDue::Later(1_160)
        );
        assert_eq!(known.forget_due(ann.player.id, 1_160), ForgetDue::Forgotten);
        assert_eq!(known.known(), 0);
        assert!(known.online_by_name("ann").is_none());
    }
}
