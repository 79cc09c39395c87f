//! Handicap starts: gote (the stronger player) removes pieces and moves first.

use crate::{Color, Game, Position, RuleSet, UnknownName};
use std::fmt;
use std::str::FromStr;

/// A handicap start. Gote gives the handicap and moves first, so under the standard
/// repetition rule gote is the game's first player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// Without gote's bishop (角落ち).
    Bishop,
    /// Without gote's rook (飛車落ち).
    Rook,
    /// Without gote's rook and bishop (二枚落ち).
    TwoPiece,
    /// Without gote's rook, bishop and silver (三枚落ち).
    ThreePiece,
    /// Without gote's rook, bishop, silver and gold (四枚落ち).
    FourPiece,
    /// Gote's king alone (裸玉): gote starts in check from sente's rook on the open file 1.
    NakedKing,
}

/// The names `FromStr` accepts, for error messages.
const EXPECTED: &str = "bishop, rook, two-piece, three-piece, four-piece or naked-king";

impl Handicap {
    /// Every handicap, from the smallest to the largest.
    pub fn all() -> [Handicap; 6] {
        use Handicap::*;
        [Bishop, Rook, TwoPiece, ThreePiece, FourPiece, NakedKing]
    }

    /// The handicap's name (`bishop`, `rook`, `two-piece`, `three-piece`, `four-piece`,
    /// `naked-king`), as [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::TwoPiece => "two-piece",
            Handicap::ThreePiece => "three-piece",
            Handicap::FourPiece => "four-piece",
            Handicap::NakedKing => "naked-king",
        }
    }

    /// The start position's SFEN, gote to move.
    pub fn sfen(self) -> &'static str {
        match self {
            Handicap::Bishop => "r1sgk/4p/5/P4/KGSBR w - 1",
            Handicap::Rook => "1bsgk/4p/5/P4/KGSBR w - 1",
            Handicap::TwoPiece => "2sgk/4p/5/P4/KGSBR w - 1",
            Handicap::ThreePiece => "3gk/4p/5/P4/KGSBR w - 1",
            Handicap::FourPiece => "4k/4p/5/P4/KGSBR w - 1",
            Handicap::NakedKing => "4k/5/5/P4/KGSBR w - 1",
        }
    }

    /// The start position.
    pub fn position(self) -> Position {
        Position::from_sfen(self.sfen()).expect("the handicap starts are legal")
    }

    /// A game from this start with gote, the handicap giver, as its first player.
    pub fn game(self, rules: RuleSet) -> Game {
        Game::with_first_player(self.position(), rules, Color::Gote)
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A handicap name: case, `_` and spaces for `-` do not matter; `2-piece`, `3-piece`, `4-piece`,
/// `naked` and `king` are accepted too, and the Japanese romaji `kaku`, `hisha`, `nimai`,
/// `sanmai`, `yonmai`, `hadaka` (with or without `-ochi`/`-gyoku`).
impl FromStr for Handicap {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Handicap, UnknownName> {
        let key: String = name
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '_' || c == ' ' { '-' } else { c })
            .collect();
        let key = key.strip_suffix("-ochi").unwrap_or(&key);
        let found = match key {
            "bishop" | "kaku" => Handicap::Bishop,
            "rook" | "hisha" => Handicap::Rook,
            "two-piece" | "2-piece" | "nimai" => Handicap::TwoPiece,
            "three-piece" | "3-piece" | "sanmai" => Handicap::ThreePiece,
            "four-piece" | "4-piece" | "yonmai" => Handicap::FourPiece,
            "naked-king" | "naked" | "king" | "hadaka" | "hadaka-gyoku" => Handicap::NakedKing,
            _ => return Err(UnknownName { name: name.to_string(), what: "handicap", expected: EXPECTED }),
        };
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::Handicap;

    #[test]
    fn names_and_aliases_parse() {
        for h in Handicap::all() {
            assert_eq!(h.name().parse::<Handicap>(), Ok(h));
            assert_eq!(h.to_string().to_uppercase().replace('-', "_").parse::<Handicap>(), Ok(h));
        }
        assert_eq!("Two Piece".parse::<Handicap>(), Ok(Handicap::TwoPiece));
        assert_eq!("kaku-ochi".parse::<Handicap>(), Ok(Handicap::Bishop));
        assert_eq!("hadaka-gyoku".parse::<Handicap>(), Ok(Handicap::NakedKing));
        let error = "lance".parse::<Handicap>().expect_err("not a minishogi handicap");
        assert_eq!(
            error.to_string(),
            "'lance' is not a handicap: bishop, rook, two-piece, three-piece, four-piece or naked-king"
        );
    }
}
