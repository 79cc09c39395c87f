//! The bound behind `MOVE_LIST_CAPACITY`: no piece has more than 80 moves.
//!
//! A piece's destinations lie on its lines, among its leaps or within its area (two king steps),
//! so they are most numerous on an empty board with the extra squares present; each enemy on an
//! extra square is a capture there. Promotion can at most double the count.

use minjiku::movegen::{destinations, rifle_victims};
use minjiku::moves::MOVE_LIST_CAPACITY;
use minjiku::{Color, Kind, Piece, Position, Square};

#[test]
fn no_piece_has_more_than_80_moves() {
    let mut most = 0;
    for kind in Kind::ALL {
        for sq in Square::all().filter(|sq| !sq.is_extra()) {
            for own_king in ["a1", "j10"] {
                let Ok(own_king) = own_king.parse::<Square>() else { continue };
                if sq == own_king {
                    continue;
                }
                let piece = Piece::new(Color::White, kind);
                let mut pieces = vec![(sq, piece), (own_king, Piece::new(Color::White, Kind::King))];
                for (i, extra) in minjiku::geometry::EXTRA_SQUARES.into_iter().enumerate() {
                    let kind = if i == 3 { Kind::King } else { Kind::Pawn };
                    pieces.push((extra, Piece::new(Color::Black, kind)));
                }
                let Ok(pos) = Position::from_pieces(pieces, Color::White) else { continue };
                let factor = if kind.promoted().is_some() { 2 } else { 1 };
                let moves =
                    factor * (destinations(&pos, sq, piece).len() + rifle_victims(&pos, sq, piece).len());
                most = most.max(moves);
            }
        }
    }
    assert!(most <= 80, "{most}");
    const { assert!(32 * 80 <= MOVE_LIST_CAPACITY) };
}
