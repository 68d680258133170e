//! The browser client's files, compiled into the binary so that
//! `mancala-server` alone serves a complete client: no web server beside
//! it, no build step, nothing fetched from another host.
//!
//! `/` and the client's own pages (`/play/ID`, `/watch/ID`, `/matches/ID`,
//! `/invite/CODE`) all answer the same `index.html`, which reads its path;
//! the scripts, style sheet and icon live under `/static/`. Every answer
//! carries a strict Content-Security-Policy (nothing but this server) and
//! an `ETag`, and is revalidated on each load (`no-cache`), so a new server
//! version is picked up at once while an unchanged file costs a `304`.

use std::sync::OnceLock;

/// One embedded file.
pub(crate) struct Asset {
    /// Its path under `/static/` (`index.html` is also the pages' answer).
    pub(crate) name: &'static str,
    pub(crate) content_type: &'static str,
    pub(crate) body: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $type:expr) => {
        Asset {
            name: $name,
            content_type: $type,
            body: include_bytes!(concat!("../../web/", $name)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the client.
static ASSETS: [Asset; 18] = [
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("icon.svg", "image/svg+xml"),
    asset!("app.js", JS),
    asset!("net.js", JS),
    asset!("settings.js", JS),
    asset!("board.js", JS),
    asset!("lobby.js", JS),
    asset!("match.js", JS),
    asset!("replay.js", JS),
    asset!("analysis.js", JS),
    asset!("pages.js", JS),
    asset!("rules.js", JS),
    asset!("tournaments.js", JS),
    asset!("notation.js", JS),
    asset!("tv.js", JS),
    asset!("ui.js", JS),
    asset!("i18n.js", JS),
];

/// The policy every answer carries: scripts, styles, images and the
/// WebSocket from this server only; no inline script, no frames, no forms
/// posting elsewhere.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The file a path names, if it is the client's.
pub(crate) fn asset(path: &str) -> Option<&'static Asset> {
    let name = if is_page(path) {
        "index.html"
    } else {
        path.strip_prefix("/static/")?
    };
    ASSETS.iter().find(|asset| asset.name == name)
}

/// `/`, `/play/ID`, `/watch/ID`, `/matches/ID`, `/invite/CODE`, `/players/NAME`,
/// `/rules/VARIANT`, `/rules`, `/leaderboard`, `/tv`, `/tournaments` and
/// `/tournaments/ID`: the pages the client
/// draws itself from its path.
fn is_page(path: &str) -> bool {
    let word =
        |s: &str| !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric());
    // A name, percent-encoded: 20 characters of up to 4 bytes, 3 each.
    let name = |s: &str| {
        !s.is_empty()
            && s.len() <= 240
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'%' | b'_' | b'-'))
    };
    match path.trim_end_matches('/').split_once('/') {
        Some(("", "")) | None => path == "/",
        Some(("", "leaderboard" | "tv" | "rules" | "tournaments")) => true,
        Some(("", rest)) => match rest.split_once('/') {
            Some(("play" | "watch" | "matches" | "invite", tail)) => word(tail),
            Some(("players", tail)) => name(tail),
            Some(("tournaments", tail)) => {
                !tail.is_empty() && tail.len() <= 20 && tail.bytes().all(|b| b.is_ascii_digit())
            }
            Some(("rules", tail)) => tail.parse::<protocol::rules::Variant>().is_ok(),
            _ => false,
        },
        _ => false,
    }
}

impl Asset {
    /// A strong validator for the file: FNV-1a of its bytes, computed once.
    pub(crate) fn etag(&self) -> &'static str {
        static TAGS: OnceLock<Vec<String>> = OnceLock::new();
        let tags = TAGS.get_or_init(|| {
            ASSETS
                .iter()
                .map(|asset| format!("\"{:016x}\"", fnv1a(asset.body)))
                .collect()
        });
        ASSETS
            .iter()
            .position(|asset| asset.name == self.name)
            .and_then(|i| tags.get(i))
            .map_or("\"\"", String::as_str)
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_answer_the_client_and_static_paths_their_files() {
        for page in [
            "/",
            "/watch/31",
            "/matches/7",
            "/invite/9f1c22ab",
            "/watch/31/",
            "/players/ann",
            "/players/Ay%C5%9Fe",
            "/leaderboard",
            "/tv",
            "/rules",
            "/rules/togyz_kumalak",
            "/tournaments",
            "/tournaments/70",
        ] {
            assert_eq!(asset(page).map(|a| a.name), Some("index.html"), "{page}");
        }
        assert_eq!(asset("/static/app.js").map(|a| a.content_type), Some(JS));
        for other in [
            "/static/",
            "/static/../Cargo.toml",
            "/watch/",
            "/watch/a/b",
            "/watch/%2e%2e",
            "/players/",
            "/players/a/b",
            "/players/a.b",
            "/rules/chess",
            "/elsewhere",
            "/static/nothing.js",
        ] {
            assert!(asset(other).is_none(), "{other}");
        }
    }

    /// A module added to `server/web/` and not listed here would load
    /// nowhere: the browser refuses the whole client on one missing import.
    #[test]
    fn every_file_of_the_client_folder_is_served() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
        // Its files; the message files (i18n/) are answered by /api/text.
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .expect("the client's folder")
            .filter_map(|entry| entry.ok())
            .filter(|entry| entry.path().is_file())
            .filter_map(|entry| entry.file_name().into_string().ok())
            .collect();
        names.sort();
        let mut served: Vec<String> = ASSETS.iter().map(|a| a.name.to_string()).collect();
        served.sort();
        assert_eq!(names, served);
    }

    #[test]
    fn each_file_has_its_own_stable_tag() {
        let a = asset("/static/app.js").map(Asset::etag);
        let b = asset("/static/style.css").map(Asset::etag);
        assert_ne!(a, b);
        assert_eq!(a, asset("/static/app.js").map(Asset::etag));
        assert!(a.is_some_and(|tag| tag.len() == 18));
    }
}
