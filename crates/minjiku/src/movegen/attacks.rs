//! Whether a square is attacked: could a piece of one side take, rifle-capture or burn a piece
//! standing there with one of its moves. This is what check means.

use super::destinations::oriented;
use crate::geometry::king_distance;
use crate::movement::{movement, Movement, Offset, DIAGONAL_STEPS};
use crate::{Color, Piece, Position, Square};

impl Position {
    /// True when the side to move is in check (its king could be taken, rifled or burnt).
    pub fn is_check(&self) -> bool {
        let us = self.side_to_move();
        self.is_attacked(self.king(us), !us)
    }

    /// True when a piece of `by` could remove a piece (of the other side) standing on `target`:
    /// by moving there, by a jump, a rifle capture or by burning it.
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.occupied(by).any(|from| match self.piece_at(from) {
            Some(piece) => captures(self, from, piece, target),
            None => false,
        })
    }
}

/// True when `piece` on `from` can remove an enemy piece standing on `target`.
pub(crate) fn captures(pos: &Position, from: Square, piece: Piece, target: Square) -> bool {
    let abilities = movement(piece.kind);
    if abilities.is_short_range() && king_distance(from, target) > 2 {
        return false;
    }
    let delta = (target.file() - from.file(), target.rank() - from.rank());
    let offset = oriented(piece, delta);
    if abilities.steps.contains(&offset) || abilities.rifle.contains(&offset) {
        return true;
    }
    if abilities.area && area_reaches(pos, from, target) {
        return true;
    }
    if line_reaches(pos, abilities, piece, from, offset, target) {
        return true;
    }
    abilities.burns && burns(pos, from, piece, target)
}

/// The unit step and the distance from `from` to a square `offset` away, if they are in line.
fn in_line((df, dr): Offset) -> Option<(Offset, i8)> {
    let distance = df.abs().max(dr.abs());
    let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
    (aligned && distance > 0).then_some(((df.signum(), dr.signum()), distance))
}

/// Slides, short slides, skip slides and jumping slides that end on `target` (an enemy piece).
fn line_reaches(
    pos: &Position,
    abilities: &Movement,
    piece: Piece,
    from: Square,
    offset: Offset,
    _target: Square,
) -> bool {
    let Some((unit, distance)) = in_line(offset) else { return false };
    let real = oriented(piece, unit);
    let clear_from = |skip: i8| path_clear(pos, from, real, skip, distance, None);
    (abilities.slides.contains(&unit) && clear_from(1))
        || (abilities.short_slides.contains(&unit)
            && distance <= abilities.short_slide_range
            && clear_from(1))
        || (abilities.skip_slides.contains(&unit) && distance >= 2 && clear_from(2))
        || (abilities.jumps.contains(&unit)
            && path_clear(pos, from, real, 1, distance, Some(piece.kind.jump_rank())))
}

/// True when the squares `first..distance` steps from `from` along `dir` (the last excluded) are
/// empty board squares, or, for a jumper of `jump_rank`, hold only pieces ranked below it.
fn path_clear(
    pos: &Position,
    from: Square,
    (df, dr): Offset,
    first: i8,
    distance: i8,
    jump_rank: Option<u8>,
) -> bool {
    (first..distance).all(|k| match from.offset(df * k, dr * k) {
        Some(sq) if !sq.is_extra() => match (pos.piece_at(sq), jump_rank) {
            (None, _) => true,
            (Some(p), Some(rank)) => p.kind.jump_rank() < rank,
            (Some(_), None) => false,
        },
        _ => false,
    })
}

/// The area move reaches `to` (not `from`): one king step, or two with an empty board square
/// between.
fn area_reaches(pos: &Position, from: Square, to: Square) -> bool {
    match king_distance(from, to) {
        1 => true,
        2 => (-1..=1).any(|df| {
            (-1..=1).any(|dr| {
                from.offset(df, dr).is_some_and(|mid| {
                    !mid.is_extra() && pos.piece_at(mid).is_none() && king_distance(mid, to) == 1
                })
            })
        }),
        _ => false,
    }
}

/// A Fire Dragon on `from` can end a move diagonally next to `target`, burning it.
fn burns(pos: &Position, from: Square, dragon: Piece, target: Square) -> bool {
    DIAGONAL_STEPS.iter().any(|&(df, dr)| {
        let Some(landing) = target.offset(df, dr) else { return false };
        if landing == from || !pos.exists(landing) {
            return false;
        }
        if pos.piece_at(landing).is_some_and(|p| p.color == dragon.color) {
            return false;
        }
        let delta = (landing.file() - from.file(), landing.rank() - from.rank());
        let queen_line =
            in_line(delta).is_some_and(|(unit, distance)| path_clear(pos, from, unit, 1, distance, None));
        queen_line || area_reaches(pos, from, landing)
    })
}
