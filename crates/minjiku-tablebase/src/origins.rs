//! Where a piece may have come from: the squares from which a move that keeps the material (no
//! capture, no burn, no promotion) ends on a given square, computed exactly from the lines and
//! steps of the piece so that un-moving needs no move generation per candidate.
//!
//! In the tables every piece stands on a board square and the extra squares are gone, so a quiet
//! move passes only empty board squares: a slide or jumping slide (whose quiet moves stop at the
//! first piece) comes from an empty square with only empty squares between; a skip slide (the
//! Ninja) jumps over the square next to its start whatever stands there; an area move's second
//! step needs an empty first square next to both ends.
//!
//! The generator asks for origins about 10⁹ times per two-piece set, so each piece's steps and
//! lines are laid out once per square ([`MoveTable`]) as 120-bit masks over the mailbox
//! indices: a step's origins are one mask, a line's the part of its ray before the first piece.
//! The same table walked the other way gives a piece's quiet destinations (the generator counts
//! each position's moves with them): a step, slide or area move from `a` to `b` is one from `b`
//! to `a` with the directions reversed; only the skip slide's skipped square changes ends.

use crate::squares::{bit, ring, Mask, BOARD};
use minjiku::movement::{movement, Offset};
use minjiku::{Piece, Square};

/// One line of origins (or destinations) from every square: the squares walking from it along one
/// direction (as far as the range allows), and whether the walk goes up in mailbox index.
struct Line {
    rays: [Mask; 120],
    upwards: bool,
}

impl Line {
    /// The squares of the ray from `to` up to, not including, the first of `occupied`.
    #[inline]
    fn open_part(&self, to: usize, occupied: Mask) -> Mask {
        let ray = self.rays[to];
        let blockers = ray & occupied;
        if blockers == 0 {
            ray
        } else if self.upwards {
            ray & ((1u128 << blockers.trailing_zeros()) - 1)
        } else {
            ray & (u128::MAX << (128 - blockers.leading_zeros()))
        }
    }
}

/// The quiet moves of one piece (colour and kind) laid out per square, walked back (origins) or
/// forward (destinations).
pub struct MoveTable {
    /// Squares a step or leap comes from or goes to (board squares only), per square.
    steps: [Mask; 120],
    /// Slides, short slides and jumping slides.
    lines: Vec<Line>,
    /// Directions of skip slides, on the board (already turned for Black and for walking back).
    skip_slides: Vec<Offset>,
    /// Whether the skip slides' skipped square is the first of the walk (forward) or the last.
    forward: bool,
    /// The area move.
    area: bool,
}

impl MoveTable {
    /// The squares `piece` comes from by a quiet move to a square: [`MoveTable::squares`] gives
    /// the origins of a move to its square.
    pub fn origins(piece: Piece) -> MoveTable {
        MoveTable::new(piece, false)
    }

    /// The squares `piece` goes to by a quiet move from a square: [`MoveTable::squares`] gives
    /// the destinations of a move from its square.
    pub fn destinations(piece: Piece) -> MoveTable {
        MoveTable::new(piece, true)
    }

    fn new(piece: Piece, forward: bool) -> MoveTable {
        let abilities = movement(piece.kind);
        let s = if forward { piece.color.forward() } else { -piece.color.forward() };
        // The direction `(df, dr)` of the piece on the board, walked forward or back.
        let walk = move |(df, dr): Offset| (df * s, dr * s);
        let mut steps = [0; 120];
        for to in Square::all().filter(|sq| !sq.is_extra()) {
            for &step in abilities.steps {
                let (df, dr) = walk(step);
                steps[to.index()] |= board_bit(to.offset(df, dr));
            }
        }
        let ranged = abilities.slides.iter().map(|&d| (d, i8::MAX));
        let short = abilities.short_slides.iter().map(|&d| (d, abilities.short_slide_range));
        // A jumping slide's quiet moves stop at the first piece, as a slide's do.
        let jumps = abilities.jumps.iter().map(|&d| (d, i8::MAX));
        let lines = ranged.chain(short).chain(jumps).map(|(dir, range)| line(walk(dir), range)).collect();
        let skip_slides = abilities.skip_slides.iter().map(|&d| walk(d)).collect();
        MoveTable { steps, lines, skip_slides, forward, area: abilities.area }
    }

    /// The origins (or destinations) of the piece's quiet moves to (or from) the board square
    /// `at` among the `occupied` squares, `at` included: the squares from which the piece
    /// reaches `at` with `at` emptied (the squares between are the same in both), or the empty
    /// squares it reaches from `at`.
    #[inline]
    pub fn squares(&self, occupied: Mask, at: usize) -> Mask {
        let empty = BOARD & !occupied;
        let mut out = self.steps[at] & empty;
        for line in &self.lines {
            out |= line.open_part(at, occupied);
        }
        for &dir in &self.skip_slides {
            out |= if self.forward {
                skip_slide_destinations(empty, at, dir)
            } else {
                skip_slide_origins(empty, at, dir)
            };
        }
        if self.area {
            out |= area_origins(empty, at);
        }
        out
    }
}

/// The bit of `sq` if it is a board square (extra squares are gone in every table).
fn board_bit(sq: Option<Square>) -> Mask {
    sq.filter(|sq| !sq.is_extra()).map_or(0, |sq| bit(sq.index()))
}

/// The rays of one direction, `range` squares at most, over board squares only.
fn line((df, dr): Offset, range: i8) -> Line {
    let mut rays = [0; 120];
    for to in Square::all().filter(|sq| !sq.is_extra()) {
        let mut at = to;
        for _ in 0..range {
            match at.offset(df, dr).filter(|sq| !sq.is_extra()) {
                Some(sq) => {
                    rays[to.index()] |= bit(sq.index());
                    at = sq;
                }
                None => break,
            }
        }
    }
    Line { rays, upwards: df + 10 * dr > 0 }
}

/// Origins of a skip slide ending on `to`, walking back by `(df, dr)`: at distance `k ≥ 2`, an
/// empty square with the squares at distances `1..k-1` empty (distance `k - 1`, next to the
/// start, is skipped whatever stands on it).
fn skip_slide_origins(empty: Mask, to: usize, (df, dr): Offset) -> Mask {
    let open = |sq: Square| empty & bit(sq.index()) != 0;
    let mut out = 0;
    // `clear`: the squares at distances 1..k-2 are empty; `last`, `before_last`: distances k-1, k-2.
    let (mut clear, mut last, mut before_last) = (true, true, true);
    let Some(mut at) = Square::from_index(to) else { return 0 };
    let mut k = 0;
    while let Some(sq) = at.offset(df, dr) {
        k += 1;
        let is_open = open(sq);
        if k >= 3 {
            clear &= before_last;
        }
        if !clear {
            break;
        }
        if k >= 2 && is_open {
            out |= bit(sq.index());
        }
        before_last = last;
        last = is_open;
        at = sq;
    }
    out
}

/// Destinations of a skip slide from `from` walking by `(df, dr)`: the square next to `from` is
/// skipped whatever stands on it, then every empty square up to the first piece.
fn skip_slide_destinations(empty: Mask, from: usize, (df, dr): Offset) -> Mask {
    let mut out = 0;
    let Some(skipped) = Square::from_index(from).and_then(|sq| sq.offset(df, dr)) else { return 0 };
    let mut at = skipped;
    while let Some(sq) = at.offset(df, dr).filter(|sq| empty & bit(sq.index()) != 0) {
        out |= bit(sq.index());
        at = sq;
    }
    out
}

/// Origins (and destinations: the move is symmetric) of an area move ending on `to`: one king step away, or two with an empty square next
/// to both ends. Those are the empty squares next to `to` and the empty squares next to one of
/// them (`to` itself is occupied, by the piece).
#[inline]
fn area_origins(empty: Mask, to: usize) -> Mask {
    let first = ring(to) & empty;
    let mut out = first;
    let mut rest = first;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= ring(sq) & empty;
    }
    out
}
