//! `--plain`: one line per event on stdout, commands on stdin; for scripts
//! and screen readers.

use crate::commands::{self, Command};
use crate::conn::{Client, ClientError, Incoming};
use crate::model::{MatchView, Model, Refusal};
use crate::text::{Text, t};
use protocol::rules::MoveEvent;
use protocol::wire::{
    ChallengeCloseReason, ChatRoom, DrawOfferEnd, ErrorCode, GameEndReason, MatchEndReason,
    MatchId, RatingChange, Seat, SeekInfo, ServerMsg, TimeControl,
};
use std::io::Write;
use tokio::io::{AsyncBufReadExt, BufReader};

/// A name or "seat N" when unknown.
fn name(view: &MatchView, seat: Seat) -> &str {
    &view.players[seat.index()].name
}

/// What a player sees while the connection is down.
pub fn reconnecting_text(text: &Text, attempt: u32) -> String {
    t!(
        text,
        "reconnecting",
        attempt = attempt,
        tries = crate::conn::RECONNECT_TRIES
    )
}

/// Match points with their unit: "1 pt", "0 pts", "1.5 pts".
pub fn points_with_unit(text: &Text, p: f64) -> String {
    t!(text, "points-unit", shown = points(text, p), points = p)
}

/// Match points as people write them: `2`, `2.5` (`2,5` in Polish).
pub fn points(text: &Text, p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        text.decimal(p, 1)
    }
}

/// `ann 4 4 0 5 5 5 [1] | bob 4 4 4 4 4 4 [0]`: each row from its owner's left.
pub fn board_line(view: &MatchView) -> String {
    Seat::BOTH
        .map(|seat| {
            let side = view.side_of(seat);
            let row: Vec<String> = view.board.houses[side.index()]
                .iter()
                .map(u8::to_string)
                .collect();
            format!(
                "{} {} [{}]",
                name(view, seat),
                row.join(" "),
                view.board.stores[side.index()]
            )
        })
        .join(" | ")
}

/// Why a game ended, in words (English: the protocol's own, which scripts read).
pub fn game_end_words(text: &Text, reason: GameEndReason) -> String {
    match reason {
        GameEndReason::SideEmpty => t!(text, "game-end-side_empty"),
        GameEndReason::NoMove => t!(text, "game-end-no_move"),
        GameEndReason::Majority => t!(text, "game-end-majority"),
        GameEndReason::Repetition => t!(text, "game-end-repetition"),
        GameEndReason::Resign => t!(text, "game-end-resign"),
        GameEndReason::Forfeit => t!(text, "game-end-forfeit"),
        GameEndReason::Timeout => t!(text, "game-end-timeout"),
        GameEndReason::DrawAgreed => t!(text, "game-end-draw_agreed"),
        GameEndReason::Claimed => t!(text, "game-end-claimed"),
        GameEndReason::Abandoned => t!(text, "game-end-abandoned"),
        GameEndReason::NoStart => t!(text, "game-end-no_start"),
    }
}

/// Why a match ended, in words.
pub fn match_end_words(text: &Text, reason: MatchEndReason) -> String {
    match reason {
        MatchEndReason::Completed => t!(text, "match-end-completed"),
        MatchEndReason::Decided => t!(text, "match-end-decided"),
        MatchEndReason::Forfeit => t!(text, "match-end-forfeit"),
        MatchEndReason::Aborted => t!(text, "match-end-aborted"),
    }
}

/// Why a challenge closed, in words.
fn challenge_closed_words(text: &Text, reason: ChallengeCloseReason) -> String {
    match reason {
        ChallengeCloseReason::Declined => t!(text, "challenge-closed-declined"),
        ChallengeCloseReason::Withdrawn => t!(text, "challenge-closed-withdrawn"),
        ChallengeCloseReason::Expired => t!(text, "challenge-closed-expired"),
        ChallengeCloseReason::PlayerLeft => t!(text, "challenge-closed-player_left"),
    }
}

/// `match 31 over (completed): ann 3 - 2 bob, ann wins`.
fn match_over(
    text: &Text,
    view: &MatchView,
    match_id: MatchId,
    reason: MatchEndReason,
    p: [f64; 2],
    winner: Option<Seat>,
) -> String {
    let result = match winner {
        Some(seat) => t!(text, "plain-wins", name = name(view, seat)),
        None => t!(text, "plain-drawn"),
    };
    t!(
        text,
        "plain-match-over",
        match_id = match_id.0,
        reason = match_end_words(text, reason),
        a = name(view, Seat::Zero),
        pa = points(text, p[0]),
        pb = points(text, p[1]),
        b = name(view, Seat::One),
        result = result
    )
}

/// `ratings: ann 1500 → 1587? (+87), bob 1612 → 1541 (-71)`: a rated
/// match's changes next to their owners' names.
pub fn ratings_text(text: &Text, view: &MatchView, changes: &[RatingChange; 2]) -> String {
    t!(
        text,
        "plain-ratings",
        a = name(view, Seat::Zero),
        ra = changes[0].to_string(),
        b = name(view, Seat::One),
        rb = changes[1].to_string()
    )
}

/// A seek's line after its owner's name: ` (1587?)` when it carries his
/// rating, and `, rated` at the end of its settings when it is rated.
pub fn seek_rating(text: &Text, seek: &SeekInfo) -> (String, String) {
    let rating = seek
        .rating
        .map_or(String::new(), |shown| format!(" ({shown})"));
    (rating, rated_suffix(text, seek.settings.rated))
}

/// `, rated` after a rated match's settings; nothing after a casual one's.
pub fn rated_suffix(text: &Text, rated: bool) -> String {
    if rated {
        t!(text, "rated-suffix")
    } else {
        String::new()
    }
}

/// `untimed`, `3+2` or `3 days per move`.
pub fn time_text(text: &Text, control: TimeControl) -> String {
    match control {
        TimeControl::Untimed => t!(text, "time-untimed"),
        TimeControl::RealTime {
            initial_ms,
            increment_ms,
        } => format!("{}+{}", initial_ms as f64 / 60_000.0, increment_ms / 1000),
        TimeControl::Correspondence { days_per_move } => {
            t!(text, "time-days", days = days_per_move)
        }
    }
}

/// ", captures 5" and ", moves again" after a move, when they happened.
pub fn move_details(text: &Text, captured: u32, extra_turn: bool) -> (String, String) {
    let captures = if captured > 0 {
        t!(text, "plain-captures", seeds = captured)
    } else {
        String::new()
    };
    let again = if extra_turn {
        t!(text, "plain-moves-again")
    } else {
        String::new()
    };
    (captures, again)
}

/// The line for one message, if it deserves one. `model` has already taken it in.
pub fn describe(text: &Text, msg: &ServerMsg, model: &Model) -> Option<String> {
    let view = msg.match_id().and_then(|id| model.matches.get(&id));
    Some(match msg {
        ServerMsg::Welcome {
            name, player_id, ..
        } => t!(
            text,
            "plain-welcome",
            name = name.as_str(),
            id = player_id.0
        ),
        ServerMsg::Error { code, message, .. } => {
            t!(text, "error-line", message = text.refusal(*code, message))
        }
        ServerMsg::SeekCreated { seek, code, .. } => match code {
            Some(code) => t!(
                text,
                "plain-private-seek-open",
                seek = seek.seek_id.0,
                code = code.as_str()
            ),
            None => t!(text, "plain-seek-open", seek = seek.seek_id.0),
        },
        ServerMsg::PoolJoined { .. } => t!(text, "plain-pool-joined"),
        ServerMsg::ChallengeSent { challenge, .. } => t!(
            text,
            "plain-challenge-sent",
            challenge = challenge.challenge_id.0,
            name = challenge.to.name.as_str()
        ),
        ServerMsg::ChallengeReceived { challenge } => t!(
            text,
            "plain-challenge-received",
            challenge = challenge.challenge_id.0,
            name = challenge.from.name.as_str(),
            ruleset = challenge.settings.ruleset.to_string(),
            games = challenge.settings.games
        ),
        ServerMsg::ChallengeClosed {
            challenge_id,
            reason,
        } => t!(
            text,
            "plain-challenge-closed",
            challenge = challenge_id.0,
            reason = challenge_closed_words(text, *reason)
        ),
        ServerMsg::LobbySnapshot { .. } => lobby_text(text, model),
        ServerMsg::MatchStarted {
            match_id,
            players,
            settings,
            ratings,
            ..
        } => {
            let rated = |seat: usize| ratings.map_or(String::new(), |r| format!(" ({})", r[seat]));
            t!(
                text,
                "plain-match-started",
                match_id = match_id.0,
                a = format!("{}{}", players[0].name, rated(0)),
                b = format!("{}{}", players[1].name, rated(1)),
                ruleset = settings.ruleset.to_string(),
                games = settings.games,
                time = time_text(text, settings.time_control),
                rated = rated_suffix(text, settings.rated)
            )
        }
        ServerMsg::MatchSnapshot { snapshot, .. } => {
            let view = view?;
            // A match watched after its end: its result is all there is to say.
            if let Some(reason) = snapshot.ended {
                let winner = view.ended.and_then(|(_, winner)| winner);
                return Some(match_over(
                    text,
                    view,
                    snapshot.match_id,
                    reason,
                    snapshot.points,
                    winner,
                ));
            }
            t!(
                text,
                "plain-watching",
                match_id = snapshot.match_id.0,
                a = name(view, Seat::Zero),
                b = name(view, Seat::One),
                game = view.game,
                pa = points(text, snapshot.points[0]),
                pb = points(text, snapshot.points[1]),
                board = board_line(view)
            )
        }
        ServerMsg::GameStarted {
            match_id,
            game,
            first,
            ..
        } => t!(
            text,
            "plain-game-started",
            match_id = match_id.0,
            game = *game,
            name = name(view?, *first)
        ),
        ServerMsg::MovePlayed {
            match_id,
            game,
            ply,
            seat,
            house,
            events,
            ..
        } => {
            let view = view?;
            let extra = events
                .iter()
                .any(|e| matches!(e, MoveEvent::ExtraTurn { .. }));
            let (captures, again) = move_details(text, MoveEvent::captured(events), extra);
            t!(
                text,
                "plain-move",
                match_id = match_id.0,
                game = *game,
                ply = *ply,
                name = name(view, *seat),
                house = *house,
                captures = captures,
                again = again,
                board = board_line(view)
            )
        }
        ServerMsg::GameEnded {
            match_id,
            game,
            outcome,
            points: p,
            ..
        } => {
            let view = view?;
            let result = match outcome.winner {
                Some(seat) => t!(text, "plain-wins", name = name(view, seat)),
                None => t!(text, "plain-draw"),
            };
            let stores = outcome.stores_by_seat(view.first);
            t!(
                text,
                "plain-game-over",
                match_id = match_id.0,
                game = *game,
                result = result,
                reason = game_end_words(text, outcome.reason),
                a = name(view, Seat::Zero),
                sa = stores[0],
                b = name(view, Seat::One),
                sb = stores[1],
                pa = points(text, p[0]),
                pb = points(text, p[1])
            )
        }
        ServerMsg::MatchEnded {
            match_id,
            reason,
            points: p,
            winner,
            ratings,
            ..
        } => {
            let view = view?;
            let over = match_over(text, view, *match_id, *reason, *p, *winner);
            match ratings {
                Some(changes) => format!("{over}; {}", ratings_text(text, view, changes)),
                None => over,
            }
        }
        ServerMsg::PlayerLeft { seat, .. } => t!(text, "plain-left", name = name(view?, *seat)),
        ServerMsg::PlayerReturned { seat, .. } => {
            t!(text, "plain-back", name = name(view?, *seat))
        }
        ServerMsg::ServerRestarted {
            match_id,
            paused_ms,
            grace_ms,
            ..
        } => t!(
            text,
            "plain-restarted",
            match_id = match_id.0,
            paused = paused_ms / 1000,
            grace = grace_ms / 1000
        ),
        ServerMsg::DrawOffered { seat, .. } => {
            t!(text, "plain-draw-offered", name = name(view?, *seat))
        }
        ServerMsg::Berserked { seat, .. } => {
            t!(text, "plain-berserked", name = name(view?, *seat))
        }
        ServerMsg::DrawOfferEnded { reason, .. } => match reason {
            DrawOfferEnd::Declined => t!(text, "draw-offer-declined"),
            DrawOfferEnd::Lapsed => t!(text, "draw-offer-lapsed"),
        },
        ServerMsg::RematchOffered { seat, .. } => {
            t!(text, "plain-rematch-offered", name = name(view?, *seat))
        }
        ServerMsg::RematchDeclined { .. } => t!(text, "plain-rematch-declined"),
        ServerMsg::RematchAgreed { rematch_id, .. } => {
            t!(text, "plain-rematch-agreed", match_id = rematch_id.0)
        }
        ServerMsg::ChatMessage {
            room,
            from,
            text: said,
            ..
        } => match room {
            ChatRoom::Players => t!(
                text,
                "plain-chat-players",
                name = from.name.as_str(),
                text = said.as_str()
            ),
            ChatRoom::Spectators => t!(
                text,
                "plain-chat-spectators",
                name = from.name.as_str(),
                text = said.as_str()
            ),
        },
        ServerMsg::TournamentCreated {
            tournament, code, ..
        } => {
            let id = tournament.tournament_id.0;
            let created = t!(
                text,
                "plain-tournament-created",
                tournament = id,
                name = tournament.name.as_str(),
                rounds = tournament.rounds
            );
            match code {
                Some(code) => {
                    let code = code.as_str();
                    created
                        + "; "
                        + &t!(text, "plain-tournament-code", tournament = id, code = code)
                }
                None => created,
            }
        }
        ServerMsg::Tournament { tournament, .. } => {
            let leader = tournament.standings.first();
            t!(
                text,
                "plain-tournament",
                tournament = tournament.tournament_id.0,
                name = tournament.name.as_str(),
                round = tournament.rounds_played.len(),
                rounds = tournament.rounds,
                players = tournament.standings.len(),
                leader = leader.map_or("-", |l| l.player.name.as_str()),
                points = points(text, leader.map_or(0.0, |l| l.points))
            )
        }
        ServerMsg::Spectators { match_id, count } => {
            t!(
                text,
                "plain-spectators",
                match_id = match_id.0,
                count = *count
            )
        }
        ServerMsg::Ok { .. }
        | ServerMsg::MoveAccepted { .. }
        | ServerMsg::Resumed { .. }
        | ServerMsg::SeekAdded { .. }
        | ServerMsg::SeekRemoved { .. }
        | ServerMsg::MatchListed { .. }
        | ServerMsg::MatchChanged { .. }
        | ServerMsg::MatchUnlisted { .. }
        | ServerMsg::PlayersOnline { .. } => return None,
    })
}

/// The lobby as text: players online, open seeks, live matches.
pub fn lobby_text(text: &Text, model: &Model) -> String {
    let lobby = &model.lobby;
    let mut out = t!(text, "players-online", count = lobby.online);
    out.push('\n');
    out.push_str(&t!(text, "plain-open-seeks", count = lobby.seeks.len()));
    out.push('\n');
    for seek in &lobby.seeks {
        let (rating, rated) = seek_rating(text, seek);
        out.push_str(&t!(
            text,
            "plain-seek",
            seek = seek.seek_id.0,
            name = seek.by.name.as_str(),
            rating = rating,
            ruleset = seek.settings.ruleset.to_string(),
            games = seek.settings.games,
            time = time_text(text, seek.settings.time_control),
            rated = rated
        ));
        out.push('\n');
    }
    out.push_str(&t!(text, "plain-live-matches", count = lobby.matches.len()));
    out.push('\n');
    for m in &lobby.matches {
        out.push_str(&t!(
            text,
            "plain-live-match",
            match_id = m.match_id.0,
            a = m.players[0].name.as_str(),
            pa = points(text, m.points[0]),
            pb = points(text, m.points[1]),
            b = m.players[1].name.as_str(),
            variant = m.settings.ruleset.variant().to_string(),
            game = m.game,
            games = m.settings.games,
            watching = m.spectators
        ));
        out.push('\n');
    }
    out.trim_end().to_owned()
}

/// The prompt after an event: whose move, with the legal houses when it is ours.
pub fn turn_line(text: &Text, view: &MatchView) -> Option<String> {
    if !view.my_turn() {
        return None;
    }
    let houses: Vec<String> = view.legal_houses().iter().map(u8::to_string).collect();
    Some(t!(
        text,
        "plain-your-move",
        match_id = view.id.0,
        game = view.game,
        ply = view.ply + 1,
        houses = houses.join(" ")
    ))
}

/// Run the plain interface until `quit`, end of input (once nothing is
/// playing), or until a watched match ends when `watch` is given.
pub async fn run(
    mut client: Client,
    watch: Option<MatchId>,
    text: &Text,
) -> Result<(), ClientError> {
    let mut out = std::io::stdout();
    if let Some(me) = &client.model.me {
        let _ = writeln!(
            out,
            "{}",
            t!(text, "plain-welcome", name = me.name.as_str(), id = me.id.0)
        );
    }
    if let Some(match_id) = watch {
        client
            .send(protocol::wire::ClientMsg::Watch { match_id })
            .await?;
    }
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut stdin_open = true;
    let mut printed: std::collections::HashMap<MatchId, u64> = std::collections::HashMap::new();
    let mut prompted: std::collections::HashMap<MatchId, (u8, u32)> =
        std::collections::HashMap::new();
    loop {
        tokio::select! {
            line = lines.next_line(), if stdin_open => match line {
                Ok(Some(line)) => match commands::parse(text, &line, &client.model) {
                    Ok(Command::Send(msg)) => client.send(msg).await?,
                    Ok(Command::Help) => { let _ = writeln!(out, "{}", commands::help(text)); }
                    Ok(Command::Quit) => break,
                    Ok(Command::Nothing) => {}
                    Err(message) => { let _ = writeln!(out, "{}", t!(text, "error-line", message = message)); }
                },
                _ => stdin_open = false,
            },
            incoming = client.next() => match incoming? {
                Incoming::Msg(ServerMsg::Error { code: code @ ErrorCode::NoSuchMatch, message, .. })
                    if watch.is_some_and(|id| !client.model.matches.contains_key(&id)) =>
                {
                    // Nothing to watch: say so and leave (exit status 1).
                    return Err(ClientError::Refused(Refusal { code, message }));
                }
                Incoming::Msg(msg) => {
                    // Events replayed after a reconnection were already printed.
                    if let Some((id, version)) = msg.match_event() {
                        let seen = printed.entry(id).or_insert(0);
                        if version <= *seen {
                            continue;
                        }
                        *seen = version;
                    }
                    if let Some(line) = describe(text, &msg, &client.model) {
                        let _ = writeln!(out, "{line}");
                    }
                    let id = msg.match_id();
                    if let Some(view) = id.and_then(|id| client.model.matches.get(&id)) {
                        // Once per turn (and once a resume has caught up): whose move it is.
                        let turn_changed = matches!(
                            msg,
                            ServerMsg::GameStarted { .. }
                                | ServerMsg::MovePlayed { .. }
                                | ServerMsg::Resumed { .. }
                                | ServerMsg::MatchSnapshot { .. }
                        );
                        // One prompt per turn, however many messages announce it.
                        if turn_changed
                            && prompted.insert(view.id, (view.game, view.ply)) != Some((view.game, view.ply))
                            && let Some(line) = turn_line(text, view)
                        {
                            let _ = writeln!(out, "{line}");
                        }
                        // Once the watched match is over (seen end, or watched too late).
                        let ending = matches!(msg, ServerMsg::MatchEnded { .. } | ServerMsg::MatchSnapshot { .. });
                        if watch == Some(view.id) && view.ended.is_some() && ending {
                            break;
                        }
                    }
                }
                Incoming::Reconnecting { attempt } => {
                    let _ = writeln!(out, "{}", reconnecting_text(text, attempt));
                }
                Incoming::Notice(notice) => {
                    let _ = writeln!(out, "{}", notice.say(text));
                }
                Incoming::Reconnected => {
                    // A move typed while the link was down was dropped: ask again.
                    prompted.clear();
                    let _ = writeln!(out, "{}", t!(text, "reconnected"));
                }
            },
        }
        let _ = out.flush();
    }
    client.close().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::sample::mid_game;
    use protocol::wire::{GameEndReason, GameOutcome, MatchId};

    #[test]
    fn a_timed_match_starts_with_both_ratings_beside_the_names() {
        let shown = |rating, provisional| protocol::wire::ShownRating {
            rating,
            deviation: 0.0,
            provisional,
        };
        let started = ServerMsg::MatchStarted {
            match_id: MatchId(40),
            version: 1,
            players: [
                crate::model::sample::player(5, "ann"),
                crate::model::sample::player(6, "bob"),
            ],
            settings: protocol::wire::MatchSettings {
                time_control: TimeControl::RealTime {
                    initial_ms: 300_000,
                    increment_ms: 3_000,
                },
                rated: true,
                ..Default::default()
            },
            ratings: Some([shown(1587.4, true), shown(1612.0, false)]),
            berserk: false,
            tournament_id: None,
        };
        let text = describe(&Text::english(), &started, &Model::default()).expect("told");
        assert_eq!(
            text,
            "match 40 started: ann (1587?) vs bob (1612), mangala, 5 games, 5+3, rated"
        );
    }

    #[test]
    fn a_seek_shows_its_owners_rating_and_whether_it_is_rated() {
        let mut model = Model::default();
        let rated = protocol::wire::MatchSettings {
            time_control: TimeControl::RealTime {
                initial_ms: 300_000,
                increment_ms: 3_000,
            },
            rated: true,
            ..Default::default()
        };
        model.lobby.seeks.push(SeekInfo {
            seek_id: protocol::wire::SeekId(17),
            by: crate::model::sample::player(5, "ann"),
            settings: rated,
            rating: Some(protocol::wire::ShownRating {
                rating: 1587.4,
                deviation: 187.0,
                provisional: true,
            }),
            rating_range: None,
        });
        let text = lobby_text(&Text::english(), &model);
        assert!(
            text.contains("seek 17: ann (1587?) offers mangala, 5 games, 5+3, rated"),
            "{text}"
        );
    }

    #[test]
    fn a_game_result_prints_each_store_beside_its_owner() {
        // Game 2: bob (seat 1) moved first, so rules side 0 is bob's.
        let view = mid_game(Some(Seat::Zero));
        let model = Model {
            matches: [(view.id, view)].into_iter().collect(),
            ..Model::default()
        };
        let ended = ServerMsg::GameEnded {
            match_id: MatchId(31),
            version: 41,
            game: 2,
            outcome: GameOutcome {
                reason: GameEndReason::SideEmpty,
                winner: Some(Seat::One),
                stores: [27, 21],
            },
            points: [1.0, 1.0],
            clocks: None,
        };
        assert_eq!(
            describe(&Text::english(), &ended, &model).as_deref(),
            Some(
                "match 31 game 2 over: bob wins (side_empty); stores ann 21, bob 27; points ann 1, bob 1"
            )
        );
    }
}
