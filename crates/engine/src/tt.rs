//! The transposition table: shared by search threads without locks.
//!
//! Each slot holds two words, `key ^ data` and `data`; a reader accepts an entry only when the
//! two agree with its key, so a torn write from another thread reads as a miss.

use crate::score::from_tt;
use crate::tt_memory::{prefetch, Slot, Slots};
use minishogi::Move;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};

/// What kind of bound a stored score is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// A stored search result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// The score (mate scores relative to the node, see [`crate::score::to_tt`]).
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// The bound type.
    pub bound: Bound,
}

impl Bound {
    /// The bound of a node's best score `best`, searched with the window (`entry_alpha`, `beta`)
    /// whose alpha rose to `alpha`.
    #[inline]
    pub fn of(best: i32, entry_alpha: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if alpha > entry_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Entry {
    /// The stored score at `ply`, if its bound settles the window (`alpha`, `beta`).
    #[inline]
    pub fn cutoff(&self, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let v = from_tt(self.score, ply as i32);
        let usable = match self.bound {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
        usable.then_some(v)
    }
}

/// A lock-free hash table of search results.
pub struct Tt {
    slots: Slots,
    age: AtomicU64,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

impl Tt {
    /// A table of about `mb` megabytes (at least one slot).
    ///
    /// # Panics
    /// When the system cannot map that much memory (as a `Vec` of that size would abort); a size
    /// a user chose goes through [`Tt::try_new`].
    pub fn new(mb: usize) -> Tt {
        Tt::try_new(mb).unwrap_or_else(|e| panic!("cannot map a transposition table of {mb} MB: {e}"))
    }

    /// A table of about `mb` megabytes (at least one slot), or the system's refusal to map it.
    pub fn try_new(mb: usize) -> io::Result<Tt> {
        let count = mb.saturating_mul(1 << 20) / SLOT_BYTES;
        Ok(Tt { slots: Slots::new(count)?, age: AtomicU64::new(0) })
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.slots.as_slice() {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search (older entries become preferred for replacement).
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        let slots = self.slots.as_slice();
        let i = ((u128::from(key) * slots.len() as u128) >> 64) as usize;
        &slots[i]
    }

    /// Starts loading `key`'s slot into the cache, so that the probe after the move finds it there.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.slot(key));
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slot(key);
        let data = s.data.load(Ordering::Relaxed);
        let check = s.check.load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        Some(unpack(data))
    }

    /// Stores a result, replacing the slot's entry unless that one is deeper and from this search.
    #[inline]
    pub fn store(&self, key: u64, e: Entry) {
        let s = self.slot(key);
        let age = self.age.load(Ordering::Relaxed) & 0x3f;
        let old = s.data.load(Ordering::Relaxed);
        let old_key = s.check.load(Ordering::Relaxed) ^ old;
        let mut e = e;
        if old != 0 && old_key == key {
            if e.mv.is_none() {
                e.mv = unpack(old).mv;
            }
        } else if old != 0 && (old >> 58) == age && e.bound != Bound::Exact {
            // A deeper entry of this search for another position is worth keeping.
            let old_depth = ((old >> 48) & 0xff) as i32 - 1;
            if old_depth > e.depth + 2 {
                return;
            }
        }
        let data = pack(e, age);
        s.check.store(key ^ data, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }

    /// Permille of sampled slots written by the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 0x3f;
        let slots = self.slots.as_slice();
        let n = slots.len().min(1000);
        let used = slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && d >> 58 == age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

// Layout: move 16 | score 16 | eval 16 | depth+1 8 | bound 2 | age 6.
fn pack(e: Entry, age: u64) -> u64 {
    let mv = e.mv.map_or(0, |m| m.to_u16()) as u64;
    let score = (e.score.clamp(-32_767, 32_767) as i16 as u16) as u64;
    let eval = (e.eval.clamp(-32_767, 32_767) as i16 as u16) as u64;
    let depth = (e.depth + 1).clamp(0, 255) as u64;
    let bound = match e.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv | score << 16 | eval << 32 | depth << 48 | bound << 56 | age << 58
}

fn unpack(d: u64) -> Entry {
    let mv = Move::from_u16(d as u16);
    Entry {
        mv,
        score: i32::from((d >> 16) as u16 as i16),
        eval: i32::from((d >> 32) as u16 as i16),
        depth: ((d >> 48) & 0xff) as i32 - 1,
        bound: match (d >> 56) & 3 {
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::Exact,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::Square;

    #[test]
    fn store_and_probe() {
        let tt = Tt::new(1);
        let m = Move::board(Square::from_index(20), Square::from_index(15), false);
        let e = Entry { mv: Some(m), score: -31_990, eval: 45, depth: 7, bound: Bound::Lower };
        tt.store(0xdead_beef_1234, e);
        assert_eq!(tt.probe(0xdead_beef_1234), Some(e));
        assert_eq!(tt.probe(0xdead_beef_1235), None);
        let q = Entry { mv: None, score: 3, eval: 3, depth: 0, bound: Bound::Exact };
        tt.store(0xdead_beef_1234, q);
        assert_eq!(tt.probe(0xdead_beef_1234).unwrap().mv, Some(m), "keeps the move");
    }

    #[test]
    fn a_new_table_is_empty_and_cleared_again() {
        let tt = Tt::new(4);
        let keys: Vec<u64> = (0..10_000u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).collect();
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()), "a fresh map reads as empty slots");
        let e = Entry { mv: None, score: 12, eval: 12, depth: 3, bound: Bound::Upper };
        for &k in &keys {
            tt.store(k, e);
        }
        assert!(keys.iter().filter(|&&k| tt.probe(k).is_some()).count() > 9_000);
        assert!(tt.hashfull() > 0);
        tt.clear();
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn a_table_the_system_cannot_map_is_an_error() {
        // About 2^64 bytes, beyond any address space: the map fails instead of aborting the process.
        assert!(Tt::try_new(usize::MAX).is_err());
    }
}
