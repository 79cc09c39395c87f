//! A position: the board (the extra squares exist while occupied) and the side to move.

use crate::geometry::{SquareSet, MAILBOX};
use crate::movement::{movement, DIAGONAL_STEPS};
use crate::{zobrist, Color, Kind, Move, Piece, PositionError, Square};

/// A legal Minjiku position.
///
/// An extra square exists exactly while it is occupied: all four start occupied, and once
/// vacated a square is gone for good, so an empty extra square is a vanished one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: [Option<Piece>; MAILBOX],
    occupied: [SquareSet; 2],
    kings: [Square; 2],
    side: Color,
    hash: u64,
}

impl Position {
    /// Builds a position from pieces on squares and the side to move, checking the piece counts
    /// (one King and at most 32 pieces a side) but not check: see [`Position::from_pieces`].
    pub(crate) fn assemble(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
    ) -> Result<Position, PositionError> {
        let mut board = [None; MAILBOX];
        // The squares given (a later piece on a square replaces an earlier one), walked in index
        // order: not every square of the board (the endgame tables build positions of 3 or 4
        // pieces by the hundred million).
        let mut given = SquareSet::EMPTY;
        for (sq, piece) in pieces {
            board[sq.index()] = Some(piece);
            given.insert(sq);
        }
        let mut occupied = [SquareSet::EMPTY; 2];
        let mut kings = [None, None];
        let mut king_count = [0u32; 2];
        let mut hash = if side == Color::Black { zobrist::SIDE_KEY } else { 0 };
        for sq in given {
            if let Some(p) = board[sq.index()] {
                occupied[p.color.index()].insert(sq);
                hash ^= zobrist::piece_key(p.color, p.kind, sq);
                if p.kind == Kind::King {
                    kings[p.color.index()] = Some(sq);
                    king_count[p.color.index()] += 1;
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let count = king_count[color.index()];
            if count != 1 {
                return Err(PositionError::KingCount { side: color.name(), count });
            }
            let pieces = occupied[color.index()].len();
            if pieces > 32 {
                return Err(PositionError::TooManyPieces { side: color.name(), count: pieces });
            }
        }
        let (Some(white_king), Some(black_king)) = (kings[0], kings[1]) else {
            unreachable!("both king counts were checked to be 1")
        };
        Ok(Position { board, occupied, kings: [white_king, black_king], side, hash })
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// True when `sq` exists now: a board square, or an extra square that is still occupied.
    #[inline]
    pub fn exists(&self, sq: Square) -> bool {
        !sq.is_extra() || self.board[sq.index()].is_some()
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn occupied(&self, color: Color) -> SquareSet {
        self.occupied[color.index()]
    }

    /// The Zobrist hash of board and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// All pieces with their squares, in square index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        // The union of the occupied sets iterates in index order.
        let occupied = SquareSet::union(self.occupied[0], self.occupied[1]);
        occupied.filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The enemy squares that `m` burns: when a Fire Dragon moves, every enemy piece on the four
    /// squares diagonally next to where it ends.
    pub fn burned_squares(&self, m: Move) -> SquareSet {
        let mut burned = SquareSet::EMPTY;
        let Some(piece) = self.piece_at(m.from()) else { return burned };
        if !movement(piece.kind).burns {
            return burned;
        }
        for &(df, dr) in DIAGONAL_STEPS {
            if let Some(sq) = m.to().offset(df, dr) {
                if self.piece_at(sq).is_some_and(|p| p.color != piece.color) {
                    burned.insert(sq);
                }
            }
        }
        burned
    }

    /// The position after `m`, which must be a legal (or at least pseudo-legal) move here.
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play(m);
        next
    }

    /// The same board with the other side to move: a null move, for search (null-move pruning).
    /// Only meaningful when the side to move is not in check, so that the result is legal.
    pub fn passed(&self) -> Position {
        let mut next = self.clone();
        next.side = !next.side;
        next.hash ^= zobrist::SIDE_KEY;
        next
    }

    /// Plays `m`, which must be a legal (or at least pseudo-legal) move here.
    pub fn play(&mut self, m: Move) {
        let Some(piece) = self.piece_at(m.from()) else {
            debug_assert!(false, "no piece on {}", m.from());
            return;
        };
        let burned = self.burned_squares(m);
        let kind = if m.is_promotion() {
            piece.kind.promoted().unwrap_or(piece.kind)
        } else if piece.kind == Kind::UnmovedLateralMover {
            Kind::LateralMover
        } else {
            piece.kind
        };
        // The captured piece: the rifle victim, or whatever stands on the destination.
        self.remove(m.rifle_victim().unwrap_or(m.to()));
        self.remove(m.from());
        self.put(m.to(), Piece::new(piece.color, kind));
        for sq in burned {
            self.remove(sq);
        }
        self.side = !self.side;
        self.hash ^= zobrist::SIDE_KEY;
    }

    fn remove(&mut self, sq: Square) {
        if let Some(p) = self.board[sq.index()].take() {
            self.occupied[p.color.index()].remove(sq);
            self.hash ^= zobrist::piece_key(p.color, p.kind, sq);
        }
    }

    fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        self.occupied[p.color.index()].insert(sq);
        self.hash ^= zobrist::piece_key(p.color, p.kind, sq);
        if p.kind == Kind::King {
            self.kings[p.color.index()] = sq;
        }
    }
}
