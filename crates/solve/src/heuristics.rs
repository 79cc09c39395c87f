//! The numbers a node starts with before it is searched, and the order moves are tried in: the
//! engine's knowledge that steers df-pn towards forcing lines.
//!
//! - A position where the defender is to move starts with its number of legal replies as proof
//!   number (df-pn+: few replies, close to a win), raised by half for a quiet attacker move (the
//!   defender is free to do anything) and lowered when the attacker has just won material.
//! - A position where the attacker is to move after a defender capture starts one higher: the
//!   defender won material back.
//! - The attacker's moves are tried checks first, then captures (most valuable victim first),
//!   then the rest: on equal numbers df-pn takes the first child.

use minishogi::{Kind, Move, MoveList, Position};
use minishogi_mate::dfpn::pn::Pn;

/// The value of a piece for ordering captures and weighing material, promoted pieces by what
/// they are worth on a 5×5 board.
pub fn piece_value(kind: Kind) -> u32 {
    match kind {
        Kind::Pawn => 1,
        Kind::Silver | Kind::Gold => 5,
        Kind::Tokin | Kind::ProSilver => 6,
        Kind::Bishop => 7,
        Kind::Rook => 8,
        Kind::Horse => 9,
        Kind::Dragon => 10,
        Kind::King => 0,
    }
}

/// The proof number of a node with the defender to move and `replies` legal replies, reached by
/// an attacker move that gave check or not, and captured `captured` (piece value) or nothing.
pub fn defender_node_pn(replies: u32, check: bool, captured: u32) -> Pn {
    let base = if check { replies } else { replies + replies / 2 };
    base.saturating_sub(captured / 4).max(1)
}

/// The proof number of a node with the attacker to move, reached by a defender reply that
/// captured `captured` (piece value) or nothing.
pub fn attacker_node_pn(captured: u32) -> Pn {
    1 + u32::from(captured > 0) + captured / 5
}

/// What `m` captures in `pos`, as a piece value (0 for none).
pub fn captured_value(pos: &Position, m: Move) -> u32 {
    if m.is_drop() {
        return 0;
    }
    pos.piece_at(m.to()).map_or(0, |p| piece_value(p.kind))
}

/// Orders the attacker's moves: checks, then captures by victim, then the rest (stable).
pub fn order_attacker_moves(pos: &mut Position, moves: &mut MoveList) {
    let mut keyed: Vec<(u32, Move)> = moves
        .iter()
        .map(|&m| {
            let victim = captured_value(pos, m);
            let undo = pos.play(m);
            let check = pos.in_check();
            pos.undo(m, undo);
            let rank = if check {
                0
            } else if victim > 0 {
                100 - victim
            } else {
                200
            };
            (rank, m)
        })
        .collect();
    keyed.sort_by_key(|&(rank, _)| rank);
    moves.clear();
    for (_, m) in keyed {
        moves.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_come_first_and_quiet_moves_cost_more() {
        let mut pos = Position::from_sfen("4k/5/5/P4/KGSBR w - 1").expect("legal");
        pos.play(pos.parse_move("1a2a").expect("legal"));
        let mut moves = pos.legal_move_list();
        order_attacker_moves(&mut pos, &mut moves);
        let first = moves.as_slice()[0];
        assert!(pos.after(first).in_check());
        assert!(defender_node_pn(6, false, 0) > defender_node_pn(6, true, 0));
        assert!(attacker_node_pn(5) > attacker_node_pn(0));
    }
}
