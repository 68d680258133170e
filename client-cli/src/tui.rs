//! The full-screen interface: one task selecting over the keyboard, the
//! socket and a clock tick; everything drawn by [`crate::render`].

use crate::commands::{self, Command};
use crate::conn::{Client, ClientError, Incoming};
use crate::render::{draw_lobby, draw_match, draw_result};
use protocol::wire::{ClientMsg, MatchId, MatchSettings, ServerMsg};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// What the screen shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Screen {
    Lobby,
    Match,
}

/// How long the end of a game stays on screen unless a key is pressed.
const RESULT_SHOWN: Duration = Duration::from_secs(8);

/// The end of a game on screen: which, and until when.
struct ShownResult {
    match_id: MatchId,
    game: u8,
    until: Instant,
}

struct Ui {
    /// The end of a game, shown instead of the next game's board for a while.
    result: Option<ShownResult>,
    screen: Screen,
    selected: usize,
    house: u8,
    input: Option<String>,
    status: String,
}

/// Run the interface until `q`. With `watch`, start by watching that match.
pub async fn run(mut client: Client, watch: Option<MatchId>) -> Result<(), ClientError> {
    client.send(ClientMsg::LobbySubscribe).await?;
    if let Some(match_id) = watch {
        client.send(ClientMsg::Watch { match_id }).await?;
    }
    let (keys_tx, mut keys) = mpsc::unbounded_channel();
    // Reading the terminal blocks; a thread of its own feeds the loop.
    std::thread::spawn(move || {
        while let Ok(event) = event::read() {
            if keys_tx.send(event).is_err() {
                break;
            }
        }
    });
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, &mut client, &mut keys).await;
    ratatui::restore();
    client.close().await;
    result
}

async fn event_loop(
    terminal: &mut DefaultTerminal,
    client: &mut Client,
    keys: &mut mpsc::UnboundedReceiver<Event>,
) -> Result<(), ClientError> {
    let mut ui = Ui {
        result: None,
        screen: Screen::Lobby,
        selected: 0,
        house: 1,
        input: None,
        status: String::new(),
    };
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    loop {
        let _ = terminal.draw(|frame| {
            let area = frame.area();
            let view = match ui.screen {
                Screen::Match => client.model.current_match(),
                Screen::Lobby => None,
            };
            let status = match &ui.input {
                Some(text) => format!("> {text}_"),
                None => ui.status.clone(),
            };
            let finished = ui.result.as_ref().and_then(|shown| {
                let view = view.filter(|v| v.id == shown.match_id)?;
                view.results.iter().find(|g| g.game == shown.game)
            });
            match (view, finished) {
                (Some(view), Some(finished)) => draw_result(frame, area, view, finished),
                (Some(view), None) => draw_match(
                    frame,
                    area,
                    view,
                    Instant::now(),
                    view.my_turn().then_some(ui.house),
                    &status,
                    client.model.last_error.as_deref(),
                ),
                (None, _) => draw_lobby(frame, area, &client.model, ui.selected, &status),
            }
        });
        tokio::select! {
            incoming = client.next() => match incoming? {
                Incoming::Msg(msg) => {
                    if matches!(msg, ServerMsg::MatchStarted { .. } | ServerMsg::MatchSnapshot { .. }) {
                        ui.screen = Screen::Match;
                    }
                    if let ServerMsg::GameEnded { match_id, game, .. } = msg {
                        ui.result = Some(ShownResult {
                            match_id,
                            game,
                            until: Instant::now() + RESULT_SHOWN,
                        });
                    }
                }
                Incoming::Reconnected => ui.status = "reconnected".into(),
            },
            Some(event) = keys.recv() => {
                if let Event::Key(key) = event {
                    if key.kind != KeyEventKind::Press {
                        continue;
                    }
                    if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
                        return Ok(());
                    }
                    // A key while a game's end is shown only puts it away.
                    if ui.result.take().is_some_and(|shown| Instant::now() < shown.until) {
                        continue;
                    }
                    if !handle_key(key.code, &mut ui, client).await? {
                        return Ok(());
                    }
                }
            }
            _ = tick.tick() => {
                if ui.result.as_ref().is_some_and(|shown| Instant::now() >= shown.until) {
                    ui.result = None;
                }
            }
        }
    }
}

/// Act on a key; false to quit.
async fn handle_key(code: KeyCode, ui: &mut Ui, client: &mut Client) -> Result<bool, ClientError> {
    client.model.last_error = None;
    if let Some(text) = &mut ui.input {
        match code {
            KeyCode::Esc => ui.input = None,
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) => text.push(c),
            KeyCode::Enter => {
                let line = ui.input.take().unwrap_or_default();
                match commands::parse(&line, &client.model) {
                    Ok(Command::Send(msg)) => client.send(msg).await?,
                    Ok(Command::Quit) => return Ok(false),
                    Ok(Command::Help) => ui.status = commands::HELP.replace('\n', " · "),
                    Ok(Command::Nothing) => {}
                    Err(message) => ui.status = message,
                }
            }
            _ => {}
        }
        return Ok(true);
    }
    ui.status.clear();
    let start_input = |ui: &mut Ui, text: &str| ui.input = Some(text.to_owned());
    match (ui.screen, code) {
        (_, KeyCode::Char('q')) => return Ok(false),
        (_, KeyCode::Char(':')) => start_input(ui, ""),
        (Screen::Lobby, KeyCode::Up) => ui.selected = ui.selected.saturating_sub(1),
        (Screen::Lobby, KeyCode::Down) => ui.selected += 1,
        (Screen::Lobby, KeyCode::Enter) => {
            let seeks = &client.model.lobby.seeks;
            let msg = if let Some(seek) = seeks.get(ui.selected) {
                Some(ClientMsg::SeekAccept {
                    seek_id: seek.seek_id,
                })
            } else {
                client
                    .model
                    .lobby
                    .matches
                    .get(ui.selected - seeks.len())
                    .map(|m| ClientMsg::Watch {
                        match_id: m.match_id,
                    })
            };
            if let Some(msg) = msg {
                client.send(msg).await?;
            }
        }
        (Screen::Lobby, KeyCode::Char('s')) => start_input(ui, "seek mangala games=5 time=untimed"),
        (Screen::Lobby, KeyCode::Char('p')) => {
            client
                .send(ClientMsg::PoolJoin {
                    settings: MatchSettings::default(),
                })
                .await?;
            ui.status = "waiting for an opponent (Mangala, 5 games)".into();
        }
        (Screen::Lobby, KeyCode::Char('c')) => start_input(ui, "challenge "),
        (Screen::Lobby, KeyCode::Char(c @ ('y' | 'n'))) => {
            let line = if c == 'y' { "yes" } else { "no" };
            match commands::parse(line, &client.model) {
                Ok(Command::Send(msg)) => client.send(msg).await?,
                Err(message) => ui.status = message,
                _ => {}
            }
        }
        (Screen::Lobby, KeyCode::Tab) | (Screen::Match, KeyCode::Char('l')) => {
            ui.screen = if ui.screen == Screen::Lobby && client.model.current_match().is_some() {
                Screen::Match
            } else {
                Screen::Lobby
            };
        }
        (Screen::Match, KeyCode::Left) => ui.house = ui.house.saturating_sub(1).max(1),
        (Screen::Match, KeyCode::Right) => {
            let m = client
                .model
                .current_match()
                .map_or(6, |v| v.settings.ruleset.houses() as u8);
            ui.house = (ui.house + 1).min(m);
        }
        (Screen::Match, KeyCode::Enter) => run_line(&ui.house.to_string(), ui, client).await?,
        (Screen::Match, KeyCode::Char(d)) if d.is_ascii_digit() => {
            run_line(&d.to_string(), ui, client).await?
        }
        (Screen::Match, KeyCode::Char('r')) => run_line("resign", ui, client).await?,
        (Screen::Match, KeyCode::Char('f')) => run_line("forfeit", ui, client).await?,
        (Screen::Match, KeyCode::Char('d')) => run_line("draw", ui, client).await?,
        (Screen::Match, KeyCode::Char('m')) => run_line("rematch", ui, client).await?,
        (Screen::Match, KeyCode::Char('t')) => start_input(ui, "say "),
        _ => {}
    }
    Ok(true)
}

async fn run_line(line: &str, ui: &mut Ui, client: &mut Client) -> Result<(), ClientError> {
    match commands::parse(line, &client.model) {
        Ok(Command::Send(msg)) => client.send(msg).await?,
        Err(message) => ui.status = message,
        _ => {}
    }
    Ok(())
}
