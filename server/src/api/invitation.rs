//! What a private seek's invitation link offers (`GET /api/invites/{code}`):
//! who invites and to which match, so that the page a link opens can say
//! so before the visitor joins. Knowing the code is what lets one see it,
//! as it is what lets one join; guesses pay the `/api/` rate budget.

use crate::api::answer::{Answer, error, json};
use protocol::wire::SeekInfo;

/// Where the open private seeks are.
pub(crate) trait Invitations {
    /// The open private seek that `code` names, if any.
    fn invitation(&self, code: &str) -> Option<SeekInfo>;
}

/// The seek `code` names, or a 404 that says it is no longer open.
pub(crate) fn invitation(seeks: &impl Invitations, code: &str) -> Answer {
    match seeks.invitation(code) {
        Some(seek) => json(&seek),
        None => error(
            "404 Not Found",
            "no_such_seek",
            "this invitation is no longer open (taken, cancelled, or its player left)".into(),
        ),
    }
}
