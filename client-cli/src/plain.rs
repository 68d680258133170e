//! `--plain`: one line per event on stdout, commands on stdin; for scripts
//! and screen readers.

use crate::commands::{self, Command};
use crate::conn::{Client, ClientError, Incoming};
use crate::model::{MatchView, Model};
use protocol::rules::MoveEvent;
use protocol::wire::{ErrorCode, MatchId, RatingChange, Seat, SeekInfo, ServerMsg, TimeControl};
use std::io::Write;
use tokio::io::{AsyncBufReadExt, BufReader};

/// A name or "seat N" when unknown.
fn name(view: &MatchView, seat: Seat) -> &str {
    &view.players[seat.index()].name
}

/// How the protocol writes `value` (an enum's `snake_case` name).
pub fn wire_name(value: &impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// What a player sees while the connection is down.
pub fn reconnecting_text(attempt: u32) -> String {
    format!(
        "connection lost; reconnecting (try {attempt} of {})",
        crate::conn::RECONNECT_TRIES
    )
}

/// `n` things, in the singular when there is one: "1 player", "3 players".
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Match points with their unit: "1 pt", "0 pts", "1.5 pts".
pub fn points_with_unit(p: f64) -> String {
    format!("{} {}", points(p), if p == 1.0 { "pt" } else { "pts" })
}

/// Match points as people write them: `2`, `2.5`.
pub fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
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

/// `match 31 over (completed): ann 3 - 2 bob, ann wins`.
fn match_over(
    view: &MatchView,
    match_id: MatchId,
    reason: protocol::wire::MatchEndReason,
    p: [f64; 2],
    winner: Option<Seat>,
) -> String {
    let result = match winner {
        Some(seat) => format!("{} wins", name(view, seat)),
        None => "drawn".into(),
    };
    format!(
        "match {match_id} over ({reason:?}): {} {} - {} {}, {result}",
        name(view, Seat::Zero),
        points(p[0]),
        points(p[1]),
        name(view, Seat::One)
    )
    .to_lowercase()
}

/// `ratings: ann 1500 → 1587? (+87), bob 1612 → 1541 (-71)`: a rated
/// match's changes next to their owners' names.
pub fn ratings_text(view: &MatchView, changes: &[RatingChange; 2]) -> String {
    format!(
        "ratings: {} {}, {} {}",
        name(view, Seat::Zero),
        changes[0],
        name(view, Seat::One),
        changes[1]
    )
}

/// A seek's line after its owner's name: ` (1587?)` when it carries his
/// rating, and `, rated` at the end of its settings when it is rated.
pub fn seek_rating(seek: &SeekInfo) -> (String, &'static str) {
    let rating = seek
        .rating
        .map_or(String::new(), |shown| format!(" ({shown})"));
    (rating, if seek.settings.rated { ", rated" } else { "" })
}

/// `untimed`, `3+2` or `3 days per move`.
pub fn time_text(control: TimeControl) -> String {
    match control {
        TimeControl::Untimed => "untimed".into(),
        TimeControl::RealTime {
            initial_ms,
            increment_ms,
        } => format!("{}+{}", initial_ms as f64 / 60_000.0, increment_ms / 1000),
        TimeControl::Correspondence { days_per_move } => format!("{days_per_move} days per move"),
    }
}

/// The line for one message, if it deserves one. `model` has already taken it in.
pub fn describe(msg: &ServerMsg, model: &Model) -> Option<String> {
    let view = msg.match_id().and_then(|id| model.matches.get(&id));
    Some(match msg {
        ServerMsg::Welcome {
            name, player_id, ..
        } => format!("welcome {name} (player {player_id})"),
        ServerMsg::Error { message, .. } => format!("error: {message}"),
        ServerMsg::SeekCreated { seek, code, .. } => match code {
            Some(code) => format!("private seek {} open: share the code {code}", seek.seek_id),
            None => format!("seek {} open", seek.seek_id),
        },
        ServerMsg::PoolJoined { .. } => "waiting for an opponent".into(),
        ServerMsg::ChallengeSent { challenge, .. } => format!(
            "challenge {} sent to {}",
            challenge.challenge_id, challenge.to.name
        ),
        ServerMsg::ChallengeReceived { challenge } => format!(
            "challenge {} from {}: {} {} games (yes {} / no {})",
            challenge.challenge_id,
            challenge.from.name,
            challenge.settings.ruleset,
            challenge.settings.games,
            challenge.challenge_id,
            challenge.challenge_id
        ),
        ServerMsg::ChallengeClosed {
            challenge_id,
            reason,
        } => format!("challenge {challenge_id} closed: {}", wire_name(reason)),
        ServerMsg::LobbySnapshot { .. } => lobby_text(model),
        ServerMsg::MatchStarted {
            match_id,
            players,
            settings,
            ratings,
            ..
        } => {
            let rated = |seat: usize| ratings.map_or(String::new(), |r| format!(" ({})", r[seat]));
            format!(
                "match {match_id} started: {}{} vs {}{}, {}, {} games, {}{}",
                players[0].name,
                rated(0),
                players[1].name,
                rated(1),
                settings.ruleset,
                settings.games,
                time_text(settings.time_control),
                if settings.rated { ", rated" } else { "" }
            )
        }
        ServerMsg::MatchSnapshot { snapshot, .. } => {
            let view = view?;
            // A match watched after its end: its result is all there is to say.
            if let Some(reason) = snapshot.ended {
                let winner = view.ended.and_then(|(_, winner)| winner);
                return Some(match_over(
                    view,
                    snapshot.match_id,
                    reason,
                    snapshot.points,
                    winner,
                ));
            }
            format!(
                "watching match {}: {} vs {}, game {}, points {}-{}; {}",
                snapshot.match_id,
                name(view, Seat::Zero),
                name(view, Seat::One),
                view.game,
                points(snapshot.points[0]),
                points(snapshot.points[1]),
                board_line(view)
            )
        }
        ServerMsg::GameStarted {
            match_id,
            game,
            first,
            ..
        } => {
            let view = view?;
            format!(
                "match {match_id} game {game}: {} moves first",
                name(view, *first)
            )
        }
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
            let captured = MoveEvent::captured(events);
            let extra = if events
                .iter()
                .any(|e| matches!(e, MoveEvent::ExtraTurn { .. }))
            {
                ", moves again"
            } else {
                ""
            };
            let captures = if captured > 0 {
                format!(", captures {captured}")
            } else {
                String::new()
            };
            format!(
                "match {match_id} game {game} move {ply}: {} plays house {house}{captures}{extra}; {}",
                name(view, *seat),
                board_line(view)
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
                Some(seat) => format!("{} wins", name(view, seat)),
                None => "draw".into(),
            };
            let stores = outcome.stores_by_seat(view.first);
            format!(
                "match {match_id} game {game} over: {result} ({}); stores {} {}, {} {}; points {} {}, {} {}",
                wire_name(&outcome.reason),
                name(view, Seat::Zero),
                stores[0],
                name(view, Seat::One),
                stores[1],
                name(view, Seat::Zero),
                points(p[0]),
                name(view, Seat::One),
                points(p[1])
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
            let over = match_over(view, *match_id, *reason, *p, *winner);
            match ratings {
                Some(changes) => format!("{over}; {}", ratings_text(view, changes)),
                None => over,
            }
        }
        ServerMsg::PlayerLeft { seat, .. } => format!("{} left (seat kept)", name(view?, *seat)),
        ServerMsg::PlayerReturned { seat, .. } => format!("{} is back", name(view?, *seat)),
        ServerMsg::ServerRestarted {
            match_id,
            paused_ms,
            grace_ms,
            ..
        } => format!(
            "match {match_id}: the server restarted; {} s while it was down count for nobody, \
             and both players have {} s to come back",
            paused_ms / 1000,
            grace_ms / 1000
        ),
        ServerMsg::DrawOffered { seat, .. } => {
            format!(
                "{} offers a draw (draw to accept, no-draw to decline)",
                name(view?, *seat)
            )
        }
        ServerMsg::DrawOfferEnded { reason, .. } => format!("draw offer {reason:?}").to_lowercase(),
        ServerMsg::RematchOffered { seat, .. } => {
            format!(
                "{} offers a rematch (rematch to accept)",
                name(view?, *seat)
            )
        }
        ServerMsg::RematchDeclined { .. } => "rematch declined".into(),
        ServerMsg::RematchAgreed { rematch_id, .. } => {
            format!("rematch agreed: match {rematch_id} starts")
        }
        ServerMsg::ChatMessage {
            room, from, text, ..
        } => format!("[{room:?}] {}: {text}", from.name)
            .replace("[Players]", "[players]")
            .replace("[Spectators]", "[spectators]"),
        ServerMsg::Spectators { match_id, count } => format!("match {match_id}: {count} watching"),
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
pub fn lobby_text(model: &Model) -> String {
    let lobby = &model.lobby;
    let mut out = format!("{} online\n", counted(lobby.online, "player", "players"));
    out.push_str(&format!("open seeks ({}):\n", lobby.seeks.len()));
    for seek in &lobby.seeks {
        let (rating, rated) = seek_rating(seek);
        out.push_str(&format!(
            "  seek {}: {}{rating} offers {}, {} games, {}{rated}\n",
            seek.seek_id,
            seek.by.name,
            seek.settings.ruleset,
            seek.settings.games,
            time_text(seek.settings.time_control)
        ));
    }
    out.push_str(&format!("live matches ({}):\n", lobby.matches.len()));
    for m in &lobby.matches {
        out.push_str(&format!(
            "  match {}: {} {} - {} {}, {} game {} of {}, {} watching\n",
            m.match_id,
            m.players[0].name,
            points(m.points[0]),
            points(m.points[1]),
            m.players[1].name,
            m.settings.ruleset.variant(),
            m.game,
            m.settings.games,
            m.spectators
        ));
    }
    out.trim_end().to_owned()
}

/// The prompt after an event: whose move, with the legal houses when it is ours.
pub fn turn_line(view: &MatchView) -> Option<String> {
    if !view.my_turn() {
        return None;
    }
    let houses: Vec<String> = view.legal_houses().iter().map(u8::to_string).collect();
    Some(format!(
        "your move in match {} game {} ply {}: houses {}",
        view.id,
        view.game,
        view.ply + 1,
        houses.join(" ")
    ))
}

/// Run the plain interface until `quit`, end of input (once nothing is
/// playing), or until a watched match ends when `watch` is given.
pub async fn run(mut client: Client, watch: Option<MatchId>) -> Result<(), ClientError> {
    let mut out = std::io::stdout();
    if let Some(me) = &client.model.me {
        let _ = writeln!(out, "welcome {} (player {})", me.name, me.id);
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
                Ok(Some(line)) => match commands::parse(&line, &client.model) {
                    Ok(Command::Send(msg)) => client.send(msg).await?,
                    Ok(Command::Help) => { let _ = writeln!(out, "{}", commands::HELP); }
                    Ok(Command::Quit) => break,
                    Ok(Command::Nothing) => {}
                    Err(message) => { let _ = writeln!(out, "error: {message}"); }
                },
                _ => stdin_open = false,
            },
            incoming = client.next() => match incoming? {
                Incoming::Msg(ServerMsg::Error { code: ErrorCode::NoSuchMatch, message, .. })
                    if watch.is_some_and(|id| !client.model.matches.contains_key(&id)) =>
                {
                    // Nothing to watch: say so and leave (exit status 1).
                    return Err(ClientError::Refused(message));
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
                    if let Some(line) = describe(&msg, &client.model) {
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
                            && let Some(line) = turn_line(view)
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
                    let _ = writeln!(out, "{}", reconnecting_text(attempt));
                }
                Incoming::Notice(notice) => {
                    let _ = writeln!(out, "{notice}");
                }
                Incoming::Reconnected => {
                    // A move typed while the link was down was dropped: ask again.
                    prompted.clear();
                    let _ = writeln!(out, "reconnected");
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
        };
        let text = describe(&started, &Model::default()).expect("told");
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
        let text = lobby_text(&model);
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
            describe(&ended, &model).as_deref(),
            Some(
                "match 31 game 2 over: bob wins (side_empty); stores ann 21, bob 27; points ann 1, bob 1"
            )
        );
    }
}

#[test]
fn counts_and_points_take_the_singular_for_one() {
    assert_eq!(counted(1u64, "player", "players"), "1 player");
    assert_eq!(counted(0u64, "player", "players"), "0 players");
    assert_eq!(points_with_unit(1.0), "1 pt");
    assert_eq!(points_with_unit(0.0), "0 pts");
    assert_eq!(points_with_unit(1.5), "1.5 pts");
}
