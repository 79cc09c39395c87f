//! Squares of the 5×5 board.

use std::fmt;

/// A square, indexed 0..25 in SFEN reading order: rank `a` (gote's side) first, each rank from
/// file 5 (sente's left) to file 1. Index 0 is `5a`, index 24 is `1e`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 25;

    /// The square with this index, if it is below 25.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 25 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index; the caller guarantees `index < 25`.
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < 25);
        Square(index as u8)
    }

    /// The square at column `col` (0 = file 5, 4 = file 1) and row `row` (0 = rank a).
    #[inline]
    pub const fn from_coords(col: u8, row: u8) -> Square {
        debug_assert!(col < 5 && row < 5);
        Square(row * 5 + col)
    }

    /// Index 0..25.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column from sente's left, 0..5 (0 is file 5).
    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % 5
    }

    /// Row from the top, 0..5 (0 is rank `a`).
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / 5
    }

    /// The USI file number, 1..=5.
    #[inline]
    pub const fn file(self) -> u8 {
        5 - self.col()
    }

    /// The USI rank letter, `a`..=`e`.
    #[inline]
    pub const fn rank_char(self) -> char {
        (b'a' + self.row()) as char
    }

    /// The square seen from the other side: the board turned by 180°.
    #[inline]
    pub const fn flip(self) -> Square {
        Square(24 - self.0)
    }

    /// The square mirrored left-right.
    #[inline]
    pub const fn mirror(self) -> Square {
        Square::from_coords(4 - self.col(), self.row())
    }

    /// Parses USI square notation such as `5e`.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'0');
        let row = bytes[1].wrapping_sub(b'a');
        if !(1..=5).contains(&file) || row >= 5 {
            return None;
        }
        Some(Square::from_coords(5 - file, row))
    }

    /// All 25 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..25u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank_char())
    }
}
