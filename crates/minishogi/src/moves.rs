//! Moves and their USI notation.

use crate::{Kind, Square};
use std::fmt;

/// A move: a board move (with or without promotion) or a drop, packed in 16 bits.
///
/// Bits 0–4 hold the destination, bits 5–9 the origin square (0..25) or 25 + the dropped kind,
/// bit 10 the promotion flag.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// A board move from `from` to `to`, promoting when `promote` is set.
    #[inline]
    pub const fn board(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 5 | (promote as u16) << 10)
    }

    /// A drop of `kind` (a hand kind) on `to`.
    #[inline]
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move(to.index() as u16 | (25 + kind.index() as u16) << 5)
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 & 31) as usize)
    }

    /// The origin square, or `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        let f = (self.0 >> 5) & 31;
        if f < 25 {
            Some(Square::from_index(f as usize))
        } else {
            None
        }
    }

    /// The dropped kind, or `None` for a board move.
    #[inline]
    pub const fn dropped(self) -> Option<Kind> {
        let f = (self.0 >> 5) & 31;
        if f >= 25 {
            Some(Kind::from_index((f - 25) as usize))
        } else {
            None
        }
    }

    /// True for a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 5) & 31 >= 25
    }

    /// True when the move promotes the moving piece.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & (1 << 10) != 0
    }

    /// The packed 16-bit form.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Unpacks a 16-bit form made by [`Move::to_u16`], if it is well formed.
    pub fn from_u16(bits: u16) -> Option<Move> {
        let m = Move(bits);
        let from = (bits >> 5) & 31;
        let well_formed = bits >> 11 == 0
            && (bits & 31) < 25
            && from < 30
            && from != bits & 31
            && !(from >= 25 && m.is_promotion());
        well_formed.then_some(m)
    }

    /// Parses USI move notation (`5e4d`, `2b1a+`, `P*3c`) without checking legality.
    pub fn parse_usi(text: &str) -> Option<Move> {
        if let Some((piece, square)) = text.split_once('*') {
            let mut chars = piece.chars();
            let letter = chars.next()?;
            let kind = Kind::from_letter(letter)?;
            // USI writes the dropped piece in uppercase for both sides (`P*3c`, never `p*3c`).
            if chars.next().is_some() || kind == Kind::King || !letter.is_ascii_uppercase() {
                return None;
            }
            return Some(Move::drop(kind, Square::parse(square)?));
        }
        let (body, promote) = match text.strip_suffix('+') {
            Some(body) => (body, true),
            None => (text, false),
        };
        if body.len() != 4 || !body.is_ascii() {
            return None;
        }
        let from = Square::parse(&body[..2])?;
        let to = Square::parse(&body[2..])?;
        (from != to).then(|| Move::board(from, to, promote))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.dropped()) {
            (Some(from), _) => {
                write!(f, "{from}{}", self.to())?;
                if self.is_promotion() {
                    f.write_str("+")?;
                }
                Ok(())
            }
            (None, Some(kind)) => write!(f, "{}*{}", kind.letter(), self.to()),
            (None, None) => unreachable!("a move is either a board move or a drop"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A fixed-capacity list of moves that never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than any position can have: at most 5 hand kinds × 23 empty squares of drops plus
    /// the board moves of at most 12 pieces.
    pub const CAPACITY: usize = 256;

    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: [Move(0); MoveList::CAPACITY], len: 0 }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MoveList::CAPACITY);
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
