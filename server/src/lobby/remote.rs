//! What the other nodes of a cluster show in their lobbies (`--cluster`):
//! their public seeks, their live matches, how many players they have
//! online and who (a challenge goes to the node its player is on), by
//! node, and the news of this node's lobby for them. How the
//! lobby tells and hears them is in [`super::others`].

use protocol::wire::{MatchId, MatchSummary, PlayerId, SeekId, SeekInfo, ServerMsg};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

/// One node's lobby as the others see it (its players online are the
/// people: every node lists the same computer players itself), with the
/// codes of its private seeks, which the others send their takers to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Shown {
    pub(crate) seeks: Vec<SeekInfo>,
    pub(crate) matches: Vec<MatchSummary>,
    pub(crate) online: u32,
    #[serde(default)]
    pub(crate) codes: Vec<String>,
    /// The people signed in there (their names' keys).
    #[serde(default)]
    pub(crate) present: Vec<String>,
}

/// A change of a node's lobby, for the other nodes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum News {
    /// As its subscribers are told it.
    Shown(ServerMsg),
    /// A private seek opened (`open`) or gone: found by its code only.
    Code { code: String, open: bool },
    /// A person signed in there (`here`) or left: challenged there. His
    /// name's key.
    Present { name: String, here: bool },
    /// Player `id` changed there (a password set, a guest forgotten): the
    /// others read him from the journal again when next asked.
    Player { id: u64 },
}

/// One other node's lobby, as heard.
#[derive(Default)]
pub(super) struct Heard {
    pub(super) seeks: BTreeMap<SeekId, SeekInfo>,
    matches: BTreeMap<MatchId, MatchSummary>,
    /// The live matches each player plays there.
    by_player: HashMap<PlayerId, HashSet<MatchId>>,
    pub(super) online: u32,
    pub(super) codes: HashSet<String>,
    pub(super) present: HashSet<String>,
}

impl Heard {
    /// Live match `summary` is listed there (again, if changed).
    pub(super) fn list(&mut self, summary: MatchSummary) {
        for player in &summary.players {
            let theirs = self.by_player.entry(player.id).or_default();
            theirs.insert(summary.match_id);
        }
        self.matches.insert(summary.match_id, summary);
    }

    /// Live match `id` is unlisted there: whether it was listed.
    pub(super) fn unlist(&mut self, id: MatchId) -> bool {
        let Some(summary) = self.matches.remove(&id) else {
            return false;
        };
        for player in &summary.players {
            if let Some(theirs) = self.by_player.get_mut(&player.id) {
                theirs.remove(&id);
                if theirs.is_empty() {
                    self.by_player.remove(&player.id);
                }
            }
        }
        true
    }

    /// Every live match listed there.
    pub(super) fn matches(&self) -> impl Iterator<Item = &MatchSummary> {
        self.matches.values()
    }

    /// The ids of the live matches listed there.
    pub(super) fn match_ids(&self) -> impl Iterator<Item = MatchId> + '_ {
        self.matches.keys().copied()
    }

    /// The live matches `player` plays there.
    pub(super) fn matches_of(&self, player: PlayerId) -> impl Iterator<Item = &MatchSummary> {
        self.by_player
            .get(&player)
            .into_iter()
            .flatten()
            .filter_map(|id| self.matches.get(id))
    }
}

/// The other nodes' lobbies, and this node's news for them.
#[derive(Default)]
pub(crate) struct Remote {
    pub(super) nodes: BTreeMap<String, Heard>,
    /// This node's changes not yet told to the others; `None` outside a
    /// cluster (nothing is kept).
    pub(super) news: Option<Vec<News>>,
    /// The people signed in on this node (their names' keys), kept in a
    /// cluster only: told to the others as they change.
    pub(super) present: HashSet<String>,
}

impl Remote {
    pub(super) fn seeks(&self) -> impl Iterator<Item = &SeekInfo> {
        self.nodes.values().flat_map(|node| node.seeks.values())
    }

    pub(super) fn matches(&self) -> impl Iterator<Item = &MatchSummary> {
        self.nodes.values().flat_map(Heard::matches)
    }

    pub(super) fn match_count(&self) -> usize {
        self.nodes.values().map(|node| node.matches.len()).sum()
    }

    /// The live matches `player` plays on the other nodes, each once.
    pub(super) fn matches_of(&self, player: PlayerId) -> Vec<&MatchSummary> {
        let mut found: Vec<&MatchSummary> = self
            .nodes
            .values()
            .flat_map(|node| node.matches_of(player))
            .collect();
        found.sort_by_key(|s| s.match_id);
        found.dedup_by_key(|s| s.match_id);
        found
    }

    pub(super) fn online(&self) -> u32 {
        self.nodes
            .values()
            .fold(0u32, |sum, node| sum.saturating_add(node.online))
    }
}
