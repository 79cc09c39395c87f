//! What the transposition table keys on: the board and side to move without the hands, so that
//! positions differing only in the hands meet in one cluster and share proofs. A policy may mix
//! more into the key (the game solver mixes in the attacker).

use minishogi::zobrist::hand_key;
use minishogi::{Color, Hand, Kind, Position};

/// The position's Zobrist hash with both hands taken out.
#[inline]
pub fn board_key(pos: &Position) -> u64 {
    let mut key = pos.hash();
    for color in Color::ALL {
        let hand = pos.hand(color);
        for kind in Kind::HAND {
            key ^= hand_key(color, kind, hand.count(kind));
        }
    }
    key
}

/// True when `a` holds at least as many pieces of every kind as `b`.
///
/// Within one search (one root's pieces) the pieces are fixed, so on the same board an attacker hand that dominates
/// another means a defender hand that is dominated: a proof for the smaller attacker hand
/// proves the larger (the same moves still work and the defender has fewer drops), and a
/// disproof for the larger disproves the smaller.
#[inline]
pub fn dominates(a: Hand, b: Hand) -> bool {
    Kind::HAND.iter().all(|&k| a.count(k) >= b.count(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_do_not_change_the_board_key() {
        let a = Position::from_sfen("4k/5/5/5/K4 b G 1").expect("legal");
        let b = Position::from_sfen("4k/5/5/5/K4 b GP 1").expect("legal");
        let c = Position::from_sfen("4k/5/5/5/K4 w GP 1").expect("legal");
        assert_ne!(a.hash(), b.hash());
        assert_eq!(board_key(&a), board_key(&b));
        assert_ne!(board_key(&b), board_key(&c));
        assert!(dominates(b.hand(Color::Sente), a.hand(Color::Sente)));
        assert!(!dominates(a.hand(Color::Sente), b.hand(Color::Sente)));
    }
}
