//! Where a piece may have come from: the squares from which a move that keeps the material (no
//! capture, no burn, no promotion) ends on a given square, computed exactly from the lines and
//! steps of the piece so that un-moving needs no move generation per candidate.
//!
//! In the tables every piece stands on a board square and the extra squares are gone, so a quiet
//! move passes only empty board squares: a slide or jumping slide (whose quiet moves stop at the
//! first piece) comes from an empty square with only empty squares between; a skip slide (the
//! Ninja) jumps over the square next to its start whatever stands there; an area move's second
//! step needs an empty first square next to both ends.

use minjiku::geometry::SquareSet;
use minjiku::movement::movement;
use minjiku::{Piece, Square};

/// True when `sq` is a board square outside `occupied` (an empty extra square no longer exists).
fn open(occupied: SquareSet, sq: Square) -> bool {
    !sq.is_extra() && !occupied.contains(sq)
}

/// The squares from which `piece`, now on `to` among the `occupied` squares (`to` included),
/// reaches `to` by a quiet move of its own kind, with `to` emptied (the squares between are the
/// same in both).
pub fn origins(occupied: SquareSet, to: Square, piece: Piece) -> SquareSet {
    let abilities = movement(piece.kind);
    let s = piece.color.forward();
    let mut out = SquareSet::EMPTY;
    let back = |sq: Square, (df, dr): (i8, i8)| sq.offset(-df * s, -dr * s);
    for &step in abilities.steps {
        if let Some(sq) = back(to, step).filter(|&sq| open(occupied, sq)) {
            out.insert(sq);
        }
    }
    let ranged = abilities.slides.iter().map(|&d| (d, i8::MAX));
    let short = abilities.short_slides.iter().map(|&d| (d, abilities.short_slide_range));
    // A jumping slide's quiet moves stop at the first piece, as a slide's do.
    let jumps = abilities.jumps.iter().map(|&d| (d, i8::MAX));
    for (dir, range) in ranged.chain(short).chain(jumps) {
        let mut at = to;
        for _ in 0..range {
            match back(at, dir) {
                Some(sq) if open(occupied, sq) => {
                    out.insert(sq);
                    at = sq;
                }
                _ => break,
            }
        }
    }
    for &dir in abilities.skip_slides {
        skip_slide_origins(occupied, to, |sq| back(sq, dir), &mut out);
    }
    if abilities.area {
        area_origins(occupied, to, &mut out);
    }
    out
}

/// Origins of a skip slide ending on `to`, walking back with `back`: at distance `k ≥ 2`, an
/// empty square with the squares at distances `1..k-1` empty (distance `k - 1`, next to the
/// start, is skipped whatever stands on it).
fn skip_slide_origins(
    occupied: SquareSet,
    to: Square,
    back: impl Fn(Square) -> Option<Square>,
    out: &mut SquareSet,
) {
    // `clear`: the squares at distances 1..k-2 are empty; `last`, `before_last`: distances k-1, k-2.
    let (mut clear, mut last, mut before_last) = (true, true, true);
    let mut at = to;
    let mut k = 0;
    while let Some(sq) = back(at) {
        k += 1;
        let empty = open(occupied, sq);
        if k >= 3 {
            clear &= before_last;
        }
        if !clear {
            break;
        }
        if k >= 2 && empty {
            out.insert(sq);
        }
        before_last = last;
        last = empty;
        at = sq;
    }
}

/// The eight king steps.
const KING_STEPS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The open squares one king step from `sq`.
fn open_neighbours(occupied: SquareSet, sq: Square) -> impl Iterator<Item = Square> {
    KING_STEPS.into_iter().filter_map(move |(df, dr)| sq.offset(df, dr).filter(|&n| open(occupied, n)))
}

/// Origins of an area move ending on `to`: one king step away, or two with an empty square next
/// to both ends. Those are the open squares next to `to` and the open squares next to one of them
/// (`to` itself is occupied, by the piece).
fn area_origins(occupied: SquareSet, to: Square, out: &mut SquareSet) {
    for first in open_neighbours(occupied, to) {
        out.insert(first);
        for from in open_neighbours(occupied, first) {
            out.insert(from);
        }
    }
}
