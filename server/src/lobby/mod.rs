//! The lobby: its data ([`state`]: open seeks, the quick-pairing pool,
//! challenges, the live-match list), who follows it ([`feed`]), quick
//! pairing by rating ([`pool`]), pairing two players as one step
//! ([`matchmaker`]), and what the other nodes of a cluster show ([`remote`]).

pub(crate) mod feed;
pub(crate) mod matchmaker;
pub(crate) mod pool;
pub(crate) mod remote;
pub(crate) mod state;

pub(crate) use state::Lobby;
