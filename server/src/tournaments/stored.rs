//! A tournament's life as the journal keeps it: one step at a time, each
//! decided from the tournament as it stands, stored, then applied, so that
//! the steps read back at a restart rebuild it exactly.

use protocol::wire::{MatchId, PlayerId, PlayerRef, TournamentSettings};
use serde::{Deserialize, Serialize};
use tournament::swiss::{BoardResult, Pairing};

/// One step of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub(crate) enum Stored {
    /// The director created it.
    Created {
        settings: TournamentSettings,
        director: PlayerRef,
        /// A private tournament's code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
        /// The computer players entered with it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        computers: Vec<PlayerRef>,
        /// On a cluster, the node it was created on, which runs it first
        /// (for the log and the curious: which node runs it now is the
        /// journal's runner row, store/postgres/runners.rs).
        /// Absent on one machine.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        node: Option<String>,
    },
    /// A player entered (in an arena, with his rating, which ranks equal
    /// points).
    Joined {
        player: PlayerRef,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<i32>,
    },
    /// A player withdrew (from an arena: he left, and may join again).
    Withdrew { player: PlayerId },
    /// A player paused (sits out the rounds paired meanwhile).
    Paused { player: PlayerId },
    /// A paused player came back.
    Back { player: PlayerId },
    /// The next round was paired.
    Paired { pairing: Pairing },
    /// Board `board`'s match started (in an arena, its match `board`).
    Started { board: usize, match_id: MatchId },
    /// Board `board`'s result is in.
    Ended { board: usize, result: BoardResult },
    /// The next round is paired at `at_ms`.
    NextRound { at_ms: u64 },
    /// Fewer than two players came: it ends without (more) rounds. In an
    /// arena: its time is up, nobody is paired any more.
    Closed,
    /// An arena's start came: its players are paired from now on.
    ArenaOpened,
    /// An arena paired players waiting, each pair (first mover, second);
    /// its matches are numbered on from those before.
    ArenaPaired { pairs: Vec<(u64, u64)> },
    /// An arena's match `board` ended: its result and who berserked
    /// (first mover first). One who did not come leaves the arena.
    ArenaEnded {
        board: usize,
        result: BoardResult,
        berserk: [bool; 2],
    },
}

impl Stored {
    /// The step as the journal keeps it.
    pub(crate) fn to_json(&self) -> String {
        // Plain data of our own types: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A step read back.
    pub(crate) fn from_json(json: &str) -> Result<Stored, serde_json::Error> {
        serde_json::from_str(json)
    }
}
