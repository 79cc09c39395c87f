//! Piece kinds and pieces.

use crate::Color;

/// A kind of piece, promoted kinds included.
///
/// The five kinds that can be held in hand come first, so `kind as usize` indexes a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn (歩), `P`.
    Pawn = 0,
    /// Silver general (銀), `S`.
    Silver = 1,
    /// Gold general (金), `G`.
    Gold = 2,
    /// Bishop (角), `B`.
    Bishop = 3,
    /// Rook (飛), `R`.
    Rook = 4,
    /// King (玉), `K`.
    King = 5,
    /// Promoted pawn (と), `+P`: moves as a gold.
    Tokin = 6,
    /// Promoted silver (成銀), `+S`: moves as a gold.
    ProSilver = 7,
    /// Promoted bishop (馬), `+B`: bishop plus one orthogonal step.
    Horse = 8,
    /// Promoted rook (龍), `+R`: rook plus one diagonal step.
    Dragon = 9,
}

impl Kind {
    /// Number of kinds.
    pub const COUNT: usize = 10;

    /// All kinds, in index order.
    pub const ALL: [Kind; 10] = [
        Kind::Pawn,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
        Kind::King,
        Kind::Tokin,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// The kinds that can be held in hand, in index order (P S G B R).
    pub const HAND: [Kind; 5] = [Kind::Pawn, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook];

    /// The hand kinds in the order SFEN writes them: R B G S P.
    pub const SFEN_HAND_ORDER: [Kind; 5] = [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Pawn];

    /// Index 0..10.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index.
    #[inline]
    pub const fn from_index(index: usize) -> Kind {
        Kind::ALL[index]
    }

    /// The promoted form, if the kind can promote.
    #[inline]
    pub const fn promoted(self) -> Option<Kind> {
        match self {
            Kind::Pawn => Some(Kind::Tokin),
            Kind::Silver => Some(Kind::ProSilver),
            Kind::Bishop => Some(Kind::Horse),
            Kind::Rook => Some(Kind::Dragon),
            _ => None,
        }
    }

    /// The unpromoted form: what a captured piece becomes in hand.
    #[inline]
    pub const fn unpromoted(self) -> Kind {
        match self {
            Kind::Tokin => Kind::Pawn,
            Kind::ProSilver => Kind::Silver,
            Kind::Horse => Kind::Bishop,
            Kind::Dragon => Kind::Rook,
            k => k,
        }
    }

    /// True for the four promoted kinds.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= Kind::Tokin as u8
    }

    /// The letter of the unpromoted kind, uppercase (`P S G B R K`).
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Kind::Pawn => 'P',
            Kind::Silver => 'S',
            Kind::Gold => 'G',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted kind named by an uppercase or lowercase letter.
    pub const fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'P' => Some(Kind::Pawn),
            'S' => Some(Kind::Silver),
            'G' => Some(Kind::Gold),
            'B' => Some(Kind::Bishop),
            'R' => Some(Kind::Rook),
            'K' => Some(Kind::King),
            _ => None,
        }
    }
}

/// A piece: a kind owned by a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `kind` owned by `color`.
    #[inline]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The SFEN text: `+` for promoted kinds, uppercase for sente.
    pub fn sfen(self) -> String {
        let letter = match self.color {
            Color::Sente => self.kind.letter(),
            Color::Gote => self.kind.letter().to_ascii_lowercase(),
        };
        if self.kind.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}
