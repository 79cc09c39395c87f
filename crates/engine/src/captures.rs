//! Legal captures (and pawn promotions) for quiescence search, without generating drops and
//! quiet moves only to throw them away. Only for a side that is not in check.

use minishogi::{attacks, line, step_attacks};
use minishogi::{last_row, Bitboard, Kind, Move, MoveList, Position};

/// Fills `list` with the legal captures of the side to move and its pawn moves to the last
/// rank (which always promote). Captures that may promote come as the promotion only, except
/// for silvers, whose promotion is not always better. The side to move must not be in check.
pub fn captures(pos: &Position, list: &mut MoveList) {
    list.clear();
    let us = pos.side_to_move();
    let them = !us;
    let king = pos.king_square(us);
    let occupied = pos.occupied();
    let theirs = pos.color_pieces(them);
    let without_king = occupied ^ Bitboard::from_square(king);
    for to in step_attacks(us, Kind::King, king) & theirs {
        if pos.attackers_to(to, them, without_king).is_empty() {
            list.push(Move::board(king, to, false));
        }
    }
    let pinned = pos.pinned(us, king, occupied);
    let promotion_row = last_row(us);
    for from in pos.color_pieces(us) & !Bitboard::from_square(king) {
        let Some(piece) = pos.piece_at(from) else { continue };
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

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::{Game, RuleSet};

    /// The legal moves the generator should produce, taken from the rules crate's full list.
    fn expected(pos: &Position) -> Vec<Move> {
        let us = pos.side_to_move();
        let mut v: Vec<Move> = pos
            .legal_move_list()
            .iter()
            .copied()
            .filter(|m| {
                let Some(from) = m.from() else { return false };
                let kind = pos.piece_at(from).map(|p| p.kind);
                let capture = pos.piece_at(m.to()).is_some();
                let pawn_push = kind == Some(Kind::Pawn) && m.to().row() == last_row(us);
                let unpromoted_alternative = !m.is_promotion()
                    && kind.is_some_and(|k| k.promoted().is_some() && k != Kind::Silver)
                    && (from.row() == last_row(us) || m.to().row() == last_row(us));
                (capture || pawn_push) && !unpromoted_alternative
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn matches_the_filtered_legal_moves() {
        let mut checked = 0;
        for seed in 0..40u64 {
            let mut game = Game::new(Position::startpos(), RuleSet::Standard);
            let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..80 {
                let pos = game.position().clone();
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                if !pos.in_check() {
                    let mut list = MoveList::new();
                    captures(&pos, &mut list);
                    let mut got: Vec<Move> = list.iter().copied().collect();
                    got.sort();
                    assert_eq!(got, expected(&pos), "{}", pos.to_sfen());
                    checked += 1;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                game.play_unchecked(moves[(x % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 1000);
    }
}
