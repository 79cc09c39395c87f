//! Attack tables, computed at compile time: the squares a piece attacks, and the lines and
//! segments between squares. The rules built on them (legal moves, captures, checks, pins) are
//! methods of [`Position`](crate::Position); these are for code that needs raw attacks, as the
//! evaluation's mobility terms and the tablebase's un-move generation do.
//!
//! Step pieces use one table per colour, kind and square. Sliders use rays: the squares from a
//! square to the edge in one direction, cut at the first occupied square.

use crate::{Bitboard, Color, Kind, Square};

/// Steps as (column delta, row delta) seen by sente: row −1 is forward.
const PAWN_STEPS: &[(i8, i8)] = &[(0, -1)];
const SILVER_STEPS: &[(i8, i8)] = &[(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: &[(i8, i8)] = &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: &[(i8, i8)] = &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Slider directions: four orthogonal (rook), then four diagonal (bishop).
const DIRECTIONS: [(i8, i8); 8] = [(0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)];

const fn step_table(steps: &[(i8, i8)], color: Color) -> [u32; 25] {
    let mut table = [0u32; 25];
    let mut sq = 0;
    while sq < 25 {
        let col = (sq % 5) as i8;
        let row = (sq / 5) as i8;
        let mut i = 0;
        while i < steps.len() {
            let (mut dc, mut dr) = steps[i];
            if let Color::Gote = color {
                dc = -dc;
                dr = -dr;
            }
            let (c, r) = (col + dc, row + dr);
            if c >= 0 && c < 5 && r >= 0 && r < 5 {
                table[sq] |= 1 << (r * 5 + c);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn ray_table() -> [[u32; 25]; 8] {
    let mut table = [[0u32; 25]; 8];
    let mut d = 0;
    while d < 8 {
        let (dc, dr) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 25 {
            let (mut c, mut r) = ((sq % 5) as i8 + dc, (sq / 5) as i8 + dr);
            while c >= 0 && c < 5 && r >= 0 && r < 5 {
                table[d][sq] |= 1 << (r * 5 + c);
                c += dc;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

const fn between_and_line() -> ([[u32; 25]; 25], [[u32; 25]; 25]) {
    let mut between = [[0u32; 25]; 25];
    let mut line = [[0u32; 25]; 25];
    let mut d = 0;
    while d < 8 {
        let (dc, dr) = DIRECTIONS[d];
        let mut from = 0;
        while from < 25 {
            let opposite = if d < 4 { 3 - d } else { 11 - d };
            let full = RAYS[d][from] | RAYS[opposite][from] | (1 << from);
            let (mut c, mut r) = ((from % 5) as i8 + dc, (from / 5) as i8 + dr);
            let mut passed = 0u32;
            while c >= 0 && c < 5 && r >= 0 && r < 5 {
                let to = (r * 5 + c) as usize;
                between[from][to] = passed;
                line[from][to] = full;
                passed |= 1 << to;
                c += dc;
                r += dr;
            }
            from += 1;
        }
        d += 1;
    }
    (between, line)
}

/// `RAYS[d][sq]`: squares from `sq` to the edge in direction `d` (not `sq` itself).
/// Directions 0..4 are orthogonal (up, left, right, down), 4..8 diagonal (up-left, up-right,
/// down-left, down-right).
const RAYS: [[u32; 25]; 8] = ray_table();
const BETWEEN_LINE: ([[u32; 25]; 25], [[u32; 25]; 25]) = between_and_line();
static BETWEEN: [[u32; 25]; 25] = BETWEEN_LINE.0;
static LINE: [[u32; 25]; 25] = BETWEEN_LINE.1;

/// Step attacks indexed `[colour][kind][square]`; sliders hold their one-step part only.
static STEPS: [[[u32; 25]; 10]; 2] = {
    let mut t = [[[0u32; 25]; 10]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Sente } else { Color::Gote };
        let gold = step_table(GOLD_STEPS, color);
        let king = step_table(KING_STEPS, color);
        t[c][Kind::Pawn as usize] = step_table(PAWN_STEPS, color);
        t[c][Kind::Silver as usize] = step_table(SILVER_STEPS, color);
        t[c][Kind::Gold as usize] = gold;
        t[c][Kind::King as usize] = king;
        t[c][Kind::Tokin as usize] = gold;
        t[c][Kind::ProSilver as usize] = gold;
        let mut sq = 0;
        while sq < 25 {
            // Horse adds the king's orthogonal steps, dragon its diagonal ones.
            let diag = RAYS[4][sq] | RAYS[5][sq] | RAYS[6][sq] | RAYS[7][sq];
            t[c][Kind::Horse as usize][sq] = king[sq] & !diag;
            t[c][Kind::Dragon as usize][sq] = king[sq] & diag;
            sq += 1;
        }
        c += 1;
    }
    t
};

static RAYS_STATIC: [[u32; 25]; 8] = RAYS;

#[inline(always)]
fn ray(d: usize, sq: usize, occupied: u32) -> u32 {
    let r = RAYS_STATIC[d][sq];
    let blockers = r & occupied;
    if blockers == 0 {
        return r;
    }
    // Directions 2, 3, 6 and 7 run towards higher indices: their nearest blocker is the lowest bit.
    let first =
        if matches!(d, 2 | 3 | 6 | 7) { blockers.trailing_zeros() } else { 31 - blockers.leading_zeros() };
    r ^ RAYS_STATIC[d][first as usize]
}

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (s, o) = (sq.index(), occupied.0);
    Bitboard(ray(0, s, o) | ray(1, s, o) | ray(2, s, o) | ray(3, s, o))
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (s, o) = (sq.index(), occupied.0);
    Bitboard(ray(4, s, o) | ray(5, s, o) | ray(6, s, o) | ray(7, s, o))
}

/// Squares a rook on `sq` would attack on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    let s = sq.index();
    Bitboard(RAYS_STATIC[0][s] | RAYS_STATIC[1][s] | RAYS_STATIC[2][s] | RAYS_STATIC[3][s])
}

/// Squares a bishop on `sq` would attack on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    let s = sq.index();
    Bitboard(RAYS_STATIC[4][s] | RAYS_STATIC[5][s] | RAYS_STATIC[6][s] | RAYS_STATIC[7][s])
}

/// The one-step attacks of a piece of `kind` and `color` on `sq` (the step part of a slider).
#[inline]
pub fn step_attacks(color: Color, kind: Kind, sq: Square) -> Bitboard {
    Bitboard(STEPS[color.index()][kind.index()][sq.index()])
}

/// All squares attacked by a piece of `kind` and `color` on `sq`.
#[inline]
pub fn attacks(color: Color, kind: Kind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        Kind::Bishop => bishop_attacks(sq, occupied),
        Kind::Rook => rook_attacks(sq, occupied),
        Kind::Horse => bishop_attacks(sq, occupied) | step_attacks(color, kind, sq),
        Kind::Dragon => rook_attacks(sq, occupied) | step_attacks(color, kind, sq),
        _ => step_attacks(color, kind, sq),
    }
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line through `a` and `b` (both included) if they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}
