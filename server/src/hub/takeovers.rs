//! The takeovers under way on this node: a replay of the matches it holds
//! at its start, a round claiming matches other nodes left, or one match
//! claimed because a client asked for it. A request for a match not found
//! here waits while one is under way (its match may be that one, claimed
//! and not yet serving), instead of being told it does not exist.

use tokio::sync::watch;

/// How many takeovers are under way, and how many ever started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Takeovers {
    pub(crate) under_way: usize,
    pub(crate) started: u64,
}

/// The takeovers of one node, watched by the requests that wait for them.
#[derive(Default)]
pub(crate) struct Watched {
    state: watch::Sender<Takeovers>,
}

/// One takeover under way, until dropped.
pub(crate) struct Takeover<'a> {
    watched: &'a Watched,
}

impl Watched {
    /// A takeover starts here.
    pub(crate) fn start(&self) -> Takeover<'_> {
        self.state.send_modify(|state| {
            state.under_way += 1;
            state.started += 1;
        });
        Takeover { watched: self }
    }

    /// Watch them.
    pub(crate) fn subscribe(&self) -> watch::Receiver<Takeovers> {
        self.state.subscribe()
    }

    /// As they stand now.
    pub(crate) fn now(&self) -> Takeovers {
        *self.state.borrow()
    }
}

impl Drop for Takeover<'_> {
    fn drop(&mut self) {
        self.watched
            .state
            .send_modify(|state| state.under_way = state.under_way.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_takeover_counts_while_it_lasts_and_every_start_is_counted() {
        let watched = Watched::default();
        let first = watched.start();
        let second = watched.start();
        assert_eq!(
            watched.now(),
            Takeovers {
                under_way: 2,
                started: 2
            }
        );
        drop(first);
        drop(second);
        assert_eq!(
            watched.now(),
            Takeovers {
                under_way: 0,
                started: 2
            }
        );
    }
}
