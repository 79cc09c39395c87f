//! Repetitions, kept out of the transposition table (the graph-history interaction): a position
//! already on the search path counts as no win for the attacker — the mate solver and the game
//! solver (`minishogi-solve`) prove only wins that never repeat a position (they hold under every
//! repetition rule), and such a win never needs to revisit a position, since each move of a
//! shortest win brings the win closer — but that verdict belongs to the path,
//! not the position. Results that lean on it are kept here under a key of the whole path (as
//! KomoringHeights does), so the same node reached another way is searched afresh, together with
//! the shallowest ply they lean on: once the search is back at that ply, the cycle lies inside
//! the node's own subtree ("no win without coming back here" is "no win"), and the disproof
//! holds on any path.

use std::collections::HashMap;

/// Path-dependent results kept at most by default: beyond the capacity the table is emptied
/// (it is a cache, and forgetting an entry costs nodes, never correctness).
const CAPACITY: usize = 1 << 20;

/// The key of the path that continues `parent` with the position hashed `child`; the order of
/// the positions matters.
#[inline]
pub fn child_path_key(parent: u64, child: u64) -> u64 {
    (parent ^ child).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ child
}

/// The positions on the current search path, by hash, with the ply (from the root) where each
/// stands. A position is never on the path twice: the search stops at the first repetition.
#[derive(Default)]
pub struct Path {
    plies: HashMap<u64, u16>,
}

impl Path {
    /// Adds the position at `ply` to the path.
    pub fn push(&mut self, hash: u64, ply: u16) {
        self.plies.entry(hash).or_insert(ply);
    }

    /// Removes the position at `ply`, pushed before.
    pub fn pop(&mut self, hash: u64, ply: u16) {
        if self.plies.get(&hash) == Some(&ply) {
            self.plies.remove(&hash);
        }
    }

    /// The ply where the position stands on the path, if it does.
    #[inline]
    pub fn ply_of(&self, hash: u64) -> Option<u16> {
        self.plies.get(&hash).copied()
    }
}

/// A disproof that holds only on the path that found it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PathDisproof {
    /// No win within this many plies.
    pub plies: u16,
    /// The shallowest ply of the path positions whose repetition the disproof leans on.
    pub repeats_from: u16,
}

/// Disproofs that hold only on the path that found them, by path key.
pub struct RepetitionTable {
    disproofs: HashMap<u64, PathDisproof>,
    capacity: usize,
}

impl Default for RepetitionTable {
    fn default() -> Self {
        RepetitionTable::with_capacity(CAPACITY)
    }
}

impl RepetitionTable {
    /// A table that keeps at most `capacity` disproofs (at least 1,024).
    pub fn with_capacity(capacity: usize) -> RepetitionTable {
        RepetitionTable { disproofs: HashMap::new(), capacity: capacity.max(1024) }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.disproofs.clear();
    }

    /// The path-dependent disproof of the node reached by `path_key`, if any.
    #[inline]
    pub fn get(&self, path_key: u64) -> Option<PathDisproof> {
        self.disproofs.get(&path_key).copied()
    }

    /// Records a disproof of the node reached by `path_key`, valid on this path.
    pub fn insert(&mut self, path_key: u64, disproof: PathDisproof) {
        if self.disproofs.len() >= self.capacity {
            self.disproofs.clear();
        }
        let e = self.disproofs.entry(path_key).or_insert(disproof);
        if disproof.plies > e.plies {
            *e = disproof;
        }
    }
}
