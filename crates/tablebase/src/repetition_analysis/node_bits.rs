//! A set of the nodes of the draws (two per draw: F to move, S to move) as a bitmap, shared by
//! threads: a bit per node where a list of nodes would take 4 bytes each.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::graph::Node;

/// A set of nodes as a bitmap (bit `n` for node `n`: a word holds the two nodes of 32 draws).
pub(crate) struct NodeBits(Vec<AtomicU64>);

impl NodeBits {
    /// The empty set over the nodes of `draws` draws.
    pub(crate) fn new(draws: usize) -> NodeBits {
        NodeBits((0..(2 * draws).div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Inserts `n`.
    pub(crate) fn insert(&self, n: Node) {
        self.0[(n / 64) as usize].fetch_or(1 << (n % 64), Ordering::Relaxed);
    }

    /// Inserts `n`; true if it was not in the set.
    pub(crate) fn insert_new(&self, n: Node) -> bool {
        let bit = 1 << (n % 64);
        self.0[(n / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// True if `n` is in the set.
    pub(crate) fn contains(&self, n: Node) -> bool {
        self.0[(n / 64) as usize].load(Ordering::Relaxed) >> (n % 64) & 1 == 1
    }

    /// True if no node is in the set.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.par_iter().all(|w| w.load(Ordering::Relaxed) == 0)
    }

    /// Removes every node.
    pub(crate) fn clear(&self) {
        self.0.par_iter().for_each(|w| w.store(0, Ordering::Relaxed));
    }

    /// The nodes in the set, in increasing order.
    pub(crate) fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        self.0.iter().enumerate().flat_map(|(w, word)| {
            let mut bits = word.load(Ordering::Relaxed);
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    w as Node * 64 + b
                })
            })
        })
    }

    /// The words of the bitmap (bit `n % 64` of word `n / 64` for node `n`).
    pub(crate) fn words(&self) -> &[AtomicU64] {
        &self.0
    }
}
