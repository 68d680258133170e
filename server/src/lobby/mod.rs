//! The lobby: its data ([`state`]: open seeks, the quick-pairing pool,
//! challenges, the live-match list), who follows it ([`feed`]), quick
//! pairing by rating ([`pool`]), pairing two players as one step
//! ([`matchmaker`]), what the other nodes of a cluster show ([`remote`]) and
//! how the lobby tells and hears them ([`others`]).

pub(crate) mod feed;
pub(crate) mod matchmaker;
pub(crate) mod others;
pub(crate) mod pool;
pub(crate) mod remote;
pub(crate) mod state;

pub(crate) use state::Lobby;
