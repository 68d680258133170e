//! The full-screen interface: one task selecting over the keyboard, the
//! connection (whose socket and reconnections belong to a task of their
//! own, see [`crate::conn`]) and a clock tick; everything drawn by
//! [`crate::render`]. While the connection is down the status line says
//! so; once every try failed the screen stays, saying why, until `q`.

use crate::commands::{self, Command};
use crate::conn::{Client, ClientError, Incoming};
use crate::model::{LobbyEntry, MatchView};
use crate::render::{Notes, draw_help, draw_lobby, draw_match, draw_result, what_happened};
use crate::text::{Text, t};
use protocol::wire::{
    ClientMsg, MatchId, MatchSettings, ServerMsg, TournamentStage, TournamentView,
};
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

impl ShownResult {
    /// Still on screen at `now`.
    fn visible(&self, now: Instant) -> bool {
        now < self.until
    }
}

/// What a spectator sends when the match he watches has a rematch: he
/// follows the players to the new match.
fn follow_rematch(msg: &ServerMsg, model: &crate::model::Model) -> Option<ClientMsg> {
    let ServerMsg::RematchAgreed {
        match_id,
        rematch_id,
        ..
    } = msg
    else {
        return None;
    };
    let watching = model.matches.get(match_id).is_some_and(|v| v.me.is_none());
    watching.then_some(ClientMsg::Watch {
        match_id: *rematch_id,
    })
}

/// Whether `msg` made it the player's move in its match (`waiting` holds
/// the matches where it already was): the moment for the bell.
fn turn_began(
    msg: &ServerMsg,
    model: &crate::model::Model,
    waiting: &mut std::collections::HashSet<MatchId>,
) -> bool {
    let Some(view) = msg.match_id().and_then(|id| model.matches.get(&id)) else {
        return false;
    };
    if view.my_turn() {
        waiting.insert(view.id)
    } else {
        waiting.remove(&view.id);
        false
    }
}

/// What Enter does on a lobby entry.
#[derive(Debug, PartialEq)]
enum LobbyAction {
    /// Show this match, as the player's own.
    Open(MatchId),
    /// Ask the server.
    Send(ClientMsg),
    /// Say how to use it.
    ChallengeHint,
}

/// One's own match opens as his (it used to be watched, as a
/// spectator's); a seek is accepted; another match is watched.
fn on_enter(entry: LobbyEntry) -> LobbyAction {
    match entry {
        LobbyEntry::Mine(match_id) => LobbyAction::Open(match_id),
        LobbyEntry::Seek(seek_id) => LobbyAction::Send(ClientMsg::SeekAccept { seek_id }),
        LobbyEntry::Live(match_id) => LobbyAction::Send(ClientMsg::Watch { match_id }),
        LobbyEntry::Challenge(_) => LobbyAction::ChallengeHint,
    }
}

/// The selection one step down a list of `len` entries: never past the last.
fn step_down(selected: usize, len: usize) -> usize {
    (selected + 1).min(len.saturating_sub(1))
}

/// What `x` cancels: the player's place in the pool, else his newest open seek.
fn waiting_to_cancel(model: &crate::model::Model) -> Option<ClientMsg> {
    if model.in_pool.is_some() {
        return Some(ClientMsg::PoolLeave);
    }
    model.my_seeks.last().map(|seek| ClientMsg::SeekCancel {
        seek_id: seek.seek_id,
    })
}

/// Keys that only a player of the match may use.
fn player_only(code: KeyCode) -> bool {
    matches!(
        code,
        KeyCode::Char('r' | 'f' | 'd' | 'm') | KeyCode::Enter | KeyCode::Left | KeyCode::Right
    ) || matches!(code, KeyCode::Char(c) if c.is_ascii_digit())
}

/// A key that acts only once confirmed with `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Confirm {
    Resign,
    Forfeit,
    Quit,
}

impl Confirm {
    /// What `code` asks to confirm, given the match on screen (`view`) and
    /// whether the player has a game running anywhere: `r` and `f` in a match
    /// he plays, `q` while one of his games runs (his clock would run on).
    fn for_key(code: KeyCode, view: Option<&MatchView>, playing: bool) -> Option<Confirm> {
        let player = view.filter(|v| v.me.is_some() && v.ended.is_none());
        match code {
            KeyCode::Char('r') if player.is_some_and(|v| v.to_move.is_some()) => {
                Some(Confirm::Resign)
            }
            KeyCode::Char('f') if player.is_some() => Some(Confirm::Forfeit),
            KeyCode::Char('q') if playing => Some(Confirm::Quit),
            _ => None,
        }
    }

    /// The question, naming what is at stake.
    fn question(self, text: &Text, view: Option<&MatchView>) -> String {
        let game = view.map_or(0, |v| v.game);
        match self {
            Confirm::Resign => t!(text, "confirm-resign", game = game),
            Confirm::Forfeit => t!(text, "confirm-forfeit"),
            Confirm::Quit => t!(text, "confirm-quit"),
        }
    }

    /// The command it sends once confirmed (`None`: quit).
    fn command(self) -> Option<&'static str> {
        match self {
            Confirm::Resign => Some("resign"),
            Confirm::Forfeit => Some("forfeit"),
            Confirm::Quit => None,
        }
    }
}

struct Ui {
    /// The help overlay is up.
    help: bool,
    /// While the connection is down: what to say about it.
    link: Option<String>,
    /// Once every reconnection failed: why (the screen stays until `q`).
    offline: Option<String>,
    /// A key waiting for `y` (anything else cancels it).
    confirm: Option<Confirm>,
    /// The end of a game, shown instead of the next game's board for a while.
    result: Option<ShownResult>,
    screen: Screen,
    selected: usize,
    house: u8,
    input: Option<String>,
    status: String,
}

/// Run the interface until `q`. With `watch`, start by watching that match.
/// With `bell`, the terminal's bell rings when it becomes the player's move.
pub async fn run(
    mut client: Client,
    watch: Option<MatchId>,
    bell: bool,
    text: &Text,
) -> Result<(), ClientError> {
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
    let result = event_loop(&mut terminal, &mut client, &mut keys, bell, text).await;
    ratatui::restore();
    client.close().await;
    result
}

async fn event_loop(
    terminal: &mut DefaultTerminal,
    client: &mut Client,
    keys: &mut mpsc::UnboundedReceiver<Event>,
    bell: bool,
    text: &Text,
) -> Result<(), ClientError> {
    let mut my_turn = std::collections::HashSet::new();
    let mut ui = Ui {
        help: false,
        link: None,
        offline: None,
        confirm: None,
        result: None,
        screen: Screen::Lobby,
        selected: 0,
        house: 1,
        input: None,
        status: String::new(),
    };
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    let mut tournaments = read_tournaments(client.url());
    loop {
        let _ = terminal.draw(|frame| {
            let area = frame.area();
            let view = match ui.screen {
                Screen::Match => client.model.current_match(),
                Screen::Lobby => None,
            };
            let status = match (&ui.offline, &ui.link, &ui.input) {
                (Some(offline), _, _) => offline.clone(),
                (None, Some(link), _) => format!("{link}…"),
                (None, None, Some(typed)) => format!("> {typed}_"),
                (None, None, None) => ui.status.clone(),
            };
            let refusal = client
                .model
                .last_error
                .as_ref()
                .map(|r| text.refusal(r.code, &r.message));
            let finished = ui.result.as_ref().and_then(|shown| {
                let view = view.filter(|v| v.id == shown.match_id)?;
                view.results.iter().find(|g| g.game == shown.game)
            });
            match (view, finished) {
                _ if ui.help => draw_help(frame, area, text),
                (Some(view), Some(finished)) => draw_result(frame, area, text, view, finished),
                (Some(view), None) => draw_match(
                    frame,
                    area,
                    text,
                    view,
                    Instant::now(),
                    view.my_turn().then_some(ui.house),
                    Notes {
                        status: &status,
                        error: refusal.as_deref(),
                    },
                ),
                (None, _) => draw_lobby(
                    frame,
                    area,
                    text,
                    &client.model,
                    ui.selected,
                    Notes {
                        status: &status,
                        error: refusal.as_deref(),
                    },
                ),
            }
        });
        tokio::select! {
            incoming = client.next(), if ui.offline.is_none() => match incoming {
                Err(error) => {
                    // The final state: the screen stays, saying why.
                    ui.offline = Some(t!(text, "connection-lost-final", error = error.say(text)));
                }
                Ok(Incoming::Msg(msg)) => {
                    if let ServerMsg::MatchStarted { match_id, .. } = &msg {
                        client.model.focus = Some(*match_id);
                    }
                    if matches!(msg, ServerMsg::MatchStarted { .. } | ServerMsg::MatchSnapshot { .. }) {
                        ui.screen = Screen::Match;
                    }
                    if matches!(msg, ServerMsg::ChallengeSent { .. } | ServerMsg::ChallengeClosed { .. })
                        && let Some(line) = crate::plain::describe(text, &msg, &client.model)
                    {
                        ui.status = line;
                    }
                    if let Some(told) = msg
                        .match_id()
                        .and_then(|id| client.model.matches.get(&id))
                        .and_then(|view| what_happened(text, &msg, view))
                    {
                        ui.status = told;
                    }
                    if bell && turn_began(&msg, &client.model, &mut my_turn) {
                        use std::io::Write;
                        let mut out = std::io::stdout();
                        let _ = out.write_all(b"\x07");
                        let _ = out.flush();
                    }
                    if let Some(watch) = follow_rematch(&msg, &client.model) {
                        if let ClientMsg::Watch { match_id } = &watch {
                            client.model.focus = Some(*match_id);
                        }
                        client.send(watch).await?;
                    }
                    if let ServerMsg::GameEnded { match_id, game, .. } = msg {
                        ui.result = Some(ShownResult {
                            match_id,
                            game,
                            until: Instant::now() + RESULT_SHOWN,
                        });
                    }
                }
                Ok(Incoming::Reconnecting { attempt }) => {
                    ui.link = Some(crate::plain::reconnecting_text(text, attempt));
                }
                Ok(Incoming::Notice(notice)) => ui.status = notice.say(text),
                Ok(Incoming::Reconnected) => {
                    ui.link = None;
                    ui.status = t!(text, "reconnected");
                }
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
                    if ui.result.take().is_some_and(|shown| shown.visible(Instant::now())) {
                        continue;
                    }
                    if !handle_key(key.code, &mut ui, client, text).await? {
                        return Ok(());
                    }
                }
            }
            _ = tick.tick() => {
                if ui.result.as_ref().is_some_and(|shown| !shown.visible(Instant::now())) {
                    ui.result = None;
                }
            }
            Some(list) = tournaments.recv() => {
                // Follow those newly shown, so that their standings change
                // as results come in.
                let shown: Vec<TournamentView> = list
                    .into_iter()
                    .filter(|t| t.stage != TournamentStage::Over)
                    .take(LOBBY_TOURNAMENTS)
                    .collect();
                for tournament in &shown {
                    let id = tournament.tournament_id;
                    if !client.model.tournaments.iter().any(|t| t.tournament_id == id) {
                        client
                            .send(ClientMsg::TournamentWatch { tournament_id: id, code: None })
                            .await?;
                    }
                }
                client.model.tournaments = shown;
            }
        }
    }
}

/// How many tournaments the lobby shows (the newest not over).
const LOBBY_TOURNAMENTS: usize = 5;
/// How often the lobby reads the tournaments again (new ones; the shown
/// ones are followed over the socket meanwhile).
const TOURNAMENTS_EVERY: Duration = Duration::from_secs(30);

/// The server's tournaments read from `GET /api/tournaments` now and every
/// 30 s, on a blocking thread (a failed read is skipped: the lobby keeps
/// what it showed).
fn read_tournaments(server: &str) -> mpsc::Receiver<Vec<TournamentView>> {
    let (tx, rx) = mpsc::channel(1);
    let url = format!("{}/api/tournaments", crate::web::base_url(server));
    tokio::spawn(async move {
        loop {
            let url = url.clone();
            let read = tokio::task::spawn_blocking(move || crate::web::get(&url)).await;
            if let Ok(Ok(body)) = read
                && let Ok(list) = serde_json::from_str::<Vec<TournamentView>>(&body)
                && tx.send(list).await.is_err()
            {
                return;
            }
            if tx.is_closed() {
                return;
            }
            tokio::time::sleep(TOURNAMENTS_EVERY).await;
        }
    });
    rx
}

/// Act on a key; false to quit.
async fn handle_key(
    code: KeyCode,
    ui: &mut Ui,
    client: &mut Client,
    text: &Text,
) -> Result<bool, ClientError> {
    client.model.last_error = None;
    if ui.help {
        ui.help = false;
        return Ok(true);
    }
    if let Some(typed) = &mut ui.input {
        match code {
            KeyCode::Esc => ui.input = None,
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c) => typed.push(c),
            KeyCode::Enter => {
                let line = ui.input.take().unwrap_or_default();
                match commands::parse(text, &line, &client.model) {
                    Ok(Command::Send(msg)) => client.send(msg).await?,
                    Ok(Command::Quit) => return Ok(false),
                    Ok(Command::Help) => ui.help = true,
                    Ok(Command::Nothing) => {}
                    Err(message) => ui.status = message,
                }
            }
            _ => {}
        }
        return Ok(true);
    }
    if let Some(confirm) = ui.confirm.take() {
        if code != KeyCode::Char('y') {
            ui.status = t!(text, "cancelled");
            return Ok(true);
        }
        return match confirm.command() {
            Some(line) => {
                run_line(line, ui, client, text).await?;
                Ok(true)
            }
            None => Ok(false),
        };
    }
    let view = match ui.screen {
        Screen::Match => client.model.current_match(),
        Screen::Lobby => None,
    };
    let playing = client
        .model
        .matches
        .values()
        .any(|v| v.me.is_some() && v.ended.is_none() && v.to_move.is_some());
    if view.is_some_and(|v| v.me.is_none()) && player_only(code) {
        ui.status = t!(text, "watching-keys");
        return Ok(true);
    }
    if let Some(confirm) = Confirm::for_key(code, view, playing) {
        ui.status = confirm.question(text, view);
        ui.confirm = Some(confirm);
        return Ok(true);
    }
    ui.status.clear();
    let start_input = |ui: &mut Ui, typed: &str| ui.input = Some(typed.to_owned());
    match (ui.screen, code) {
        (_, KeyCode::Char('q')) => return Ok(false),
        (_, KeyCode::Char(':')) => start_input(ui, ""),
        (Screen::Lobby, KeyCode::Up) => ui.selected = ui.selected.saturating_sub(1),
        (Screen::Lobby, KeyCode::Down) => {
            ui.selected = step_down(ui.selected, client.model.lobby_entries().len());
        }
        (Screen::Lobby, KeyCode::Enter) => {
            let entry = client.model.lobby_entries().get(ui.selected).copied();
            match entry.map(on_enter) {
                Some(LobbyAction::Open(match_id)) => {
                    client.model.focus = Some(match_id);
                    ui.screen = Screen::Match;
                }
                Some(LobbyAction::Send(msg)) => {
                    if let ClientMsg::Watch { match_id } = &msg {
                        client.model.focus = Some(*match_id);
                    }
                    client.send(msg).await?
                }
                Some(LobbyAction::ChallengeHint) => ui.status = t!(text, "hint-challenge"),
                None => {}
            }
        }
        (Screen::Lobby, KeyCode::Char('s')) => start_input(ui, "seek mangala games=5 time=untimed"),
        (Screen::Lobby, KeyCode::Char('p')) => {
            client
                .send(ClientMsg::PoolJoin {
                    settings: MatchSettings::default(),
                })
                .await?;
        }
        (Screen::Lobby, KeyCode::Char('x')) => match waiting_to_cancel(&client.model) {
            Some(msg) => {
                ui.status = match &msg {
                    ClientMsg::SeekCancel { seek_id } => {
                        t!(text, "seek-cancelled", seek = seek_id.0)
                    }
                    _ => t!(text, "left-pool"),
                };
                client.send(msg).await?;
            }
            None => ui.status = t!(text, "nothing-to-cancel"),
        },
        (Screen::Lobby, KeyCode::Char('c')) => start_input(ui, "challenge "),
        (Screen::Lobby, KeyCode::Char(c @ ('y' | 'n'))) => {
            // The selected challenge, else the oldest one waiting.
            let selected = match client.model.lobby_entries().get(ui.selected) {
                Some(LobbyEntry::Challenge(id)) => Some(*id),
                _ => client.model.challenges.first().map(|ch| ch.challenge_id),
            };
            match selected {
                Some(challenge_id) if c == 'y' => {
                    client
                        .send(ClientMsg::ChallengeAccept { challenge_id })
                        .await?
                }
                Some(challenge_id) => {
                    client
                        .send(ClientMsg::ChallengeDecline { challenge_id })
                        .await?;
                    ui.status = t!(text, "declined-challenge", challenge = challenge_id.0);
                }
                None => ui.status = t!(text, "no-challenge-waiting"),
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
        (Screen::Match, KeyCode::Enter) => {
            run_line(&ui.house.to_string(), ui, client, text).await?
        }
        (Screen::Match, KeyCode::Char(d)) if d.is_ascii_digit() => {
            run_line(&d.to_string(), ui, client, text).await?
        }
        (Screen::Match, KeyCode::Char('r')) => run_line("resign", ui, client, text).await?,
        (Screen::Match, KeyCode::Char('f')) => run_line("forfeit", ui, client, text).await?,
        (Screen::Match, KeyCode::Char('d')) => run_line("draw", ui, client, text).await?,
        (Screen::Match, KeyCode::Char('m')) => run_line("rematch", ui, client, text).await?,
        (Screen::Match, KeyCode::Char('t')) => start_input(ui, "say "),
        _ => {}
    }
    Ok(true)
}

async fn run_line(
    line: &str,
    ui: &mut Ui,
    client: &mut Client,
    text: &Text,
) -> Result<(), ClientError> {
    match commands::parse(text, line, &client.model) {
        Ok(Command::Send(msg)) => client.send(msg).await?,
        Err(message) => ui.status = message,
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::sample::mid_game;
    use protocol::wire::{MatchEndReason, Seat};

    #[test]
    fn a_spectator_follows_the_rematch_and_a_player_does_not_need_to() {
        let agreed = ServerMsg::RematchAgreed {
            match_id: MatchId(31),
            version: 50,
            rematch_id: MatchId(32),
        };
        let model_with = |view: MatchView| crate::model::Model {
            matches: [(view.id, view)].into_iter().collect(),
            ..crate::model::Model::default()
        };
        assert_eq!(
            follow_rematch(&agreed, &model_with(mid_game(None))),
            Some(ClientMsg::Watch {
                match_id: MatchId(32)
            })
        );
        // A player gets the new match's match_started from the server.
        assert_eq!(
            follow_rematch(&agreed, &model_with(mid_game(Some(Seat::Zero)))),
            None
        );
        assert!(player_only(KeyCode::Char('3')) && player_only(KeyCode::Char('r')));
        assert!(!player_only(KeyCode::Char('t')) && !player_only(KeyCode::Char('l')));
    }

    #[test]
    fn the_lobby_opens_ones_own_match_as_a_player_stops_at_its_end_and_x_cancels_the_wait() {
        assert_eq!(
            on_enter(LobbyEntry::Mine(MatchId(31))),
            LobbyAction::Open(MatchId(31))
        );
        assert_eq!(
            on_enter(LobbyEntry::Live(MatchId(40))),
            LobbyAction::Send(ClientMsg::Watch {
                match_id: MatchId(40)
            })
        );
        assert_eq!(step_down(0, 3), 1);
        assert_eq!(step_down(2, 3), 2, "not past the last entry");
        assert_eq!(step_down(0, 0), 0);
        let mut model = crate::model::Model::default();
        assert_eq!(waiting_to_cancel(&model), None);
        model.my_seeks.push(protocol::wire::SeekInfo {
            seek_id: protocol::wire::SeekId(17),
            by: crate::model::sample::player(5, "ann"),
            settings: MatchSettings::default(),
            rating: None,
            rating_range: None,
        });
        assert_eq!(
            waiting_to_cancel(&model),
            Some(ClientMsg::SeekCancel {
                seek_id: protocol::wire::SeekId(17)
            })
        );
        model.in_pool = Some(MatchSettings::default());
        assert_eq!(waiting_to_cancel(&model), Some(ClientMsg::PoolLeave));
    }

    #[test]
    fn a_games_end_stays_until_its_time_is_up() {
        let now = Instant::now();
        let shown = ShownResult {
            match_id: MatchId(31),
            game: 2,
            until: now + RESULT_SHOWN,
        };
        assert!(shown.visible(now));
        assert!(shown.visible(now + RESULT_SHOWN - Duration::from_millis(1)));
        assert!(!shown.visible(now + RESULT_SHOWN));
    }

    #[test]
    fn the_bell_rings_once_when_it_becomes_your_move() {
        let mut view = mid_game(Some(Seat::Zero));
        let id = view.id;
        let mut waiting = std::collections::HashSet::new();
        let chat = ServerMsg::ChatMessage {
            match_id: id,
            room: protocol::wire::ChatRoom::Players,
            from: crate::model::sample::player(6, "bob"),
            text: "hi".into(),
        };
        let model_with = |view: &MatchView| crate::model::Model {
            matches: [(view.id, view.clone())].into_iter().collect(),
            ..crate::model::Model::default()
        };
        // Ann to move: once, not again for the next message.
        assert!(turn_began(&chat, &model_with(&view), &mut waiting));
        assert!(!turn_began(&chat, &model_with(&view), &mut waiting));
        // Bob's turn, then hers again: it rings again.
        view.to_move = Some(Seat::One);
        assert!(!turn_began(&chat, &model_with(&view), &mut waiting));
        view.to_move = Some(Seat::Zero);
        assert!(turn_began(&chat, &model_with(&view), &mut waiting));
    }

    #[test]
    fn resign_forfeit_and_quit_ask_first_only_where_they_would_cost_something() {
        let playing = mid_game(Some(Seat::Zero));
        let watching = mid_game(None);
        let mut over = mid_game(Some(Seat::Zero));
        over.ended = Some((MatchEndReason::Completed, Some(Seat::Zero)));
        over.to_move = None;
        let key = KeyCode::Char;
        assert_eq!(
            Confirm::for_key(key('r'), Some(&playing), true),
            Some(Confirm::Resign)
        );
        assert_eq!(
            Confirm::for_key(key('f'), Some(&playing), true),
            Some(Confirm::Forfeit)
        );
        assert_eq!(
            Confirm::for_key(key('q'), Some(&playing), true),
            Some(Confirm::Quit)
        );
        assert_eq!(
            Confirm::for_key(key('q'), None, true),
            Some(Confirm::Quit),
            "from the lobby too"
        );
        assert_eq!(Confirm::for_key(key('r'), Some(&watching), false), None);
        assert_eq!(Confirm::for_key(key('f'), Some(&over), false), None);
        assert_eq!(
            Confirm::for_key(key('q'), Some(&over), false),
            None,
            "nothing runs"
        );
        assert_eq!(
            Confirm::Resign.question(&Text::english(), Some(&playing)),
            "Resign game 2? (y/n)"
        );
        assert_eq!(Confirm::Resign.command(), Some("resign"));
        assert_eq!(Confirm::Quit.command(), None);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_lobby_reads_the_servers_tournaments_over_http() {
        let (server, clock) =
            ::tests::TestServer::with_manual_clock(server::Config::default()).await;
        let mut dora = ::tests::Client::join(&server, "dora").await;
        let protect = dora
            .request(
                serde_json::json!({"type": "set_password", "password": "correct horse battery"}),
            )
            .await;
        dora.reply(protect).await;
        let create = dora
            .request(serde_json::json!({"type": "tournament_create", "settings": {
                "name": "Read by the terminal", "settings": {"ruleset": {"variant": "kalah"}, "games": 1},
                "rounds": 2, "starts_at_ms": clock.now() + 60_000}}))
            .await;
        dora.reply(create).await;
        let mut read = read_tournaments(&server.url());
        let list = tokio::time::timeout(::tests::WAIT, read.recv())
            .await
            .expect("read in time")
            .expect("a list");
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].name, "Read by the terminal");
        server.stop().await;
    }
}
