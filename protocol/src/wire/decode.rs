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

/// Read one client frame. The fast path is a single typed parse; only a
/// frame that fails it is looked at again to explain the failure.
pub fn decode_client(text: &str) -> Result<ClientFrame, DecodeError> {
    serde_json::from_str::<ClientFrame>(text).map_err(|error| diagnose(text, &error))
}

fn diagnose(text: &str, error: &serde_json::Error) -> DecodeError {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => {
            return DecodeError {
                id: None,
                code: ErrorCode::Malformed,
                message: format!("not JSON: {e}"),
            };
        }
    };
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
