//! Accounts over real sockets: a password protects a name and signs in
//! from another connection with a new token; wrong passwords and unknown
//! names get the same answer; tries run out per name and per address;
//! names are one whatever their case or Unicode form; a guest's name is
//! kept for the guest time; everything holds across a restart.

use protocol::wire::{ErrorCode, PROTOCOL_VERSION, ServerMsg};
use serde_json::{Value, json};
use tests::{Client, Config, TestServer};

/// `hello` with a name and password on a new connection: the welcome, or
/// the error's code and message.
async fn sign_in(
    server: &TestServer,
    name: &str,
    password: &str,
) -> Result<Client, (ErrorCode, String)> {
    sign_in_on(Client::connect(server).await, name, password).await
}

/// `hello` with a name and password on `client`, connected without one.
async fn sign_in_on(
    mut client: Client,
    name: &str,
    password: &str,
) -> Result<Client, (ErrorCode, String)> {
    client
        .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": name, "password": password}))
        .await;
    match client
        .expect("welcome or error", |m| {
            matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
        })
        .await
    {
        ServerMsg::Welcome {
            player_id,
            name,
            token,
            ..
        } => {
            client.player_id = player_id;
            client.name = name;
            client.token = token;
            Ok(client)
        }
        ServerMsg::Error { code, message, .. } => Err((code, message)),
        other => unreachable!("{other:?}"),
    }
}

async fn reply(client: &mut Client, request: Value) -> ServerMsg {
    let id = client.request(request).await;
    client.reply(id).await
}

async fn set_password(client: &mut Client, password: &str) -> ServerMsg {
    reply(
        client,
        json!({"type": "set_password", "password": password}),
    )
    .await
}

/// A new player `name` on a new connection: his id, or the error's code.
async fn try_join(server: &TestServer, name: &str) -> Result<u64, ErrorCode> {
    let mut client = Client::connect(server).await;
    client
        .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": name}))
        .await;
    match client
        .expect("welcome or error", |m| {
            matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
        })
        .await
    {
        ServerMsg::Welcome { player_id, .. } => Ok(player_id.0),
        ServerMsg::Error { code, .. } => Err(code),
        other => unreachable!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_signs_in_anywhere_with_a_new_token_and_keeps_the_name() {
    let dir = tempfile::tempdir().expect("a directory");
    let config = tests::on_disk(dir.path(), "accounts.sqlite3");
    let server = TestServer::with_config(config.clone()).await;
    let mut ann = Client::join(&server, "Ann").await;
    match set_password(&mut ann, "short").await {
        ServerMsg::Error { code, .. } => assert_eq!(code, ErrorCode::InvalidPassword),
        other => panic!("a short password is refused, got {other:?}"),
    }
    assert!(matches!(
        set_password(&mut ann, "correct horse battery").await,
        ServerMsg::Ok { .. }
    ));

    // From a second connection, by name (any case) and password.
    let other = sign_in(&server, "aNN", "correct horse battery")
        .await
        .expect("signed in by password");
    assert_eq!(other.player_id, ann.player_id, "the same player");
    assert_eq!(other.name, "Ann");
    assert_ne!(other.token, ann.token, "a new token");
    ann.closed().await;
    let mut stale = Client::connect(&server).await;
    stale
        .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "x", "token": ann.token}))
        .await;
    stale.expect_error(ErrorCode::UnknownToken).await;

    // Wrong password, unknown name, a guest's name: one answer, word for word.
    let wrong = sign_in(&server, "ann", "wrong horse battery").await.err();
    let unknown = sign_in(&server, "nobody", "correct horse battery")
        .await
        .err();
    Client::join(&server, "bob").await;
    let guest = sign_in(&server, "bob", "correct horse battery").await.err();
    assert_eq!(wrong.as_ref().map(|e| e.0), Some(ErrorCode::BadCredentials));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong, guest);

    // Nobody else takes the name, even once she has gone.
    let token = other.token.clone();
    let id = other.player_id;
    other.leave().await;
    assert_eq!(try_join(&server, "ANN").await, Err(ErrorCode::NameTaken));

    // Across a restart: the password, the name and the new token hold.
    let addr = server.addr;
    assert!(server.stop().await);
    let server = TestServer::on(addr, config).await;
    let (again, _) = Client::rejoin(&server, &token).await;
    assert_eq!(again.player_id, id);
    again.leave().await;
    let back = sign_in(&server, "ann", "correct horse battery")
        .await
        .expect("the password is kept");
    assert_eq!(back.player_id, id);
    assert_eq!(try_join(&server, "ann").await, Err(ErrorCode::NameTaken));
    server.stop().await;
}

#[tokio::test]
async fn password_tries_run_out_per_name_and_per_address() {
    let server = TestServer::with_config(Config {
        password_tries_per_name: 3,
        password_tries_per_ip: 6,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    assert!(matches!(
        set_password(&mut ann, "correct horse battery").await,
        ServerMsg::Ok { .. }
    ));
    for _ in 0..3 {
        let refused = sign_in(&server, "ann", "guess guess guess").await.err();
        assert_eq!(refused.map(|e| e.0), Some(ErrorCode::BadCredentials));
    }
    // Her tries are spent: even the right password waits.
    let refused = sign_in(&server, "ann", "correct horse battery").await.err();
    assert_eq!(refused.map(|e| e.0), Some(ErrorCode::RateLimited));
    // Another name from this address has one try left (six in all, her
    // password change among them: each costs a hash).
    let refused = sign_in(&server, "cat", "guess guess guess").await.err();
    assert_eq!(refused.map(|e| e.0), Some(ErrorCode::BadCredentials));
    let refused = sign_in(&server, "dan", "guess guess guess").await.err();
    assert_eq!(refused.map(|e| e.0), Some(ErrorCode::RateLimited));
    // The player signed in is not disturbed by any of it.
    assert!(matches!(
        reply(&mut ann, json!({"type": "lobby_subscribe"})).await,
        ServerMsg::LobbySnapshot { .. }
    ));
    server.stop().await;
}

/// A guesser elsewhere spends the name's tries, not its owner's: from the
/// address he set his password from, the owner signs in; from an address
/// the name never signed in from, the name's budget holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_signs_in_from_his_own_address_past_a_guesser() {
    use std::net::Ipv4Addr;
    let server = TestServer::with_config(Config {
        password_tries_per_name: 3,
        ..Config::default()
    })
    .await;
    let home = Ipv4Addr::new(127, 0, 0, 1);
    let guesser = Ipv4Addr::new(127, 0, 0, 2);
    let elsewhere = Ipv4Addr::new(127, 0, 0, 3);
    let mut ann = Client::connect_from(&server, home).await;
    ann.hello("ann").await;
    assert!(matches!(
        set_password(&mut ann, "correct horse battery").await,
        ServerMsg::Ok { .. }
    ));
    for _ in 0..3 {
        let client = Client::connect_from(&server, guesser).await;
        let refused = sign_in_on(client, "ann", "guess guess guess").await.err();
        assert_eq!(refused.map(|e| e.0), Some(ErrorCode::BadCredentials));
    }
    let client = Client::connect_from(&server, guesser).await;
    let refused = sign_in_on(client, "ann", "correct horse battery")
        .await
        .err();
    assert_eq!(
        refused.map(|e| e.0),
        Some(ErrorCode::RateLimited),
        "the guesser is stopped, right password or not"
    );
    let client = Client::connect_from(&server, elsewhere).await;
    let refused = sign_in_on(client, "ann", "correct horse battery")
        .await
        .err();
    assert_eq!(refused.map(|e| e.0), Some(ErrorCode::RateLimited));
    let client = Client::connect_from(&server, home).await;
    let again = sign_in_on(client, "ann", "correct horse battery").await;
    assert!(
        again.is_ok(),
        "the owner gets in from home: {:?}",
        again.err()
    );
    server.stop().await;
}

#[tokio::test]
async fn names_are_one_whatever_their_case_or_unicode_form() {
    let server = TestServer::start().await;
    let zoe = Client::join(&server, "Ζωή").await;
    assert_eq!(zoe.name, "Ζωή");
    assert_eq!(try_join(&server, "ΖΩΉ").await, Err(ErrorCode::NameTaken));
    // Full-width letters are the same name in NFKC, and kept in that form.
    let ann = Client::join(&server, "\u{ff21}nn").await;
    assert_eq!(ann.name, "Ann");
    assert_eq!(try_join(&server, "ann").await, Err(ErrorCode::NameTaken));
    assert_eq!(
        try_join(&server, "a\u{200b}b").await,
        Err(ErrorCode::InvalidName)
    );
    // Blank fillers, and letters of two scripts in one name, are no names.
    for blank in [
        "\u{3164}",
        "ann\u{3164}",
        "\u{115f}\u{1160}",
        "c\u{43e}mputer",
    ] {
        assert_eq!(
            try_join(&server, blank).await,
            Err(ErrorCode::InvalidName),
            "{blank:?}"
        );
    }
    // A name that looks like one taken is refused, saying which.
    let _ace = Client::join(&server, "ace").await;
    let mut cyrillic = Client::connect(&server).await;
    cyrillic
        .send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "\u{430}\u{441}\u{435}"}))
        .await;
    assert_eq!(
        cyrillic.expect_error(ErrorCode::NameTaken).await,
        "'\u{430}\u{441}\u{435}' looks like 'ace', which is taken: choose a name that cannot be mistaken for another"
    );
    let _strasse = Client::join(&server, "STRASSE").await;
    assert_eq!(try_join(&server, "straße").await, Err(ErrorCode::NameTaken));
    server.stop().await;
}

#[tokio::test]
async fn a_guests_name_waits_for_him_for_the_guest_time() {
    const DAY: u64 = 24 * 60 * 60 * 1000;
    let (server, manual) = TestServer::with_manual_clock(Config::default()).await;
    // Ann and bob finish a match; cat never plays.
    let (mut ann, mut bob, match_id) =
        tests::seek_match(&server, ["ann", "bob"], json!({"games": 1})).await;
    let id = ann
        .request(json!({"type": "resign", "match_id": match_id.0}))
        .await;
    ann.reply(id).await;
    for player in [&mut ann, &mut bob] {
        player
            .expect("the end", |m| matches!(m, ServerMsg::MatchEnded { .. }))
            .await;
    }
    let cat = Client::join(&server, "cat").await;
    for client in [ann, bob, cat] {
        client.leave().await;
    }
    server
        .settled_metric("mancala_players_online", |v| v == 0.0)
        .await;
    assert_eq!(server.metric("mancala_players_known").await, 3.0);
    // A guest who never played is kept a day after he was last seen.
    manual.advance(DAY - 1);
    assert_eq!(try_join(&server, "cat").await, Err(ErrorCode::NameTaken));
    manual.advance(1);
    server
        .settled_metric("mancala_players_known", |v| v == 2.0)
        .await;
    // One who finished a match, 30 days.
    manual.advance(28 * DAY);
    assert_eq!(try_join(&server, "ann").await, Err(ErrorCode::NameTaken));
    manual.advance(DAY);
    server
        .settled_metric("mancala_players_known", |v| v == 0.0)
        .await;
    assert!(try_join(&server, "ann").await.is_ok(), "free after 30 days");
    server.stop().await;
}

/// New guests from one address draw on its budget: past it the hello is
/// refused `rate_limited`, while a player coming back with his token is not.
#[tokio::test]
async fn new_guests_from_one_address_are_budgeted() {
    let (server, manual) = TestServer::with_manual_clock(Config {
        guests_per_ip_per_hour: 3,
        ..Config::default()
    })
    .await;
    let first = Client::join(&server, "g0").await;
    for n in 1..3 {
        assert!(try_join(&server, &format!("g{n}")).await.is_ok());
    }
    assert_eq!(try_join(&server, "g3").await, Err(ErrorCode::RateLimited));
    let (back, _) = Client::rejoin(&server, &first.token).await;
    assert_eq!(back.name, "g0", "a token is no new guest");
    manual.advance(20 * 60 * 1000);
    assert!(
        try_join(&server, "g3").await.is_ok(),
        "one more after 20 minutes"
    );
    server.stop().await;
}

/// Setting a password costs a hash: it draws on the address's budget of
/// password tries, and past it the answer is `rate_limited` at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_changes_draw_on_the_addresss_budget() {
    let server = TestServer::with_config(Config {
        password_tries_per_ip: 3,
        ..Config::default()
    })
    .await;
    let mut ann = Client::join(&server, "ann").await;
    for n in 0..3 {
        let reply = set_password(&mut ann, &format!("a long password {n}")).await;
        assert!(matches!(reply, ServerMsg::Ok { .. }), "{reply:?}");
    }
    let reply = set_password(&mut ann, "a long password 3").await;
    assert!(
        matches!(
            reply,
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            }
        ),
        "{reply:?}"
    );
    server.stop().await;
}

/// The server keeps a bounded number of guests: past it a new guest is
/// refused `rate_limited` saying why, while a player coming back with his
/// token still gets in.
#[tokio::test]
async fn the_guests_kept_in_all_are_bounded() {
    let server = TestServer::with_config(Config {
        max_guests: 2,
        ..Config::default()
    })
    .await;
    let ann = Client::join(&server, "ann").await;
    let _bob = Client::join(&server, "bob").await;
    let mut cat = Client::connect(&server).await;
    cat.send(json!({"type": "hello", "protocol_version": PROTOCOL_VERSION, "name": "cat"}))
        .await;
    assert_eq!(
        cat.expect_error(ErrorCode::RateLimited).await,
        "the server keeps as many guests as it may (2): sign in with your token or password, or try again later"
    );
    let (back, _) = Client::rejoin(&server, &ann.token).await;
    assert_eq!(back.name, "ann");
    server.stop().await;
}
