//! Pieces in hand.

use crate::Kind;

/// The pieces one side holds in hand: a count per hand kind (P S G B R).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hand([u8; 5]);

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand([0; 5]);

    /// How many pieces of `kind` are held (`kind` must be a hand kind).
    #[inline]
    pub const fn count(self, kind: Kind) -> u8 {
        self.0[kind.index()]
    }

    /// Sets the count of `kind`.
    #[inline]
    pub fn set(&mut self, kind: Kind, count: u8) {
        self.0[kind.index()] = count;
    }

    /// Adds one piece of `kind`.
    #[inline]
    pub fn add(&mut self, kind: Kind) {
        self.0[kind.index()] += 1;
    }

    /// Removes one piece of `kind`.
    #[inline]
    pub fn remove(&mut self, kind: Kind) {
        self.0[kind.index()] -= 1;
    }

    /// True when no piece is held.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == [0; 5]
    }

    /// Total number of pieces held.
    pub fn total(self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// The kinds held at least once, in index order (P S G B R).
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        Kind::HAND.into_iter().filter(move |&k| self.count(k) > 0)
    }
}
