//! A validated position: board, hands, side to move, with incremental hash.

use crate::attacks::{attacks, bishop_attacks, rook_attacks, step_attacks};
use crate::zobrist::{hand_key, piece_key, SIDE_KEY};
use crate::{Bitboard, Color, Hand, Kind, Move, Piece, PositionError, Square};

/// The start position in SFEN.
pub const STARTPOS_SFEN: &str = "rbsgk/4p/5/P4/KGSBR b - 1";

/// An unvalidated description of a position: what SFEN holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, by square index.
    pub board: [Option<Piece>; 25],
    /// The hands, indexed by colour.
    pub hands: [Hand; 2],
    /// The side to move.
    pub side_to_move: Color,
    /// The SFEN move number (1 + plies played since the game's start).
    pub move_number: u32,
}

impl Setup {
    /// An empty board, empty hands, sente to move.
    pub fn empty() -> Setup {
        Setup { board: [None; 25], hands: [Hand::EMPTY; 2], side_to_move: Color::Sente, move_number: 1 }
    }
}

/// What [`Position::play`] returns so that [`Position::undo`] can restore the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    hash: u64,
}

/// A legal Minishogi position.
///
/// Board moves, drops and their reversal keep the bitboards, the mailbox and the hash in step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; 25],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; Kind::COUNT],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    hash: u64,
}

/// The rules on material alone: one king a side, at most two pieces of a kind (board and hands),
/// no unpromoted pawn on its last rank, no two unpromoted pawns of a side on a file. Problems are
/// reported for the first offending piece of `pieces`.
fn check_material(
    pieces: impl Iterator<Item = (Square, Piece)>,
    hands: &[Hand; 2],
) -> Result<(), PositionError> {
    let mut counts = [0u32; 6];
    let mut kings = [0u32; 2];
    let mut pawn_files = [[false; 5]; 2];
    for (sq, piece) in pieces {
        let base = piece.kind.unpromoted();
        counts[base.index()] += 1;
        if piece.kind == Kind::King {
            kings[piece.color.index()] += 1;
        }
        if piece.kind == Kind::Pawn {
            if sq.row() == piece.color.last_row() {
                return Err(PositionError::PawnOnLastRank { side: side_name(piece.color), square: sq });
            }
            let seen = &mut pawn_files[piece.color.index()][sq.col() as usize];
            if *seen {
                return Err(PositionError::TwoPawnsOnFile { side: side_name(piece.color), file: sq.file() });
            }
            *seen = true;
        }
    }
    for color in Color::ALL {
        if kings[color.index()] != 1 {
            return Err(PositionError::KingCount { side: side_name(color), count: kings[color.index()] });
        }
        for kind in Kind::HAND {
            counts[kind.index()] += u32::from(hands[color.index()].count(kind));
        }
    }
    for kind in Kind::HAND {
        if counts[kind.index()] > 2 {
            return Err(PositionError::TooManyPieces { kind: kind_name(kind), count: counts[kind.index()] });
        }
    }
    Ok(())
}

const fn side_name(color: Color) -> &'static str {
    match color {
        Color::Sente => "sente",
        Color::Gote => "gote",
    }
}

const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "pawn",
        Kind::Silver => "silver",
        Kind::Gold => "gold",
        Kind::Bishop => "bishop",
        Kind::Rook => "rook",
        _ => "king",
    }
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_sfen(STARTPOS_SFEN).expect("the start position is legal")
    }

    /// Builds a position from a setup, checking every rule a position must satisfy: one king a
    /// side, at most two pieces of each kind, no pawn on its last rank, no nifu, and the side not
    /// to move not in check.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let pieces = Square::all().filter_map(|sq| setup.board[sq.index()].map(|piece| (sq, piece)));
        check_material(pieces, &setup.hands)?;
        Position::from_setup_unchecked(setup).checked_safe()
    }

    /// Builds a position with `side` to move from its pieces on the board (kings included) and the
    /// hands, with the checks of [`Position::from_setup`] (when several rules are broken, which
    /// one is reported may depend on the order of `pieces`). Faster than going through a
    /// [`Setup`] when the pieces are at hand, as in tablebase work.
    pub fn from_pieces(
        pieces: &[(Square, Piece)],
        hands: [Hand; 2],
        side: Color,
    ) -> Result<Position, PositionError> {
        check_material(pieces.iter().copied(), &hands)?;
        Position::from_pieces_unchecked(pieces, hands, side).checked_safe()
    }

    /// [`Position::from_pieces`] without validation; the caller guarantees what
    /// [`Position::from_setup_unchecked`] requires.
    pub fn from_pieces_unchecked(pieces: &[(Square, Piece)], hands: [Hand; 2], side: Color) -> Position {
        let mut pos = Position {
            board: [None; 25],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; Kind::COUNT],
            hands,
            side,
            move_number: 1,
            hash: 0,
        };
        let mut hash = if side == Color::Gote { SIDE_KEY } else { 0 };
        for &(sq, piece) in pieces {
            pos.put(piece, sq);
            hash ^= piece_key(piece.color, piece.kind, sq);
        }
        for color in Color::ALL {
            for kind in Kind::HAND {
                hash ^= hand_key(color, kind, hands[color.index()].count(kind));
            }
        }
        pos.hash = hash;
        pos
    }

    /// This position, unless the side not to move is in check.
    fn checked_safe(self) -> Result<Position, PositionError> {
        let waiting = !self.side;
        if self.attackers_to(self.king_square(waiting), self.side, self.occupied()).any() {
            return Err(PositionError::OpponentInCheck { side: side_name(waiting) });
        }
        Ok(self)
    }

    /// Builds a position without validation. The caller guarantees one king a side and at most
    /// two pieces per hand kind; the other rules may be broken (tablebase indexing uses this to
    /// examine placements before deciding whether they are legal).
    pub fn from_setup_unchecked(setup: &Setup) -> Position {
        let mut pos = Position {
            board: [None; 25],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; Kind::COUNT],
            hands: setup.hands,
            side: setup.side_to_move,
            move_number: setup.move_number,
            hash: 0,
        };
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The setup this position was built from (round trip of [`Position::from_setup`]).
    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board, hands: self.hands, side_to_move: self.side, move_number: self.move_number }
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            if let Some(p) = self.board[sq.index()] {
                h ^= piece_key(p.color, p.kind, sq);
            }
        }
        for color in Color::ALL {
            for kind in Kind::HAND {
                h ^= hand_key(color, kind, self.hands[color.index()].count(kind));
            }
        }
        if self.side == Color::Gote {
            h ^= SIDE_KEY;
        }
        h
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()] |= bit;
        self.by_kind[piece.kind.index()] |= bit;
    }

    #[inline]
    fn take(&mut self, piece: Piece, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_color[piece.color.index()] ^= bit;
        self.by_kind[piece.kind.index()] ^= bit;
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The hand of `color`.
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The SFEN move number.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Sets the SFEN move number (it plays no part in the rules or the hash).
    pub fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// The Zobrist hash of board, hands and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color_pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares holding pieces of `kind` (both colours).
    #[inline]
    pub fn kind_pieces(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Kind::King).first().expect("a position has both kings")
    }

    /// The pieces of `by` that attack `sq`, given `occupied` for sliders.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[by.index()];
        let defender = !by;
        let k = &self.by_kind;
        let golds = k[Kind::Gold.index()] | k[Kind::Tokin.index()] | k[Kind::ProSilver.index()];
        let kingish = k[Kind::King.index()] | k[Kind::Horse.index()] | k[Kind::Dragon.index()];
        let diagonal = k[Kind::Bishop.index()] | k[Kind::Horse.index()];
        let orthogonal = k[Kind::Rook.index()] | k[Kind::Dragon.index()];
        // A piece of `by` attacks `sq` exactly when the same piece of the defender on `sq`
        // would attack it back: step tables are used from the defender's point of view.
        let steps = (step_attacks(defender, Kind::Pawn, sq) & k[Kind::Pawn.index()])
            | (step_attacks(defender, Kind::Silver, sq) & k[Kind::Silver.index()])
            | (step_attacks(defender, Kind::Gold, sq) & golds)
            | (step_attacks(defender, Kind::King, sq) & kingish);
        let slides = (bishop_attacks(sq, occupied) & diagonal) | (rook_attacks(sq, occupied) & orthogonal);
        (steps | slides) & them
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king_square(self.side), !self.side, self.occupied())
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// The squares attacked by the piece on `sq` (empty if there is none).
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        match self.board[sq.index()] {
            Some(p) => attacks(p.color, p.kind, sq, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Plays a move that is legal in this position and returns what [`Position::undo`] needs.
    #[inline]
    pub fn play(&mut self, m: Move) -> Undo {
        let us = self.side;
        let undo = Undo { captured: None, hash: self.hash };
        let to = m.to();
        let mut hash = self.hash ^ SIDE_KEY;
        let captured = match m.from() {
            Some(from) => {
                let piece = self.board[from.index()].expect("a board move starts on a piece");
                self.take(piece, from);
                hash ^= piece_key(us, piece.kind, from);
                let captured = self.board[to.index()];
                if let Some(cap) = captured {
                    self.take(cap, to);
                    hash ^= piece_key(cap.color, cap.kind, to);
                    let gained = cap.kind.unpromoted();
                    let hand = &mut self.hands[us.index()];
                    let before = hand.count(gained);
                    hand.add(gained);
                    hash ^= hand_key(us, gained, before) ^ hand_key(us, gained, before + 1);
                }
                let kind = if m.is_promotion() {
                    piece.kind.promoted().expect("only promotable pieces promote")
                } else {
                    piece.kind
                };
                self.put(Piece::new(us, kind), to);
                hash ^= piece_key(us, kind, to);
                captured
            }
            None => {
                let kind = m.dropped().expect("a move without origin is a drop");
                let hand = &mut self.hands[us.index()];
                let before = hand.count(kind);
                hand.remove(kind);
                hash ^= hand_key(us, kind, before) ^ hand_key(us, kind, before - 1);
                self.put(Piece::new(us, kind), to);
                hash ^= piece_key(us, kind, to);
                None
            }
        };
        self.hash = hash;
        self.side = !us;
        self.move_number += 1;
        Undo { captured, ..undo }
    }

    /// Takes back `m`, which must be the last move played, with the [`Undo`] that `play` gave.
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let us = !self.side;
        self.side = us;
        self.move_number -= 1;
        let to = m.to();
        let moved = self.board[to.index()].expect("the moved piece stands on the destination");
        self.take(moved, to);
        match m.from() {
            Some(from) => {
                let kind = if m.is_promotion() { moved.kind.unpromoted() } else { moved.kind };
                self.put(Piece::new(us, kind), from);
                if let Some(cap) = undo.captured {
                    self.hands[us.index()].remove(cap.kind.unpromoted());
                    self.put(cap, to);
                }
            }
            None => self.hands[us.index()].add(moved.kind),
        }
        self.hash = undo.hash;
    }

    /// Passes the move to the other side (a null move, for search). The caller ensures the side
    /// to move is not in check; undo it by calling it again.
    pub fn pass(&mut self) {
        self.side = !self.side;
        self.hash ^= SIDE_KEY;
    }

    /// The position after `m`, leaving this one unchanged.
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play(m);
        next
    }

    /// The position turned by 180° with owners swapped: the same game seen from the other side.
    pub fn flipped(&self) -> Position {
        let mut setup = Setup::empty();
        for sq in Square::all() {
            setup.board[sq.flip().index()] = self.board[sq.index()].map(|p| Piece::new(!p.color, p.kind));
        }
        setup.hands = [self.hands[1], self.hands[0]];
        setup.side_to_move = !self.side;
        setup.move_number = self.move_number;
        Position::from_setup_unchecked(&setup)
    }

    /// The position mirrored left-right.
    pub fn mirrored(&self) -> Position {
        let mut setup = self.to_setup();
        for sq in Square::all() {
            setup.board[sq.mirror().index()] = self.board[sq.index()];
        }
        Position::from_setup_unchecked(&setup)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}
