//! What the client knows: the lobby, its matches and its challenges, kept
//! up to date from the server's messages. Pure data, drawn by the full-screen
//! interface and described line by line by the plain one.

use protocol::rules::{Board, MoveEvent, Pit, Side};
use protocol::wire::{
    ChallengeInfo, ChatRoom, ClientMsg, Clocks, ErrorCode, GameOutcome, MatchEndReason, MatchId,
    MatchSettings, MatchSummary, PlayerRef, Seat, SeekInfo, ServerMsg, ShownRating,
};
use std::collections::BTreeMap;
use std::time::Instant;

/// A request the server refused: its code, and its own (English) words,
/// which name the detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Why, as a stable code.
    pub code: ErrorCode,
    /// The server's words.
    pub message: String,
}

/// The lobby as last heard.
#[derive(Clone, Debug, Default)]
pub struct LobbyView {
    /// Open public seeks.
    pub seeks: Vec<SeekInfo>,
    /// Live matches.
    pub matches: Vec<MatchSummary>,
    /// Players online.
    pub online: u32,
}

/// The last move of a game, for highlighting.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub seat: Option<Seat>,
    /// The house number played.
    pub house: u8,
    /// Pits that received a seed (rules sides).
    pub sown: Vec<Pit>,
    /// Pits that were captured (rules sides).
    pub captured: Vec<Pit>,
    /// Seeds captured in all.
    pub captured_seeds: u32,
    /// The mover moves again (his last seed ended in his store).
    pub extra_turn: bool,
}

/// One line of the lobby one can select, in the order shown: challenges
/// waiting for an answer, one's own running matches, the open seeks, the
/// others' live matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyEntry {
    /// A challenge made to the player: y accepts it, n declines it.
    Challenge(protocol::wire::ChallengeId),
    /// A match the player plays: Enter opens it as his.
    Mine(MatchId),
    /// An open seek: Enter accepts it.
    Seek(protocol::wire::SeekId),
    /// Someone else's match: Enter watches it.
    Live(MatchId),
}

/// A finished game of a match, for the end-of-game screen and its table.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// Its number, from 1.
    pub game: u8,
    /// The seat that moved first.
    pub first: Seat,
    /// How it ended.
    pub outcome: GameOutcome,
    /// The final position, when the client saw the game end (a snapshot
    /// gives only the current game's board).
    pub board: Option<Board>,
}

impl FinishedGame {
    /// The stores by seat.
    pub fn stores(&self) -> [u8; 2] {
        self.outcome.stores_by_seat(self.first)
    }
}

/// One match the client plays or watches.
#[derive(Clone, Debug)]
pub struct MatchView {
    /// The match.
    pub id: MatchId,
    /// Seat 0 and seat 1.
    pub players: [PlayerRef; 2],
    /// Their ratings as the match began (timed matches).
    pub ratings: Option<[ShownRating; 2]>,
    /// Its settings.
    pub settings: MatchSettings,
    /// The client's seat, `None` when watching.
    pub me: Option<Seat>,
    /// The last event version seen.
    pub version: u64,
    /// Points per seat.
    pub points: [f64; 2],
    /// The current game number.
    pub game: u8,
    /// Who moved first in the current game (rules side 0).
    pub first: Seat,
    /// The board by rules side.
    pub board: Board,
    /// Moves played in the current game.
    pub ply: u32,
    /// The seat to move.
    pub to_move: Option<Seat>,
    /// Clocks as last received, and when.
    pub clocks: Option<(Clocks, Instant)>,
    /// The last move, for highlighting.
    pub last_move: Option<LastMove>,
    /// The match's finished games, in order.
    pub results: Vec<FinishedGame>,
    /// Set once the match is over: why, and the winning seat.
    pub ended: Option<(MatchEndReason, Option<Seat>)>,
    /// Chat lines: room, name, text.
    pub chat: Vec<(ChatRoom, String, String)>,
    /// A pending draw offer, by seat.
    pub draw_offer: Option<Seat>,
    /// A pending rematch offer, by seat.
    pub rematch_offer: Option<Seat>,
    /// Spectators watching.
    pub spectators: u32,
    /// Whether each seat's player is connected.
    pub present: [bool; 2],
}

impl MatchView {
    /// The rules side the seat plays in the current game.
    pub fn side_of(&self, seat: Seat) -> Side {
        seat.side(self.first)
    }

    /// Whether it is this client's turn.
    pub fn my_turn(&self) -> bool {
        self.me.is_some() && self.me == self.to_move && self.ended.is_none()
    }

    /// The houses the player to move may sow (numbers from 1), from the board.
    pub fn legal_houses(&self) -> Vec<u8> {
        let Some(seat) = self.to_move else {
            return Vec::new();
        };
        let side = self.side_of(seat);
        let Ok(position) = protocol::rules::Position::from_board(
            self.settings.ruleset,
            &Board {
                to_move: Some(side),
                ..self.board.clone()
            },
            None,
        ) else {
            return Vec::new();
        };
        position.legal_moves().iter().map(|m| m.number()).collect()
    }

    /// Clocks counted down to `now`.
    pub fn clocks_now(&self, now: Instant) -> Option<Clocks> {
        let (clocks, at) = self.clocks?;
        let mut view = clocks;
        let elapsed = now.saturating_duration_since(at).as_millis() as u64;
        if let Some(seat) = clocks.running {
            let slot = &mut view.remaining_ms[seat.index()];
            *slot = slot.saturating_sub(elapsed);
        }
        // The game's first move has its own window, while no clock runs.
        view.first_move_ms = clocks.first_move_ms.map(|ms| ms.saturating_sub(elapsed));
        Some(view)
    }

    fn set_clocks(&mut self, clocks: Option<Clocks>) {
        if let Some(clocks) = clocks {
            self.clocks = Some((clocks, Instant::now()));
        }
    }
}

/// Everything the client knows.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// Who we are, after `welcome`.
    pub me: Option<PlayerRef>,
    /// Our token.
    pub token: Option<String>,
    /// The lobby, if subscribed.
    pub lobby: LobbyView,
    /// Matches we play or watch.
    pub matches: BTreeMap<MatchId, MatchView>,
    /// Challenges made to us, pending.
    pub challenges: Vec<ChallengeInfo>,
    /// Challenges we made, pending.
    pub sent_challenges: Vec<ChallengeInfo>,
    /// Our own open seeks.
    pub my_seeks: Vec<SeekInfo>,
    /// The settings we wait in the quick-pairing pool with, if we do.
    pub in_pool: Option<MatchSettings>,
    /// The last request the server refused.
    pub last_error: Option<Refusal>,
    /// The match the player chose to look at (commands apply to it), if any.
    pub focus: Option<MatchId>,
    /// Matches being caught up after a reconnection: their missed events are
    /// replaying until `resumed` (or a snapshot) says they are done, and no
    /// move should be chosen on a board that is not the latest.
    pub catching_up: std::collections::BTreeSet<MatchId>,
    /// The tournaments the lobby shows (the newest not over), as last read
    /// or told.
    pub tournaments: Vec<protocol::wire::TournamentView>,
    /// Match events that arrived ahead of a gap (a live event overtaking the
    /// replay after a reconnection), held until the gap is filled.
    pub(crate) early: BTreeMap<(MatchId, u64), ServerMsg>,
}

impl Model {
    /// The match shown first: the one chosen (`focus`), else the most
    /// recent one still running, or the most recent.
    pub fn current_match(&self) -> Option<&MatchView> {
        if let Some(chosen) = self.focus.and_then(|id| self.matches.get(&id)) {
            return Some(chosen);
        }
        self.matches
            .values()
            .rev()
            .find(|m| m.ended.is_none())
            .or_else(|| self.matches.values().next_back())
    }

    /// Note what we sent: a challenge we answered or withdrew is closed
    /// for us (the server tells only the other player).
    pub fn sent(&mut self, msg: &ClientMsg) {
        match msg {
            ClientMsg::ChallengeAccept { challenge_id }
            | ClientMsg::ChallengeDecline { challenge_id } => {
                self.challenges.retain(|c| c.challenge_id != *challenge_id)
            }
            ClientMsg::ChallengeWithdraw { challenge_id } => self
                .sent_challenges
                .retain(|c| c.challenge_id != *challenge_id),
            _ => {}
        }
    }

    /// The player's own running matches, most recent first.
    pub fn my_live_matches(&self) -> Vec<&MatchView> {
        self.matches
            .values()
            .rev()
            .filter(|m| m.me.is_some() && m.ended.is_none())
            .collect()
    }

    /// What the lobby lists, in order (see [`LobbyEntry`]).
    pub fn lobby_entries(&self) -> Vec<LobbyEntry> {
        let mine = self.my_live_matches();
        let mut entries: Vec<LobbyEntry> = self
            .challenges
            .iter()
            .map(|c| LobbyEntry::Challenge(c.challenge_id))
            .collect();
        entries.extend(mine.iter().map(|m| LobbyEntry::Mine(m.id)));
        entries.extend(self.lobby.seeks.iter().map(|s| LobbyEntry::Seek(s.seek_id)));
        entries.extend(
            self.lobby
                .matches
                .iter()
                .filter(|m| !mine.iter().any(|v| v.id == m.match_id))
                .map(|m| LobbyEntry::Live(m.match_id)),
        );
        entries
    }

    /// Take in one message from the server; returns the messages now taken
    /// in, in order: numbered match events only once, without gaps (an event
    /// that arrives early waits for the ones before it), everything else as is.
    pub fn accept(&mut self, msg: ServerMsg) -> Vec<ServerMsg> {
        let id = match (&msg, msg.match_event()) {
            (_, Some((id, version))) => {
                if let Some(view) = self.matches.get(&id) {
                    if version <= view.version {
                        return Vec::new(); // already taken in (replayed)
                    }
                    if version > view.version + 1 {
                        self.early.insert((id, version), msg);
                        return Vec::new();
                    }
                }
                id
            }
            (ServerMsg::MatchSnapshot { snapshot, .. }, None) => {
                let (id, version) = (snapshot.match_id, snapshot.version);
                self.early.retain(|&(m, v), _| m != id || v > version);
                id
            }
            _ => {
                self.apply(&msg);
                return vec![msg];
            }
        };
        self.apply(&msg);
        let mut taken = vec![msg];
        while let Some(next) = self
            .matches
            .get(&id)
            .and_then(|view| self.early.remove(&(id, view.version + 1)))
        {
            self.apply(&next);
            taken.push(next);
        }
        taken
    }

    /// Apply one message to the model (ordering is [`Model::accept`]'s job).
    fn apply(&mut self, msg: &ServerMsg) {
        match msg {
            ServerMsg::Tournament { tournament, .. } => {
                if let Some(shown) = self
                    .tournaments
                    .iter_mut()
                    .find(|t| t.tournament_id == tournament.tournament_id)
                {
                    *shown = (**tournament).clone();
                }
            }
            ServerMsg::Welcome {
                player_id,
                name,
                token,
                seeks,
                ..
            } => {
                self.me = Some(PlayerRef {
                    id: *player_id,
                    name: name.clone(),
                });
                self.token = Some(token.clone());
                self.my_seeks = seeks.clone();
            }
            ServerMsg::Error { code, message, .. } => {
                self.last_error = Some(Refusal {
                    code: *code,
                    message: message.clone(),
                });
            }
            ServerMsg::LobbySnapshot {
                seeks,
                matches,
                players_online,
                ..
            } => {
                self.lobby = LobbyView {
                    seeks: seeks.clone(),
                    matches: matches.clone(),
                    online: *players_online,
                };
            }
            ServerMsg::SeekAdded { seek } => self.lobby.seeks.push(seek.clone()),
            ServerMsg::SeekRemoved { seek_id } => {
                self.lobby.seeks.retain(|s| s.seek_id != *seek_id);
                self.my_seeks.retain(|s| s.seek_id != *seek_id);
            }
            ServerMsg::MatchListed { summary } => self.lobby.matches.push(summary.clone()),
            ServerMsg::MatchChanged { summary } => {
                if let Some(line) = self
                    .lobby
                    .matches
                    .iter_mut()
                    .find(|m| m.match_id == summary.match_id)
                {
                    *line = summary.clone();
                }
            }
            ServerMsg::MatchUnlisted { match_id } => {
                self.lobby.matches.retain(|m| m.match_id != *match_id)
            }
            ServerMsg::PlayersOnline { count } => self.lobby.online = *count,
            ServerMsg::SeekCreated { seek, .. } => self.my_seeks.push(seek.clone()),
            ServerMsg::PoolJoined { settings, .. } => self.in_pool = Some(*settings),
            ServerMsg::ChallengeReceived { challenge } => self.challenges.push(challenge.clone()),
            ServerMsg::ChallengeSent { challenge, .. } => {
                self.sent_challenges.push(challenge.clone())
            }
            ServerMsg::ChallengeClosed { challenge_id, .. } => {
                self.challenges.retain(|c| c.challenge_id != *challenge_id);
                self.sent_challenges
                    .retain(|c| c.challenge_id != *challenge_id);
            }
            ServerMsg::Resumed { match_id, .. } => {
                self.catching_up.remove(match_id);
            }
            ServerMsg::MatchSnapshot { snapshot, .. } => {
                self.catching_up.remove(&snapshot.match_id);
                let me = self.me.as_ref().and_then(|me| {
                    Seat::BOTH
                        .into_iter()
                        .find(|s| snapshot.players[s.index()].id == me.id)
                });
                let current = snapshot.games.last();
                let view = MatchView {
                    id: snapshot.match_id,
                    players: snapshot.players.clone(),
                    ratings: None,
                    settings: snapshot.settings,
                    me,
                    version: snapshot.version,
                    points: snapshot.points,
                    game: current.map_or(1, |g| g.game),
                    first: current.map_or(Seat::Zero, |g| g.first),
                    board: snapshot.position.clone(),
                    ply: current.map_or(0, |g| g.moves.len() as u32),
                    to_move: snapshot.to_move,
                    clocks: snapshot.clocks.map(|c| (c, Instant::now())),
                    last_move: None,
                    results: snapshot
                        .games
                        .iter()
                        .filter_map(|g| {
                            Some(FinishedGame {
                                game: g.game,
                                first: g.first,
                                outcome: g.outcome?,
                                board: None,
                            })
                        })
                        .collect(),
                    ended: snapshot.ended.map(|r| (r, winner_of(snapshot.points))),
                    chat: Vec::new(),
                    draw_offer: None,
                    rematch_offer: None,
                    spectators: snapshot.spectators,
                    present: [true, true],
                };
                // A snapshot says nothing of the chat or the ratings: keep them.
                let (chat, ratings) = self
                    .matches
                    .remove(&snapshot.match_id)
                    .map(|old| (old.chat, old.ratings))
                    .unwrap_or_default();
                self.matches.insert(
                    snapshot.match_id,
                    MatchView {
                        chat,
                        ratings,
                        ..view
                    },
                );
            }
            ServerMsg::MatchStarted {
                match_id,
                version,
                players,
                settings,
                ratings,
                ..
            } => {
                // Paired: the pool let us go.
                self.in_pool = None;
                let me = self.me.as_ref().and_then(|me| {
                    Seat::BOTH
                        .into_iter()
                        .find(|s| players[s.index()].id == me.id)
                });
                self.matches.insert(
                    *match_id,
                    MatchView {
                        id: *match_id,
                        players: players.clone(),
                        ratings: *ratings,
                        settings: *settings,
                        me,
                        version: *version,
                        points: [0.0, 0.0],
                        game: 0,
                        first: Seat::Zero,
                        board: protocol::rules::Position::start(settings.ruleset).board(),
                        ply: 0,
                        to_move: None,
                        clocks: None,
                        last_move: None,
                        results: Vec::new(),
                        ended: None,
                        chat: Vec::new(),
                        draw_offer: None,
                        rematch_offer: None,
                        spectators: 0,
                        present: [true, true],
                    },
                );
            }
            _ => self.apply_to_match(msg),
        }
    }

    fn apply_to_match(&mut self, msg: &ServerMsg) {
        let Some(id) = msg.match_id() else { return };
        let Some(view) = self.matches.get_mut(&id) else {
            return;
        };
        if let Some(version) = version_of(msg) {
            view.version = version;
        }
        match msg {
            ServerMsg::GameStarted {
                game,
                first,
                position,
                clocks,
                ..
            } => {
                view.game = *game;
                view.first = *first;
                view.board = position.clone();
                view.ply = 0;
                view.to_move = Some(*first);
                view.last_move = None;
                view.draw_offer = None;
                view.set_clocks(*clocks);
            }
            ServerMsg::MovePlayed {
                seat,
                house,
                events,
                position,
                next,
                clocks,
                ply,
                ..
            } => {
                view.board = position.clone();
                view.ply = *ply;
                view.to_move = *next;
                view.last_move = Some(LastMove {
                    seat: Some(*seat),
                    house: *house,
                    sown: events
                        .iter()
                        .filter_map(|e| match e {
                            MoveEvent::Sow { pit } => Some(*pit),
                            _ => None,
                        })
                        .collect(),
                    captured: events
                        .iter()
                        .filter_map(|e| match e {
                            MoveEvent::Capture { pit, .. } => Some(*pit),
                            _ => None,
                        })
                        .collect(),
                    captured_seeds: MoveEvent::captured(events),
                    extra_turn: events
                        .iter()
                        .any(|e| matches!(e, MoveEvent::ExtraTurn { .. })),
                });
                if view.draw_offer == Some(*seat) {
                    view.draw_offer = None;
                }
                view.set_clocks(*clocks);
            }
            ServerMsg::GameEnded {
                outcome,
                points,
                clocks,
                ..
            } => {
                view.points = *points;
                view.to_move = None;
                let finished = FinishedGame {
                    game: view.game,
                    first: view.first,
                    outcome: *outcome,
                    board: Some(view.board.clone()),
                };
                // A replayed event after a snapshot that already had it.
                if view
                    .results
                    .last()
                    .is_none_or(|last| last.game < finished.game)
                {
                    view.results.push(finished);
                }
                view.draw_offer = None;
                view.set_clocks(*clocks);
            }
            ServerMsg::MatchEnded {
                reason,
                points,
                winner,
                ..
            } => {
                view.points = *points;
                view.to_move = None;
                view.ended = Some((*reason, *winner));
                if let Some((clocks, _)) = &mut view.clocks {
                    clocks.running = None;
                }
            }
            ServerMsg::PlayerLeft { seat, .. } => view.present[seat.index()] = false,
            ServerMsg::PlayerReturned { seat, .. } => view.present[seat.index()] = true,
            ServerMsg::ServerRestarted { clocks, .. } => {
                view.present = [false, false];
                view.set_clocks(*clocks);
            }
            ServerMsg::DrawOffered { seat, .. } => view.draw_offer = Some(*seat),
            ServerMsg::Berserked { clocks, .. } => view.set_clocks(*clocks),
            ServerMsg::DrawOfferEnded { .. } => view.draw_offer = None,
            ServerMsg::RematchOffered { seat, .. } => view.rematch_offer = Some(*seat),
            ServerMsg::RematchDeclined { .. } | ServerMsg::RematchAgreed { .. } => {
                view.rematch_offer = None
            }
            ServerMsg::Spectators { count, .. } => view.spectators = *count,
            ServerMsg::ChatMessage {
                room, from, text, ..
            } => view.chat.push((*room, from.name.clone(), text.clone())),
            _ => {}
        }
    }
}

/// The seat with more points.
fn winner_of(points: [f64; 2]) -> Option<Seat> {
    if points[0] > points[1] {
        Some(Seat::Zero)
    } else if points[1] > points[0] {
        Some(Seat::One)
    } else {
        None
    }
}

/// The version of a numbered match event.
pub fn version_of(msg: &ServerMsg) -> Option<u64> {
    msg.match_event().map(|(_, version)| version)
}

/// A match as the screens and lines tests draw it.
#[cfg(test)]
pub(crate) mod sample {
    use super::*;
    use protocol::rules::{Ruleset, Variant};
    use protocol::wire::{MatchSettings, PlayerId};

    pub(crate) fn player(id: u64, name: &str) -> PlayerRef {
        PlayerRef {
            id: PlayerId(id),
            name: name.into(),
        }
    }

    /// Kalah, game 2, bob (seat 1) moved first; ann has just played house 3.
    pub(crate) fn mid_game(me: Option<Seat>) -> MatchView {
        MatchView {
            id: MatchId(31),
            players: [player(5, "ann"), player(6, "bob")],
            ratings: None,
            settings: MatchSettings {
                ruleset: Ruleset::default_for(Variant::Kalah),
                ..MatchSettings::default()
            },
            me,
            version: 40,
            points: [1.0, 0.0],
            game: 2,
            first: Seat::One,
            // Rules side 0 is bob (he moved first), side 1 is ann.
            board: Board::new(
                [vec![1, 2, 3, 4, 5, 6], vec![0, 7, 0, 8, 9, 1]],
                [10, 12],
                Some(Side::Player1),
            ),
            ply: 9,
            // House 3 ended in ann's store: she moves again.
            to_move: Some(Seat::Zero),
            clocks: None,
            last_move: Some(LastMove {
                seat: Some(Seat::Zero),
                house: 3,
                sown: vec![Pit::House(Side::Player1, 3), Pit::Store(Side::Player1)],
                captured: vec![],
                captured_seeds: 0,
                extra_turn: true,
            }),
            results: vec![FinishedGame {
                game: 1,
                first: Seat::Zero,
                outcome: GameOutcome {
                    reason: protocol::wire::GameEndReason::SideEmpty,
                    winner: Some(Seat::Zero),
                    stores: [26, 22],
                },
                board: None,
            }],
            ended: None,
            chat: vec![(ChatRoom::Players, "ann".into(), "good game".into())],
            draw_offer: None,
            rematch_offer: None,
            spectators: 2,
            present: [true, true],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sample::mid_game;
    use super::*;
    use protocol::wire::GameEndReason;

    fn challenge(id: u64, from: &str, to: &str) -> ChallengeInfo {
        ChallengeInfo {
            challenge_id: protocol::wire::ChallengeId(id),
            from: super::sample::player(1, from),
            to: super::sample::player(2, to),
            settings: MatchSettings::default(),
            expires_in_ms: 60_000,
        }
    }

    #[test]
    fn challenges_are_kept_both_ways_until_each_closes() {
        use protocol::wire::{ChallengeCloseReason, ChallengeId};
        let mut model = Model::default();
        model.accept(ServerMsg::ChallengeReceived {
            challenge: challenge(5, "bob", "ann"),
        });
        model.accept(ServerMsg::ChallengeReceived {
            challenge: challenge(6, "cy", "ann"),
        });
        model.accept(ServerMsg::ChallengeSent {
            id: None,
            challenge: challenge(7, "ann", "dan"),
        });
        assert_eq!(
            model.lobby_entries()[..2],
            [
                LobbyEntry::Challenge(ChallengeId(5)),
                LobbyEntry::Challenge(ChallengeId(6))
            ]
        );
        // Declining 5 closes it here (the server tells only bob).
        model.sent(&ClientMsg::ChallengeDecline {
            challenge_id: ChallengeId(5),
        });
        // Cy withdraws 6; dan declines 7.
        for id in [6, 7] {
            model.accept(ServerMsg::ChallengeClosed {
                challenge_id: ChallengeId(id),
                reason: ChallengeCloseReason::Declined,
            });
        }
        assert!(model.challenges.is_empty(), "{:?}", model.challenges);
        assert!(model.sent_challenges.is_empty());
        assert!(model.lobby_entries().is_empty());
    }

    #[test]
    fn a_finished_game_keeps_its_final_position_after_the_next_one_starts() {
        let view = mid_game(Some(Seat::Zero));
        let final_board = view.board.clone();
        let mut model = Model {
            matches: [(view.id, view)].into_iter().collect(),
            ..Model::default()
        };
        let outcome = GameOutcome {
            reason: GameEndReason::SideEmpty,
            winner: Some(Seat::One),
            stores: [27, 21],
        };
        let id = MatchId(31);
        model.accept(ServerMsg::GameEnded {
            match_id: id,
            version: 41,
            game: 2,
            outcome,
            points: [1.0, 1.0],
            clocks: None,
        });
        model.accept(ServerMsg::GameStarted {
            match_id: id,
            version: 42,
            game: 3,
            first: Seat::Zero,
            position: protocol::rules::Position::start(protocol::rules::Ruleset::default_for(
                protocol::rules::Variant::Kalah,
            ))
            .board(),
            legal: vec![1, 2, 3, 4, 5, 6],
            clocks: None,
        });
        let view = &model.matches[&id];
        assert_eq!(view.game, 3);
        let games: Vec<u8> = view.results.iter().map(|g| g.game).collect();
        assert_eq!(games, [1, 2]);
        let last = &view.results[1];
        assert_eq!(last.board.as_ref(), Some(&final_board));
        assert_eq!(last.first, Seat::One);
        assert_eq!(last.stores(), [21, 27], "ann 21, bob 27");
    }

    #[test]
    fn a_followed_tournaments_update_replaces_the_lobbys_line_and_others_are_left_alone() {
        let swiss = |id: u64, stage: &str| -> protocol::wire::TournamentView {
            serde_json::from_value(serde_json::json!({
                "tournament_id": id, "name": "Sunday Swiss", "director": {"id": 5, "name": "ann"},
                "settings": {"ruleset": {"variant": "mangala", "params": {}}, "games": 3, "stop_when_decided": false,
                             "time_control": {"kind": "untimed"}, "rated": false},
                "rounds": 3, "starts_at_ms": 0, "between_rounds_ms": 60000, "stage": stage,
                "next_round_at_ms": null, "standings": [], "rounds_played": []
            }))
            .expect("a tournament")
        };
        let mut model = Model {
            tournaments: vec![swiss(70, "waiting")],
            ..Model::default()
        };
        for (id, stage) in [(70, "playing"), (71, "playing")] {
            model.accept(ServerMsg::Tournament {
                id: None,
                tournament: Box::new(swiss(id, stage)),
            });
        }
        assert_eq!(model.tournaments.len(), 1, "only those shown are kept");
        assert_eq!(
            model.tournaments[0].stage,
            protocol::wire::TournamentStage::Playing
        );
    }
}
