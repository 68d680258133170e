//! Ids, settings and the summaries that several messages share.

use crate::rules::{Board, Ruleset, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // Delegate, so width and alignment flags work on ids too.
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

id_type!(
    /// A player identity, stable for as long as the token that names it.
    PlayerId
);
id_type!(
    /// A match, unique for the life of the server.
    MatchId
);
id_type!(
    /// An open seek.
    SeekId
);
id_type!(
    /// A pending challenge.
    ChallengeId
);
id_type!(
    /// A tournament (a Swiss of matches).
    TournamentId
);

/// A client-chosen request id, echoed by the reply: a number or a short string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    /// A number.
    Number(u64),
    /// A string.
    Text(String),
}

/// A seat in a match: 0 is the player who created the seek (or challenged, or
/// waited first in the pool), 1 the other. Seats never change during a match;
/// who moves first in each game does, and with it the rules side each seat
/// plays ([`Seat::side`]): in every game, rules side 0 is the seat that moves
/// first (see [`crate::wire::ServerMsg::GameStarted`]). A seat is not a
/// [`Side`], so the two cannot be mixed up. On the wire: the number 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Seat {
    /// Seat 0: `players[0]`.
    Zero,
    /// Seat 1: `players[1]`.
    One,
}

impl Seat {
    /// Both seats, seat 0 first.
    pub const BOTH: [Seat; 2] = [Seat::Zero, Seat::One];

    /// The other seat.
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::Zero => Seat::One,
            Seat::One => Seat::Zero,
        }
    }

    /// 0 or 1, for indexing per-seat arrays (`players`, `points`, clocks).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with this number, if it is 0 or 1.
    pub const fn from_index(index: usize) -> Option<Seat> {
        match index {
            0 => Some(Seat::Zero),
            1 => Some(Seat::One),
            _ => None,
        }
    }

    /// The rules side this seat plays in a game whose first mover is `first`.
    pub const fn side(self, first: Seat) -> Side {
        if self.index() == first.index() {
            Side::Player0
        } else {
            Side::Player1
        }
    }

    /// The seat that plays rules side `side` in a game whose first mover is `first`.
    pub const fn of_side(side: Side, first: Seat) -> Seat {
        match side {
            Side::Player0 => first,
            Side::Player1 => first.opponent(),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.index())
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat as u8
    }
}

/// The number given for a seat was neither 0 nor 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("seat must be 0 or 1, not {0}")]
pub struct InvalidSeat(pub u8);

impl TryFrom<u8> for Seat {
    type Error = InvalidSeat;
    fn try_from(value: u8) -> Result<Seat, InvalidSeat> {
        Seat::from_index(value as usize).ok_or(InvalidSeat(value))
    }
}

/// How the clocks run.
///
/// `{"kind": "untimed"}`, `{"kind": "real_time", "initial_ms": 180000,
/// "increment_ms": 2000}` (3+2: three minutes per player per game, two seconds
/// added after each move), or `{"kind": "correspondence", "days_per_move": 3}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clocks.
    #[default]
    Untimed,
    /// Each player has `initial_ms` per game, plus `increment_ms` after each move.
    RealTime {
        /// Time per player per game, 1 second to 3 hours.
        initial_ms: u64,
        /// Added to the mover's clock after each of his moves, up to 60 seconds.
        increment_ms: u64,
    },
    /// Each move must be made within `days_per_move` days (1 to 14).
    Correspondence {
        /// Days allowed for every move.
        days_per_move: u8,
    },
}

impl TimeControl {
    /// Whether this is real-time play (a player may be in one such match at a time).
    pub const fn is_real_time(self) -> bool {
        matches!(self, TimeControl::RealTime { .. })
    }

    /// Why these values are out of range, if they are.
    pub fn check(self) -> Result<(), String> {
        match self {
            TimeControl::Untimed => Ok(()),
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            } => {
                if !(1_000..=3 * 3_600_000).contains(&initial_ms) {
                    Err(format!(
                        "real-time initial time must be 1 s to 3 h, not {initial_ms} ms"
                    ))
                } else if increment_ms > 60_000 {
                    Err(format!(
                        "the increment must be at most 60 s, not {increment_ms} ms"
                    ))
                } else {
                    Ok(())
                }
            }
            TimeControl::Correspondence { days_per_move } => {
                if (1..=14).contains(&days_per_move) {
                    Ok(())
                } else {
                    Err(format!(
                        "correspondence allows 1 to 14 days per move, not {days_per_move}"
                    ))
                }
            }
        }
    }
}

/// Both clocks of a game, by seat, as of the message that carries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Time left per seat, in milliseconds (for correspondence: until the
    /// current move's deadline for the seat to move, a full move's time for the other).
    pub remaining_ms: [u64; 2],
    /// The seat whose clock runs, `None` when none does.
    pub running: Option<Seat>,
    /// While a real-time game's first move is awaited: the time left for
    /// it, in milliseconds. No clock runs meanwhile; a first mover who lets
    /// it pass loses the game (`no_start`). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_ms: Option<u64>,
}

/// What a match is played with. Every field may be left out for its default:
/// Turkish Mangala, 5 games, every game played, untimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MatchSettings {
    /// The game and its options.
    pub ruleset: Ruleset,
    /// Games in the match, 1 to 9.
    pub games: u8,
    /// Stop as soon as one player cannot be caught (default: play every game,
    /// since every game's points count).
    pub stop_when_decided: bool,
    /// The clocks.
    pub time_control: TimeControl,
    /// Whether the match changes both players' ratings when it ends
    /// (default: casual, and then left out). Untimed matches are always casual.
    #[serde(skip_serializing_if = "is_false")]
    pub rated: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Default for MatchSettings {
    fn default() -> MatchSettings {
        MatchSettings {
            ruleset: Ruleset::Mangala,
            games: 5,
            stop_when_decided: false,
            time_control: TimeControl::Untimed,
            rated: false,
        }
    }
}

/// How fast a match is played, for ratings: each variant family has one
/// rating per speed. Untimed matches have none (they are casual).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Clocks that run while the player thinks.
    RealTime,
    /// Days per move.
    Correspondence,
}

impl Speed {
    /// Both speeds.
    pub const ALL: [Speed; 2] = [Speed::RealTime, Speed::Correspondence];

    /// The speed of matches under `time_control`; `None` for untimed ones.
    pub const fn of(time_control: TimeControl) -> Option<Speed> {
        match time_control {
            TimeControl::Untimed => None,
            TimeControl::RealTime { .. } => Some(Speed::RealTime),
            TimeControl::Correspondence { .. } => Some(Speed::Correspondence),
        }
    }

    /// The name on the wire and in URLs: `real_time` or `correspondence`.
    pub const fn id(self) -> &'static str {
        match self {
            Speed::RealTime => "real_time",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The speed named `id` (as [`Speed::id`] writes it).
    pub fn from_id(id: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|speed| speed.id() == id)
    }
}

/// Ratings below this deviation are established; above it a rating is
/// provisional and shown with a `?`.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// What a rated match did to one player's rating (Glicko-2).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before the match.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The rating deviation after it (how unsure the rating is).
    pub deviation: f64,
    /// Whether the rating is still provisional (deviation above 110).
    pub provisional: bool,
}

impl MatchSettings {
    /// The allowed numbers of games.
    pub const GAMES: std::ops::RangeInclusive<u8> = 1..=9;
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerRef {
    /// The identity.
    pub id: PlayerId,
    /// The display name.
    pub name: String,
}

/// An open seek, as listed in the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeekInfo {
    /// The seek.
    pub seek_id: SeekId,
    /// Who is waiting.
    pub by: PlayerRef,
    /// The match offered.
    pub settings: MatchSettings,
    /// The seeker's rating in the seek's variant and speed when he opened
    /// it (left out for an untimed seek, which has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<ShownRating>,
    /// Only players rated within this range see it and may take it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<RatingRange>,
}

/// The ratings a seek is open to, both ends included; an end left out is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingRange {
    /// The lowest rating admitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// The highest rating admitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

impl RatingRange {
    /// Whether `rating` is within the range.
    pub fn admits(&self, rating: f64) -> bool {
        self.min.is_none_or(|min| rating >= min) && self.max.is_none_or(|max| rating <= max)
    }

    /// Why the range makes no sense, if it does not (an empty or unbounded
    /// range, or ends outside 0 to 4000).
    pub fn check(&self) -> Result<(), String> {
        let ends = [self.min, self.max];
        if ends
            .iter()
            .flatten()
            .any(|end| !(0.0..=4000.0).contains(end))
        {
            return Err("a rating range's ends are 0 to 4000".into());
        }
        match (self.min, self.max) {
            (None, None) => Err("a rating range needs a min, a max or both".into()),
            (Some(min), Some(max)) if min > max => {
                Err(format!("the rating range {min} to {max} is empty"))
            }
            _ => Ok(()),
        }
    }
}

/// A rating as shown next to a name.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShownRating {
    /// The Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Deviation above 110: shown with a `?`.
    pub provisional: bool,
}

/// A rating as players read it: whole points, `?` when provisional (`1587?`).
pub fn rating_label(rating: f64, provisional: bool) -> String {
    format!("{:.0}{}", rating, if provisional { "?" } else { "" })
}

impl fmt::Display for ShownRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&rating_label(self.rating, self.provisional))
    }
}

impl fmt::Display for RatingChange {
    /// `1500 → 1587? (+87)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let change = self.after.round() - self.before.round();
        write!(
            f,
            "{} → {} ({}{:.0})",
            rating_label(self.before, false),
            rating_label(self.after, self.provisional),
            if change >= 0.0 { "+" } else { "" },
            change
        )
    }
}

/// A live match, as listed in the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// The match.
    pub match_id: MatchId,
    /// Seat 0 and seat 1.
    pub players: [PlayerRef; 2],
    /// Their ratings (by seat) in the match's variant and speed when it
    /// began; left out for an untimed match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<[ShownRating; 2]>,
    /// Its settings.
    pub settings: MatchSettings,
    /// Points so far per seat (a win 1, a draw 0.5).
    pub points: [f64; 2],
    /// The game being played, from 1.
    pub game: u8,
    /// How many are watching.
    pub spectators: u32,
}

/// A challenge between two players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeInfo {
    /// The challenge.
    pub challenge_id: ChallengeId,
    /// Who challenges (seat 0 if accepted).
    pub from: PlayerRef,
    /// Who is challenged.
    pub to: PlayerRef,
    /// The match offered.
    pub settings: MatchSettings,
    /// Milliseconds until it expires.
    pub expires_in_ms: u64,
}

/// Why a game of a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEndReason {
    /// The board ended it: a row ran empty.
    SideEmpty,
    /// The board ended it: the player to move had no move.
    NoMove,
    /// The board ended it: an Oware store passed half.
    Majority,
    /// The board ended it: an Oware position repeated.
    Repetition,
    /// A player resigned the game.
    Resign,
    /// A player forfeited the match.
    Forfeit,
    /// A player's clock ran out.
    Timeout,
    /// The players agreed to a draw.
    DrawAgreed,
    /// The opponent claimed the game after this player stayed away too long.
    Claimed,
    /// The player stayed away past the limit and forfeited the game.
    Abandoned,
    /// The first mover did not make the game's first move in time (the
    /// first-move timer in real time, the move's days by correspondence).
    NoStart,
}

impl From<crate::rules::EndReason> for GameEndReason {
    fn from(reason: crate::rules::EndReason) -> GameEndReason {
        use crate::rules::EndReason;
        match reason {
            EndReason::SideEmpty => GameEndReason::SideEmpty,
            EndReason::NoMove => GameEndReason::NoMove,
            EndReason::Majority => GameEndReason::Majority,
            EndReason::Repetition => GameEndReason::Repetition,
        }
    }
}

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchEndReason {
    /// Every game was played.
    Completed,
    /// `stop_when_decided`: one player could no longer be caught.
    Decided,
    /// A player forfeited the match.
    Forfeit,
    /// A player aborted it before the first move.
    Aborted,
}

/// How a finished game of a match came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// Why it ended.
    pub reason: GameEndReason,
    /// The seat that won it, `None` for a draw.
    pub winner: Option<Seat>,
    /// The stores when it ended, by rules side (side 0 moved first).
    pub stores: [u8; 2],
}

impl GameOutcome {
    /// The stores by seat (seat 0 first), for a game whose first mover was
    /// `first`: what a result line prints next to the players' names, which
    /// are in seat order.
    pub const fn stores_by_seat(&self, first: Seat) -> [u8; 2] {
        let first_store = self.stores[0];
        let second_store = self.stores[1];
        match first {
            Seat::Zero => [first_store, second_store],
            Seat::One => [second_store, first_store],
        }
    }
}

/// One game of a match in a snapshot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSnapshot {
    /// Its number, from 1.
    pub game: u8,
    /// The seat that moved first (rules side 0 of this game).
    pub first: Seat,
    /// The house numbers played, in order.
    pub moves: Vec<u8>,
    /// The seat that made each of those moves (an extra turn moves twice
    /// in a row), so a client can write the game's record.
    #[serde(default)]
    pub movers: Vec<Seat>,
    /// In the Kazakh games, each of those moves as players write it (as
    /// `label` in `move_played`); left out in the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
    /// How it ended, if it has.
    pub outcome: Option<GameOutcome>,
}

/// A computer player, as the lobby lists him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerInfo {
    /// His name, to `challenge`.
    pub name: String,
    /// His strength, 1 (nearly random) to 8 (full strength).
    pub level: u8,
}

/// Everything a spectator (or a returning player) needs to draw a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSnapshot {
    /// The match.
    pub match_id: MatchId,
    /// The version of the last event included; events that follow carry
    /// higher versions.
    pub version: u64,
    /// Seat 0 and seat 1.
    pub players: [PlayerRef; 2],
    /// Its settings.
    pub settings: MatchSettings,
    /// Points per seat.
    pub points: [f64; 2],
    /// Every game so far, the current one last.
    pub games: Vec<GameSnapshot>,
    /// The current board, by rules side (side 0 moved first in this game).
    pub position: Board,
    /// The houses the side to move may play now, numbered from its own left
    /// (empty between games and after the end).
    #[serde(default)]
    pub legal: Vec<u8>,
    /// The seat to move, `None` between games or once the match is over.
    pub to_move: Option<Seat>,
    /// How many are watching.
    pub spectators: u32,
    /// Set once the match is over.
    pub ended: Option<MatchEndReason>,
    /// Both clocks of the current game, for timed matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// The players' ratings as the match began (as `match_started` had
    /// them), by seat; absent for untimed matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<[ShownRating; 2]>,
    /// What a rated match's end did to both ratings (as `match_ended` had
    /// it), by seat; absent until then, and for unrated matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_changes: Option<[RatingChange; 2]>,
    /// In an arena's match that allows berserk: who has berserked, by
    /// seat; absent where berserk is not allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub berserk: Option<[bool; 2]>,
    /// The tournament this match is a board of (it cannot be aborted, and
    /// has no rematch); absent for any other match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_id: Option<TournamentId>,
}

#[cfg(test)]
mod tests {

    #[test]
    fn ratings_read_as_whole_points_with_a_question_mark_while_provisional() {
        let shown = ShownRating {
            rating: 1587.4,
            deviation: 187.0,
            provisional: true,
        };
        assert_eq!(shown.to_string(), "1587?");
        let change = RatingChange {
            before: 1612.2,
            after: 1540.9,
            deviation: 95.0,
            provisional: false,
        };
        assert_eq!(change.to_string(), "1612 → 1541 (-71)");
        let up = RatingChange {
            before: 1500.0,
            after: 1587.4,
            deviation: 187.0,
            provisional: true,
        };
        assert_eq!(up.to_string(), "1500 → 1587? (+87)");
    }

    use super::*;

    #[test]
    fn each_seat_plays_side_zero_in_the_games_it_opens() {
        for first in Seat::BOTH {
            assert_eq!(first.side(first), Side::Player0);
            assert_eq!(first.opponent().side(first), Side::Player1);
            for side in Side::BOTH {
                assert_eq!(Seat::of_side(side, first).side(first), side);
            }
        }
        assert_eq!(serde_json::to_string(&Seat::One).ok().as_deref(), Some("1"));
        assert!(serde_json::from_str::<Seat>("2").is_err());
    }
}
