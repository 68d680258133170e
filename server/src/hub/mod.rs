//! The lobby side of a running server, as one coordinator over the services
//! it joins: who is online ([`Identities`]), the lobby (seeks, quick
//! pairing, challenges, the live-match list, in [`Feed`]), the live matches
//! ([`Registry`]), the id [`Sequence`] and the timer queue. Each request
//! that needs several of them at once (a pairing takes both players out of
//! the lobby and engages them in one step) is one method here; everything
//! else lives in the services. A cheap-clone handle (`Arc<Hub>`); every
//! lock here is a short `std::sync::Mutex` section that never spans an
//! `.await`.
//!
//! The methods are grouped by job: signing in and out ([`sign_in`]), lobby
//! requests ([`requests`]), pairing and starting matches ([`pairing`]),
//! what matches tell the hub ([`notices`]), bringing matches back from
//! the journal ([`revive`]), and what the HTTP pages read ([`ratings`],
//! [`front`]).
//!
//! Lock order: `identities` before the lobby, never the other way round.
//! Matches never call in here: they send [`MatchNotice`]s, which
//! [`Hub::serve_notices`] applies, and learn of their players' connections
//! through [`crate::game::MatchHandle::link`], which never waits.

use crate::budget::KeyedBudget;
use crate::clock::Millis;
use crate::config::Config;
use crate::context::Context;
use crate::error::ServerError;
use crate::game::registry::Registry;
use crate::game::{MatchEnv, MatchLimits, MatchNotice};
use crate::lobby::feed::Feed;
use crate::players::identity::{ForgetDue, GuestRules, Identities};
use crate::rating::MemoryBook;
use crate::store::{Sequence, Store, Write};
pub(crate) use crate::sync::lock;
use crate::timers::{self, Timers};
use protocol::wire::{
    ChallengeCloseReason, ChallengeId, MatchId, MatchSettings, PlayerId, PlayerRef, Speed,
};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

mod front;
mod leases;
mod notices;
mod pairing;
mod ratings;
mod remote;
mod requests;
mod revive;
mod sign_in;
mod takeovers;
mod tournament_runners;
mod tournaments;

/// The server's lobby side.
pub(crate) struct Hub {
    /// The server's settings (the hub reads its limits and times here).
    config: Config,
    context: Context,
    /// Fresh ids, shared with the connections.
    ids: Arc<Sequence>,
    /// The computer players, weakest first (none until they sign in).
    computers: Mutex<Vec<PlayerRef>>,
    /// The journal.
    store: Store,
    identities: Mutex<Identities>,
    lobby: Feed,
    matches: Registry,
    /// The tournaments this server runs.
    tournaments: crate::tournaments::Tournaments,
    /// The tournaments other nodes run, as this node's pages show them.
    replicas: crate::tournaments::Replicas,
    /// What falls due later.
    timers: Timers<Due>,
    /// Challenges each player may still make (whatever his connections).
    challenge_budgets: KeyedBudget<PlayerId>,
    /// Draw and rematch offers and declines each player may still make:
    /// each is a journal write, and a pair offering and declining in a loop
    /// once grew the journal by 11 MB a second.
    offer_budgets: KeyedBudget<PlayerId>,
    /// Tournament steps (create, join, withdraw) each player may still ask
    /// for: each is a journal write, and joining and withdrawing in a loop
    /// before the start would grow it without end.
    tournament_budgets: KeyedBudget<PlayerId>,
    /// Whether quick pairing's next wave is due already.
    wave_armed: std::sync::atomic::AtomicBool,
    /// The takeovers under way: this node replays the matches it holds (at
    /// its start), or claims matches other nodes left and replays them
    /// (`--cluster`): a request for one of them waits for the replay
    /// instead of finding nothing.
    taking_over: takeovers::Watched,
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
    /// A tournament's next round is due to be paired (or its matches to start).
    TournamentRound(protocol::wire::TournamentId),
    /// A tournament match's result, which the journal could not store
    /// when the match ended, is to be recorded again.
    TournamentResult(protocol::wire::TournamentId, MatchId, crate::game::Played),
}

/// Players whose budgets are kept before full ones are forgotten.
const PLAYERS_KEPT: usize = 4096;

/// How often quick pairing runs a wave while anyone waits.
const WAVE_MS: u64 = 1_000;

/// Games 1 to 9, a time control in range and rules the server offers; the
/// rules themselves are checked when the settings are read.
/// A private seek's or tournament's code: 128 random bits in hex, so that
/// it cannot be guessed (wrong ones are budgeted too).
pub(crate) fn private_code() -> String {
    use rand::Rng;
    format!("{:032x}", rand::rng().random::<u128>())
}

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

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl Hub {
    /// The hub, the receiving end of the matches' notices for
    /// [`Hub::serve_notices`], and its timer queue's for [`Hub::serve_timers`].
    pub(crate) fn new(
        config: Config,
        context: Context,
        store: Store,
        ids: Arc<Sequence>,
    ) -> (Arc<Hub>, mpsc::Receiver<MatchNotice>, timers::Due<Due>) {
        let (timers, due) = timers::queue();
        let (notices, notices_rx) = mpsc::channel(NOTICES);
        let ratings = MemoryBook::book(config.rating_period_days.saturating_mul(DAY_MS));
        let match_env = MatchEnv {
            clock: context.clock.clone(),
            metrics: Arc::clone(&context.metrics),
            limits: MatchLimits {
                event_history: config.event_history,
                spectator_update_ms: config.spectator_update_ms,
                ended_linger_ms: config.ended_linger_ms,
                inbox: MATCH_INBOX,
                unload_after_ms: config.unload_after_ms,
            },
            notices,
            shutdown: context.shutdown.clone(),
            tasks: context.tasks.clone(),
            store: store.clone(),
            ratings: Arc::clone(&ratings),
        };
        let identities = Identities::with_rules(GuestRules {
            ttl: config.identity_ttl_ms,
            unplayed_ttl: config.unplayed_guest_ttl_ms.min(config.identity_ttl_ms),
            max: config.max_guests,
        });
        let per_minute =
            |n: u32| KeyedBudget::new(f64::from(n) / 60.0, n, PLAYERS_KEPT, &context.clock);
        let challenge_budgets = per_minute(config.challenges_per_minute);
        let offer_budgets = per_minute(config.offers_per_minute);
        let tournament_budgets = per_minute(config.tournament_steps_per_minute);
        let hub = Arc::new(Hub {
            config,
            context,
            ids,
            computers: Mutex::new(Vec::new()),
            lobby: Feed::new(store.clone(), ratings),
            store,
            identities: Mutex::new(identities),
            matches: Registry::new(match_env),
            tournaments: crate::tournaments::Tournaments::new(),
            replicas: crate::tournaments::Replicas::new(),
            timers,
            challenge_budgets,
            offer_budgets,
            tournament_budgets,
            wave_armed: std::sync::atomic::AtomicBool::new(false),
            taking_over: takeovers::Watched::default(),
        });
        (hub, notices_rx, due)
    }

    /// Act on what falls due, until the server stops.
    pub(crate) async fn serve_timers(self: Arc<Self>, due: timers::Due<Due>) {
        let clock = self.context.clock.clone();
        let shutdown = self.context.shutdown.clone();
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
                let now = self.now();
                // Away from here but on another node: not away.
                if self.active_elsewhere(player) {
                    lock(&self.identities).seen_elsewhere(player, now);
                }
                let due = lock(&self.identities).forget_due(player, now);
                match due {
                    ForgetDue::Forgotten => {
                        self.store.write_later(Write::Forget { id: player.0 });
                        let mut lobby = self.lobby.lock();
                        lobby.remove_seeks_of(player);
                        lobby.tell_player_changed(player);
                    }
                    ForgetDue::Later(at) => self.timers.at(at, Due::ForgetIdentity(player)),
                    ForgetDue::Nothing => {}
                }
            }
            Due::PoolWave => self.pool_wave(),
            Due::TournamentRound(id) => self.tournament_due(id),
            Due::TournamentResult(id, match_id, played) => {
                self.record_result_later(id, match_id, played);
            }
            Due::Wake(match_id) => {
                let hub = Arc::clone(self);
                self.context.tasks.spawn(async move {
                    // Nothing to answer: a match the journal cannot give
                    // now is woken by its next request.
                    let _ = hub.find_match(match_id).await;
                });
            }
        }
    }
    /// The text of `GET /metrics`.
    pub(crate) fn metrics_text(&self) -> String {
        let (online, known) = {
            let identities = lock(&self.identities);
            (identities.online(), identities.known())
        };
        self.context
            .metrics
            .render(online, known, self.matches.len())
    }
    /// A fresh number for a connection, player, seek, challenge or match,
    /// never handed out before, even before a restart.
    pub(crate) fn next_id(&self) -> u64 {
        self.ids.next()
    }
    /// The time now, by the server's clock.
    pub(crate) fn now(&self) -> Millis {
        self.context.now()
    }
}
