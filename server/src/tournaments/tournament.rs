//! One tournament: what every tournament has (its settings, director,
//! code, the players' names) and its run, a Swiss ([`SwissRun`]) or an
//! arena ([`ArenaRun`]). Decisions read it and return the [`Stored`] step
//! they would take; [`Tournament::apply`] takes a stored step. No clock,
//! no socket: the time comes from the caller.

use super::arena_run::{ArenaRun, DEFAULT_RATING};
use super::shared::{Names, Next, refusal, refused};
use super::stored::Stored;
use super::swiss_run::SwissRun;
use crate::error::ServerError;
use crate::game::Played;
use protocol::wire::{
    MatchId, PlayerId, PlayerRef, TournamentFormat, TournamentId, TournamentSettings,
    TournamentView,
};
use tournament::swiss::{self, EventError};

/// A Swiss's or an arena's own part.
#[derive(Clone, Debug)]
enum Run {
    Swiss(SwissRun),
    Arena(ArenaRun),
}

/// A tournament of matches.
#[derive(Clone, Debug)]
pub(crate) struct Tournament {
    id: TournamentId,
    settings: TournamentSettings,
    director: PlayerRef,
    /// A private tournament's code: without it, it is not there.
    code: Option<String>,
    names: Names,
    run: Run,
    /// Steps stored so far (the next one's number).
    steps: u32,
}

impl Tournament {
    /// A tournament as its first step creates it.
    pub(crate) fn created(
        id: TournamentId,
        settings: TournamentSettings,
        director: PlayerRef,
        code: Option<String>,
        computers: &[PlayerRef],
    ) -> Tournament {
        let run = match settings.format {
            TournamentFormat::Swiss => Run::Swiss(SwissRun::new(settings.rounds)),
            TournamentFormat::Arena => Run::Arena(ArenaRun::new(
                settings.starts_at_ms.saturating_add(settings.duration_ms),
            )),
        };
        let mut tournament = Tournament {
            id,
            settings,
            director,
            code,
            names: Names::default(),
            run,
            steps: 1,
        };
        for computer in computers {
            tournament.enter(computer, DEFAULT_RATING);
        }
        tournament
    }

    /// A tournament rebuilt from its stored steps (the first creates it);
    /// `None` if the first is not a creation.
    pub(crate) fn restored(id: TournamentId, steps: &[Stored]) -> Option<Tournament> {
        let (first, rest) = steps.split_first()?;
        let Stored::Created {
            settings,
            director,
            code,
            computers,
            ..
        } = first
        else {
            return None;
        };
        let mut tournament = Tournament::created(
            id,
            settings.clone(),
            director.clone(),
            code.clone(),
            computers,
        );
        for step in rest {
            tournament.apply(step);
        }
        Some(tournament)
    }

    pub(crate) fn id(&self) -> TournamentId {
        self.id
    }

    pub(crate) fn director(&self) -> PlayerId {
        self.director.id
    }

    /// Whether it is private (left out of the lists).
    pub(crate) fn is_private(&self) -> bool {
        self.code.is_some()
    }

    /// Whether one who gives `code` may read, follow and enter it: anyone
    /// for a public one, the code's holders for a private one.
    pub(crate) fn admits(&self, code: Option<&str>) -> bool {
        self.code.is_none() || self.code.as_deref() == code
    }

    pub(crate) fn settings(&self) -> &TournamentSettings {
        &self.settings
    }

    /// Everyone ever entered, by id.
    pub(crate) fn entrants(&self) -> Vec<u64> {
        self.names.0.keys().copied().collect()
    }

    /// Whether its matches let a player berserk.
    pub(crate) fn allows_berserk(&self) -> bool {
        matches!(self.run, Run::Arena(_)) && self.settings.berserk
    }

    /// The number the next stored step takes.
    pub(crate) fn next_step(&self) -> u32 {
        self.steps
    }

    /// Whether it is over: a Swiss's last round's results are in (or it
    /// closed for want of players); an arena's time is up and its last
    /// match over.
    pub(crate) fn is_over(&self) -> bool {
        match &self.run {
            Run::Swiss(run) => run.is_over(),
            Run::Arena(run) => run.is_over(),
        }
    }

    /// What its timer finds to do at `now`: a Swiss pairs its next round
    /// when due; an arena opens at its start, pairs those waiting whom
    /// `can_play` says can play every `wave_ms`, and closes at its end.
    pub(crate) fn due(
        &self,
        now: u64,
        wave_ms: u64,
        can_play: impl Fn(u64) -> bool,
    ) -> Result<Next, ServerError> {
        let starts_at = self.settings.starts_at_ms;
        match &self.run {
            Run::Swiss(run) => run.due(starts_at, now),
            Run::Arena(run) => Ok(run.due(starts_at, now, wave_ms, can_play)),
        }
    }

    /// What follows a result at `now`: a Swiss's next round's time once
    /// its round is complete.
    pub(crate) fn after_result(&self, now: u64) -> Option<Stored> {
        match &self.run {
            Run::Swiss(run) => run.after_result(now, self.settings.between_rounds_ms),
            Run::Arena(_) => None,
        }
    }

    /// The board being played whose match is `match_id`.
    pub(crate) fn board_of(&self, match_id: MatchId) -> Option<usize> {
        match &self.run {
            Run::Swiss(run) => run.board_of(match_id),
            Run::Arena(run) => run.board_of(match_id),
        }
    }

    /// The matches started that have no result yet.
    pub(crate) fn live_boards(&self) -> Vec<(usize, MatchId)> {
        match &self.run {
            Run::Swiss(run) => run.live_boards(),
            Run::Arena(run) => run.live_boards(),
        }
    }

    /// The boards paired whose match has not started, with their players
    /// (first mover first).
    pub(crate) fn unstarted_boards(&self) -> Vec<(usize, [PlayerRef; 2])> {
        let boards = match &self.run {
            Run::Swiss(run) => run.unstarted_boards(),
            Run::Arena(run) => run.unstarted_boards(),
        };
        boards
            .into_iter()
            .map(|(board, [a, b])| (board, [self.names.name(a), self.names.name(b)]))
            .collect()
    }

    /// `player`, rated `rating` in its pool, enters (an arena ranks equal
    /// points by it).
    pub(crate) fn join(&self, player: &PlayerRef, rating: i32) -> Result<Stored, ServerError> {
        if self.is_over() {
            return Err(refused("the tournament is over"));
        }
        let entered = self.names.0.contains_key(&player.id.0);
        if !entered && self.names.0.len() >= swiss::MOST_PLAYERS {
            return Err(refused("the tournament is full: 1,000 players"));
        }
        match &self.run {
            Run::Swiss(run) => run.join(player),
            Run::Arena(run) => run.join(player, rating),
        }
    }

    /// `player` withdraws (from an arena: leaves; he may join again).
    pub(crate) fn withdraw(&self, player: PlayerId) -> Result<Stored, ServerError> {
        if self.is_over() {
            return Err(refused("the tournament is over"));
        }
        match &self.run {
            Run::Swiss(run) => run.withdraw(player),
            Run::Arena(run) => run.leave(player),
        }
    }

    /// `player` pauses (`paused`) or comes back.
    pub(crate) fn pause(&self, player: PlayerId, paused: bool) -> Result<Stored, ServerError> {
        if self.is_over() {
            return Err(refused("the tournament is over"));
        }
        match &self.run {
            Run::Swiss(run) => run.pause(player, paused),
            Run::Arena(run) if run.is_in(player) => Err(refused(
                "an arena has no pause: withdraw to stop being paired, and join again to come back",
            )),
            Run::Arena(_) => Err(refusal(EventError::NotIn(player.0))),
        }
    }

    /// Board `board`'s result, from its match as `played`.
    pub(crate) fn end_board(&self, board: usize, played: &Played) -> Result<Stored, ServerError> {
        match &self.run {
            Run::Swiss(run) => run.end_board(board, played),
            Run::Arena(run) => run.end_board(board, played),
        }
    }

    /// `player` is entered, rated `rating`.
    fn enter(&mut self, player: &PlayerRef, rating: i32) {
        match &mut self.run {
            Run::Swiss(run) => run.enter(player.id.0),
            Run::Arena(run) => run.enter(player.id.0, rating),
        }
        self.names.0.insert(player.id.0, player.clone());
    }

    /// Take a stored step.
    pub(crate) fn apply(&mut self, step: &Stored) {
        self.steps += 1;
        if let Stored::Joined { player, .. } = step {
            self.names.0.insert(player.id.0, player.clone());
        }
        match &mut self.run {
            Run::Swiss(run) => {
                if let Some(forgotten) = run.apply(step) {
                    self.names.0.remove(&forgotten);
                }
            }
            Run::Arena(run) => run.apply(step),
        }
    }

    /// The tournament as everyone sees it.
    pub(crate) fn view(&self) -> TournamentView {
        let names = &self.names;
        let mut view = TournamentView {
            tournament_id: self.id,
            name: self.settings.name.clone(),
            format: self.settings.format,
            director: self.director.clone(),
            settings: self.settings.settings,
            rounds: self.settings.rounds,
            starts_at_ms: self.settings.starts_at_ms,
            between_rounds_ms: self.settings.between_rounds_ms,
            min_rating: self.settings.min_rating,
            min_rated_games: self.settings.min_rated_games,
            private: self.is_private(),
            stage: protocol::wire::TournamentStage::Waiting,
            next_round_at_ms: None,
            standings: Vec::new(),
            rounds_played: Vec::new(),
            ends_at_ms: None,
            berserk: self.allows_berserk(),
            leaderboard: Vec::new(),
            arena_matches: Vec::new(),
        };
        match &self.run {
            Run::Swiss(run) => {
                view.stage = run.stage();
                view.next_round_at_ms = run.next_round_at();
                view.standings = run.standings(self.settings.settings.games, names);
                view.rounds_played = run.rounds_played(names);
            }
            Run::Arena(run) => {
                view.rounds = 0;
                view.stage = run.stage();
                view.ends_at_ms = Some(run.ends_at_ms());
                view.leaderboard = run.leaderboard(names);
                view.arena_matches = run.matches(names);
            }
        }
        view
    }
}

/// The settings a director may choose: a name, a start within a week
/// (not in the past); a Swiss's 1 to 15 rounds and a wait between them of
/// at most a day; an arena's length of 5 minutes to 12 hours, and berserk
/// only on a real-time clock. (The match's own settings are the hub's to
/// check, as any match's.)
pub(crate) fn check_settings(
    settings: &TournamentSettings,
    now_ms: u64,
) -> Result<(), ServerError> {
    let name = settings.name.trim();
    if name.is_empty() || name.chars().count() > TournamentSettings::NAME_CHARS {
        return Err(refused("a tournament's name has 1 to 60 characters"));
    }
    match settings.format {
        TournamentFormat::Swiss => {
            if !(1..=TournamentSettings::MOST_ROUNDS).contains(&settings.rounds) {
                return Err(refused("a Swiss has 1 to 15 rounds"));
            }
            if settings.duration_ms != 0 || settings.berserk {
                return Err(refused(
                    "a Swiss has rounds, not a duration or berserk: those are an arena's",
                ));
            }
        }
        TournamentFormat::Arena => {
            let lengths =
                TournamentSettings::SHORTEST_ARENA_MS..=TournamentSettings::LONGEST_ARENA_MS;
            if !lengths.contains(&settings.duration_ms) {
                return Err(refused(
                    "an arena lasts 5 minutes to 12 hours (duration_ms 300000 to 43200000)",
                ));
            }
            if settings.berserk && !settings.settings.time_control.is_real_time() {
                return Err(refused("berserk halves a clock: it needs a real-time one"));
            }
        }
    }
    // A start up to a minute past (a client's clock a little behind the
    // server's, or "at once") is a start now.
    if settings
        .starts_at_ms
        .saturating_add(TournamentSettings::START_SLACK_MS)
        < now_ms
        || settings.starts_at_ms > now_ms.saturating_add(TournamentSettings::LATEST_START_MS)
    {
        return Err(refused(
            "a tournament starts within a week from now, not more than a minute ago (starts_at_ms, by the server's clock)",
        ));
    }
    if settings.between_rounds_ms > TournamentSettings::LONGEST_GAP_MS {
        return Err(refused("the wait between rounds is at most a day"));
    }
    let conditions = settings.min_rating.is_some() || settings.min_rated_games.is_some();
    if conditions
        && matches!(
            settings.settings.time_control,
            protocol::wire::TimeControl::Untimed
        )
    {
        return Err(refused(
            "an entry condition on ratings needs a timed clock (untimed matches have no rating)",
        ));
    }
    if settings
        .min_rating
        .is_some_and(|r| !(0.0..=4000.0).contains(&r))
    {
        return Err(refused("a minimum rating is 0 to 4000"));
    }
    if !settings.computers.is_empty() && settings.settings.rated {
        return Err(refused(
            "computer players play in casual tournaments only: make its matches unrated",
        ));
    }
    let mut levels = settings.computers.clone();
    levels.sort_unstable();
    levels.dedup();
    if levels.len() != settings.computers.len() || levels.iter().any(|l| !(1..=8).contains(l)) {
        return Err(refused(
            "computer players are named by their levels, 1 to 8, each at most once",
        ));
    }
    Ok(())
}

/// Whether a player with `rating` and `rated_games` in the tournament's
/// pool may enter `settings`'s tournament; the refusal says why not, to
/// the player himself (`who` `None`) or about a computer the director
/// names (`Some(name)`).
pub(crate) fn check_entry(
    settings: &TournamentSettings,
    rating: f64,
    rated_games: u32,
    who: Option<&str>,
) -> Result<(), ServerError> {
    if let Some(min) = settings.min_rating
        && rating < min
    {
        let is = who.map_or("you are".to_owned(), |name| format!("{name} is"));
        return Err(ServerError::TournamentRefused(format!(
            "this tournament takes players rated {min:.0} or more; {is} rated {rating:.0}"
        )));
    }
    if let Some(min) = settings.min_rated_games
        && rated_games < min
    {
        let has = who.map_or("you have".to_owned(), |name| format!("{name} has"));
        return Err(ServerError::TournamentRefused(format!(
            "this tournament takes players with {min} rated games or more in its game and speed; {has} {rated_games}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
