//! What a node relaying a connection needs to know of a frame sent back to
//! it: which request it answers, and which event of which match it is.
//! Read at the client's node so that, when the node serving a match
//! stops, the client's unanswered requests there are answered and the
//! match is resumed from the last event he was sent.

use protocol::wire::{MatchId, MatchSettings, RequestId};
use serde::Deserialize;

/// A server frame's marks.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Stamp {
    /// The request it answers, if it answers one.
    pub(super) answers: Option<RequestId>,
    /// The match and version of the event it is, or is up to (a snapshot,
    /// `resumed`).
    pub(super) event: Option<(MatchId, u64)>,
    /// Whether it is the match's end.
    pub(super) ends: bool,
    /// Whether it ends a catch-up (`match_snapshot`, `resumed`): a
    /// spectator watching through a lane gets the lane's events from then.
    pub(super) caught_up: bool,
    /// A challenge sent (`true`) or closed (`false`).
    pub(super) challenge: Option<(u64, bool)>,
    /// The client waits in the quick-pairing pool for these settings
    /// (`pool_joined`), or no longer (`match_started`: paired).
    pub(super) pool: Option<Option<MatchSettings>>,
    /// Whether it refuses a request (`error`).
    pub(super) refuses: bool,
}

/// The top-level fields read; serde passes over the rest.
#[derive(Deserialize)]
struct Fields<'a> {
    #[serde(rename = "type", borrow)]
    kind: Option<&'a str>,
    id: Option<RequestId>,
    match_id: Option<u64>,
    version: Option<u64>,
    snapshot: Option<Snapshot>,
    challenge_id: Option<u64>,
    challenge: Option<Challenge>,
    settings: Option<MatchSettings>,
}

#[derive(Deserialize)]
struct Snapshot {
    match_id: u64,
    version: u64,
}

#[derive(Deserialize)]
struct Challenge {
    challenge_id: u64,
}

impl Stamp {
    /// The marks of `frame`, a server message as JSON text (none if it
    /// cannot be read: the node that sent it made it).
    pub(super) fn of(frame: &str) -> Stamp {
        let Ok(fields) = serde_json::from_str::<Fields>(frame) else {
            return Stamp::default();
        };
        let event = match (fields.match_id, fields.version, fields.snapshot) {
            (Some(id), Some(version), _) => Some((MatchId(id), version)),
            (_, _, Some(snapshot)) => Some((MatchId(snapshot.match_id), snapshot.version)),
            _ => None,
        };
        let challenge = match (fields.kind, fields.challenge, fields.challenge_id) {
            (Some("challenge_sent"), Some(sent), _) => Some((sent.challenge_id, true)),
            (Some("challenge_closed"), _, Some(id)) => Some((id, false)),
            _ => None,
        };
        let pool = match fields.kind {
            Some("pool_joined") => Some(fields.settings),
            Some("match_started") => Some(None),
            _ => None,
        };
        Stamp {
            answers: fields.id,
            event,
            ends: fields.kind == Some("match_ended"),
            caught_up: matches!(fields.kind, Some("match_snapshot" | "resumed")),
            challenge,
            pool,
            refuses: fields.kind == Some("error"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_replies_and_snapshots_are_told_apart() {
        let event = r#"{"type": "move_played", "match_id": 31, "version": 3, "game": 1, "position": {"version": 9}}"#;
        assert_eq!(
            Stamp::of(event),
            Stamp {
                answers: None,
                event: Some((MatchId(31), 3)),
                ends: false,
                caught_up: false,
                challenge: None,
                pool: None,
                refuses: false,
            }
        );
        let resumed = r#"{"type": "resumed", "id": "r1", "match_id": 31, "version": 61}"#;
        assert_eq!(
            Stamp::of(resumed),
            Stamp {
                answers: Some(RequestId::Text("r1".into())),
                event: Some((MatchId(31), 61)),
                ends: false,
                caught_up: true,
                challenge: None,
                pool: None,
                refuses: false,
            }
        );
        let snapshot = r#"{"type": "match_snapshot", "id": 18, "snapshot": {"match_id": 31, "version": 5, "players": []}}"#;
        assert_eq!(Stamp::of(snapshot).event, Some((MatchId(31), 5)));
        assert_eq!(Stamp::of(snapshot).answers, Some(RequestId::Number(18)));
        let accepted =
            r#"{"type": "move_accepted", "id": 14, "match_id": 31, "game": 1, "ply": 1}"#;
        assert_eq!(Stamp::of(accepted).event, None, "a reply, not an event");
        let ended =
            r#"{"type": "match_ended", "match_id": 31, "version": 250, "reason": "completed"}"#;
        assert!(Stamp::of(ended).ends);
        let sent = r#"{"type": "challenge_sent", "id": 10, "challenge": {"challenge_id": 23, "from": {"id": 5}}}"#;
        assert_eq!(Stamp::of(sent).challenge, Some((23, true)));
        let closed = r#"{"type": "challenge_closed", "challenge_id": 23, "reason": "declined"}"#;
        assert_eq!(Stamp::of(closed).challenge, Some((23, false)));
        let received = r#"{"type": "challenge_received", "challenge": {"challenge_id": 24}}"#;
        assert_eq!(
            Stamp::of(received).challenge,
            None,
            "one made to him is his own node's"
        );
        let joined = r#"{"type": "pool_joined", "id": 8, "settings": {"ruleset": {"variant": "kalah", "params": {}}, "games": 1}}"#;
        assert!(matches!(Stamp::of(joined).pool, Some(Some(s)) if s.games == 1));
        let started = r#"{"type": "match_started", "match_id": 31, "version": 1}"#;
        assert_eq!(Stamp::of(started).pool, Some(None), "paired");
        let refused = r#"{"type": "error", "code": "no_such_seek", "message": "…"}"#;
        assert!(Stamp::of(refused).refuses && !Stamp::of(started).refuses);
        assert_eq!(Stamp::of("not json"), Stamp::default());
    }
}
