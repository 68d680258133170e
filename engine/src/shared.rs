//! One database per ruleset for the whole process, built by the first
//! thread that asks and handed to every searcher after it: the computer
//! players of a server all read the same few megabytes.

use protocol::rules::Ruleset;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Databases of one kind, by ruleset.
pub(crate) struct PerRuleset<T> {
    built: OnceLock<Mutex<HashMap<Ruleset, Arc<T>>>>,
}

impl<T> PerRuleset<T> {
    /// None built yet.
    pub(crate) const fn new() -> PerRuleset<T> {
        PerRuleset {
            built: OnceLock::new(),
        }
    }

    /// The database of `ruleset`, built by `build` the first time (under the
    /// lock, so that two threads never build the same one); `None` when
    /// `build` has none for it (and it is asked again next time).
    pub(crate) fn get(
        &self,
        ruleset: Ruleset,
        build: impl FnOnce() -> Option<T>,
    ) -> Option<Arc<T>> {
        let built = self.built.get_or_init(|| Mutex::new(HashMap::new()));
        // A thread that panicked while building left nothing half-made in
        // the map: the data is still good.
        let mut built = built
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
