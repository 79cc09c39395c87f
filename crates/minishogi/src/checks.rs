//! Whether a move gives check, answered without playing it.

use crate::attacks::attacks;
use crate::{Bitboard, Kind, Move, Position};

impl Position {
    /// True when the legal move `m` gives check: after it, the opponent's king is attacked,
    /// by the moved or dropped piece or by a slider the move uncovers. Equal to
    /// `self.after(m).in_check()`, without copying the position.
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        let Some(kind) = self.kind_after(m) else { return false };
        let us = self.side_to_move();
        let king = self.king_square(!us);
        let from = m.from().map_or(Bitboard::EMPTY, Bitboard::from_square);
        let to = Bitboard::from_square(m.to());
        let occupied = (self.occupied() & !from) | to;
        if attacks(us, kind, m.to(), occupied).contains(king) {
            return true;
        }
        // Our other pieces, seen through the square the move left (a capture's victim was theirs).
        (self.attackers_to(king, us, occupied) & !from).any()
    }

    /// True when the piece that the legal move `m` moves or drops attacks the opponent's king
    /// from its destination: [`Position::gives_check`] without discovered checks, cheaper.
    #[inline]
    pub fn gives_direct_check(&self, m: Move) -> bool {
        let Some(kind) = self.kind_after(m) else { return false };
        let mut occupied = self.occupied();
        if let Some(from) = m.from() {
            occupied &= !Bitboard::from_square(from);
        }
        attacks(self.side_to_move(), kind, m.to(), occupied).contains(self.king_square(!self.side_to_move()))
    }

    /// The kind of the piece standing on `m`'s destination once `m` is played (`None` when `m`
    /// starts on an empty square, which no legal move does).
    #[inline]
    fn kind_after(&self, m: Move) -> Option<Kind> {
        match m.from() {
            Some(from) => {
                let kind = self.piece_at(from)?.kind;
                Some(if m.is_promotion() { kind.promoted().unwrap_or(kind) } else { kind })
            }
            None => m.dropped(),
        }
    }
}
