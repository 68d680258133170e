//! A plain-text picture of a position, as RULES.md draws it, in the
//! player's language, for `mancala replay`.

use crate::plain::game_end_words;
use crate::text::{Text, t};
use protocol::rules::{Position, Side, Status};
use std::fmt::Write;

/// The board from player 0's side: player 1's row on top (his house 1 on the
/// right), player 1's store on the left, player 0's on the right, house
/// numbers as players type them, a tuzdik as `X` (its stones go to its
/// owner's store), and whose turn it is. The labels are as wide as the
/// language's words need.
///
/// ```text
///         P1 house   6  5  4  3  2  1
///         P1 seeds   4  4  4  4  4  4
/// P1 store [ 0]                     [ 0] P0 store
///         P0 seeds   4  4  4  4  4  4
///         P0 house   1  2  3  4  5  6      (player 0 to move)
/// ```
pub fn diagram(text: &Text, position: &Position) -> String {
    let m = position.ruleset().houses();
    let cells = |values: &mut dyn Iterator<Item = String>| {
        values.fold(String::new(), |mut line, v| {
            let _ = write!(line, "{v:>3}");
            line
        })
    };
    let (top, bottom) = (Side::Player1, Side::Player0);
    let tuzdiks = position.tuzdiks();
    let seeds = |side: Side| -> Vec<String> {
        let tuzdik = tuzdiks[side.opponent().index()].map(usize::from);
        let row = position.row(side).iter().enumerate();
        row.map(|(i, &s)| match tuzdik == Some(i) {
            true => "X".to_owned(),
            false => s.to_string(),
        })
        .collect()
    };
    let numbers = |order: &mut dyn Iterator<Item = usize>| -> Vec<String> {
        order.map(|n| n.to_string()).collect()
    };
    let house = |side: Side| t!(text, "diagram-house", side = side.index());
    let row_seeds = |side: Side| t!(text, "diagram-seeds", side = side.index());
    let store = |side: Side| t!(text, "diagram-store", side = side.index());
    let left_store = format!("{} [{:>2}]", store(top), position.store(top));
    // The rows' cells start after the widest label; the left store ends
    // three columns before them, as RULES.md draws it.
    let width = [house(top), row_seeds(top), row_seeds(bottom), house(bottom)]
        .iter()
        .map(|label| label.chars().count())
        .chain([left_store.chars().count() + 3])
        .max()
        .unwrap_or_default();
    let status = match position.status() {
        Status::ToMove(side) => t!(text, "diagram-to-move", side = side.index()),
        Status::Over(reason) => t!(
            text,
            "diagram-over",
            reason = game_end_words(text, reason.into())
        ),
    };
    let mut out = String::new();
    let row = |out: &mut String, label: String, values: Vec<String>| {
        let _ = writeln!(out, "{label:>width$}{}", cells(&mut values.into_iter()));
    };
    row(&mut out, house(top), numbers(&mut (1..=m).rev()));
    row(
        &mut out,
        row_seeds(top),
        seeds(top).into_iter().rev().collect(),
    );
    let _ = writeln!(
        out,
        "{left_store:>left$}{}[{:>2}] {}",
        " ".repeat(3 * m + 3),
        position.store(bottom),
        store(bottom),
        left = width - 3,
    );
    row(&mut out, row_seeds(bottom), seeds(bottom));
    let _ = writeln!(
        out,
        "{:>width$}{}      {status}",
        house(bottom),
        cells(&mut numbers(&mut (1..=m)).into_iter())
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::rules::{Game, Ruleset, Variant};

    #[test]
    fn the_english_board_is_rules_mds() {
        let start = Position::start(Ruleset::default_for(Variant::Kalah));
        assert_eq!(
            diagram(&Text::of("en"), &start),
            "        P1 house  6  5  4  3  2  1\n\
             \x20       P1 seeds  4  4  4  4  4  4\n\
             P1 store [ 0]                     [ 0] P0 store\n\
             \x20       P0 seeds  4  4  4  4  4  4\n\
             \x20       P0 house  1  2  3  4  5  6      (player 0 to move)\n"
        );
    }

    #[test]
    fn longer_words_widen_the_labels_and_the_rows_stay_aligned() {
        let start = Position::start(Ruleset::default_for(Variant::Mangala));
        let board = diagram(&Text::of("ru"), &start);
        let lines: Vec<&str> = board.lines().collect();
        let cells_start = |line: &str| line.chars().count() - 18;
        assert_eq!(cells_start(lines[0]), cells_start(lines[1]), "{board}");
        assert_eq!(cells_start(lines[1]), cells_start(lines[3]), "{board}");
        // The right store's bracket opens where the rows' cells end.
        let store_line: Vec<char> = lines[2].chars().collect();
        assert_eq!(store_line[cells_start(lines[1]) + 18], '[', "{board}");
    }

    #[test]
    fn a_tuzdik_shows_as_x() {
        // Togyz Kumalak played by a fixed rule (the k-th legal move at ply
        // k) until someone has a tuzdik.
        let mut game = Game::new(Ruleset::default_for(Variant::TogyzKumalak));
        while game.position().tuzdiks().iter().all(Option::is_none) {
            let legal = game.position().legal_moves();
            assert!(!legal.is_empty(), "the game ended without a tuzdik");
            let mv = legal.nth(game.moves().len() % legal.len()).expect("a move");
            game.play(mv).expect("legal");
        }
        let board = diagram(&Text::of("en"), game.position());
        assert_eq!(board.matches(" X").count(), 1, "{board}");
    }
}
