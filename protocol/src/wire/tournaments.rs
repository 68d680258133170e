//! Tournaments on the wire: what a director sets when creating a Swiss
//! or an arena of matches, and the tournament as players and watchers see
//! it (a Swiss's standings and each round's boards and results; an
//! arena's leaderboard and matches).

use super::types::{MatchId, MatchSettings, PlayerRef, TournamentId};
use serde::{Deserialize, Serialize};

/// Which kind of tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentFormat {
    /// Rounds paired by the FIDE Dutch system.
    #[default]
    Swiss,
    /// Continuous pairing for a fixed time.
    Arena,
}

/// What a director sets when creating a tournament: every match is of
/// `settings` (its games, clock, rated or not). A Swiss's rounds are
/// paired by the FIDE Dutch system; an arena pairs whoever is free for
/// `duration_ms` (docs/TOURNAMENTS.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// Its name: 1 to 60 characters.
    pub name: String,
    /// A Swiss (the default) or an arena.
    #[serde(default)]
    pub format: TournamentFormat,
    /// Each match.
    pub settings: MatchSettings,
    /// A Swiss's rounds: 1 to 15 (an arena has none: 0).
    #[serde(default)]
    pub rounds: u32,
    /// An arena's length from its start, in ms: 5 minutes to 12 hours.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub duration_ms: u64,
    /// An arena's players may berserk (its matches' clock must be real
    /// time): half the clock and no increment for a point more on a win.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub berserk: bool,
    /// When round 1 is paired (an arena opens), by the server's clock (ms
    /// since the Unix epoch): within a week from now; up to a minute in
    /// the past is taken as now.
    pub starts_at_ms: u64,
    /// The wait between one round's last result and the next round's
    /// pairing, in ms (0 to a day; default a minute).
    #[serde(default = "TournamentSettings::default_gap")]
    pub between_rounds_ms: u64,
    /// Entry only with at least this rating in the tournament's variant and
    /// speed (its matches' clock must then be timed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<f64>,
    /// Entry only with at least this many rated games in the tournament's
    /// variant and speed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rated_games: Option<u32>,
    /// Private: left out of every list, and read, followed and entered
    /// only with the code its creation answers (the director hands it on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// The server's computer players entered with it, by level (1 to 8,
    /// each once): casual tournaments only (`settings.rated` false).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computers: Vec<u8>,
}

impl TournamentSettings {
    /// The longest name.
    pub const NAME_CHARS: usize = 60;
    /// The most rounds.
    pub const MOST_ROUNDS: u32 = 15;
    /// The latest start, from now.
    pub const LATEST_START_MS: u64 = 7 * 24 * 60 * 60 * 1000;
    /// How far in the past a start may be (it is then a start now): a
    /// client's clock a little behind the server's, or "at once".
    pub const START_SLACK_MS: u64 = 60 * 1000;
    /// The longest wait between rounds.
    pub const LONGEST_GAP_MS: u64 = 24 * 60 * 60 * 1000;
    /// An arena's shortest length.
    pub const SHORTEST_ARENA_MS: u64 = 5 * 60 * 1000;
    /// An arena's longest length.
    pub const LONGEST_ARENA_MS: u64 = 12 * 60 * 60 * 1000;

    fn default_gap() -> u64 {
        60_000
    }
}

fn is_zero(ms: &u64) -> bool {
    *ms == 0
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStage {
    /// Taking entries until its start.
    Waiting,
    /// A round is being played (an arena: it is open, or its last matches
    /// are being played out).
    Playing,
    /// Between two rounds: the next is paired at `next_round_at_ms`.
    BetweenRounds,
    /// Its last round's results are in (an arena: its time is up and its
    /// last match over).
    Over,
}

/// One player's line in the standings. Points are match points (a match
/// won 1, drawn ½; a bye or a forfeit win 1); the tie-breaks follow in
/// order: the games' points, Sonneborn–Berger, Buchholz.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingLine {
    /// From 1.
    pub place: u32,
    /// Who.
    pub player: PlayerRef,
    /// Match points.
    pub points: f64,
    /// The games' points of his matches.
    pub game_points: f64,
    /// Sonneborn–Berger.
    pub sonneborn_berger: f64,
    /// Buchholz.
    pub buchholz: f64,
    /// He withdrew (he is paired no more; his rounds still count).
    pub withdrawn: bool,
    /// He is paused: the rounds paired meanwhile leave him out.
    #[serde(default)]
    pub paused: bool,
}

/// How one board's match ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardResult {
    /// The games' points of the board's first mover and of the other.
    pub games: [f64; 2],
    /// Match points, likewise (1, ½ or 0).
    pub points: [f64; 2],
    /// One of them did not come: the other wins by forfeit.
    pub forfeit: bool,
}

/// One board of a round: who moves first in game 1 of its match, who
/// second, the match (once started) and its result (once in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    /// Moves first in the match's first game.
    pub first: PlayerRef,
    /// Moves second.
    pub second: PlayerRef,
    /// The match, watchable and then archived.
    pub match_id: Option<MatchId>,
    /// Its result, once in.
    pub result: Option<BoardResult>,
}

/// One round: its boards, best first, and the player with the bye.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundView {
    /// From 1.
    pub round: u32,
    /// The matches.
    pub boards: Vec<BoardView>,
    /// The bye (a point without a match), if the players were odd.
    pub bye: Option<PlayerRef>,
}

/// One player's line on an arena's leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaLine {
    /// From 1.
    pub place: u32,
    /// Who.
    pub player: PlayerRef,
    /// Arena points: a match won 2 (4 on fire), drawn 1, +1 for a
    /// berserked win.
    pub points: u32,
    /// Two wins in a row: his next win counts double.
    pub on_fire: bool,
    /// Each match's points, the newest last (the last 30 at most).
    pub marks: Vec<u32>,
    /// Matches played.
    pub matches: u32,
    /// He is playing now.
    pub playing: bool,
    /// He left (paired no more; his points stand): he may join again.
    pub left: bool,
}

/// One match of an arena.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaMatchView {
    /// Moves first in the match's first game.
    pub first: PlayerRef,
    /// Moves second.
    pub second: PlayerRef,
    /// The match, once started.
    pub match_id: Option<MatchId>,
    /// Its result, once in.
    pub result: Option<BoardResult>,
    /// Who berserked, first mover first.
    pub berserk: [bool; 2],
}

/// A tournament as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    /// Its number.
    pub tournament_id: TournamentId,
    /// Its name.
    pub name: String,
    /// A Swiss or an arena.
    #[serde(default)]
    pub format: TournamentFormat,
    /// Who created it.
    pub director: PlayerRef,
    /// Each round's match.
    pub settings: MatchSettings,
    /// Rounds in all.
    pub rounds: u32,
    /// When round 1 is (or was) paired.
    pub starts_at_ms: u64,
    /// The wait between rounds.
    pub between_rounds_ms: u64,
    /// The rating an entrant needs, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<f64>,
    /// The rated games an entrant needs, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rated_games: Option<u32>,
    /// Private: found only by its code.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// Where it is.
    pub stage: TournamentStage,
    /// When the next round is paired, while waiting for it.
    pub next_round_at_ms: Option<u64>,
    /// The standings, first place first (during the start's wait: the
    /// entrants, in the order they joined).
    pub standings: Vec<StandingLine>,
    /// Every round paired so far, the first first.
    pub rounds_played: Vec<RoundView>,
    /// An arena's end (no pairing after it; its matches are played out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at_ms: Option<u64>,
    /// An arena's players may berserk.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub berserk: bool,
    /// An arena's leaderboard, first place first (a Swiss: empty).
    #[serde(default)]
    pub leaderboard: Vec<ArenaLine>,
    /// An arena's matches being played, then the last 30 ended, the
    /// newest first (a Swiss: empty).
    #[serde(default)]
    pub arena_matches: Vec<ArenaMatchView>,
}
