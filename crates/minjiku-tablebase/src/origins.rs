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
//! lines are laid out once per square ([`OriginTable`]) as 120-bit masks over the mailbox
//! indices: a step's origins are one mask, a line's the part of its ray before the first piece.

use crate::squares::{bit, ring, Mask, BOARD};
use minjiku::movement::{movement, Offset};
use minjiku::{Piece, Square};

/// One line of origins from every square: the squares walking back from it along one direction
/// (as far as the range allows), and whether the walk goes up in mailbox index.
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

/// The origins of one piece (colour and kind) laid out per square.
pub struct OriginTable {
    /// Squares a step or leap comes from (board squares only), per destination.
    steps: [Mask; 120],
    /// Slides, short slides and jumping slides.
    lines: Vec<Line>,
    /// Directions of skip slides walking back (from White's side: already turned for Black).
    skip_slides: Vec<Offset>,
    /// The area move.
    area: bool,
}

impl OriginTable {
    /// The table of `piece`.
    pub fn new(piece: Piece) -> OriginTable {
        let abilities = movement(piece.kind);
        let s = piece.color.forward();
        // The square a move in direction `(df, dr)` came from.
        let back = move |(df, dr): Offset| (-df * s, -dr * s);
        let mut steps = [0; 120];
        for to in Square::all().filter(|sq| !sq.is_extra()) {
            for &step in abilities.steps {
                let (df, dr) = back(step);
                steps[to.index()] |= board_bit(to.offset(df, dr));
            }
        }
        let ranged = abilities.slides.iter().map(|&d| (d, i8::MAX));
        let short = abilities.short_slides.iter().map(|&d| (d, abilities.short_slide_range));
        // A jumping slide's quiet moves stop at the first piece, as a slide's do.
        let jumps = abilities.jumps.iter().map(|&d| (d, i8::MAX));
        let lines = ranged.chain(short).chain(jumps).map(|(dir, range)| line(back(dir), range)).collect();
        let skip_slides = abilities.skip_slides.iter().map(|&d| back(d)).collect();
        OriginTable { steps, lines, skip_slides, area: abilities.area }
    }

    /// The squares from which the piece, now on the board square `to` among the `occupied`
    /// squares (`to` included), reaches `to` by a quiet move of its own kind, with `to` emptied
    /// (the squares between are the same in both).
    #[inline]
    pub fn origins(&self, occupied: Mask, to: usize) -> Mask {
        let empty = BOARD & !occupied;
        let mut out = self.steps[to] & empty;
        for line in &self.lines {
            out |= line.open_part(to, occupied);
        }
        for &dir in &self.skip_slides {
            out |= skip_slide_origins(empty, to, dir);
        }
        if self.area {
            out |= area_origins(empty, to);
        }
        out
    }
}

/// The bit of `sq` if it is a board square (extra squares are gone in every table).
fn board_bit(sq: Option<Square>) -> Mask {
    sq.filter(|sq| !sq.is_extra()).map_or(0, |sq| bit(sq.index()))
}

/// The rays of one direction walking back, `range` squares at most, over board squares only.
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

/// Origins of an area move ending on `to`: one king step away, or two with an empty square next
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
