//! What the game solver's transposition table keys on: the engine's key of the board and the
//! side to move without the hands (`minishogi_mate::dfpn::board_key`), with the attacker mixed
//! in, so that the searches for the two sides' wins share a table.

use minishogi::{Color, Position};

/// Mixed into the key of a position searched for a win of Gote, so that the two searches of
/// one solve (a win of the side to move, a win of the other side) share a table.
const GOTE_ATTACKS: u64 = 0x6A09_E667_F3BC_C909;

/// `key` with the attacker mixed in (unchanged for Sente).
#[inline]
fn with_attacker(key: u64, attacker: Color) -> u64 {
    if attacker == Color::Gote {
        key ^ GOTE_ATTACKS
    } else {
        key
    }
}

/// The position's Zobrist hash with both hands taken out, and the attacker mixed in.
#[inline]
pub fn board_key(pos: &Position, attacker: Color) -> u64 {
    with_attacker(minishogi_mate::dfpn::board_key(pos), attacker)
}

/// The start of the path keys of a search for a win of `attacker` from the root hashed `root`.
#[inline]
pub fn root_path_key(root: u64, attacker: Color) -> u64 {
    with_attacker(root, attacker)
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
    }
}
