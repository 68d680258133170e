//! The socket tier: it accepts connections, speaks HTTP and WebSocket,
//! serves the browser client's files, keeps each address's budgets, and
//! turns frames into requests for the services ([`session`]). It parses,
//! rate-limits and routes; the rules and the lobby live elsewhere.

pub(crate) mod addresses;
pub(crate) mod assets;
pub(crate) mod cluster;
pub(crate) mod conn;
pub(crate) mod context;
pub(crate) mod http;
pub(crate) mod listener;
pub(crate) mod session;
