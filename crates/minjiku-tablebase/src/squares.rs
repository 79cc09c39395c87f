//! Sets of squares as bare 120-bit masks over the mailbox indices (`rank · 10 + file`), for the
//! generator's un-moves: a union, an intersection or a ray cut at its first piece is one or two
//! instructions on a mask.

/// A set of squares: bit `i` for the square of mailbox index `i`.
pub type Mask = u128;

/// The bit of mailbox index `i`.
#[inline]
pub const fn bit(i: usize) -> Mask {
    1 << i
}

/// The 100 board squares (ranks 1–10: indices 10..110; the extra squares are not among them).
pub const BOARD: Mask = ((1 << 100) - 1) << 10;

/// The board squares one king step from each square, by mailbox index.
static RINGS: [Mask; 120] = rings();

const fn rings() -> [Mask; 120] {
    let mut out = [0; 120];
    let mut i = 10;
    while i < 110 {
        let (file, rank) = ((i % 10) as i8, (i / 10) as i8);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if (df != 0 || dr != 0) && f >= 0 && f < 10 && r >= 1 && r <= 10 {
                    out[i] |= bit((r * 10 + f) as usize);
                }
                dr += 1;
            }
            df += 1;
        }
        i += 1;
    }
    out
}

/// The board squares one king step from the board square of mailbox index `i`.
#[inline]
pub fn ring(i: usize) -> Mask {
    RINGS[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use minjiku::Square;

    #[test]
    fn rings_are_the_king_steps_on_the_board() {
        for sq in Square::all().filter(|sq| !sq.is_extra()) {
            let expected: Vec<usize> = Square::all()
                .filter(|n| !n.is_extra() && minjiku::geometry::king_distance(sq, *n) == 1)
                .map(Square::index)
                .collect();
            let found: Vec<usize> = (0..120).filter(|&i| ring(sq.index()) & bit(i) != 0).collect();
            assert_eq!(found, expected, "{sq}");
        }
        assert_eq!(BOARD.count_ones(), 100);
        assert!(Square::all().all(|sq| (BOARD & bit(sq.index()) != 0) != sq.is_extra()));
    }
}
