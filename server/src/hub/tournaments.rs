//! Running tournaments: a director creates one, players join and
//! withdraw; a Swiss's rounds are paired when due, an arena pairs whoever
//! is free from its start to its end; their matches are started, and each
//! result is recorded as its match ends. Every step is decided from
//! the tournament as it stands, stored, then applied
//! ([`Hub::take_step`]), one at a time, so that the steps read back at a
//! restart, or by the node taking it over, rebuild it
//! ([`Hub::restore_tournaments`]).

use super::{Due, Hub, lock};
use crate::error::ServerError;
use crate::game::{Opened, Played};
use crate::peer::Peer;
use crate::store::{StepRow, StoreError};
use crate::tournaments::{Next, Stored, Tournament, check_entry, check_settings};
use protocol::wire::{
    MatchId, PlayerId, PlayerRef, Seat, ServerMsg, TournamentId, TournamentSettings, TournamentView,
};
use std::sync::Arc;

/// How long a round that could not go on (the journal refused a step)
/// waits before it tries again.
const RETRY_MS: u64 = 10_000;

impl crate::api::tournaments_view::Tournaments for Hub {
    async fn tournament_list(&self, limit: usize) -> Vec<TournamentView> {
        let here = self.tournaments.list(limit);
        if !self.store.has_leases() {
            return here;
        }
        self.cluster_tournaments(here, limit).await
    }

    fn tournament_view(&self, id: TournamentId, code: Option<&str>) -> Option<TournamentView> {
        self.tournaments.view(id, code)
    }

    async fn tournament_elsewhere(
        &self,
        id: TournamentId,
        code: Option<&str>,
    ) -> Option<TournamentView> {
        Hub::tournament_elsewhere(self, id, code).await
    }
}

impl Hub {
    /// `director` creates a tournament with `settings`; it is stored before
    /// the answer.
    pub(crate) async fn create_tournament(
        self: &Arc<Self>,
        director: &PlayerRef,
        settings: TournamentSettings,
    ) -> Result<ServerMsg, ServerError> {
        if !lock(&self.identities).has_password(director.id) {
            return Err(ServerError::PasswordNeeded);
        }
        check_settings(&settings, self.now())?;
        super::check_settings(&settings.settings)?;
        let (open, directed) = self.tournaments.open_count(director.id);
        if directed >= self.config.max_tournaments_per_director {
            return Err(ServerError::TournamentRefused(format!(
                "you direct {directed} tournaments not yet over, the most one director may"
            )));
        }
        if open >= self.config.max_tournaments {
            return Err(ServerError::TournamentRefused(format!(
                "the server runs {open} tournaments, the most it takes on: try again when one is over"
            )));
        }
        let computers = self.tournament_computers(&settings.computers)?;
        // The computers meet its entry conditions as anyone must.
        if let Some(pool) = crate::rating::Pool::of(&settings.settings) {
            for computer in &computers {
                let rated = self.matches.ratings().get(computer.id, pool, self.now());
                check_entry(&settings, rated.rating, rated.games, Some(&computer.name))?;
            }
        }
        self.take_tournament_budget(director.id)?;
        let id = TournamentId(self.next_id());
        // As a private seek's: unguessable, and the only way in.
        let code = settings.private.then(super::private_code);
        let created = Stored::Created {
            settings: settings.clone(),
            director: director.clone(),
            code: code.clone(),
            computers: computers.clone(),
            node: self.tournament_node(),
        };
        self.store_step(id, 0, &created, false).await?;
        let tournament = Tournament::created(
            id,
            settings.clone(),
            director.clone(),
            code.clone(),
            &computers,
        );
        let view = tournament.view();
        self.tournaments.put(tournament);
        self.timers
            .at(settings.starts_at_ms, Due::TournamentRound(id));
        Ok(ServerMsg::TournamentCreated {
            id: None,
            tournament: Box::new(view),
            code,
        })
    }

    /// `player` enters tournament `id` on connection `peer`, which then
    /// follows it: it is sent the tournament as it is now, and at every change.
    pub(crate) async fn join_tournament(
        &self,
        id: TournamentId,
        code: Option<&str>,
        player: &PlayerRef,
        peer: &Peer,
    ) -> Result<(), ServerError> {
        self.take_tournament_budget(player.id)?;
        let settings = self
            .tournaments
            .read(id, |t| t.admits(code).then(|| t.settings().clone()))?
            .ok_or(ServerError::NoSuchTournament(id))?;
        let mut rating = crate::tournaments::DEFAULT_RATING;
        if let Some(pool) = crate::rating::Pool::of(&settings.settings) {
            let rated = self.matches.ratings().get(player.id, pool, self.now());
            check_entry(&settings, rated.rating, rated.games, None)?;
            rating = rated.rating.round() as i32;
        }
        self.take_step(id, |t| t.join(player, rating)).await?;
        // Entered, whether or not this connection may follow it too (a
        // tournament's followers are bounded; the pages read it anyway).
        if let Ok(tournament) = self.tournaments.follow(id, code, peer) {
            peer.send_msg(&ServerMsg::Tournament {
                id: None,
                tournament: Box::new(tournament),
            });
        }
        Ok(())
    }

    /// `player` withdraws from tournament `id`.
    pub(crate) async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
    ) -> Result<(), ServerError> {
        self.take_tournament_budget(player)?;
        self.take_step(id, |t| t.withdraw(player)).await.map(|_| ())
    }

    /// `player` pauses in tournament `id` (`paused`), or comes back.
    pub(crate) async fn pause_in_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        paused: bool,
    ) -> Result<(), ServerError> {
        self.take_tournament_budget(player)?;
        self.take_step(id, |t| t.pause(player, paused))
            .await
            .map(|_| ())
    }

    /// The computer players of `levels`, as a tournament enters them;
    /// refused in words if this server has none of a level.
    fn tournament_computers(&self, levels: &[u8]) -> Result<Vec<PlayerRef>, ServerError> {
        let online = lock(&self.computers).clone();
        levels
            .iter()
            .map(|level| {
                let name = format!("computer-{level}");
                online
                    .iter()
                    .find(|c| c.name == name)
                    .cloned()
                    .ok_or_else(|| {
                        ServerError::TournamentRefused(format!(
                            "{name} does not play on this server (its computer players are off)"
                        ))
                    })
            })
            .collect()
    }

    /// On a cluster, this node's name, which the tournaments it creates
    /// carry (it runs them first: the journal's runner row says which node
    /// runs one now). `None` on one machine.
    fn tournament_node(&self) -> Option<String> {
        self.store
            .has_leases()
            .then(|| self.config.node_name.clone())
            .flatten()
    }

    /// Tournament `id` as its node runs it, when another node of the
    /// cluster does: this node's copy caught up with the steps stored since
    /// it was last read (the whole of them the first time). `None` on one
    /// machine, for a tournament this node runs, one not found, or a
    /// private one without its `code`.
    pub(crate) async fn tournament_elsewhere(
        &self,
        id: TournamentId,
        code: Option<&str>,
    ) -> Option<TournamentView> {
        if !self.store.has_leases() || self.runs_tournament(id) {
            return None;
        }
        let kept = self.replicas.get(id);
        let from = kept.as_ref().map_or(0, Tournament::next_step);
        let steps = match self.store.tournament_steps(id.0, from).await {
            Ok(steps) => steps,
            Err(error) => {
                tracing::debug!("tournament {id}'s steps could not be read: {error}");
                return None;
            }
        };
        let steps: Vec<Stored> = steps
            .iter()
            .map(|json| Stored::from_json(json))
            .collect::<Result<_, _>>()
            .ok()?;
        let tournament = match kept {
            Some(mut tournament) => {
                for step in &steps {
                    tournament.apply(step);
                }
                tournament
            }
            None => Tournament::restored(id, &steps)?,
        };
        let view = tournament.admits(code).then(|| tournament.view());
        self.replicas.keep(tournament);
        view
    }

    /// The newest `limit` public tournaments of the cluster: `here`, this
    /// node's as they are now, with the others' read from the journal
    /// (their copies caught up), which are read again at most every
    /// [`crate::tournaments::LIST_KEPT_MS`].
    async fn cluster_tournaments(
        &self,
        here: Vec<TournamentView>,
        limit: usize,
    ) -> Vec<TournamentView> {
        let now = self.now();
        let kept = self
            .replicas
            .list_since(now.saturating_sub(crate::tournaments::LIST_KEPT_MS));
        let elsewhere = match kept {
            Some(list) => list,
            None => {
                let list = self.others_tournaments(limit).await;
                self.replicas.keep_list(now, list.clone());
                list
            }
        };
        let mut all = here;
        all.extend(
            elsewhere
                .into_iter()
                .filter(|t| !self.runs_tournament(t.tournament_id)),
        );
        all.sort_by_key(|t| std::cmp::Reverse(t.tournament_id));
        all.truncate(limit);
        all
    }

    /// The newest of the `limit` newest tournaments that other nodes run,
    /// public ones only, as the journal has them.
    async fn others_tournaments(&self, limit: usize) -> Vec<TournamentView> {
        let newest = match self
            .store
            .newest_tournaments(u32::try_from(limit).unwrap_or(u32::MAX))
            .await
        {
            Ok(ids) => ids,
            Err(error) => {
                tracing::debug!("the cluster's tournaments could not be listed: {error}");
                return Vec::new();
            }
        };
        let mut views = Vec::new();
        for id in newest.into_iter().map(TournamentId) {
            // Private ones are in no list (without the code, no view).
            if let Some(view) = self.tournament_elsewhere(id, None).await {
                views.push(view);
            }
        }
        views
    }

    /// Whether this node runs tournament `id`.
    pub(crate) fn runs_tournament(&self, id: TournamentId) -> bool {
        self.tournaments.read(id, |_| ()).is_ok()
    }

    /// One of `player`'s tournament requests, each a journal write.
    fn take_tournament_budget(&self, player: PlayerId) -> Result<(), ServerError> {
        if self.tournament_budgets.take(&player) {
            Ok(())
        } else {
            Err(ServerError::RateLimited("tournament"))
        }
    }

    /// Connection `peer` follows tournament `id`: the tournament now.
    pub(crate) fn follow_tournament(
        &self,
        id: TournamentId,
        code: Option<&str>,
        peer: &Peer,
    ) -> Result<TournamentView, ServerError> {
        self.tournaments.follow(id, code, peer)
    }

    /// Connection `peer` follows tournament `id` no more.
    pub(crate) fn unfollow_tournament(&self, id: TournamentId, peer: &Peer) {
        self.tournaments.unfollow(id, peer);
    }

    /// Decide a step of tournament `id` with `decide`, store it, then
    /// apply it; one step at a time. Returns the tournament after it.
    pub(super) async fn take_step(
        &self,
        id: TournamentId,
        decide: impl FnOnce(&Tournament) -> Result<Stored, ServerError>,
    ) -> Result<Tournament, ServerError> {
        let _turn = self.tournaments.turn().await;
        let (step, mut after) = self
            .tournaments
            .read(id, |t| decide(t).map(|step| (step, t.clone())))??;
        let seq = after.next_step();
        after.apply(&step);
        self.store_step(id, seq, &step, after.is_over()).await?;
        self.tournaments.put(after.clone());
        Ok(after)
    }

    /// Store step `seq` of tournament `id`. Refused because another node
    /// runs it now (this one stopped renewing it for a while: hung, or cut
    /// off), this node runs it no more; the caller holds the turn.
    async fn store_step(
        &self,
        id: TournamentId,
        seq: u32,
        step: &Stored,
        over: bool,
    ) -> Result<(), ServerError> {
        let stored = self
            .store
            .store_tournament_step(StepRow {
                tournament_id: id.0,
                seq,
                json: step.to_json(),
                over,
            })
            .await;
        if let Err(error) = &stored
            && matches!(**error, StoreError::TournamentMoved { .. })
        {
            self.drop_tournament(id);
        }
        stored.map_err(ServerError::unavailable)
    }

    /// Tournament `id`'s timer: take the steps due (a Swiss's next round;
    /// an arena's opening, pairings and close), then start the matches
    /// paired that have not started.
    pub(super) fn tournament_due(self: &Arc<Self>, id: TournamentId) {
        let hub = Arc::clone(self);
        self.context.tasks.spawn(async move {
            match hub.play_round(id).await {
                Ok(()) => {}
                // Gone, or over: nothing more to do for it.
                Err(ServerError::NoSuchTournament(_)) => {}
                // The journal could not store a step or a match's start:
                // the round goes on when it can, the steps taken kept.
                Err(error) => {
                    tracing::warn!("tournament {id}: the round could not go on ({error}); trying again in {RETRY_MS} ms");
                    hub.timers
                        .at(hub.now() + RETRY_MS, Due::TournamentRound(id));
                }
            }
        });
    }

    async fn play_round(self: &Arc<Self>, id: TournamentId) -> Result<(), ServerError> {
        loop {
            let now = self.now();
            // Who of its entrants is connected, read before the tournament
            // is looked at again (one lock at a time).
            let entrants = self.tournaments.read(id, Tournament::entrants)?;
            let connected: std::collections::HashSet<u64> = {
                let identities = lock(&self.identities);
                entrants
                    .into_iter()
                    .filter(|&player| !identities.is_offline(PlayerId(player)))
                    .collect()
            };
            let wave_ms = self.config.arena_wave_ms;
            let next = self.tournaments.read(id, |t| {
                t.due(now, wave_ms, |player| connected.contains(&player))
            })??;
            match next {
                Next::Step(step) => {
                    self.take_step(id, |_| Ok(*step)).await?;
                }
                // Woken early (a timer armed before a later step), or an
                // open arena's next wave.
                Next::At(at) => {
                    self.timers.at(at, Due::TournamentRound(id));
                    break;
                }
                Next::Idle => break,
            }
        }
        let boards = self.tournaments.read(id, Tournament::unstarted_boards)?;
        let (settings, berserk) = self
            .tournaments
            .read(id, |t| (t.settings().settings, t.allows_berserk()))?;
        for (board, players) in boards {
            let (match_id, opened) = self.start_board(id, players, settings, berserk);
            crate::game::opened(opened).await?;
            self.take_step(id, |_| Ok(Stored::Started { board, match_id }))
                .await?;
        }
        Ok(())
    }

    /// Start a board's match of tournament `tournament`: its first mover
    /// moves first in game 1, whether or not either player is connected
    /// (one who is not loses his games by the first-move timer); its
    /// players may berserk if `berserk`.
    fn start_board(
        self: &Arc<Self>,
        tournament: TournamentId,
        players: [PlayerRef; 2],
        settings: protocol::wire::MatchSettings,
        berserk: bool,
    ) -> (MatchId, Opened) {
        let mut identities = lock(&self.identities);
        let mut lobby = self.lobby.lock();
        let id = MatchId(self.next_id());
        let real_time = settings.time_control.is_real_time();
        let links = identities.engage(&players, id, real_time);
        let timing = crate::game::Timing {
            berserk,
            tournament: true,
            tournament_id: Some(tournament),
            ..self.config.timing(settings.time_control)
        };
        let (summary, opened) =
            self.matches
                .start(id, players, settings, timing, Seat::Zero, links);
        lobby.list_match(summary);
        (id, opened)
    }

    /// A tournament match ended, `played` so: its board's result, then
    /// what follows (a Swiss's next round's time, an arena's new pairings,
    /// or the tournament's end).
    pub(super) fn tournament_match_ended(self: &Arc<Self>, match_id: MatchId, played: Played) {
        let Some(id) = self.tournaments.tournament_of(match_id) else {
            return;
        };
        self.record_result_later(id, match_id, played);
    }

    /// Record a board's result in a task of its own; if the journal cannot
    /// store it now, again in a while.
    pub(super) fn record_result_later(
        self: &Arc<Self>,
        id: TournamentId,
        match_id: MatchId,
        played: Played,
    ) {
        let hub = Arc::clone(self);
        self.context.tasks.spawn(async move {
            match hub.record_result(id, match_id, played).await {
                Ok(()) => {}
                Err(error @ ServerError::Unavailable(_)) => {
                    tracing::warn!(
                        "tournament {id}: match {match_id}'s result is not stored ({error}); trying again in {RETRY_MS} ms"
                    );
                    hub.timers.at(
                        hub.now() + RETRY_MS,
                        Due::TournamentResult(id, match_id, played),
                    );
                }
                Err(error) => {
                    tracing::warn!(
                        "tournament {id}: match {match_id}'s result is not recorded: {error}"
                    );
                }
            }
        });
    }

    /// Record a board's result and what follows it: a Swiss's next round
    /// is paired at its time (an arena's players wait for its next wave).
    pub(super) async fn record_result(
        &self,
        id: TournamentId,
        match_id: MatchId,
        played: Played,
    ) -> Result<(), ServerError> {
        let after = self
            .take_step(id, |t| match t.board_of(match_id) {
                Some(board) => t.end_board(board, &played),
                None => Err(ServerError::TournamentRefused(format!(
                    "match {match_id} is no board being played here"
                ))),
            })
            .await?;
        if let Some(next) = after.after_result(self.now()) {
            self.take_step(id, |_| Ok(next)).await?;
            // Its timer finds when that next step falls due.
            self.timers.at(self.now(), Due::TournamentRound(id));
        }
        Ok(())
    }
}
