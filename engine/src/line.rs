//! Oware's repetition rule inside a search (RULES.md §3, "Endless cycles"):
//! the positions seen since the last capture along the line being searched,
//! starting from those the game itself has seen. A move that does not
//! capture into one of them ends the game there, each player keeping the
//! seeds on his side. A position's value then depends on which positions
//! came before it, so the table keys its entries on this set as well as on
//! the position ([`Line::context`], a hash of the set).

use protocol::rules::Position;
use std::hash::{Hash, Hasher};

/// The set the repetition rule checks, as a stack along the line searched:
/// `positions[start..]` counts, what lies before it was cut off by a
/// capture.
#[derive(Default)]
pub(crate) struct Line {
    /// Whether the rules searched have the repetition rule at all.
    tracks: bool,
    positions: Vec<Position>,
    /// Each position's [`mark`], to compare before the positions.
    marks: Vec<u64>,
    start: usize,
    /// The hash of the set (0 for rules without the rule).
    context: u64,
    /// What the caller said the game has seen since its last capture, for
    /// the next search of the last of them.
    given: Vec<Position>,
}

/// What [`Line::leave`] needs to undo a [`Line::enter`].
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    start: usize,
    context: u64,
}

/// Where a move leads on the line.
pub(crate) enum Step {
    /// To a position of the set: the game ends there.
    Repeats,
    /// Down the line, until [`Line::leave`] with this.
    Entered(Undo),
}

impl Line {
    /// The positions the game has seen since its last capture, the one to
    /// search last ([`protocol::rules::Game::since_capture`]).
    pub(crate) fn give(&mut self, since_capture: &[Position]) {
        self.given.clear();
        self.given.extend_from_slice(since_capture);
    }

    /// Start a search of `root`: the set is what was given if it ends with
    /// `root`, else `root` alone (as just after a capture).
    pub(crate) fn begin(&mut self, root: &Position) {
        self.tracks = root.ruleset().tracks_repetition();
        self.positions.clear();
        self.marks.clear();
        self.start = 0;
        self.context = 0;
        if !self.tracks {
            return;
        }
        if self.given.last() == Some(root) {
            self.positions.extend_from_slice(&self.given);
        } else {
            self.positions.push(*root);
        }
        self.marks.extend(self.positions.iter().map(mark));
        self.context = self.marks.iter().fold(0, |set, m| set ^ m);
    }

    /// Go down the line to `child`, reached by a move that `captured` or
    /// not, unless it repeats a position of the set (a capture starts the
    /// set again).
    pub(crate) fn enter(&mut self, child: &Position, captured: bool) -> Step {
        let undo = Undo {
            start: self.start,
            context: self.context,
        };
        if !self.tracks {
            return Step::Entered(undo);
        }
        let marked = mark(child);
        if captured {
            self.start = self.positions.len();
            self.context = 0;
        } else if (self.start..self.marks.len())
            .any(|i| self.marks[i] == marked && self.positions[i] == *child)
        {
            return Step::Repeats;
        }
        self.positions.push(*child);
        self.marks.push(marked);
        self.context ^= marked;
        Step::Entered(undo)
    }

    /// Come back up from an [`Line::enter`] that entered.
    pub(crate) fn leave(&mut self, undo: Undo) {
        if self.tracks {
            self.positions.pop();
            self.marks.pop();
        }
        self.start = undo.start;
        self.context = undo.context;
    }

    /// What, besides the position, a table entry found on this line must
    /// match: the hash of the set (0 for rules without the rule, so that
    /// every line shares an entry there).
    pub(crate) fn context(&self) -> u64 {
        self.context
    }
}

/// A position's share of the set's hash: its own hash, mixed well (the
/// set's hash is the exclusive or of its members').
fn mark(position: &Position) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    position.hash(&mut hasher);
    // The SplitMix64 finaliser, so that the members' bits do not cancel
    // in patterns.
    let mut z = hasher.finish().wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
