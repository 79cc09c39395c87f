//! What the transposition table keys on: the board, the side to move and the attacker, without
//! the hands, so that positions differing only in hands meet in one cluster and share proofs.

use minishogi::zobrist::hand_key;
use minishogi::{Color, Hand, Kind, Position};

/// Mixed into the key of a position searched for a win of Gote, so that the two searches of
/// one solve (a win of the side to move, a win of the other side) share a table.
const GOTE_ATTACKS: u64 = 0x6A09_E667_F3BC_C909;

/// The position's Zobrist hash with both hands taken out, and the attacker mixed in.
#[inline]
pub fn board_key(pos: &Position, attacker: Color) -> u64 {
    let mut key = pos.hash();
    for color in Color::ALL {
        let hand = pos.hand(color);
        for kind in Kind::HAND {
            key ^= hand_key(color, kind, hand.count(kind));
        }
    }
    if attacker == Color::Gote {
        key ^= GOTE_ATTACKS;
    }
    key
}

/// The start of the path keys of a search for a win of `attacker` from the root hashed `root`.
#[inline]
pub fn root_path_key(root: u64, attacker: Color) -> u64 {
    if attacker == Color::Gote {
        root ^ GOTE_ATTACKS
    } else {
        root
    }
}

/// True when `a` holds at least as many pieces of every kind as `b`.
///
/// Within one solve the pieces are fixed, so on the same board an attacker hand that dominates
/// another means a defender hand that is dominated: a proof for the smaller attacker hand
/// proves the larger (the same moves are still legal and the defender has fewer drops), and a
/// disproof for the larger disproves the smaller.
#[inline]
pub fn dominates(a: Hand, b: Hand) -> bool {
    Kind::HAND.iter().all(|&k| a.count(k) >= b.count(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_leave_the_key_and_the_attacker_enters_it() {
        let a = Position::from_sfen("4k/5/5/5/K4 b G 1").expect("legal");
        let b = Position::from_sfen("4k/5/5/5/K4 b GP 1").expect("legal");
        assert_ne!(a.hash(), b.hash());
        assert_eq!(board_key(&a, Color::Sente), board_key(&b, Color::Sente));
        assert_ne!(board_key(&a, Color::Sente), board_key(&a, Color::Gote));
        assert!(dominates(b.hand(Color::Sente), a.hand(Color::Sente)));
        assert!(!dominates(a.hand(Color::Sente), b.hand(Color::Sente)));
    }
}
