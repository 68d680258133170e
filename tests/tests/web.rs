//! The browser client's files over real HTTP: the pages answer the client
//! with a strict Content-Security-Policy, the files their own types, an
//! unchanged file a `304`, and anything else a `404`.

use tests::TestServer;

/// The value of a header in a response head (names compared ignoring case).
fn header<'a>(response: &'a str, name: &str) -> Option<&'a str> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

fn status(response: &str) -> &str {
    response.lines().next().unwrap_or("")
}

#[tokio::test]
async fn the_pages_answer_the_client_with_a_strict_policy() {
    let server = TestServer::start().await;
    for page in ["/", "/play/3", "/watch/3", "/matches/3", "/invite/9f1c22ab"] {
        let response = server.http_get(page).await;
        assert_eq!(status(&response), "HTTP/1.1 200 OK", "{page}");
        assert_eq!(
            header(&response, "content-type"),
            Some("text/html; charset=utf-8")
        );
        let policy = header(&response, "content-security-policy").unwrap_or("");
        assert!(policy.contains("default-src 'none'"), "{policy}");
        assert!(policy.contains("script-src 'self'"), "{policy}");
        assert!(policy.contains("connect-src 'self'"), "{policy}");
        assert_eq!(header(&response, "x-content-type-options"), Some("nosniff"));
        assert!(response.contains("<script type=\"module\" src=\"/static/app.js\">"));
    }
}

#[tokio::test]
async fn files_have_their_types_and_an_unchanged_one_is_not_sent_again() {
    let server = TestServer::start().await;
    for (path, kind) in [
        ("/static/app.js", "text/javascript; charset=utf-8"),
        ("/static/style.css", "text/css; charset=utf-8"),
        ("/static/icon.svg", "image/svg+xml"),
    ] {
        let response = server.http_get(path).await;
        assert_eq!(status(&response), "HTTP/1.1 200 OK", "{path}");
        assert_eq!(header(&response, "content-type"), Some(kind), "{path}");
        assert_eq!(header(&response, "cache-control"), Some("no-cache"));
        let tag = header(&response, "etag").expect("an ETag").to_owned();
        let again = server
            .http_get_with(path, &format!("If-None-Match: {tag}\r\n"))
            .await;
        assert_eq!(status(&again), "HTTP/1.1 304 Not Modified", "{path}");
        assert_eq!(header(&again, "content-length"), Some("0"));
        let stale = server
            .http_get_with(path, "If-None-Match: \"0000000000000000\"\r\n")
            .await;
        assert_eq!(status(&stale), "HTTP/1.1 200 OK");
    }
}

#[tokio::test]
async fn other_paths_are_not_found() {
    let server = TestServer::start().await;
    for path in [
        "/static/missing.js",
        "/static/../Cargo.toml",
        "/watch/",
        "/elsewhere",
    ] {
        let response = server.http_get(path).await;
        assert_eq!(status(&response), "HTTP/1.1 404 Not Found", "{path}");
    }
}

/// The browser's settings form reads the variants from the server: the
/// answer reads back as the API's type and lists what the server plays.
#[tokio::test]
async fn the_variants_come_from_the_server() {
    let server = TestServer::start().await;
    let response = server.http_get("/api/variants").await;
    assert_eq!(status(&response), "HTTP/1.1 200 OK");
    assert_eq!(header(&response, "content-type"), Some("application/json"));
    let body = response.split("\r\n\r\n").nth(1).expect("a body");
    let variants: protocol::api::Variants = serde_json::from_str(body).expect("the API's type");
    assert_eq!(variants, protocol::api::variants());
    let ids: Vec<&str> = variants.variants.iter().map(|v| v.id.id()).collect();
    assert_eq!(
        ids,
        [
            "mangala",
            "kalah",
            "oware",
            "kalah_relay",
            "congkak",
            "togyz_kumalak",
            "bestemshe"
        ]
    );
    let oware = &variants.variants[2];
    let grand_slam = oware
        .params
        .iter()
        .find(|p| p.key == "grand_slam")
        .expect("an option");
    assert_eq!(
        grand_slam.words["illegal_unless_forced"],
        "illegal unless forced"
    );
}

#[tokio::test]
async fn an_invitation_code_names_who_invites_and_to_what_while_the_seek_is_open() {
    use protocol::wire::SeekInfo;
    use serde_json::json;
    use tests::Client;
    let server = TestServer::start().await;
    let mut ann = Client::join(&server, "ann").await;
    let (seek, code) = tests::private_seek(&mut ann, json!({"games": 3})).await;
    let response = server.http_get(&format!("/api/invites/{code}")).await;
    assert_eq!(status(&response), "HTTP/1.1 200 OK");
    let body = response.split("\r\n\r\n").nth(1).expect("a body");
    let offered: SeekInfo = serde_json::from_str(body).expect("a seek");
    assert_eq!(offered, seek);
    assert_eq!(
        (offered.by.name.as_str(), offered.settings.games),
        ("ann", 3)
    );
    // A wrong code, and once the seek is cancelled its own, find nothing.
    let response = server.http_get("/api/invites/0000").await;
    assert_eq!(status(&response), "HTTP/1.1 404 Not Found");
    assert!(response.contains("no_such_seek"), "{response}");
    let id = ann
        .request(json!({"type": "seek_cancel", "seek_id": seek.seek_id}))
        .await;
    ann.reply(id).await;
    let response = server.http_get(&format!("/api/invites/{code}")).await;
    assert_eq!(status(&response), "HTTP/1.1 404 Not Found");
    // Not a code at all.
    let response = server.http_get("/api/invites/a..b").await;
    assert_eq!(status(&response), "HTTP/1.1 400 Bad Request");
}

#[tokio::test]
async fn the_lobby_reads_without_signing_in_public_seeks_and_live_matches_only() {
    use protocol::api::LobbyView;
    use protocol::wire::ServerMsg;
    use serde_json::json;
    use tests::Client;
    let server = TestServer::start().await;
    let (_ann, _bob, match_id) = tests::seek_match(&server, ["ann", "bob"], json!({})).await;
    let mut cid = Client::join(&server, "cid").await;
    let id = cid
        .request(json!({"type": "seek_create", "settings": {"games": 3}}))
        .await;
    let public = match cid.reply(id).await {
        ServerMsg::SeekCreated { seek, .. } => seek,
        other => panic!("{other:?}"),
    };
    tests::private_seek(&mut cid, json!({"games": 1})).await;
    let response = server.http_get("/api/lobby").await;
    assert_eq!(status(&response), "HTTP/1.1 200 OK");
    let body = response.split("\r\n\r\n").nth(1).expect("a body");
    let lobby: LobbyView = serde_json::from_str(body).expect("the API's type");
    assert_eq!(lobby.seeks, [public], "the private seek is not shown");
    assert_eq!(lobby.live_matches, 1);
    assert_eq!(lobby.matches[0].match_id, match_id);
    assert_eq!(lobby.players_online, 3);
}
