//! The transposition table: one entry per slot, replaced when the new result is deeper, from a
//! newer search, or exact.

use crate::score::{from_tt, to_tt};
use minjiku::Move;

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
    key: u64,
    /// The best move found, if any.
    pub mv: Option<Move>,
    score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// The bound type.
    pub bound: Bound,
    age: u8,
}

impl Entry {
    /// The stored score at `ply`, if its bound settles the window (`alpha`, `beta`).
    #[inline]
    pub fn cutoff(&self, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let v = from_tt(self.score, ply);
        let usable = match self.bound {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
        usable.then_some(v)
    }
}

/// A hash table of search results, indexed by the position's Zobrist hash.
pub struct Tt {
    slots: Vec<Option<Entry>>,
    age: u8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least 1,024 entries).
    pub fn new(mb: usize) -> Tt {
        let count = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1024);
        Tt { slots: vec![None; count], age: 0 }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    /// Marks the start of a new search (older entries become easier to replace).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result for `key` (`score` as seen at `ply`).
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let age = self.age;
        let index = self.index(key);
        let slot = &mut self.slots[index];
        if let Some(old) = slot {
            let replace = old.key != key || old.age != age || depth + 2 >= old.depth || bound == Bound::Exact;
            if !replace {
                return;
            }
            // Keep the old move when the new result has none for the same position.
            let mv = if mv.is_none() && old.key == key { old.mv } else { mv };
            *slot = Some(Entry { key, mv, score: to_tt(score, ply), eval, depth, bound, age });
        } else {
            *slot = Some(Entry { key, mv, score: to_tt(score, ply), eval, depth, bound, age });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minjiku::Position;

    #[test]
    fn store_and_probe() {
        let mut tt = Tt::new(1);
        let pos = Position::startpos();
        let m = pos.legal_move_list().as_slice()[0];
        assert!(tt.probe(pos.hash()).is_none());
        tt.store(pos.hash(), Some(m), 35, 10, 4, Bound::Lower, 2);
        let e = tt.probe(pos.hash()).unwrap();
        assert_eq!((e.mv, e.cutoff(-1000, 1000, 2), e.depth), (Some(m), None, 4));
        assert_eq!(e.cutoff(0, 30, 2), Some(35));
        assert_eq!(e.cutoff(0, 40, 2), None);
        assert!(tt.probe(pos.hash() ^ 1).is_none());
        tt.clear();
        assert!(tt.probe(pos.hash()).is_none());
    }
}
