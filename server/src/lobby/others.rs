//! How the lobby tells the other nodes of a cluster its changes and hears
//! theirs (`--cluster`). Every node tells the others each change of its own
//! lobby as the message its subscribers get ([`Lobby::take_news`]), and its
//! whole lobby when asked ([`Lobby::shown`]: a node that joins, or that may
//! have missed news, asks); what it hears ([`super::remote`]) is shown to
//! this node's subscribers beside its own. A seek is taken on the node that
//! holds it: [`Lobby::seek_node`] and [`Lobby::code_node`] say which; a
//! player is challenged on the node he is on: [`Lobby::player_node`].

use super::remote::{News, Shown};
use super::state::Lobby;
use crate::players::identity::Playing;
use protocol::wire::{MatchSummary, PlayerId, SeekId, ServerMsg};

impl Lobby {
    /// From now on, keep this node's changes for the other nodes.
    pub(crate) fn tell_others(&mut self) {
        self.remote.news.get_or_insert_with(Vec::new);
    }

    /// This node's changes since the last call, for the other nodes.
    pub(crate) fn take_news(&mut self) -> Vec<News> {
        self.remote
            .news
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// This node's whole lobby, for the other nodes.
    pub(crate) fn shown(&self) -> Shown {
        Shown {
            seeks: self.public_seeks().cloned().collect(),
            matches: self.live_matches().cloned().collect(),
            online: self.people_online(),
            codes: self.private_codes().cloned().collect(),
            present: self.remote.present.iter().cloned().collect(),
        }
    }

    /// Person `name` (his name's key) is signed in on this node, or not:
    /// told to the other nodes when it changes (in a cluster only).
    pub(crate) fn set_present(&mut self, name: String, here: bool) {
        let Some(news) = &mut self.remote.news else {
            return;
        };
        let changed = if here {
            self.remote.present.insert(name.clone())
        } else {
            self.remote.present.remove(&name)
        };
        if changed {
            news.push(News::Present { name, here });
        }
    }

    /// Tell the other nodes that player `id` changed here (in a cluster).
    pub(crate) fn tell_player_changed(&mut self, id: PlayerId) {
        if let Some(news) = &mut self.remote.news {
            news.push(News::Player { id: id.0 });
        }
    }

    /// The other node person `name` (his name's key) is signed in on, if
    /// another is (the first by name if several).
    pub(crate) fn player_node(&self, name: &str) -> Option<&str> {
        self.remote
            .nodes
            .iter()
            .find(|(_, heard)| heard.present.contains(name))
            .map(|(node, _)| node.as_str())
    }

    /// The node holding the private seek of `code`, if another node does.
    pub(crate) fn code_node(&self, code: &str) -> Option<&str> {
        self.remote
            .nodes
            .iter()
            .find(|(_, heard)| heard.codes.contains(code))
            .map(|(node, _)| node.as_str())
    }

    /// The node holding seek `id`, if another node does.
    pub(crate) fn seek_node(&self, id: SeekId) -> Option<&str> {
        self.remote
            .nodes
            .iter()
            .find(|(_, heard)| heard.seeks.contains_key(&id))
            .map(|(node, _)| node.as_str())
    }

    /// The live matches `player` plays on other nodes, as their lobbies
    /// list them (not one this node serves: a match taken over may still be
    /// listed by the node that stopped, until it is forgotten).
    pub(crate) fn matches_elsewhere(&self, player: PlayerId) -> Vec<MatchSummary> {
        self.remote
            .matches_of(player)
            .into_iter()
            .filter(|s| !self.is_listed_here(s.match_id))
            .cloned()
            .collect()
    }

    /// How many live matches `player` plays on other nodes, and how many
    /// real-time: counted against his limits here.
    pub(crate) fn playing_elsewhere(&self, player: PlayerId) -> Playing {
        let mut playing = Playing::default();
        for summary in self.remote.matches_of(player) {
            if self.is_listed_here(summary.match_id) {
                continue;
            }
            playing.matches += 1;
            playing.real_time += usize::from(summary.settings.time_control.is_real_time());
        }
        playing
    }

    /// The other nodes heard from.
    pub(crate) fn other_nodes(&self) -> Vec<String> {
        self.remote.nodes.keys().cloned().collect()
    }

    /// A change of `node`'s lobby: shown here too.
    pub(crate) fn hear(&mut self, node: &str, news: News) {
        let heard = self.remote.nodes.entry(node.to_owned()).or_default();
        let news = match news {
            News::Shown(msg) => msg,
            News::Code { code, open } => {
                if open {
                    heard.codes.insert(code);
                } else {
                    heard.codes.remove(&code);
                }
                return;
            }
            News::Present { name, here } => {
                if here {
                    heard.present.insert(name);
                } else {
                    heard.present.remove(&name);
                }
                return;
            }
            // The hub's: players are not the lobby's.
            News::Player { .. } => return,
        };
        match &news {
            ServerMsg::SeekAdded { seek } => {
                heard.seeks.insert(seek.seek_id, seek.clone());
            }
            ServerMsg::SeekRemoved { seek_id } => {
                if heard.seeks.remove(seek_id).is_none() {
                    return;
                }
            }
            ServerMsg::MatchListed { summary } | ServerMsg::MatchChanged { summary } => {
                heard.list(summary.clone());
            }
            ServerMsg::MatchUnlisted { match_id } => {
                if !heard.unlist(*match_id) {
                    return;
                }
            }
            ServerMsg::PlayersOnline { count } => {
                heard.online = *count;
                let total = self.players_online();
                self.changes.push(ServerMsg::PlayersOnline { count: total });
                return;
            }
            _ => return,
        }
        self.changes.push(news);
    }

    /// `node`'s whole lobby (it joined, or this node may have missed news):
    /// what changed is shown here.
    pub(crate) fn replace_node(&mut self, node: &str, shown: Shown) {
        self.forget_node(node);
        let heard = self.remote.nodes.entry(node.to_owned()).or_default();
        heard.online = shown.online;
        heard.codes = shown.codes.into_iter().collect();
        heard.present = shown.present.into_iter().collect();
        for seek in shown.seeks {
            heard.seeks.insert(seek.seek_id, seek.clone());
            self.changes.push(ServerMsg::SeekAdded { seek });
        }
        let heard = self.remote.nodes.entry(node.to_owned()).or_default();
        for summary in shown.matches {
            heard.list(summary.clone());
            self.changes.push(ServerMsg::MatchListed { summary });
        }
        let total = self.players_online();
        self.changes.push(ServerMsg::PlayersOnline { count: total });
    }

    /// `node` stopped, or this node lost touch: its lobby is shown no more.
    pub(crate) fn forget_node(&mut self, node: &str) {
        let Some(heard) = self.remote.nodes.remove(node) else {
            return;
        };
        for &seek_id in heard.seeks.keys() {
            self.changes.push(ServerMsg::SeekRemoved { seek_id });
        }
        for match_id in heard.match_ids() {
            self.changes.push(ServerMsg::MatchUnlisted { match_id });
        }
        let total = self.players_online();
        self.changes.push(ServerMsg::PlayersOnline { count: total });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::wire::{MatchSettings, PlayerId, PlayerRef, SeekInfo};

    fn seek(id: u64) -> SeekInfo {
        SeekInfo {
            seek_id: SeekId(id),
            by: PlayerRef {
                id: PlayerId(id),
                name: format!("p{id}"),
            },
            settings: MatchSettings::default(),
            rating: None,
            rating_range: None,
        }
    }

    fn seeks_in(snapshot: &ServerMsg) -> Vec<u64> {
        match snapshot {
            ServerMsg::LobbySnapshot { seeks, .. } => seeks.iter().map(|s| s.seek_id.0).collect(),
            other => panic!("not a snapshot: {other:?}"),
        }
    }

    #[test]
    fn another_nodes_seeks_are_shown_beside_ours_until_it_is_forgotten() {
        let mut lobby = Lobby::default();
        lobby.tell_others();
        let ours = lobby.add_seek(
            SeekId(1),
            seek(1).by,
            MatchSettings::default(),
            None,
            None,
            None,
        );
        assert_eq!(
            lobby.take_news(),
            [News::Shown(ServerMsg::SeekAdded { seek: ours })],
            "our own change is news for the others"
        );
        lobby.hear("b", News::Shown(ServerMsg::SeekAdded { seek: seek(2) }));
        lobby.hear("b", News::Shown(ServerMsg::PlayersOnline { count: 3 }));
        lobby.set_online(2);
        assert!(
            lobby
                .take_news()
                .iter()
                .all(|m| matches!(m, News::Shown(ServerMsg::PlayersOnline { count: 2 }))),
            "what we heard is not news from us; our count is ours alone"
        );
        assert_eq!(seeks_in(&lobby.snapshot(None, |_| true)), [1, 2]);
        assert_eq!(lobby.seek_node(SeekId(2)), Some("b"));
        assert_eq!(lobby.seek_node(SeekId(1)), None, "ours is taken here");
        assert_eq!(lobby.players_online(), 5);
        lobby.take_changes();

        lobby.forget_node("b");
        assert_eq!(seeks_in(&lobby.snapshot(None, |_| true)), [1]);
        assert!(
            lobby
                .take_changes()
                .contains(&ServerMsg::SeekRemoved { seek_id: SeekId(2) }),
            "the subscribers see it go"
        );
        assert_eq!(lobby.players_online(), 2);
        lobby.replace_node(
            "b",
            Shown {
                seeks: vec![seek(3)],
                matches: Vec::new(),
                online: 1,
                codes: vec!["k3".to_owned()],
                present: Vec::new(),
            },
        );
        assert_eq!(seeks_in(&lobby.snapshot(None, |_| true)), [1, 3]);
        assert_eq!(lobby.code_node("k3"), Some("b"));
        lobby.hear(
            "b",
            News::Code {
                code: "k3".to_owned(),
                open: false,
            },
        );
        assert_eq!(lobby.code_node("k3"), None);
    }

    /// Every node lists the same computer players and counts them itself:
    /// the count told to the others is of people only.
    #[test]
    fn the_computer_players_are_not_counted_in_what_the_others_hear() {
        let mut lobby = Lobby::default();
        lobby.tell_others();
        lobby.set_online(3);
        lobby.set_computers(vec![protocol::wire::ComputerInfo {
            name: "computer-1".to_owned(),
            level: 1,
        }]);
        assert_eq!(
            lobby.take_news().last(),
            Some(&News::Shown(ServerMsg::PlayersOnline { count: 2 }))
        );
        assert_eq!(lobby.shown().online, 2);
        assert_eq!(lobby.players_online(), 3, "counted here, once");
    }

    #[test]
    fn a_player_is_found_on_the_node_he_is_signed_in_on() {
        let mut lobby = Lobby::default();
        lobby.set_present("ann".to_owned(), true);
        assert!(
            lobby.take_news().is_empty(),
            "outside a cluster nothing is kept"
        );
        lobby.tell_others();
        lobby.set_present("ann".to_owned(), true);
        lobby.set_present("ann".to_owned(), true);
        assert_eq!(
            lobby.take_news(),
            [News::Present {
                name: "ann".to_owned(),
                here: true
            }],
            "told once"
        );
        assert_eq!(lobby.shown().present, ["ann"]);
        lobby.hear(
            "b",
            News::Present {
                name: "bob".to_owned(),
                here: true,
            },
        );
        assert_eq!(lobby.player_node("bob"), Some("b"));
        assert_eq!(lobby.player_node("ann"), None, "ours is challenged here");
        lobby.hear(
            "b",
            News::Present {
                name: "bob".to_owned(),
                here: false,
            },
        );
        assert_eq!(lobby.player_node("bob"), None);
        let shown = Shown {
            present: vec!["cid".to_owned()],
            ..Shown::default()
        };
        lobby.replace_node("c", shown);
        assert_eq!(lobby.player_node("cid"), Some("c"));
        lobby.forget_node("c");
        assert_eq!(
            lobby.player_node("cid"),
            None,
            "a stopped node's players are gone"
        );
    }

    #[test]
    fn a_players_matches_on_other_nodes_are_found_and_counted_once() {
        use protocol::wire::{MatchId, MatchSummary, TimeControl};
        let player = |id: u64, name: &str| PlayerRef {
            id: PlayerId(id),
            name: name.to_owned(),
        };
        let summary = |id: u64, real_time: bool| MatchSummary {
            match_id: MatchId(id),
            players: [player(1, "ann"), player(2, "bob")],
            ratings: None,
            settings: MatchSettings {
                time_control: if real_time {
                    TimeControl::RealTime {
                        initial_ms: 60_000,
                        increment_ms: 0,
                    }
                } else {
                    TimeControl::Untimed
                },
                ..MatchSettings::default()
            },
            points: [0.0, 0.0],
            game: 1,
            spectators: 0,
        };
        let mut lobby = Lobby::default();
        lobby.hear(
            "b",
            News::Shown(ServerMsg::MatchListed {
                summary: summary(1, true),
            }),
        );
        lobby.hear(
            "c",
            News::Shown(ServerMsg::MatchListed {
                summary: summary(2, false),
            }),
        );
        // Taken over here from node c, which is not forgotten yet.
        lobby.list_match(summary(2, false));
        let ids = |found: Vec<MatchSummary>| found.iter().map(|s| s.match_id.0).collect::<Vec<_>>();
        assert_eq!(ids(lobby.matches_elsewhere(PlayerId(1))), [1]);
        assert_eq!(
            lobby.playing_elsewhere(PlayerId(2)),
            Playing {
                matches: 1,
                real_time: 1
            }
        );
        lobby.hear(
            "b",
            News::Shown(ServerMsg::MatchUnlisted {
                match_id: MatchId(1),
            }),
        );
        assert_eq!(lobby.playing_elsewhere(PlayerId(2)), Playing::default());
        assert!(lobby.matches_elsewhere(PlayerId(3)).is_empty());
    }
}
