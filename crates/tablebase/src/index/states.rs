//! Piece states: the number of one piece's square, owner and promotion once the kings are placed,
//! and the rank of an unordered pair of states.

use crate::placement::{Man, IN_HAND};

/// 2 for the kinds that promote, by hand kind index (P S G B R).
pub(super) const PROMO: [u32; 5] = [2, 2, 1, 2, 2];

/// Free squares once the two kings are placed.
pub(super) const FREE_SQUARES: u32 = 23;

/// The state number of a piece, given the kings' squares `lo < hi`.
#[inline]
pub(super) fn state(man: &Man, lo: u8, hi: u8, promo: u32) -> u32 {
    if man.sq == IN_HAND {
        FREE_SQUARES * 2 * promo + u32::from(man.color)
    } else {
        let r = u32::from(man.sq - u8::from(man.sq > lo) - u8::from(man.sq > hi));
        (r * 2 + u32::from(man.color)) * promo + u32::from(man.promoted)
    }
}

/// The piece with state `s`.
#[inline]
pub(super) fn man_of_state(kind: u8, s: u32, lo: u8, hi: u8, promo: u32) -> Man {
    let board = FREE_SQUARES * 2 * promo;
    if s >= board {
        return Man { kind, color: (s - board) as u8, promoted: false, sq: IN_HAND };
    }
    let promoted = promo == 2 && s % 2 == 1;
    let t = s / promo;
    let mut sq = (t / 2) as u8;
    if sq >= lo {
        sq += 1;
    }
    if sq >= hi {
        sq += 1;
    }
    Man { kind, color: (t % 2) as u8, promoted, sq }
}

/// The pair `(a, b)`, `a ≥ b`, with rank `a(a+1)/2 + b`.
#[inline]
pub(super) fn unrank_pair(t: u64) -> (u32, u32) {
    let mut a = (((8 * t + 1) as f64).sqrt() as u64).saturating_sub(1) / 2;
    while a * (a + 1) / 2 > t {
        a -= 1;
    }
    while (a + 1) * (a + 2) / 2 <= t {
        a += 1;
    }
    (a as u32, (t - a * (a + 1) / 2) as u32)
}
