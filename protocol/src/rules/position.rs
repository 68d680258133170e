//! The position: pits, whose turn it is, legality, and the end-of-game rules.
//!
//! The sowing itself (what a single move does to the pits) lives in
//! [`super::sowing`]; this module decides whether a move may be played and
//! what happens after it: the next player, the end of the game and the sweep.

use super::board::{Board, SetupError};
use super::event::{EndReason, GameResult, MoveEvent, NoEvents, Recorder};
use super::moves::{Move, MoveError, MoveSet};
use super::ruleset::{GrandSlam, Ruleset};
use super::side::{Pit, Side};
use super::sowing::{self, SowOutcome};
use super::togyz::{self, CELLS, KazakhLayout, Tuzdiks};
use serde::{Deserialize, Serialize};

/// The most houses a row has in any variant (Togyz Kumalak's 9).
pub const MAX_HOUSES: usize = 9;

/// Whose turn it is, or how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The game goes on and this side moves next.
    ToMove(Side),
    /// The game is over; the stores hold the final score.
    Over(EndReason),
}

/// A complete game state apart from Oware's repetition history (see [`super::Game`]).
///
/// Small and `Copy` (about thirty bytes) so that search and playouts copy
/// positions instead of undoing moves. Pits are one flat array: side `s`'s
/// house `i` is `pits[8·s + i]` and its store `pits[8·s + 7]`, except in
/// the Kazakh games, whose nine houses a side take `pits[10·s + i]` and
/// `pits[10·s + 9]` ([`KazakhLayout`]): the other games keep the layout
/// their sowing's index arithmetic is fastest on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    ruleset: Ruleset,
    pits: [u8; CELLS],
    /// Togyz Kumalak's tuzdiks (none in the other games).
    tuzdiks: Tuzdiks,
    status: Status,
    /// The ruleset's houses a row and its layout's bytes a side, kept at
    /// hand: every look at a row needs them, and reading them here costs
    /// less than asking the ruleset each time (callgrind: 13 % fewer
    /// instructions a random playout move in Mangala than matching on it).
    houses: u8,
    stride: u8,
}

impl Ruleset {
    /// Bytes a side in a position's pits: the Kazakh layout's 10, the
    /// others' 8.
    const fn stride(self) -> u8 {
        if self.is_togyz() {
            KazakhLayout::STRIDE as u8
        } else {
            8
        }
    }
}

/// A move's result: the new position and what happened, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position after the move.
    pub position: Position,
    /// The steps of the move, for animation and for the wire.
    pub events: Vec<MoveEvent>,
    /// Whether the move captured anything (Oware's repetition rule restarts then).
    pub captured: bool,
}

impl Position {
    /// The opening position of `ruleset`: `n` seeds in every house, empty
    /// stores, player 0 to move.
    pub fn start(ruleset: Ruleset) -> Position {
        let mut position = Position {
            ruleset,
            pits: [0u8; CELLS],
            tuzdiks: Tuzdiks::default(),
            status: Status::ToMove(Side::Player0),
            houses: ruleset.houses() as u8,
            stride: ruleset.stride(),
        };
        let n = ruleset.seeds_per_house();
        for side in Side::BOTH {
            for i in 0..ruleset.houses() {
                position.pits[position.house_at(side, i)] = n;
            }
        }
        position
    }

    /// A position from a loose board description (for tests, analysis and
    /// resuming a game), checked: rows of the right length, a seed total that
    /// the 8-bit pits can hold, and a player to move who has a legal move (a
    /// finished game needs its `end` reason instead).
    pub fn from_board(
        ruleset: Ruleset,
        board: &Board,
        end: Option<EndReason>,
    ) -> Result<Position, SetupError> {
        let m = ruleset.houses();
        let mut rows = [[0u8; MAX_HOUSES]; 2];
        for side in Side::BOTH {
            let row = &board.houses[side.index()];
            if row.len() != m {
                return Err(SetupError::RowLength {
                    side,
                    len: row.len(),
                    houses: m,
                });
            }
            rows[side.index()][..m].copy_from_slice(row);
        }
        let status = match (board.to_move, end) {
            (Some(side), None) => Status::ToMove(side),
            (None, Some(reason)) => Status::Over(reason),
            (None, None) => return Err(SetupError::NoStatus),
            (Some(_), Some(_)) => return Err(SetupError::MoverAfterEnd),
        };
        let mut position = Position::with_status(ruleset, &rows, board.stores, status)?;
        if board.tuzdik != [None, None] {
            position.set_tuzdiks(board.tuzdik)?;
        }
        Ok(position)
    }

    /// Give a set-up position the tuzdiks `indices`, each checked as play
    /// would have made it: Togyz Kumalak only, not the opponent's last
    /// house nor the one numbered as the other's, and empty.
    fn set_tuzdiks(&mut self, indices: [Option<u8>; 2]) -> Result<(), SetupError> {
        let m = self.ruleset.houses();
        for side in Side::BOTH {
            let Some(index) = indices[side.index()] else {
                continue;
            };
            let allowed = self.ruleset.has_tuzdik()
                && usize::from(index) < m - 1
                && indices[side.opponent().index()] != Some(index)
                && self.house(side.opponent(), usize::from(index)) == 0;
            if !allowed {
                return Err(SetupError::Tuzdik(side));
            }
        }
        self.tuzdiks = Tuzdiks::from_indices(indices);
        Ok(())
    }

    /// A position of a game going on, from its rows (houses beyond the
    /// ruleset's count are ignored), checked as [`Position::from_board`]
    /// checks but without allocating: for tools and tests that make
    /// positions by the million (the endgame databases' tests do).
    pub fn from_rows(
        ruleset: Ruleset,
        rows: &[[u8; MAX_HOUSES]; 2],
        stores: [u8; 2],
        to_move: Side,
    ) -> Result<Position, SetupError> {
        Position::with_status(ruleset, rows, stores, Status::ToMove(to_move))
    }

    fn with_status(
        ruleset: Ruleset,
        rows: &[[u8; MAX_HOUSES]; 2],
        stores: [u8; 2],
        status: Status,
    ) -> Result<Position, SetupError> {
        let m = ruleset.houses();
        let mut position = Position {
            ruleset,
            pits: [0u8; CELLS],
            tuzdiks: Tuzdiks::default(),
            status,
            houses: ruleset.houses() as u8,
            stride: ruleset.stride(),
        };
        let mut total: u32 = 0;
        for side in Side::BOTH {
            for (i, &seeds) in rows[side.index()][..m].iter().enumerate() {
                position.pits[position.house_at(side, i)] = seeds;
                total += u32::from(seeds);
            }
            position.pits[position.store_at(side)] = stores[side.index()];
            total += u32::from(stores[side.index()]);
        }
        if total > u32::from(u8::MAX) {
            return Err(SetupError::TooManySeeds(total));
        }
        if let Status::ToMove(side) = status
            && position.legal_moves().is_empty()
        {
            return Err(SetupError::NoLegalMove(side));
        }
        Ok(position)
    }

    /// The loose description of this position (what the wire carries).
    pub fn board(&self) -> Board {
        Board {
            houses: Side::BOTH.map(|side| self.row(side).to_vec()),
            stores: Side::BOTH.map(|side| self.store(side)),
            to_move: self.to_move(),
            tuzdik: self.tuzdiks(),
        }
    }

    /// Togyz Kumalak: for each player, the index of his tuzdik in the
    /// opponent's row (none in the other games).
    pub fn tuzdiks(&self) -> [Option<u8>; 2] {
        self.tuzdiks.indices()
    }

    /// Where `side`'s house `index` is in `pits` (the layouts of
    /// `sowing::Layout` and [`KazakhLayout`]).
    #[inline(always)]
    fn house_at(&self, side: Side, index: usize) -> usize {
        side.index() * usize::from(self.stride) + index
    }

    /// Where `side`'s store is in `pits`: the last byte of its side.
    #[inline(always)]
    fn store_at(&self, side: Side) -> usize {
        (side.index() + 1) * usize::from(self.stride) - 1
    }

    /// The pits of the games other than the Kazakh ones, in their layout.
    #[inline(always)]
    fn classic_pits(&self) -> &[u8; 16] {
        self.pits.first_chunk().unwrap_or(&[0; 16])
    }

    /// The rules this position is played under.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// Whose turn it is, or how the game ended.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The side to move, `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        match self.status {
            Status::ToMove(side) => Some(side),
            Status::Over(_) => None,
        }
    }

    /// The final result once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match self.status {
            Status::ToMove(_) => None,
            Status::Over(_) => Some(GameResult::from_scores(self.stores())),
        }
    }

    /// Seeds in `side`'s house `index` (0-based from the owner's left).
    pub fn house(&self, side: Side, index: usize) -> u8 {
        self.pits[self.house_at(side, index)]
    }

    /// `side`'s row, from the owner's left.
    pub fn row(&self, side: Side) -> &[u8] {
        let start = self.house_at(side, 0);
        &self.pits[start..start + usize::from(self.houses)]
    }

    /// `side`'s store.
    pub fn store(&self, side: Side) -> u8 {
        self.pits[self.store_at(side)]
    }

    /// Both stores, player 0's first.
    pub fn stores(&self) -> [u8; 2] {
        Side::BOTH.map(|side| self.store(side))
    }

    /// Seeds in `pit`.
    pub fn seeds(&self, pit: Pit) -> u8 {
        match pit {
            Pit::House(side, index) => self.house(side, usize::from(index)),
            Pit::Store(side) => self.store(side),
        }
    }

    /// All seeds on the board and in the stores (constant through a game).
    pub fn total_seeds(&self) -> u32 {
        self.pits.iter().map(|&s| u32::from(s)).sum()
    }

    /// The moves the player to move may make (none once the game is over).
    pub fn legal_moves(&self) -> MoveSet {
        match self.status {
            Status::ToMove(side) => self.legal_moves_for(side),
            Status::Over(_) => MoveSet::EMPTY,
        }
    }

    /// A bit per house of `side`'s row that holds seeds (bit `i` for house
    /// `i`), computed on the row's first 8 bytes at once: the hot path of
    /// every move generation and end-of-game test.
    #[inline]
    fn occupied_houses(&self, side: Side) -> u16 {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let base = self.house_at(side, 0);
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.pits[base..base + 8]);
        let word = u64::from_le_bytes(bytes);
        // The high bit of each byte is set exactly when that byte is non-zero.
        let nonzero = (((word & LOW7) + LOW7) | word) & !LOW7;
        // Gather the eight high bits into one byte (bit i from byte i).
        let mut mask = ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        // The ninth house, without a branch: in the other layouts that byte
        // is the next side's first house or unused, and masked off below.
        mask |= u16::from(self.pits[base + 8] != 0) << 8;
        // Keep the houses only: byte 7 is the store where m is at most 7.
        mask & ((1u16 << self.houses) - 1)
    }

    fn legal_moves_for(&self, side: Side) -> MoveSet {
        let mut moves = MoveSet::from_bits(self.occupied_houses(side));
        if let Ruleset::Oware(params) = self.ruleset {
            if self.row_is_empty(side.opponent()) {
                for mv in moves {
                    if !self.reaches_opponent(side, mv) {
                        moves.remove(mv);
                    }
                }
            }
            if params.grand_slam() == GrandSlam::IllegalUnlessForced {
                let mut without_slams = moves;
                for mv in moves {
                    if sowing::oware_is_grand_slam(
                        self.classic_pits(),
                        self.ruleset.houses(),
                        side,
                        mv.index(),
                    ) {
                        without_slams.remove(mv);
                    }
                }
                if !without_slams.is_empty() {
                    moves = without_slams;
                }
            }
        }
        moves
    }

    /// Oware feeding test: a house holding more seeds than houses lie between
    /// it and the opponent's row sows at least one seed there.
    fn reaches_opponent(&self, side: Side, mv: Move) -> bool {
        let seeds = self.house(side, mv.index()) as usize;
        seeds >= self.ruleset.houses() - mv.index()
    }

    fn row_is_empty(&self, side: Side) -> bool {
        self.occupied_houses(side) == 0
    }

    /// Check `mv` for the player to move; `Ok` means [`Position::play`] will accept it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        let side = match self.status {
            Status::ToMove(side) => side,
            Status::Over(_) => return Err(MoveError::GameOver),
        };
        let m = self.ruleset.houses();
        if mv.index() >= m {
            return Err(MoveError::HouseOutOfRange {
                number: mv.number().into(),
                houses: m,
            });
        }
        if self.house(side, mv.index()) == 0 {
            return Err(MoveError::EmptyHouse {
                number: mv.number(),
            });
        }
        // Only Oware restricts moves beyond "a non-empty own house".
        if !matches!(self.ruleset, Ruleset::Oware(_)) || self.legal_moves_for(side).contains(mv) {
            return Ok(());
        }
        if self.row_is_empty(side.opponent()) && !self.reaches_opponent(side, mv) {
            Err(MoveError::MustFeed {
                number: mv.number(),
            })
        } else {
            Err(MoveError::GrandSlam {
                number: mv.number(),
            })
        }
    }

    /// Play `mv`: the new position and the steps of the move, or the reason it
    /// is illegal (and `self` is untouched either way).
    ///
    /// This applies every rule that depends on the position alone. Oware's
    /// repetition rule also needs the positions since the last capture: play a
    /// whole game through [`super::Game`], which adds it.
    pub fn play(&self, mv: Move) -> Result<Played, MoveError> {
        let mut position = *self;
        let mut events = Vec::new();
        let captured = position.apply(mv, &mut events)?;
        Ok(Played {
            position,
            events,
            captured,
        })
    }

    /// `mv` as players write it in a move list: the house number, and in
    /// the Kazakh games PlayStrategy's form, the house number and that of
    /// the house the last stone fell in, then `X` if it made a tuzdik,
    /// then the mover's score in brackets if it captured: `54(10)`, `71X`,
    /// `45` (RECORDS.md).
    pub fn move_label(&self, mv: Move) -> Result<String, MoveError> {
        let played = self.play(mv)?;
        Ok(self.played_label(mv, &played.events, &played.position))
    }

    /// [`Position::move_label`] of `mv` already played from here, which
    /// made `events` and left `after`: a caller that has played the move
    /// need not play it again to write it.
    pub fn played_label(&self, mv: Move, events: &[MoveEvent], after: &Position) -> String {
        let Some(mover) = self.to_move().filter(|_| self.ruleset.is_togyz()) else {
            return mv.number().to_string();
        };
        let stones = self.house(mover, mv.index());
        let (_, last) = togyz::last_house(self.ruleset.houses(), mover, mv.index(), stones);
        let mut text = format!("{}{}", mv.number(), last + 1);
        let made = |kind: fn(&MoveEvent) -> bool| events.iter().any(kind);
        if made(|e| matches!(e, MoveEvent::Tuzdik { .. })) {
            text.push('X');
        }
        if made(|e| matches!(e, MoveEvent::Capture { .. })) {
            text.push_str(&format!("({})", after.store(mover)));
        }
        text
    }

    /// Play `mv` on `self` without recording events: the fast path for
    /// search, perft and playouts. Returns whether the move captured.
    /// On error `self` is unchanged.
    #[inline]
    pub fn play_in_place(&mut self, mv: Move) -> Result<bool, MoveError> {
        self.apply(mv, &mut NoEvents)
    }

    #[inline]
    fn apply<R: Recorder>(&mut self, mv: Move, rec: &mut R) -> Result<bool, MoveError> {
        self.check(mv)?;
        Ok(self.apply_legal(mv, rec))
    }

    /// Play a move taken from [`Position::legal_moves`] without checking it
    /// again (perft's inner loop). Returns whether it captured.
    #[inline]
    pub(crate) fn apply_legal<R: Recorder>(&mut self, mv: Move, rec: &mut R) -> bool {
        let Status::ToMove(mover) = self.status else {
            return false;
        };
        // The layout says which game family, without matching on the ruleset.
        if usize::from(self.stride) == KazakhLayout::STRIDE {
            let outcome = togyz::sow(
                self.ruleset.houses(),
                self.ruleset.has_tuzdik(),
                &mut self.pits,
                &mut self.tuzdiks,
                mover,
                mv.index(),
                rec,
            );
            self.after_kazakh_move(mover, rec);
            return outcome.captured;
        }
        let Some(pits) = self.pits.first_chunk_mut() else {
            return false;
        };
        let outcome = sowing::sow(self.ruleset, pits, mover, mv.index(), rec);
        self.after_move(mover, outcome, rec);
        outcome.captured
    }

    /// Decide who moves next or how the game ends after a Kazakh move: the
    /// opponent with no stone left, the mover takes what is left on his
    /// side; otherwise a store past half the stones wins, the rest
    /// counting for nobody (RULES_TOGYZ.md).
    fn after_kazakh_move<R: Recorder>(&mut self, mover: Side, rec: &mut R) {
        let next = mover.opponent();
        self.status = Status::ToMove(next);
        if self.row_is_empty(next) {
            self.end(EndReason::NoMove, Sweep::ToOwners, rec);
        } else if self
            .stores()
            .iter()
            .any(|&s| 2 * u32::from(s) > self.ruleset.total_seeds())
        {
            self.end(EndReason::Majority, Sweep::Nobody, rec);
        }
    }

    /// Decide who moves next or how the game ends, after `mover`'s sowing.
    fn after_move<R: Recorder>(&mut self, mover: Side, outcome: SowOutcome, rec: &mut R) {
        let next = if outcome.extra_turn {
            mover
        } else {
            mover.opponent()
        };
        self.status = Status::ToMove(next);
        let end = match self.ruleset {
            Ruleset::Kalah(_) | Ruleset::KalahRelay { .. } => self
                .some_row_empty()
                .then_some((EndReason::SideEmpty, Sweep::ToOwners)),
            Ruleset::Mangala => self
                .some_row_empty()
                .then_some((EndReason::SideEmpty, Sweep::ToEmptyRow)),
            Ruleset::Congkak { .. } => self
                .row_is_empty(next)
                .then_some((EndReason::NoMove, Sweep::ToOwners)),
            // Decided by after_kazakh_move.
            Ruleset::TogyzKumalak | Ruleset::Bestemshe => None,
            Ruleset::Oware(_) => {
                let half = self.ruleset.total_seeds() / 2;
                let [s0, s1] = self.stores().map(u32::from);
                if s0 > half || s1 > half || (s0 == half && s1 == half) {
                    Some((EndReason::Majority, Sweep::ToOwners))
                } else if self.legal_moves_for(next).is_empty() {
                    Some((EndReason::NoMove, Sweep::ToOwners))
                } else {
                    None
                }
            }
        };
        match end {
            Some((reason, sweep)) => self.end(reason, sweep, rec),
            None if outcome.extra_turn => rec.record(|| MoveEvent::ExtraTurn { side: mover }),
            None => {}
        }
    }

    fn some_row_empty(&self) -> bool {
        self.row_is_empty(Side::Player0) || self.row_is_empty(Side::Player1)
    }

    /// End the game here as Oware's repetition rule does (RULES.md §3,
    /// "Endless cycles"): each player adds the seeds on his side to his
    /// store. For searches that follow the rule along their own lines (a
    /// [`super::Game`] applies it by itself); a game already over is left
    /// as it is.
    pub fn end_by_repetition(&mut self) {
        if matches!(self.status, Status::ToMove(_)) {
            self.end(EndReason::Repetition, Sweep::ToOwners, &mut NoEvents);
        }
    }

    /// End the game now for `reason`: sweep the seeds left on the board by
    /// `sweep`, record the result, then the sweeps.
    pub(crate) fn end<R: Recorder>(&mut self, reason: EndReason, sweep: Sweep, rec: &mut R) {
        let mut sweeps: [Option<(Side, Side, u8)>; 2] = [None, None];
        for side in Side::BOTH {
            let seeds: u8 = self.row(side).iter().sum();
            if seeds == 0 {
                continue;
            }
            let to = match sweep {
                Sweep::ToOwners => side,
                // Mangala: the player whose row ran empty takes what is left;
                // if neither row is empty this arm is never reached.
                Sweep::ToEmptyRow => side.opponent(),
                Sweep::Nobody => continue,
            };
            let start = self.house_at(side, 0);
            self.pits[start..start + self.ruleset.houses()].fill(0);
            let store = self.store_at(to);
            self.pits[store] += seeds;
            sweeps[side.index()] = Some((side, to, seeds));
        }
        self.status = Status::Over(reason);
        let result = GameResult::from_scores(self.stores());
        rec.record(|| MoveEvent::GameOver { reason, result });
        for (from, to, seeds) in sweeps.into_iter().flatten() {
            rec.record(|| MoveEvent::Sweep { from, to, seeds });
        }
    }
}

/// Where the seeds left on the board go at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sweep {
    /// Each player takes his own row (Kalah, Oware, relay, Congkak).
    ToOwners,
    /// The player whose row is empty takes everything left (Mangala).
    ToEmptyRow,
    /// The stones stay where they are and count for nobody (the Kazakh
    /// games won past half).
    Nobody,
}

/// On the wire a position is its ruleset, its board, and, once the game is
/// over, why it ended:
/// `{"variant": "kalah", "params": {...}, "houses": [[...], [...]], "stores": [0, 0], "to_move": 0}`.
#[derive(Serialize, Deserialize)]
struct PositionRepr {
    variant: super::Variant,
    #[serde(default)]
    params: super::Params,
    houses: [Vec<u8>; 2],
    stores: [u8; 2],
    to_move: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    end: Option<EndReason>,
    #[serde(default, skip_serializing_if = "no_tuzdik")]
    tuzdik: [Option<u8>; 2],
}

fn no_tuzdik(tuzdik: &[Option<u8>; 2]) -> bool {
    tuzdik == &[None, None]
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Board {
            houses,
            stores,
            to_move,
            tuzdik,
        } = self.board();
        PositionRepr {
            variant: self.ruleset.variant(),
            params: self.ruleset.params(),
            houses,
            stores,
            to_move,
            end: match self.status {
                Status::Over(reason) => Some(reason),
                Status::ToMove(_) => None,
            },
            tuzdik,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        use serde::de::Error;
        let repr = PositionRepr::deserialize(deserializer)?;
        let ruleset = Ruleset::new(repr.variant, repr.params).map_err(D::Error::custom)?;
        let board = Board {
            houses: repr.houses,
            stores: repr.stores,
            to_move: repr.to_move,
            tuzdik: repr.tuzdik,
        };
        Position::from_board(ruleset, &board, repr.end).map_err(D::Error::custom)
    }
}
