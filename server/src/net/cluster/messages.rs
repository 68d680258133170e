//! What the nodes of a cluster say to each other over Redis, and where.
//!
//! Each node listens on one channel of its own. A client's request for a
//! match another node serves goes to that node's channel with the client's
//! connection number and who he is; the answers, the match's events and a
//! close come back on the client's node's channel, addressed to that
//! connection. Every node also listens on one shared channel, where each
//! tells the others the changes of its lobby. Connection numbers come from the journal's shared sequence,
//! so they are unique across the nodes.

use crate::lobby::remote::{News, Shown};
use protocol::wire::{ClientFrame, MatchId, PlayerRef};
use serde::{Deserialize, Serialize};

/// The channel node `node` listens on.
pub(super) fn channel(node: &str) -> String {
    format!("mancala:node:{node}")
}

/// The channel every node listens on: news of the nodes' lobbies.
pub(super) const EVERY_NODE: &str = "mancala:lobby";

/// The key whose presence says node `node` is running (renewed every
/// third of `--lease-ms`, expiring after it).
pub(super) fn alive_key(node: &str) -> String {
    format!("mancala:alive:{node}")
}

/// One message between nodes.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum BusMsg {
    /// A client on node `from`, on connection `conn`, signed in as
    /// `player`, from address `ip`, sends `frame`, which the receiving node
    /// answers (about a match it serves, a seek it holds, its pool); or
    /// node `from` sends it on his behalf (`for_him`: refused, his
    /// connection is closed to reconnect, as he does not know of it).
    Request {
        from: String,
        conn: u64,
        player: PlayerRef,
        ip: std::net::IpAddr,
        frame: ClientFrame,
        /// Absent from a node of an earlier version: his own request.
        #[serde(default)]
        for_him: bool,
    },
    /// Frames (JSON text) from node `from` for the receiving node's
    /// connection `conn`, in order.
    Deliver {
        from: String,
        conn: u64,
        frames: Vec<String>,
    },
    /// Node `from` closes the receiving node's connection `conn` after what
    /// was delivered.
    Close {
        from: String,
        conn: u64,
        code: u16,
        reason: String,
    },
    /// Events of `match_id`, from node `from`, for the receiving node's
    /// spectators of it (its lane).
    Lane {
        from: String,
        match_id: MatchId,
        frames: Vec<String>,
    },
    /// The receiving node's connection `conn` watches `match_id` through
    /// node `from`'s lane from its snapshot or catch-up on.
    Viewing {
        from: String,
        conn: u64,
        match_id: MatchId,
    },
    /// Node `from` closed the lane of `match_id` (its spectators are
    /// closed the same way).
    LaneClosed {
        from: String,
        match_id: MatchId,
        code: u16,
        reason: String,
    },
    /// Connection `conn` of node `from` is gone: its requests' state here goes.
    Left { from: String, conn: u64 },
    /// To every node: a change of node `from`'s lobby, as its subscribers
    /// are told it.
    Lobby { from: String, news: News },
    /// To every node: node `from` joined, or may have missed news; each
    /// node answers with its whole lobby.
    Hello { from: String },
    /// To every node: node `from` lost touch for a while (Redis went away)
    /// and is back, the same run: what it serves goes on, and each node
    /// answers with its whole lobby.
    Back { from: String },
    /// To every node: node `from` stopped (SIGTERM), its matches written
    /// out and their leases released: what was forwarded to it resumes
    /// where it is served next, at once rather than when its key lapses.
    Stopped { from: String },
    /// To every node: node `from`'s whole lobby.
    Shown { from: String, shown: Shown },
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::wire::{ClientMsg, PlayerId, RequestId};

    #[test]
    fn a_forwarded_request_reads_back_as_it_was_sent() {
        let sent = BusMsg::Request {
            from: "a:1".to_owned(),
            conn: 9,
            player: PlayerRef {
                id: PlayerId(4),
                name: "Ayşe".to_owned(),
            },
            ip: std::net::Ipv4Addr::new(192, 0, 2, 7).into(),
            frame: ClientFrame {
                id: Some(RequestId::Number(3)),
                msg: ClientMsg::Move {
                    match_id: MatchId(7),
                    game: 1,
                    ply: 2,
                    house: 3,
                },
            },
            for_him: true,
        };
        let text = serde_json::to_string(&sent).expect("encodes");
        let back: BusMsg = serde_json::from_str(&text).expect("decodes");
        assert_eq!(format!("{back:?}"), format!("{sent:?}"));
    }
}
