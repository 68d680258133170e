//! An answer under `/api/`: its status, type and body, how a refusal is
//! written (an [`ApiError`]), and keeping a success among the answers kept.

use crate::api::answers::{Answers, Kept, Key};
use crate::api::routes::ApiRefusal;
use protocol::api::ApiError;
use serde::Serialize;
use std::sync::Arc;

/// An answer: status line, content type, body, and for a refusal that
/// passes, in how many seconds to ask again (`Retry-After`). Cloning one
/// shares its body.
#[derive(Clone)]
pub(crate) struct Answer {
    pub(crate) status: &'static str,
    pub(crate) content_type: &'static str,
    pub(crate) body: Arc<str>,
    pub(crate) retry_after_s: Option<u32>,
}

impl Answer {
    /// A kept answer, as it is served.
    pub(super) fn kept(kept: Kept) -> Answer {
        Answer {
            status: "200 OK",
            content_type: kept.content_type,
            body: kept.body,
            retry_after_s: None,
        }
    }

    /// Keep this answer for `key` if it is a success: for good if its match
    /// is settled, else while `version` is its last event.
    pub(super) fn keep_if(
        self,
        settled: bool,
        version: Option<u64>,
        answers: &Answers,
        key: Key,
    ) -> Answer {
        if self.status == "200 OK" && (settled || version.is_some()) {
            let kept = Kept {
                content_type: self.content_type,
                body: Arc::clone(&self.body),
                version: if settled { None } else { version },
            };
            answers.keep(key, kept);
        }
        self
    }
}

const JSON: &str = "application/json";
/// An error answer: `{"error": code, "message": ...}`.
pub(crate) fn error(status: &'static str, code: &str, message: String) -> Answer {
    let refusal = ApiError {
        error: code.to_owned(),
        message,
    };
    Answer {
        status,
        content_type: JSON,
        // Two strings always serialise.
        body: serde_json::to_string(&refusal).unwrap_or_default().into(),
        retry_after_s: None,
    }
}

/// The answer to an address past its budget of `/api/` requests.
pub(crate) fn api_rate_limited(rate: u32) -> Answer {
    try_again(
        "429 Too Many Requests",
        "rate_limited",
        format!("too many requests from this address: at most {rate} a second"),
        1,
    )
}

/// The answer when the answers waiting for their clients fill their bytes.
pub(crate) fn answers_busy() -> Answer {
    try_again(
        "503 Service Unavailable",
        "busy",
        "the server is sending as many archive answers as it holds: try again in a moment".into(),
        1,
    )
}

/// A refusal that passes: `status` with `Retry-After: seconds`.
pub(super) fn try_again(status: &'static str, code: &str, message: String, seconds: u32) -> Answer {
    Answer {
        retry_after_s: Some(seconds),
        ..error(status, code, message)
    }
}

/// A refused archive request: a path under `/api/` that names nothing
/// (404 `not_found`) or asks with a malformed id or parameter (400
/// `bad_request`).
pub(crate) fn refused(refusal: ApiRefusal) -> Answer {
    match refusal {
        ApiRefusal::NotFound(message) => error("404 Not Found", "not_found", message),
        ApiRefusal::BadRequest(message) => error("400 Bad Request", "bad_request", message),
    }
}

/// `value` as a JSON answer.
pub(crate) fn json(value: &impl Serialize) -> Answer {
    match serde_json::to_string(value) {
        Ok(body) => Answer {
            status: "200 OK",
            content_type: JSON,
            body: body.into(),
            retry_after_s: None,
        },
        Err(e) => error("500 Internal Server Error", "internal", e.to_string()),
    }
}
