//! Pairing two players, as one step: who plays whom and how is read from
//! the lobby ([`for_seek`], [`for_pool`], [`for_challenge`], [`rematch`]);
//! [`pair`] then checks that both may play and, only if they may, takes
//! what paired them and both players' places in the pool out of the lobby.
//! A refused pairing changes nothing. Pure: the hub runs it under its locks
//! and starts the match.

use crate::error::ServerError;
use crate::lobby::Lobby;
use crate::lobby::pool::Waiting;
use crate::players::identity::{Identities, LiveLimits};
use protocol::wire::{ChallengeId, MatchSettings, PlayerId, PlayerRef, SeekId, SeekInfo};

/// What brought two players together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// One accepted the other's seek.
    Seek(SeekId),
    /// Both waited in the pool with the same settings.
    Pool,
    /// One accepted the other's challenge.
    Challenge(ChallengeId),
    /// They agreed on a rematch.
    Rematch,
}

/// Two players about to play: seat 0 first, the settings, and what paired them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pairing {
    pub(crate) players: [PlayerRef; 2],
    pub(crate) settings: MatchSettings,
    pub(crate) origin: Origin,
}

/// What a request to play leads to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Proposal {
    /// These two play.
    Play(Pairing),
    /// Nobody to play yet: this player waits in the pool for these settings.
    Wait(PlayerRef, MatchSettings, Waiting),
}

/// `by` accepts a seek, named by its id (a listed one) or its code (a
/// private one); one he may not see (`sees`: its rating range leaves him
/// out) is no seek for him.
pub(crate) fn for_seek(
    lobby: &Lobby,
    by: &PlayerRef,
    seek: Result<SeekId, &str>,
    sees: impl Fn(&SeekInfo) -> bool,
) -> Result<Proposal, ServerError> {
    let id = match seek {
        Ok(id) => lobby.public_seek(id),
        Err(code) => lobby.seek_by_code(code),
    };
    let info = id
        .and_then(|id| lobby.seek(id))
        .filter(|info| sees(info))
        .ok_or(ServerError::NoSuchSeek)?;
    if info.by.id == by.id {
        return Err(ServerError::OwnSeek);
    }
    Ok(Proposal::Play(Pairing {
        players: [info.by.clone(), by.clone()],
        settings: info.settings,
        origin: Origin::Seek(info.seek_id),
    }))
}

/// `by` (waiting as `waiting` says) asks for a match with `settings` from
/// the pool: with the best partner waiting for exactly these (who is seat
/// 0, see [`crate::lobby::pool`]), or he waits for a wave to find him one.
pub(crate) fn for_pool(
    lobby: &Lobby,
    by: &PlayerRef,
    settings: MatchSettings,
    waiting: Waiting,
) -> Result<Proposal, ServerError> {
    if lobby.in_pool(by.id) {
        return Err(ServerError::AlreadyInPool);
    }
    Ok(
        match lobby.pool_partner(&waiting, &settings, waiting.since) {
            Some(partner) => Proposal::Play(Pairing {
                players: [partner, by.clone()],
                settings,
                origin: Origin::Pool,
            }),
            None => Proposal::Wait(by.clone(), settings, waiting),
        },
    )
}

/// A wave paired `players` (seat 0 first), both waiting for `settings`;
/// refused if either has stopped waiting meanwhile.
pub(crate) fn for_wave(
    lobby: &Lobby,
    players: [PlayerRef; 2],
    settings: MatchSettings,
) -> Result<Proposal, ServerError> {
    if !players.iter().all(|p| lobby.in_pool(p.id)) {
        return Err(ServerError::NotInPool);
    }
    Ok(Proposal::Play(Pairing {
        players,
        settings,
        origin: Origin::Pool,
    }))
}

/// Nobody came for `player`, waiting for `settings`: the computer player
/// `computer` takes him on (he is seat 0, as the one who waited); refused
/// if he has stopped waiting meanwhile.
pub(crate) fn for_computer(
    lobby: &Lobby,
    player: PlayerRef,
    computer: PlayerRef,
    settings: MatchSettings,
) -> Result<Proposal, ServerError> {
    if !lobby.in_pool(player.id) {
        return Err(ServerError::NotInPool);
    }
    Ok(Proposal::Play(Pairing {
        players: [player, computer],
        settings,
        origin: Origin::Pool,
    }))
}

/// `by` accepts a challenge made to him; the challenger is seat 0.
pub(crate) fn for_challenge(
    lobby: &Lobby,
    by: PlayerId,
    challenge: ChallengeId,
) -> Result<Proposal, ServerError> {
    match lobby.challenge(challenge) {
        Some(info) if info.to.id == by => Ok(Proposal::Play(Pairing {
            players: [info.from.clone(), info.to.clone()],
            settings: info.settings,
            origin: Origin::Challenge(challenge),
        })),
        _ => Err(ServerError::NoChallengeForYou(challenge)),
    }
}

/// The players of a finished match agreed on a rematch (seats already swapped).
pub(crate) fn rematch(players: [PlayerRef; 2], settings: MatchSettings) -> Proposal {
    Proposal::Play(Pairing {
        players,
        settings,
        origin: Origin::Rematch,
    })
}

/// Carry out `proposal` in one step: a pairing whose players may both play
/// (see [`Identities::check_free`]) is taken out of the lobby, with both
/// players' places in the pool, and returned to be started; a waiting player
/// joins the pool (`None`). Refused, nothing changes.
pub(crate) fn pair(
    lobby: &mut Lobby,
    identities: &Identities,
    proposal: Proposal,
    limits: LiveLimits,
) -> Result<Option<Pairing>, ServerError> {
    match proposal {
        Proposal::Wait(player, settings, waiting) => {
            let elsewhere = |p| lobby.playing_elsewhere(p);
            identities.check_free_with(
                std::slice::from_ref(&player),
                &settings,
                limits,
                elsewhere,
            )?;
            lobby.pool_wait(player, settings, waiting);
            Ok(None)
        }
        Proposal::Play(pairing) => {
            let elsewhere = |p| lobby.playing_elsewhere(p);
            identities.check_free_with(&pairing.players, &pairing.settings, limits, elsewhere)?;
            match pairing.origin {
                Origin::Seek(seek) => {
                    lobby.remove_seek(seek);
                }
                Origin::Challenge(challenge) => {
                    lobby.remove_challenge(challenge);
                }
                Origin::Pool | Origin::Rematch => {}
            }
            for player in &pairing.players {
                lobby.pool_leave(player.id);
            }
            Ok(Some(pairing))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peer::Peer;
    use protocol::wire::{ChallengeInfo, MatchId, TimeControl};

    fn peer(id: u64) -> Peer {
        crate::peer::for_tests(id)
    }

    fn limits(per_player: usize) -> LiveLimits {
        LiveLimits {
            per_player,
            per_computer: per_player,
        }
    }

    /// Four players online: ann, bob, cat, dan.
    fn four() -> (Identities, Vec<PlayerRef>) {
        let mut identities = Identities::default();
        let mut next = 0;
        let players = ["ann", "bob", "cat", "dan"]
            .iter()
            .enumerate()
            .map(|(n, name)| {
                identities
                    .sign_in(name, None, &peer(n as u64), 0, || {
                        next += 1;
                        PlayerId(next)
                    })
                    .expect("signed in")
                    .player
            })
            .collect();
        (identities, players)
    }

    fn waits(player: &PlayerRef) -> Waiting {
        Waiting {
            player: player.id,
            rating: 1500.0,
            since: 0,
            last_opponent: None,
        }
    }

    fn settings(games: u8) -> MatchSettings {
        MatchSettings {
            games,
            ..MatchSettings::default()
        }
    }

    #[test]
    fn a_pairing_takes_the_seek_and_both_players_pool_places() {
        let (identities, p) = four();
        let mut lobby = Lobby::default();
        let seek = lobby.add_seek(SeekId(10), p[0].clone(), settings(3), None, None, None);
        lobby.pool_wait(p[0].clone(), settings(1), waits(&p[0]));
        lobby.pool_wait(p[1].clone(), settings(5), waits(&p[1]));
        let proposal = for_seek(&lobby, &p[1], Ok(seek.seek_id), |_| true).expect("a proposal");
        let pairing = pair(&mut lobby, &identities, proposal, limits(20))
            .expect("both may play")
            .expect("a match");
        assert_eq!(
            [pairing.players[0].id, pairing.players[1].id],
            [p[0].id, p[1].id]
        );
        assert_eq!(pairing.settings, settings(3));
        assert!(lobby.seek(seek.seek_id).is_none());
        assert!(!lobby.in_pool(p[0].id) && !lobby.in_pool(p[1].id));
    }

    #[test]
    fn a_refused_pairing_changes_nothing() {
        let (mut identities, p) = four();
        let mut lobby = Lobby::default();
        let seek = lobby.add_seek(SeekId(10), p[0].clone(), settings(3), None, None, None);
        lobby.pool_wait(p[1].clone(), settings(1), waits(&p[1]));
        // Bob already plays as many matches as allowed.
        identities.engage(&[p[1].clone(), p[2].clone()], MatchId(1), false);
        let proposal = for_seek(&lobby, &p[1], Ok(seek.seek_id), |_| true).expect("a proposal");
        assert_eq!(
            pair(&mut lobby, &identities, proposal, limits(1)).err(),
            Some(ServerError::TooManyMatches {
                name: "bob".into(),
                max: 1
            })
        );
        assert!(lobby.seek(seek.seek_id).is_some(), "the seek is still open");
        assert!(lobby.in_pool(p[1].id), "his pool place is kept");
        // A real-time pool pairing with a player already in a real-time match.
        let blitz = MatchSettings {
            time_control: TimeControl::RealTime {
                initial_ms: 60_000,
                increment_ms: 0,
            },
            ..settings(1)
        };
        identities.engage(&[p[2].clone(), p[3].clone()], MatchId(2), true);
        lobby.pool_wait(p[0].clone(), blitz, waits(&p[0]));
        let proposal = for_pool(&lobby, &p[3], blitz, waits(&p[3])).expect("a proposal");
        assert_eq!(
            pair(&mut lobby, &identities, proposal, limits(20)).err(),
            Some(ServerError::AlreadyPlaying("dan".into()))
        );
        assert!(lobby.in_pool(p[0].id), "the partner still waits");
    }

    #[test]
    fn the_pool_pairs_identical_settings_first_come_first_paired() {
        let (identities, p) = four();
        let mut lobby = Lobby::default();
        for (player, games) in [(&p[0], 3), (&p[1], 5)] {
            let proposal =
                for_pool(&lobby, player, settings(games), waits(player)).expect("a proposal");
            assert_eq!(
                pair(&mut lobby, &identities, proposal, limits(20)),
                Ok(None),
                "waits"
            );
        }
        assert_eq!(
            for_pool(&lobby, &p[0], settings(1), waits(&p[0])).err(),
            Some(ServerError::AlreadyInPool)
        );
        let proposal = for_pool(&lobby, &p[2], settings(5), waits(&p[2])).expect("a proposal");
        let pairing = pair(&mut lobby, &identities, proposal, limits(20))
            .expect("may play")
            .expect("paired");
        assert_eq!(
            [pairing.players[0].id, pairing.players[1].id],
            [p[1].id, p[2].id]
        );
        assert_eq!(pairing.origin, Origin::Pool);
        assert!(lobby.in_pool(p[0].id), "ann waits for other settings");
        assert!(!lobby.in_pool(p[1].id));
    }

    #[test]
    fn only_the_challenged_accepts_a_challenge_and_seats_are_fixed() {
        let (identities, p) = four();
        let mut lobby = Lobby::default();
        lobby.add_challenge(ChallengeInfo {
            challenge_id: ChallengeId(4),
            from: p[0].clone(),
            to: p[1].clone(),
            settings: settings(1),
            expires_in_ms: 60_000,
        });
        assert_eq!(
            for_challenge(&lobby, p[2].id, ChallengeId(4)).err(),
            Some(ServerError::NoChallengeForYou(ChallengeId(4)))
        );
        let proposal = for_challenge(&lobby, p[1].id, ChallengeId(4)).expect("a proposal");
        let pairing = pair(&mut lobby, &identities, proposal, limits(20))
            .expect("may play")
            .expect("paired");
        assert_eq!(pairing.players[0].id, p[0].id, "the challenger is seat 0");
        assert!(lobby.challenge(ChallengeId(4)).is_none());
        assert_eq!(
            for_seek(&lobby, &p[1], Err("nocode"), |_| true).err(),
            Some(ServerError::NoSuchSeek)
        );
    }
}
