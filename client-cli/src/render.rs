//! Drawing the lobby and a match with ratatui. Pure functions of the model,
//! tested against ratatui's test backend.

use crate::model::{FinishedGame, MatchView, Model};
use crate::plain::{points, rated_suffix, time_text};
use crate::text::{Text, t};
use protocol::rules::{Pit, Side};
use protocol::wire::{ChatRoom, GameEndReason, MatchEndReason, Seat, ServerMsg};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use std::time::Instant;

/// Keys shown under a match whose rows have `houses` houses.
pub fn match_keys(text: &Text, houses: usize) -> String {
    t!(text, "match-keys", houses = houses)
}

/// `m:ss`, or days and hours for correspondence.
pub fn clock_text(ms: u64) -> String {
    let secs = ms / 1000;
    if secs >= 86_400 {
        format!("{}d {:02}h", secs / 86_400, (secs % 86_400) / 3600)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, (secs % 3600) / 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// The lobby: players online, open seeks, live matches, challenges waiting.
/// `selected` indexes seeks then matches.
pub fn draw_lobby(
    frame: &mut Frame<'_>,
    area: Rect,
    text: &Text,
    model: &Model,
    selected: usize,
    notes: Notes<'_>,
) {
    let mut lines = Vec::new();
    let me = model.me.as_ref().map_or("-", |m| m.name.as_str());
    lines.push(Line::from(t!(
        text,
        "lobby-signed-in",
        name = me,
        count = model.lobby.online
    )));
    let mut row = 0;
    let mark = |row: usize| if row == selected { "> " } else { "  " };
    let heading = |words: String| Line::styled(words, Style::new().add_modifier(Modifier::BOLD));
    for challenge in &model.challenges {
        lines.push(Line::styled(
            format!(
                "{}{}",
                mark(row),
                t!(
                    text,
                    "lobby-challenge",
                    challenge = challenge.challenge_id.0,
                    name = &challenge.from.name,
                    ruleset = challenge.settings.ruleset.to_string(),
                    games = challenge.settings.games,
                    time = time_text(text, challenge.settings.time_control)
                )
            ),
            Style::new().fg(Color::Yellow),
        ));
        row += 1;
    }
    if let Some(settings) = &model.in_pool {
        lines.push(Line::styled(
            format!(
                "  {}",
                t!(
                    text,
                    "lobby-in-pool",
                    variant = settings.ruleset.variant().to_string(),
                    games = settings.games,
                    time = time_text(text, settings.time_control)
                )
            ),
            Style::new().fg(Color::Cyan),
        ));
    }
    for seek in &model.my_seeks {
        lines.push(Line::styled(
            format!(
                "  {}",
                t!(
                    text,
                    "lobby-my-seek",
                    seek = seek.seek_id.0,
                    variant = seek.settings.ruleset.variant().to_string(),
                    games = seek.settings.games,
                    time = time_text(text, seek.settings.time_control)
                )
            ),
            Style::new().fg(Color::Cyan),
        ));
    }
    for challenge in &model.sent_challenges {
        lines.push(Line::from(format!(
            "  {}",
            t!(
                text,
                "lobby-sent-challenge",
                challenge = challenge.challenge_id.0,
                name = &challenge.to.name
            )
        )));
    }
    let mine = model.my_live_matches();
    if !mine.is_empty() {
        lines.push(Line::from(""));
        lines.push(heading(t!(text, "lobby-your-matches")));
        for view in &mine {
            let opponent = view.me.map_or(Seat::One, Seat::opponent);
            let turn = if view.my_turn() {
                format!("   {}", t!(text, "lobby-your-move"))
            } else {
                String::new()
            };
            lines.push(Line::styled(
                format!(
                    "{}#{:<4} {} {:<12} {} {}{turn}",
                    mark(row),
                    view.id,
                    t!(text, "lobby-vs"),
                    view.players[opponent.index()].name,
                    view.settings.ruleset.variant(),
                    t!(
                        text,
                        "lobby-game-of",
                        game = view.game,
                        games = view.settings.games
                    )
                ),
                Style::new().fg(Color::Green),
            ));
            row += 1;
        }
    }
    lines.push(Line::from(""));
    lines.push(heading(t!(text, "lobby-open-seeks")));
    if model.lobby.seeks.is_empty() {
        lines.push(Line::from(format!("  {}", t!(text, "lobby-none"))));
    }
    for seek in &model.lobby.seeks {
        let (rating, rated) = crate::plain::seek_rating(text, seek);
        lines.push(Line::from(format!(
            "{}#{:<4} {:<20} {:<40} {}, {}{rated}",
            mark(row),
            seek.seek_id,
            format!("{}{rating}", seek.by.name),
            seek.settings.ruleset.to_string(),
            t!(text, "lobby-games", games = seek.settings.games),
            time_text(text, seek.settings.time_control)
        )));
        row += 1;
    }
    if !model.tournaments.is_empty() {
        lines.push(Line::from(""));
        lines.push(heading(t!(text, "lobby-tournaments")));
        for line in crate::tournaments::list_text(text, &model.tournaments).lines() {
            lines.push(Line::from(format!("  {line}")));
        }
    }
    lines.push(Line::from(""));
    lines.push(heading(t!(text, "lobby-live-matches")));
    let others: Vec<_> = model
        .lobby
        .matches
        .iter()
        .filter(|m| !mine.iter().any(|v| v.id == m.match_id))
        .collect();
    if others.is_empty() {
        lines.push(Line::from(format!("  {}", t!(text, "lobby-none"))));
    }
    for m in others {
        lines.push(Line::from(format!(
            "{}#{:<4} {} {} - {} {}   {} {}   {}",
            mark(row),
            m.match_id,
            m.players[0].name,
            points(text, m.points[0]),
            points(text, m.points[1]),
            m.players[1].name,
            m.settings.ruleset.variant(),
            t!(
                text,
                "lobby-game-of",
                game = m.game,
                games = m.settings.games
            ),
            t!(text, "lobby-watching", count = m.spectators)
        )));
        row += 1;
    }
    let [body, foot] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(area);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(t!(text, "lobby-title")),
        ),
        body,
    );
    let keys = t!(text, "lobby-keys");
    footer(frame, foot, text, &keys, notes.status, notes.error);
}

fn footer(
    frame: &mut Frame<'_>,
    area: Rect,
    text: &Text,
    keys: &str,
    status: &str,
    error: Option<&str>,
) {
    let mut lines = vec![Line::styled(keys, Style::new().fg(Color::DarkGray))];
    if !status.is_empty() {
        lines.push(Line::from(status.to_owned()));
    } else if let Some(error) = error {
        lines.push(Line::styled(
            t!(text, "error-status", message = error),
            Style::new().fg(Color::Red),
        ));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

/// The style of a pit: sown by the last move, captured, or selected.
fn pit_style(view: &MatchView, pit: Pit, selected: bool) -> Style {
    let mut style = Style::new();
    if let Some(last) = &view.last_move {
        let played = last
            .seat
            .map(|seat| Pit::House(view.side_of(seat), last.house.saturating_sub(1)));
        if played == Some(pit) {
            style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
        }
        if last.captured.contains(&pit) {
            style = style.fg(Color::Red).add_modifier(Modifier::BOLD);
        } else if last.sown.contains(&pit) {
            style = style.fg(Color::Yellow);
        }
    }
    if selected {
        style = style.add_modifier(Modifier::REVERSED);
    }
    style
}

/// The board lines from `bottom`'s side: the opponent's row on top (his
/// house 1 on the right), the stores at the ends (one's own on the right),
/// one's own row below with the numbers one types.
pub fn board_lines(
    text: &Text,
    view: &MatchView,
    bottom: Seat,
    selected: Option<u8>,
) -> Vec<Line<'static>> {
    let m = view.settings.ruleset.houses();
    let top = bottom.opponent();
    let (bottom_side, top_side) = (view.side_of(bottom), view.side_of(top));
    let cell = |side: Side, i: usize, sel: bool| {
        let seeds = view.board.houses[side.index()].get(i).copied().unwrap_or(0);
        // Togyz Kumalak: a house of this row that is the other player's
        // tuzdik (its stones go to his store) shows an X.
        let tuzdik = view.board.tuzdik[side.opponent().index()] == Some(i as u8);
        let shown = if tuzdik {
            "[ X]".to_owned()
        } else {
            format!("[{seeds:>2}]")
        };
        let mut style = pit_style(view, Pit::House(side, i as u8), sel);
        if tuzdik {
            style = style.fg(Color::Magenta).add_modifier(Modifier::BOLD);
        }
        Span::styled(shown, style)
    };
    let numbers = |order: Vec<usize>| {
        let mut row = String::from("      ");
        for i in order {
            row.push_str(&format!(" {:>2}  ", i + 1));
        }
        Line::from(row.trim_end().to_owned())
    };
    let row = |side: Side, order: Vec<usize>, mine: bool| {
        let mut spans = vec![Span::raw("      ")];
        for i in order {
            let sel = mine && selected == Some(i as u8 + 1);
            spans.push(cell(side, i, sel));
            spans.push(Span::raw(" "));
        }
        Line::from(spans)
    };
    let store = |side: Side| {
        Span::styled(
            format!("[{:>2}]", view.board.stores[side.index()]),
            pit_style(view, Pit::Store(side), false),
        )
    };
    // Between the stores, whose each is: the top player's on the left.
    let name = |seat: Seat| view.players[seat.index()].name.as_str();
    let mine = if view.me == Some(bottom) {
        t!(text, "your-store")
    } else {
        t!(text, "store-of", name = name(bottom))
    };
    let labels = format!("◀ {}   {mine} ▶", t!(text, "store-of", name = name(top)));
    let width = 5 * m + 2;
    let gap = if labels.chars().count() + 2 <= width {
        format!("{labels:^width$}")
    } else {
        " ".repeat(width)
    };
    vec![
        numbers((0..m).rev().collect()),
        row(top_side, (0..m).rev().collect(), false),
        Line::from(vec![store(top_side), Span::raw(gap), store(bottom_side)]),
        row(bottom_side, (0..m).collect(), true),
        numbers((0..m).collect()),
    ]
}

/// What the footer says under the keys: the status line, else the last
/// refusal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Notes<'a> {
    /// What is going on (a question, a reconnection, what happened).
    pub status: &'a str,
    /// The server's last refusal.
    pub error: Option<&'a str>,
}

/// A match: players, clocks and score above, the board from the viewer's
/// side, whose turn it is or how it ended, the chat, and the keys.
pub fn draw_match(
    frame: &mut Frame<'_>,
    area: Rect,
    text: &Text,
    view: &MatchView,
    now: Instant,
    selected: Option<u8>,
    notes: Notes<'_>,
) {
    let bottom = view.me.unwrap_or(Seat::Zero);
    let top = bottom.opponent();
    let clocks = view.clocks_now(now);
    let player_line = |seat: Seat| {
        let name = &view.players[seat.index()].name;
        let rating = view
            .ratings
            .map(|ratings| format!(" ({})", ratings[seat.index()]))
            .unwrap_or_default();
        let name = format!("{name}{rating}");
        let clock = clocks
            .map(|c| format!("  {}", clock_text(c.remaining_ms[seat.index()])))
            .unwrap_or_default();
        let turn = match clocks.and_then(|c| c.first_move_ms) {
            Some(ms) if view.to_move == Some(seat) => {
                format!(
                    "  {}",
                    t!(text, "to-move-first", seconds = ms.div_ceil(1000))
                )
            }
            _ if view.to_move == Some(seat) => format!("  {}", t!(text, "to-move")),
            _ => String::new(),
        };
        let away = if view.present[seat.index()] {
            String::new()
        } else {
            format!("  {}", t!(text, "away"))
        };
        let style = if view.to_move == Some(seat) {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        Line::styled(
            format!(
                "{name} — {}{clock}{turn}{away}",
                crate::plain::points_with_unit(text, view.points[seat.index()])
            ),
            style,
        )
    };
    let mut lines = vec![
        Line::from(t!(
            text,
            "match-header",
            match_id = view.id.0,
            ruleset = view.settings.ruleset.to_string(),
            game = view.game,
            games = view.settings.games,
            time = format!(
                "{}{}",
                time_text(text, view.settings.time_control),
                rated_suffix(text, view.settings.rated)
            ),
            watching = view.spectators
        )),
        Line::from(""),
        player_line(top),
    ];
    lines.extend(board_lines(text, view, bottom, selected));
    lines.push(player_line(bottom));
    lines.push(Line::from(""));
    // The status wraps (an offer's text runs long) instead of being cut.
    let status_line = status_text(text, view);
    let inner_width = usize::from(area.width.saturating_sub(2)).max(1);
    // Words move whole to the next row, so leave one row of slack.
    let status_rows = status_line.chars().count().div_ceil(inner_width).max(1)
        + usize::from(status_line.chars().count() > inner_width);
    // On a small screen the blank lines go first, then the chat box (an
    // empty one never takes rows from the board), then the frame's sides
    // (the board is as wide as 40 columns) and its top and bottom.
    let footer_rows: usize = 3;
    let board_width = 5 * view.settings.ruleset.houses() + 10;
    let mut borders = Borders::ALL;
    if usize::from(area.width) < board_width + 2 {
        borders = Borders::TOP | Borders::BOTTOM;
    }
    let height = usize::from(area.height);
    if lines.len() + status_rows + 2 + footer_rows > height {
        lines.retain(|line| line.width() > 0);
    }
    if lines.len() + status_rows + 2 + footer_rows > height {
        borders = Borders::NONE;
    }
    let frame_rows = if borders.contains(Borders::TOP) { 2 } else { 0 };
    let body_rows = lines.len() + status_rows + frame_rows;
    let chat_rows = if view.chat.is_empty() || body_rows + footer_rows + 3 > height {
        Constraint::Length(0)
    } else {
        Constraint::Min(3)
    };
    let [body, chat, foot] = Layout::vertical([
        Constraint::Length(body_rows as u16),
        chat_rows,
        Constraint::Length(footer_rows as u16),
    ])
    .areas(area);
    let block = Block::default().borders(borders);
    let inside = block.inner(body);
    frame.render_widget(block, body);
    let [board_area, status_area] =
        Layout::vertical([Constraint::Length(lines.len() as u16), Constraint::Min(1)])
            .areas(inside);
    frame.render_widget(Paragraph::new(lines), board_area);
    frame.render_widget(
        Paragraph::new(status_line).wrap(Wrap { trim: true }),
        status_area,
    );
    let chat_lines: Vec<Line> = view
        .chat
        .iter()
        .rev()
        .take(chat.height.saturating_sub(2) as usize)
        .rev()
        .map(|(room, name, said)| {
            let tag = match room {
                ChatRoom::Players => String::new(),
                ChatRoom::Spectators => t!(text, "chat-spectator"),
            };
            Line::from(format!("{tag}{name}: {said}"))
        })
        .collect();
    frame.render_widget(
        Paragraph::new(chat_lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(t!(text, "chat-title")),
        ),
        chat,
    );
    let keys = match view.me {
        Some(_) => match_keys(text, view.settings.ruleset.houses()),
        None => t!(text, "spectator-keys"),
    };
    footer(frame, foot, text, &keys, notes.status, notes.error);
}

/// The end of a game, shown before the next one: the final position, the
/// result and why, each store beside its owner, and the match's games so far.
pub fn draw_result(
    frame: &mut Frame<'_>,
    area: Rect,
    text: &Text,
    view: &MatchView,
    finished: &FinishedGame,
) {
    let bottom = view.me.unwrap_or(Seat::Zero);
    let top = bottom.opponent();
    let name = |seat: Seat| view.players[seat.index()].name.as_str();
    let stores = finished.stores();
    let winner = |game: &FinishedGame| match game.outcome.winner {
        Some(seat) => name(seat).to_owned(),
        None => t!(text, "result-table-draw"),
    };
    let result = match finished.outcome.winner {
        Some(seat) => t!(
            text,
            "result-game-won",
            name = name(seat),
            game = finished.game
        ),
        None => t!(text, "result-game-drawn", game = finished.game),
    };
    let mut lines = vec![
        Line::from(t!(
            text,
            "result-heading",
            game = finished.game,
            games = view.settings.games,
            match_id = view.id.0
        )),
        Line::from(""),
    ];
    if let Some(board) = &finished.board {
        let final_view = MatchView {
            board: board.clone(),
            first: finished.first,
            last_move: None,
            ..view.clone()
        };
        lines.push(Line::from(name(top).to_owned()));
        lines.extend(board_lines(text, &final_view, bottom, None));
        lines.push(Line::from(name(bottom).to_owned()));
        lines.push(Line::from(""));
    }
    lines.push(Line::styled(
        t!(
            text,
            "result-line",
            result = result,
            reason = crate::plain::game_end_words(text, finished.outcome.reason),
            a = name(Seat::Zero),
            sa = stores[0],
            b = name(Seat::One),
            sb = stores[1]
        ),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    lines.push(Line::from(""));
    let (a, b) = (name(Seat::Zero), name(Seat::One));
    let (game_word, first_word) = (
        t!(text, "result-table-game"),
        t!(text, "result-table-first"),
    );
    let width = a
        .chars()
        .count()
        .max(b.chars().count())
        .max(first_word.chars().count())
        .max(5);
    let number_width = game_word.chars().count().max(4);
    lines.push(Line::from(format!(
        "{game_word:<n$}  {first_word:<w$}  {a:>w$}  {b:>w$}  {}",
        t!(text, "result-table-winner"),
        w = width,
        n = number_width
    )));
    for game in &view.results {
        let s = game.stores();
        lines.push(Line::from(format!(
            "{:>n$}  {:<w$}  {:>w$}  {:>w$}  {}",
            game.game,
            name(game.first),
            s[0],
            s[1],
            winner(game),
            w = width,
            n = number_width
        )));
    }
    lines.push(Line::from(t!(
        text,
        "result-points",
        a = a,
        pa = points(text, view.points[0]),
        b = b,
        pb = points(text, view.points[1])
    )));
    let [body, foot] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(area);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(t!(text, "result-title")),
        ),
        body,
    );
    footer(frame, foot, text, &t!(text, "any-key-go-on"), "", None);
}

/// What a game's or match's end means in words, for the status line:
/// "you resigned game 3", "ann forfeited the match"; `None` for the ends the
/// board already shows (a side emptied, no move left).
pub fn what_happened(text: &Text, msg: &ServerMsg, view: &MatchView) -> Option<String> {
    let who = |seat: Seat| {
        if view.me == Some(seat) {
            t!(text, "you")
        } else {
            view.players[seat.index()].name.clone()
        }
    };
    match msg {
        ServerMsg::GameEnded { game, outcome, .. } => {
            let loser = outcome.winner.map(Seat::opponent);
            Some(match (outcome.reason, loser) {
                (GameEndReason::Resign, Some(l)) => {
                    t!(text, "told-resigned", who = who(l), game = *game)
                }
                (GameEndReason::Timeout, Some(l)) => {
                    t!(text, "told-timeout", who = who(l), game = *game)
                }
                (GameEndReason::Abandoned, Some(l)) => {
                    t!(text, "told-abandoned", who = who(l), game = *game)
                }
                (GameEndReason::NoStart, Some(l)) => {
                    t!(text, "told-no-start", who = who(l), game = *game)
                }
                (GameEndReason::Claimed, Some(l)) => {
                    t!(text, "told-claimed", who = who(l), game = *game)
                }
                (GameEndReason::DrawAgreed, _) => t!(text, "told-draw-agreed", game = *game),
                _ => return None,
            })
        }
        ServerMsg::MatchEnded {
            reason,
            winner,
            ratings,
            ..
        } => {
            let ended = match (reason, winner) {
                (MatchEndReason::Forfeit, Some(winner)) => {
                    Some(t!(text, "told-forfeited", who = who(winner.opponent())))
                }
                (MatchEndReason::Aborted, _) => Some(t!(text, "told-aborted")),
                _ => None,
            };
            let ratings = ratings
                .as_ref()
                .map(|changes| crate::plain::ratings_text(text, view, changes));
            match (ended, ratings) {
                (Some(ended), Some(ratings)) => Some(format!("{ended}; {ratings}")),
                (ended, ratings) => ended.or(ratings),
            }
        }
        _ => None,
    }
}

/// The command list over the whole screen (it does not fit a status line).
pub fn draw_help(frame: &mut Frame<'_>, area: Rect, text: &Text) {
    let [body, foot] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(area);
    let lines: Vec<Line> = crate::commands::help(text)
        .lines()
        .map(|line| Line::from(line.to_owned()))
        .collect();
    frame.render_widget(ratatui::widgets::Clear, body);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(t!(text, "help-title")),
        ),
        body,
    );
    footer(frame, foot, text, &t!(text, "help-close"), "", None);
}

/// Whose turn, or how the game or match ended, and pending offers.
pub fn status_text(text: &Text, view: &MatchView) -> String {
    let name = |seat: Seat| view.players[seat.index()].name.clone();
    if let Some((reason, winner)) = view.ended {
        let result = match winner {
            Some(seat) => t!(text, "status-match-won", name = name(seat)),
            None => t!(text, "status-match-drawn"),
        };
        let rematch = match view.rematch_offer {
            Some(seat) if view.me == Some(seat.opponent()) => {
                t!(text, "status-rematch-offered-to-you", name = name(seat))
            }
            Some(seat) if view.me.is_none() => {
                t!(text, "status-rematch-offered", name = name(seat))
            }
            Some(_) => t!(text, "status-you-offered-rematch"),
            None => String::new(),
        };
        return t!(
            text,
            "status-match-over",
            reason = crate::plain::match_end_words(text, reason),
            a = name(Seat::Zero),
            pa = points(text, view.points[0]),
            pb = points(text, view.points[1]),
            b = name(Seat::One),
            result = result,
            rematch = rematch
        );
    }
    let mut status = match view.to_move {
        Some(seat) if view.me == Some(seat) => {
            let houses: Vec<String> = view.legal_houses().iter().map(u8::to_string).collect();
            t!(text, "status-your-move", houses = houses.join(" "))
        }
        Some(seat) => t!(text, "status-to-move", name = name(seat)),
        None => t!(text, "status-between-games"),
    };
    if let Some(last) = &view.last_move
        && let Some(seat) = last.seat
    {
        let (captures, again) =
            crate::plain::move_details(text, last.captured_seeds, last.extra_turn);
        status.push_str(&t!(
            text,
            "status-last",
            name = name(seat),
            house = last.house,
            captures = captures,
            again = again
        ));
    }
    match view.draw_offer {
        Some(seat) if view.me == Some(seat.opponent()) => {
            status.push_str(&t!(text, "status-draw-offered-to-you", name = name(seat)))
        }
        Some(seat) if view.me.is_none() => {
            status.push_str(&t!(text, "status-draw-offered", name = name(seat)))
        }
        Some(_) => status.push_str(&t!(text, "status-you-offered-draw")),
        None => {}
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LobbyView;
    use crate::model::sample::{mid_game, player};
    use protocol::rules::{Board, Ruleset, Variant};
    use protocol::wire::{
        GameEndReason, GameOutcome, MatchEndReason, MatchId, MatchSettings, MatchSummary, SeekId,
        SeekInfo,
    };
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn screen(width: u16, height: u16, draw: impl FnOnce(&mut Frame<'_>)) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
        terminal.draw(draw).expect("draw");
        let buffer = terminal.backend().buffer().clone();
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buffer[(x, y)].symbol().to_owned())
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .collect()
    }

    #[test]
    fn the_lobby_lists_seeks_and_matches() {
        let model = Model {
            me: Some(player(1, "eve")),
            lobby: LobbyView {
                seeks: vec![SeekInfo {
                    seek_id: SeekId(17),
                    by: player(5, "ann"),
                    settings: MatchSettings {
                        time_control: protocol::wire::TimeControl::RealTime {
                            initial_ms: 300_000,
                            increment_ms: 3_000,
                        },
                        rated: true,
                        ..MatchSettings::default()
                    },
                    rating: Some(protocol::wire::ShownRating {
                        rating: 1587.4,
                        deviation: 187.0,
                        provisional: true,
                    }),
                    rating_range: None,
                }],
                matches: vec![MatchSummary {
                    match_id: MatchId(31),
                    players: [player(5, "ann"), player(6, "bob")],
                    ratings: None,
                    settings: MatchSettings::default(),
                    points: [1.5, 0.5],
                    game: 3,
                    spectators: 4,
                }],
                online: 12,
            },
            ..Model::default()
        };
        let lines = screen(100, 14, |f| {
            draw_lobby(f, f.area(), &Text::english(), &model, 1, Notes::default())
        });
        assert_eq!(
            lines[1],
            "│Signed in as eve. 12 players online.                                                              │"
        );
        assert_eq!(lines[3].trim_end_matches(['│', ' ']), "│Open seeks");
        assert_eq!(
            lines[4].trim_end_matches(['│', ' ']),
            "│  #17   ann (1587?)          mangala                                  5 games, 5+3, rated"
        );
        assert_eq!(
            lines[7].trim_end_matches(['│', ' ']),
            "│> #31   ann 1.5 - 0.5 bob   mangala game 3/5   4 watching"
        );
        assert!(lines[11].starts_with("↑↓ select"), "{}", lines[11]);
    }

    #[test]
    fn the_lobby_shows_the_tournaments_on_or_coming() {
        let arena: protocol::wire::TournamentView = serde_json::from_value(serde_json::json!({
            "tournament_id": 80, "name": "Friday arena", "format": "arena", "director": {"id": 5, "name": "ann"},
            "settings": {"ruleset": {"variant": "mangala", "params": {}}, "games": 1, "stop_when_decided": false,
                         "time_control": {"kind": "real_time", "initial_ms": 180000, "increment_ms": 2000}, "rated": false},
            "rounds": 0, "starts_at_ms": 0, "ends_at_ms": 3600000, "between_rounds_ms": 60000,
            "stage": "playing", "next_round_at_ms": null, "standings": [], "rounds_played": [],
            "leaderboard": [], "arena_matches": []
        }))
        .expect("an arena");
        let model = Model {
            me: Some(player(1, "eve")),
            tournaments: vec![arena],
            ..Model::default()
        };
        let lines = screen(100, 14, |f| {
            draw_lobby(f, f.area(), &Text::english(), &model, 0, Notes::default())
        });
        let at = lines
            .iter()
            .position(|l| l.starts_with("│Tournaments (join T to enter"))
            .expect("the tournaments' heading");
        assert_eq!(
            lines[at + 1].trim_end_matches(['│', ' ']),
            "│  #80 Friday arena · arena, 60 min · mangala, 1 game, 3+2 · under way · 0 players"
        );
    }

    #[test]
    fn the_end_of_a_game_shows_the_final_position_the_result_and_the_games_so_far() {
        let mut view = mid_game(Some(Seat::Zero));
        // Game 2 (bob moved first) ended: bob's store 27 (rules side 0), ann's 21.
        let finished = FinishedGame {
            game: 2,
            first: Seat::One,
            outcome: GameOutcome {
                reason: GameEndReason::SideEmpty,
                winner: Some(Seat::One),
                stores: [27, 21],
            },
            board: Some(Board::new([vec![0; 6], vec![0; 6]], [27, 21], None)),
        };
        view.results.push(finished.clone());
        view.points = [1.0, 1.0];
        let lines = screen(70, 24, |f| {
            draw_result(f, f.area(), &Text::english(), &view, &finished)
        });
        let text: Vec<&str> = lines
            .iter()
            .map(|l| l.trim_end_matches(['│', ' ']))
            .collect();
        assert_eq!(text[1], "│Game 2 of 5 is over · match 31", "{lines:#?}");
        // Ann's view: bob's row and store on top and left, hers below and right.
        assert_eq!(text[3], "│bob");
        assert_eq!(text[6], "│[27]  ◀ bob's store   your store ▶  [21]");
        assert_eq!(text[9], "│ann");
        assert_eq!(
            text[11],
            "│bob wins game 2 (side_empty) · stores: ann 21, bob 27"
        );
        assert_eq!(text[13], "│game  first    ann    bob  winner");
        assert_eq!(text[14], "│   1  ann       26     22  ann");
        assert_eq!(text[15], "│   2  bob       21     27  bob");
        assert_eq!(text[16], "│points: ann 1, bob 1");
        assert!(lines[21].starts_with("any key: go on"), "{lines:#?}");
    }

    #[test]
    fn ends_are_told_in_words_naming_who_did_it() {
        let view = mid_game(Some(Seat::Zero));
        let game_end = |reason, winner| ServerMsg::GameEnded {
            match_id: MatchId(31),
            version: 41,
            game: 3,
            outcome: GameOutcome {
                reason,
                winner: Some(winner),
                stores: [0, 0],
            },
            points: [0.0, 0.0],
            clocks: None,
        };
        let told = |msg: &ServerMsg| what_happened(&Text::english(), msg, &view);
        assert_eq!(
            told(&game_end(GameEndReason::Resign, Seat::One)).as_deref(),
            Some("you resigned game 3")
        );
        assert_eq!(
            told(&game_end(GameEndReason::Timeout, Seat::Zero)).as_deref(),
            Some("bob ran out of time in game 3")
        );
        assert_eq!(told(&game_end(GameEndReason::SideEmpty, Seat::Zero)), None);
        let forfeit = ServerMsg::MatchEnded {
            match_id: MatchId(31),
            version: 42,
            reason: MatchEndReason::Forfeit,
            points: [5.0, 0.0],
            winner: Some(Seat::Zero),
            ratings: None,
        };
        assert_eq!(told(&forfeit).as_deref(), Some("bob forfeited the match"));
        let rated = ServerMsg::MatchEnded {
            match_id: MatchId(31),
            version: 42,
            reason: MatchEndReason::Completed,
            points: [3.0, 2.0],
            winner: Some(Seat::Zero),
            ratings: Some([
                protocol::wire::RatingChange {
                    before: 1500.0,
                    after: 1587.4,
                    deviation: 187.0,
                    provisional: true,
                },
                protocol::wire::RatingChange {
                    before: 1612.2,
                    after: 1540.9,
                    deviation: 95.0,
                    provisional: false,
                },
            ]),
        };
        let text = told(&rated).expect("a rated end is told");
        assert!(
            text.ends_with("1500 → 1587? (+87), bob 1612 → 1541 (-71)"),
            "{text}"
        );
    }

    #[test]
    fn offers_say_how_to_answer_and_wrap_at_the_edge() {
        let now = Instant::now();
        let mut view = mid_game(Some(Seat::One));
        view.draw_offer = Some(Seat::Zero);
        assert!(
            status_text(&Text::english(), &view)
                .ends_with("ann offers a draw: press d to accept, or play on"),
            "{}",
            status_text(&Text::english(), &view)
        );
        let lines = screen(80, 24, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &view,
                now,
                None,
                Notes::default(),
            )
        });
        // At 80 columns the offer wraps onto a second row, whole.
        let rows: Vec<&str> = lines.iter().map(|l| l.trim_matches(['│', ' '])).collect();
        let at = rows
            .iter()
            .position(|r| r.starts_with("ann to move"))
            .expect("the status row");
        assert_eq!(
            format!("{} {}", rows[at], rows[at + 1]),
            "ann to move · last: ann played house 3, moves again · ann offers a draw: press d to accept, or play on"
        );
        let mut mine = mid_game(Some(Seat::Zero));
        mine.draw_offer = Some(Seat::Zero);
        assert!(status_text(&Text::english(), &mine).ends_with("you offered a draw"));
        let mut over = mid_game(Some(Seat::Zero));
        over.ended = Some((MatchEndReason::Completed, Some(Seat::Zero)));
        over.rematch_offer = Some(Seat::One);
        assert!(
            status_text(&Text::english(), &over)
                .ends_with("bob offers a rematch: press m to accept"),
            "{}",
            status_text(&Text::english(), &over)
        );
    }

    #[test]
    fn a_match_is_drawn_in_the_players_language() {
        let now = Instant::now();
        let polish = Text::of("pl");
        let view = mid_game(Some(Seat::One));
        let lines = screen(100, 24, |f| {
            draw_match(f, f.area(), &polish, &view, now, None, Notes::default())
        });
        let text = lines.join("\n");
        for said in [
            "Mecz 31 · kalah(seeds_per_house=4, empty_capture=false) · partia 2 z 5 · bez zegara",
            "ann — 1 pkt  ◀ na ruchu",
            "Na ruchu: ann · ostatnio: ann zagrał dołek 3, gra jeszcze raz",
            "r poddaj  f walkower",
        ] {
            assert!(text.contains(said), "{said} missing:\n{text}");
        }
        assert_eq!(
            status_text(&Text::of("ru"), &view),
            "Ходит ann · последний ход: ann сыграл лунку 3, ходит ещё раз"
        );
    }

    #[test]
    fn a_spectator_is_shown_only_the_keys_that_work_for_him() {
        let now = Instant::now();
        let lines = screen(80, 24, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &mid_game(None),
                now,
                None,
                Notes::default(),
            )
        });
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&t!(Text::english(), "spectator-keys"))),
            "{lines:#?}"
        );
        assert!(!lines.iter().any(|l| l.contains("r resign")), "{lines:#?}");
    }

    #[test]
    fn help_is_a_whole_screen_with_the_real_parameter_names() {
        let lines = screen(80, 26, |f| draw_help(f, f.area(), &Text::english()));
        let text = lines.join("\n");
        for needed in [
            "seek [VARIANT]",
            "seeds_per_house=",
            "grand_slam=",
            "empty_opposite=",
            "quit",
        ] {
            assert!(text.contains(needed), "{needed} missing:\n{text}");
        }
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("any key: close the help")),
            "{text}"
        );
    }

    #[test]
    fn the_key_hint_names_the_variants_house_count() {
        let now = Instant::now();
        let keys = |view: &MatchView| {
            let lines = screen(100, 22, |f| {
                draw_match(
                    f,
                    f.area(),
                    &Text::english(),
                    view,
                    now,
                    None,
                    Notes::default(),
                )
            });
            lines
                .into_iter()
                .find(|l| l.contains("Enter move"))
                .unwrap_or_default()
        };
        let kalah = mid_game(Some(Seat::Zero));
        assert!(
            keys(&kalah).starts_with("1-6 or ←→ Enter move"),
            "{}",
            keys(&kalah)
        );
        let mut congkak = mid_game(Some(Seat::Zero));
        congkak.settings.ruleset = Ruleset::default_for(Variant::Congkak);
        congkak.board.houses = [vec![7; 7], vec![7; 7]];
        assert!(
            keys(&congkak).starts_with("1-7 or ←→ Enter move"),
            "{}",
            keys(&congkak)
        );
    }

    #[test]
    fn a_togyz_kumalak_board_fits_eighty_columns_with_its_tuzdiks_marked() {
        let now = Instant::now();
        let mut togyz = mid_game(Some(Seat::Zero));
        togyz.settings.ruleset = Ruleset::default_for(Variant::TogyzKumalak);
        let side0 = togyz.side_of(Seat::Zero).index();
        let mut houses = [vec![9; 9], vec![9; 9]];
        // Player 0's tuzdik is the other's house 3; the other's, his house 6.
        houses[1 - side0][2] = 0;
        houses[side0][5] = 0;
        togyz.board.houses = houses;
        togyz.board.stores = [72, 54];
        togyz.board.tuzdik[side0] = Some(2);
        togyz.board.tuzdik[1 - side0] = Some(5);
        let lines = screen(80, 24, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &togyz,
                now,
                None,
                Notes::default(),
            )
        });
        let text = lines.join("\n");
        let rows: Vec<&String> = lines.iter().filter(|l| l.contains("[ 9]")).collect();
        assert_eq!(rows.len(), 2, "both rows of nine drawn:\n{text}");
        for row in rows {
            assert_eq!(row.matches('[').count(), 9, "{row}");
            assert_eq!(row.matches("[ X]").count(), 1, "one tuzdik a row: {row}");
        }
        assert!(text.contains("1-9 or ←→ Enter move"), "{text}");
    }

    #[test]
    fn the_lobby_lists_ones_own_running_matches_first_to_play_them() {
        let mine = mid_game(Some(Seat::Zero));
        let mut model = Model {
            me: Some(player(5, "ann")),
            matches: [(mine.id, mine)].into_iter().collect(),
            ..Model::default()
        };
        model.lobby.seeks.push(SeekInfo {
            seek_id: SeekId(17),
            by: player(7, "cy"),
            settings: MatchSettings::default(),
            rating: None,
            rating_range: None,
        });
        // The lobby lists her match among the live ones too: once is enough.
        for (id, players) in [(31, ["ann", "bob"]), (40, ["dan", "eve"])] {
            model.lobby.matches.push(MatchSummary {
                match_id: MatchId(id),
                players: [player(1, players[0]), player(2, players[1])],
                ratings: None,
                settings: MatchSettings::default(),
                points: [0.0, 0.0],
                game: 1,
                spectators: 0,
            });
        }
        assert_eq!(
            model.lobby_entries(),
            vec![
                crate::model::LobbyEntry::Mine(MatchId(31)),
                crate::model::LobbyEntry::Seek(SeekId(17)),
                crate::model::LobbyEntry::Live(MatchId(40)),
            ]
        );
        let lines = screen(100, 20, |f| {
            draw_lobby(f, f.area(), &Text::english(), &model, 0, Notes::default())
        });
        let text: Vec<&str> = lines
            .iter()
            .map(|l| l.trim_end_matches(['│', ' ']))
            .collect();
        assert_eq!(text[3], "│Your matches (Enter to play)");
        assert_eq!(
            text[4],
            "│> #31   vs bob          kalah game 2/5   your move"
        );
        assert!(!text.iter().any(|l| l.contains("#31   ann")), "{text:#?}");
    }

    #[test]
    fn the_lobby_shows_ones_own_waiting_state() {
        let mut model = Model {
            me: Some(player(5, "ann")),
            in_pool: Some(MatchSettings::default()),
            ..Model::default()
        };
        model.my_seeks.push(SeekInfo {
            seek_id: SeekId(17),
            by: player(5, "ann"),
            settings: MatchSettings::default(),
            rating: None,
            rating_range: None,
        });
        let lines = screen(100, 16, |f| {
            draw_lobby(f, f.area(), &Text::english(), &model, 0, Notes::default())
        });
        let text = lines.join("\n");
        assert!(
            text.contains(
                "Waiting for an opponent: mangala, 5 games, untimed  (x leaves the pool)"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "Your seek #17: mangala, 5 games, untimed, waiting  (x cancels the newest)"
            ),
            "{text}"
        );
        // Paired: the waiting line goes.
        model.accept(ServerMsg::MatchStarted {
            match_id: MatchId(40),
            version: 1,
            players: [player(5, "ann"), player(6, "bob")],
            settings: MatchSettings::default(),
            ratings: None,
            berserk: false,
            tournament_id: None,
        });
        assert_eq!(model.in_pool, None);
    }

    #[test]
    fn a_small_screen_keeps_the_whole_board_and_drops_the_empty_chat() {
        let now = Instant::now();
        let mut view = mid_game(Some(Seat::Zero));
        view.chat.clear();
        let lines = screen(40, 17, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &view,
                now,
                None,
                Notes::default(),
            )
        });
        let text = lines.join("\n");
        // Both rows of houses, both stores and both players are there.
        assert!(text.contains("[ 0] [ 7] [ 0] [ 8] [ 9] [ 1]"), "{text}");
        assert!(text.contains("[ 6] [ 5] [ 4] [ 3] [ 2] [ 1]"), "{text}");
        assert!(text.contains("[10]") && text.contains("[12]"), "{text}");
        assert!(
            text.contains("bob — 0 pts") && text.contains("ann — 1 pt"),
            "{text}"
        );
        assert!(!text.contains("Chat"), "no empty chat box:\n{text}");
    }

    #[test]
    fn the_board_is_drawn_from_each_players_side() {
        let now = Instant::now();
        let ann = screen(60, 22, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &mid_game(Some(Seat::Zero)),
                now,
                Some(2),
                Notes::default(),
            )
        });
        // Ann at the bottom: her row (rules side 1) from her left, her store on the right;
        // bob's row on top from his left reading right to left.
        let board: Vec<&str> = ann[3..10]
            .iter()
            .map(|l| l.trim_end_matches(['│', ' ']))
            .collect();
        assert_eq!(
            board,
            vec![
                "│bob — 0 pts",
                "│        6    5    4    3    2    1",
                "│      [ 6] [ 5] [ 4] [ 3] [ 2] [ 1]",
                "│[10]  ◀ bob's store   your store ▶  [12]",
                "│      [ 0] [ 7] [ 0] [ 8] [ 9] [ 1]",
                "│        1    2    3    4    5    6",
                "│ann — 1 pt  ◀ to move",
            ]
        );
        assert!(ann[11].contains("Your move: houses 2 4 5 6"), "{}", ann[11]);
        let bob = screen(60, 22, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &mid_game(Some(Seat::One)),
                now,
                None,
                Notes::default(),
            )
        });
        let board: Vec<&str> = bob[3..10]
            .iter()
            .map(|l| l.trim_end_matches(['│', ' ']))
            .collect();
        assert_eq!(
            board,
            vec![
                "│ann — 1 pt  ◀ to move",
                "│        6    5    4    3    2    1",
                "│      [ 1] [ 9] [ 8] [ 0] [ 7] [ 0]",
                "│[12]  ◀ ann's store   your store ▶  [10]",
                "│      [ 1] [ 2] [ 3] [ 4] [ 5] [ 6]",
                "│        1    2    3    4    5    6",
                "│bob — 0 pts",
            ]
        );
        assert!(
            bob[11].contains("ann to move · last: ann played house 3, moves again"),
            "{}",
            bob[11]
        );
        // A spectator sees both stores named; ann's house 3 (her last move)
        // is underlined, the pits it sowed coloured.
        let spectator = screen(60, 22, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &mid_game(None),
                now,
                None,
                Notes::default(),
            )
        });
        assert_eq!(
            spectator[6].trim_end_matches(['│', ' ']),
            "│[10] ◀ bob's store   ann's store ▶  [12]"
        );
        let view = mid_game(None);
        let played = pit_style(&view, Pit::House(Side::Player1, 2), false);
        assert!(played.add_modifier.contains(Modifier::UNDERLINED));
        let other = pit_style(&view, Pit::House(Side::Player1, 0), false);
        assert!(!other.add_modifier.contains(Modifier::UNDERLINED));
    }

    #[test]
    fn the_end_of_a_match_says_who_won() {
        let mut view = mid_game(None);
        view.ended = Some((MatchEndReason::Completed, Some(Seat::Zero)));
        view.points = [3.5, 1.5];
        view.to_move = None;
        view.rematch_offer = Some(Seat::One);
        let lines = screen(100, 22, |f| {
            draw_match(
                f,
                f.area(),
                &Text::english(),
                &view,
                Instant::now(),
                None,
                Notes::default(),
            )
        });
        assert_eq!(
            lines[11].trim_end_matches(['│', ' ']),
            "│Match over (completed): ann 3.5 - 1.5 bob, ann wins the match · bob offers a rematch"
        );
        assert!(
            lines.iter().any(|l| l.contains("ann: good game")),
            "the chat is shown"
        );
    }
}
