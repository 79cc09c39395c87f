//! Material sets: the pieces besides the two Kings, per side, and the sets a move can lead to.

use minjiku::{Color, Kind, Position};
use std::fmt;

/// Most pieces besides the Kings a set may have (two: `K+X vs K+Y`, `K+X+Y vs K`).
pub const MAX_PIECES: usize = 2;

/// The pieces of a set besides the Kings: White's and Black's kinds, each sorted by
/// [`Kind::index`]. A table holds the set as written; the set with colours swapped is the same
/// table turned round ([`Material::canonical`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    sides: [Vec<Kind>; 2],
}

/// A material name that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    /// Not `K…vK…`.
    #[error("'{0}' is not a material set (expected e.g. KQvK, KJvKA, K+DvK, KL*vK)")]
    Syntax(String),
    /// A letter that is no piece.
    #[error("'{symbol}' in '{text}' is not a piece (letters of docs/minjiku.md, + for promoted)")]
    Piece {
        /// The whole name.
        text: String,
        /// The piece symbol.
        symbol: String,
    },
    /// More pieces than tables are built for.
    #[error("'{0}' has more than {MAX_PIECES} pieces besides the kings")]
    TooMany(String),
}

impl Material {
    /// The set with `white` and `black` kinds (Kings not listed), sorted.
    pub fn new(white: &[Kind], black: &[Kind]) -> Material {
        let sorted = |kinds: &[Kind]| {
            let mut v: Vec<Kind> = kinds.iter().copied().filter(|&k| k != Kind::King).collect();
            v.sort_unstable();
            v
        };
        Material { sides: [sorted(white), sorted(black)] }
    }

    /// Reads `KQvK`, `KJvKA`, `K+DvK`, `KL*vK`, `KvK`, also `KQ-K` for the separator. File names
    /// ([`Material::file_stem`]) read too.
    pub fn parse(text: &str) -> Result<Material, MaterialError> {
        let syntax = || MaterialError::Syntax(text.to_string());
        let unfiled = text.replace('p', "+").replace('u', "*");
        let (white, black) = unfiled.split_once(['v', '-']).ok_or_else(syntax)?;
        let side = |s: &str| -> Result<Vec<Kind>, MaterialError> {
            let rest = s.strip_prefix('K').ok_or_else(syntax)?;
            let mut kinds = Vec::new();
            let mut chars = rest.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                let mut end = i + c.len_utf8();
                if c == '+' {
                    end += chars.next().map_or(0, |(_, c)| c.len_utf8());
                }
                if chars.peek().is_some_and(|&(_, c)| c == '*') {
                    chars.next();
                    end += 1;
                }
                let symbol = &rest[i..end];
                let kind = Kind::from_symbol(symbol).filter(|&k| k != Kind::King).ok_or_else(|| {
                    MaterialError::Piece { text: text.to_string(), symbol: symbol.to_string() }
                })?;
                kinds.push(kind);
            }
            Ok(kinds)
        };
        let m = Material::new(&side(white)?, &side(black)?);
        if m.piece_count() > MAX_PIECES {
            return Err(MaterialError::TooMany(text.to_string()));
        }
        Ok(m)
    }

    /// The material of `pos` (pieces on extra squares included).
    pub fn of(pos: &Position) -> Material {
        let kinds = |c: Color| -> Vec<Kind> {
            pos.pieces().filter(|(_, p)| p.color == c).map(|(_, p)| p.kind).collect()
        };
        Material::new(&kinds(Color::White), &kinds(Color::Black))
    }

    /// The kinds of `color` (no King).
    pub fn side(&self, color: Color) -> &[Kind] {
        &self.sides[color.index()]
    }

    /// Pieces besides the Kings.
    pub fn piece_count(&self) -> usize {
        self.sides[0].len() + self.sides[1].len()
    }

    /// The set with colours swapped.
    pub fn swapped(&self) -> Material {
        Material { sides: [self.sides[1].clone(), self.sides[0].clone()] }
    }

    /// True when this orientation is the one tables are built for: White has more pieces, or as
    /// many and the larger kinds (so `KQvK`, not `KvKQ`); a set equal to its swap is canonical.
    pub fn is_canonical(&self) -> bool {
        (self.sides[0].len(), &self.sides[0]) >= (self.sides[1].len(), &self.sides[1])
    }

    /// The canonical orientation and whether it swapped colours.
    pub fn canonical(&self) -> (Material, bool) {
        if self.is_canonical() {
            (self.clone(), false)
        } else {
            (self.swapped(), true)
        }
    }

    /// The name, e.g. `KQvK`, `K+DvKL*`.
    pub fn name(&self) -> String {
        let side = |kinds: &[Kind]| {
            std::iter::once("K".to_string())
                .chain(kinds.iter().map(|k| k.symbol().to_string()))
                .collect::<String>()
        };
        format!("{}v{}", side(&self.sides[0]), side(&self.sides[1]))
    }

    /// The name in file-name letters: `+` is `p`, `*` is `u` (`KpDvK`, `KLuvK`).
    pub fn file_stem(&self) -> String {
        self.name().replace('+', "p").replace('*', "u")
    }

    /// The canonical sets one move can lead to that differ from this one: captures (one piece, or
    /// several when a Fire Dragon burns), promotions and the Lateral Mover's first move, alone
    /// or with a capture. Sorted by name.
    pub fn successors(&self) -> Vec<Material> {
        let mut out = Vec::new();
        for mover in [Color::White, Color::Black] {
            let own = self.side(mover);
            let other = self.side(!mover);
            // The mover's kinds after the move: unchanged, or one piece changed.
            let mut own_after = vec![own.to_vec()];
            for (i, &k) in own.iter().enumerate() {
                for changed in changed_kinds(k) {
                    let mut v = own.to_vec();
                    v[i] = changed;
                    own_after.push(v);
                }
            }
            // The opponent loses any subset of its pieces (a capture and burns).
            for mask in 0u32..(1 << other.len()) {
                let left: Vec<Kind> =
                    other.iter().enumerate().filter(|(i, _)| mask & (1 << i) == 0).map(|(_, &k)| k).collect();
                for own in &own_after {
                    let next = match mover {
                        Color::White => Material::new(own, &left),
                        Color::Black => Material::new(&left, own),
                    };
                    let next = next.canonical().0;
                    if next != self.canonical().0 && !out.contains(&next) {
                        out.push(next);
                    }
                }
            }
        }
        out.sort_by_key(Material::name);
        out
    }

    /// Every canonical set reachable from this one by moves, this one last, each after the sets
    /// it needs (the order tables are built in).
    pub fn build_order(&self) -> Vec<Material> {
        let mut order = Vec::new();
        visit(&self.canonical().0, &mut order);
        order
    }

    /// `K+X vs K` for every kind X (promoted kinds and the unmoved Lateral Mover included).
    pub fn all_single() -> Vec<Material> {
        Kind::ALL.iter().filter(|&&k| k != Kind::King).map(|&k| Material::new(&[k], &[])).collect()
    }
}

/// The kinds a piece of `kind` may become by moving: its promoted kind, and the moved Lateral
/// Mover for an unmoved one.
fn changed_kinds(kind: Kind) -> Vec<Kind> {
    let mut out: Vec<Kind> = kind.promoted().into_iter().collect();
    if kind == Kind::UnmovedLateralMover {
        out.push(Kind::LateralMover);
    }
    out
}

fn visit(m: &Material, order: &mut Vec<Material>) {
    if order.contains(m) {
        return;
    }
    for next in m.successors() {
        visit(&next, order);
    }
    order.push(m.clone());
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for text in ["KQvK", "KJvKA", "K+DvK", "KL*vK", "KvK", "KAJvK", "K+R+DvK"] {
            let m = Material::parse(text).expect(text);
            assert_eq!(Material::parse(&m.name()), Ok(m.clone()));
            assert_eq!(Material::parse(&m.file_stem()), Ok(m.clone()), "{}", m.file_stem());
        }
        assert!(Material::parse("QvK").is_err());
        assert!(Material::parse("KZvK").is_err());
        assert!(Material::parse("KQRvKG").is_err());
        assert_eq!(Material::parse("KvKQ").map(|m| m.canonical().0.name()), Ok("KQvK".into()));
    }

    #[test]
    fn build_order_puts_dependencies_first() {
        let m = Material::parse("KPvK").expect("a set");
        let names: Vec<String> = m.build_order().iter().map(Material::name).collect();
        assert_eq!(names, ["KvK", "K+PvK", "KPvK"]);
        let m = Material::parse("KAvKQ").expect("a set");
        let names: Vec<String> = m.build_order().iter().map(Material::name).collect();
        assert_eq!(names.last().map(String::as_str), Some("KAvKQ"));
        assert!(names.contains(&"KFvKA".to_string()) && names.contains(&"KAvK".to_string()));
        assert!(names.iter().position(|n| n == "KvK") < names.iter().position(|n| n == "KAvK"));
    }
}
