//! The lobby's data: open seeks, the quick-pairing pool, pending challenges
//! and the live-match list. Pure: every change that subscribers must see is
//! recorded as the message that tells it, and taken by whoever delivers them
//! ([`Lobby::take_changes`]; the hub's `feed` does, whenever it lets go of
//! the lobby), and every change to the open seeks, public or private, as
//! what the journal must store ([`Lobby::take_seek_changes`]).

use crate::clock::Millis;
use crate::lobby::pool::{self, Waiting};
use crate::lobby::remote::{News, Remote};
use protocol::wire::{
    ChallengeId, ChallengeInfo, ComputerInfo, MatchId, MatchSettings, MatchSummary, PlayerId,
    PlayerRef, RatingRange, RequestId, SeekId, SeekInfo, ServerMsg, ShownRating,
};
use std::collections::{BTreeMap, HashMap};

/// A change to the open seeks, for the journal.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SeekChange {
    /// A seek was opened (with its private code, if it has one).
    Added(SeekInfo, Option<String>),
    /// A seek was taken, cancelled or withdrawn.
    Removed(SeekId),
}

struct Seek {
    info: SeekInfo,
    code: Option<String>,
}

/// One player waiting in the quick-pairing pool.
struct PoolPlace {
    player: PlayerRef,
    settings: MatchSettings,
    waiting: Waiting,
}

/// Lobby state (see the module docs).
#[derive(Default)]
pub(crate) struct Lobby {
    seeks: BTreeMap<SeekId, Seek>,
    codes: HashMap<String, SeekId>,
    pool: Vec<PoolPlace>,
    challenges: HashMap<ChallengeId, ChallengeInfo>,
    matches: BTreeMap<MatchId, MatchSummary>,
    /// Players connected to this node.
    online: u32,
    /// The computer players online, listed in every snapshot.
    computers: Vec<ComputerInfo>,
    /// Changes not yet delivered to the subscribers, in order.
    pub(super) changes: Vec<ServerMsg>,
    /// Seek changes not yet stored, in order.
    seek_changes: Vec<SeekChange>,
    /// What the other nodes of a cluster show ([`crate::lobby::remote`]).
    pub(super) remote: Remote,
}

impl Lobby {
    /// Record a change of this node's lobby for the subscribers (and, in a
    /// cluster, for the other nodes).
    fn announce(&mut self, msg: ServerMsg) {
        if let Some(news) = &mut self.remote.news {
            news.push(News::Shown(msg.clone()));
        }
        self.changes.push(msg);
    }

    /// The changes since the last call, in order, for the subscribers.
    pub(crate) fn take_changes(&mut self) -> Vec<ServerMsg> {
        std::mem::take(&mut self.changes)
    }

    /// The seek changes since the last call, in order, for the journal.
    pub(crate) fn take_seek_changes(&mut self) -> Vec<SeekChange> {
        std::mem::take(&mut self.seek_changes)
    }

    /// The snapshot a subscriber gets: the public seeks `sees` lets him
    /// see, the live matches, the players online.
    pub(crate) fn snapshot(
        &self,
        id: Option<RequestId>,
        sees: impl Fn(&SeekInfo) -> bool,
    ) -> ServerMsg {
        ServerMsg::LobbySnapshot {
            id,
            seeks: self
                .listed_seeks()
                .filter(|info| sees(info))
                .cloned()
                .collect(),
            matches: self.listed_matches().cloned().collect(),
            players_online: self.players_online(),
            computers: self.computers.clone(),
        }
    }

    /// The public seeks of every node, this one's first.
    fn listed_seeks(&self) -> impl Iterator<Item = &SeekInfo> {
        self.public_seeks().chain(self.remote.seeks())
    }

    /// The live matches of every node, this one's first.
    fn listed_matches(&self) -> impl Iterator<Item = &MatchSummary> {
        self.matches.values().chain(self.remote.matches())
    }

    /// What anyone may see without signing in: a page of the public seeks
    /// open to every rating and of the live matches (taking a page costs
    /// no more however many there are).
    pub(crate) fn view(&self) -> protocol::api::LobbyView {
        let page = protocol::api::LobbyView::PAGE;
        protocol::api::LobbyView {
            seeks: self
                .listed_seeks()
                .filter(|info| info.rating_range.is_none())
                .take(page)
                .cloned()
                .collect(),
            matches: self.listed_matches().take(page).cloned().collect(),
            live_matches: self.matches.len() + self.remote.match_count(),
            featured: self.featured().cloned(),
            players_online: self.players_online(),
        }
    }

    /// The live match whose players' ratings, added, are highest (an
    /// untimed match's players count as unrated, 0), the most watched
    /// among equals, then the newest. One pass over the live matches: the
    /// `/api/` rate budget bounds how often a client can ask for it.
    fn featured(&self) -> Option<&MatchSummary> {
        let strength = |m: &MatchSummary| m.ratings.map_or(0.0, |r| r[0].rating + r[1].rating);
        self.matches
            .values()
            .chain(self.remote.matches())
            .max_by(|a, b| {
                strength(a)
                    .total_cmp(&strength(b))
                    .then(a.spectators.cmp(&b.spectators))
                    .then(a.match_id.cmp(&b.match_id))
            })
    }

    /// The computer players to list (once they are online).
    pub(crate) fn set_computers(&mut self, computers: Vec<ComputerInfo>) {
        self.computers = computers;
        let people = self.people_online();
        if let Some(news) = &mut self.remote.news {
            news.push(News::Shown(ServerMsg::PlayersOnline { count: people }));
        }
    }

    /// Players connected to this node now: told to the subscribers as the
    /// count on every node.
    pub(crate) fn set_online(&mut self, online: u32) {
        if self.online != online {
            self.online = online;
            let people = self.people_online();
            if let Some(news) = &mut self.remote.news {
                news.push(News::Shown(ServerMsg::PlayersOnline { count: people }));
            }
            self.changes.push(ServerMsg::PlayersOnline {
                count: self.players_online(),
            });
        }
    }

    /// Players connected to this node, the computer players left out:
    /// every node has them, and counts them once itself.
    pub(super) fn people_online(&self) -> u32 {
        self.online
            .saturating_sub(u32::try_from(self.computers.len()).unwrap_or(u32::MAX))
    }

    /// Players connected to any node.
    pub(super) fn players_online(&self) -> u32 {
        self.online.saturating_add(self.remote.online())
    }

    /// This node's public seeks (private ones are found by code only).
    pub(super) fn public_seeks(&self) -> impl Iterator<Item = &SeekInfo> {
        self.seeks
            .values()
            .filter(|s| s.code.is_none())
            .map(|s| &s.info)
    }

    /// The codes of this node's private seeks.
    pub(super) fn private_codes(&self) -> impl Iterator<Item = &String> {
        self.codes.keys()
    }

    /// Tell the other nodes a private seek opened or went.
    fn tell_code(&mut self, code: &str, open: bool) {
        if let Some(news) = &mut self.remote.news {
            let code = code.to_owned();
            news.push(News::Code { code, open });
        }
    }

    /// This node's live matches.
    pub(super) fn live_matches(&self) -> impl Iterator<Item = &MatchSummary> {
        self.matches.values()
    }

    // --- seeks ------------------------------------------------------------

    /// Open seeks in all.
    pub(crate) fn seek_count(&self) -> usize {
        self.seeks.len()
    }

    pub(crate) fn seeks_of(&self, player: PlayerId) -> usize {
        self.seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .count()
    }

    pub(crate) fn add_seek(
        &mut self,
        seek_id: SeekId,
        by: PlayerRef,
        settings: MatchSettings,
        code: Option<String>,
        rating: Option<ShownRating>,
        rating_range: Option<RatingRange>,
    ) -> SeekInfo {
        let info = SeekInfo {
            seek_id,
            by,
            settings,
            rating,
            rating_range,
        };
        if let Some(code) = &code {
            self.codes.insert(code.clone(), seek_id);
            self.tell_code(code, true);
        } else {
            self.announce(ServerMsg::SeekAdded { seek: info.clone() });
        }
        self.seek_changes
            .push(SeekChange::Added(info.clone(), code.clone()));
        self.seeks.insert(
            seek_id,
            Seek {
                info: info.clone(),
                code,
            },
        );
        info
    }

    pub(crate) fn seek(&self, id: SeekId) -> Option<&SeekInfo> {
        self.seeks.get(&id).map(|s| &s.info)
    }

    pub(crate) fn seek_owner(&self, id: SeekId) -> Option<PlayerId> {
        self.seek(id).map(|s| s.by.id)
    }

    /// A listed seek by id (a private seek is only found by its code).
    pub(crate) fn public_seek(&self, id: SeekId) -> Option<SeekId> {
        self.seeks.get(&id).filter(|s| s.code.is_none()).map(|_| id)
    }

    pub(crate) fn seek_by_code(&self, code: &str) -> Option<SeekId> {
        self.codes.get(code).copied()
    }

    /// Remove a seek; false if it was already gone.
    pub(crate) fn remove_seek(&mut self, id: SeekId) -> bool {
        let Some(seek) = self.seeks.remove(&id) else {
            return false;
        };
        self.seek_changes.push(SeekChange::Removed(id));
        match seek.code {
            Some(code) => {
                self.tell_code(&code, false);
                self.codes.remove(&code);
            }
            None => self.announce(ServerMsg::SeekRemoved { seek_id: id }),
        }
        true
    }

    // --- quick pairing ----------------------------------------------------

    pub(crate) fn in_pool(&self, player: PlayerId) -> bool {
        self.pool.iter().any(|place| place.player.id == player)
    }

    /// The best partner for `by`, who has just come for `settings`, among
    /// those waiting for exactly these ([`pool::partner_for`]).
    pub(crate) fn pool_partner(
        &self,
        by: &Waiting,
        settings: &MatchSettings,
        now: Millis,
    ) -> Option<PlayerRef> {
        let places: Vec<&PoolPlace> = self
            .pool
            .iter()
            .filter(|p| p.settings == *settings)
            .collect();
        let waiting: Vec<Waiting> = places.iter().map(|p| p.waiting).collect();
        pool::partner_for(by, &waiting, now).map(|i| places[i].player.clone())
    }

    /// Let `player` wait for `settings`.
    pub(crate) fn pool_wait(
        &mut self,
        player: PlayerRef,
        settings: MatchSettings,
        waiting: Waiting,
    ) {
        self.pool.push(PoolPlace {
            player,
            settings,
            waiting,
        });
    }

    /// Whether anyone waits in the pool.
    pub(crate) fn pool_is_empty(&self) -> bool {
        self.pool.is_empty()
    }

    /// The pairs a wave starts now ([`pool::wave`] over each group of
    /// players waiting for the same settings): seat 0 first, and their settings.
    pub(crate) fn pool_wave(&self, now: Millis) -> Vec<([PlayerRef; 2], MatchSettings)> {
        let mut groups: Vec<(MatchSettings, Vec<&PoolPlace>)> = Vec::new();
        for place in &self.pool {
            match groups.iter_mut().find(|(s, _)| *s == place.settings) {
                Some((_, group)) => group.push(place),
                None => groups.push((place.settings, vec![place])),
            }
        }
        let mut pairs = Vec::new();
        for (settings, group) in groups {
            let waiting: Vec<Waiting> = group.iter().map(|p| p.waiting).collect();
            for (a, b) in pool::wave(&waiting, now) {
                pairs.push(([group[a].player.clone(), group[b].player.clone()], settings));
            }
        }
        pairs
    }

    /// Who has waited since `before` or earlier, with his settings and
    /// rating, longest first: for a computer player to take on.
    pub(crate) fn pool_waiting_since(
        &self,
        before: Millis,
    ) -> Vec<(PlayerRef, MatchSettings, f64)> {
        let mut long: Vec<&PoolPlace> = self
            .pool
            .iter()
            .filter(|place| place.waiting.since <= before)
            .collect();
        long.sort_by_key(|place| place.waiting.since);
        long.iter()
            .map(|place| (place.player.clone(), place.settings, place.waiting.rating))
            .collect()
    }

    /// Take `player` out of the pool; whether he was in it.
    pub(crate) fn pool_leave(&mut self, player: PlayerId) -> bool {
        let before = self.pool.len();
        self.pool.retain(|place| place.player.id != player);
        self.pool.len() != before
    }

    // --- challenges -------------------------------------------------------

    pub(crate) fn add_challenge(&mut self, info: ChallengeInfo) {
        self.challenges.insert(info.challenge_id, info);
    }

    /// Challenges `player` has made that are still pending.
    pub(crate) fn challenges_from(&self, player: PlayerId) -> usize {
        self.challenges
            .values()
            .filter(|c| c.from.id == player)
            .count()
    }

    /// Challenges made to `player` that are still pending.
    pub(crate) fn challenges_to(&self, player: PlayerId) -> usize {
        self.challenges
            .values()
            .filter(|c| c.to.id == player)
            .count()
    }

    pub(crate) fn challenge(&self, id: ChallengeId) -> Option<&ChallengeInfo> {
        self.challenges.get(&id)
    }

    pub(crate) fn remove_challenge(&mut self, id: ChallengeId) -> Option<ChallengeInfo> {
        self.challenges.remove(&id)
    }

    /// `player`'s open seeks, private ones included.
    pub(crate) fn seeks_by(&self, player: PlayerId) -> Vec<SeekInfo> {
        self.seeks
            .values()
            .filter(|s| s.info.by.id == player)
            .map(|s| s.info.clone())
            .collect()
    }

    /// The lobby lines of these matches (those still listed).
    /// Whether live match `id` is listed as served here.
    pub(super) fn is_listed_here(&self, id: MatchId) -> bool {
        self.matches.contains_key(&id)
    }

    pub(crate) fn summaries(&self, ids: &[MatchId]) -> Vec<MatchSummary> {
        ids.iter()
            .filter_map(|id| self.matches.get(id).cloned())
            .collect()
    }

    /// `player` left for good: his seeks go.
    pub(crate) fn remove_seeks_of(&mut self, player: PlayerId) {
        for seek in self.seeks_by(player) {
            self.remove_seek(seek.seek_id);
        }
    }

    /// `player` disconnected: his pool place and challenges go at once.
    /// Returns the closed challenges with the other player of each, to be told.
    pub(crate) fn leave_pool_and_challenges(
        &mut self,
        player: PlayerId,
    ) -> Vec<(ChallengeId, PlayerId)> {
        self.pool_leave(player);
        let mut closed = Vec::new();
        self.challenges.retain(|&id, info| {
            let other = if info.from.id == player {
                info.to.id
            } else if info.to.id == player {
                info.from.id
            } else {
                return true;
            };
            closed.push((id, other));
            false
        });
        closed
    }

    // --- live matches -----------------------------------------------------

    pub(crate) fn list_match(&mut self, summary: MatchSummary) {
        self.announce(ServerMsg::MatchListed {
            summary: summary.clone(),
        });
        self.matches.insert(summary.match_id, summary);
    }

    pub(crate) fn update_match(&mut self, summary: MatchSummary) {
        if let Some(line) = self.matches.get_mut(&summary.match_id)
            && *line != summary
        {
            *line = summary.clone();
            self.announce(ServerMsg::MatchChanged { summary });
        }
    }

    pub(crate) fn unlist_match(&mut self, id: MatchId) {
        if self.matches.remove(&id).is_some() {
            self.announce(ServerMsg::MatchUnlisted { match_id: id });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u64, name: &str) -> PlayerRef {
        PlayerRef {
            id: PlayerId(id),
            name: name.into(),
        }
    }

    fn waiting(player: &PlayerRef) -> Waiting {
        Waiting {
            player: player.id,
            rating: 1500.0,
            since: 0,
            last_opponent: None,
        }
    }

    fn kinds(changes: &[ServerMsg]) -> Vec<&'static str> {
        changes
            .iter()
            .map(|c| match c {
                ServerMsg::SeekAdded { .. } => "seek_added",
                ServerMsg::SeekRemoved { .. } => "seek_removed",
                ServerMsg::MatchListed { .. } => "match_listed",
                ServerMsg::MatchChanged { .. } => "match_changed",
                ServerMsg::MatchUnlisted { .. } => "match_unlisted",
                ServerMsg::PlayersOnline { .. } => "players_online",
                _ => "other",
            })
            .collect()
    }

    #[test]
    fn private_seeks_are_found_by_code_and_never_announced() {
        let mut lobby = Lobby::default();
        let ann = player(1, "ann");
        let public = lobby.add_seek(
            SeekId(1),
            ann.clone(),
            MatchSettings::default(),
            None,
            None,
            None,
        );
        let private = lobby.add_seek(
            SeekId(2),
            ann.clone(),
            MatchSettings::default(),
            Some("c0de".into()),
            None,
            None,
        );
        assert_eq!(kinds(&lobby.take_changes()), ["seek_added"]);
        match lobby.snapshot(None, |_| true) {
            ServerMsg::LobbySnapshot { seeks, .. } => assert_eq!(seeks, vec![public.clone()]),
            other => panic!("{other:?}"),
        }
        assert_eq!(lobby.public_seek(private.seek_id), None);
        assert_eq!(lobby.seek_by_code("c0de"), Some(private.seek_id));
        assert_eq!(lobby.seeks_of(ann.id), 2);
        lobby.remove_seeks_of(ann.id);
        assert_eq!(kinds(&lobby.take_changes()), ["seek_removed"]);
        assert_eq!(lobby.seek_by_code("c0de"), None);
        assert!(!lobby.remove_seek(public.seek_id), "already gone");
        assert!(lobby.take_changes().is_empty());
    }

    #[test]
    fn the_featured_match_is_the_highest_rated_then_the_most_watched() {
        let mut lobby = Lobby::default();
        assert_eq!(lobby.view().featured, None);
        let rated = |rating: f64| {
            Some(
                [ShownRating {
                    rating,
                    deviation: 60.0,
                    provisional: false,
                }; 2],
            )
        };
        let summary = |id: u64, ratings, spectators| MatchSummary {
            match_id: MatchId(id),
            players: [player(1, "ann"), player(2, "bob")],
            ratings,
            settings: MatchSettings::default(),
            points: [0.0, 0.0],
            game: 1,
            spectators,
        };
        lobby.list_match(summary(1, None, 40));
        lobby.list_match(summary(2, rated(1700.0), 1));
        lobby.list_match(summary(3, rated(1650.0), 90));
        assert_eq!(lobby.view().featured.map(|m| m.match_id), Some(MatchId(2)));
        lobby.list_match(summary(4, rated(1700.0), 5));
        assert_eq!(lobby.view().featured.map(|m| m.match_id), Some(MatchId(4)));
        lobby.unlist_match(MatchId(4));
        lobby.unlist_match(MatchId(2));
        assert_eq!(lobby.view().featured.map(|m| m.match_id), Some(MatchId(3)));
        assert_eq!(lobby.view().live_matches, 2);
    }

    #[test]
    fn only_real_changes_are_announced() {
        let mut lobby = Lobby::default();
        lobby.set_online(2);
        lobby.set_online(2);
        let summary = MatchSummary {
            match_id: MatchId(5),
            players: [player(1, "ann"), player(2, "bob")],
            ratings: None,
            settings: MatchSettings::default(),
            points: [0.0, 0.0],
            game: 1,
            spectators: 0,
        };
        lobby.list_match(summary.clone());
        lobby.update_match(summary.clone());
        lobby.update_match(MatchSummary {
            spectators: 3,
            ..summary.clone()
        });
        // A match that is not listed is not announced.
        lobby.update_match(MatchSummary {
            match_id: MatchId(6),
            ..summary.clone()
        });
        lobby.unlist_match(MatchId(5));
        lobby.unlist_match(MatchId(5));
        assert_eq!(
            kinds(&lobby.take_changes()),
            [
                "players_online",
                "match_listed",
                "match_changed",
                "match_unlisted"
            ]
        );
    }

    #[test]
    fn a_player_who_leaves_takes_his_pool_place_and_challenges_along() {
        let mut lobby = Lobby::default();
        let (ann, bob, cat) = (player(1, "ann"), player(2, "bob"), player(3, "cat"));
        lobby.pool_wait(ann.clone(), MatchSettings::default(), waiting(&ann));
        for (id, from, to) in [(7, &ann, &bob), (8, &cat, &ann), (9, &bob, &cat)] {
            lobby.add_challenge(ChallengeInfo {
                challenge_id: ChallengeId(id),
                from: from.clone(),
                to: to.clone(),
                settings: MatchSettings::default(),
                expires_in_ms: 1,
            });
        }
        assert_eq!(lobby.challenges_from(ann.id), 1);
        let mut closed = lobby.leave_pool_and_challenges(ann.id);
        closed.sort();
        assert_eq!(closed, [(ChallengeId(7), bob.id), (ChallengeId(8), cat.id)]);
        assert!(!lobby.in_pool(ann.id));
        assert!(lobby.challenge(ChallengeId(9)).is_some(), "others' stay");
    }
}
