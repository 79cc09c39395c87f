//! Static exchange evaluation: does a move win at least a given amount once every capture on its
//! destination has been played out, least valuable attacker first? Used to order and prune
//! captures and to prune quiet moves and drops that put a piece where it is lost.
//!
//! Pieces hidden behind others (x-rays) join in as the square's attackers are taken off;
//! pins and promotions during the exchange are not seen. A captured piece counts its board
//! value only, although in shogi it also goes to the capturer's hand.

use crate::piece_value::value;
use minishogi::bitboard::Bitboard;
use minishogi::{Kind, Move, Position};

/// Kinds from the least valuable up, the order in which they join an exchange.
const BY_VALUE: [Kind; 10] = [
    Kind::Pawn,
    Kind::Silver,
    Kind::Gold,
    Kind::ProSilver,
    Kind::Tokin,
    Kind::Bishop,
    Kind::Rook,
    Kind::Horse,
    Kind::Dragon,
    Kind::King,
];

/// True when playing `m` in `pos` wins at least `threshold` (in [`value`] units) by static
/// exchange: the side to move may stop the exchange whenever it is ahead, and so may the other.
pub(crate) fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let to = m.to();
    let (mover, from) = match (m.from(), m.dropped()) {
        (Some(from), _) => match pos.piece_at(from) {
            Some(p) => (p.kind, Some(from)),
            None => return false,
        },
        (None, Some(kind)) => (kind, None),
        (None, None) => return false,
    };
    let landed = if m.is_promotion() { mover.promoted().unwrap_or(mover) } else { mover };
    let captured = pos.piece_at(to).map_or(0, |p| value(p.kind));
    // What the side to move has won if the exchange ends now, less the threshold.
    let mut swap = captured + value(landed) - value(mover) - threshold;
    if swap < 0 {
        return false;
    }
    // What it keeps if the piece on the square is taken and the exchange ends there.
    swap = value(landed) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied();
    if let Some(from) = from {
        occupied ^= Bitboard::from_square(from);
    }
    let mut stm = pos.side_to_move();
    // 1 while the side that made the last capture is ahead by the threshold.
    let mut res = 1;
    loop {
        stm = !stm;
        let attackers = pos.attackers_to(to, stm, occupied) & occupied;
        if attackers.is_empty() {
            break;
        }
        res ^= 1;
        let Some((kind, sq)) = least_valuable(pos, attackers) else { break };
        if kind == Kind::King {
            // The king may take only if the other side has nothing left to take back.
            let others = pos.attackers_to(to, !stm, occupied) & occupied;
            return if others.any() { res ^ 1 == 1 } else { res == 1 };
        }
        swap = value(kind) - swap;
        if swap < res {
            break;
        }
        occupied ^= Bitboard::from_square(sq);
    }
    res == 1
}

/// The least valuable piece among `attackers`, with its square.
fn least_valuable(pos: &Position, attackers: Bitboard) -> Option<(Kind, minishogi::Square)> {
    BY_VALUE.iter().find_map(|&k| (attackers & pos.kind_pieces(k)).first().map(|sq| (k, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(sfen).unwrap()
    }

    fn mv(p: &Position, usi: &str) -> Move {
        let m = Move::parse_usi(usi).unwrap();
        assert!(p.is_legal(m), "{usi} in {}", p.to_sfen());
        m
    }

    /// The exact exchange value lies in `[lo, hi)`: SEE says yes to `lo` and no to `hi`.
    fn assert_value(p: &Position, usi: &str, exact: i32) {
        let m = mv(p, usi);
        assert!(see_ge(p, m, exact), "{usi} should win at least {exact}");
        assert!(!see_ge(p, m, exact + 1), "{usi} should win no more than {exact}");
    }

    #[test]
    fn an_undefended_piece_is_won_outright() {
        // Sente's rook on 5e (square 5e) takes gote's undefended silver on 5b.
        let p = pos("4k/s4/5/5/R3K b - 1");
        assert_value(&p, "5e5b", value(Kind::Silver));
    }

    #[test]
    fn a_defended_pawn_taken_by_a_rook_loses_the_exchange() {
        // Gote's pawn on 3c is defended by its gold on 3b: rook takes pawn, gold takes rook.
        let p = pos("k4/2g2/2p2/5/2R1K b - 1");
        assert_value(&p, "3e3c", value(Kind::Pawn) - value(Kind::Rook));
    }

    #[test]
    fn a_drop_onto_an_attacked_square_loses_the_piece() {
        // Gote's gold on 3a attacks 3b; a silver dropped there is lost.
        let p = pos("k1g2/5/5/5/4K b S 1");
        assert_value(&p, "S*3b", -value(Kind::Silver));
        // A drop on a square nobody attacks costs nothing.
        assert_value(&p, "S*3d", 0);
    }

    #[test]
    fn a_piece_behind_the_capturer_joins_the_exchange() {
        // Two sente rooks on the 3-file behind each other against a pawn defended by a gold:
        // R×P, G×R, R×G wins a pawn and a gold for a rook.
        let mut p = pos("k4/2g2/2p2/2R2/2R1K b - 1");
        assert_value(&p, "3d3c", value(Kind::Pawn) - value(Kind::Rook) + value(Kind::Gold));
        // Without the second rook the exchange stops after G×R.
        p = pos("k4/2g2/2p2/2R2/4K b - 1");
        assert_value(&p, "3d3c", value(Kind::Pawn) - value(Kind::Rook));
    }

    #[test]
    fn the_king_recaptures_only_where_nothing_takes_it_back() {
        // Gote's pawn on 3b is defended by its king on 2a alone. Sente's gold takes it with a
        // rook behind on the file: the king cannot take back, and the gold wins the pawn.
        let p = pos("3k1/2p2/2G2/5/2R1K b - 1");
        assert_value(&p, "3c3b", value(Kind::Pawn));
        // Without the rook the king takes the gold.
        let p = pos("3k1/2p2/2G2/5/4K b - 1");
        assert_value(&p, "3c3b", value(Kind::Pawn) - value(Kind::Gold));
    }

    #[test]
    fn a_promotion_counts_what_it_gains() {
        // A sente pawn on 2b steps to 2a and promotes; nobody can take it.
        let p = pos("k4/3P1/5/5/4K b - 1");
        assert_value(&p, "2b2a+", value(Kind::Tokin) - value(Kind::Pawn));
    }
}
