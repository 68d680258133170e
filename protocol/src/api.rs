//! The HTTP API's answers under `/api/` as types: the server serialises
//! them, clients (the terminal client, the tests) deserialise them, so the
//! two cannot drift apart. docs/PROTOCOL.md describes the JSON they make.

use crate::rules::{Board, MoveEvent, Ruleset, Variant};
use crate::wire::{
    Clocks, GameOutcome, MatchEndReason, MatchId, MatchSettings, PlayerId, PlayerRef, RatingChange,
    Seat, Speed,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every refusal: a code a program can branch on and a sentence to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// The refusal's code (e.g. `no_such_match`, `rate_limited`).
    pub error: String,
    /// What happened, as a sentence for a person.
    pub message: String,
}

/// A match as the archive returns it (`GET /api/matches/{id}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArchivedMatch {
    /// The match.
    pub match_id: MatchId,
    /// Seat 0 first.
    pub players: [PlayerRef; 2],
    /// `None` if the stored settings do not read.
    pub settings: Option<MatchSettings>,
    /// When it started, in milliseconds since the epoch.
    pub started_at_ms: u64,
    /// `None` while it is live.
    pub ended_at_ms: Option<u64>,
    /// Why it ended; `None` while it is live.
    pub end_reason: Option<MatchEndReason>,
    /// Match points by seat.
    pub points: [f64; 2],
    /// A seat; `None` for a level match, an abort, or while it is live.
    pub winner: Option<Seat>,
    /// A rated match's rating changes by seat; `None` for a casual one.
    pub ratings: Option<[RatingChange; 2]>,
    /// The rematch agreed on it, if any.
    pub rematch_id: Option<MatchId>,
    /// Its games, in order.
    pub games: Vec<ArchivedGame>,
    /// Each restart of the server while the match was live.
    pub restarts: Vec<Restart>,
    /// While it is live on servers that share a PostgreSQL database: the
    /// name of the node serving it (for operators and tests); absent
    /// otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
}

/// One game of an archived match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArchivedGame {
    /// The game's number in its match, from 1.
    pub game: u8,
    /// The seat that moved first (rules side 0).
    pub first: Seat,
    /// When it started, in milliseconds since the epoch.
    pub started_at_ms: u64,
    /// When it ended; `None` while it is live.
    pub ended_at_ms: Option<u64>,
    /// The opening board (rules sides) and the houses its first mover may play.
    pub position: Board,
    /// The houses the seat to move may play, from 1.
    pub legal: Vec<u8>,
    /// Its moves, in order.
    pub moves: Vec<ArchivedMove>,
    /// How it ended; `None` while it is played.
    pub outcome: Option<GameOutcome>,
    /// Match points by seat once it ended.
    pub points: Option<[f64; 2]>,
}

/// One move of an archived game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArchivedMove {
    /// Its ply in the game, from 1.
    pub ply: u32,
    /// The seat that played it.
    pub seat: Seat,
    /// The house played, from the mover's left, from 1.
    pub house: u8,
    /// In the Kazakh games, the move as players write it (as `label` in
    /// `move_played`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// When the server accepted it, in microseconds since the epoch.
    pub played_at_us: u64,
    /// Both clocks after it, by seat (timed matches).
    pub clocks: Option<Clocks>,
    /// The sowing, as `move_played` tells it (rules sides), for replays
    /// that animate.
    pub events: Vec<MoveEvent>,
    /// The board after it (rules sides), the seat to move next and the
    /// houses it may play.
    pub position: Board,
    /// The seat to move next; `None` once the game is over.
    pub next: Option<Seat>,
    /// The houses the seat to move may play, from 1.
    pub legal: Vec<u8>,
}

/// A restart of the server during a match, and the time charged to nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restart {
    /// When, in milliseconds since the epoch.
    pub at_ms: u64,
    /// How long the server was away, charged to nobody.
    pub paused_ms: u64,
}

/// One line of a player's list of matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchLine {
    /// The match.
    pub match_id: MatchId,
    /// The players, seat 0 first.
    pub players: [PlayerRef; 2],
    /// Its settings; `None` if the stored settings do not read.
    pub settings: Option<MatchSettings>,
    /// The seat that moved first in game 1 (drawn by lot).
    pub first: Option<Seat>,
    /// Events recorded so far (moves, game ends, ...).
    pub events: u64,
    /// When it started, in milliseconds since the epoch.
    pub started_at_ms: u64,
    /// When it ended; `None` while it is live.
    pub ended_at_ms: Option<u64>,
    /// As in `match_ended`; `None` while it is live.
    pub end_reason: Option<String>,
    /// Match points by seat.
    pub points: Option<[f64; 2]>,
    /// The winning seat; `None` for a level match, an abort, or while it is live.
    pub winner: Option<Seat>,
    /// The rematch agreed on it, if any.
    pub rematch_id: Option<MatchId>,
}

/// A page of a player's matches, newest first
/// (`GET /api/players/{name}/matches`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerMatches {
    /// The player's name.
    pub name: String,
    /// The matches.
    pub matches: Vec<MatchLine>,
    /// Pass as `before` for the next (older) page; `None` on the last.
    pub next_before: Option<u64>,
}

/// A rating as the pages show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingLine {
    /// The variant.
    pub variant: Variant,
    /// The speed.
    pub speed: Speed,
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The rating volatility (Glicko-2).
    pub volatility: f64,
    /// Deviation above 110: shown with a `?`.
    pub provisional: bool,
    /// Rated games played in this pool.
    pub games: u32,
}

/// Won, drawn and lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Won.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost.
    pub lost: u64,
}

/// A player's record over every finished match that was not aborted: by
/// games (those played), and by matches (by match points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Its games, in order.
    pub games: Tally,
    /// The matches.
    pub matches: Tally,
}

/// One rated match in a player's rating history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryRow {
    /// The match.
    pub match_id: u64,
    /// The variant.
    pub variant: String,
    /// The speed.
    pub speed: String,
    /// The rating before the match.
    pub before: f64,
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// Games the match counted.
    pub games: u32,
    /// When, in milliseconds since the epoch.
    pub at_ms: u64,
}

/// A player's profile (`GET /api/players/{name}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// The player's id.
    pub player_id: PlayerId,
    /// The player's name.
    pub name: String,
    /// A rated match's rating changes by seat; `None` for a casual one.
    pub ratings: Vec<RatingLine>,
    /// His record.
    pub record: Record,
    /// His latest matches, newest first.
    pub recent_matches: Vec<MatchLine>,
    /// Oldest first.
    pub rating_history: Vec<HistoryRow>,
}

/// One place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    /// The place, from 1.
    pub rank: usize,
    /// The player's id.
    pub player_id: PlayerId,
    /// The player's name.
    pub name: String,
    /// The rating.
    #[serde(flatten)]
    pub rating: RatingLine,
}

/// What anyone may see of the lobby without signing in (`GET /api/lobby`):
/// some of the open public seeks (those open to every rating) and of the
/// live matches, at most a page of each, and how many there are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyView {
    /// Open public seeks, at most [`LobbyView::PAGE`].
    pub seeks: Vec<crate::wire::SeekInfo>,
    /// Live matches, at most [`LobbyView::PAGE`].
    pub matches: Vec<crate::wire::MatchSummary>,
    /// How many matches are live.
    pub live_matches: usize,
    /// The featured match: the live one whose players' ratings, added,
    /// are highest (the most watched among equals); `None` when none is live.
    pub featured: Option<crate::wire::MatchSummary>,
    /// Players connected now.
    pub players_online: u32,
}

impl LobbyView {
    /// The most seeks, and the most matches, one view lists.
    pub const PAGE: usize = 50;
}

/// A pool's best established ratings (`GET /api/leaderboard`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// The variant.
    pub variant: Variant,
    /// The speed.
    pub speed: Speed,
    /// The players, best first.
    pub players: Vec<Leader>,
}

/// How much a reviewed move lost against the best one, in words, measured
/// against the stones in play so that a seed counts for as much in
/// Togyz Kumalak's 162 as in Kalah's 48: a blunder gives away an eighth of
/// them or more (6 of 48, 21 of 162), a mistake a sixteenth (3 of 48, 11
/// of 162), an inaccuracy anything less that is not nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveClass {
    /// Lost nothing: as good as the best move found.
    Best,
    /// Lost less than a sixteenth of the stones.
    Inaccuracy,
    /// Lost a sixteenth of the stones or more.
    Mistake,
    /// Lost an eighth of the stones or more.
    Blunder,
}

impl MoveClass {
    /// The class of a move that lost `loss` seeds in a game of `stones`.
    pub fn of(loss: i32, stones: u32) -> MoveClass {
        let loss = i64::from(loss.max(0));
        let stones = i64::from(stones.max(1));
        if loss == 0 {
            MoveClass::Best
        } else if loss * 8 >= stones {
            MoveClass::Blunder
        } else if loss * 16 >= stones {
            MoveClass::Mistake
        } else {
            MoveClass::Inaccuracy
        }
    }
}

/// One reviewed move: the value of the move played against the best one
/// found, each searched to the same depth, for the mover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewLine {
    /// Its ply in the game, from 1.
    pub ply: usize,
    /// The house played (1 = the mover's leftmost).
    pub played: u8,
    /// Its value for the mover (his final seeds less his opponent's with
    /// best play from there, as far as the search saw).
    pub value: i32,
    /// The best house found (the lowest of equal ones).
    pub best: u8,
    /// Its value for the mover.
    pub best_value: i32,
    /// Seeds given away against the best.
    pub loss: i32,
    /// Whether both values are exact: every line reached the end.
    pub exact: bool,
    /// How much it lost, in words.
    pub class: MoveClass,
    /// The line the engine expects from the position before the move,
    /// starting with its best move: houses, each from its own mover's
    /// left (extra turns make one player move twice in a row).
    pub line: Vec<u8>,
}

/// A reviewed move of an archived match, with the seat that played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatReview {
    /// The review.
    #[serde(flatten)]
    pub line: ReviewLine,
    /// The seat that played it.
    pub seat: Seat,
}

/// One game of a match reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedGame {
    /// The game's number in its match, from 1.
    pub game: u8,
    /// The seat that moved first.
    pub first: Seat,
    /// Its moves, in order.
    pub moves: Vec<SeatReview>,
    /// The plies of the moves that lost the most, worst first.
    pub worst: Vec<usize>,
}

/// Every move of a match reviewed by the engine
/// (`GET /api/matches/{id}/analysis`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// The match.
    pub match_id: u64,
    /// Plies each position was searched.
    pub depth: u8,
    /// Its games, in order.
    pub games: Vec<ReviewedGame>,
}

/// The games the server offers and the options of each
/// (`GET /api/variants`): what a client's settings form offers, built from
/// [`Ruleset::all`], so that no client keeps its own copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variants {
    /// Every variant, in the order menus list them.
    pub variants: Vec<VariantInfo>,
}

/// One variant and its options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantInfo {
    /// The variant's id on the wire (`kalah`).
    pub id: Variant,
    /// Its name for menus (`Oware (abapa)`).
    pub title: String,
    /// The options a player may choose; fixed ones are left out.
    pub params: Vec<ParamInfo>,
}

/// One option of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParamInfo {
    /// Its key in `ruleset.params` (`seeds_per_house`).
    pub key: String,
    /// What it is, as a form's label.
    pub label: String,
    /// Its name in a settings line (`grand slam`).
    pub short: String,
    /// Whether it is a yes-or-no option (its choices are `false`, `true`).
    pub bool: bool,
    /// The values offered, the default first, as they go in `ruleset.params`.
    pub choices: Vec<serde_json::Value>,
    /// Words for values that are not numbers or yes/no.
    pub words: BTreeMap<String, String>,
}

/// A form's label and a settings line's name for option `key`.
fn param_words(key: &str) -> (&'static str, &'static str) {
    match key {
        "seeds_per_house" => ("Seeds per house", "seeds"),
        "empty_capture" => (
            "Empty capture (a lone seed opposite an empty house is banked)",
            "empty capture",
        ),
        "grand_slam" => ("Grand slam", "grand slam"),
        "capture_includes_last" => (
            "Capture includes the last seed",
            "capture includes the last seed",
        ),
        "empty_opposite" => (
            "Last seed in an own empty house, opposite empty",
            "lone seed opposite nothing",
        ),
        "houses" => ("Houses in each row", "houses"),
        _ => ("", ""),
    }
}

/// Words for an option's value that is neither a number nor yes/no.
fn value_words(value: &str) -> Option<&'static str> {
    Some(match value {
        "legal_no_capture" => "legal, captures nothing",
        "illegal_unless_forced" => "illegal unless forced",
        "nothing" => "nothing happens",
        "last_to_store" => "the seed goes to the store",
        _ => return None,
    })
}

/// Every variant the server offers with the options of each, from
/// [`Ruleset::all`]: an option is listed when the offered rulesets give it
/// more than one value, its choices in their order there (the default
/// first).
pub fn variants() -> Variants {
    let all = Ruleset::all();
    let variants = Variant::ALL
        .into_iter()
        .map(|variant| {
            let mut params: Vec<ParamInfo> = Vec::new();
            for ruleset in all.iter().filter(|r| r.variant() == variant) {
                let Ok(serde_json::Value::Object(values)) = serde_json::to_value(ruleset.params())
                else {
                    continue;
                };
                for (key, value) in values {
                    let position = params.iter().position(|p| p.key == key);
                    let param = match position {
                        Some(at) => &mut params[at],
                        None => {
                            let (label, short) = param_words(&key);
                            params.push(ParamInfo {
                                key: key.clone(),
                                label: label.to_owned(),
                                short: short.to_owned(),
                                bool: value.is_boolean(),
                                choices: Vec::new(),
                                words: BTreeMap::new(),
                            });
                            let last = params.len() - 1;
                            &mut params[last]
                        }
                    };
                    if let Some(text) = value.as_str()
                        && let Some(words) = value_words(text)
                    {
                        param.words.insert(text.to_owned(), words.to_owned());
                    }
                    if !param.choices.contains(&value) {
                        param.choices.push(value);
                    }
                }
            }
            params.retain(|param| param.choices.len() > 1);
            // The board's size first, as players choose it; the rest by name.
            params.sort_by_key(|param| param.key != "seeds_per_house");
            VariantInfo {
                id: variant,
                title: variant.title().to_owned(),
                params,
            }
        })
        .collect();
    Variants { variants }
}

/// A variant's rules page (`GET /api/rules/VARIANT`): the rules in short
/// and the specification's worked examples, each with the events its move
/// makes, for a board to play them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesPage {
    /// The variant.
    pub variant: Variant,
    /// Its name for menus.
    pub title: String,
    /// The rules in short, a paragraph each.
    pub summary: Vec<String>,
    /// The worked examples, in the specification's order.
    pub examples: Vec<RulesExample>,
}

/// One worked example as a board plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesExample {
    /// Its name in the specification (`K1`).
    pub id: String,
    /// Its heading, where there is one.
    pub title: String,
    /// The ruleset it is played under (an option may differ from the default).
    pub ruleset: Ruleset,
    /// The position before the move.
    pub before: Board,
    /// The house played (from 1, the mover's left).
    pub house: u8,
    /// What the move does, step by step (PROTOCOL.md's events).
    pub events: Vec<MoveEvent>,
    /// The position after it.
    pub after: Board,
}

/// The rules of `variant` in short, a paragraph each: what a rules page
/// says before its examples (RULES.md and RULES_TOGYZ.md have the rest).
pub fn rules_summary(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Mangala => &[
            "Two rows of 6 houses with 4 stones each; each player owns the row nearer him and the store on his right.",
            "A move lifts every stone of one of your houses and sows them one by one counter-clockwise: the first goes back into the house it came from (a single stone moves on to the next house), then your houses, your store, the opponent's houses, never his store.",
            "Last stone in your store: you move again. Last stone in an opponent's house that then holds an even number: you take them all. Last stone in an empty house of yours: you take it and the stones of the opposite house, if there are any.",
            "The game ends when a row is empty after a move: the player whose row ran empty takes every stone left. More stones in your store wins (more than 24).",
        ],
        Variant::Kalah => &[
            "Two rows of 6 houses with 4 stones each (3 to 6 as chosen); each player owns the row nearer him and the store on his right.",
            "A move lifts every stone of one of your houses and sows them one by one counter-clockwise into the next houses and your own store, never the opponent's.",
            "Last stone in your store: you move again. Last stone in an empty house of yours with stones opposite: you take both into your store.",
            "The game ends when a row is empty after a move; each player adds what is left in his row to his store. More stones wins.",
        ],
        Variant::Oware => &[
            "Two rows of 6 houses with 4 seeds each and no stores on the track: captured seeds are kept aside.",
            "A move lifts every seed of one of your houses and sows them counter-clockwise, skipping the house it came from on later laps.",
            "Last seed in an opponent's house that then holds 2 or 3: you take it, and the houses before it in his row that hold 2 or 3 too. A move that would take every seed he has (a grand slam) takes nothing.",
            "You must leave the opponent a move if you can. The game ends when a player has more than 24, or cannot be fed, or a position repeats: each player then keeps the seeds in his row. More seeds wins.",
        ],
        Variant::KalahRelay => &[
            "Kalah on 6 houses of 3 stones, with relay sowing: a last stone that falls into an occupied house of yours lifts that house and sows on.",
            "Last stone in your store: you move again. Last stone in an empty house of yours: you take the stones opposite (the capturing stone stays, unless the option says otherwise).",
            "The game ends when a row is empty after a move; each player adds his row to his store. More stones wins (more than 18).",
        ],
        Variant::Congkak => &[
            "Two rows of 7 houses with 7 seeds each, played turn by turn.",
            "A move lifts one of your houses and sows counter-clockwise through your store; a last seed in an occupied house on either side lifts it and sows on.",
            "Last seed in your store: you move again. Last seed in an empty house of yours: you take it and the opposite house.",
            "The game ends when the player to move has no seeds in his row; each keeps what is in his row. More seeds wins (more than 49).",
        ],
        Variant::TogyzKumalak => &[
            "Kazakhstan's national game: two rows of 9 houses with 9 stones each, 162 in all; each player's store (kazan) keeps what he takes.",
            "A move lifts every stone of one of your houses and sows them one by one counter-clockwise: the first back into the house it came from (a single stone moves on to the next house), then your houses up, then the opponent's from his first.",
            "Last stone in an opponent's house that then holds an even number: you take them all. If it makes that house exactly 3, it becomes your tuzdik for the rest of the game (one per player; never his 9th house, nor the house numbered as his tuzdik): every stone sown into it is yours.",
            "More than 81 in your store wins at once (the stones on the board then count for nobody). A player left without a stone to move: the other takes what is left in his row and the game ends; 81 to 81 is a draw.",
        ],
        Variant::Bestemshe => &[
            "Togyz Kumalak's rules on a small board: two rows of 5 houses with 5 stones each, 50 in all, and no tuzdik.",
            "Sow counter-clockwise from one of your houses, the first stone back into it (a single stone moves on); a last stone that makes an opponent's house even takes it.",
            "More than 25 in your store wins. A player left without a stone to move: the other takes what is left and the game ends.",
        ],
    }
}

/// The rules page of `variant`: its summary and its worked examples, each
/// played by the rules engine for its events.
pub fn rules_page(variant: Variant) -> RulesPage {
    let examples = crate::rules::worked_examples_of(variant)
        .into_iter()
        .filter_map(|example| {
            let position =
                crate::rules::Position::from_board(example.ruleset, &example.before, None).ok()?;
            let played = position.play(example.house).ok()?;
            Some(RulesExample {
                id: example.id,
                title: example.title,
                ruleset: example.ruleset,
                before: example.before,
                house: example.house.number(),
                events: played.events,
                after: played.position.board(),
            })
        })
        .collect();
    RulesPage {
        variant,
        title: variant.title().to_owned(),
        summary: rules_summary(variant)
            .iter()
            .map(|p| (*p).to_owned())
            .collect(),
        examples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A leader's rating is flattened into his line, as the pages read it.
    #[test]
    fn a_leaders_rating_sits_in_his_line_and_reads_back() {
        let leader = Leader {
            rank: 1,
            player_id: PlayerId(7),
            name: "ann".into(),
            rating: RatingLine {
                variant: Variant::Kalah,
                speed: Speed::RealTime,
                rating: 1612.5,
                deviation: 80.0,
                volatility: 0.06,
                provisional: false,
                games: 12,
            },
        };
        let json = serde_json::to_value(&leader).unwrap();
        assert_eq!(json["rating"], 1612.5);
        assert_eq!(json["variant"], "kalah");
        assert_eq!(serde_json::from_value::<Leader>(json).unwrap(), leader);
    }

    /// Every variant has a rules page with its summary and at least one
    /// example the engine plays (every example of the specifications).
    #[test]
    fn every_variant_has_a_rules_page_whose_examples_play() {
        let mut examples = 0;
        for variant in Variant::ALL {
            let page = rules_page(variant);
            assert!(page.summary.len() >= 3, "{variant}");
            assert!(!page.examples.is_empty(), "{variant}");
            examples += page.examples.len();
            for example in &page.examples {
                assert!(!example.events.is_empty(), "{variant} {}", example.id);
            }
        }
        assert_eq!(examples, crate::rules::worked_examples().len());
    }

    /// A reviewed move carries its seat beside the review's fields.
    #[test]
    fn a_seat_review_is_one_flat_object() {
        let review = SeatReview {
            line: ReviewLine {
                ply: 3,
                played: 2,
                value: -1,
                best: 4,
                best_value: 3,
                loss: 4,
                exact: false,
                class: MoveClass::Mistake,
                line: vec![4, 1, 6],
            },
            seat: Seat::One,
        };
        let json = serde_json::to_value(&review).unwrap();
        assert_eq!(json["loss"], 4);
        assert_eq!(json["seat"], 1);
        assert_eq!(json["class"], "mistake");
        assert_eq!(json["line"], serde_json::json!([4, 1, 6]));
        assert_eq!(serde_json::from_value::<SeatReview>(json).unwrap(), review);
    }

    /// A move's class weighs its loss against the stones in play: the
    /// same three seeds are a mistake in Kalah and an inaccuracy in
    /// Togyz Kumalak.
    #[test]
    fn a_moves_class_is_its_loss_against_the_stones_in_play() {
        assert_eq!(MoveClass::of(0, 48), MoveClass::Best);
        assert_eq!(MoveClass::of(-2, 48), MoveClass::Best);
        assert_eq!(MoveClass::of(1, 48), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(2, 48), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(3, 48), MoveClass::Mistake);
        assert_eq!(MoveClass::of(5, 48), MoveClass::Mistake);
        assert_eq!(MoveClass::of(6, 48), MoveClass::Blunder);
        assert_eq!(MoveClass::of(3, 162), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(11, 162), MoveClass::Mistake);
        assert_eq!(MoveClass::of(21, 162), MoveClass::Blunder);
        assert_eq!(MoveClass::of(1, 0), MoveClass::Blunder);
    }

    /// The catalogue offers exactly the options the server accepts: every
    /// combination of its choices is an offered ruleset, and every offered
    /// ruleset is one of them.
    #[test]
    fn the_variants_offered_are_the_rulesets_the_server_plays() {
        let catalogue = variants();
        assert_eq!(catalogue.variants.len(), Variant::ALL.len());
        let kalah = &catalogue.variants[1];
        assert_eq!(kalah.id, Variant::Kalah);
        let seeds = kalah
            .params
            .iter()
            .find(|p| p.key == "seeds_per_house")
            .expect("seeds");
        assert_eq!(seeds.choices, [4, 3, 5, 6].map(serde_json::Value::from));
        assert!(
            kalah.params.iter().all(|p| p.key != "houses"),
            "one board offered"
        );
        assert!(catalogue.variants[0].params.is_empty(), "Mangala is fixed");
        let mut offered = 0;
        for variant in &catalogue.variants {
            let mut combinations = vec![serde_json::Map::new()];
            for param in &variant.params {
                assert!(!param.label.is_empty(), "{} has words", param.key);
                combinations = combinations
                    .into_iter()
                    .flat_map(|base| {
                        param.choices.iter().map(move |choice| {
                            let mut next = base.clone();
                            next.insert(param.key.clone(), choice.clone());
                            next
                        })
                    })
                    .collect();
            }
            for params in combinations {
                let spec = serde_json::json!({"variant": variant.id, "params": params});
                let ruleset: Ruleset = serde_json::from_value(spec).expect("accepted");
                assert!(Ruleset::all().contains(&ruleset), "{ruleset} is offered");
                offered += 1;
            }
        }
        assert_eq!(offered, Ruleset::all().len());
    }
}
