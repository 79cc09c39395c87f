//! Legal captures and pawn promotions, for quiescence search: the tactical moves of a side not in
//! check, without generating drops and quiet moves only to throw them away.

use crate::attacks::{attacks, line, step_attacks};
use crate::{Bitboard, Kind, Move, MoveList, Position};

impl Position {
    /// Fills `list` with the legal captures of the side to move and its pawn moves to the last
    /// rank (which always promote). A capture that may promote comes as the promotion only,
    /// except for silvers, whose promotion is not always better. The side to move must not be in
    /// check (the moves listed would then not all be legal, nor all the legal ones listed).
    ///
    /// The order is fixed: king captures first, then the other pieces by square, each piece's
    /// destinations by square.
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        let us = self.side_to_move();
        let them = !us;
        let king = self.king_square(us);
        let occupied = self.occupied();
        let theirs = self.color_pieces(them);
        let without_king = occupied ^ Bitboard::from_square(king);
        for to in step_attacks(us, Kind::King, king) & theirs {
            if self.attackers_to(to, them, without_king).is_empty() {
                list.push(Move::board(king, to, false));
            }
        }
        let pinned = self.pinned(us, king, occupied);
        let promotion_row = us.last_row();
        for from in self.color_pieces(us) & !Bitboard::from_square(king) {
            let Some(piece) = self.piece_at(from) else { continue };
            let kind = piece.kind;
            let reach = attacks(us, kind, from, occupied);
            let mut dests = reach & theirs;
            if kind == Kind::Pawn {
                dests |= reach & !occupied & Bitboard::row(promotion_row);
            }
            if pinned.contains(from) {
                dests &= line(king, from);
            }
            for to in dests {
                let may_promote =
                    kind.promoted().is_some() && (from.row() == promotion_row || to.row() == promotion_row);
                if may_promote {
                    list.push(Move::board(from, to, true));
                    if kind == Kind::Silver {
                        list.push(Move::board(from, to, false));
                    }
                } else {
                    list.push(Move::board(from, to, false));
                }
            }
        }
    }
}
