//! Endgame databases: the perfect-play value of every position with at
//! most a given number of seeds left in the houses, built level by level
//! (all boards with 0 seeds, then 1, …). A move never adds seeds to the
//! houses, so a level needs only itself and the levels below; within a
//! level a move keeps every seed in the houses only by sowing along the
//! mover's own row towards his store, which brings every seed it moves
//! nearer its owner's store and so cannot go round in a circle (the seeds'
//! distances to their stores, summed, fall at every such move): each level
//! is filled in the order of that sum, so the boards of the level a
//! board's moves reach are known before it. A search remembered per board
//! stands behind that order (for a board another thread has not finished
//! yet), its chains of same-level moves no longer than the seeds times the
//! houses, and a longer chain (which would mean a rule that breaks the
//! argument) is an error, not a wrong value. Threads share a level's boards
//! out: two that meet the same board both work it out and write the same
//! value.
//!
//! A board is numbered by its seed count and its rank among the boards of
//! that count (stars and bars: the 2m − 1 bars' places form a set, ranked
//! by the combinatorial number system), so a value costs one byte.

use super::board::WIDEST;
use super::board::{Board, Next, Rules};
use super::memory::ZeroedTable;
use super::numbering::{Numbering, next_composition};
use protocol::rules::{Position, Ruleset};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

/// The seeds of the databases [`crate::Endgames::exact`] builds: a Kalah(6, n) or
/// Mangala one holds 646,646 boards and takes a few tenths of a second.
pub const SHARED_SEEDS: u32 = 10;

/// Why a database was not built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EndgameError {
    /// Only Kalah and Mangala have databases of values (Oware's play
    /// depends on the stores and the history, not the houses only: it has
    /// [`crate::OwareBounds`]).
    #[error("{0} has no endgame database: Kalah and Mangala have")]
    NotSolvable(Ruleset),
    /// Only Oware has a database of bounds ([`crate::OwareBounds`]).
    #[error("{0} has no database of bounds: Oware has")]
    NotOware(Ruleset),
    /// The database would not fit in the memory allowed.
    #[error(
        "an endgame database of {seeds} seeds needs {needed} bytes, more than the {limit} allowed"
    )]
    TooLarge {
        /// Seeds asked for.
        seeds: u32,
        /// Bytes it would take.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// Values given back were not as many as the database has boards.
    #[error("{found} values given for a database of {expected} boards")]
    Values {
        /// Boards it has.
        expected: u64,
        /// Values given.
        found: u64,
    },
    /// A value given back is not one its board can have.
    #[error("value {index} is out of range for its board")]
    Value {
        /// Its place in the numbering.
        index: u64,
    },
    /// A level went round in a circle, which these rules should not allow.
    #[error("{0}: a move sequence within one seed count repeats a position")]
    Cycle(Ruleset),
}

impl EndgameError {
    /// [`EndgameError::TooLarge`] if a database of `seeds` seeds needing
    /// `needed` bytes does not fit in `limit`.
    pub(crate) fn check_size(seeds: u32, needed: u64, limit: u64) -> Result<(), EndgameError> {
        if needed > limit {
            return Err(EndgameError::TooLarge {
                seeds,
                needed,
                limit,
            });
        }
        Ok(())
    }
}

/// Not yet known.
const UNKNOWN: i8 = i8::MIN;

/// The perfect-play value, for the player to move, of the seeds still in
/// the houses (his share less his opponent's) for every board of one
/// ruleset with at most [`Endgame::seeds`] seeds left.
pub struct Endgame {
    ruleset: Ruleset,
    seeds: u32,
    layout: Layout,
    /// Each board's value, stored as `value ^ 0x80` ([`Endgame::stored`])
    /// so that zeroed memory reads as [`UNKNOWN`] and needs no filling.
    values: ZeroedTable<u8>,
}

/// Where each board of a database sits, and how its pits are read.
struct Layout {
    rules: Rules,
    /// Pits in the two rows (2m).
    pits: usize,
    /// Each board's place among those of its seed count.
    numbering: Numbering,
}

impl Layout {
    fn board_of(&self, counts: &[u8; 2 * WIDEST]) -> Board {
        let m = self.pits / 2;
        Board::from_rows(self.rules, &counts[..m], &counts[m..self.pits])
    }

    /// Where `board` holding `seeds` sits: the boards with fewer seeds
    /// first, then its rank among those of its count.
    #[inline]
    fn index(&self, board: &Board, seeds: u32) -> usize {
        self.numbering
            .place_of_sums(&board.running_sums(self.rules), seeds) as usize
    }
}

impl Endgame {
    /// How many boards (bytes) a database of `ruleset` up to `seeds` seeds holds.
    pub fn entries(ruleset: Ruleset, seeds: u32) -> u64 {
        Numbering::boards_below(2 * ruleset.houses(), seeds + 1)
    }

    /// The most seeds a database of `ruleset` can cover within `bytes`.
    pub fn seeds_within(ruleset: Ruleset, bytes: u64) -> u32 {
        let all = ruleset.total_seeds();
        (0..=all)
            .take_while(|&s| Endgame::entries(ruleset, s) <= bytes)
            .last()
            .unwrap_or(0)
    }

    /// Build the database of `ruleset` up to `seeds` seeds in at most
    /// `limit` bytes, on one thread; `progress` hears each level finished
    /// (its seed count and the entries filled so far).
    pub fn build(
        ruleset: Ruleset,
        seeds: u32,
        limit: u64,
        progress: impl FnMut(u32, u64),
    ) -> Result<Endgame, EndgameError> {
        Endgame::build_with_threads(ruleset, seeds, limit, 1, progress)
    }

    /// [`Endgame::build`] with `threads` threads (at least one) sharing
    /// each level's boards: the same values, sooner (docs/ENGINE.md).
    pub fn build_with_threads(
        ruleset: Ruleset,
        seeds: u32,
        limit: u64,
        threads: usize,
        mut progress: impl FnMut(u32, u64),
    ) -> Result<Endgame, EndgameError> {
        let (seeds, layout, needed) = Endgame::plan(ruleset, seeds, limit)?;
        let mut cells = ZeroedTable::<AtomicU8>::new(needed);
        let filler = Filler {
            ruleset,
            layout: &layout,
            values: cells.cells_mut(),
        };
        let rows = RowsByDistance::new(seeds, layout.pits / 2);
        for level in 0..=seeds {
            filler.fill_level(level, &rows, threads.max(1))?;
            progress(level, Endgame::entries(ruleset, level));
        }
        Ok(Endgame {
            ruleset,
            seeds,
            layout,
            values: cells.into_bytes(),
        })
    }

    /// The seeds (no more than the game has), layout and size of a
    /// database of `ruleset` up to `seeds` seeds, if it fits in `limit`
    /// bytes.
    fn plan(
        ruleset: Ruleset,
        seeds: u32,
        limit: u64,
    ) -> Result<(u32, Layout, usize), EndgameError> {
        let rules = Rules::of(ruleset).ok_or(EndgameError::NotSolvable(ruleset))?;
        let seeds = seeds.min(ruleset.total_seeds());
        let needed = Endgame::entries(ruleset, seeds);
        EndgameError::check_size(seeds, needed, limit)?;
        let pits = 2 * ruleset.houses();
        let layout = Layout {
            rules,
            pits,
            numbering: Numbering::new(pits, seeds),
        };
        Ok((seeds, layout, needed as usize))
    }

    /// Its values as stored, one byte a board in its numbering: what
    /// [`Endgame::from_values`] takes back, for a tool that saves a
    /// database that took minutes to build (`mancala solve --endgame-file`).
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The database of `ruleset` up to `seeds` seeds whose [`Endgame::values`]
    /// are `values`, if there are as many as it has boards, each a value a
    /// board of its count can have, and they fit in `limit` bytes.
    pub fn from_values(
        ruleset: Ruleset,
        seeds: u32,
        limit: u64,
        values: &[u8],
    ) -> Result<Endgame, EndgameError> {
        let (seeds, layout, needed) = Endgame::plan(ruleset, seeds, limit)?;
        if values.len() != needed {
            return Err(EndgameError::Values {
                expected: needed as u64,
                found: values.len() as u64,
            });
        }
        let mut endgame = Endgame {
            ruleset,
            seeds,
            layout,
            values: ZeroedTable::new(needed),
        };
        endgame.values.cells_mut().copy_from_slice(values);
        // A value never exceeds the seeds on the board (and the unknown
        // mark lies below any).
        for level in 0..=endgame.seeds {
            let first = if level == 0 {
                0
            } else {
                Endgame::entries(ruleset, level - 1) as usize
            };
            let last = Endgame::entries(ruleset, level) as usize;
            let limit = level as i32;
            if let Some(offset) = (first..last).find(|&at| {
                let value = i32::from(endgame.stored(at));
                value < -limit || value > limit
            }) {
                return Err(EndgameError::Value {
                    index: offset as u64,
                });
            }
        }
        Ok(endgame)
    }

    /// Whether the rules of `ruleset` have endgame databases (Kalah and
    /// Mangala do).
    pub(crate) fn rules_of(ruleset: Ruleset) -> Option<()> {
        Rules::of(ruleset).map(|_| ())
    }

    /// Whether a database of `built` holds the values of `other` as well:
    /// the same board rules (houses and capture rule). The seeds a house
    /// starts with only change which boards a game can reach, so one
    /// database of Kalah(6, 4) serves Kalah(6, 5) and Kalah(6, 6) too.
    pub fn serves(built: Ruleset, other: Ruleset) -> bool {
        Rules::of(built).is_some() && Rules::of(built) == Rules::of(other)
    }

    /// A name for the board rules of `ruleset` (its variant, houses and
    /// capture rule), the same for two rulesets exactly when a database of
    /// one [`Endgame::serves`] the other: what a file of saved databases
    /// is named by. `None` for the rules that have no database.
    pub fn board_rules_name(ruleset: Ruleset) -> Option<String> {
        Rules::of(ruleset).map(Rules::name)
    }

    /// The rules it was built for.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The most seeds left in the houses it covers.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.values.len()
    }

    /// The value for the player to move of the seeds left in `position`'s
    /// houses with perfect play, if it is covered (same rules, few enough
    /// seeds, game not over): add the stores' difference for the result.
    pub fn value(&self, position: &Position) -> Option<i32> {
        if position.ruleset() != self.ruleset {
            return None;
        }
        let [a, b] = position.stores();
        let seeds = position.total_seeds() - u32::from(a) - u32::from(b);
        if seeds > self.seeds {
            return None;
        }
        Some(self.lookup(&Board::of(position, self.layout.rules)?, seeds))
    }

    /// The value of `board` holding `seeds`, known to be covered.
    pub(crate) fn lookup(&self, board: &Board, seeds: u32) -> i32 {
        self.value_at(self.place(board, seeds))
    }

    /// Where the value of `board` holding `seeds` (known to be covered)
    /// is kept, for [`Endgame::value_at`].
    pub(crate) fn place(&self, board: &Board, seeds: u32) -> usize {
        self.layout.index(board, seeds)
    }

    /// The value kept at `place`.
    pub(crate) fn value_at(&self, place: usize) -> i32 {
        i32::from(self.stored(place))
    }

    /// The value stored at `index` (or [`UNKNOWN`]).
    fn stored(&self, index: usize) -> i8 {
        decode(self.values[index])
    }
}

/// A value from its stored byte (`value ^ 0x80`: zeroed memory reads as
/// [`UNKNOWN`]).
fn decode(byte: u8) -> i8 {
    (byte ^ 0x80) as i8
}

/// The byte that stores `value`.
fn encode(value: i8) -> u8 {
    (value as u8) ^ 0x80
}

/// A database being built: its cells shared by the threads that fill it.
struct Filler<'a> {
    ruleset: Ruleset,
    layout: &'a Layout,
    values: &'a [AtomicU8],
}

impl Filler<'_> {
    /// Work out every board of `level` seeds (those below are known), on
    /// `threads` threads taking shares of the boards in turn, in the order
    /// of their seeds' distances to their stores, summed: a move that keeps
    /// every seed in the houses lowers that sum (module docs), so the
    /// boards of the level a board's moves reach are known before it, and
    /// the search [`Filler::fill`] remembers goes no deeper than one move
    /// (unless another thread has not finished a board it needs yet). A
    /// share is the boards whose rows are at given distances, the mover's
    /// row the outer loop: only the opponent's row changes from one board
    /// to the next, so the children a move turns to the opponent (whose
    /// place his row, then the mover's, decides; the mover's row counts
    /// most) sit side by side.
    fn fill_level(
        &self,
        level: u32,
        rows: &RowsByDistance,
        threads: usize,
    ) -> Result<(), EndgameError> {
        let m = self.layout.pits / 2;
        let shares = rows.shares(level);
        let next = AtomicUsize::new(0);
        let work = || -> Result<(), EndgameError> {
            while let Some(share) = shares.get(next.fetch_add(1, Ordering::Relaxed)) {
                let mut counts = [0u8; 2 * WIDEST];
                for mover in rows.get(share.mover) {
                    counts[..m].copy_from_slice(&mover[..m]);
                    for opponent in rows.get(share.opponent) {
                        counts[m..2 * m].copy_from_slice(&opponent[..m]);
                        let board = self.layout.board_of(&counts);
                        self.work_out(&board, level, self.layout.index(&board, level), 0)?;
                    }
                }
            }
            Ok(())
        };
        if threads == 1 {
            return work();
        }
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
            let mut done = work();
            for helper in helpers {
                let found = helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                done = done.and(found);
            }
            done
        })
    }

    /// The value stored at `index` (or [`UNKNOWN`]).
    fn stored(&self, index: usize) -> i8 {
        decode(self.values[index].load(Ordering::Relaxed))
    }

    fn store(&self, index: usize, value: i8) {
        self.values[index].store(encode(value), Ordering::Relaxed);
    }

    /// Work out the value of `board` (with `seeds` seeds), and of the
    /// boards of the same count its moves reach, if not known yet; `depth`
    /// same-level moves led here.
    fn fill(&self, board: &Board, seeds: u32, depth: u32) -> Result<i32, EndgameError> {
        let index = self.layout.index(board, seeds);
        match self.stored(index) {
            UNKNOWN => self.work_out(board, seeds, index, depth),
            value => Ok(i32::from(value)),
        }
    }

    /// Work out the value of `board` (with `seeds` seeds, kept at `index`)
    /// whether known or not: [`Filler::fill_level`]'s order leaves few
    /// known before their turn, and reading each first (a scattered load)
    /// cost more than the few worked out twice.
    fn work_out(
        &self,
        board: &Board,
        seeds: u32,
        index: usize,
        depth: u32,
    ) -> Result<i32, EndgameError> {
        let rules = self.layout.rules;
        // No chain of same-level moves is longer (see the module's docs).
        if depth > seeds * rules.houses as u32 {
            return Err(EndgameError::Cycle(self.ruleset));
        }
        let moves = board.moves(rules);
        // First every move and where its board sits, then the values: the
        // loads do not wait on one another, so the memory serves them at
        // once (this halved the time to build a database).
        let mut children = [(0i32, Next::Over, 0usize, 0u32, Board::EMPTY); 8];
        let mut len = 0;
        for house in (0..rules.houses).filter(|h| moves & (1 << h) != 0) {
            let step = board.play(rules, house);
            let left = step.board.seeds();
            let at = match step.next {
                Next::Over => 0,
                _ => self.layout.index(&step.board, left),
            };
            children[len] = (step.gain, step.next, at, left, step.board);
            len += 1;
        }
        // A board where the mover has no move never comes up in play (the
        // game ended before): any value will do.
        let mut best = if len == 0 { 0 } else { i32::MIN };
        for &(gain, next, at, left, child) in &children[..len] {
            let rest = match next {
                Next::Over => 0,
                _ => {
                    let rest = match self.stored(at) {
                        UNKNOWN if left == seeds => self.fill(&child, left, depth + 1)?,
                        value => i32::from(value),
                    };
                    if next == Next::Again { rest } else { -rest }
                }
            };
            best = best.max(gain + rest);
        }
        // A value is at most the seeds on the board: it fits in an i8
        // (the largest game has 72 seeds).
        self.store(index, i8::try_from(best).unwrap_or(0));
        Ok(best)
    }
}

/// One row's seeds and their distances to the row's store, summed (a
/// seed in the house next to the store is 1 away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RowClass {
    seeds: u32,
    distance: u32,
}

/// The boards of one level whose rows are of the given classes.
struct Share {
    mover: RowClass,
    opponent: RowClass,
}

/// Every way to share up to a number of seeds (a database's) among a
/// row's houses, grouped by [`RowClass`].
struct RowsByDistance {
    houses: usize,
    /// `groups[seeds][distance]`.
    groups: Vec<Vec<Vec<[u8; WIDEST]>>>,
}

impl RowsByDistance {
    fn new(most: u32, houses: usize) -> RowsByDistance {
        let groups = (0..=most)
            .map(|seeds| {
                let mut by_distance = vec![Vec::new(); (seeds as usize) * houses + 1];
                let mut row = [0u8; WIDEST];
                row[0] = seeds as u8;
                loop {
                    by_distance[RowsByDistance::distance(&row[..houses]) as usize].push(row);
                    if !next_composition(&mut row[..houses]) {
                        break;
                    }
                }
                by_distance
            })
            .collect();
        RowsByDistance { houses, groups }
    }

    /// The seeds' distances to the store of `row` (a row's houses from its
    /// owner's left, the store after the last), summed.
    fn distance(row: &[u8]) -> u32 {
        let houses = row.len();
        row.iter()
            .enumerate()
            .map(|(house, &seeds)| u32::from(seeds) * (houses - house) as u32)
            .sum()
    }

    /// The rows of `class` (no more seeds than those it was made for).
    fn get(&self, class: RowClass) -> &[[u8; WIDEST]] {
        &self.groups[class.seeds as usize][class.distance as usize]
    }

    /// The shares of the boards of `level` seeds, the nearest their stores
    /// first.
    fn shares(&self, level: u32) -> Vec<Share> {
        let most = level * self.houses as u32;
        let mut shares = Vec::new();
        for total in 0..=most {
            for mover_seeds in 0..=level {
                let opponent_seeds = level - mover_seeds;
                for (distance, group) in self.groups[mover_seeds as usize].iter().enumerate() {
                    let mover = RowClass {
                        seeds: mover_seeds,
                        distance: distance as u32,
                    };
                    let Some(rest) = total.checked_sub(mover.distance) else {
                        break;
                    };
                    let opponent = RowClass {
                        seeds: opponent_seeds,
                        distance: rest,
                    };
                    let others = self.groups[opponent_seeds as usize].get(rest as usize);
                    if !group.is_empty() && others.is_some_and(|o| !o.is_empty()) {
                        shares.push(Share { mover, opponent });
                    }
                }
            }
        }
        shares
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::board::store_difference;
    use protocol::rules::{KalahParams, Side};
    use std::collections::HashMap;

    /// The value of the seeds left for the mover by plain minimax.
    fn minimax(position: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
        let mover = position.to_move().expect("a mover");
        crate::testing::minimax(position, memo) - store_difference(position, mover)
    }

    #[test]
    fn boards_are_numbered_one_to_one() {
        let ruleset = Ruleset::Kalah(KalahParams::with_houses(2, 3, false).expect("Kalah(2,3)"));
        let endgame = Endgame::build(ruleset, 5, 1 << 20, |_, _| {}).expect("built");
        let mut seen = vec![false; endgame.bytes()];
        for level in 0..=5u32 {
            let mut counts = [0u8; 2 * WIDEST];
            counts[0] = level as u8;
            loop {
                let index = endgame
                    .layout
                    .index(&endgame.layout.board_of(&counts), level);
                assert!(!seen[index], "{counts:?} shares index {index}");
                seen[index] = true;
                if !next_composition(&mut counts[..4]) {
                    break;
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "every index is some board's");
    }

    #[test]
    fn every_value_equals_plain_minimax() {
        for ruleset in [
            Ruleset::Mangala,
            Ruleset::Kalah(KalahParams::default()),
            Ruleset::Kalah(KalahParams::new(4, true).expect("empty capture")),
            Ruleset::Kalah(KalahParams::with_houses(3, 3, false).expect("Kalah(3,3)")),
        ] {
            let endgame = Endgame::build(ruleset, 7, 1 << 24, |_, _| {}).expect("built");
            let mut memo = HashMap::new();
            let mut checked = 0;
            let mut counts = [0u8; 2 * WIDEST];
            let pits = 2 * ruleset.houses();
            for level in 0..=7u32 {
                counts.fill(0);
                counts[0] = level as u8;
                loop {
                    let narrow = endgame.layout.board_of(&counts).rows(endgame.layout.rules);
                    let mut rows = [[0u8; protocol::rules::MAX_HOUSES]; 2];
                    for (row, narrow) in rows.iter_mut().zip(narrow) {
                        row[..WIDEST].copy_from_slice(&narrow);
                    }
                    if let Ok(position) = Position::from_rows(ruleset, &rows, [3, 5], Side::Player1)
                        && position.row(Side::Player0).iter().any(|&s| s > 0)
                        && position.row(Side::Player1).iter().any(|&s| s > 0)
                    {
                        // Player 1 moves: rows[0] is his opponent's, so look
                        // the board up from his side.
                        let value = endgame.value(&position).expect("covered");
                        assert_eq!(value, minimax(&position, &mut memo), "{ruleset} {rows:?}");
                        checked += 1;
                    }
                    if !next_composition(&mut counts[..pits]) {
                        break;
                    }
                }
            }
            assert!(checked > 1000, "{ruleset}: {checked}");
        }
    }

    /// The premise of the order a level is filled in: a move that keeps
    /// every seed in the houses lowers the seeds' distances to their
    /// stores, summed (else the build would fall back on its scattered
    /// remembered search, right but slow), and the shares hold every board
    /// of the level once.
    #[test]
    fn a_level_is_filled_after_the_boards_its_moves_reach() {
        for ruleset in [
            Ruleset::Mangala,
            Ruleset::Kalah(KalahParams::default()),
            Ruleset::Kalah(KalahParams::new(4, true).expect("empty capture")),
            Ruleset::Kalah(KalahParams::with_houses(3, 3, false).expect("Kalah(3,3)")),
        ] {
            let rules = Rules::of(ruleset).expect("solvable");
            let m = ruleset.houses();
            let rows = RowsByDistance::new(7, m);
            let total = |board: &Board| {
                let [mover, opponent] = board.rows(rules);
                RowsByDistance::distance(&mover[..m]) + RowsByDistance::distance(&opponent[..m])
            };
            let mut same_level_moves = 0;
            for level in 0..=7u32 {
                let mut boards = 0;
                let mut last_total = 0;
                for share in rows.shares(level) {
                    for mover in rows.get(share.mover) {
                        for opponent in rows.get(share.opponent) {
                            let board = Board::from_rows(rules, &mover[..m], &opponent[..m]);
                            boards += 1;
                            assert!(total(&board) >= last_total, "{ruleset}: shares in order");
                            last_total = total(&board);
                            for house in (0..m).filter(|&h| board.moves(rules) & (1 << h) != 0) {
                                let step = board.play(rules, house);
                                if step.next != Next::Over && step.board.seeds() == level {
                                    same_level_moves += 1;
                                    assert!(
                                        total(&step.board) < total(&board),
                                        "{ruleset}: {board:?} house {house}"
                                    );
                                }
                            }
                        }
                    }
                }
                assert_eq!(
                    boards,
                    Numbering::boards_of(2 * m, level),
                    "{ruleset} {level}"
                );
            }
            assert!(same_level_moves > 100, "{ruleset}: {same_level_moves}");
        }
    }

    #[test]
    fn threads_build_the_database_one_thread_builds() {
        for (ruleset, seeds) in [
            (Ruleset::Mangala, 9),
            (Ruleset::Kalah(KalahParams::default()), 9),
            (
                Ruleset::Kalah(KalahParams::with_houses(1, 3, false).expect("Kalah(1,3)")),
                6,
            ),
            (
                Ruleset::Kalah(KalahParams::with_houses(2, 2, true).expect("Kalah(2,2)")),
                8,
            ),
        ] {
            let alone = Endgame::build(ruleset, seeds, 1 << 24, |_, _| {}).expect("built");
            let mut levels = Vec::new();
            let together = Endgame::build_with_threads(ruleset, seeds, 1 << 24, 2, |level, _| {
                levels.push(level)
            })
            .expect("built");
            assert!(alone.values() == together.values(), "{ruleset}");
            assert_eq!(levels, (0..=together.seeds()).collect::<Vec<_>>());
        }
    }

    #[test]
    fn values_given_back_make_the_same_database_and_bad_ones_are_refused() {
        let ruleset = Ruleset::Kalah(KalahParams::with_houses(3, 3, false).expect("Kalah(3,3)"));
        let endgame = Endgame::build(ruleset, 8, 1 << 24, |_, _| {}).expect("built");
        let again =
            Endgame::from_values(ruleset, 8, 1 << 24, endgame.values()).expect("taken back");
        assert_eq!(again.values(), endgame.values());
        assert_eq!((again.ruleset(), again.seeds()), (ruleset, 8));
        let short = &endgame.values()[1..];
        assert!(matches!(
            Endgame::from_values(ruleset, 8, 1 << 24, short),
            Err(EndgameError::Values { .. })
        ));
        // A board of 1 seed cannot be worth 5; an unknown value is no value.
        for bad in [5i8, UNKNOWN] {
            let mut values = endgame.values().to_vec();
            values[1] = encode(bad);
            assert_eq!(
                Endgame::from_values(ruleset, 8, 1 << 24, &values).err(),
                Some(EndgameError::Value { index: 1 })
            );
        }
        assert!(matches!(
            Endgame::from_values(ruleset, 8, 10, endgame.values()),
            Err(EndgameError::TooLarge { .. })
        ));
    }

    #[test]
    fn board_rules_share_a_name_exactly_when_a_database_serves_both() {
        let mut rulesets = vec![Ruleset::Mangala, Ruleset::Oware(Default::default())];
        for houses in 1..=6 {
            for seeds in [1, 4, 6] {
                for empty_capture in [false, true] {
                    let params = KalahParams::with_houses(houses, seeds, empty_capture);
                    rulesets.push(Ruleset::Kalah(params.expect("a board")));
                }
            }
        }
        for &a in &rulesets {
            for &b in &rulesets {
                let (name_a, name_b) = (Endgame::board_rules_name(a), Endgame::board_rules_name(b));
                assert_eq!(name_a.is_some(), Rules::of(a).is_some(), "{a}");
                if name_a.is_some() && name_b.is_some() {
                    assert_eq!(name_a == name_b, Endgame::serves(a, b), "{a} and {b}");
                }
            }
        }
    }

    #[test]
    fn oware_and_oversized_databases_are_refused() {
        let oware = Ruleset::default_for(protocol::rules::Variant::Oware);
        assert!(matches!(
            Endgame::build(oware, 4, 1 << 20, |_, _| {}),
            Err(EndgameError::NotSolvable(_))
        ));
        assert!(matches!(
            Endgame::build(Ruleset::Mangala, 30, 1 << 20, |_, _| {}),
            Err(EndgameError::TooLarge { .. })
        ));
        assert_eq!(Endgame::entries(Ruleset::Mangala, 0), 1);
        assert!(
            Endgame::entries(
                Ruleset::Mangala,
                Endgame::seeds_within(Ruleset::Mangala, 1 << 20)
            ) <= 1 << 20
        );
    }
}
