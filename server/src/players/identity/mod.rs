//! Who the players are: names, tokens, the connection each is on, the live
//! matches each plays, and when each was last seen. Plain data with the
//! rules of signing in and out; the hub keeps it behind its lock, and
//! stores the changes each step reports ([`Write`]s).
//!
//! A token is kept only as its SHA-256: the journal (and a memory dump)
//! holds nothing that signs anyone in.
//!
//! Signing in and out is in [`sign_in`], the live matches each plays (and
//! the limits on them) in [`engagement`], when an idle guest is forgotten
//! in [`forgetting`].

use crate::clock::Millis;
use crate::peer::Peer;
use crate::players::names::{look_key, name_key};
use crate::store::{StoredPlayer, Write};
use protocol::wire::{MatchId, PlayerId, PlayerRef};
use rand::Rng;
use sha2::{Digest, Sha256};
use std::collections::HashMap;

mod engagement;
mod forgetting;
mod sign_in;
#[cfg(test)]
mod tests;

/// A token's SHA-256.
type TokenHash = [u8; 32];

pub(crate) fn token_hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

struct Identity {
    player: PlayerRef,
    token: TokenHash,
    /// His password's Argon2id hash (PHC string); `None`: a guest.
    password: Option<String>,
    peer: Option<Peer>,
    /// Whether `peer` relays his connection to another node of a cluster
    /// (he is counted online there, not here).
    relayed: bool,
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

impl GuestRules {
    /// How long a guest is kept after he was last seen.
    fn ttl_for(&self, played: bool) -> u64 {
        if played { self.ttl } else { self.unplayed_ttl }
    }
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

/// The live matches a player plays on the other nodes of a cluster, as
/// their lobbies list them: counted with his matches here against his
/// limits.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Playing {
    pub(crate) matches: usize,
    /// Of them, real-time ones.
    pub(crate) real_time: usize,
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
        self.rules.ttl_for(identity.played)
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
                    relayed: false,
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

    /// Whether a sign-in by `token` finds its player here.
    pub(crate) fn knows_token(&self, token: &str) -> bool {
        self.by_token.contains_key(&token_hash(token))
    }

    /// Whether `name` is held by a player known here.
    pub(crate) fn knows_name(&self, name: &str) -> bool {
        self.by_name.contains_key(&name_key(name))
    }

    /// A player the journal holds whom another node stored or changed
    /// since this one read it: known from now on, or, if known already,
    /// with the token and password the journal holds now.
    pub(crate) fn learn(&mut self, stored: StoredPlayer) {
        let id = PlayerId(stored.id);
        let Some(identity) = self.by_id.get_mut(&id) else {
            self.restore(vec![stored]);
            return;
        };
        if self.by_token.get(&identity.token) == Some(&id) {
            self.by_token.remove(&identity.token);
        }
        if identity.password.is_none() && stored.password.is_some() {
            self.guests = self.guests.saturating_sub(1);
        }
        identity.token = stored.token_sha256;
        identity.password = stored.password.or(identity.password.take());
        self.by_token.insert(stored.token_sha256, id);
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

    /// Whether `player` has protected his name with a password.
    pub(crate) fn has_password(&self, player: PlayerId) -> bool {
        self.by_id
            .get(&player)
            .is_some_and(|i| i.password.is_some())
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
    /// Person `player`'s name's key, and whether he is connected to this
    /// node itself (not through a relay): the other nodes of a cluster
    /// send his challenges here. `None` for a computer player (every node
    /// has them) or a player not known.
    pub(crate) fn presence(&self, player: PlayerId) -> Option<(String, bool)> {
        let identity = self.by_id.get(&player)?;
        if identity.computer {
            return None;
        }
        let here = identity.peer.is_some() && !identity.relayed;
        Some((name_key(&identity.player.name), here))
    }

    pub(crate) fn online_by_name(&self, name: &str) -> Option<(PlayerRef, Peer)> {
        let id = self.by_name.get(&name_key(name))?;
        let identity = self.by_id.get(id)?;
        Some((identity.player.clone(), identity.peer.clone()?))
    }
}
