//! Plain HTTP GETs to the server's `/api/` pages (the archive, profiles,
//! leaderboards), on the same address as its WebSocket.

use crate::text::{Text, t};

/// Why a page could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The server could not be asked.
    #[error("cannot reach {url}: {reason}")]
    Unreachable {
        /// What was asked.
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// The server answered with an error.
    #[error("{url}: {message}")]
    Refused {
        /// What was asked.
        url: String,
        /// The server's message.
        message: String,
    },
}

impl WebError {
    /// The error in `text`'s language (the server's own words stay as sent).
    pub fn say(&self, text: &Text) -> String {
        match self {
            WebError::Unreachable { url, reason } => {
                t!(text, "cannot-reach", url = url, reason = reason)
            }
            WebError::Refused { url, message } => format!("{url}: {message}"),
        }
    }
}

/// The HTTP base of a server named by its WebSocket URL (`ws://h:p/ws`)
/// or its HTTP address (`http://h:p`, `h:p`).
pub fn base_url(server: &str) -> String {
    let base = server
        .trim_end_matches('/')
        .trim_end_matches("/ws")
        .replacen("ws://", "http://", 1)
        .replacen("wss://", "https://", 1);
    if base.contains("://") {
        base
    } else {
        format!("http://{base}")
    }
}

/// GET `url`: the body, or the server's error message.
pub fn get(url: &str) -> Result<String, WebError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(30)))
        .build()
        .into();
    let unreachable = |e: ureq::Error| WebError::Unreachable {
        url: url.to_owned(),
        reason: e.to_string(),
    };
    let mut response = agent.get(url).call().map_err(unreachable)?;
    let status = response.status();
    let body = response.body_mut().read_to_string().map_err(unreachable)?;
    if status.is_success() {
        return Ok(body);
    }
    let message = serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_owned))
        .unwrap_or_else(|| format!("{status}: {}", body.trim()));
    Err(WebError::Refused {
        url: url.to_owned(),
        message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_websocket_url_names_its_http_base() {
        assert_eq!(base_url("ws://127.0.0.1:7878/ws"), "http://127.0.0.1:7878");
        assert_eq!(base_url("wss://example.org/ws"), "https://example.org");
        assert_eq!(base_url("127.0.0.1:7878"), "http://127.0.0.1:7878");
        assert_eq!(base_url("http://h:1/"), "http://h:1");
    }
}
