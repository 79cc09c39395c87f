//! The two sides.

use crate::UnknownName;
use std::ops::Not;
use std::str::FromStr;

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

    /// `"sente"` or `"gote"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Sente => "sente",
            Color::Gote => "gote",
        }
    }

    /// The row where this side's pieces reach the far side: its promotion zone, where its
    /// unpromoted pawns may not stand (row 0 is rank a, at the top).
    #[inline]
    pub const fn last_row(self) -> u8 {
        match self {
            Color::Sente => 0,
            Color::Gote => 4,
        }
    }

    /// The SFEN letter: `b` or `w`.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }
}

/// `sente`, `b` or `black`; `gote`, `w` or `white`.
impl FromStr for Color {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Color, UnknownName> {
        match name {
            "sente" | "b" | "black" => Ok(Color::Sente),
            "gote" | "w" | "white" => Ok(Color::Gote),
            _ => Err(UnknownName { name: name.to_string(), what: "player", expected: "sente or gote" }),
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

#[cfg(test)]
mod tests {
    use super::Color;

    #[test]
    fn colours_parse_from_their_names_and_sfen_letters() {
        for (name, color) in [("sente", Color::Sente), ("b", Color::Sente), ("white", Color::Gote)] {
            assert_eq!(name.parse::<Color>(), Ok(color));
        }
        assert_eq!(Color::Gote.name().parse::<Color>(), Ok(Color::Gote));
        let error = "red".parse::<Color>().expect_err("not a colour");
        assert_eq!(error.to_string(), "'red' is not a player: sente or gote");
    }
}
