//! A whole game: the position plus what Oware's repetition rule must remember.

use super::event::{EndReason, MoveEvent, Recorder};
use super::moves::{Move, MoveError};
use super::position::{Position, Status, Sweep};
use super::ruleset::Ruleset;

/// The positions seen since the last capture (RULES.md §3, "Endless cycles"):
/// what Oware's repetition rule checks a move against, kept here so that
/// the rule exists once for every walker of the game tree.
///
/// A stack with a window: `positions[start..]` is the set that counts. Perft
/// and the engine's search walk the game tree with [`History::enter`] and
/// [`History::leave`]; a [`Game`] only ever enters and drops what a capture
/// makes irrelevant.
#[derive(Clone, Debug, Default)]
pub struct History {
    positions: Vec<Position>,
    start: usize,
}

/// What [`History::leave`] needs to undo an [`History::enter`].
#[derive(Clone, Copy, Debug)]
pub struct HistoryUndo {
    start: usize,
}

impl History {
    /// The history of a game that starts at `first` (which counts as seen).
    pub fn new(first: Position) -> History {
        History::since_capture(&[first])
    }

    /// The history of a game that has seen `positions` since its last
    /// capture, the latest last ([`Game::since_capture`]).
    pub fn since_capture(positions: &[Position]) -> History {
        History {
            positions: positions.to_vec(),
            start: 0,
        }
    }

    /// Record `position`, reached by a move that `captured` or not; true if it
    /// repeats a position seen since the last capture (the game ends there).
    /// A capture starts the set again with `position`.
    pub fn enter(&mut self, position: Position, captured: bool) -> (bool, HistoryUndo) {
        let undo = HistoryUndo { start: self.start };
        let repeated = self.repeats(&position, captured);
        if captured {
            self.start = self.positions.len();
        }
        self.positions.push(position);
        (repeated, undo)
    }

    /// Whether `position`, reached by a move that `captured` or not, repeats
    /// a position seen since the last capture (without recording it).
    pub fn repeats(&self, position: &Position, captured: bool) -> bool {
        !captured && self.set().contains(position)
    }

    /// Take back the last [`History::enter`].
    pub fn leave(&mut self, undo: HistoryUndo) {
        self.positions.pop();
        self.start = undo.start;
    }

    /// The positions seen since the last capture, the latest last.
    pub fn set(&self) -> &[Position] {
        &self.positions[self.start..]
    }

    /// Forget positions before the last capture: they can never repeat.
    fn compact(&mut self) {
        self.positions.drain(..self.start);
        self.start = 0;
    }
}

/// End `position` by repetition if `history` says it repeats. Shared by
/// [`Game`] and perft so the rule exists once.
pub(crate) fn apply_repetition<R: Recorder>(
    history: &mut History,
    position: &mut Position,
    captured: bool,
    rec: &mut R,
) -> HistoryUndo {
    let (repeated, undo) = history.enter(*position, captured);
    end_if_repeated(position, repeated, rec);
    undo
}

/// The game ends at a repeated position that is not over already.
fn end_if_repeated<R: Recorder>(position: &mut Position, repeated: bool, rec: &mut R) {
    if repeated && matches!(position.status(), Status::ToMove(_)) {
        position.end(EndReason::Repetition, Sweep::ToOwners, rec);
    }
}

/// A game in progress or finished: the full rules of RULES.md, including
/// Oware's repetition rule, and the moves played so far.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    history: Option<History>,
}

impl Game {
    /// A new game of `ruleset` from its opening position.
    pub fn new(ruleset: Ruleset) -> Game {
        Game::from_position(Position::start(ruleset))
    }

    /// A game that starts from `position` (which counts as already seen for
    /// the repetition rule).
    pub fn from_position(position: Position) -> Game {
        Game {
            start: position,
            position,
            moves: Vec::new(),
            history: position
                .ruleset()
                .tracks_repetition()
                .then(|| History::new(position)),
        }
    }

    /// Play `mv` for the side to move: the steps of the move, or why it is
    /// illegal (and nothing changes).
    pub fn play(&mut self, mv: Move) -> Result<Vec<MoveEvent>, MoveError> {
        let played = self.position.play(mv)?;
        let mut position = played.position;
        let mut events = played.events;
        if let Some(history) = &mut self.history {
            if position.to_move().is_some() {
                apply_repetition(history, &mut position, played.captured, &mut events);
            }
            if played.captured {
                history.compact();
            }
        }
        self.position = position;
        self.moves.push(mv);
        Ok(events)
    }

    /// The position `mv` would lead to, the repetition rule included,
    /// leaving the game as it is: for deciding what a move does before
    /// anything changes (a server stores a move before it plays it).
    pub fn position_after(&self, mv: Move) -> Result<Position, MoveError> {
        let mut position = self.position;
        let captured = position.play_in_place(mv)?;
        if let Some(history) = &self.history
            && position.to_move().is_some()
        {
            let repeated = history.repeats(&position, captured);
            end_if_repeated(&mut position, repeated, &mut super::event::NoEvents);
        }
        Ok(position)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rules of this game.
    pub fn ruleset(&self) -> Ruleset {
        self.position.ruleset()
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions seen since the last capture, the current one last:
    /// the set a move must not repeat under Oware's repetition rule, for
    /// searches that follow the rule from here. Empty for rules without it.
    pub fn since_capture(&self) -> &[Position] {
        self.history.as_ref().map_or(&[], History::set)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.position.to_move().is_none()
    }
}
