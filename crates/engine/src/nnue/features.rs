//! The input features (feature set `HalfKAh-5x5`): every piece on the board by square, colour and
//! kind relative to one side's king, plus the hands as thermometer counts.
//!
//! Each side (the *perspective*) sees the board from its own seat: gote's view is the board turned
//! by 180°, so both perspectives share one weight matrix. When the perspective's king stands on
//! the right half (columns 3 and 4 from its left), the board is mirrored, so the king is always
//! on columns 0..=2: 15 king buckets. Within a bucket, a board feature is one of 20 pieces
//! (own/enemy × ten kinds, kings included) on one of 25 squares. The hands add 20 features
//! (own/enemy × five kinds × "holds at least one" / "holds two"), the same in every bucket.

use minishogi::{Color, Kind, Position, Square};

/// Identifier of this feature set in network files; a file made for another set is refused.
pub const FEATURE_SET_ID: u32 = 0x4b41_6801;
/// Number of king buckets (king on columns 0..=2 after the mirror, five rows).
pub const KING_BUCKETS: usize = 15;
/// Board features per king bucket: 20 pieces × 25 squares.
const PER_BUCKET: usize = 20 * 25;
/// Index of the first hand feature.
const HAND_BASE: usize = KING_BUCKETS * PER_BUCKET;
/// The most pieces of one kind a hand can hold (two of each kind exist).
pub const MAX_HAND: u8 = 2;
/// Number of input features per perspective.
pub const FEATURES: usize = HAND_BASE + 2 * 5 * MAX_HAND as usize;
/// The most features active at once from one perspective: each of the 12 pieces of the game
/// gives one, on the board or (as one step of its hand count) in hand.
pub const MAX_ACTIVE: usize = 12;

/// How a perspective sees squares: turned for gote, mirrored when its king is on the right.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct View {
    perspective: Color,
    mirror: bool,
    bucket: usize,
}

impl View {
    /// The view of `perspective` with its king on `king` (a square of the real board).
    #[inline]
    pub fn new(perspective: Color, king: Square) -> View {
        let seat = if perspective == Color::Sente { king } else { king.flip() };
        let mirror = seat.col() > 2;
        let seat = if mirror { seat.mirror() } else { seat };
        View { perspective, mirror, bucket: seat.row() as usize * 3 + seat.col() as usize }
    }

    /// The view of `perspective` in `pos`.
    #[inline]
    pub fn of(pos: &Position, perspective: Color) -> View {
        View::new(perspective, pos.king_square(perspective))
    }

    /// The feature of a piece of `color` and `kind` on `sq`.
    #[inline]
    pub fn board(&self, color: Color, kind: Kind, sq: Square) -> u16 {
        let seat = if self.perspective == Color::Sente { sq } else { sq.flip() };
        let seat = if self.mirror { seat.mirror() } else { seat };
        let piece = usize::from(color != self.perspective) * 10 + kind.index();
        (self.bucket * PER_BUCKET + piece * 25 + seat.index()) as u16
    }

    /// The feature "`color` holds at least `count` pieces of `kind` in hand" (`count` is 1 or 2).
    #[inline]
    pub fn hand(&self, color: Color, kind: Kind, count: u8) -> u16 {
        debug_assert!((1..=MAX_HAND).contains(&count));
        let side = usize::from(color != self.perspective);
        (HAND_BASE + (side * 5 + kind.index()) * MAX_HAND as usize + usize::from(count - 1)) as u16
    }
}

/// Calls `add` with every active feature of `pos` from `perspective`.
pub fn active_features(pos: &Position, perspective: Color, mut add: impl FnMut(u16)) {
    let view = View::of(pos, perspective);
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            add(view.board(p.color, p.kind, sq));
        }
    }
    for color in Color::ALL {
        let hand = pos.hand(color);
        for kind in Kind::HAND {
            for count in 1..=hand.count(kind).min(MAX_HAND) {
                add(view.hand(color, kind, count));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_in_range_and_distinct() {
        let pos = Position::from_sfen("2k2/G4/5/5/K4 b RBSPrbgs 1").unwrap();
        for color in Color::ALL {
            let mut seen = Vec::new();
            active_features(&pos, color, |f| seen.push(f));
            assert!(seen.iter().all(|&f| usize::from(f) < FEATURES));
            let n = seen.len();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), n);
            assert!(n <= MAX_ACTIVE);
        }
    }

    #[test]
    fn the_flipped_position_swaps_the_perspectives() {
        let pos = Position::from_sfen("+R1+Bgk/2S2/5/2p2/K4 w GPbs 1").unwrap();
        let list = |p: &Position, c: Color| {
            let mut v = Vec::new();
            active_features(p, c, |f| v.push(f));
            v.sort_unstable();
            v
        };
        let flipped = pos.flipped();
        assert_eq!(list(&pos, Color::Sente), list(&flipped, Color::Gote));
        assert_eq!(list(&pos, Color::Gote), list(&flipped, Color::Sente));
        let mirrored = pos.mirrored();
        assert_eq!(list(&pos, Color::Sente), list(&mirrored, Color::Sente));
    }
}
