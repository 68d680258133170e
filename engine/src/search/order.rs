//! The move order's one sorting step, shared by the searcher and the solver.

/// Put `item` with `key` among the first `len` of `items` (kept highest key
/// first, `keys` beside them); equal keys keep the order they came in, so
/// ties stay in house order. A handful of moves: insertion beats any sort.
#[inline]
pub(crate) fn insert_by_key<T: Copy>(
    items: &mut [T],
    keys: &mut [i64],
    len: usize,
    item: T,
    key: i64,
) {
    let mut at = len;
    while at > 0 && keys[at - 1] < key {
        keys[at] = keys[at - 1];
        items[at] = items[at - 1];
        at -= 1;
    }
    keys[at] = key;
    items[at] = item;
}
