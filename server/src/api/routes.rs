//! Which request a path under `/api/` is, with its parameters read and
//! checked; a path that names nothing, or a malformed id or parameter, is
//! refused with a reason.

/// The most matches one page lists, and how many when the client does not say.
const MAX_PAGE: u32 = 100;
const DEFAULT_PAGE: u32 = 20;
/// A request under `/api/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ApiRequest {
    /// Answered from the journal here ([`answer`]).
    Archive(ArchiveRequest),
    /// A player's profile (answered by the profile pages).
    Player(String),
    /// A pool's leaderboard (answered by the profile pages).
    Leaderboard(crate::rating::Pool),
    /// The variants offered and their options (`protocol::api::variants`).
    Variants,
    /// `/api/rules/VARIANT`: the rules in short and the worked examples.
    Rules(protocol::rules::Variant),
    /// The private seek an invitation code names ([`super::invitation`]).
    Invite(String),
    /// The lobby for the signed out ([`super::lobby_view`]).
    Lobby,
    /// The browser client's messages in language `lang`, or, without one,
    /// in the first language of `accept` (the request's `Accept-Language`,
    /// filled in from its head) that it speaks ([`super::text`]).
    Text {
        lang: Option<String>,
        accept: String,
    },
    /// Every move of a match reviewed by the engine, each position searched
    /// `depth` plies ([`analysis`]).
    Analysis { id: u64, depth: u8 },
    /// The tournaments, the newest first ([`super::tournaments_view`]).
    Tournaments,
    /// One tournament, with the code a private one is read by.
    Tournament { id: u64, code: Option<String> },
}

/// A request for the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ArchiveRequest {
    Match(u64),
    Record(u64),
    PlayerMatches {
        name: String,
        before: Option<u64>,
        limit: u32,
    },
}

/// Why a path under `/api/` is refused: it names no endpoint (404), or an
/// endpoint with an id or parameter that cannot be one (400).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ApiRefusal {
    NotFound(String),
    BadRequest(String),
}

/// Which request `path` (and its `query`) is; `None` when the path is
/// not under `/api/`, `Err` when it is but names nothing or is malformed.
/// Path segments are percent-decoded, so a name in any script reaches the
/// lookup as the browser sent it.
pub(crate) fn route(path: &str, query: &str) -> Option<Result<ApiRequest, ApiRefusal>> {
    let rest = path.strip_prefix("/api/")?;
    let decoded: Result<Vec<String>, ApiRefusal> = rest
        .split('/')
        .map(|part| {
            percent_encoding::percent_decode_str(part)
                .decode_utf8()
                .map(|text| text.into_owned())
                .map_err(|_| ApiRefusal::BadRequest(format!("'{part}' is not UTF-8 once decoded")))
        })
        .collect();
    let parts = match decoded {
        Ok(parts) => parts,
        Err(refusal) => return Some(Err(refusal)),
    };
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let id = |text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("'{text}' is not a match id"))
    };
    let bad = ApiRefusal::BadRequest;
    Some(match parts.as_slice() {
        ["matches", match_id] => id(match_id)
            .map(|id| ApiRequest::Archive(ArchiveRequest::Match(id)))
            .map_err(bad),
        ["matches", match_id, "record"] => id(match_id)
            .map(|id| ApiRequest::Archive(ArchiveRequest::Record(id)))
            .map_err(bad),
        ["matches", match_id, "analysis"] => id(match_id)
            .and_then(|id| analysis_depth(query).map(|depth| ApiRequest::Analysis { id, depth }))
            .map_err(bad),
        ["players", name] => Ok(ApiRequest::Player((*name).to_owned())),
        ["variants"] => Ok(ApiRequest::Variants),
        ["rules", variant] => variant
            .parse()
            .map(ApiRequest::Rules)
            .map_err(|e: protocol::rules::RulesetError| ApiRefusal::NotFound(e.to_string())),
        ["lobby"] => Ok(ApiRequest::Lobby),
        ["tournaments"] => Ok(ApiRequest::Tournaments),
        ["tournaments", tournament_id] => id(tournament_id)
            .and_then(|id| tournament_code(query).map(|code| ApiRequest::Tournament { id, code }))
            .map_err(bad),
        ["text"] => Ok(ApiRequest::Text {
            lang: None,
            accept: String::new(),
        }),
        ["text", lang] => Ok(ApiRequest::Text {
            lang: Some((*lang).to_owned()),
            accept: String::new(),
        }),
        ["invites", code] => {
            if is_code(code) {
                Ok(ApiRequest::Invite((*code).to_owned()))
            } else {
                Err(bad(format!("'{code}' is not an invitation code")))
            }
        }
        ["leaderboard"] => crate::rating::pool_of(query)
            .map(ApiRequest::Leaderboard)
            .map_err(bad),
        ["players", name, "matches"] => page(query)
            .map(|(before, limit)| {
                ApiRequest::Archive(ArchiveRequest::PlayerMatches {
                    name: (*name).to_owned(),
                    before,
                    limit,
                })
            })
            .map_err(bad),
        _ => Err(ApiRefusal::NotFound(format!(
            "no such endpoint: {path} (there are /api/matches/ID, \
             /api/matches/ID/record, /api/matches/ID/analysis, /api/players/NAME, /api/players/NAME/matches, \
             /api/leaderboard?variant=V&speed=S, /api/variants, /api/rules/VARIANT, /api/lobby, /api/invites/CODE, /api/text and /api/text/LANG, /api/tournaments and /api/tournaments/ID?code=C)"
        ))),
    })
}

/// `before` and `limit` from a query string.
fn page(query: &str) -> Result<(Option<u64>, u32), String> {
    let (mut before, mut limit) = (None, DEFAULT_PAGE);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("{key} must be a number, not '{value}'"))?;
        match key {
            "before" => before = Some(number),
            "limit" if (1..=u64::from(MAX_PAGE)).contains(&number) => limit = number as u32,
            "limit" => return Err(format!("limit is 1 to {MAX_PAGE}")),
            _ => return Err(format!("unknown parameter '{key}' (before, limit)")),
        }
    }
    Ok((before, limit))
}

/// The depth an analysis searches when not asked, and the deepest it may be asked.
const ANALYSIS_DEPTH: u8 = 8;
const ANALYSIS_MAX_DEPTH: u8 = 14;
/// Whether `text` can be a private seek's or tournament's code: 1 to 64
/// letters and digits.
fn is_code(text: &str) -> bool {
    !text.is_empty() && text.len() <= 64 && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The `code=` of a private tournament's page, if given.
fn tournament_code(query: &str) -> Result<Option<String>, String> {
    let mut code = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            // An empty code names nothing: the tournament is not found.
            Some(("code", value)) if value.is_empty() || is_code(value) => {
                code = Some(value.to_owned());
            }
            Some(("code", value)) => return Err(format!("'{value}' is not a tournament code")),
            _ => return Err(format!("unknown parameter '{pair}' (code)")),
        }
    }
    Ok(code)
}

fn analysis_depth(query: &str) -> Result<u8, String> {
    let mut depth = ANALYSIS_DEPTH;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("depth", value)) => {
                depth = value
                    .parse::<u8>()
                    .ok()
                    .filter(|d| (1..=ANALYSIS_MAX_DEPTH).contains(d))
                    .ok_or_else(|| format!("depth is 1 to {ANALYSIS_MAX_DEPTH}, not '{value}'"))?;
            }
            _ => return Err(format!("unknown parameter '{pair}' (depth)")),
        }
    }
    Ok(depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_under_api_are_routed_or_refused_with_a_reason() {
        assert_eq!(route("/ws", ""), None);
        assert_eq!(
            route("/api/matches/17", ""),
            Some(Ok(ApiRequest::Archive(ArchiveRequest::Match(17))))
        );
        assert_eq!(
            route("/api/matches/17/record", ""),
            Some(Ok(ApiRequest::Archive(ArchiveRequest::Record(17))))
        );
        assert_eq!(
            route("/api/players/ann/matches", "before=40&limit=5"),
            Some(Ok(ApiRequest::Archive(ArchiveRequest::PlayerMatches {
                name: "ann".into(),
                before: Some(40),
                limit: 5
            })))
        );
        assert!(matches!(
            route("/api/matches/x", ""),
            Some(Err(ApiRefusal::BadRequest(_)))
        ));
        assert_eq!(
            route("/api/players/Ay%C5%9Fe", ""),
            Some(Ok(ApiRequest::Player("Ayşe".to_owned()))),
            "percent-decoded"
        );
        assert!(matches!(
            route("/api/players/ann/matches", "limit=500"),
            Some(Err(_))
        ));
        assert_eq!(route("/api/variants", ""), Some(Ok(ApiRequest::Variants)));
        assert_eq!(
            route("/api/rules/bestemshe", ""),
            Some(Ok(ApiRequest::Rules(protocol::rules::Variant::Bestemshe)))
        );
        assert!(matches!(
            route("/api/rules/chess", ""),
            Some(Err(ApiRefusal::NotFound(_)))
        ));
        assert_eq!(route("/api/lobby", ""), Some(Ok(ApiRequest::Lobby)));
        assert_eq!(
            route("/api/invites/9f1c22ab", ""),
            Some(Ok(ApiRequest::Invite("9f1c22ab".into())))
        );
        assert!(matches!(
            route("/api/invites/a%2Fb", ""),
            Some(Err(ApiRefusal::BadRequest(_)))
        ));
        assert!(matches!(
            route("/api/nothing", ""),
            Some(Err(ApiRefusal::NotFound(_)))
        ));
    }
}
