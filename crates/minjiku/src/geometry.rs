//! The board: a 10×10 grid plus four extra squares (e0, f0 behind White's first rank and e11, f11
//! behind Black's), kept in a 12-rank mailbox so that every square has one index.

use std::fmt;
use std::str::FromStr;

/// Number of files (a..j).
pub const FILES: i8 = 10;
/// Number of mailbox ranks: 0 and 11 hold the extra squares, 1..=10 the board proper.
pub const RANKS: i8 = 12;
/// Size of the mailbox (indices `rank * 10 + file`).
pub const MAILBOX: usize = 120;

/// A square that can exist: one of the 100 board squares or one of the 4 extra squares.
///
/// The index is `rank * 10 + file` with file a = 0 and rank 0..=11, so e0 = 4 and f11 = 115.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

/// The four extra squares, in index order.
pub const EXTRA_SQUARES: [Square; 4] = [Square(4), Square(5), Square(114), Square(115)];

impl Square {
    /// The square on `file` (0 = a) and `rank` (0..=11), if it is one of the 104 squares.
    #[inline]
    pub const fn new(file: i8, rank: i8) -> Option<Square> {
        if file < 0 || file >= FILES || rank < 0 || rank >= RANKS {
            return None;
        }
        let on_board = rank >= 1 && rank <= 10;
        let extra = (rank == 0 || rank == 11) && (file == 4 || file == 5);
        if on_board || extra {
            Some(Square((rank * FILES + file) as u8))
        } else {
            None
        }
    }

    /// The square with mailbox index `index`, if that index names one of the 104 squares.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index >= MAILBOX {
            return None;
        }
        Square::new((index % 10) as i8, (index / 10) as i8)
    }

    /// The mailbox index, `rank * 10 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) ..= 9 (j).
    #[inline]
    pub const fn file(self) -> i8 {
        (self.0 % 10) as i8
    }

    /// The rank, 0..=11 (1..=10 on the board proper).
    #[inline]
    pub const fn rank(self) -> i8 {
        (self.0 / 10) as i8
    }

    /// True for e0, f0, e11 and f11, which vanish once vacated.
    #[inline]
    pub const fn is_extra(self) -> bool {
        self.rank() == 0 || self.rank() == 11
    }

    /// The square `df` files and `dr` ranks away, if it is one of the 104 squares.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// All 104 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..MAILBOX).filter_map(Square::from_index)
    }
}

/// The larger of the file and rank distances (king steps on an empty board).
#[inline]
pub const fn king_distance(a: Square, b: Square) -> i8 {
    let df = (a.file() - b.file()).abs();
    let dr = (a.rank() - b.rank()).abs();
    if df > dr {
        df
    } else {
        dr
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank())
    }
}

/// A square name that is not one of the 104 squares.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square (a1..j10, e0, f0, e11, f11)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bad = || ParseSquareError(s.to_string());
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(bad)?;
        let digits = chars.as_str();
        if !('a'..='j').contains(&file) || digits.is_empty() || digits.len() > 2 || digits.starts_with('+') {
            return Err(bad());
        }
        if digits.len() == 2 && digits.starts_with('0') {
            return Err(bad());
        }
        let rank: i8 = digits.parse().map_err(|_| bad())?;
        Square::new(file as i8 - 'a' as i8, rank).ok_or_else(bad)
    }
}

/// A set of squares as a 120-bit mask over mailbox indices.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// True when `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    /// The squares in `a` or `b`.
    #[inline]
    pub const fn union(a: SquareSet, b: SquareSet) -> SquareSet {
        SquareSet(a.0 | b.0)
    }

    /// True when the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_names() {
        assert_eq!(Square::all().count(), 104);
        assert_eq!("e0".parse::<Square>().map(Square::index), Ok(4));
        assert_eq!("f11".parse::<Square>().map(Square::index), Ok(115));
        assert_eq!("j10".parse::<Square>().map(|s| s.to_string()), Ok("j10".to_string()));
        for bad in ["d0", "g11", "k1", "a01", "a", "a12", "", "e-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        let Some(e1) = Square::new(4, 1) else { panic!("e1") };
        assert_eq!(e1.offset(0, -1).map(|s| s.to_string()), Some("e0".into()));
        assert_eq!(e1.offset(-1, -1), None);
    }
}
