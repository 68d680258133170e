//! The server's computer players, `computer-1` (nearly random) to
//! `computer-8` (full strength): always online, accepting every challenge
//! in every variant and time control, searching on their own threads.

mod player;
mod pool;
mod supervisor;

use crate::config::Config;
use crate::net::context::ConnContext;
use crate::net::session::Session;
use crate::peer::{Peer, PeerLimits};
use engine::{Endgames, Level};
use protocol::wire::{ComputerInfo, MatchId, PlayerRef, ServerMsg};
use std::sync::Arc;

/// How the computer players search and pace themselves (flags of
/// `mancala-server --help`).
#[derive(Clone, Debug)]
pub(crate) struct ComputerSettings {
    /// Search threads shared by all of them (0: one per core).
    pub(crate) threads: usize,
    /// Searches waiting for a thread.
    pub(crate) queue: usize,
    /// Each search thread's transposition table.
    pub(crate) table_bytes: usize,
    /// The most a search may think.
    pub(crate) think_ms: u64,
    /// The least time before a move is sent.
    pub(crate) delay_ms: u64,
    /// Their connections' limits inside the server.
    pub(crate) peer: PeerLimits,
}

impl ComputerSettings {
    /// How the computer players search and pace themselves.
    pub(crate) fn from_config(config: &Config) -> ComputerSettings {
        ComputerSettings {
            threads: config.computer_threads,
            queue: config.computer_queue,
            table_bytes: config.computer_table_mib << 20,
            think_ms: config.computer_think_ms,
            delay_ms: config.computer_delay_ms,
            peer: config.computer_peer_limits(),
        }
    }
}

/// Messages a computer's outbox holds: he takes them at once, so this many
/// waiting means he is stuck, and he is closed (then started again) as any
/// client that does not read.
const TYPED_OUTBOX: usize = 4096;

fn name(level: u8) -> String {
    format!("computer-{level}")
}

/// Sign every computer player in and start him, supervised (started again
/// whenever his loop ends while the server runs); each is signed in before
/// the server accepts connections, so that his name is his from the first
/// moment.
pub(crate) async fn start(
    conns: &Arc<ConnContext>,
    settings: ComputerSettings,
    endgames: Endgames,
) {
    let context = &conns.context;
    let pool = Arc::new(pool::Pool::start(
        settings.threads,
        settings.queue,
        settings.table_bytes,
        &endgames,
        context.clock.clone(),
        Arc::clone(&context.metrics),
    ));
    let settings = Arc::new(settings);
    let mut online = Vec::new();
    for level in Level::MIN.number()..=Level::MAX.number() {
        let Some(level) = Level::new(level) else {
            continue;
        };
        let name = name(level.number());
        let (computer, live) = match sign_in(conns, &settings, &pool, level, &name).await {
            Ok(signed_in) => signed_in,
            Err(error) => {
                player::cannot_start(&name, &error);
                continue;
            }
        };
        let me = computer.me.clone();
        context.tasks.spawn(supervise(
            Arc::clone(conns),
            Arc::clone(&settings),
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
    conns.hub.list_computers(online);
}

/// Sign the computer player `name` in on a new connection inside the
/// server: the player, and his live matches to resume.
async fn sign_in(
    conns: &Arc<ConnContext>,
    settings: &Arc<ComputerSettings>,
    pool: &Arc<pool::Pool>,
    level: Level,
    name: &str,
) -> Result<(player::Computer, Vec<MatchId>), String> {
    let hub = &conns.hub;
    let (peer, outbox) = Peer::typed(
        conns.ids.next(),
        settings.peer.clone(),
        TYPED_OUTBOX,
        conns.context.clock.clone(),
        Arc::clone(&conns.context.metrics),
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
        Arc::clone(conns),
        peer,
        std::net::Ipv4Addr::LOCALHOST.into(),
        me.clone(),
    );
    let computer = player::Computer {
        level,
        context: conns.context.clone(),
        settings: Arc::clone(settings),
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
    conns: Arc<ConnContext>,
    settings: Arc<ComputerSettings>,
    pool: Arc<pool::Pool>,
    level: Level,
    first: (player::Computer, Vec<MatchId>),
) {
    let name = name(level.number());
    let mut first = Some(first);
    let shutdown = conns.context.shutdown.clone();
    let metrics = Arc::clone(&conns.context.metrics);
    supervisor::supervised(
        &name,
        &shutdown,
        || {
            metrics.computer_restarts.inc();
        },
        || {
            let first = first.take();
            let (conns, settings, pool, name) = (
                Arc::clone(&conns),
                Arc::clone(&settings),
                Arc::clone(&pool),
                name.clone(),
            );
            async move {
                let (computer, live) = match first {
                    Some(signed_in) => signed_in,
                    None => sign_in(&conns, &settings, &pool, level, &name).await?,
                };
                computer.run(live).await
            }
        },
    )
    .await;
}
