//! The two sides.

use std::fmt;
use std::ops::Not;

/// A side. White starts on ranks 0..=3 and moves first (Jocly's and the rules page's naming).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The first player, moving up the board (towards rank 10).
    White,
    /// The second player, moving down the board (towards rank 1).
    Black,
}

impl Color {
    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White (forward is up), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// True when `rank` is in this side's promotion zone: the three far ranks and the far
    /// extra squares behind them.
    #[inline]
    pub const fn in_zone(self, rank: i8) -> bool {
        match self {
            Color::White => rank >= 8,
            Color::Black => rank <= 3,
        }
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
