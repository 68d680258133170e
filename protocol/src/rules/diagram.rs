//! A plain-text picture of a position, as RULES.md draws it, for terminals and logs.

use super::position::{Position, Status};
use super::side::Side;
use std::fmt::Write;

/// The board from player 0's side: player 1's row on top (his house 1 on the
/// right), player 1's store on the left, player 0's on the right, house
/// numbers as players type them, and whose turn it is.
///
/// ```text
///         P1 house   6  5  4  3  2  1
///         P1 seeds   4  4  4  4  4  4
/// P1 store [ 0]                     [ 0] P0 store
///         P0 seeds   4  4  4  4  4  4
///         P0 house   1  2  3  4  5  6      (player 0 to move)
/// ```
pub fn diagram(position: &Position) -> String {
    let m = position.ruleset().houses();
    let cells = |values: &mut dyn Iterator<Item = usize>| {
        values.fold(String::new(), |mut line, v| {
            let _ = write!(line, "{v:>3}");
            line
        })
    };
    let top = Side::Player1;
    let bottom = Side::Player0;
    let status = match position.status() {
        Status::ToMove(side) => format!("({side} to move)"),
        Status::Over(reason) => format!("(game over: {reason})"),
    };
    let mut out = String::new();
    let _ = writeln!(out, "        P1 house{}", cells(&mut (1..=m).rev()));
    let _ = writeln!(
        out,
        "        P1 seeds{}",
        cells(&mut position.row(top).iter().rev().map(|&s| s.into()))
    );
    let _ = writeln!(
        out,
        "P1 store [{:>2}]{}[{:>2}] P0 store",
        position.store(top),
        " ".repeat(3 * m + 3),
        position.store(bottom)
    );
    let _ = writeln!(
        out,
        "        P0 seeds{}",
        cells(&mut position.row(bottom).iter().map(|&s| s.into()))
    );
    let _ = writeln!(out, "        P0 house{}      {status}", cells(&mut (1..=m)));
    out
}
