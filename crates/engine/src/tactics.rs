//! Cheap facts about a position that guard pruning decisions: whether the side to move has no
//! move although not in check, and whether a move checks directly.

use minishogi::{attacks, step_attacks};
use minishogi::{Bitboard, Kind, Move, Position};

/// True when the side to move, not in check, has no legal move (and so has lost). A piece
/// other than a pawn in hand can always be dropped, which settles most cases at once.
#[inline]
pub(crate) fn stalemated(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook].iter().any(|&k| hand.count(k) > 0) {
        return false;
    }
    // A king step to an unattacked square is legal (we are not in check).
    let king = pos.king_square(us);
    let without_king = pos.occupied() & !Bitboard::from_square(king);
    let steps = step_attacks(us, Kind::King, king) & !pos.color_pieces(us);
    if Iterator::any(&mut steps.into_iter(), |sq| !pos.attackers_to(sq, !us, without_king).any()) {
        return false;
    }
    !pos.has_legal_move()
}

/// True when `m` attacks the enemy king from its destination (discovered checks are not
/// seen: this only guards pruning decisions).
#[inline]
pub(crate) fn gives_direct_check(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let king = pos.king_square(!us);
    let kind = match (m.from(), m.dropped()) {
        (Some(from), _) => match pos.piece_at(from) {
            Some(p) if m.is_promotion() => p.kind.promoted().unwrap_or(p.kind),
            Some(p) => p.kind,
            None => return true,
        },
        (None, Some(k)) => k,
        _ => return true,
    };
    let mut occupied = pos.occupied();
    if let Some(from) = m.from() {
        occupied &= !Bitboard::from_square(from);
    }
    attacks(us, kind, m.to(), occupied).contains(king)
}
