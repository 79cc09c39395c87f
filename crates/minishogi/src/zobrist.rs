//! Zobrist keys: a 64-bit hash of board, hands and side to move.

use crate::{Color, Kind, Square};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn key(n: u64) -> u64 {
    splitmix(n.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(0x1234_5678))
}

static PIECE_KEYS: [[[u64; 25]; 10]; 2] = {
    let mut t = [[[0u64; 25]; 10]; 2];
    let mut n = 0;
    while n < 500 {
        t[n / 250][(n / 25) % 10][n % 25] = key(n as u64);
        n += 1;
    }
    t
};

/// Hand keys by colour, kind and count; a count of zero hashes to zero.
static HAND_KEYS: [[[u64; 3]; 5]; 2] = {
    let mut t = [[[0u64; 3]; 5]; 2];
    let mut n = 0;
    while n < 30 {
        if n % 3 != 0 {
            t[n / 15][(n / 3) % 5][n % 3] = key(1000 + n as u64);
        }
        n += 1;
    }
    t
};

/// Xored in when gote is to move.
pub const SIDE_KEY: u64 = key(2000);

/// The key of a piece on a square.
#[inline]
pub fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][kind.index()][sq.index()]
}

/// The key of holding `count` pieces of the hand kind `kind` (0 for a count of zero).
#[inline]
pub fn hand_key(color: Color, kind: Kind, count: u8) -> u64 {
    HAND_KEYS[color.index()][kind.index()][count as usize]
}
