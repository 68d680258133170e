//! Which game is played and with which options: the variants of RULES.md and their flags.
//!
//! A [`Ruleset`] can only hold a valid combination: its parameter structs have
//! private fields and checked constructors, and deserialising goes through the
//! same checks, so the engine never meets, say, Kalah with nine seeds a house.

use super::{Move, MoveError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The seven games the server offers, by their wire id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Turkish Mangala, the main game (RULES.md §4).
    Mangala,
    /// Kalah(6, n) (RULES.md §2).
    Kalah,
    /// Oware under the abapa rules (RULES.md §3).
    Oware,
    /// Kalah with relay sowing, from the Russian description (RULES.md §5).
    KalahRelay,
    /// Congkak, turn-based, one round (RULES.md §6).
    Congkak,
    /// Togyz Kumalak: 9 houses of 9 stones, the tuzdik (RULES_TOGYZ.md).
    TogyzKumalak,
    /// Bestemshe: Togyz Kumalak's rules on 5 houses of 5, no tuzdik.
    Bestemshe,
}

impl Variant {
    /// Every variant, in the order the documentation lists them.
    pub const ALL: [Variant; 7] = [
        Variant::Mangala,
        Variant::Kalah,
        Variant::Oware,
        Variant::KalahRelay,
        Variant::Congkak,
        Variant::TogyzKumalak,
        Variant::Bestemshe,
    ];

    /// The wire id, as used in records, JSON and on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Mangala => "mangala",
            Variant::Kalah => "kalah",
            Variant::Oware => "oware",
            Variant::KalahRelay => "kalah_relay",
            Variant::Congkak => "congkak",
            Variant::TogyzKumalak => "togyz_kumalak",
            Variant::Bestemshe => "bestemshe",
        }
    }

    /// A human name for menus and headers.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Mangala => "Turkish Mangala",
            Variant::Kalah => "Kalah",
            Variant::Oware => "Oware (abapa)",
            Variant::KalahRelay => "Kalah with relay sowing",
            Variant::Congkak => "Congkak",
            Variant::TogyzKumalak => "Togyz Kumalak",
            Variant::Bestemshe => "Bestemshe",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = RulesetError;
    fn from_str(s: &str) -> Result<Variant, RulesetError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| RulesetError::UnknownVariant(s.to_owned()))
    }
}

/// Oware's reading of a capture that would take every seed the opponent has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrandSlam {
    /// The move is played and captures nothing (abapa, OpenSpiel; the default).
    #[default]
    LegalNoCapture,
    /// The move is refused unless every legal move is a grand slam; then it
    /// is played without capture.
    IllegalUnlessForced,
}

impl GrandSlam {
    /// The wire name, as in records and JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            GrandSlam::LegalNoCapture => "legal_no_capture",
            GrandSlam::IllegalUnlessForced => "illegal_unless_forced",
        }
    }
}

/// Congkak: what a last seed in an empty own house does when the opposite house is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmptyOpposite {
    /// Nothing happens; the seed stays (the default).
    #[default]
    Nothing,
    /// The last seed goes to the mover's store.
    LastToStore,
}

impl EmptyOpposite {
    /// The wire name, as in records and JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            EmptyOpposite::Nothing => "nothing",
            EmptyOpposite::LastToStore => "last_to_store",
        }
    }
}

/// Kalah's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahParams {
    houses: u8,
    seeds_per_house: u8,
    empty_capture: bool,
}

/// The house counts Kalah's rules engine takes: the published solutions
/// are for Kalah(m, n) with m from 1 to 6, though only 6 is played.
const KALAH_HOUSES: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// The seed counts Kalah's rules engine takes (1 to 6, for solving).
const KALAH_SEEDS: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// The seed counts of the Kalah that is played (RULES.md §2: Kalah(6, 3…6)).
const KALAH_PLAYED_SEEDS: [u8; 4] = [3, 4, 5, 6];

impl KalahParams {
    /// Kalah(6, n) as it is played, with `seeds_per_house` in 3..=6;
    /// `empty_capture` banks a lone seed that lands in an empty own house
    /// opposite an empty house.
    pub fn new(seeds_per_house: u8, empty_capture: bool) -> Result<KalahParams, RulesetError> {
        check_seeds(Variant::Kalah, seeds_per_house, &KALAH_PLAYED_SEEDS)?;
        KalahParams::with_houses(6, seeds_per_house, empty_capture)
    }

    /// Kalah(m, n) with `houses` (m) and `seeds_per_house` (n) each in
    /// 1..=6: the smaller boards exist for solving and for checking the
    /// solver against exhaustive search; the server offers only what
    /// [`Ruleset::is_offered`] says.
    pub fn with_houses(
        houses: u8,
        seeds_per_house: u8,
        empty_capture: bool,
    ) -> Result<KalahParams, RulesetError> {
        if !KALAH_HOUSES.contains(&houses) {
            return Err(RulesetError::Houses {
                houses,
                allowed: &KALAH_HOUSES,
            });
        }
        check_seeds(Variant::Kalah, seeds_per_house, &KALAH_SEEDS)?;
        Ok(KalahParams {
            houses,
            seeds_per_house,
            empty_capture,
        })
    }

    /// Houses in each row (m).
    pub const fn houses(self) -> u8 {
        self.houses
    }

    /// Seeds in each house at the start.
    pub const fn seeds_per_house(self) -> u8 {
        self.seeds_per_house
    }
    /// Whether the empty-capture option is on.
    pub const fn empty_capture(self) -> bool {
        self.empty_capture
    }
}

impl Default for KalahParams {
    fn default() -> KalahParams {
        KalahParams {
            houses: 6,
            seeds_per_house: 4,
            empty_capture: false,
        }
    }
}

/// Oware's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwareParams {
    seeds_per_house: u8,
    grand_slam: GrandSlam,
}

impl OwareParams {
    /// Oware with `seeds_per_house` in 4..=6 and the given grand-slam reading.
    pub fn new(seeds_per_house: u8, grand_slam: GrandSlam) -> Result<OwareParams, RulesetError> {
        check_seeds(Variant::Oware, seeds_per_house, &[4, 5, 6])?;
        Ok(OwareParams {
            seeds_per_house,
            grand_slam,
        })
    }
    /// Seeds in each house at the start.
    pub const fn seeds_per_house(self) -> u8 {
        self.seeds_per_house
    }
    /// The grand-slam reading in force.
    pub const fn grand_slam(self) -> GrandSlam {
        self.grand_slam
    }
}

impl Default for OwareParams {
    fn default() -> OwareParams {
        OwareParams {
            seeds_per_house: 4,
            grand_slam: GrandSlam::LegalNoCapture,
        }
    }
}

fn check_seeds(variant: Variant, seeds: u8, allowed: &'static [u8]) -> Result<(), RulesetError> {
    if allowed.contains(&seeds) {
        Ok(())
    } else {
        Err(RulesetError::SeedsPerHouse {
            variant,
            seeds,
            allowed,
        })
    }
}

/// A complete, valid choice of game and options.
///
/// On the wire: `{"variant": "kalah", "params": {"seeds_per_house": 5}}`;
/// `params` and each of its fields may be left out for the default, and a
/// parameter the variant does not have is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesetSpec", into = "RulesetSpec")]
pub enum Ruleset {
    /// Turkish Mangala: 6 houses, 4 stones, no options.
    Mangala,
    /// Kalah(6, n).
    Kalah(KalahParams),
    /// Oware, abapa.
    Oware(OwareParams),
    /// Kalah with relay sowing: 6 houses, 3 stones. `capture_includes_last`
    /// also banks the capturing stone (RULES.md §5; default off).
    KalahRelay {
        /// Whether a capture also takes the stone that made it.
        capture_includes_last: bool,
    },
    /// Congkak: 7 houses, 7 seeds.
    Congkak {
        /// What an empty own landing opposite an empty house does.
        empty_opposite: EmptyOpposite,
    },
    /// Togyz Kumalak: 9 houses, 9 stones, the tuzdik.
    TogyzKumalak,
    /// Bestemshe: 5 houses, 5 stones.
    Bestemshe,
}

impl Default for Ruleset {
    /// Turkish Mangala, the main game.
    fn default() -> Ruleset {
        Ruleset::Mangala
    }
}

impl Ruleset {
    /// The variant with all its options at their defaults.
    pub fn default_for(variant: Variant) -> Ruleset {
        match variant {
            Variant::Mangala => Ruleset::Mangala,
            Variant::Kalah => Ruleset::Kalah(KalahParams::default()),
            Variant::Oware => Ruleset::Oware(OwareParams::default()),
            Variant::KalahRelay => Ruleset::KalahRelay {
                capture_includes_last: false,
            },
            Variant::Congkak => Ruleset::Congkak {
                empty_opposite: EmptyOpposite::Nothing,
            },
            Variant::TogyzKumalak => Ruleset::TogyzKumalak,
            Variant::Bestemshe => Ruleset::Bestemshe,
        }
    }

    /// Which game this is.
    pub const fn variant(self) -> Variant {
        match self {
            Ruleset::Mangala => Variant::Mangala,
            Ruleset::Kalah(_) => Variant::Kalah,
            Ruleset::Oware(_) => Variant::Oware,
            Ruleset::KalahRelay { .. } => Variant::KalahRelay,
            Ruleset::Congkak { .. } => Variant::Congkak,
            Ruleset::TogyzKumalak => Variant::TogyzKumalak,
            Ruleset::Bestemshe => Variant::Bestemshe,
        }
    }

    /// Houses in each player's row (`m` in RULES.md).
    pub const fn houses(self) -> usize {
        match self {
            Ruleset::Congkak { .. } => 7,
            Ruleset::Kalah(p) => p.houses as usize,
            Ruleset::TogyzKumalak => 9,
            Ruleset::Bestemshe => 5,
            _ => 6,
        }
    }

    /// Whether this is one of the Kazakh games (RULES_TOGYZ.md): the first
    /// stone back into its house, laps that do not skip it, captures on
    /// even counts, no stores on the track.
    pub const fn is_togyz(self) -> bool {
        matches!(self, Ruleset::TogyzKumalak | Ruleset::Bestemshe)
    }

    /// Whether a player may win a tuzdik (Togyz Kumalak only).
    pub const fn has_tuzdik(self) -> bool {
        matches!(self, Ruleset::TogyzKumalak)
    }

    /// Whether the server offers this ruleset for play: every ruleset of
    /// RULES.md's table. Kalah with fewer than 6 houses or fewer than 3
    /// seeds a house is for solving and analysis only.
    pub const fn is_offered(self) -> bool {
        match self {
            Ruleset::Kalah(p) => p.houses == 6 && p.seeds_per_house >= 3,
            _ => true,
        }
    }

    /// The move that sows house `number` (1 = the mover's leftmost) in a
    /// game of these rules: unlike [`Move::from_number`], which knows only
    /// the widest board, a refusal names this game's house count.
    pub fn house(self, number: i64) -> Result<Move, MoveError> {
        match usize::try_from(number) {
            Ok(n) if (1..=self.houses()).contains(&n) => Move::from_number(number),
            _ => Err(MoveError::HouseOutOfRange {
                number,
                houses: self.houses(),
            }),
        }
    }

    /// Seeds in each house at the start (`n`).
    pub const fn seeds_per_house(self) -> u8 {
        match self {
            Ruleset::Mangala => 4,
            Ruleset::Kalah(p) => p.seeds_per_house,
            Ruleset::Oware(p) => p.seeds_per_house,
            Ruleset::KalahRelay { .. } => 3,
            Ruleset::Congkak { .. } => 7,
            Ruleset::TogyzKumalak => 9,
            Ruleset::Bestemshe => 5,
        }
    }

    /// All seeds in the game: `2·m·n`.
    pub const fn total_seeds(self) -> u32 {
        2 * self.houses() as u32 * self.seeds_per_house() as u32
    }

    /// Whether sowing drops a seed into the mover's own store (all but
    /// Oware and the Kazakh games).
    pub const fn sows_into_store(self) -> bool {
        !matches!(
            self,
            Ruleset::Oware(_) | Ruleset::TogyzKumalak | Ruleset::Bestemshe
        )
    }

    /// Whether the game needs the positions seen since the last capture
    /// (Oware's repetition rule), which a lone [`Position`](super::Position) cannot hold.
    pub const fn tracks_repetition(self) -> bool {
        matches!(self, Ruleset::Oware(_))
    }

    /// The parameters as they appear on the wire and in records.
    pub fn params(self) -> Params {
        let mut params = Params::default();
        match self {
            Ruleset::Mangala | Ruleset::TogyzKumalak | Ruleset::Bestemshe => {}
            Ruleset::Kalah(p) => {
                // Six houses is the game as played: left out, so that its
                // records and JSON read as they always have.
                params.houses = (p.houses != 6).then_some(p.houses);
                params.seeds_per_house = Some(p.seeds_per_house);
                params.empty_capture = Some(p.empty_capture);
            }
            Ruleset::Oware(p) => {
                params.seeds_per_house = Some(p.seeds_per_house);
                params.grand_slam = Some(p.grand_slam);
            }
            Ruleset::KalahRelay {
                capture_includes_last,
            } => params.capture_includes_last = Some(capture_includes_last),
            Ruleset::Congkak { empty_opposite } => params.empty_opposite = Some(empty_opposite),
        }
        params
    }

    /// Build a ruleset from a variant and loose parameters, with defaults for
    /// what is left out and an error for what the variant does not take.
    /// `seeds_per_house` may be given to every variant, but the fixed ones
    /// take only their own count.
    pub fn new(variant: Variant, params: Params) -> Result<Ruleset, RulesetError> {
        let options: &[&str] = match variant {
            Variant::Mangala => &[],
            Variant::Kalah => &["houses", "empty_capture"],
            Variant::Oware => &["grand_slam"],
            Variant::KalahRelay => &["capture_includes_last"],
            Variant::Congkak => &["empty_opposite"],
            Variant::TogyzKumalak | Variant::Bestemshe => &[],
        };
        if let Some((name, _)) = params
            .pairs()
            .into_iter()
            .find(|(name, _)| *name != "seeds_per_house" && !options.contains(name))
        {
            return Err(RulesetError::UnknownParam { variant, name });
        }
        let seeds = |default: u8| params.seeds_per_house.unwrap_or(default);
        Ok(match variant {
            Variant::Mangala => {
                check_seeds(variant, seeds(4), &[4])?;
                Ruleset::Mangala
            }
            Variant::Kalah => Ruleset::Kalah(KalahParams::with_houses(
                params.houses.unwrap_or(6),
                seeds(4),
                params.empty_capture.unwrap_or(false),
            )?),
            Variant::Oware => Ruleset::Oware(OwareParams::new(
                seeds(4),
                params.grand_slam.unwrap_or_default(),
            )?),
            Variant::KalahRelay => {
                check_seeds(variant, seeds(3), &[3])?;
                Ruleset::KalahRelay {
                    capture_includes_last: params.capture_includes_last.unwrap_or(false),
                }
            }
            Variant::Congkak => {
                check_seeds(variant, seeds(7), &[7])?;
                Ruleset::Congkak {
                    empty_opposite: params.empty_opposite.unwrap_or_default(),
                }
            }
            Variant::TogyzKumalak => {
                check_seeds(variant, seeds(9), &[9])?;
                Ruleset::TogyzKumalak
            }
            Variant::Bestemshe => {
                check_seeds(variant, seeds(5), &[5])?;
                Ruleset::Bestemshe
            }
        })
    }

    /// Kalah(m, n) for every m and n of 1..=6 and both capture rules, the
    /// boards one solves; those with 6 houses and 3 to 6 seeds are also in
    /// [`Ruleset::all`].
    pub fn kalah_boards() -> Vec<Ruleset> {
        let mut boards = Vec::new();
        for houses in KALAH_HOUSES {
            for seeds_per_house in KALAH_SEEDS {
                for empty_capture in [false, true] {
                    boards.push(Ruleset::Kalah(KalahParams {
                        houses,
                        seeds_per_house,
                        empty_capture,
                    }));
                }
            }
        }
        boards
    }

    /// Every ruleset the server offers: each variant with each combination of
    /// its options. Property tests and perft data walk this list;
    /// [`Ruleset::kalah_boards`] has the smaller Kalah boards besides.
    pub fn all() -> Vec<Ruleset> {
        let mut all = vec![Ruleset::Mangala];
        for seeds in [4, 3, 5, 6] {
            for empty_capture in [false, true] {
                all.push(Ruleset::Kalah(KalahParams {
                    houses: 6,
                    seeds_per_house: seeds,
                    empty_capture,
                }));
            }
        }
        for seeds in [4, 5, 6] {
            for grand_slam in [GrandSlam::LegalNoCapture, GrandSlam::IllegalUnlessForced] {
                all.push(Ruleset::Oware(OwareParams {
                    seeds_per_house: seeds,
                    grand_slam,
                }));
            }
        }
        for capture_includes_last in [false, true] {
            all.push(Ruleset::KalahRelay {
                capture_includes_last,
            });
        }
        for empty_opposite in [EmptyOpposite::Nothing, EmptyOpposite::LastToStore] {
            all.push(Ruleset::Congkak { empty_opposite });
        }
        all.push(Ruleset::TogyzKumalak);
        all.push(Ruleset::Bestemshe);
        all
    }
}

impl fmt::Display for Ruleset {
    /// `kalah(seeds_per_house=4, empty_capture=false)`: short and unambiguous, for logs and headers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant().id())?;
        let pairs = self.params().pairs();
        if !pairs.is_empty() {
            f.write_str("(")?;
            for (i, (name, value)) in pairs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{name}={value}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Loose parameters as they come from the wire or a record: every field
/// optional, checked against the variant by [`Ruleset::new`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Kalah only: houses in each row, 1..=6 (default 6; the server plays 6 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub houses: Option<u8>,
    /// Kalah (3..=6 played, 1..=6 for solving) and Oware (4..=6); fixed
    /// for the other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_per_house: Option<u8>,
    /// Kalah only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_capture: Option<bool>,
    /// Oware only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam: Option<GrandSlam>,
    /// `kalah_relay` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_includes_last: Option<bool>,
    /// Congkak only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_opposite: Option<EmptyOpposite>,
}

impl Params {
    /// The names every parameter goes by, for record headers and help texts.
    pub const NAMES: [&'static str; 6] = [
        "houses",
        "seeds_per_house",
        "empty_capture",
        "grand_slam",
        "capture_includes_last",
        "empty_opposite",
    ];

    /// The parameters that are set, as `(name, value)` text pairs in a fixed order.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if let Some(v) = self.houses {
            pairs.push(("houses", v.to_string()));
        }
        if let Some(v) = self.seeds_per_house {
            pairs.push(("seeds_per_house", v.to_string()));
        }
        if let Some(v) = self.empty_capture {
            pairs.push(("empty_capture", v.to_string()));
        }
        if let Some(v) = self.grand_slam {
            pairs.push(("grand_slam", v.as_str().to_owned()));
        }
        if let Some(v) = self.capture_includes_last {
            pairs.push(("capture_includes_last", v.to_string()));
        }
        if let Some(v) = self.empty_opposite {
            pairs.push(("empty_opposite", v.as_str().to_owned()));
        }
        pairs
    }

    /// Set one parameter from its text form (as in a record header).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesetError> {
        let bad = || RulesetError::BadValue {
            name: name.to_owned(),
            value: value.to_owned(),
        };
        let boolean = || match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad()),
        };
        match name {
            "houses" => self.houses = Some(value.parse().map_err(|_| bad())?),
            "seeds_per_house" => self.seeds_per_house = Some(value.parse().map_err(|_| bad())?),
            "empty_capture" => self.empty_capture = Some(boolean()?),
            "grand_slam" => {
                self.grand_slam = Some(
                    [GrandSlam::LegalNoCapture, GrandSlam::IllegalUnlessForced]
                        .into_iter()
                        .find(|g| g.as_str() == value)
                        .ok_or_else(bad)?,
                )
            }
            "capture_includes_last" => self.capture_includes_last = Some(boolean()?),
            "empty_opposite" => {
                self.empty_opposite = Some(
                    [EmptyOpposite::Nothing, EmptyOpposite::LastToStore]
                        .into_iter()
                        .find(|e| e.as_str() == value)
                        .ok_or_else(bad)?,
                )
            }
            _ => return Err(RulesetError::NotAParam(name.to_owned())),
        }
        Ok(())
    }
}

/// The wire shape of a ruleset: a variant id and optional parameters.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesetSpec {
    variant: Variant,
    #[serde(default)]
    params: Params,
}

impl From<Ruleset> for RulesetSpec {
    fn from(ruleset: Ruleset) -> RulesetSpec {
        RulesetSpec {
            variant: ruleset.variant(),
            params: ruleset.params(),
        }
    }
}

impl TryFrom<RulesetSpec> for Ruleset {
    type Error = RulesetError;
    fn try_from(spec: RulesetSpec) -> Result<Ruleset, RulesetError> {
        Ruleset::new(spec.variant, spec.params)
    }
}

/// Why a variant or its parameters were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// The variant id is not one of ours.
    #[error(
        "unknown variant '{0}' (known: mangala, kalah, oware, kalah_relay, congkak, togyz_kumalak, bestemshe)"
    )]
    UnknownVariant(String),
    /// The seed count is outside what the variant allows.
    #[error("{variant} takes seeds_per_house {allowed:?}, not {seeds}")]
    SeedsPerHouse {
        /// The variant asked for.
        variant: Variant,
        /// The count given.
        seeds: u8,
        /// The counts it takes.
        allowed: &'static [u8],
    },
    /// A house count Kalah's rules do not take.
    #[error("kalah takes houses {allowed:?}, not {houses}")]
    Houses {
        /// The count given.
        houses: u8,
        /// The counts it takes.
        allowed: &'static [u8],
    },
    /// A parameter that exists, but not for this variant.
    #[error("{variant} has no parameter '{name}'")]
    UnknownParam {
        /// The variant asked for.
        variant: Variant,
        /// The parameter given.
        name: &'static str,
    },
    /// A name that is no parameter of any variant.
    #[error("'{0}' is not a game parameter")]
    NotAParam(String),
    /// A parameter value that could not be read.
    #[error("'{value}' is not a valid value for {name}")]
    BadValue {
        /// The parameter.
        name: String,
        /// The text given.
        value: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_default_when_left_out() {
        let r: Ruleset = serde_json::from_str(r#"{"variant":"kalah"}"#).expect("valid");
        assert_eq!(r, Ruleset::Kalah(KalahParams::default()));
        let r: Ruleset = serde_json::from_str(
            r#"{"variant":"oware","params":{"grand_slam":"illegal_unless_forced"}}"#,
        )
        .expect("valid");
        assert_eq!(r.seeds_per_house(), 4);
    }

    #[test]
    fn bad_params_are_refused_with_a_reason() {
        let err = serde_json::from_str::<Ruleset>(
            r#"{"variant":"kalah","params":{"seeds_per_house":9}}"#,
        )
        .expect_err("9 seeds");
        assert!(err.to_string().contains("seeds_per_house"), "{err}");
        let err = serde_json::from_str::<Ruleset>(
            r#"{"variant":"mangala","params":{"empty_capture":true}}"#,
        )
        .expect_err("mangala has no options");
        assert!(err.to_string().contains("empty_capture"), "{err}");
        assert!(
            serde_json::from_str::<Ruleset>(r#"{"variant":"kalah","params":{"nope":1}}"#).is_err()
        );
    }

    #[test]
    fn every_ruleset_round_trips() {
        for ruleset in Ruleset::all().into_iter().chain(Ruleset::kalah_boards()) {
            let json = serde_json::to_string(&ruleset).expect("serialise");
            let back: Ruleset = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(back, ruleset, "{json}");
            let mut params = Params::default();
            for (name, value) in ruleset.params().pairs() {
                params.set(name, &value).expect("text form reads back");
            }
            assert_eq!(Ruleset::new(ruleset.variant(), params), Ok(ruleset));
        }
    }

    #[test]
    fn smaller_kalah_boards_are_rules_but_not_offered() {
        let r: Ruleset = serde_json::from_str(
            r#"{"variant":"kalah","params":{"houses":3,"seeds_per_house":2}}"#,
        )
        .expect("Kalah(3,2)");
        assert_eq!(r.houses(), 3);
        assert_eq!(r.total_seeds(), 12);
        assert!(!r.is_offered());
        assert!(Ruleset::all().iter().all(|r| r.is_offered()));
        let played: Ruleset = serde_json::from_str(r#"{"variant":"kalah"}"#).expect("valid");
        assert_eq!(
            serde_json::to_string(&played).expect("json"),
            r#"{"variant":"kalah","params":{"seeds_per_house":4,"empty_capture":false}}"#,
            "six houses stay out of the JSON"
        );
        for bad in [
            r#"{"variant":"kalah","params":{"houses":7}}"#,
            r#"{"variant":"kalah","params":{"houses":0}}"#,
            r#"{"variant":"mangala","params":{"houses":6}}"#,
        ] {
            assert!(serde_json::from_str::<Ruleset>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn variant_ids_parse() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
        }
        assert!("chess".parse::<Variant>().is_err());
    }
}
