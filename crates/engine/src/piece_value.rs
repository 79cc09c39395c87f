//! Fixed piece values in centipawns, for move ordering, the exchange evaluation and quiescence
//! pruning (the evaluation proper is the network's or the weights').

use minishogi::{Kind, Move, Position};

/// Value of a kind.
#[inline]
pub(crate) fn value(kind: Kind) -> i32 {
    const V: [i32; 10] = [100, 400, 450, 550, 650, 20_000, 500, 450, 800, 900];
    V[kind.index()]
}

/// The value of the piece on `m`'s origin square (0 for a drop).
#[inline]
pub(crate) fn attacker_value(pos: &Position, m: Move) -> i32 {
    m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| value(p.kind))
}
