//! The fast generator against the slow one written from the rules page (`definition/`):
//! identical legal-move lists (burns included) on seeded random playouts from the start and on
//! random sparse positions with every piece type, promoted pieces, and the extra squares
//! occupied or vanished. Along the playouts, the incremental hash is checked against a fresh one.

use crate::definition;

use definition::Board;
use minjiku::{Color, Kind, Piece, Position, Square};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn fast_tokens(pos: &Position) -> Vec<String> {
    let mut tokens: Vec<String> = pos.legal_move_list().iter().map(|&m| pos.move_to_coord(m)).collect();
    tokens.sort();
    tokens
}

fn assert_same(pos: &Position, context: &str) {
    let fast = fast_tokens(pos);
    let slow = Board::of(pos).legal_tokens();
    if fast != slow {
        let only_fast: Vec<_> = fast.iter().filter(|t| !slow.contains(t)).collect();
        let only_slow: Vec<_> = slow.iter().filter(|t| !fast.contains(t)).collect();
        panic!("{context}: {}\nonly fast: {only_fast:?}\nonly definition: {only_slow:?}", pos.to_fen());
    }
}

#[test]
fn random_playouts_from_the_start() {
    let mut positions = 0;
    for seed in 1..=16u64 {
        let mut rng = Rng(seed * 0x9E37_79B9_7F4A_7C15);
        let mut pos = Position::startpos();
        for ply in 0..150 {
            assert_same(&pos, &format!("seed {seed} ply {ply}"));
            // The hash kept move by move equals the one computed afresh from the notation.
            assert_eq!(Position::from_fen(&pos.to_fen()).map(|p| p.hash()), Ok(pos.hash()));
            positions += 1;
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            pos.play(m);
        }
    }
    assert!(positions >= 1000, "{positions}");
}

#[test]
fn random_sparse_positions_with_every_piece_type() {
    let squares: Vec<Square> = Square::all().collect();
    let kinds: Vec<Kind> = Kind::ALL.iter().copied().filter(|&k| k != Kind::King).collect();
    let mut rng = Rng(0x005E_ED0F_0123);
    let mut checked = 0;
    let mut attempts = 0;
    while checked < 3000 {
        attempts += 1;
        assert!(attempts < 100_000, "too few legal random positions");
        let mut pieces: Vec<(Square, Piece)> = Vec::new();
        let count = 2 + rng.below(if checked % 2 == 0 { 8 } else { 24 });
        for i in 0..count {
            let sq = squares[rng.below(squares.len())];
            if pieces.iter().any(|(s, _)| *s == sq) {
                continue;
            }
            let color = if i % 2 == 0 { Color::White } else { Color::Black };
            let kind = if i < 2 { Kind::King } else { kinds[rng.below(kinds.len())] };
            pieces.push((sq, Piece::new(color, kind)));
        }
        let side = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let Ok(pos) = Position::from_pieces(pieces, side) else { continue };
        assert_same(&pos, &format!("random position {checked}"));
        checked += 1;
    }
}
