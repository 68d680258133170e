//! The commands a person types (in `--plain` mode, and on the full-screen
//! interface's command line), turned into protocol requests.

use crate::model::Model;
use crate::text::{Text, t};
use protocol::wire::{ChallengeId, ClientMsg, MatchId, RatingRange, SeekId, TournamentId};

/// What a typed line asks for.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// Send this to the server.
    Send(ClientMsg),
    /// Print the command list.
    Help,
    /// Leave.
    Quit,
    /// An empty line.
    Nothing,
}

/// The command list, for `help` and the full-screen help overlay: the
/// commands as one types them, explained in `text`'s language.
pub fn help(text: &Text) -> String {
    [
        t!(text, "help-commands"),
        "  seek [VARIANT] [games=N] [time=untimed|M+S|Nd] [PARAM=VALUE...] [rated] [range=MIN-MAX] [private]".into(),
        format!("  pool [VARIANT] [games=N] [time=...] [rated]  {}   leave-pool", t!(text, "help-pool")),
        "  challenge NAME [VARIANT] [games=N] [time=...]".into(),
        "  accept SEEK | join CODE | cancel SEEK | yes CHALLENGE | no CHALLENGE".into(),
        format!(
            "  join T [CODE] | withdraw T | pause T | unpause T | tournament T [CODE]   {}",
            t!(text, "help-tournaments")
        ),
        "  watch MATCH | unwatch MATCH | lobby".into(),
        format!("  N or move N        {}", t!(text, "help-move")),
        "  resign | forfeit | abort | draw | no-draw | claim".into(),
        format!("  say TEXT           {}", t!(text, "help-say")),
        "  rematch | no-rematch | berserk | quit".into(),
        format!("{} mangala kalah oware congkak kalah_relay togyz_kumalak bestemshe", t!(text, "help-variants")),
        t!(text, "help-parameters"),
        "  seeds_per_house=4|3|5|6 (or seeds=N)   Kalah 3-6, Oware 4-6".into(),
        "  empty_capture=false|true                Kalah".into(),
        "  grand_slam=legal_no_capture|illegal_unless_forced   Oware".into(),
        "  capture_includes_last=false|true        kalah_relay".into(),
        "  empty_opposite=nothing|last_to_store    Congkak".into(),
        t!(text, "help-time"),
        t!(text, "help-rated"),
        t!(text, "help-range"),
    ]
    .join("\n")
}

/// Read one line. Match commands apply to the current match.
pub fn parse(text: &Text, line: &str, model: &Model) -> Result<Command, String> {
    let mut words = line.split_whitespace();
    let Some(word) = words.next() else {
        return Ok(Command::Nothing);
    };
    let rest: Vec<&str> = words.collect();
    let send = |msg| Ok(Command::Send(msg));
    if let Ok(house) = word.parse::<u8>() {
        return play(text, model, house);
    }
    match word {
        "help" | "?" => Ok(Command::Help),
        "quit" | "exit" => Ok(Command::Quit),
        "lobby" => send(ClientMsg::LobbySubscribe),
        "seek" => {
            let (range, rest) = rating_range(text, &rest)?;
            send(ClientMsg::SeekCreate {
                settings: settings(&rest)?,
                private: rest.contains(&"private"),
                rating_range: range,
            })
        }
        "pool" => send(ClientMsg::PoolJoin {
            settings: settings(&rest)?,
        }),
        "leave-pool" => send(ClientMsg::PoolLeave),
        "challenge" => {
            let (name, more) = rest
                .split_first()
                .ok_or_else(|| t!(text, "command-challenge-whom"))?;
            send(ClientMsg::Challenge {
                name: (*name).to_owned(),
                settings: settings(more)?,
            })
        }
        "accept" => send(ClientMsg::SeekAccept {
            seek_id: SeekId(number(text, &rest, "accept SEEK")?),
        }),
        "join" => {
            let word = rest.first().ok_or_else(|| {
                t!(
                    text,
                    "command-usage",
                    usage = "join TOURNAMENT [CODE] | join CODE"
                )
            })?;
            // A tournament is a number; a private seek's code is 32 hex
            // digits, too many for one.
            match word.parse::<u64>() {
                // A private tournament's code follows its number.
                Ok(id) => send(ClientMsg::TournamentJoin {
                    tournament_id: TournamentId(id),
                    code: rest.get(1).map(|code| (*code).to_owned()),
                }),
                Err(_) => send(ClientMsg::SeekJoin {
                    code: (*word).to_owned(),
                }),
            }
        }
        "withdraw" => send(ClientMsg::TournamentWithdraw {
            tournament_id: TournamentId(number(text, &rest, "withdraw TOURNAMENT")?),
        }),
        "pause" | "unpause" => send(ClientMsg::TournamentPause {
            tournament_id: TournamentId(number(text, &rest, "pause TOURNAMENT")?),
            paused: word == "pause",
        }),
        "tournament" => send(ClientMsg::TournamentWatch {
            tournament_id: TournamentId(number(text, &rest, "tournament ID [CODE]")?),
            code: rest.get(1).map(|code| (*code).to_owned()),
        }),
        "cancel" => send(ClientMsg::SeekCancel {
            seek_id: SeekId(number(text, &rest, "cancel SEEK")?),
        }),
        "yes" => send(ClientMsg::ChallengeAccept {
            challenge_id: challenge(text, model, &rest)?,
        }),
        "no" => send(ClientMsg::ChallengeDecline {
            challenge_id: challenge(text, model, &rest)?,
        }),
        "watch" => send(ClientMsg::Watch {
            match_id: MatchId(number(text, &rest, "watch MATCH")?),
        }),
        "unwatch" => send(ClientMsg::Unwatch {
            match_id: MatchId(number(text, &rest, "unwatch MATCH")?),
        }),
        "move" => play(text, model, number(text, &rest, "move HOUSE")? as u8),
        "resign" => on_match(text, model, |match_id| ClientMsg::Resign { match_id }),
        "forfeit" => on_match(text, model, |match_id| ClientMsg::Forfeit { match_id }),
        "abort" => on_match(text, model, |match_id| ClientMsg::Abort { match_id }),
        "claim" => on_match(text, model, |match_id| ClientMsg::Claim { match_id }),
        "berserk" => on_match(text, model, |match_id| ClientMsg::Berserk { match_id }),
        "draw" => {
            // Offer, or accept the opponent's offer.
            let accept = model
                .current_match()
                .is_some_and(|m| m.draw_offer.is_some() && m.draw_offer != m.me);
            on_match(text, model, |match_id| {
                if accept {
                    ClientMsg::DrawAccept { match_id }
                } else {
                    ClientMsg::DrawOffer { match_id }
                }
            })
        }
        "no-draw" => on_match(text, model, |match_id| ClientMsg::DrawDecline { match_id }),
        "rematch" => {
            let accept = model
                .current_match()
                .is_some_and(|m| m.rematch_offer.is_some() && m.rematch_offer != m.me);
            on_match(text, model, |match_id| {
                if accept {
                    ClientMsg::RematchAccept { match_id }
                } else {
                    ClientMsg::RematchOffer { match_id }
                }
            })
        }
        "no-rematch" => on_match(text, model, |match_id| ClientMsg::RematchDecline {
            match_id,
        }),
        "say" | "chat" => {
            let said = rest.join(" ");
            on_match(text, model, |match_id| ClientMsg::Chat {
                match_id,
                text: said,
            })
        }
        other => Err(t!(text, "command-unknown", word = other)),
    }
}

fn number(text: &Text, rest: &[&str], usage: &str) -> Result<u64, String> {
    rest.first()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| t!(text, "command-usage", usage = usage))
}

fn challenge(text: &Text, model: &Model, rest: &[&str]) -> Result<ChallengeId, String> {
    match rest.first() {
        Some(word) => word.parse().map(ChallengeId).map_err(|_| {
            t!(
                text,
                "command-usage",
                usage = "yes CHALLENGE / no CHALLENGE"
            )
        }),
        None => model
            .challenges
            .first()
            .map(|c| c.challenge_id)
            .ok_or_else(|| t!(text, "no-challenge-waiting")),
    }
}

fn on_match(
    text: &Text,
    model: &Model,
    make: impl FnOnce(MatchId) -> ClientMsg,
) -> Result<Command, String> {
    let view = model
        .current_match()
        .ok_or_else(|| t!(text, "command-not-in-match"))?;
    Ok(Command::Send(make(view.id)))
}

fn play(text: &Text, model: &Model, house: u8) -> Result<Command, String> {
    let view = model
        .current_match()
        .filter(|m| m.me.is_some())
        .ok_or_else(|| t!(text, "command-not-playing"))?;
    Ok(Command::Send(ClientMsg::Move {
        match_id: view.id,
        game: view.game,
        ply: view.ply + 1,
        house,
    }))
}

pub use protocol::wire::settings_from_words as settings;

/// `range=1400-1700` (or `range=1400-`, `range=-1700`) among a seek's
/// words: the rating range, and the other words.
fn rating_range<'a>(
    text: &Text,
    words: &[&'a str],
) -> Result<(Option<RatingRange>, Vec<&'a str>), String> {
    let mut range = None;
    let mut rest = Vec::new();
    for word in words {
        let Some(bounds) = word.strip_prefix("range=") else {
            rest.push(*word);
            continue;
        };
        let bad = || t!(text, "command-bad-range", word = *word);
        let (min, max) = bounds.split_once('-').ok_or_else(bad)?;
        let end = |t: &str| -> Result<Option<f64>, String> {
            if t.is_empty() {
                Ok(None)
            } else {
                t.parse().map(Some).map_err(|_| bad())
            }
        };
        range = Some(RatingRange {
            min: end(min)?,
            max: end(max)?,
        });
    }
    Ok((range, rest))
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_seek_takes_a_rating_range() {
        let model = Model::default();
        let Ok(Command::Send(ClientMsg::SeekCreate {
            rating_range,
            settings,
            ..
        })) = parse(
            &Text::english(),
            "seek kalah time=5+3 rated range=1400-1700",
            &model,
        )
        else {
            panic!("a seek");
        };
        assert_eq!(
            rating_range,
            Some(RatingRange {
                min: Some(1400.0),
                max: Some(1700.0)
            })
        );
        assert!(settings.rated);
        let Ok(Command::Send(ClientMsg::SeekCreate { rating_range, .. })) =
            parse(&Text::english(), "seek kalah time=5+3 range=-1700", &model)
        else {
            panic!("a seek");
        };
        assert_eq!(rating_range.and_then(|r| r.min), None);
        assert!(parse(&Text::english(), "seek range=abc", &model).is_err());
    }

    use super::*;

    #[test]
    fn words_become_requests() {
        let model = Model::default();
        assert_eq!(parse(&Text::english(), "", &model), Ok(Command::Nothing));
        assert_eq!(parse(&Text::english(), "quit", &model), Ok(Command::Quit));
        assert_eq!(
            parse(&Text::english(), "accept 12", &model),
            Ok(Command::Send(ClientMsg::SeekAccept {
                seek_id: SeekId(12)
            }))
        );
        assert!(
            parse(&Text::english(), "3", &model).is_err(),
            "no match to move in"
        );
        assert!(parse(&Text::english(), "fly", &model).is_err());
    }
}
