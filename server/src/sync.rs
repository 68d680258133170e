//! Locking a std mutex that a panic may have poisoned.

use std::sync::{Mutex, MutexGuard};

/// The guard of `mutex`. A panic while holding a lock would be a bug;
/// the server keeps serving with the data as it is rather than panic again.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
