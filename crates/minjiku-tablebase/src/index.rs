//! The index of a set: every placement of the Kings and pieces on the 100 board squares and the
//! side to move, one slot each, with the left-right mirror folded away.
//!
//! Slot = `((side · 50 + white King) · 100 + black King) · 100^n + pieces…`, where the white
//! King's square counts only files a–e (a position with it on f–j is mirrored first: the rules
//! and the four extra squares are symmetric about the line between files e and f, and no square
//! is its own mirror, so every position has exactly one slot). Pieces come White's first, each
//! side's in kind order; two pieces of one side and kind are stored with the lower square first
//! (the other order is an illegal slot). Positions with a piece on an extra square have no slot
//! (see `docs/minjiku-tablebase.md`: the extra squares are gone in every table).

use crate::material::{Material, MAX_PIECES};
use minjiku::{Color, Kind, Piece, Position, Square};

/// Board squares (files a–j, ranks 1–10).
const SQUARES: u64 = 100;
/// White King squares kept after mirroring (files a–e).
const KING_HALF: u64 = 50;
/// Version of the index scheme, stored in every file's index parameters.
pub const SCHEME: u8 = 1;

/// The dense index of one canonical material set.
#[derive(Clone, Debug)]
pub struct Indexer {
    material: Material,
    /// The pieces besides the Kings in slot order.
    pieces: Vec<Piece>,
    size: u64,
    /// What one unit of each placement square's digit is worth in a slot (the white King's digit
    /// is its number among the 50 squares of files a–e).
    weights: [u64; 2 + MAX_PIECES],
    /// Pieces with an equal piece in the set (their order in a slot depends on the squares).
    paired: [bool; 2 + MAX_PIECES],
}

/// The board square number 0..100 of `sq` ((rank − 1) · 10 + file), `None` on an extra square.
fn number(sq: Square) -> Option<u64> {
    (1..=10).contains(&sq.rank()).then(|| (sq.rank() as u64 - 1) * 10 + sq.file() as u64)
}

/// The board square with number `n` (0..100).
fn square(n: u64) -> Option<Square> {
    Square::new((n % 10) as i8, (n / 10) as i8 + 1)
}

/// `sq` mirrored left-right (file a ↔ j).
pub(crate) fn mirror(sq: Square) -> Square {
    Square::new(9 - sq.file(), sq.rank()).unwrap_or(sq)
}

impl Indexer {
    /// The index of `material` as written (callers pass canonical sets).
    pub fn new(material: &Material) -> Indexer {
        let mut pieces = Vec::new();
        for color in [Color::White, Color::Black] {
            pieces.extend(material.side(color).iter().map(|&k| Piece::new(color, k)));
        }
        let size = 2 * KING_HALF * SQUARES * SQUARES.pow(pieces.len() as u32);
        let n = pieces.len();
        let mut weights = [0; 2 + MAX_PIECES];
        for (i, w) in weights[..2 + n].iter_mut().enumerate() {
            *w = SQUARES.pow((n + 1 - i) as u32);
        }
        let mut paired = [false; 2 + MAX_PIECES];
        for i in 1..n {
            if pieces[i] == pieces[i - 1] {
                paired[1 + i] = true;
                paired[2 + i] = true;
            }
        }
        Indexer { material: material.clone(), pieces, size, weights, paired }
    }

    /// The material set.
    pub fn material(&self) -> &Material {
        &self.material
    }

    /// Number of slots.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// What a file stores to say which index it was written for.
    pub fn params(&self) -> Vec<u8> {
        let mut out = vec![SCHEME, self.pieces.len() as u8];
        out.extend(self.pieces.iter().map(|p| (p.color.index() * 32 + p.kind.index()) as u8));
        out
    }

    /// The slot of `pos`, which must have this set's material in this orientation; `None` when a
    /// piece stands on an extra square (or the material differs).
    pub fn encode(&self, pos: &Position) -> Option<u64> {
        self.encode_view(pos, false)
    }

    /// The slot of `pos` turned by 180° with the colours swapped (as
    /// [`crate::tables::turned`]), whose material must be this set's; no position is built.
    pub(crate) fn encode_turned(&self, pos: &Position) -> Option<u64> {
        self.encode_view(pos, true)
    }

    /// [`Indexer::encode`] of `pos`, or of `pos` turned round when `turn`.
    fn encode_view(&self, pos: &Position, turn: bool) -> Option<u64> {
        let n = self.pieces.len();
        // Square and colour as the (turned) position has them.
        let view = |sq: Square, color: Color| {
            if turn {
                (Square::new(9 - sq.file(), 11 - sq.rank()).unwrap_or(sq), !color)
            } else {
                (sq, color)
            }
        };
        let mut squares = [view(pos.king(Color::White), Color::White).0; 2 + MAX_PIECES];
        squares[1] = view(pos.king(Color::Black), Color::Black).0;
        if turn {
            squares.swap(0, 1);
        }
        let mut used = [false; MAX_PIECES];
        // The occupied sets, not a walk over every square: encoding is in the generator's loop.
        for color in [Color::White, Color::Black] {
            for sq in pos.occupied(color) {
                let Some(piece) = pos.piece_at(sq).filter(|p| p.kind != Kind::King) else { continue };
                let (sq, color) = view(sq, piece.color);
                let piece = Piece::new(color, piece.kind);
                // The first unused piece of this colour and kind, in slot order.
                let i = (0..n).find(|&i| !used[i] && self.pieces[i] == piece)?;
                used[i] = true;
                squares[2 + i] = sq;
            }
        }
        if used[..n].iter().any(|&u| !u) {
            return None;
        }
        let side = if turn { !pos.side_to_move() } else { pos.side_to_move() };
        self.encode_squares(side, &squares[..2 + n])
    }

    /// The pieces besides the Kings in slot order.
    pub(crate) fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The slot of the placement `squares` (the white King, the black King, then the pieces in
    /// slot order) with `side` to move, mirrored and with equal pieces ordered as
    /// [`Indexer::encode`] does; `None` when a square is an extra one. No position is built: the
    /// generator's un-moves encode their predecessors with it.
    pub(crate) fn encode_squares(&self, side: Color, squares: &[Square]) -> Option<u64> {
        let n = self.pieces.len();
        let flip = squares[0].file() >= 5;
        let place = |sq: Square| number(if flip { mirror(sq) } else { sq });
        let white_king = place(squares[0])?;
        let mut slot = u64::from(side == Color::Black);
        slot = slot * KING_HALF + (white_king / 10) * 5 + white_king % 10;
        slot = slot * SQUARES + place(squares[1])?;
        let mut numbers = [0u64; MAX_PIECES];
        for (k, &sq) in numbers[..n].iter_mut().zip(&squares[2..2 + n]) {
            *k = place(sq)?;
        }
        // Equal pieces: the lower square first.
        for i in 1..n {
            if self.pieces[i] == self.pieces[i - 1] && numbers[i] < numbers[i - 1] {
                numbers.swap(i, i - 1);
            }
        }
        Some(numbers[..n].iter().fold(slot, |s, &k| s * SQUARES + k))
    }

    /// The slot of the placement in `slot` (decoded as `placement`) with its square number `i`
    /// (see [`Placement::squares`]) changed to the board square of mailbox index `from` and the
    /// other side to move: an un-move, or a quiet move. Most change one digit of the slot; those
    /// of the white King to files f–j (mirrored) and of a piece with an equal one (reordered) are
    /// encoded afresh.
    #[inline]
    pub(crate) fn moved_to(&self, slot: u64, placement: &Placement, i: usize, from: usize) -> Option<u64> {
        // A board square's number is its mailbox index less the 10 indices of rank 0.
        let number = |index: usize| index.checked_sub(10).filter(|&k| k < 100).map(|k| k as u64);
        let from_number = number(from)?;
        let side = !placement.side;
        if (i == 0 && from_number % 10 >= 5) || self.paired[i] {
            let mut before = placement.squares;
            before[i] = Square::from_index(from)?;
            return self.encode_squares(side, &before[..placement.len]);
        }
        // The white King's digit counts the squares of files a–e only.
        let digit = |k: u64| if i == 0 { (k / 10) * 5 + k % 10 } else { k };
        let to_number = number(placement.squares[i].index())?;
        let side_weight = self.size / 2;
        let other_side = if side == Color::Black { slot + side_weight } else { slot - side_weight };
        Some(other_side - digit(to_number) * self.weights[i] + digit(from_number) * self.weights[i])
    }

    /// The placement in `slot` when its squares are distinct and equal pieces in order (the
    /// side not to move may be in check: see [`Indexer::decode`]).
    pub(crate) fn placement(&self, slot: u64) -> Option<Placement> {
        if slot >= self.size {
            return None;
        }
        let n = self.pieces.len();
        let mut rest = slot;
        let mut numbers = [0u64; 2 + MAX_PIECES];
        for k in numbers[2..2 + n].iter_mut().rev() {
            *k = rest % SQUARES;
            rest /= SQUARES;
        }
        numbers[1] = rest % SQUARES;
        rest /= SQUARES;
        let half = rest % KING_HALF;
        let side = if rest / KING_HALF == 1 { Color::Black } else { Color::White };
        numbers[0] = (half / 5) * 10 + half % 5;
        let numbers = &numbers[..2 + n];
        for (i, k) in numbers.iter().enumerate() {
            if numbers[..i].contains(k) {
                return None;
            }
        }
        for i in 1..n {
            if self.pieces[i] == self.pieces[i - 1] && numbers[2 + i] < numbers[1 + i] {
                return None;
            }
        }
        let mut squares = [square(numbers[0])?; 2 + MAX_PIECES];
        for (sq, &k) in squares.iter_mut().zip(numbers).skip(1) {
            *sq = square(k)?;
        }
        Some(Placement { side, squares, len: 2 + n })
    }

    /// The position of `placement`, if it is legal (the side not to move not in check).
    pub(crate) fn position(&self, placement: &Placement) -> Option<Position> {
        let king = |color| Piece::new(color, Kind::King);
        let kings = [king(Color::White), king(Color::Black)];
        let pieces = kings.iter().chain(&self.pieces);
        let placed = placement.squares().iter().copied().zip(pieces.copied());
        Position::from_pieces(placed, placement.side).ok()
    }

    /// The position in `slot`, if it holds a legal one: squares distinct, equal pieces in order,
    /// the side not to move not in check.
    pub fn decode(&self, slot: u64) -> Option<Position> {
        self.position(&self.placement(slot)?)
    }
}

/// Where the Kings and pieces of a slot stand, in slot order, and the side to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    /// The side to move.
    pub side: Color,
    squares: [Square; 2 + MAX_PIECES],
    len: usize,
}

impl Placement {
    /// The white King's square, the black King's, then the pieces' in slot order.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_legal_slot_round_trips_and_mirrors_share_slots() {
        let m = Material::parse("KGvK").expect("a set");
        let indexer = Indexer::new(&m);
        assert_eq!(indexer.size(), 1_000_000);
        let mut legal = 0;
        for slot in (0..indexer.size()).step_by(7) {
            let Some(pos) = indexer.decode(slot) else { continue };
            legal += 1;
            assert_eq!(indexer.encode(&pos), Some(slot), "{}", pos.to_fen());
            let mirrored =
                Position::from_pieces(pos.pieces().map(|(sq, p)| (mirror(sq), p)), pos.side_to_move())
                    .expect("mirror of a legal position");
            assert_eq!(indexer.encode(&mirrored), Some(slot));
        }
        assert!(legal > 100_000);
    }

    #[test]
    fn encoding_turned_is_encoding_the_turned_position() {
        let indexer = Indexer::new(&Material::parse("KJvKA").expect("a set"));
        let swapped = Indexer::new(&Material::parse("KAvKJ").expect("a set"));
        let mut checked = 0;
        for slot in (0..swapped.size()).step_by(99_991) {
            let Some(pos) = swapped.decode(slot) else { continue };
            checked += 1;
            let turned = crate::tables::turned(&pos);
            assert_eq!(indexer.encode_turned(&pos), indexer.encode(&turned), "{}", pos.to_fen());
            assert!(indexer.encode(&turned).is_some());
        }
        assert!(checked > 300);
    }

    #[test]
    fn moving_a_piece_changes_the_slot_as_encoding_does() {
        for name in ["KJvKA", "KGGvK", "KvK"] {
            let indexer = Indexer::new(&Material::parse(name).expect("a set"));
            let mut checked = 0;
            for slot in (0..indexer.size()).step_by(indexer.size() as usize / 2_000 + 1) {
                let Some(placement) = indexer.placement(slot) else { continue };
                for (i, from) in (0..placement.squares().len()).flat_map(|i| (0..100).map(move |k| (i, k))) {
                    let Some(from) = square(from).filter(|sq| !placement.squares().contains(sq)) else {
                        continue;
                    };
                    let mut before = placement.squares;
                    before[i] = from;
                    let expected = indexer.encode_squares(!placement.side, &before[..placement.len]);
                    assert_eq!(
                        indexer.moved_to(slot, &placement, i, from.index()),
                        expected,
                        "{name} {slot} {i} {from}"
                    );
                    checked += 1;
                }
            }
            assert!(checked > 10_000, "{name}: {checked}");
        }
    }

    #[test]
    fn equal_pieces_have_one_slot() {
        let indexer = Indexer::new(&Material::parse("KGGvK").expect("a set"));
        let pos = Position::from_fen("2/10/10/10/10/4k5/10/10/3G1G4/10/K9/2 w").expect("a position");
        let slot = indexer.encode(&pos).expect("a slot");
        assert_eq!(indexer.decode(slot).map(|p| p.to_fen()), Some(pos.to_fen()));
        let pos = Position::from_fen("2/10/10/10/10/4k5/10/10/10/10/K9/G1 w").expect("a position");
        assert_eq!(indexer.encode(&pos), None, "a piece on an extra square has no slot");
    }
}
