//! Building a checked position from a list of pieces.

use crate::{Color, Piece, Position, PositionError, Square};

impl Position {
    /// Builds and checks a position from pieces on squares and the side to move: one King and at
    /// most 32 pieces a side, and the side not to move not in check.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PositionError> {
        let pos = Position::assemble(pieces, side)?;
        if pos.is_attacked(pos.king(!side), side) {
            return Err(PositionError::OpponentInCheck { side: (!side).name() });
        }
        Ok(pos)
    }
}
