//! Who the players are: identities (names, tokens, the connection each is
//! on, his live matches), their passwords, and what names are allowed.

pub(crate) mod accounts;
pub(crate) mod identity;
pub(crate) mod names;
