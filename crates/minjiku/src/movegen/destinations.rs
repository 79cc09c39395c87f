//! Where one piece can go: the squares its moves end on, and the victims of its rifle captures.

use crate::geometry::SquareSet;
use crate::movement::{movement, Offset, KING_STEPS};
use crate::{Piece, Position, Square};

/// `offset` turned to `piece`'s point of view (Black's offsets are mirrored).
#[inline]
pub(crate) fn oriented(piece: Piece, (df, dr): Offset) -> Offset {
    let s = piece.color.forward();
    (df * s, dr * s)
}

/// The squares the piece on `from` can move to (captures included; rifle captures excluded).
pub fn destinations(pos: &Position, from: Square, piece: Piece) -> SquareSet {
    let abilities = movement(piece.kind);
    let own = pos.occupied(piece.color);
    let can_land = |sq: Square| pos.exists(sq) && !own.contains(sq);
    let mut out = SquareSet::EMPTY;
    for &offset in abilities.steps {
        let (df, dr) = oriented(piece, offset);
        if let Some(sq) = from.offset(df, dr).filter(|&sq| can_land(sq)) {
            out.insert(sq);
        }
    }
    for &dir in abilities.slides {
        slide(pos, piece, from, oriented(piece, dir), i8::MAX, &mut out);
    }
    for &dir in abilities.short_slides {
        slide(pos, piece, from, oriented(piece, dir), abilities.short_slide_range, &mut out);
    }
    for &dir in abilities.skip_slides {
        let (df, dr) = oriented(piece, dir);
        // The adjacent square is skipped whatever stands on it; the slide starts one further.
        if let Some(start) = from.offset(df, dr) {
            slide(pos, piece, start, (df, dr), i8::MAX, &mut out);
        }
    }
    for &dir in abilities.jumps {
        jump_slide(pos, piece, from, oriented(piece, dir), &mut out);
    }
    if abilities.area {
        area(pos, piece, from, &mut out);
    }
    out
}

/// The enemy squares the piece on `from` can rifle-capture.
pub fn rifle_victims(pos: &Position, from: Square, piece: Piece) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    for &offset in movement(piece.kind).rifle {
        let (df, dr) = oriented(piece, offset);
        if let Some(sq) = from.offset(df, dr) {
            if pos.piece_at(sq).is_some_and(|p| p.color != piece.color) {
                out.insert(sq);
            }
        }
    }
    out
}

/// Up to `range` squares from `from` (excluded) along `dir`, stopping at the first piece.
fn slide(pos: &Position, piece: Piece, from: Square, (df, dr): Offset, range: i8, out: &mut SquareSet) {
    let mut sq = from;
    for _ in 0..range {
        let Some(next) = sq.offset(df, dr) else { return };
        sq = next;
        match pos.piece_at(sq) {
            None if sq.is_extra() => return, // a vanished extra square
            None => out.insert(sq),
            Some(p) => {
                if p.color != piece.color {
                    out.insert(sq);
                }
                return;
            }
        }
    }
}

/// A jumping slide: quiet moves up to the first piece, then captures of any enemy in line as long
/// as every piece passed ranks lower than the jumper.
fn jump_slide(pos: &Position, piece: Piece, from: Square, (df, dr): Offset, out: &mut SquareSet) {
    let rank = piece.kind.jump_rank();
    let mut jumped = false;
    let mut sq = from;
    while let Some(next) = sq.offset(df, dr) {
        sq = next;
        match pos.piece_at(sq) {
            None if sq.is_extra() => return,
            None => {
                if !jumped {
                    out.insert(sq);
                }
            }
            Some(p) => {
                if p.color != piece.color {
                    out.insert(sq);
                }
                if p.kind.jump_rank() >= rank {
                    return;
                }
                jumped = true;
            }
        }
    }
}

/// The area move: a king step, and a second king step after a first one to an empty square,
/// never back to `from`.
fn area(pos: &Position, piece: Piece, from: Square, out: &mut SquareSet) {
    let own = pos.occupied(piece.color);
    for &(df, dr) in KING_STEPS {
        let Some(first) = from.offset(df, dr) else { continue };
        if !pos.exists(first) || own.contains(first) {
            continue;
        }
        out.insert(first);
        if pos.piece_at(first).is_some() {
            continue;
        }
        for &(df2, dr2) in KING_STEPS {
            if let Some(second) = first.offset(df2, dr2) {
                if second != from && pos.exists(second) && !own.contains(second) {
                    out.insert(second);
                }
            }
        }
    }
}
