//! Turning a text frame into a [`ClientFrame`], or into an error that says
//! precisely what is wrong and still echoes the request id when it can.

use super::error::ErrorCode;
use super::messages::{ClientFrame, ClientMsg};
use super::types::{MatchId, RequestId};
use serde::Deserialize;

/// The `type` names a client may send.
pub const CLIENT_TYPES: &[&str] = &[
    "hello",
    "set_password",
    "lobby_subscribe",
    "lobby_unsubscribe",
    "seek_create",
    "seek_cancel",
    "seek_accept",
    "seek_join",
    "pool_join",
    "pool_leave",
    "challenge",
    "challenge_accept",
    "challenge_decline",
    "challenge_withdraw",
    "move",
    "resign",
    "berserk",
    "tournament_unwatch",
    "forfeit",
    "abort",
    "watch",
    "unwatch",
    "resume",
    "draw_offer",
    "draw_accept",
    "draw_decline",
    "claim",
    "rematch_offer",
    "rematch_accept",
    "rematch_decline",
    "chat",
    "tournament_create",
    "tournament_join",
    "tournament_withdraw",
    "tournament_pause",
    "tournament_watch",
];

/// Why a frame could not be read as a client message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct DecodeError {
    /// The frame's `id`, when it had a readable one.
    pub id: Option<RequestId>,
    /// `malformed`, `unknown_type` or `invalid_field`.
    pub code: ErrorCode,
    /// What exactly is wrong.
    pub message: String,
}

/// The keys that name a variant of an internally tagged enum in client
/// messages: `type` of the message, `kind` of a time control.
const TAG_KEYS: &[&str] = &["type", "kind"];

/// Read one client frame.
///
/// Moves, most of the traffic, are read in one pass into their fields. Any
/// other frame (or a move with anything unusual: another field, an escape in
/// its type, a duplicate key) is read as JSON first and every tag (`type`,
/// `kind`) checked to be a string before the typed read: serde would
/// otherwise take a number there for the index of a variant (`{"type": 7}`
/// would join the pool). Both paths give the same answer for a move.
pub fn decode_client(text: &str) -> Result<ClientFrame, DecodeError> {
    if let Ok(frame) = serde_json::from_str::<MoveFrame>(text)
        && frame.kind == "move"
    {
        return Ok(ClientFrame {
            id: frame.id,
            msg: ClientMsg::Move {
                match_id: frame.match_id,
                game: frame.game,
                ply: frame.ply,
                house: frame.house,
            },
        });
    }
    decode_any(text)
}

/// A move exactly as clients send it, borrowed from the text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveFrame<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(default)]
    id: Option<RequestId>,
    match_id: MatchId,
    game: u8,
    ply: u32,
    house: u8,
}

/// The general path: any frame, with the tags checked.
fn decode_any(text: &str) -> Result<ClientFrame, DecodeError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| DecodeError {
        id: None,
        code: ErrorCode::Malformed,
        message: format!("not JSON: {e}"),
    })?;
    match value.get("type") {
        Some(serde_json::Value::String(_)) if !has_numeric_tag(&value) => {
            ClientFrame::deserialize(&value).map_err(|error| diagnose(&value, &error))
        }
        Some(serde_json::Value::String(_)) => Err(diagnose(&value, &"a tag must be a string")),
        _ => Err(diagnose(&value, &"no string \"type\"")),
    }
}

/// Whether any object inside `value` has a tag key whose value is not a string.
fn has_numeric_tag(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Object(map) => map.iter().any(|(key, inner)| {
            (TAG_KEYS.contains(&key.as_str()) && !inner.is_string()) || has_numeric_tag(inner)
        }),
        serde_json::Value::Array(items) => items.iter().any(has_numeric_tag),
        _ => false,
    }
}

fn diagnose(value: &serde_json::Value, error: &dyn std::fmt::Display) -> DecodeError {
    let id = value
        .get("id")
        .and_then(|id| RequestId::deserialize(id).ok());
    let fail = |code, message: String| DecodeError {
        id: id.clone(),
        code,
        message,
    };
    let Some(object) = value.as_object() else {
        return fail(
            ErrorCode::Malformed,
            "a message is a JSON object with a \"type\"".into(),
        );
    };
    match object.get("type") {
        None => fail(ErrorCode::UnknownType, "the message has no \"type\"".into()),
        Some(serde_json::Value::String(kind)) if !CLIENT_TYPES.contains(&kind.as_str()) => fail(
            ErrorCode::UnknownType,
            format!("unknown message type \"{kind}\""),
        ),
        Some(serde_json::Value::String(kind)) => {
            fail(ErrorCode::InvalidField, format!("{kind}: {error}"))
        }
        Some(_) => fail(ErrorCode::UnknownType, "\"type\" must be a string".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::ClientMsg;

    use proptest::prelude::*;

    /// Any JSON value, leaning towards objects with message-like fields.
    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            (0u64..10).prop_map(serde_json::Value::from),
            any::<f64>().prop_map(serde_json::Value::from),
            any::<String>().prop_map(serde_json::Value::from),
            prop::sample::select(super::CLIENT_TYPES).prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(3, 24, 6, |inner| {
            let key = prop_oneof![
                prop::sample::select(
                    &[
                        "type", "id", "match_id", "game", "ply", "house", "seek_id", "code",
                        "settings", "ruleset", "variant", "kind", "name", "token", "text",
                    ][..]
                )
                .prop_map(str::to_string),
                "[a-z_]{0,8}",
            ];
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
                prop::collection::btree_map(key, inner, 0..6)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// What the decoder must do with anything: never panic; refuse with one
    /// of its three codes; or accept a frame whose `type` was a string and
    /// which writes out and reads back as the same frame.
    fn check_decoding(text: &str) -> Result<(), TestCaseError> {
        match decode_client(text) {
            Ok(frame) => {
                let value: serde_json::Value =
                    serde_json::from_str(text).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert!(
                    value["type"].is_string(),
                    "accepted a non-string type: {}",
                    text
                );
                let again = serde_json::to_string(&frame)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(decode_client(&again), Ok(frame), "{}", text);
            }
            Err(error) => prop_assert!(
                [
                    ErrorCode::Malformed,
                    ErrorCode::UnknownType,
                    ErrorCode::InvalidField
                ]
                .contains(&error.code),
                "{:?} for {}",
                error,
                text
            ),
        }
        Ok(())
    }

    proptest! {
        /// Arbitrary text, as any client may send.
        #[test]
        fn arbitrary_text_is_decoded_or_refused_with_a_code(text in any::<String>()) {
            check_decoding(&text)?;
        }

        /// Arbitrary JSON, much of it shaped like messages.
        #[test]
        fn arbitrary_json_is_decoded_or_refused_with_a_code(value in json_value()) {
            check_decoding(&value.to_string())?;
        }

        /// Objects with a real message type and random fields, about one in
        /// six accepted (so the round trip is exercised too).
        #[test]
        fn message_like_objects_are_decoded_or_refused_with_a_code(
            kind in prop::sample::select(super::CLIENT_TYPES),
            fields in prop::collection::btree_map(
                prop::sample::select(&["id", "match_id", "game", "ply", "house", "seek_id", "code", "name", "text", "settings"][..]),
                prop_oneof![(0u64..9).prop_map(serde_json::Value::from), "[a-z]{0,3}".prop_map(serde_json::Value::from)],
                0..6,
            ),
        ) {
            let mut object: serde_json::Map<String, serde_json::Value> =
                fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            object.insert("type".into(), kind.into());
            check_decoding(&serde_json::Value::Object(object).to_string())?;
        }

        /// The one-pass read of moves agrees with the general path on
        /// move-like frames of every shape, valid or not.
        #[test]
        fn the_move_fast_path_agrees_with_the_general_path(
            id in proptest::option::of(prop_oneof![
                any::<i64>().prop_map(|n| n.to_string()),
                "\"[a-z]{0,4}\"",
                Just("null".to_string()),
            ]),
            kind in prop_oneof![
                6 => Just("\"move\""), 1 => Just("\"mov\\u0065\""), 1 => Just("\"resign\""),
                1 => Just("7"), 1 => Just("\"Move\""),
            ],
            match_id in prop_oneof![6 => "[0-9]{1,3}", 1 => Just("-1".into()), 1 => Just("\"3\"".into())],
            game in prop_oneof![6 => "[0-9]{1,3}", 1 => Just("1.5".into())],
            ply in "[0-9]{1,4}",
            house in prop_oneof![6 => "[0-9]{1,3}", 1 => Just("null".into())],
            extra in proptest::option::of("\"[a-z]{1,3}\": 1"),
        ) {
            let mut fields = vec![
                format!("\"type\": {kind}"),
                format!("\"match_id\": {match_id}"),
                format!("\"game\": {game}"),
                format!("\"ply\": {ply}"),
                format!("\"house\": {house}"),
            ];
            if let Some(id) = id {
                fields.push(format!("\"id\": {id}"));
            }
            if let Some(extra) = extra {
                fields.insert(1, extra);
            }
            let text = format!("{{{}}}", fields.join(", "));
            prop_assert_eq!(decode_client(&text), decode_any(&text), "{}", text);
        }
    }

    #[test]
    fn a_plain_move_takes_the_fast_path_to_the_same_frame() {
        let text = r#"{"type":"move","id":4,"match_id":31,"game":1,"ply":2,"house":3}"#;
        let fast = decode_client(text).expect("a move");
        assert_eq!(Ok(fast.clone()), decode_any(text));
        assert_eq!(
            fast.msg,
            ClientMsg::Move {
                match_id: MatchId(31),
                game: 1,
                ply: 2,
                house: 3
            }
        );
    }

    #[test]
    fn good_frames_decode_with_their_id() {
        let frame = decode_client(r#"{"type":"seek_cancel","id":7,"seek_id":3}"#).expect("valid");
        assert_eq!(frame.id, Some(RequestId::Number(7)));
        assert!(matches!(frame.msg, ClientMsg::SeekCancel { .. }));
    }

    #[test]
    fn bad_frames_say_what_is_wrong() {
        let code = |text: &str| decode_client(text).map(|_| ()).map_err(|e| (e.code, e.id));
        assert_eq!(code("{"), Err((ErrorCode::Malformed, None)));
        assert_eq!(code("[1]"), Err((ErrorCode::Malformed, None)));
        assert_eq!(
            code(r#"{"id":"a"}"#),
            Err((ErrorCode::UnknownType, Some(RequestId::Text("a".into()))))
        );
        assert_eq!(
            code(r#"{"type":"fly"}"#),
            Err((ErrorCode::UnknownType, None))
        );
        assert_eq!(code(r#"{"type":5}"#), Err((ErrorCode::UnknownType, None)));
        // A number is not read as the index of a message type (7 would be pool_join).
        assert_eq!(code(r#"{"type":7}"#), Err((ErrorCode::UnknownType, None)));
        assert_eq!(
            code(r#"{"type":"seek_create","settings":{"time_control":{"kind":0}}}"#),
            Err((ErrorCode::InvalidField, None))
        );
        assert_eq!(
            code(r#"{"type":"seek_cancel","id":1,"seek_id":"x"}"#),
            Err((ErrorCode::InvalidField, Some(RequestId::Number(1))))
        );
        assert_eq!(
            code(r#"{"type":"move","match_id":1}"#),
            Err((ErrorCode::InvalidField, None))
        );
    }
}
