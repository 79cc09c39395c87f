//! Repetitions, kept out of the transposition table (the graph-history interaction): a position
//! already on the search path counts as no mate for the attacker — under the rules a repetition
//! never wins for the attacker, and a mate that exists never needs to revisit a position, since
//! each move of a shortest mate brings the mate closer — but that verdict belongs to the path,
//! not the position. Results that lean on it are kept here under a key of the whole path (as
//! KomoringHeights does), so the same node reached another way is searched afresh.

use std::collections::HashMap;

/// Path-dependent results kept at most: beyond this the table is emptied (it is a cache, and
/// forgetting an entry costs nodes, never correctness).
const CAPACITY: usize = 1 << 20;

/// The key of the path that continues `parent` with the position hashed `child`; the order of
/// the positions matters.
#[inline]
pub fn child_path_key(parent: u64, child: u64) -> u64 {
    (parent ^ child).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ child
}

/// The positions on the current search path, by hash, with how often each occurs.
#[derive(Default)]
pub struct Path {
    counts: HashMap<u64, u32>,
}

impl Path {
    /// Adds a position to the path.
    pub fn push(&mut self, hash: u64) {
        *self.counts.entry(hash).or_insert(0) += 1;
    }

    /// Removes a position pushed before.
    pub fn pop(&mut self, hash: u64) {
        if let Some(n) = self.counts.get_mut(&hash) {
            *n -= 1;
            if *n == 0 {
                self.counts.remove(&hash);
            }
        }
    }

    /// True when the position is on the path.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.counts.contains_key(&hash)
    }
}

/// Disproofs that hold only on the path that found them, by path key: no mate within the stored
/// number of plies from the node reached by exactly that path.
#[derive(Default)]
pub struct RepetitionTable {
    disproofs: HashMap<u64, u16>,
}

impl RepetitionTable {
    /// The depth of the path-dependent disproof of the node reached by `path_key`, if any.
    #[inline]
    pub fn get(&self, path_key: u64) -> Option<u16> {
        self.disproofs.get(&path_key).copied()
    }

    /// Records that the node reached by `path_key` has no mate within `plies` on this path.
    pub fn insert(&mut self, path_key: u64, plies: u16) {
        if self.disproofs.len() >= CAPACITY {
            self.disproofs.clear();
        }
        let e = self.disproofs.entry(path_key).or_insert(plies);
        *e = (*e).max(plies);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.disproofs.clear();
    }
}
