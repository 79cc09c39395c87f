//! The moves of one King or piece of a set that keep the material, as the generator walks them:
//! its origin and destination tables, and the squares where a burning piece's arrival would burn
//! (such a move leaves the set).

use crate::origins::MoveTable;
use crate::squares::{bit, Mask};
use minjiku::movement::movement;
use minjiku::{Color, Kind, Piece, Square};

/// The moves of one King or piece of a set that keep the material: its colour, where they come
/// from and go to, and whether its arrival burns (a burning move leaves the set).
pub(crate) struct QuietMoves {
    /// The piece's colour.
    pub color: Color,
    /// Origins and destinations; `None` for an unmoved Lateral Mover, whose first move makes it
    /// another kind.
    pub tables: Option<(MoveTable, MoveTable)>,
    /// Whether the piece burns.
    pub burns: bool,
}

impl QuietMoves {
    /// The quiet moves of `piece`.
    pub fn new(piece: Piece) -> QuietMoves {
        let tables = (piece.kind != Kind::UnmovedLateralMover)
            .then(|| (MoveTable::origins(piece), MoveTable::destinations(piece)));
        QuietMoves { color: piece.color, tables, burns: movement(piece.kind).burns }
    }
}

/// The squares diagonally next to one of `enemies`: a burning piece arriving there burns.
pub(crate) fn burning_squares(enemies: Mask) -> Mask {
    let mut out = 0;
    let mut rest = enemies;
    while rest != 0 {
        let enemy = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if let Some(sq) = Square::from_index(enemy) {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                out |= sq.offset(df, dr).map_or(0, |n| bit(n.index()));
            }
        }
    }
    out
}

/// True when one of `enemies` stands diagonally next to the square of mailbox index `to` (a
/// burning piece arriving there would have burnt it).
pub(crate) fn burns_on_arrival(enemies: Mask, to: usize) -> bool {
    Square::from_index(to).is_some_and(|to| {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(df, dr)| to.offset(df, dr).is_some_and(|sq| enemies & bit(sq.index()) != 0))
    })
}
