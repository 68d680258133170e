//! The server's computer players, `computer-1` (nearly random) to
//! `computer-8` (full strength): always online, accepting every challenge
//! in every variant and time control, searching on their own threads.

mod player;
mod pool;

use crate::addresses::Addresses;
use crate::hub::Hub;
use crate::peer::Peer;
use crate::session::Session;
use engine::Level;
use protocol::wire::{ComputerInfo, PlayerRef, ServerMsg};
use std::sync::Arc;

/// The computer players' names and levels, as the lobby lists them.
pub(crate) fn roster() -> Vec<ComputerInfo> {
    (Level::MIN.number()..=Level::MAX.number())
        .map(|level| ComputerInfo {
            name: name(level),
            level,
        })
        .collect()
}

fn name(level: u8) -> String {
    format!("computer-{level}")
}

/// Sign every computer player in and start him; before the server accepts
/// connections, so that his name is his from the first moment.
pub(crate) async fn start(hub: &Arc<Hub>, addresses: &Arc<Addresses>) {
    let config = &hub.config;
    let pool = Arc::new(pool::Pool::start(
        config.computer_threads,
        config.computer_queue,
        config.computer_table_mib << 20,
    ));
    for level in Level::MIN.number()..=Level::MAX.number() {
        let Some(level) = Level::new(level) else {
            continue;
        };
        let name = name(level.number());
        let (peer, outbox) = Peer::new(
            hub.next_id(),
            config.peer_limits(),
            config.clock.clone(),
            Arc::clone(&hub.metrics),
        );
        let signed_in = hub.login_computer(&name, &peer);
        let (welcome, stored) = match signed_in {
            Ok(signed_in) => signed_in,
            Err(error) => {
                player::cannot_start(&name, &error);
                continue;
            }
        };
        let ServerMsg::Welcome {
            player_id,
            name,
            matches,
            ..
        } = welcome
        else {
            continue;
        };
        if let Err(error) = stored.durable().await {
            // Not stored, not signed in: he stays offline until the next start.
            hub.login_failed(player_id);
            player::cannot_start(&name, &error);
            continue;
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
            pool: Arc::clone(&pool),
            session,
            outbox,
            me: me.id,
        };
        let live = matches.iter().map(|m| m.match_id).collect();
        hub.tasks.spawn(computer.run(live));
    }
    hub.list_computers(roster());
}
