//! Zobrist keys: a 64-bit hash of the board and the side to move, for repetition detection.

use crate::geometry::MAILBOX;
use crate::{Color, Kind, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const KINDS: usize = Kind::ALL.len();

static PIECE_KEYS: [[[u64; MAILBOX]; KINDS]; 2] = {
    let mut t = [[[0u64; MAILBOX]; KINDS]; 2];
    let mut n = 0;
    while n < 2 * KINDS * MAILBOX {
        t[n / (KINDS * MAILBOX)][(n / MAILBOX) % KINDS][n % MAILBOX] = splitmix(n as u64 ^ 0x6D69_6E6A);
        n += 1;
    }
    t
};

/// Xored in when Black is to move.
pub const SIDE_KEY: u64 = splitmix(0xB1AC_u64 << 32);

/// The key of a `color` `kind` on `sq`.
#[inline]
pub fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][kind.index()][sq.index()]
}
