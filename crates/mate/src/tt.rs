//! The transposition table of proof and disproof numbers: fixed size, clusters indexed by the
//! board key (hands left out), so that every hand seen on a board sits in one cluster and a
//! lookup can use proofs of dominated attacker hands and disproofs of dominating ones.

use crate::key::dominates;
use crate::pn::Pn;
use minishogi::Hand;

/// A disproof that holds at any depth (no mate at all, not merely none within a bound).
pub const UNLIMITED: u16 = u16::MAX;

/// Entries per cluster: all hands seen on one board compete here.
const CLUSTER: usize = 8;

/// What the table knows about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number (0: the attacker mates).
    pub pn: Pn,
    /// Disproof number (0: no mate within `plies`).
    pub dn: Pn,
    /// For a proof, the length of the mate it proves; for a disproof, the number of plies within
    /// which there is no mate ([`UNLIMITED`] for none at all); otherwise unused.
    pub plies: u16,
}

#[derive(Copy, Clone, Debug)]
struct Entry {
    key: u64,
    hand: Hand,
    numbers: Numbers,
    /// Nodes spent on this position: the least worked entry is replaced first.
    work: u32,
}

impl Entry {
    const EMPTY: Entry =
        Entry { key: 0, hand: Hand::EMPTY, numbers: Numbers { pn: 1, dn: 1, plies: 0 }, work: 0 };

    fn is_empty(&self) -> bool {
        self.work == 0
    }

    fn is_proof(&self) -> bool {
        self.numbers.pn == 0
    }

    fn is_disproof(&self) -> bool {
        self.numbers.dn == 0
    }

    fn same_class(&self, numbers: &Numbers) -> bool {
        (self.is_proof(), self.is_disproof()) == (numbers.pn == 0, numbers.dn == 0)
    }
}

/// Proof and disproof numbers by position, with replacement by work done.
pub struct TranspositionTable {
    clusters: Vec<[Entry; CLUSTER]>,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one cluster).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<[Entry; CLUSTER]>()).max(1);
        TranspositionTable { clusters: vec![[Entry::EMPTY; CLUSTER]; count] }
    }

    /// Forgets everything (the table is only valid for one root's pieces).
    pub fn clear(&mut self) {
        self.clusters.fill([Entry::EMPTY; CLUSTER]);
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.clusters.len() * std::mem::size_of::<[Entry; CLUSTER]>()
    }

    #[inline]
    fn cluster_index(&self, key: u64) -> usize {
        ((u128::from(key) * self.clusters.len() as u128) >> 64) as usize
    }

    /// The numbers for the board `key` with the attacker holding `hand`, searched with
    /// `remaining` plies: a proof of a dominated hand short enough, a disproof of a dominating
    /// hand deep enough, else this hand's own unsettled numbers.
    pub fn lookup(&self, key: u64, hand: Hand, remaining: u16) -> Option<Numbers> {
        let cluster = &self.clusters[self.cluster_index(key)];
        let mut found = None;
        for e in cluster.iter().filter(|e| !e.is_empty() && e.key == key) {
            let n = e.numbers;
            if e.is_proof() && n.plies <= remaining && dominates(hand, e.hand) {
                // The shortest applicable proof is the most useful to the post-search.
                if found.is_none_or(|f: Numbers| f.pn != 0 || f.plies > n.plies) {
                    found = Some(n);
                }
            } else if e.is_disproof() && n.plies >= remaining && dominates(e.hand, hand) {
                if found.is_none_or(|f: Numbers| f.pn != 0) {
                    found = Some(n);
                }
            } else if !e.is_proof() && !e.is_disproof() && e.hand == hand && found.is_none() {
                found = Some(n);
            }
        }
        found
    }

    /// Records `numbers` for the board `key` and attacker `hand` after `work` nodes. A proof
    /// keeps the shortest length and a disproof the deepest bound; unsettled numbers replace
    /// this hand's unsettled numbers.
    pub fn store(&mut self, key: u64, hand: Hand, numbers: Numbers, work: u32) {
        let index = self.cluster_index(key);
        let cluster = &mut self.clusters[index];
        let work = work.max(1);
        let same = cluster
            .iter()
            .position(|e| !e.is_empty() && e.key == key && e.hand == hand && e.same_class(&numbers));
        if let Some(i) = same {
            let e = &mut cluster[i];
            let better = match (numbers.pn, numbers.dn) {
                (0, _) => numbers.plies < e.numbers.plies,
                (_, 0) => numbers.plies > e.numbers.plies,
                _ => true,
            };
            if better {
                e.numbers = numbers;
            }
            e.work = e.work.saturating_add(work);
            return;
        }
        // A settled result makes this hand's unsettled numbers stale: take their slot.
        let stale = (numbers.pn == 0 || numbers.dn == 0)
            .then(|| {
                cluster.iter().position(|e| {
                    !e.is_empty() && e.key == key && e.hand == hand && !e.is_proof() && !e.is_disproof()
                })
            })
            .flatten();
        let slot = stale.or_else(|| cluster.iter().position(Entry::is_empty)).unwrap_or_else(|| {
            let mut least = 0;
            for (i, e) in cluster.iter().enumerate() {
                if e.work < cluster[least].work {
                    least = i;
                }
            }
            least
        });
        cluster[slot] = Entry { key, hand, numbers, work };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::Kind;

    fn hand(pawns: u8, golds: u8) -> Hand {
        let mut h = Hand::EMPTY;
        h.set(Kind::Pawn, pawns);
        h.set(Kind::Gold, golds);
        h
    }

    #[test]
    fn proofs_serve_larger_hands_and_disproofs_smaller() {
        let mut tt = TranspositionTable::new(1);
        tt.store(7, hand(0, 1), Numbers { pn: 0, dn: crate::pn::INFINITE, plies: 3 }, 10);
        assert_eq!(tt.lookup(7, hand(1, 1), 5).map(|n| n.pn), Some(0));
        assert_eq!(tt.lookup(7, hand(1, 1), 1), None, "a mate in 3 is no mate within 1");
        assert_eq!(tt.lookup(7, hand(0, 0), 5), None);
        tt.store(9, hand(1, 0), Numbers { pn: crate::pn::INFINITE, dn: 0, plies: UNLIMITED }, 10);
        assert_eq!(tt.lookup(9, hand(0, 0), 5).map(|n| n.dn), Some(0));
        assert_eq!(tt.lookup(9, hand(1, 1), 5), None);
    }

    #[test]
    fn settled_numbers_replace_unsettled_ones() {
        let mut tt = TranspositionTable::new(1);
        tt.store(7, hand(0, 1), Numbers { pn: 4, dn: 2, plies: 9 }, 10);
        assert_eq!(tt.lookup(7, hand(0, 1), 9).map(|n| n.pn), Some(4));
        tt.store(7, hand(0, 1), Numbers { pn: 0, dn: crate::pn::INFINITE, plies: 5 }, 10);
        assert_eq!(tt.lookup(7, hand(0, 1), 9).map(|n| n.pn), Some(0));
    }
}
