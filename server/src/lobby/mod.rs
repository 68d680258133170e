//! The lobby: its data ([`state`]: open seeks, the quick-pairing pool,
//! challenges, the live-match list), who follows it ([`feed`]), quick
//! pairing by rating ([`pool`]), and pairing two players as one step
//! ([`matchmaker`]).

pub(crate) mod feed;
pub(crate) mod matchmaker;
pub(crate) mod pool;
pub(crate) mod state;

pub(crate) use state::Lobby;
