//! Oware's repetition rule inside a search (RULES.md §3, "Endless cycles"):
//! the positions seen since the last capture along the line being searched,
//! starting from those the game itself has seen. A move that does not
//! capture into one of them ends the game there, each player keeping the
//! seeds on his side. A position's value then depends on which positions
//! came before it, so the table keys its entries on this set as well as on
//! the position ([`Line::context`], a hash of the set).

use protocol::rules::{History, HistoryUndo, Position};
use std::hash::{Hash, Hasher};

/// The set the repetition rule checks along the line searched: the rules
/// engine's own [`History`] (so that the rule exists once), and the hash of
/// the set that the table keys on.
#[derive(Default)]
pub(crate) struct Line {
    /// `None` for rules without the repetition rule.
    history: Option<History>,
    /// The hash of the set (0 for rules without the rule).
    context: u64,
    /// What the caller said the game has seen since its last capture, for
    /// the next search of the last of them.
    given: Vec<Position>,
}

/// What [`Line::leave`] needs to undo a [`Line::enter`].
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    history: Option<HistoryUndo>,
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
        self.history = None;
        self.context = 0;
        if !root.ruleset().tracks_repetition() {
            return;
        }
        let set = if self.given.last() == Some(root) {
            &self.given[..]
        } else {
            std::slice::from_ref(root)
        };
        self.context = set.iter().map(mark).fold(0, |set, m| set ^ m);
        self.history = Some(History::since_capture(set));
    }

    /// Go down the line to `child`, reached by a move that `captured` or
    /// not, unless it repeats a position of the set (a capture starts the
    /// set again).
    pub(crate) fn enter(&mut self, child: &Position, captured: bool) -> Step {
        let context = self.context;
        let Some(history) = &mut self.history else {
            return Step::Entered(Undo {
                history: None,
                context,
            });
        };
        let (repeats, undo) = history.enter(*child, captured);
        if repeats {
            history.leave(undo);
            return Step::Repeats;
        }
        let marked = mark(child);
        self.context = if captured { marked } else { context ^ marked };
        Step::Entered(Undo {
            history: Some(undo),
            context,
        })
    }

    /// Come back up from an [`Line::enter`] that entered.
    pub(crate) fn leave(&mut self, undo: Undo) {
        if let (Some(history), Some(entered)) = (&mut self.history, undo.history) {
            history.leave(entered);
        }
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
