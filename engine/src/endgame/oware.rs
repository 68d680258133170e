//! Oware's endgame database: for every position with at most a given
//! number of seeds left in the houses, a lower and an upper bound on its
//! value with perfect play that hold *whatever positions came since the
//! last capture*, so that a search may use them at any node of any line.
//!
//! Why bounds and not values: under the repetition rule (RULES.md §3) a
//! position's value depends on the positions seen since the last capture,
//! and most of a seed count's boards form one strongly connected set (757
//! of the 1,365 boards of 4 seeds each reach every other without a
//! capture; 1.2 M of the 1.35 M of 12 seeds), so an exact value even of
//! the positions just after a capture needs a search of every line
//! through it: a plain search of every 4-seed board had not ended after
//! five minutes (docs/ENGINE.md).
//!
//! How the bounds are found, one seed count at a time (a move never adds
//! seeds to the houses, so the counts below are done): a move either ends
//! the game or captures (its value lies within the bounds of the position
//! it reaches, a count below), or keeps every seed on the board. Then its
//! value is either the settlement of a repetition (each player takes the
//! seeds on his side), if the line has been there, or the negated value
//! of the position reached. Whatever the history, a move's value therefore
//! lies between min(settlement, −upper(child)) and max(settlement,
//! −lower(child)), and a position's between the best of those over its
//! moves; a move into a position that cannot lead back (another strongly
//! connected component of the seed count's moves) can never repeat one the
//! line has seen, so its settlement is left out. Starting from the bounds
//! every position has (the seeds left all
//! go to one side or the other), that is applied, board by board, until
//! nothing narrows; every step keeps the bounds true, and where the two
//! meet the value is exact.

use super::board::WIDEST;
use super::database::EndgameError;
use super::numbering::{Numbering, next_composition};
use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use protocol::rules::{MAX_HOUSES, Position, Ruleset, Side, Status};
use std::collections::VecDeque;

/// The seeds of the databases [`crate::Endgames::bounds`] builds: 1,056,209
/// positions (every board and store split), 2 MB, about half a second.
pub const OWARE_SHARED_SEEDS: u32 = 8;

/// The most seeds a database covers: half the largest Oware's (72), beyond
/// which one store is past half and the game over.
const MAX_SEEDS_COVERED: usize = 36;

/// What one move of a board does, the same for every split of the stores
/// (a move's sowing and capture look at the houses only).
#[derive(Clone, Copy, Default)]
struct Outcome {
    /// Seeds it captured.
    captured: u8,
    /// Whether it ended the game by the houses alone (the opponent cannot
    /// be fed, or no seed is left).
    ended: bool,
    /// If it did, what it added to the mover's store less his opponent's
    /// (the capture and the houses swept to their owners).
    gain: i8,
    /// Seeds left in the mover's row and in his opponent's.
    rows: [u8; 2],
    /// The place of the board it reaches, the opponent's row first, among
    /// the boards of its seed count.
    child: u32,
}

/// A board's moves.
#[derive(Clone, Copy, Default)]
struct Moves {
    /// The mover's seeds less his opponent's on the board.
    sides: i8,
    len: u8,
    list: [Outcome; WIDEST],
}

/// Bounds on the value, for the player to move, of every Oware position
/// with at most [`OwareBounds::seeds`] seeds left in the houses: his final
/// store less his opponent's.
pub struct OwareBounds {
    ruleset: Ruleset,
    seeds: u32,
    /// Pits in the two rows.
    pits: usize,
    /// All the seeds of the game.
    total: u32,
    /// The most a store holds with the game still open.
    half: u32,
    numbering: Numbering,
    /// Boards of each seed count.
    boards: Vec<u64>,
    /// Where each seed count's entries begin: one block of boards per
    /// store split the game can be open with.
    starts: Vec<usize>,
    /// Lower and upper bound of each entry.
    bounds: Vec<[i8; 2]>,
    /// Entries whose mover has no move (so play never comes to them).
    unplayable: u64,
}

impl OwareBounds {
    /// How many entries (two bytes each) a database of `ruleset` up to
    /// `seeds` seeds holds.
    pub fn entries(ruleset: Ruleset, seeds: u32) -> u64 {
        let pits = 2 * ruleset.houses();
        (1..=seeds)
            .map(|n| Numbering::boards_of(pits, n) * u64::from(n + 1))
            .sum()
    }

    /// Build the database of `ruleset` (an Oware) up to `seeds` seeds in at
    /// most `limit` bytes.
    pub fn build(ruleset: Ruleset, seeds: u32, limit: u64) -> Result<OwareBounds, EndgameError> {
        if !matches!(ruleset, Ruleset::Oware(_)) {
            return Err(EndgameError::NotOware(ruleset));
        }
        let total = ruleset.total_seeds();
        let seeds = seeds.min(total / 2);
        let needed = 2 * OwareBounds::entries(ruleset, seeds);
        EndgameError::check_size(seeds, needed, limit)?;
        let pits = 2 * ruleset.houses();
        let boards: Vec<u64> = (0..=seeds).map(|n| Numbering::boards_of(pits, n)).collect();
        let mut starts = vec![0usize; seeds as usize + 2];
        for n in 1..=seeds as usize {
            starts[n + 1] = starts[n] + (boards[n] * (n as u64 + 1)) as usize;
        }
        let mut database = OwareBounds {
            ruleset,
            seeds,
            pits,
            total,
            half: total / 2,
            numbering: Numbering::new(pits, seeds),
            boards,
            starts,
            bounds: vec![[0, 0]; needed as usize / 2],
            unplayable: 0,
        };
        for n in 1..=seeds {
            let moves = database.moves_of_level(n);
            database.fill_level(n, &moves);
        }
        Ok(database)
    }

    /// The most seeds left in the houses it covers.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        2 * self.bounds.len()
    }

    /// Of the positions play can come to (whose mover has a move): how
    /// many there are, how many it knows exactly, and the mean of upper
    /// less lower over them: how much a search can take from it.
    pub fn summary(&self) -> (u64, u64, f64) {
        // The others are all exact, with width 0.
        let playable = self.bounds.len() as u64 - self.unplayable;
        let exact = self.bounds.iter().filter(|[l, u]| l == u).count() as u64 - self.unplayable;
        let width: i64 = self
            .bounds
            .iter()
            .map(|[l, u]| i64::from(*u) - i64::from(*l))
            .sum();
        (playable, exact, width as f64 / playable.max(1) as f64)
    }

    /// Bounds (lower, upper) on `position`'s value for its mover (his final
    /// store less his opponent's), true whatever came since the last
    /// capture; equal where the value is known exactly. `None` when the
    /// position is not covered (other rules, more seeds, the game over).
    pub fn bounds(&self, position: &Position) -> Option<(i32, i32)> {
        if position.ruleset() != self.ruleset {
            return None;
        }
        let mover = position.to_move()?;
        let own = u32::from(position.store(mover));
        let left = self.total - own - u32::from(position.store(mover.opponent()));
        if left == 0 || left > self.seeds {
            return None;
        }
        let split = own.checked_sub(self.least_store(left))?;
        if split > left {
            return None;
        }
        let counts = position
            .row(mover)
            .iter()
            .chain(position.row(mover.opponent()))
            .copied();
        let rank = self.numbering.rank(counts);
        let [lower, upper] = self.bounds[self.at(left, split, rank)];
        Some((i32::from(lower), i32::from(upper)))
    }

    /// The least the mover's store holds when `left` seeds are in the houses
    /// and the game is open (his opponent's holding no more than half).
    fn least_store(&self, left: u32) -> u32 {
        self.total - left - self.half
    }

    /// Where the entry of the board of place `rank` among those of `left`
    /// seeds sits, the mover's store [`OwareBounds::least_store`] + `split`:
    /// a board's splits side by side, so that the build reads all of a
    /// board's at once (a tenth of the cache misses of one split at a time).
    fn at(&self, left: u32, split: u32, rank: u64) -> usize {
        self.starts[left as usize] + (rank * u64::from(left + 1) + u64::from(split)) as usize
    }

    /// Every board of `left` seeds (by place) and what each of its moves
    /// does, played by the rules engine with the stores of one open split.
    fn moves_of_level(&self, left: u32) -> Vec<Moves> {
        let mut moves = vec![Moves::default(); self.boards[left as usize] as usize];
        let m = self.pits / 2;
        let own = self.least_store(left) as u8;
        let stores = [own, (self.total - left) as u8 - own];
        let mut counts = [0u8; 2 * WIDEST];
        counts[0] = left as u8;
        loop {
            let mut rows = [[0u8; MAX_HOUSES]; 2];
            rows[0][..m].copy_from_slice(&counts[..m]);
            rows[1][..m].copy_from_slice(&counts[m..self.pits]);
            let rank = self.numbering.rank(counts[..self.pits].iter().copied());
            let entry = &mut moves[rank as usize];
            let mine: u8 = counts[..m].iter().sum();
            entry.sides = (2 * i32::from(mine) - left as i32) as i8;
            // A board whose mover has no move never comes up in play (the
            // game ended before): it keeps no moves, and its settlement.
            if let Ok(position) = Position::from_rows(self.ruleset, &rows, stores, Side::Player0) {
                for mv in position.legal_moves().iter() {
                    let mut child = position;
                    if child.play_in_place(mv).is_err() {
                        continue;
                    }
                    let after = [child.row(Side::Player0), child.row(Side::Player1)];
                    let rows = after.map(|row| row.iter().sum::<u8>());
                    let rank = self
                        .numbering
                        .rank(after[1].iter().chain(after[0]).copied());
                    let [mine, theirs] = child.stores().map(i32::from);
                    entry.list[usize::from(entry.len)] = Outcome {
                        captured: child.store(Side::Player0) - own,
                        ended: matches!(child.status(), Status::Over(_)),
                        gain: (mine - theirs - (i32::from(own) - i32::from(stores[1]))) as i8,
                        rows,
                        child: rank as u32,
                    };
                    entry.len += 1;
                }
            }
            if !next_composition(&mut counts[..self.pits]) {
                break;
            }
        }
        moves
    }

    /// Find the bounds of every position of `left` seeds, those below known.
    fn fill_level(&mut self, left: u32, moves: &[Moves]) {
        let boards = moves.len();
        let splits = left as usize + 1;
        let base = self.starts[left as usize];
        // The mover's store less his opponent's at split 0; each split adds 2.
        let least = self.least_store(left);
        let stores_at_0 = 2 * least as i32 - (self.total - left) as i32;
        // What the moves that leave this seed count bring, per entry
        // (fixed from the start), and the bounds every entry has.
        let mut exits = vec![[i8::MIN; 2]; boards * splits];
        for (rank, board) in moves.iter().enumerate() {
            for split in 0..splits {
                let own = least + split as u32;
                let other = self.total - left - own;
                let stores = stores_at_0 + 2 * split as i32;
                let at = base + rank * splits + split;
                let exit = &mut exits[rank * splits + split];
                if board.len == 0 {
                    // No move: each player takes the seeds on his side.
                    let value = clamp(stores + i32::from(board.sides));
                    self.bounds[at] = [value, value];
                    *exit = [value, value];
                    self.unplayable += 1;
                    continue;
                }
                let spread = left as i32;
                self.bounds[at] = [clamp(stores - spread), clamp(stores + spread)];
                for outcome in &board.list[..usize::from(board.len)] {
                    let captured = u32::from(outcome.captured);
                    let [lower, upper] = if outcome.ended {
                        let value = clamp(stores + i32::from(outcome.gain));
                        [value, value]
                    } else if own + captured > self.half {
                        // The game is over: the houses go to their owners.
                        let [mine, theirs] = outcome.rows.map(i32::from);
                        let value = clamp(stores + captured as i32 + mine - theirs);
                        [value, value]
                    } else if captured > 0 {
                        let rest = left - captured;
                        let split = other - self.least_store(rest);
                        let [lower, upper] =
                            self.bounds[self.at(rest, split, u64::from(outcome.child))];
                        [-upper, -lower]
                    } else {
                        continue;
                    };
                    exit[0] = exit[0].max(lower);
                    exit[1] = exit[1].max(upper);
                }
            }
        }
        // The moves that keep every seed on the board, per board: the board
        // they reach (whose entry of the opponent's split it is) and the
        // mover's seeds less his opponent's on it (the settlement if the
        // line has been there, less the stores; `None` once it is known
        // that the line cannot have been there).
        let mut first_edge = Vec::with_capacity(boards + 1);
        let mut edges: Vec<(u32, Option<i8>)> = Vec::new();
        for board in moves {
            first_edge.push(edges.len() as u32);
            for outcome in &board.list[..usize::from(board.len)] {
                if !outcome.ended && outcome.captured == 0 {
                    let [mine, theirs] = outcome.rows.map(i32::from);
                    edges.push((outcome.child, Some((mine - theirs) as i8)));
                }
            }
        }
        first_edge.push(edges.len() as u32);
        // A move into another strongly connected component can never
        // repeat a position (the line could not have come from there).
        let component = components(boards, &first_edge, &edges);
        for b in 0..boards {
            for edge in &mut edges[first_edge[b] as usize..first_edge[b + 1] as usize] {
                if component[edge.0 as usize] != component[b] {
                    edge.1 = None;
                }
            }
        }
        // Which boards reach each, to look at again when it narrows.
        let mut first_parent = vec![0u32; boards + 1];
        for &(child, _) in &edges {
            first_parent[child as usize + 1] += 1;
        }
        for b in 0..boards {
            first_parent[b + 1] += first_parent[b];
        }
        let mut parents = vec![0u32; edges.len()];
        let mut filled = first_parent.clone();
        for b in 0..boards {
            for &(child, _) in &edges[first_edge[b] as usize..first_edge[b + 1] as usize] {
                parents[filled[child as usize] as usize] = b as u32;
                filled[child as usize] += 1;
            }
        }
        // Narrow boards until none can be: each is looked at once, then
        // again whenever a board its moves reach has narrowed.
        let mut queued = vec![true; boards];
        let mut queue: VecDeque<u32> = (0..boards as u32).collect();
        let mut narrowed = [[0i8; 2]; 2 * MAX_SEEDS_COVERED + 1];
        while let Some(b) = queue.pop_front() {
            let b = b as usize;
            queued[b] = false;
            let narrowed = &mut narrowed[..splits];
            narrowed.copy_from_slice(&exits[b * splits..(b + 1) * splits]);
            for &(child, sides) in &edges[first_edge[b] as usize..first_edge[b + 1] as usize] {
                let child = base + child as usize * splits;
                for (split, [lower, upper]) in narrowed.iter_mut().enumerate() {
                    // The opponent's split: his store is the mover's
                    // mirrored (an Oware game's seeds are always even).
                    let [low, high] = self.bounds[child + splits - 1 - split];
                    match sides {
                        None => {
                            *lower = (*lower).max(-high);
                            *upper = (*upper).max(-low);
                        }
                        Some(sides) => {
                            let settled = clamp(stores_at_0 + 2 * split as i32 + i32::from(sides));
                            *lower = (*lower).max(settled.min(-high));
                            *upper = (*upper).max(settled.max(-low));
                        }
                    }
                }
            }
            let mut changed = false;
            for (known, [lower, upper]) in self.bounds[base + b * splits..base + (b + 1) * splits]
                .iter_mut()
                .zip(narrowed.iter())
            {
                if *lower > known[0] || *upper < known[1] {
                    *known = [known[0].max(*lower), known[1].min(*upper)];
                    changed = true;
                }
            }
            if changed {
                for &parent in &parents[first_parent[b] as usize..first_parent[b + 1] as usize] {
                    if !queued[parent as usize] {
                        queued[parent as usize] = true;
                        queue.push_back(parent);
                    }
                }
            }
        }
    }
}

/// The strongly connected component of each of `boards` boards under the
/// moves `edges` (board `b`'s from `first_edge[b]`): boards that reach one
/// another without a capture share one.
fn components<T>(boards: usize, first_edge: &[u32], edges: &[(u32, T)]) -> Vec<u32> {
    let mut graph = DiGraph::<(), (), u32>::with_capacity(boards, edges.len());
    for _ in 0..boards {
        graph.add_node(());
    }
    for b in 0..boards {
        for &(child, _) in &edges[first_edge[b] as usize..first_edge[b + 1] as usize] {
            graph.add_edge(NodeIndex::new(b), NodeIndex::new(child as usize), ());
        }
    }
    let mut component = vec![0u32; boards];
    // Kosaraju's walk is iterative: a component can hold a million boards.
    for (id, members) in kosaraju_scc(&graph).iter().enumerate() {
        for node in members {
            component[node.index()] = id as u32;
        }
    }
    component
}

/// A value as stored: final differences lie within ±72 seeds.
fn clamp(value: i32) -> i8 {
    value.clamp(i32::from(i8::MIN) + 1, i32::from(i8::MAX)) as i8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::oware_boards;
    use protocol::rules::{GrandSlam, KalahParams, OwareParams, Variant};

    fn oware() -> Ruleset {
        Ruleset::default_for(Variant::Oware)
    }

    /// Along lines from every board of two and three seeds (each store
    /// split, either player to move by symmetry; `testing::oware_lines`),
    /// just after a capture and wherever a move would repeat a position
    /// since the capture (the value then depends on that history, which the
    /// database never saw), the exact value lies within the bounds, which
    /// are often one. The values are the search's without a database, which
    /// the search's own tests hold to plain minimax. Bounds that left out
    /// the settlement of a repetition fail here.
    #[test]
    fn the_bounds_hold_whatever_came_since_the_last_capture() {
        let (checked, could_repeat, exact) = check_bounds_along_lines(oware());
        assert!(checked >= 1_500, "only {checked} checked");
        assert!(
            could_repeat >= 500,
            "only {could_repeat} with a move that repeats"
        );
        assert!(exact >= 100, "only {exact} exact");
    }

    /// The same for Oware's other options: five seeds a house (so other
    /// store thresholds) and a grand slam that is illegal unless forced.
    #[test]
    fn the_bounds_hold_under_the_other_oware_rules() {
        let ruleset = Ruleset::Oware(
            OwareParams::new(5, GrandSlam::IllegalUnlessForced).expect("Oware with 5 seeds"),
        );
        let (checked, could_repeat, _) = check_bounds_along_lines(ruleset);
        assert!(checked >= 1_500, "only {checked} checked");
        assert!(
            could_repeat >= 500,
            "only {could_repeat} with a move that repeats"
        );
    }

    /// Check the bounds of a 3-seed database of `ruleset` against the search
    /// along `testing::oware_lines_of`: positions checked, those with a move
    /// that would repeat, and those whose bounds meet.
    fn check_bounds_along_lines(ruleset: Ruleset) -> (usize, usize, usize) {
        let database = OwareBounds::build(ruleset, 3, 1 << 20).expect("built");
        let mut searcher = crate::Searcher::new(crate::Table::with_bytes(1 << 20));
        let (mut checked, mut could_repeat, mut exact) = (0, 0, 0);
        crate::testing::oware_lines_of(ruleset, |game, ply, repeat_possible| {
            if ply > 0 && !repeat_possible {
                return;
            }
            searcher.set_since_capture(game.since_capture());
            let value = searcher.solve(game.position()).expect("a mover").value;
            let (lower, upper) = database.bounds(game.position()).expect("covered");
            assert!(
                lower <= value && value <= upper,
                "{ruleset}: {value} outside [{lower}, {upper}] for {:?} after {} positions",
                game.position().board(),
                game.since_capture().len()
            );
            checked += 1;
            could_repeat += usize::from(repeat_possible);
            exact += usize::from(lower == upper);
        });
        (checked, could_repeat, exact)
    }

    /// Boards that reach one another share a component; a board that only
    /// leads into a cycle, or only comes from one, has its own.
    #[test]
    fn components_are_the_sets_that_reach_one_another() {
        // 0 → 1 → 2 → 0, 3 → 0, 2 → 4.
        let first_edge = [0, 1, 2, 4, 5, 5];
        let edges = [(1, 0), (2, 0), (0, 0), (4, 0), (0, 0)];
        let component = components(5, &first_edge, &edges);
        assert_eq!(component[0], component[1]);
        assert_eq!(component[1], component[2]);
        assert_ne!(component[3], component[0]);
        assert_ne!(component[4], component[0]);
        assert_ne!(component[3], component[4]);
    }

    /// The database covers what it says and nothing else, and is only for
    /// Oware.
    #[test]
    fn it_covers_oware_positions_of_few_seeds_only() {
        let kalah = Ruleset::Kalah(KalahParams::default());
        assert_eq!(
            OwareBounds::build(kalah, 4, 1 << 20).err(),
            Some(EndgameError::NotOware(kalah))
        );
        assert!(crate::Endgames::new().bounds(kalah).is_none());
        assert!(matches!(
            OwareBounds::build(oware(), 8, 1000),
            Err(EndgameError::TooLarge { .. })
        ));
        let database = OwareBounds::build(oware(), 3, 1 << 20).expect("built");
        assert_eq!(
            database.bytes() as u64,
            2 * OwareBounds::entries(oware(), 3)
        );
        assert!(database.bounds(&Position::start(oware())).is_none());
        assert!(database.bounds(&Position::start(kalah)).is_none());
        for position in oware_boards(3) {
            let (lower, upper) = database.bounds(&position).expect("covered");
            let stores = crate::testing::store_difference(&position, Side::Player0);
            assert!(stores - 3 <= lower && lower <= upper && upper <= stores + 3);
        }
    }
}
