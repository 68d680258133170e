//! Turning a text frame into a [`ClientFrame`], or into an error that says
//! precisely what is wrong and still echoes the request id when it can.

use super::error::ErrorCode;
use super::messages::ClientFrame;
use super::types::RequestId;
use serde::Deserialize;

/// The `type` names a client may send.
pub const CLIENT_TYPES: &[&str] = &[
    "hello",
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
/// The frame is read as JSON first and every tag (`type`, `kind`) checked to
/// be a string before the typed read: serde would otherwise take a number
/// there for the index of a variant (`{"type": 7}` would join the pool).
pub fn decode_client(text: &str) -> Result<ClientFrame, DecodeError> {
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
