//! Moves and the fixed-capacity move list.

use crate::Square;

/// A move: a piece goes from `from` to `to` (capturing what stands there), or, for a rifle
/// capture, stays on `from` and removes the enemy on `victim`. Burning is not stored: it follows
/// from the position ([`crate::Position::burned_squares`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
    victim: Option<Square>,
    promote: bool,
}

impl Move {
    /// A move from `from` to `to`, promoting when `promote` is set.
    #[inline]
    pub const fn new(from: Square, to: Square, promote: bool) -> Move {
        Move { from, to, victim: None, promote }
    }

    /// A rifle capture by the piece on `from` of the piece on `victim`.
    #[inline]
    pub const fn rifle(from: Square, victim: Square, promote: bool) -> Move {
        Move { from, to: from, victim: Some(victim), promote }
    }

    /// The square the piece leaves (or stays on, for a rifle capture).
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on (`from` for a rifle capture).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The square of the piece removed by a rifle capture.
    #[inline]
    pub const fn rifle_victim(self) -> Option<Square> {
        self.victim
    }

    /// True when the moving piece promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.promote
    }
}

/// Capacity of a [`MoveList`].
///
/// A position has at most 32 pieces a side (checked when it is read) and no piece has more than
/// 80 moves (a Queen in the zone: at most 40 destinations, each with and without promotion; a
/// Fire Dragon has at most 48, a promotable rifle piece 48), so 32 × 80 moves always fit.
pub const MOVE_LIST_CAPACITY: usize = 32 * 80;

/// A list of moves on the stack: no allocation while generating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MOVE_LIST_CAPACITY],
    len: usize,
}

const PLACEHOLDER: Move =
    Move::new(crate::geometry::EXTRA_SQUARES[0], crate::geometry::EXTRA_SQUARES[0], false);

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList { moves: [PLACEHOLDER; MOVE_LIST_CAPACITY], len: 0 }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends `m`.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}
