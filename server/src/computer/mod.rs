//! The server's computer players, `computer-1` (nearly random) to
//! `computer-8` (full strength): always online, accepting every challenge
//! in every variant and time control, searching on their own threads.

mod player;
mod pool;
mod supervisor;

use crate::hub::Hub;
use crate::net::addresses::Addresses;
use crate::net::session::Session;
use crate::peer::Peer;
use engine::{Endgames, Level};
use protocol::wire::{ComputerInfo, MatchId, PlayerRef, ServerMsg};
use std::sync::Arc;

fn name(level: u8) -> String {
    format!("computer-{level}")
}

/// Sign every computer player in and start him, supervised (started again
/// whenever his loop ends while the server runs); each is signed in before
/// the server accepts connections, so that his name is his from the first
/// moment.
pub(crate) async fn start(hub: &Arc<Hub>, addresses: &Arc<Addresses>, endgames: Endgames) {
    let config = &hub.config;
    let pool = Arc::new(pool::Pool::start(
        config.computer_threads,
        config.computer_queue,
        config.computer_table_mib << 20,
        &endgames,
        config.clock.clone(),
        Arc::clone(&hub.metrics),
    ));
    let mut online = Vec::new();
    for level in Level::MIN.number()..=Level::MAX.number() {
        let Some(level) = Level::new(level) else {
            continue;
        };
        let name = name(level.number());
        let (computer, live) = match sign_in(hub, addresses, &pool, level, &name).await {
            Ok(signed_in) => signed_in,
            Err(error) => {
                player::cannot_start(&name, &error);
                continue;
            }
        };
        let me = computer.me.clone();
        hub.tasks.spawn(supervise(
            Arc::clone(hub),
            Arc::clone(addresses),
            Arc::clone(&pool),
            level,
            (computer, live),
        ));
        let info = ComputerInfo {
            name: me.name.clone(),
            level: level.number(),
        };
        online.push((info, me));
    }
    hub.list_computers(online);
}

/// Sign the computer player `name` in on a new connection inside the
/// server: the player, and his live matches to resume.
async fn sign_in(
    hub: &Arc<Hub>,
    addresses: &Arc<Addresses>,
    pool: &Arc<pool::Pool>,
    level: Level,
    name: &str,
) -> Result<(player::Computer, Vec<MatchId>), String> {
    let config = &hub.config;
    let (peer, outbox) = Peer::new(
        hub.next_id(),
        config.computer_peer_limits(),
        config.clock.clone(),
        Arc::clone(&hub.metrics),
    );
    let (welcome, stored) = hub.login_computer(name, &peer).map_err(|e| e.to_string())?;
    let ServerMsg::Welcome {
        player_id,
        name,
        matches,
        ..
    } = welcome
    else {
        return Err("no welcome".to_owned());
    };
    if let Err(error) = stored.durable().await {
        // Not stored, not signed in: he stays offline until the next try.
        hub.login_failed(player_id);
        return Err(error.to_string());
    }
    let me = PlayerRef {
        id: player_id,
        name,
    };
    let session = Session::signed_in_as(
        Arc::clone(hub),
        peer,
        Arc::clone(addresses),
        std::net::Ipv4Addr::LOCALHOST.into(),
        me.clone(),
    );
    let computer = player::Computer {
        level,
        hub: Arc::clone(hub),
        pool: Arc::clone(pool),
        session,
        outbox,
        me,
    };
    let live = matches.iter().map(|m| m.match_id).collect();
    Ok((computer, live))
}

/// Run a signed-in computer player until the server stops, signing him in
/// again and starting him afresh whenever his loop ends before then.
async fn supervise(
    hub: Arc<Hub>,
    addresses: Arc<Addresses>,
    pool: Arc<pool::Pool>,
    level: Level,
    first: (player::Computer, Vec<MatchId>),
) {
    let name = name(level.number());
    let mut first = Some(first);
    let shutdown = hub.shutdown.clone();
    let metrics = Arc::clone(&hub.metrics);
    supervisor::supervised(
        &name,
        &shutdown,
        || {
            metrics.computer_restarts.inc();
        },
        || {
            let first = first.take();
            let (hub, addresses, pool, name) = (
                Arc::clone(&hub),
                Arc::clone(&addresses),
                Arc::clone(&pool),
                name.clone(),
            );
            async move {
                let (computer, live) = match first {
                    Some(signed_in) => signed_in,
                    None => sign_in(&hub, &addresses, &pool, level, &name).await?,
                };
                computer.run(live).await
            }
        },
    )
    .await;
}
