//! The two sides.

use std::ops::Not;

/// A side: sente (black, `b`, moves first in an even game, uppercase) or gote (white, `w`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Sente, "black" in SFEN (`b`), at the bottom of the board.
    Sente = 0,
    /// Gote, "white" in SFEN (`w`), at the top of the board.
    Gote = 1,
}

impl Color {
    /// Both colours, sente first.
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];

    /// 0 for sente, 1 for gote: an index for per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SFEN letter: `b` or `w`.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }
}
