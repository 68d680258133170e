//! Drawing the lobby and a match with ratatui. Pure functions of the model,
//! tested against ratatui's test backend.

use crate::model::{FinishedGame, MatchView, Model};
use crate::plain::{points, time_text};
use protocol::rules::{Pit, Side};
use protocol::wire::{ChatRoom, GameEndReason, MatchEndReason, Seat, ServerMsg};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use std::time::Instant;

/// Keys shown under the lobby.
pub const LOBBY_KEYS: &str = "↑↓ select  Enter play/accept/watch  s seek  p quick pairing  x stop waiting  c challenge  y/n answer challenge  : command  q quit";
/// Keys shown under a match one watches.
pub const SPECTATOR_KEYS: &str = "t chat  l lobby  : command  q quit  (watching)";

/// Keys shown under a match whose rows have `houses` houses.
pub fn match_keys(houses: usize) -> String {
    format!(
        "1-{houses} or ←→ Enter move  r resign  f forfeit  d draw  m rematch  t chat  l lobby  : command  q quit"
    )
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
pub fn draw_lobby(frame: &mut Frame<'_>, area: Rect, model: &Model, selected: usize, status: &str) {
    let mut lines = Vec::new();
    let me = model.me.as_ref().map_or("-", |m| m.name.as_str());
    lines.push(Line::from(format!(
        "Signed in as {me}. {} online.",
        crate::plain::counted(model.lobby.online, "player", "players")
    )));
    let mut row = 0;
    let mark = |row: usize| if row == selected { "> " } else { "  " };
    let heading =
        |text: &'static str| Line::styled(text, Style::new().add_modifier(Modifier::BOLD));
    for challenge in &model.challenges {
        lines.push(Line::styled(
            format!(
                "{}Challenge {} from {}: {}, {} games, {}  (y accept, n decline)",
                mark(row),
                challenge.challenge_id,
                challenge.from.name,
                challenge.settings.ruleset,
                challenge.settings.games,
                time_text(challenge.settings.time_control)
            ),
            Style::new().fg(Color::Yellow),
        ));
        row += 1;
    }
    if let Some(settings) = &model.in_pool {
        lines.push(Line::styled(
            format!(
                "  Waiting for an opponent: {}, {} games, {}  (x leaves the pool)",
                settings.ruleset.variant(),
                settings.games,
                time_text(settings.time_control)
            ),
            Style::new().fg(Color::Cyan),
        ));
    }
    for seek in &model.my_seeks {
        lines.push(Line::styled(
            format!(
                "  Your seek #{}: {}, {} games, {}, waiting  (x cancels the newest)",
                seek.seek_id,
                seek.settings.ruleset.variant(),
                seek.settings.games,
                time_text(seek.settings.time_control),
            ),
            Style::new().fg(Color::Cyan),
        ));
    }
    for challenge in &model.sent_challenges {
        lines.push(Line::from(format!(
            "  Challenge {} to {}: waiting for an answer",
            challenge.challenge_id, challenge.to.name
        )));
    }
    let mine = model.my_live_matches();
    if !mine.is_empty() {
        lines.push(Line::from(""));
        lines.push(heading("Your matches (Enter to play)"));
        for view in &mine {
            let opponent = view.me.map_or(Seat::One, Seat::opponent);
            let turn = if view.my_turn() { "   your move" } else { "" };
            lines.push(Line::styled(
                format!(
                    "{}#{:<4} vs {:<12} {} game {}/{}{turn}",
                    mark(row),
                    view.id,
                    view.players[opponent.index()].name,
                    view.settings.ruleset.variant(),
                    view.game,
                    view.settings.games
                ),
                Style::new().fg(Color::Green),
            ));
            row += 1;
        }
    }
    lines.push(Line::from(""));
    lines.push(heading("Open seeks"));
    if model.lobby.seeks.is_empty() {
        lines.push(Line::from("  (none)"));
    }
    for seek in &model.lobby.seeks {
        let (rating, rated) = crate::plain::seek_rating(seek);
        lines.push(Line::from(format!(
            "{}#{:<4} {:<20} {:<40} {} games, {}{rated}",
            mark(row),
            seek.seek_id,
            format!("{}{rating}", seek.by.name),
            seek.settings.ruleset.to_string(),
            seek.settings.games,
            time_text(seek.settings.time_control)
        )));
        row += 1;
    }
    lines.push(Line::from(""));
    lines.push(heading("Live matches"));
    let others: Vec<_> = model
        .lobby
        .matches
        .iter()
        .filter(|m| !mine.iter().any(|v| v.id == m.match_id))
        .collect();
    if others.is_empty() {
        lines.push(Line::from("  (none)"));
    }
    for m in others {
        lines.push(Line::from(format!(
            "{}#{:<4} {} {} - {} {}   {} game {}/{}   {} watching",
            mark(row),
            m.match_id,
            m.players[0].name,
            points(m.points[0]),
            points(m.points[1]),
            m.players[1].name,
            m.settings.ruleset.variant(),
            m.game,
            m.settings.games,
            m.spectators
        )));
        row += 1;
    }
    let [body, foot] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(area);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" Mancala lobby "),
        ),
        body,
    );
    footer(frame, foot, LOBBY_KEYS, status, model.last_error.as_deref());
}

fn footer(frame: &mut Frame<'_>, area: Rect, keys: &str, status: &str, error: Option<&str>) {
    let mut lines = vec![Line::styled(keys, Style::new().fg(Color::DarkGray))];
    if !status.is_empty() {
        lines.push(Line::from(status.to_owned()));
    } else if let Some(error) = error {
        lines.push(Line::styled(
            format!("error: {error}"),
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
pub fn board_lines(view: &MatchView, bottom: Seat, selected: Option<u8>) -> Vec<Line<'static>> {
    let m = view.settings.ruleset.houses();
    let top = bottom.opponent();
    let (bottom_side, top_side) = (view.side_of(bottom), view.side_of(top));
    let cell = |side: Side, i: usize, sel: bool| {
        let seeds = view.board.houses[side.index()].get(i).copied().unwrap_or(0);
        // Togyz Kumalak: a house of this row that is the other player's
        // tuzdik (its stones go to his store) shows an X.
        let tuzdik = view.board.tuzdik[side.opponent().index()] == Some(i as u8);
        let text = if tuzdik {
            "[ X]".to_owned()
        } else {
            format!("[{seeds:>2}]")
        };
        let mut style = pit_style(view, Pit::House(side, i as u8), sel);
        if tuzdik {
            style = style.fg(Color::Magenta).add_modifier(Modifier::BOLD);
        }
        Span::styled(text, style)
    };
    let numbers = |order: Vec<usize>| {
        let mut text = String::from("      ");
        for i in order {
            text.push_str(&format!(" {:>2}  ", i + 1));
        }
        Line::from(text.trim_end().to_owned())
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
        "your store".to_owned()
    } else {
        format!("{}'s store", name(bottom))
    };
    let labels = format!("◀ {}'s store   {mine} ▶", name(top));
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

/// A match: players, clocks and score above, the board from the viewer's
/// side, whose turn it is or how it ended, the chat, and the keys.
pub fn draw_match(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &MatchView,
    now: Instant,
    selected: Option<u8>,
    status: &str,
    error: Option<&str>,
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
                format!("  ◀ to move (first move: {} s)", ms.div_ceil(1000))
            }
            _ if view.to_move == Some(seat) => "  ◀ to move".to_owned(),
            _ => String::new(),
        };
        let away = if view.present[seat.index()] {
            ""
        } else {
            "  (away)"
        };
        let style = if view.to_move == Some(seat) {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        Line::styled(
            format!(
                "{name} — {}{clock}{turn}{away}",
                crate::plain::points_with_unit(view.points[seat.index()])
            ),
            style,
        )
    };
    let mut lines = vec![
        Line::from(format!(
            "Match {} · {} · game {} of {} · {} · {} watching",
            view.id,
            view.settings.ruleset,
            view.game,
            view.settings.games,
            time_text(view.settings.time_control),
            view.spectators
        )),
        Line::from(""),
        player_line(top),
    ];
    lines.extend(board_lines(view, bottom, selected));
    lines.push(player_line(bottom));
    lines.push(Line::from(""));
    // The status wraps (an offer's text runs long) instead of being cut.
    let status_line = status_text(view);
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
        .map(|(room, name, text)| {
            let tag = match room {
                ChatRoom::Players => "",
                ChatRoom::Spectators => "(spectator) ",
            };
            Line::from(format!("{tag}{name}: {text}"))
        })
        .collect();
    frame.render_widget(
        Paragraph::new(chat_lines).block(Block::default().borders(Borders::ALL).title(" Chat ")),
        chat,
    );
    let keys = match view.me {
        Some(_) => match_keys(view.settings.ruleset.houses()),
        None => SPECTATOR_KEYS.to_owned(),
    };
    footer(frame, foot, &keys, status, error);
}

/// The end of a game, shown before the next one: the final position, the
/// result and why, each store beside its owner, and the match's games so far.
pub fn draw_result(frame: &mut Frame<'_>, area: Rect, view: &MatchView, finished: &FinishedGame) {
    let bottom = view.me.unwrap_or(Seat::Zero);
    let top = bottom.opponent();
    let name = |seat: Seat| view.players[seat.index()].name.as_str();
    let stores = finished.stores();
    let winner = |game: &FinishedGame| match game.outcome.winner {
        Some(seat) => name(seat).to_owned(),
        None => "draw".to_owned(),
    };
    let result = match finished.outcome.winner {
        Some(seat) => format!("{} wins game {}", name(seat), finished.game),
        None => format!("game {} is drawn", finished.game),
    };
    let mut lines = vec![
        Line::from(format!(
            "Game {} of {} is over · match {}",
            finished.game, view.settings.games, view.id
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
        lines.extend(board_lines(&final_view, bottom, None));
        lines.push(Line::from(name(bottom).to_owned()));
        lines.push(Line::from(""));
    }
    lines.push(Line::styled(
        format!(
            "{result} ({}) · stores: {} {}, {} {}",
            crate::plain::wire_name(&finished.outcome.reason),
            name(Seat::Zero),
            stores[0],
            name(Seat::One),
            stores[1]
        ),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    lines.push(Line::from(""));
    let (a, b) = (name(Seat::Zero), name(Seat::One));
    let width = a.len().max(b.len()).max(5);
    lines.push(Line::from(format!(
        "game  {:<w$}  {a:>w$}  {b:>w$}  winner",
        "first",
        w = width
    )));
    for game in &view.results {
        let s = game.stores();
        lines.push(Line::from(format!(
            "{:>4}  {:<w$}  {:>w$}  {:>w$}  {}",
            game.game,
            name(game.first),
            s[0],
            s[1],
            winner(game),
            w = width
        )));
    }
    lines.push(Line::from(format!(
        "points: {a} {}, {b} {}",
        crate::plain::points(view.points[0]),
        crate::plain::points(view.points[1])
    )));
    let [body, foot] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" Game over ")),
        body,
    );
    footer(frame, foot, "any key: go on", "", None);
}

/// What a game's or match's end means in words, for the status line:
/// "you resigned game 3", "ann forfeited the match"; `None` for the ends the
/// board already shows (a side emptied, no move left).
pub fn what_happened(msg: &ServerMsg, view: &MatchView) -> Option<String> {
    let who = |seat: Seat| {
        if view.me == Some(seat) {
            "you".to_owned()
        } else {
            view.players[seat.index()].name.clone()
        }
    };
    match msg {
        ServerMsg::GameEnded { game, outcome, .. } => {
            let loser = outcome.winner.map(Seat::opponent);
            Some(match (outcome.reason, loser) {
                (GameEndReason::Resign, Some(l)) => format!("{} resigned game {game}", who(l)),
                (GameEndReason::Timeout, Some(l)) => {
                    format!("{} ran out of time in game {game}", who(l))
                }
                (GameEndReason::Abandoned, Some(l)) => format!("{} abandoned game {game}", who(l)),
                (GameEndReason::NoStart, Some(l)) => {
                    format!("{} did not make game {game}'s first move in time", who(l))
                }
                (GameEndReason::Claimed, Some(l)) => {
                    format!("game {game} claimed from {}, who was away", who(l))
                }
                (GameEndReason::DrawAgreed, _) => format!("game {game} drawn by agreement"),
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
                    Some(format!("{} forfeited the match", who(winner.opponent())))
                }
                (MatchEndReason::Aborted, _) => Some("the match was aborted".into()),
                _ => None,
            };
            let ratings = ratings
                .as_ref()
                .map(|changes| crate::plain::ratings_text(view, changes));
            match (ended, ratings) {
                (Some(ended), Some(ratings)) => Some(format!("{ended}; {ratings}")),
                (ended, ratings) => ended.or(ratings),
            }
        }
        _ => None,
    }
}

/// The command list over the whole screen (it does not fit a status line).
pub fn draw_help(frame: &mut Frame<'_>, area: Rect) {
    let [body, foot] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(area);
    let lines: Vec<Line> = crate::commands::HELP.lines().map(Line::from).collect();
    frame.render_widget(ratatui::widgets::Clear, body);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" Help ")),
        body,
    );
    footer(frame, foot, "any key: close the help", "", None);
}

/// Whose turn, or how the game or match ended, and pending offers.
pub fn status_text(view: &MatchView) -> String {
    let name = |seat: Seat| view.players[seat.index()].name.clone();
    if let Some((reason, winner)) = view.ended {
        let result = match winner {
            Some(seat) => format!("{} wins the match", name(seat)),
            None => "the match is drawn".into(),
        };
        let rematch = match view.rematch_offer {
            Some(seat) if view.me == Some(seat.opponent()) => {
                format!(" · {} offers a rematch: press m to accept", name(seat))
            }
            Some(seat) if view.me.is_none() => format!(" · {} offers a rematch", name(seat)),
            Some(_) => " · you offered a rematch".into(),
            None => String::new(),
        };
        return format!(
            "Match over ({}): {} {} - {} {}, {result}{rematch}",
            format!("{reason:?}").to_lowercase(),
            name(Seat::Zero),
            points(view.points[0]),
            points(view.points[1]),
            name(Seat::One)
        );
    }
    let mut text = match view.to_move {
        Some(seat) if view.me == Some(seat) => {
            let houses: Vec<String> = view.legal_houses().iter().map(u8::to_string).collect();
            format!("Your move: houses {}", houses.join(" "))
        }
        Some(seat) => format!("{} to move", name(seat)),
        None => "Between games".into(),
    };
    if let Some(last) = &view.last_move
        && let Some(seat) = last.seat
    {
        let captures = match last.captured_seeds {
            0 => String::new(),
            n => format!(", captures {n}"),
        };
        let again = if last.extra_turn { ", moves again" } else { "" };
        text.push_str(&format!(
            " · last: {} played house {}{captures}{again}",
            name(seat),
            last.house
        ));
    }
    match view.draw_offer {
        Some(seat) if view.me == Some(seat.opponent()) => text.push_str(&format!(
            " · {} offers a draw: press d to accept, or play on",
            name(seat)
        )),
        Some(seat) if view.me.is_none() => {
            text.push_str(&format!(" · {} offers a draw", name(seat)))
        }
        Some(_) => text.push_str(" · you offered a draw"),
        None => {}
    }
    text
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
        let lines = screen(100, 14, |f| draw_lobby(f, f.area(), &model, 1, ""));
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
        let lines = screen(70, 24, |f| draw_result(f, f.area(), &view, &finished));
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
        let told = |msg: &ServerMsg| what_happened(msg, &view);
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
            status_text(&view).ends_with("ann offers a draw: press d to accept, or play on"),
            "{}",
            status_text(&view)
        );
        let lines = screen(80, 24, |f| {
            draw_match(f, f.area(), &view, now, None, "", None)
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
        assert!(status_text(&mine).ends_with("you offered a draw"));
        let mut over = mid_game(Some(Seat::Zero));
        over.ended = Some((MatchEndReason::Completed, Some(Seat::Zero)));
        over.rematch_offer = Some(Seat::One);
        assert!(
            status_text(&over).ends_with("bob offers a rematch: press m to accept"),
            "{}",
            status_text(&over)
        );
    }

    #[test]
    fn a_spectator_is_shown_only_the_keys_that_work_for_him() {
        let now = Instant::now();
        let lines = screen(80, 24, |f| {
            draw_match(f, f.area(), &mid_game(None), now, None, "", None)
        });
        assert!(
            lines.iter().any(|l| l.starts_with(SPECTATOR_KEYS)),
            "{lines:#?}"
        );
        assert!(!lines.iter().any(|l| l.contains("r resign")), "{lines:#?}");
    }

    #[test]
    fn help_is_a_whole_screen_with_the_real_parameter_names() {
        let lines = screen(80, 26, |f| draw_help(f, f.area()));
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
                draw_match(f, f.area(), view, now, None, "", None)
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
            draw_match(f, f.area(), &togyz, now, None, "", None)
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
        let lines = screen(100, 20, |f| draw_lobby(f, f.area(), &model, 0, ""));
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
        let lines = screen(100, 16, |f| draw_lobby(f, f.area(), &model, 0, ""));
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
        });
        assert_eq!(model.in_pool, None);
    }

    #[test]
    fn a_small_screen_keeps_the_whole_board_and_drops_the_empty_chat() {
        let now = Instant::now();
        let mut view = mid_game(Some(Seat::Zero));
        view.chat.clear();
        let lines = screen(40, 17, |f| {
            draw_match(f, f.area(), &view, now, None, "", None)
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
                &mid_game(Some(Seat::Zero)),
                now,
                Some(2),
                "",
                None,
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
            draw_match(f, f.area(), &mid_game(Some(Seat::One)), now, None, "", None)
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
            draw_match(f, f.area(), &mid_game(None), now, None, "", None)
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
            draw_match(f, f.area(), &view, Instant::now(), None, "", None)
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
