//! The transposition table of proof and disproof numbers in a fixed number of bytes (the memory
//! limit): clusters indexed by the board key (hands left out), so that every hand seen on a
//! board sits in one cluster and a lookup can use proofs of dominated attacker hands and
//! disproofs of dominating ones. Under a [`TablePolicy`] that collects garbage, the least
//! worked unsettled entries are emptied when the table fills up (as KomoringHeights does)
//! instead of letting every new entry evict an old one.

use crate::dfpn::key::dominates;
use crate::dfpn::node::{Numbers, UNLIMITED};
use crate::dfpn::policy::TablePolicy;
use minishogi::Hand;
use std::marker::PhantomData;

/// Entries per cluster: all hands seen on one board compete here.
const CLUSTER: usize = 8;

/// A collection starts when this share (in 1/1024) of the slots is used ...
const GC_START: usize = 870;

/// ... and frees entries until about this share is used.
const GC_TARGET: usize = 600;

#[derive(Copy, Clone, Debug)]
struct Entry {
    key: u64,
    hand: Hand,
    numbers: Numbers,
    /// Nodes spent below this position: the least worked entry goes first.
    work: u32,
}

impl Entry {
    const EMPTY: Entry =
        Entry { key: 0, hand: Hand::EMPTY, numbers: Numbers { pn: 1, dn: 1, plies: 0 }, work: 0 };

    fn is_empty(&self) -> bool {
        self.work == 0
    }

    fn is_settled(&self) -> bool {
        self.numbers.is_proof() || self.numbers.is_disproof()
    }

    fn same_class(&self, numbers: &Numbers) -> bool {
        (self.numbers.is_proof(), self.numbers.is_disproof()) == (numbers.is_proof(), numbers.is_disproof())
    }

    /// The class of the entry for a collection: proofs (2) are kept first (a certificate is read
    /// from them), then disproofs (1), then unsettled numbers (0).
    fn class(&self) -> u64 {
        if self.numbers.is_proof() {
            2
        } else if self.numbers.is_disproof() {
            1
        } else {
            0
        }
    }

    /// How much the entry is worth keeping: by work, and by class first when `by_class`.
    fn value(&self, by_class: bool) -> u64 {
        let class = if by_class { self.class() } else { 0 };
        (class << 32) | u64::from(self.work)
    }
}

/// Proof and disproof numbers by position, kept as the policy `T` says.
pub struct TranspositionTable<T: TablePolicy> {
    clusters: Vec<[Entry; CLUSTER]>,
    used: usize,
    collections: u32,
    freed: u64,
    policy: PhantomData<T>,
}

impl<T: TablePolicy> TranspositionTable<T> {
    /// A table of about `megabytes` MB (at least one cluster): the memory limit.
    pub fn new(megabytes: usize) -> TranspositionTable<T> {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<[Entry; CLUSTER]>()).max(1);
        TranspositionTable {
            clusters: vec![[Entry::EMPTY; CLUSTER]; count],
            used: 0,
            collections: 0,
            freed: 0,
            policy: PhantomData,
        }
    }

    /// Forgets every entry (entries hold only for roots with the same pieces in play).
    pub fn clear(&mut self) {
        self.clusters.fill([Entry::EMPTY; CLUSTER]);
        self.used = 0;
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.clusters.len() * std::mem::size_of::<[Entry; CLUSTER]>()
    }

    /// Slots in use.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Garbage collections run.
    pub fn collections(&self) -> u32 {
        self.collections
    }

    /// Entries freed by collections and replacements.
    pub fn freed(&self) -> u64 {
        self.freed
    }

    fn capacity(&self) -> usize {
        self.clusters.len() * CLUSTER
    }

    #[inline]
    fn cluster_index(&self, key: u64) -> usize {
        ((u128::from(key) * self.clusters.len() as u128) >> 64) as usize
    }

    /// The numbers for the board `key` with the attacker holding `hand`, searched with
    /// `remaining` plies: a proof of a dominated hand short enough (the shortest: the most
    /// useful to a search for shorter proofs), a disproof of a dominating hand deep enough, else
    /// this hand's own unsettled numbers (from a search with the same bound, if the policy says
    /// [`TablePolicy::UNSETTLED_BY_BOUND`]).
    pub fn lookup(&self, key: u64, hand: Hand, remaining: u16) -> Option<Numbers> {
        let cluster = &self.clusters[self.cluster_index(key)];
        let mut found: Option<Numbers> = None;
        for e in cluster.iter().filter(|e| !e.is_empty() && e.key == key) {
            let n = e.numbers;
            if n.is_proof() && n.plies <= remaining && dominates(hand, e.hand) {
                if found.is_none_or(|f| !f.is_proof() || f.plies > n.plies) {
                    found = Some(n);
                }
            } else if n.is_disproof() && n.plies >= remaining && dominates(e.hand, hand) {
                if found.is_none_or(|f| !f.is_proof()) {
                    found = Some(n);
                }
            } else if !e.is_settled()
                && e.hand == hand
                && (!T::UNSETTLED_BY_BOUND || n.plies == remaining)
                && found.is_none()
            {
                found = Some(n);
            }
        }
        found
    }

    /// The shortest proof known for the board `key` with attacker hand `hand`, if any.
    pub fn proof(&self, key: u64, hand: Hand) -> Option<u16> {
        self.lookup(key, hand, UNLIMITED - 1).filter(Numbers::is_proof).map(|n| n.plies)
    }

    /// Records `numbers` for the board `key` and attacker `hand` after `work` nodes. A proof
    /// keeps the shortest length and a disproof the deepest bound; unsettled numbers replace
    /// this hand's unsettled numbers.
    pub fn store(&mut self, key: u64, hand: Hand, numbers: Numbers, work: u32) {
        if T::COLLECT_GARBAGE && self.used * 1024 >= self.capacity() * GC_START {
            self.collect();
        }
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
        let stale = (numbers.is_proof() || numbers.is_disproof())
            .then(|| {
                cluster
                    .iter()
                    .position(|e| !e.is_empty() && e.key == key && e.hand == hand && !e.is_settled())
            })
            .flatten();
        let empty = || cluster.iter().position(Entry::is_empty);
        let slot = match stale.or_else(empty) {
            Some(i) => i,
            None => {
                let least = (0..CLUSTER).min_by_key(|&i| cluster[i].value(T::COLLECT_GARBAGE)).unwrap_or(0);
                self.freed += 1;
                least
            }
        };
        if cluster[slot].is_empty() {
            self.used += 1;
        }
        cluster[slot] = Entry { key, hand, numbers, work };
    }

    /// Garbage collection: frees the unsettled entries (then, if that is not enough, the
    /// disproofs) with the least work until about 59 % of the slots are used. The
    /// work threshold is found by a histogram of log2(work), one pass over the table.
    pub fn collect(&mut self) {
        self.collections += 1;
        let target = self.capacity() * GC_TARGET / 1024;
        let mut to_free = self.used.saturating_sub(target);
        for class in 0..2u64 {
            if to_free == 0 {
                break;
            }
            let mut histogram = [0usize; 33];
            for e in self.clusters.iter().flatten().filter(|e| !e.is_empty() && e.class() == class) {
                histogram[32 - e.work.leading_zeros() as usize] += 1;
            }
            // Free every entry of this class with log2(work) below `bits`.
            let mut bits = 0;
            let mut freed_below = 0;
            while bits < 33 && freed_below < to_free {
                freed_below += histogram[bits];
                bits += 1;
            }
            let mut freed = 0;
            for e in self.clusters.iter_mut().flatten() {
                if !e.is_empty() && e.class() == class && ((32 - e.work.leading_zeros()) as usize) < bits {
                    *e = Entry::EMPTY;
                    freed += 1;
                }
            }
            self.used -= freed;
            self.freed += freed as u64;
            to_free = to_free.saturating_sub(freed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfpn::pn::INFINITE;
    use minishogi::Kind;

    /// The mate solver's table: any bound, no collection.
    struct Keep;

    impl TablePolicy for Keep {
        const UNSETTLED_BY_BOUND: bool = false;
        const COLLECT_GARBAGE: bool = false;
    }

    /// The game solver's table: unsettled numbers by bound, collected.
    struct Collect;

    impl TablePolicy for Collect {
        const UNSETTLED_BY_BOUND: bool = true;
        const COLLECT_GARBAGE: bool = true;
    }

    fn hand(pawns: u8, golds: u8) -> Hand {
        let mut h = Hand::EMPTY;
        h.set(Kind::Pawn, pawns);
        h.set(Kind::Gold, golds);
        h
    }

    #[test]
    fn proofs_serve_larger_hands_and_disproofs_smaller() {
        let mut tt = TranspositionTable::<Keep>::new(1);
        tt.store(7, hand(0, 1), Numbers { pn: 0, dn: INFINITE, plies: 3 }, 10);
        assert_eq!(tt.lookup(7, hand(1, 1), 5).map(|n| n.pn), Some(0));
        assert_eq!(tt.lookup(7, hand(1, 1), 1), None, "a mate in 3 is no mate within 1");
        assert_eq!(tt.lookup(7, hand(0, 0), 5), None);
        assert_eq!(tt.proof(7, hand(2, 1)), Some(3));
        tt.store(9, hand(1, 0), Numbers { pn: INFINITE, dn: 0, plies: UNLIMITED }, 10);
        assert_eq!(tt.lookup(9, hand(0, 0), 5).map(|n| n.dn), Some(0));
        assert_eq!(tt.lookup(9, hand(1, 1), 5), None);
    }

    #[test]
    fn settled_numbers_replace_unsettled_ones() {
        let mut tt = TranspositionTable::<Keep>::new(1);
        tt.store(7, hand(0, 1), Numbers { pn: 4, dn: 2, plies: 9 }, 10);
        assert_eq!(tt.lookup(7, hand(0, 1), 9).map(|n| n.pn), Some(4));
        tt.store(7, hand(0, 1), Numbers { pn: 0, dn: INFINITE, plies: 5 }, 10);
        assert_eq!(tt.lookup(7, hand(0, 1), 9).map(|n| n.pn), Some(0));
        assert_eq!(tt.used(), 1);
    }

    #[test]
    fn unsettled_numbers_serve_their_own_bound_only_when_the_policy_says_so() {
        let unsettled = Numbers { pn: 4, dn: 2, plies: 9 };
        let mut any = TranspositionTable::<Keep>::new(1);
        any.store(7, hand(0, 1), unsettled, 10);
        assert_eq!(any.lookup(7, hand(0, 1), 7), Some(unsettled));
        let mut by_bound = TranspositionTable::<Collect>::new(1);
        by_bound.store(7, hand(0, 1), unsettled, 10);
        assert_eq!(by_bound.lookup(7, hand(0, 1), 9), Some(unsettled));
        assert_eq!(by_bound.lookup(7, hand(0, 1), 7), None);
    }

    #[test]
    fn collection_frees_unsettled_entries_and_keeps_proofs() {
        let mut tt = TranspositionTable::<Collect>::new(1);
        let capacity = tt.capacity();
        // Fill past the start of a collection: proofs with little work, unsettled with more.
        let mut stored_proofs = Vec::new();
        for i in 0..(capacity as u64 * 8 / 10) {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            if i % 4 == 0 {
                tt.store(key, hand(0, 0), Numbers { pn: 0, dn: INFINITE, plies: 5 }, 1);
                stored_proofs.push(key);
            } else {
                tt.store(key, hand(0, 0), Numbers { pn: 3, dn: 4, plies: 9 }, 100);
            }
        }
        let before = tt.used();
        tt.collect();
        assert!(tt.used() < before, "{} -> {}", before, tt.used());
        assert!(tt.used() <= capacity * GC_TARGET / 1024 + CLUSTER);
        let kept = stored_proofs.iter().filter(|&&k| tt.proof(k, hand(0, 0)) == Some(5)).count();
        // Proofs lost only to full clusters while storing, never to the collection.
        assert!(kept * 10 >= stored_proofs.len() * 9, "{kept} of {}", stored_proofs.len());
    }

    #[test]
    fn without_collection_a_full_table_only_replaces() {
        let mut tt = TranspositionTable::<Keep>::new(1);
        let capacity = tt.capacity();
        for i in 0..2 * capacity as u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(key, hand(0, 0), Numbers { pn: 3, dn: 4, plies: 9 }, 100);
        }
        assert_eq!(tt.collections(), 0);
        assert!(tt.used() * 1024 > capacity * GC_START, "{} of {capacity}", tt.used());
    }
}
