//! The lobby side of a running server: who is online ([`Identities`]), the
//! lobby (seeks, quick pairing, challenges, the live-match list), pairing
//! ([`matchmaker`]), the registry of live matches and the timer queue. A
//! cheap-clone handle (`Arc<Hub>`); every lock here is a short
//! `std::sync::Mutex` section that never spans an `.await`.
//!
//! Lock order: `identities` before the lobby, never the other way round.
//! Matches never call in here: they send [`MatchNotice`]s, which
//! [`Hub::serve_notices`] applies, and learn of their players' connections
//! through [`MatchHandle::link`], which never waits. Bringing matches back
//! from the journal (at start, and after they left memory) is [`revive`].

use crate::api::answers::Answers;
use crate::budget::KeyedBudget;
use crate::clock::Millis;
use crate::config::Config;
use crate::error::ServerError;
use crate::game::registry::Registry;
use crate::game::{
    self, Gone, MatchEnv, MatchError, MatchHandle, MatchLimits, MatchNotice, MatchRequest, Opened,
    start_match,
};
use crate::lobby::Lobby;
use crate::lobby::feed::Feed;
use crate::lobby::matchmaker::{self, Pairing, Proposal};
use crate::lobby::pool::Waiting;
use crate::metrics::Metrics;
use crate::peer::Peer;
use crate::players::accounts::{AttemptLimits, Attempts, Hashing};
use crate::players::identity::{ForgetDue, GuestRules, Identities, LiveLimits};
use crate::rating::{Ratings, glicko2};
use crate::store::{Commit, Store, Write};
pub(crate) use crate::sync::lock;
use crate::timers::{self, Timers};
use protocol::wire::{
    ChallengeCloseReason, ChallengeId, ChallengeInfo, MatchId, MatchSettings, MatchSummary,
    PlayerId, PlayerRef, RatingRange, RequestId, Seat, SeekId, SeekInfo, ServerMsg, Speed,
};
use rand::Rng;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

mod ratings;
mod revive;

/// The server's lobby side.
pub(crate) struct Hub {
    pub(crate) config: Config,
    ids: AtomicU64,
    /// Ids below this are reserved in the journal (see [`Hub::next_id`]).
    reserved: AtomicU64,
    /// The computer players, weakest first (none until they sign in).
    computers: std::sync::Mutex<Vec<PlayerRef>>,
    /// The journal.
    pub(crate) store: Store,
    identities: Mutex<Identities>,
    lobby: Feed,
    registry: Registry,
    /// Counters for `/metrics`.
    pub(crate) metrics: Arc<Metrics>,
    /// What every match is given.
    match_env: MatchEnv,
    /// Every task the server spawns, so that none outlives [`crate::run`].
    pub(crate) tasks: TaskTracker,
    /// Cancelled when the server stops.
    pub(crate) shutdown: CancellationToken,
    /// What falls due later.
    timers: Timers<Due>,
    /// Live matches that left memory (see [`MatchNotice::Unloaded`]).
    unloaded: Mutex<HashSet<MatchId>>,
    /// One match is loaded at a time, so none is loaded twice.
    loading: tokio::sync::Mutex<()>,
    /// What is left of each name's and address's password sign-ins.
    pub(crate) attempts: Attempts,
    /// The few threads that hash and check passwords.
    pub(crate) hashing: Hashing,
    /// Finished matches' answers kept, and the analyses' gate.
    pub(crate) answers: Answers,
    /// Challenges each player may still make (whatever his connections).
    challenge_budgets: KeyedBudget<PlayerId>,
    /// Draw and rematch offers and declines each player may still make:
    /// each is a journal write, and a pair offering and declining in a loop
    /// once grew the journal by 11 MB a second.
    offer_budgets: KeyedBudget<PlayerId>,
    /// Whether quick pairing's next wave is due already.
    wave_armed: std::sync::atomic::AtomicBool,
}

/// What falls due later, in the hub's timer queue.
pub(crate) enum Due {
    /// A player who left has not come back: his seeks go.
    SeekGrace(PlayerId),
    /// A challenge nobody answered.
    ChallengeExpiry(ChallengeId),
    /// An offline player with no live match may be forgotten.
    ForgetIdentity(PlayerId),
    /// A match out of memory has a deadline: load it, so it sees it.
    Wake(MatchId),
    /// Quick pairing's next wave.
    PoolWave,
}

/// Players whose budgets are kept before full ones are forgotten.
const PLAYERS_KEPT: usize = 4096;

/// How often quick pairing runs a wave while anyone waits.
const WAVE_MS: u64 = 1_000;

/// Games 1 to 9, a time control in range and rules the server offers; the
/// rules themselves are checked when the settings are read.
pub(crate) fn check_settings(settings: &MatchSettings) -> Result<(), ServerError> {
    if !settings.ruleset.is_offered() {
        return Err(ServerError::InvalidSettings(format!(
            "{} is for solving only: the server plays Kalah with 6 houses and 3 to 6 seeds a house",
            settings.ruleset
        )));
    }
    if !MatchSettings::GAMES.contains(&settings.games) {
        return Err(ServerError::InvalidSettings(format!(
            "a match has 1 to 9 games, not {}",
            settings.games
        )));
    }
    if settings.rated && Speed::of(settings.time_control).is_none() {
        return Err(ServerError::InvalidSettings(
            "an untimed match is casual: a rated one needs a real-time or correspondence clock"
                .to_owned(),
        ));
    }
    settings
        .time_control
        .check()
        .map_err(ServerError::InvalidSettings)
}

/// Requests a match's inbox holds before senders wait.
const MATCH_INBOX: usize = 256;

/// Notices from matches waiting for the hub.
const NOTICES: usize = 4096;

/// Ids reserved in the journal at a time. A new block is stored when half
/// of the current one is used, so an id is stored as reserved long before
/// it is handed out, and none repeats after a restart.
const ID_BLOCK: u64 = 1 << 16;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl Hub {
    /// The hub, the receiving end of the matches' notices for
    /// [`Hub::serve_notices`], and its timer queue's for [`Hub::serve_timers`].
    pub(crate) fn new(
        config: Config,
        metrics: Arc<Metrics>,
        tasks: TaskTracker,
        shutdown: CancellationToken,
        store: Store,
        endgames: engine::Endgames,
    ) -> (Arc<Hub>, mpsc::Receiver<MatchNotice>, timers::Due<Due>) {
        let (timers, due) = timers::queue();
        let (notices, notices_rx) = mpsc::channel(NOTICES);
        let match_env = MatchEnv {
            clock: config.clock.clone(),
            metrics: Arc::clone(&metrics),
            limits: MatchLimits {
                event_history: config.event_history,
                spectator_update_ms: config.spectator_update_ms,
                ended_linger_ms: config.ended_linger_ms,
                inbox: MATCH_INBOX,
                unload_after_ms: config.unload_after_ms,
            },
            notices,
            shutdown: shutdown.clone(),
            tasks: tasks.clone(),
            store: store.clone(),
            ratings: Arc::new(Mutex::new(Ratings::new(
                Vec::new(),
                config.rating_period_days.saturating_mul(DAY_MS),
            ))),
        };
        let identities = Identities::with_rules(GuestRules {
            ttl: config.identity_ttl_ms,
            unplayed_ttl: config.unplayed_guest_ttl_ms.min(config.identity_ttl_ms),
            max: config.max_guests,
        });
        let attempts = Attempts::new(
            AttemptLimits {
                per_name: config.password_tries_per_name,
                per_address: config.password_tries_per_ip,
            },
            &config.clock,
        );
        let hashing = Hashing::new(config.password_threads, config.password_queue);
        let answers = Answers::new(
            config.answer_limits(),
            &config.clock,
            Arc::clone(&metrics),
            endgames,
        );
        let per_minute =
            |n: u32| KeyedBudget::new(f64::from(n) / 60.0, n, PLAYERS_KEPT, &config.clock);
        let challenge_budgets = per_minute(config.challenges_per_minute);
        let offer_budgets = per_minute(config.offers_per_minute);
        let hub = Arc::new(Hub {
            config,
            ids: AtomicU64::new(1),
            reserved: AtomicU64::new(0),
            computers: std::sync::Mutex::new(Vec::new()),
            store,
            identities: Mutex::new(identities),
            lobby: Feed::new(match_env.store.clone(), Arc::clone(&match_env.ratings)),
            registry: Registry::default(),
            metrics,
            match_env,
            tasks,
            shutdown,
            timers,
            unloaded: Mutex::new(HashSet::new()),
            loading: tokio::sync::Mutex::new(()),
            attempts,
            hashing,
            answers,
            challenge_budgets,
            offer_budgets,
            wave_armed: std::sync::atomic::AtomicBool::new(false),
        });
        (hub, notices_rx, due)
    }

    /// Act on what falls due, until the server stops.
    pub(crate) async fn serve_timers(self: Arc<Self>, due: timers::Due<Due>) {
        let clock = self.config.clock.clone();
        let shutdown = self.shutdown.clone();
        timers::run(clock, due, shutdown, |item| self.fire(item)).await;
    }

    fn fire(self: &Arc<Self>, item: Due) {
        match item {
            Due::SeekGrace(player) => {
                if lock(&self.identities).is_offline(player) {
                    self.lobby.lock().remove_seeks_of(player);
                }
            }
            Due::ChallengeExpiry(challenge) => {
                // Already answered or withdrawn: nothing to expire.
                let _ = self.close_challenge(challenge, ChallengeCloseReason::Expired, None);
            }
            Due::ForgetIdentity(player) => {
                let due = lock(&self.identities).forget_due(player, self.now());
                match due {
                    ForgetDue::Forgotten => {
                        self.store.write_later(Write::Forget { id: player.0 });
                        self.lobby.lock().remove_seeks_of(player);
                    }
                    ForgetDue::Later(at) => self.timers.at(at, Due::ForgetIdentity(player)),
                    ForgetDue::Nothing => {}
                }
            }
            Due::PoolWave => self.pool_wave(),
            Due::Wake(match_id) => {
                let hub = Arc::clone(self);
                self.tasks.spawn(async move {
                    hub.find_match(match_id).await;
                });
            }
        }
    }

    /// Apply what matches tell the server, until the server stops.
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
                    match_id,
                    players,
                    settings,
                    id,
                    reply,
                } => self.start_rematch(match_id, players, settings, id, reply),
                MatchNotice::Closed(id) => self.registry.remove(id),
                MatchNotice::Unloaded { match_id, wake_at } => {
                    lock(&self.unloaded).insert(match_id);
                    self.registry.remove(match_id);
                    if let Some(at) = wake_at {
                        self.timers.at(at, Due::Wake(match_id));
                    }
                }
            }
        }
    }

    /// Start the rematch that match `match_id` agreed on, and answer it
    /// through its inbox once the new match's opening is stored (or the
    /// rematch is refused). A rematch is never a wait in the pool: it
    /// starts or is refused. Neither match waits for the other.
    fn start_rematch(
        self: &Arc<Self>,
        match_id: MatchId,
        players: [PlayerRef; 2],
        settings: MatchSettings,
        id: Option<RequestId>,
        reply: Peer,
    ) {
        let proposal = matchmaker::rematch(players, settings);
        let begun = self
            .begin(|_| Ok(proposal))
            .and_then(|begun| begun.ok_or(ServerError::from(MatchError::MatchOver)));
        let hub = Arc::clone(self);
        self.tasks.spawn(async move {
            let result = match begun {
                Ok((rematch_id, opened)) => game::opened(opened).await.map(|()| rematch_id),
                Err(error) => Err(error),
            };
            let answer = MatchRequest::RematchStarted { result, id, reply };
            let sent = match hub.registry.get(match_id) {
                Some(old) => old.send(answer).await,
                None => Err(Gone(answer)),
            };
            // The old match has gone meanwhile: its player is answered here.
            if let Err(Gone(MatchRequest::RematchStarted { result, id, reply })) = sent {
                match result {
                    Ok(_) => {
                        reply.send_msg(&ServerMsg::Ok { id });
                    }
                    Err(error) => reply.refuse(&error, id),
                }
            }
        });
    }

    /// The text of `GET /metrics`.
    pub(crate) fn metrics_text(&self) -> String {
        let (online, known) = {
            let identities = lock(&self.identities);
            (identities.online(), identities.known())
        };
        self.metrics.render(online, known, self.registry.len())
    }

    /// A fresh number for a connection, player, seek, challenge or match,
    /// never handed out before, even before a restart.
    pub(crate) fn next_id(&self) -> u64 {
        let id = self.ids.fetch_add(1, Ordering::Relaxed);
        let wanted = id + ID_BLOCK;
        if id + ID_BLOCK / 2 >= self.reserved.load(Ordering::Relaxed)
            && self.reserved.fetch_max(wanted, Ordering::Relaxed) < wanted
        {
            self.store
                .write_later(Write::Sequence { next_free: wanted });
        }
        id
    }

    /// The time now, by the server's clock.
    pub(crate) fn now(&self) -> Millis {
        self.config.clock.now()
    }

    // --- identity -------------------------------------------------------

    /// Sign `peer` in as the player of `token`, or as a new player `name`.
    /// Returns the `welcome` for him: who he is, his token, his open seeks
    /// and live matches, to be sent once the commit says a new player is
    /// stored. Each of those matches links the new connection at once and
    /// sends it events after it has resumed.
    pub(crate) fn login(
        &self,
        name: &str,
        token: Option<&str>,
        peer: &Peer,
    ) -> Result<(ServerMsg, Commit), ServerError> {
        let mut identities = lock(&self.identities);
        let signed_in =
            identities.sign_in(name, token, peer, self.now(), || PlayerId(self.next_id()))?;
        Ok(self.welcome(identities, signed_in, peer))
    }

    /// The computer players online, by level (1 first): listed in the
    /// lobby, and taking on players nobody came for in quick pairing.
    pub(crate) fn list_computers(&self, computers: Vec<(protocol::wire::ComputerInfo, PlayerRef)>) {
        self.lobby
            .lock()
            .set_computers(computers.iter().map(|(info, _)| info.clone()).collect());
        *lock(&self.computers) = computers.into_iter().map(|(_, player)| player).collect();
    }

    /// Give each player who has waited in the pool past the computers' wait
    /// a computer of about his rating.
    fn computers_take_on_the_waiting(self: &Arc<Self>) {
        let wait = self.config.computer_pool_wait_ms;
        let computers = lock(&self.computers).clone();
        if wait == 0 || computers.is_empty() {
            return;
        }
        let waited = self
            .lobby
            .lock()
            .pool_waiting_since(self.now().saturating_sub(wait));
        for (player, settings, rating) in waited {
            let computer =
                computers[crate::lobby::pool::computer_for(rating, computers.len())].clone();
            let started =
                self.begin(|lobby| matchmaker::for_computer(lobby, player, computer, settings));
            if let Err(error) = started {
                tracing::debug!("a computer could not take on a waiting player: {error}");
            }
        }
    }

    /// Sign `peer` in as the computer player `name` (made if new): as
    /// [`Hub::login`], with no token to show.
    pub(crate) fn login_computer(
        &self,
        name: &str,
        peer: &Peer,
    ) -> Result<(ServerMsg, Commit), ServerError> {
        let mut identities = lock(&self.identities);
        let signed_in =
            identities.sign_in_computer(name, peer, self.now(), || PlayerId(self.next_id()))?;
        Ok(self.welcome(identities, signed_in, peer))
    }

    /// Sign `peer` in as `player`, whose password was just checked: as
    /// [`Hub::login`], with a new token for him.
    pub(crate) fn login_by_password(
        &self,
        player: PlayerId,
        peer: &Peer,
    ) -> Result<(ServerMsg, Commit), ServerError> {
        let mut identities = lock(&self.identities);
        let signed_in = identities.sign_in_by_password(player, peer)?;
        Ok(self.welcome(identities, signed_in, peer))
    }

    /// The holder of `name` and his password's hash, if he set one.
    pub(crate) fn password_of(&self, name: &str) -> Option<(PlayerId, String)> {
        lock(&self.identities).password_of(name)
    }

    /// Keep `hash` as `player`'s password; done once it is stored.
    pub(crate) fn set_password(&self, player: PlayerId, hash: String) -> Commit {
        match lock(&self.identities).set_password(player, hash) {
            Some(write) => self.store.write(write),
            None => Commit::done(),
        }
    }

    /// The `welcome` for a player just signed in, and the commit of what
    /// his sign-in stores.
    fn welcome(
        &self,
        identities: std::sync::MutexGuard<'_, Identities>,
        signed_in: crate::players::identity::SignedIn,
        peer: &Peer,
    ) -> (ServerMsg, Commit) {
        let mut commit = Commit::done();
        for write in signed_in.writes {
            commit = self.store.write(write);
        }
        let player = signed_in.player;
        self.link_matches(&signed_in.matches, player.id, Some(peer));
        let online = identities.online();
        let (seeks, matches) = {
            let mut lobby = self.lobby.lock();
            lobby.set_online(online);
            (
                lobby.seeks_by(player.id),
                lobby.summaries(&signed_in.matches),
            )
        };
        let welcome = ServerMsg::Welcome {
            id: None,
            player_id: player.id,
            name: player.name,
            token: signed_in.token,
            protocol_version: protocol::wire::PROTOCOL_VERSION,
            seeks,
            matches,
        };
        (welcome, commit)
    }

    /// A new player's sign-in could not be stored: he is forgotten again
    /// (his name free), as if he had never come.
    pub(crate) fn login_failed(&self, player: PlayerId) {
        let mut identities = lock(&self.identities);
        identities.discard(player);
        self.lobby.lock().set_online(identities.online());
    }

    /// Tell each of `matches` which connection `player` is on now.
    fn link_matches(&self, matches: &[MatchId], player: PlayerId, peer: Option<&Peer>) {
        for id in matches {
            if let Some(handle) = self.registry.get(*id)
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
        let now = self.now();
        let identities = &mut lock(&self.identities);
        let Some(matches) = identities.sign_out(player, conn, now) else {
            return; // a newer connection took over
        };
        self.store.write_later(Write::Seen {
            id: player.0,
            at_ms: now,
        });
        self.link_matches(&matches, player, None);
        let closed = {
            let mut lobby = self.lobby.lock();
            lobby.set_online(identities.online());
            lobby.leave_pool_and_challenges(player)
        };
        for (challenge, other) in closed {
            if let Some(peer) = identities.peer_of(other) {
                peer.send_msg(&ServerMsg::ChallengeClosed {
                    challenge_id: challenge,
                    reason: ChallengeCloseReason::PlayerLeft,
                });
            }
        }
        self.timers
            .at(now + self.config.seek_grace_ms, Due::SeekGrace(player));
        if let Some(at) = identities.arm_forget(player) {
            self.timers.at(at, Due::ForgetIdentity(player));
        }
    }

    // --- lobby ----------------------------------------------------------

    pub(crate) fn subscribe(&self, peer: &Peer, viewer: PlayerId, id: Option<RequestId>) {
        self.lobby.subscribe(peer, viewer, id);
    }

    pub(crate) fn unsubscribe(&self, conn: u64) {
        self.lobby.unsubscribe(conn);
    }

    /// Refuse `player` a match with `settings` when he may not take one on.
    fn check_free(&self, player: &PlayerRef, settings: &MatchSettings) -> Result<(), ServerError> {
        lock(&self.identities).check_free(
            std::slice::from_ref(player),
            settings,
            self.live_limits(),
        )
    }

    /// How many live matches a person and a computer may play at once.
    fn live_limits(&self) -> LiveLimits {
        LiveLimits {
            per_player: self.config.max_live_matches,
            per_computer: self.config.computer_max_matches,
        }
    }

    /// Open a seek; the reply waits until it is stored (the journal writes
    /// in order, so a flush queued after the seek's write answers once it
    /// is), so an acknowledged seek survives a crash. One that cannot be
    /// stored is withdrawn and the answer says why.
    pub(crate) async fn create_seek(
        &self,
        by: &PlayerRef,
        settings: MatchSettings,
        private: bool,
        rating_range: Option<RatingRange>,
    ) -> Result<ServerMsg, ServerError> {
        check_settings(&settings)?;
        if let Some(range) = rating_range {
            range.check().map_err(ServerError::InvalidSettings)?;
            if Speed::of(settings.time_control).is_none() {
                return Err(ServerError::InvalidSettings(
                    "an untimed seek has no rating to range over".into(),
                ));
            }
        }
        self.check_free(by, &settings)?;
        let seek_id = SeekId(self.next_id());
        // 128 random bits: a code cannot be guessed (wrong ones are budgeted too).
        let code = private.then(|| format!("{:032x}", rand::rng().random::<u128>()));
        let rating = self.shown_rating(by.id, &settings);
        let seek = {
            let mut lobby = self.lobby.lock();
            if lobby.seeks_of(by.id) >= self.config.max_open_seeks {
                return Err(ServerError::TooManySeeks(self.config.max_open_seeks));
            }
            if lobby.seek_count() >= self.config.max_seeks_total {
                return Err(ServerError::LobbyFull(self.config.max_seeks_total));
            }
            lobby.add_seek(
                seek_id,
                by.clone(),
                settings,
                code.clone(),
                rating,
                rating_range,
            )
        };
        if let Err(error) = self.store.write(Write::Flush).durable().await {
            let _ = self.cancel_seek(by.id, seek_id);
            return Err(ServerError::unavailable(error));
        }
        Ok(ServerMsg::SeekCreated {
            id: None,
            seek,
            code,
        })
    }

    pub(crate) fn cancel_seek(&self, by: PlayerId, seek: SeekId) -> Result<(), ServerError> {
        let mut lobby = self.lobby.lock();
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
    ) -> Result<Option<Opened>, ServerError> {
        let sees = |info: &SeekInfo| self.lobby.may_see(by.id, info);
        self.begin(|lobby| matchmaker::for_seek(lobby, by, seek, sees))
            .map(|started| started.map(|(_, opened)| opened))
    }

    /// `by` asks for a match with `settings` from the pool: it starts at
    /// once with the best partner waiting, or he waits for a wave.
    pub(crate) fn pool_join(
        self: &Arc<Self>,
        by: &PlayerRef,
        settings: MatchSettings,
    ) -> Result<Option<Opened>, ServerError> {
        check_settings(&settings)?;
        let waiting = Waiting {
            player: by.id,
            rating: self
                .shown_rating(by.id, &settings)
                .map_or(glicko2::INITIAL_RATING, |shown| shown.rating),
            since: self.now(),
            last_opponent: lock(&self.identities).last_opponent(by.id),
        };
        let started = self.begin(|lobby| matchmaker::for_pool(lobby, by, settings, waiting))?;
        if started.is_none() {
            self.arm_wave();
        }
        Ok(started.map(|(_, opened)| opened))
    }

    /// A wave of quick pairing a second from now, unless one is due already.
    fn arm_wave(&self) {
        if !self.wave_armed.swap(true, Ordering::Relaxed) {
            self.timers.at(self.now() + WAVE_MS, Due::PoolWave);
        }
    }

    /// Pair whoever the pool can pair now ([`crate::lobby::pool::wave`]), and
    /// look again in a second while anyone waits.
    fn pool_wave(self: &Arc<Self>) {
        self.wave_armed.store(false, Ordering::Relaxed);
        let pairs = self.lobby.lock().pool_wave(self.now());
        for (players, settings) in pairs {
            let started = self.begin(|lobby| matchmaker::for_wave(lobby, players, settings));
            if let Err(error) = started {
                tracing::debug!("a wave's pairing did not start: {error}");
            }
        }
        self.computers_take_on_the_waiting();
        self.metrics.pool_waves.inc();
        if !self.lobby.lock().pool_is_empty() {
            self.arm_wave();
        }
    }

    pub(crate) fn pool_leave(&self, by: PlayerId) -> Result<(), ServerError> {
        if self.lobby.lock().pool_leave(by) {
            Ok(())
        } else {
            Err(ServerError::NotInPool)
        }
    }

    pub(crate) fn challenge(
        &self,
        from: &PlayerRef,
        name: &str,
        settings: MatchSettings,
    ) -> Result<ChallengeInfo, ServerError> {
        check_settings(&settings)?;
        let (to, to_peer) = {
            let identities = lock(&self.identities);
            let Some((to, to_peer)) = identities.online_by_name(name) else {
                return Err(ServerError::NoSuchPlayer(name.to_owned()));
            };
            identities.check_computer_free(to.id, self.live_limits())?;
            (to, to_peer)
        };
        if to.id == from.id {
            return Err(ServerError::SelfChallenge);
        }
        self.check_free(from, &settings)?;
        {
            let lobby = self.lobby.lock();
            if lobby.challenges_from(from.id) >= self.config.max_challenges {
                return Err(ServerError::TooManyChallenges(self.config.max_challenges));
            }
            let max = self.config.max_challenges_to_player;
            if lobby.challenges_to(to.id) >= max {
                return Err(ServerError::TooManyChallengesTo { name: to.name, max });
            }
        }
        if !self.challenge_budgets.take(&from.id) {
            return Err(ServerError::RateLimited("challenge"));
        }
        let ttl = self.config.challenge_ttl_ms;
        let info = ChallengeInfo {
            challenge_id: ChallengeId(self.next_id()),
            from: from.clone(),
            to,
            settings,
            expires_in_ms: ttl,
        };
        self.lobby.lock().add_challenge(info.clone());
        to_peer.send_msg(&ServerMsg::ChallengeReceived {
            challenge: info.clone(),
        });
        self.timers
            .at(self.now() + ttl, Due::ChallengeExpiry(info.challenge_id));
        Ok(info)
    }

    /// Spend one of `player`'s draw and rematch offers and declines;
    /// `rate_limited` when they are spent. Computers have no such budget.
    pub(crate) fn take_offer(&self, player: PlayerId) -> Result<(), ServerError> {
        // A computer only declines what his opponents offer: theirs count.
        let computer = lock(&self.computers).iter().any(|c| c.id == player);
        if computer || self.offer_budgets.take(&player) {
            Ok(())
        } else {
            Err(ServerError::RateLimited("offer"))
        }
    }

    /// Accept a challenge made to `by`: the match starts.
    pub(crate) fn challenge_accept(
        self: &Arc<Self>,
        by: PlayerId,
        challenge: ChallengeId,
    ) -> Result<Option<Opened>, ServerError> {
        let started = self.begin(|lobby| matchmaker::for_challenge(lobby, by, challenge));
        if let Err(ServerError::ComputerBusy { .. }) = &started {
            // A computer that cannot take it on says no at once, rather
            // than leave the challenger waiting for the expiry.
            let _ = self.close_challenge(challenge, ChallengeCloseReason::Declined, Some(by));
        }
        started.map(|started| started.map(|(_, opened)| opened))
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
            let mut lobby = self.lobby.lock();
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
        let identities = lock(&self.identities);
        for player in [info.from.id, info.to.id] {
            if Some(player) != by
                && let Some(peer) = identities.peer_of(player)
            {
                peer.send_msg(&msg);
            }
        }
        Ok(())
    }

    // --- matches --------------------------------------------------------

    /// Pair two players in one step under the hub's locks: `propose` reads
    /// who and how from the lobby, the matchmaker takes them out of it if
    /// both may play (or lets the one wait), and the match starts. Refused,
    /// nothing changes. Returns the new match, if one started, and the
    /// answer that says when its opening is stored.
    fn begin(
        self: &Arc<Self>,
        propose: impl FnOnce(&Lobby) -> Result<Proposal, ServerError>,
    ) -> Result<Option<(MatchId, Opened)>, ServerError> {
        let mut identities = lock(&self.identities);
        let mut lobby = self.lobby.lock();
        let proposal = propose(&lobby)?;
        let Some(Pairing {
            players, settings, ..
        }) = matchmaker::pair(&mut lobby, &identities, proposal, self.live_limits())?
        else {
            return Ok(None);
        };
        let id = MatchId(self.next_id());
        let real_time = settings.time_control.is_real_time();
        let links = identities.engage(&players, id, real_time);
        let first = if rand::rng().random::<bool>() {
            Seat::Zero
        } else {
            Seat::One
        };
        let timing = self.config.timing(settings.time_control);
        let (handle, summary, opened) = start_match(
            self.match_env.clone(),
            id,
            players,
            settings,
            timing,
            first,
            links,
        );
        self.registry.insert(id, handle);
        lobby.list_match(summary);
        Ok(Some((id, opened)))
    }

    /// The handle of a live (or just finished) match.
    pub(crate) fn match_handle(&self, id: MatchId) -> Option<MatchHandle> {
        self.registry.get(id)
    }

    /// Whether a match still answers.
    pub(crate) fn is_live(&self, id: MatchId) -> bool {
        self.registry.contains(id)
    }

    /// A match's score or spectators changed: update its lobby line.
    fn match_changed(&self, summary: MatchSummary) {
        self.lobby.lock().update_match(summary);
    }

    /// A match ended: unlist it; its players are free of it, and those who
    /// are away with nothing left at stake may be forgotten later.
    fn match_ended(&self, id: MatchId, players: [PlayerId; 2], real_time: bool) {
        let now = self.now();
        for player in players {
            // A match's end counts as activity: a guest's name is kept from then.
            self.store.write_later(Write::Seen {
                id: player.0,
                at_ms: now,
            });
        }
        let mut identities = lock(&self.identities);
        for player in identities.release(players, id, real_time, now) {
            if let Some(at) = identities.arm_forget(player) {
                self.timers.at(at, Due::ForgetIdentity(player));
            }
        }
        drop(identities);
        self.lobby.lock().unlist_match(id);
    }
}
