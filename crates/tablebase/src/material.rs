//! Material sets: the non-king pieces in play, closed under play because captures change owners.

use std::fmt;

use minishogi::{Color, Kind, Position};

/// The hand kinds in the order material names are written: R B G S P.
const NAME_ORDER: [Kind; 5] = [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Pawn];

/// At most this many pieces of one kind exist.
pub const MAX_PER_KIND: u8 = 2;

/// A material set: how many pieces of each hand kind are in the game (on the board for either side,
/// promoted or not, or in either hand). Kings are always present and not counted.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Material {
    /// Counts indexed by [`Kind::index`] of the hand kinds (P S G B R).
    counts: [u8; 5],
}

/// Why a material name was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    /// A character that names no piece.
    #[error("material '{text}': '{letter}' is not a piece letter (use R B G S P, or '-' for none)")]
    UnknownLetter {
        /// The whole text.
        text: String,
        /// The offending character.
        letter: char,
    },
    /// More than two pieces of one kind.
    #[error("material '{text}': at most {MAX_PER_KIND} pieces of a kind exist, {count} {letter} given")]
    TooMany {
        /// The whole text.
        text: String,
        /// The piece letter.
        letter: char,
        /// How many were given.
        count: u32,
    },
    /// Nothing given.
    #[error("empty material name (write '-' for the kings-only set)")]
    Empty,
}

impl Material {
    /// The kings-only set `-`.
    pub const EMPTY: Material = Material { counts: [0; 5] };

    /// Parses a name such as `RG`, `bsp` or `-` (letters in any order, either case).
    pub fn parse(text: &str) -> Result<Material, MaterialError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MaterialError::Empty);
        }
        if trimmed == "-" {
            return Ok(Material::EMPTY);
        }
        let mut counts = [0u32; 5];
        for c in trimmed.chars() {
            let kind = Kind::from_letter(c.to_ascii_uppercase())
                .filter(|k| *k != Kind::King)
                .ok_or_else(|| MaterialError::UnknownLetter { text: text.to_string(), letter: c })?;
            counts[kind.index()] += 1;
        }
        let mut material = Material::EMPTY;
        for kind in Kind::HAND {
            let count = counts[kind.index()];
            if count > u32::from(MAX_PER_KIND) {
                return Err(MaterialError::TooMany { text: text.to_string(), letter: kind.letter(), count });
            }
            material.counts[kind.index()] = count as u8;
        }
        Ok(material)
    }

    /// A set from counts per hand kind; `None` if a count exceeds two or `kind` is not a hand kind.
    pub fn from_counts(counts: &[(Kind, u8)]) -> Option<Material> {
        let mut material = Material::EMPTY;
        for &(kind, n) in counts {
            if kind.index() >= 5 {
                return None;
            }
            let c = &mut material.counts[kind.index()];
            *c = c.checked_add(n).filter(|&c| c <= MAX_PER_KIND)?;
        }
        Some(material)
    }

    /// The material of a position: every non-king piece on the board (promoted ones counted as their
    /// base kind) and in both hands.
    pub fn of(position: &Position) -> Material {
        let mut counts = [0u8; 5];
        for sq in position.occupied() {
            if let Some(piece) = position.piece_at(sq) {
                if piece.kind != Kind::King {
                    counts[piece.kind.unpromoted().index()] += 1;
                }
            }
        }
        for color in Color::ALL {
            let hand = position.hand(color);
            for kind in Kind::HAND {
                counts[kind.index()] += hand.count(kind);
            }
        }
        Material { counts }
    }

    /// How many pieces of hand kind `kind` the set holds (0 for the king and promoted kinds).
    pub fn count(&self, kind: Kind) -> u8 {
        self.counts.get(kind.index()).copied().unwrap_or(0)
    }

    /// Total number of non-king pieces.
    pub fn piece_count(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// The (kind, count) pairs with a non-zero count, in name order R B G S P.
    pub fn kinds(&self) -> impl Iterator<Item = (Kind, u8)> + '_ {
        NAME_ORDER.iter().map(|&k| (k, self.counts[k.index()])).filter(|&(_, c)| c > 0)
    }

    /// The canonical name: letters in the order R B G S P, `-` for the empty set.
    pub fn name(&self) -> String {
        if self.piece_count() == 0 {
            return "-".to_string();
        }
        let mut name = String::new();
        for (kind, count) in self.kinds() {
            for _ in 0..count {
                name.push(kind.letter());
            }
        }
        name
    }

    /// Every set of at most `max_pieces` pieces (at most two of a kind), smallest sets first and
    /// in a fixed order within a size. `all_up_to(3)` gives the 51 sets of up to three pieces.
    pub fn all_up_to(max_pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        for a in 0..=MAX_PER_KIND {
            for b in 0..=MAX_PER_KIND {
                for c in 0..=MAX_PER_KIND {
                    for d in 0..=MAX_PER_KIND {
                        for e in 0..=MAX_PER_KIND {
                            let mut m = Material::EMPTY;
                            for (kind, n) in NAME_ORDER.iter().zip([a, b, c, d, e]) {
                                m.counts[kind.index()] = n;
                            }
                            if m.piece_count() <= max_pieces {
                                all.push(m);
                            }
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.piece_count(), std::cmp::Reverse(m.name_key())));
        all
    }

    /// A sort key following the name order (more rooks first, then bishops, ...).
    fn name_key(&self) -> [u8; 5] {
        NAME_ORDER.map(|k| self.counts[k.index()])
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl fmt::Debug for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Material({})", self.name())
    }
}

impl std::str::FromStr for Material {
    type Err = MaterialError;

    fn from_str(s: &str) -> Result<Material, MaterialError> {
        Material::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_name() {
        assert_eq!(Material::parse("GR").map(|m| m.name()), Ok("RG".to_string()));
        assert_eq!(Material::parse("psb").map(|m| m.name()), Ok("BSP".to_string()));
        assert_eq!(Material::parse("-").map(|m| m.name()), Ok("-".to_string()));
        assert_eq!(Material::parse("PP").map(|m| m.piece_count()), Ok(2));
        assert!(matches!(Material::parse("PPP"), Err(MaterialError::TooMany { count: 3, .. })));
        assert!(matches!(Material::parse("RK"), Err(MaterialError::UnknownLetter { letter: 'K', .. })));
        assert!(matches!(Material::parse("R x"), Err(MaterialError::UnknownLetter { letter: ' ', .. })));
        assert_eq!(Material::parse(""), Err(MaterialError::Empty));
    }

    #[test]
    fn enumeration_counts() {
        // Sets of n pieces from 5 kinds with at most 2 of a kind: 1, 5, 15, 30 for n = 0..3.
        let all = Material::all_up_to(3);
        assert_eq!(all.len(), 51);
        assert_eq!(all[0], Material::EMPTY);
        let mut names: Vec<String> = all.iter().map(|m| m.name()).collect();
        names.dedup();
        assert_eq!(names.len(), 51);
        assert_eq!(
            Material::all_up_to(1).iter().map(|m| m.name()).collect::<Vec<_>>(),
            ["-", "R", "B", "G", "S", "P"]
        );
        assert_eq!(Material::all_up_to(10).len(), 243);
    }

    #[test]
    fn material_of_position() {
        let pos = Position::from_sfen("4k/1+P3/5/2s2/K4 b Gr 1").expect("valid sfen");
        assert_eq!(Material::of(&pos).name(), "RGSP");
        assert_eq!(Material::of(&Position::startpos()).name(), "RRBBGGSSPP");
    }
}
