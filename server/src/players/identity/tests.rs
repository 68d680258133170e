//! The rules of identities, without a server.

use super::*;
use crate::error::ServerError;
use crate::players::names::check_name;
use protocol::wire::MatchSettings;

fn limits(per_player: usize) -> LiveLimits {
    LiveLimits {
        per_player,
        per_computer: 1,
    }
}

use protocol::wire::TimeControl;

fn peer(id: u64) -> Peer {
    crate::peer::for_tests(id)
}

fn ids() -> impl FnMut() -> PlayerId {
    let mut next = 0;
    move || {
        next += 1;
        PlayerId(next)
    }
}

#[test]
fn a_guests_name_is_kept_for_the_guest_time_after_his_last_match() {
    let mut known = Identities::new(1_000);
    let mut next = ids();
    let ann = known
        .sign_in("Ann", None, &peer(1), 0, &mut next)
        .expect("ann");
    assert_eq!(known.online(), 1);
    assert_eq!(
        known.sign_in("ANN", None, &peer(2), 0, &mut next).err(),
        Some(ServerError::NameTaken("ANN".into()))
    );
    assert_eq!(
        known
            .sign_in("no spaces", None, &peer(2), 0, &mut next)
            .err(),
        Some(ServerError::InvalidName)
    );
    // Offline but playing: still hers, however long.
    let players = [ann.player.clone(), ann.player.clone()];
    known.engage(&players, MatchId(9), false);
    known.sign_out(ann.player.id, 1, 10);
    assert!(
        known
            .sign_in("ann", None, &peer(3), 5_000, &mut next)
            .is_err()
    );
    // Her match ends at 6,000: the name is hers until 7,000.
    known.release([ann.player.id; 2], MatchId(9), false, 6_000);
    assert!(
        known
            .sign_in("ann", None, &peer(3), 6_999, &mut next)
            .is_err()
    );
    let again = known
        .sign_in("ann", None, &peer(3), 7_000, &mut next)
        .expect("free");
    assert_ne!(again.player.id, ann.player.id);
    assert_eq!(
        known
            .sign_in("x", Some(&ann.token), &peer(4), 7_000, &mut next)
            .err(),
        Some(ServerError::UnknownToken)
    );
}

#[test]
fn names_are_one_whatever_their_case_or_unicode_form() {
    let mut known = Identities::default();
    let mut next = ids();
    // Full-width letters are the same name in NFKC.
    let ann = known
        .sign_in("\u{ff21}nn", None, &peer(1), 0, &mut next)
        .expect("a full-width name");
    assert_eq!(ann.player.name, "Ann", "kept in its NFKC form");
    assert!(known.sign_in("aNN", None, &peer(2), 0, &mut next).is_err());
    // Other scripts are names too; case folds there as well.
    let zoe = known
        .sign_in("Ζωή", None, &peer(3), 0, &mut next)
        .expect("a Greek name");
    assert_eq!(known.by_name("ΖΩΉ").map(|p| p.id), Some(zoe.player.id));
    assert_eq!(name_key("Ζωή"), name_key("ΖΩΉ"));
    for bad in [
        "",
        "a b",
        "tab\t",
        "x".repeat(21).as_str(),
        "semi;colon",
        "\u{200b}zero",
    ] {
        assert!(check_name(bad).is_err(), "{bad:?}");
    }
    assert!(
        check_name(&"é".repeat(20)).is_ok(),
        "20 characters, not bytes"
    );
}

#[test]
fn a_password_keeps_the_name_and_signs_in_with_a_new_token() {
    let mut known = Identities::new(1_000);
    let mut next = ids();
    let ann = known
        .sign_in("ann", None, &peer(1), 0, &mut next)
        .expect("ann");
    assert!(known.password_of("ann").is_none(), "a guest has none");
    let write = known.set_password(ann.player.id, "$argon2id$hash".into());
    assert!(matches!(write, Some(Write::Password { id, .. }) if id == ann.player.id.0));
    assert_eq!(
        known.password_of("ANN"),
        Some((ann.player.id, "$argon2id$hash".into()))
    );
    known.sign_out(ann.player.id, 1, 10);
    // Long past the guest time: the name stays hers.
    assert_eq!(known.arm_forget(ann.player.id), None, "never forgotten");
    assert_eq!(
        known.forget_due(ann.player.id, 1_000_000),
        ForgetDue::Nothing
    );
    assert!(
        known
            .sign_in("ann", None, &peer(2), 1_000_000, &mut next)
            .is_err()
    );
    let device = known
        .sign_in_by_password(ann.player.id, &peer(3))
        .expect("signed in");
    assert_eq!(device.player, ann.player);
    assert_ne!(device.token, ann.token, "a new token");
    assert!(matches!(device.writes.as_slice(), [Write::Token { .. }]));
    assert_eq!(
        known
            .sign_in("x", Some(&ann.token), &peer(4), 0, &mut next)
            .err(),
        Some(ServerError::UnknownToken),
        "the old token names nobody"
    );
    assert!(
        known
            .sign_in("x", Some(&device.token), &peer(5), 0, &mut next)
            .is_ok()
    );
}

#[test]
fn a_token_signs_in_again_and_replaces_the_older_connection() {
    let mut known = Identities::default();
    let mut next = ids();
    let first = peer(1);
    let ann = known
        .sign_in("ann", None, &first, 0, &mut next)
        .expect("ann");
    let second = peer(2);
    let again = known
        .sign_in("ignored", Some(&ann.token), &second, 5, &mut next)
        .expect("by token");
    assert_eq!(again.player, ann.player);
    assert_eq!(known.online(), 1, "she never left");
    assert!(
        first.is_closed(),
        "the older connection is closed as replaced"
    );
    // The older connection's end changes nothing; the newer one's does.
    assert_eq!(known.sign_out(ann.player.id, 1, 6), None);
    assert_eq!(known.online(), 1);
    assert_eq!(known.sign_out(ann.player.id, 2, 7), Some(Vec::new()));
    assert_eq!(known.online(), 0);
    assert!(known.is_offline(ann.player.id));
}

#[test]
fn the_live_match_cap_and_the_one_real_time_match() {
    let mut known = Identities::default();
    let mut next = ids();
    let ann = known
        .sign_in("ann", None, &peer(1), 0, &mut next)
        .expect("ann")
        .player;
    let bob = known
        .sign_in("bob", None, &peer(2), 0, &mut next)
        .expect("bob")
        .player;
    let blitz = MatchSettings {
        time_control: TimeControl::RealTime {
            initial_ms: 60_000,
            increment_ms: 0,
        },
        ..MatchSettings::default()
    };
    let pair = [ann.clone(), bob.clone()];
    assert!(known.check_free(&pair, &blitz, limits(2)).is_ok());
    let links = known.engage(&pair, MatchId(1), true);
    assert!(links.iter().all(Option::is_some));
    assert_eq!(
        known.check_free(&pair, &blitz, limits(2)).err(),
        Some(ServerError::AlreadyPlaying("ann".into()))
    );
    let untimed = MatchSettings::default();
    assert!(known.check_free(&pair, &untimed, limits(2)).is_ok());
    known.engage(&pair, MatchId(2), false);
    assert_eq!(
        known.check_free(&pair, &untimed, limits(2)).err(),
        Some(ServerError::TooManyMatches {
            name: "ann".into(),
            max: 2
        })
    );
    assert_eq!(
        known.release([ann.id, bob.id], MatchId(1), true, 0),
        Vec::new()
    );
    assert!(known.check_free(&pair, &blitz, limits(3)).is_ok());
    // Matches on other nodes count too.
    let on_another_node = |player| {
        if player == ann.id {
            Playing {
                matches: 1,
                real_time: 1,
            }
        } else {
            Playing::default()
        }
    };
    assert_eq!(
        known
            .check_free_with(&pair, &blitz, limits(3), on_another_node)
            .err(),
        Some(ServerError::AlreadyPlaying("ann".into()))
    );
    assert_eq!(
        known
            .check_free_with(&pair, &untimed, limits(2), on_another_node)
            .err(),
        Some(ServerError::TooManyMatches {
            name: "ann".into(),
            max: 2
        })
    );
}

#[test]
fn only_idle_guests_are_forgotten_with_one_timer_each() {
    let mut known = Identities::new(100);
    let mut next = ids();
    let ann = known
        .sign_in("ann", None, &peer(1), 0, &mut next)
        .expect("ann");
    assert_eq!(known.arm_forget(ann.player.id), None, "online");
    known.sign_out(ann.player.id, 1, 1_000);
    assert_eq!(known.arm_forget(ann.player.id), Some(1_100));
    assert_eq!(known.arm_forget(ann.player.id), None, "one timer at a time");
    // She came back and left again meanwhile: look again later.
    known
        .sign_in("x", Some(&ann.token), &peer(2), 1_050, &mut next)
        .expect("back");
    known.sign_out(ann.player.id, 2, 1_060);
    assert_eq!(
        known.forget_due(ann.player.id, 1_100),
        ForgetDue::Later(1_160)
    );
    assert_eq!(known.forget_due(ann.player.id, 1_160), ForgetDue::Forgotten);
    assert_eq!(known.known(), 0);
    assert!(known.online_by_name("ann").is_none());
}

/// A player relayed from another node of a cluster is counted online
/// there, not here, whichever connection replaces which.
#[test]
fn a_relayed_player_is_not_counted_online_here() {
    let mut known = Identities::new(1_000);
    let mut next = ids();
    let ann = known
        .sign_in("Ann", None, &peer(1), 0, &mut next)
        .expect("ann")
        .player
        .id;
    assert_eq!(known.online(), 1);
    known.sign_in_relayed(ann, &peer(2)).expect("relayed");
    assert_eq!(known.online(), 0, "her relay replaced her connection here");
    assert!(known.sign_out(ann, 2, 5).is_some());
    assert_eq!(known.online(), 0);
    known.sign_in_relayed(ann, &peer(3)).expect("relayed");
    assert_eq!(known.peer_of(ann).map(|p| p.id()), Some(3));
    assert_eq!(known.online(), 0);
    let token = known
        .sign_in_by_password(ann, &peer(4))
        .expect("here")
        .token;
    assert!(!token.is_empty());
    assert_eq!(known.online(), 1, "back on a connection of this node");
    assert!(known.sign_out(ann, 4, 6).is_some());
    assert_eq!(known.online(), 0);
}

#[test]
fn another_nodes_change_drops_an_idle_player_and_its_activity_keeps_a_guest() {
    let mut known = Identities::new(100);
    let mut next = ids();
    let ann = known
        .sign_in("ann", None, &peer(1), 0, &mut next)
        .expect("ann")
        .player;
    assert!(!known.drop_if_idle(ann.id), "connected here: kept");
    known.sign_out(ann.id, 1, 1_000);
    // Signed in on another node at 5,000: her guest time runs from then.
    known.seen_elsewhere(ann.id, 5_000);
    assert_eq!(known.arm_forget(ann.id), Some(5_100));
    assert!(
        known.drop_if_idle(ann.id),
        "idle here: read again when next asked"
    );
    assert!(known.by_name("ann").is_none());
}
