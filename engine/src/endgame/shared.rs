//! The small endgame databases searchers read their late game from, one
//! per ruleset, built by the first searcher that asks and handed to every
//! searcher after it: the computer players of a server all read the same
//! few megabytes. Whoever runs searches makes one [`Endgames`] and gives it
//! to each searcher ([`crate::Searcher::with_endgames`]); nothing is kept
//! behind the caller's back.

use super::database::{Endgame, SHARED_SEEDS};
use super::oware::{OWARE_SHARED_SEEDS, OwareBounds};
use protocol::rules::Ruleset;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The endgame databases of every ruleset searched so far: Kalah's and
/// Mangala's exact values up to [`SHARED_SEEDS`] seeds, Oware's bounds up
/// to [`OWARE_SHARED_SEEDS`]. Cheap to clone; clones share the databases.
#[derive(Clone, Default)]
pub struct Endgames {
    exact: Arc<PerRuleset<Endgame>>,
    bounds: Arc<PerRuleset<OwareBounds>>,
}

impl Endgames {
    /// None built yet.
    pub fn new() -> Endgames {
        Endgames::default()
    }

    /// The exact database of `ruleset`, built the first time it is asked
    /// for (a few tenths of a second); `None` for the rules that have none.
    pub fn exact(&self, ruleset: Ruleset) -> Option<Arc<Endgame>> {
        Endgame::rules_of(ruleset)?;
        let seeds = SHARED_SEEDS.min(ruleset.total_seeds());
        self.exact.get(ruleset, || {
            Endgame::build(ruleset, seeds, u64::MAX, |_, _| {}).ok()
        })
    }

    /// Oware's bounds for `ruleset`, built the first time (about half a
    /// second); `None` for the rules other than Oware.
    pub fn bounds(&self, ruleset: Ruleset) -> Option<Arc<OwareBounds>> {
        if !matches!(ruleset, Ruleset::Oware(_)) {
            return None;
        }
        self.bounds.get(ruleset, || {
            OwareBounds::build(ruleset, OWARE_SHARED_SEEDS, u64::MAX).ok()
        })
    }
}

/// Databases of one kind, by ruleset.
struct PerRuleset<T> {
    built: Mutex<HashMap<Ruleset, Arc<T>>>,
}

impl<T> Default for PerRuleset<T> {
    fn default() -> PerRuleset<T> {
        PerRuleset {
            built: Mutex::new(HashMap::new()),
        }
    }
}

impl<T> PerRuleset<T> {
    /// The database of `ruleset`, built by `build` the first time (under the
    /// lock, so that two threads never build the same one); `None` when
    /// `build` has none for it (and it is asked again next time).
    fn get(&self, ruleset: Ruleset, build: impl FnOnce() -> Option<T>) -> Option<Arc<T>> {
        // A thread that panicked while building left nothing half-made in
        // the map: the data is still good.
        let mut built = self
            .built
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(database) = built.get(&ruleset) {
            return Some(Arc::clone(database));
        }
        let database = Arc::new(build()?);
        built.insert(ruleset, Arc::clone(&database));
        Some(database)
    }
}
