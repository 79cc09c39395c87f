//! A compact description of a tablebase position: two king squares and the state of each piece.
//!
//! The indexer ranks placements and the generator un-moves on them, without building a full
//! [`Position`] in its hot loops.

use minishogi::attacks::attacks;
use minishogi::bitboard::Bitboard;
use minishogi::position::Setup;
use minishogi::{Color, Hand, Kind, Move, Piece, Position, Square};

/// The `sq` of a piece in hand.
pub(crate) const IN_HAND: u8 = 25;

/// At most this many non-king pieces (two of each of five kinds).
pub(crate) const MAX_MEN: usize = 10;

/// One non-king piece: base kind, owner, promotion and square (or [`IN_HAND`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Man {
    /// Base (hand) kind index, 0..5 = P S G B R.
    pub kind: u8,
    /// Owner: 0 = sente, 1 = gote.
    pub color: u8,
    /// Promoted (never for pieces in hand or golds).
    pub promoted: bool,
    /// Square index, or [`IN_HAND`].
    pub sq: u8,
}

impl Man {
    /// The piece kind as it stands on the board (promoted kind if promoted).
    #[inline]
    pub fn board_kind(self) -> Kind {
        let base = Kind::from_index(self.kind as usize);
        if self.promoted {
            base.promoted().unwrap_or(base)
        } else {
            base
        }
    }

    /// The owner as a [`Color`].
    #[inline]
    pub fn owner(self) -> Color {
        if self.color == 0 {
            Color::Sente
        } else {
            Color::Gote
        }
    }
}

/// What a move changed in a placement: a king moved, or up to two men (by index) changed.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Changes {
    /// A king moved.
    pub king: bool,
    men: [u8; 2],
    len: u8,
}

impl Changes {
    /// The indexes of the changed men.
    #[inline]
    pub fn men(&self) -> &[u8] {
        &self.men[..self.len as usize]
    }

    /// The changes of a king move (with or without another man changed).
    #[inline]
    pub fn king() -> Changes {
        Changes { king: true, ..Changes::default() }
    }

    /// Adds man `i` to the changed men (at most two).
    #[inline]
    pub fn push(&mut self, i: usize) {
        self.men[self.len as usize] = i as u8;
        self.len += 1;
    }

    /// These changes and man `i`.
    #[inline]
    pub fn with(mut self, i: usize) -> Changes {
        self.push(i);
        self
    }
}

/// Kings and pieces of a position whose side to move is implied by context (sente for indexed,
/// canonical placements).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    /// King squares: `[sente, gote]`.
    pub kings: [u8; 2],
    /// Number of pieces in `men`.
    pub len: u8,
    /// The pieces; only the first `len` are meaningful.
    pub men: [Man; MAX_MEN],
}

impl Placement {
    /// The pieces in use.
    #[inline]
    pub fn men(&self) -> &[Man] {
        &self.men[..self.len as usize]
    }

    /// The pieces in use, mutable.
    #[inline]
    pub fn men_mut(&mut self) -> &mut [Man] {
        &mut self.men[..self.len as usize]
    }

    /// Turned by 180° with owners swapped (the other side becomes sente).
    #[inline]
    pub fn flipped(&self) -> Placement {
        let mut p = *self;
        p.kings = [24 - self.kings[1], 24 - self.kings[0]];
        for man in p.men_mut() {
            man.color ^= 1;
            if man.sq != IN_HAND {
                man.sq = 24 - man.sq;
            }
        }
        p
    }

    /// Occupied squares (kings included).
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        let mut bits = (1u32 << self.kings[0]) | (1u32 << self.kings[1]);
        for man in self.men() {
            if man.sq != IN_HAND {
                bits |= 1u32 << man.sq;
            }
        }
        Bitboard(bits)
    }

    /// True when no two pieces (kings included) stand on one square.
    #[inline]
    pub fn is_disjoint(&self) -> bool {
        let board = self.men().iter().filter(|m| m.sq != IN_HAND).count() as u32;
        self.occupied().count() == board + 2
    }

    /// True when a piece of `by` (king included) attacks `sq`, given `occupied`.
    #[inline]
    pub fn attacked(&self, sq: u8, by: Color, occupied: Bitboard) -> bool {
        let target = Square::from_index(sq as usize);
        let king = Square::from_index(self.kings[by.index()] as usize);
        if attacks(by, Kind::King, king, occupied).contains(target) {
            return true;
        }
        self.men().iter().any(|man| {
            man.sq != IN_HAND
                && man.owner() == by
                && attacks(by, man.board_kind(), Square::from_index(man.sq as usize), occupied)
                    .contains(target)
        })
    }

    /// The position rules that concern placement alone, for side to move `side`: no two pieces on
    /// one square, no unpromoted pawn on its last rank, no two unpromoted pawns of a side on one
    /// file, and the side not to move not in check.
    pub fn is_legal(&self, side: Color) -> bool {
        let mut occ = (1u32 << self.kings[0]) | (1u32 << self.kings[1]);
        if occ.count_ones() != 2 {
            return false;
        }
        let mut pawn_files = [0u8; 2];
        for man in self.men() {
            if man.sq == IN_HAND {
                continue;
            }
            let bit = 1u32 << man.sq;
            if occ & bit != 0 {
                return false;
            }
            occ |= bit;
            if man.kind == 0 && !man.promoted {
                let color = man.owner();
                if man.sq / 5 == color.last_row() {
                    return false;
                }
                let file = 1u8 << (man.sq % 5);
                if pawn_files[man.color as usize] & file != 0 {
                    return false;
                }
                pawn_files[man.color as usize] |= file;
            }
        }
        let waiting = !side;
        !self.attacked(self.kings[waiting.index()], side, Bitboard(occ))
    }

    /// Reads a position's kings and pieces; `None` with more pieces than a placement holds.
    pub fn from_position(pos: &Position) -> Option<Placement> {
        let mut p = Placement { kings: [0; 2], len: 0, men: [Man::default(); MAX_MEN] };
        for sq in pos.occupied() {
            let piece = pos.piece_at(sq)?;
            if piece.kind == Kind::King {
                p.kings[piece.color.index()] = sq.index() as u8;
                continue;
            }
            p.push(Man {
                kind: piece.kind.unpromoted().index() as u8,
                color: piece.color.index() as u8,
                promoted: piece.kind.is_promoted(),
                sq: sq.index() as u8,
            })?;
        }
        for color in Color::ALL {
            let hand = pos.hand(color);
            for kind in Kind::HAND {
                for _ in 0..hand.count(kind) {
                    p.push(Man {
                        kind: kind.index() as u8,
                        color: color.index() as u8,
                        promoted: false,
                        sq: IN_HAND,
                    })?;
                }
            }
        }
        Some(p)
    }

    /// The men a legal non-king move `m` of `mover` changes, with their new states; `None` for a
    /// king move. (The placement itself is not copied: the verifier ranks children from this.)
    #[inline(always)]
    pub fn move_effect(&self, m: Move, mover: Color) -> Option<([(u8, Man); 2], usize)> {
        let to = m.to().index() as u8;
        let us = mover.index() as u8;
        let mut men = [(0u8, Man::default()); 2];
        // One man changes, two on a capture.
        let mut n = 1;
        match m.from() {
            None => {
                let kind = m.dropped().map_or(0, |k| k.index() as u8);
                let i = self.men().iter().position(|x| x.sq == IN_HAND && x.color == us && x.kind == kind)?;
                men[0] = (i as u8, Man { sq: to, ..self.men[i] });
            }
            Some(from) => {
                let from = from.index() as u8;
                if self.kings[us as usize] == from {
                    return None;
                }
                let i = self.men().iter().position(|x| x.sq == from)?;
                let moved = self.men[i];
                men[0] = (i as u8, Man { sq: to, promoted: moved.promoted | m.is_promotion(), ..moved });
                if let Some(j) = self.men().iter().position(|x| x.sq == to) {
                    men[1] =
                        (j as u8, Man { kind: self.men[j].kind, color: us, promoted: false, sq: IN_HAND });
                    n = 2;
                }
            }
        }
        Some((men, n))
    }

    /// The placement after `mover` plays `m`, a legal move in it (a capture sends the piece,
    /// unpromoted, to the mover's hand), and what changed: a king, or up to two men (by index).
    #[inline]
    pub fn after_move_changes(&self, m: Move, mover: Color) -> (Placement, Changes) {
        let mut p = *self;
        let mut changes = Changes::default();
        let to = m.to().index() as u8;
        let us = mover.index() as u8;
        match m.from() {
            None => {
                let kind = m.dropped().map_or(0, |k| k.index() as u8);
                if let Some(i) =
                    p.men().iter().position(|x| x.sq == IN_HAND && x.color == us && x.kind == kind)
                {
                    p.men[i].sq = to;
                    changes.push(i);
                }
            }
            Some(from) => {
                let from = from.index() as u8;
                if let Some(i) = p.men().iter().position(|x| x.sq == to) {
                    let cap = p.men[i];
                    p.men[i] = Man { kind: cap.kind, color: us, promoted: false, sq: IN_HAND };
                    changes.push(i);
                }
                if p.kings[us as usize] == from {
                    p.kings[us as usize] = to;
                    changes.king = true;
                } else if let Some(i) = p.men().iter().position(|x| x.sq == from) {
                    p.men[i].sq = to;
                    p.men[i].promoted |= m.is_promotion();
                    changes.push(i);
                }
            }
        }
        (p, changes)
    }

    fn push(&mut self, man: Man) -> Option<()> {
        let slot = self.men.get_mut(self.len as usize)?;
        *slot = man;
        self.len += 1;
        Some(())
    }

    /// The pieces on the board (kings first) and the hands, as the rules crate's
    /// [`Position::from_pieces`] takes them.
    #[inline]
    pub fn to_pieces(self) -> ([(Square, Piece); MAX_MEN + 2], usize, [Hand; 2]) {
        let king = |sq: u8, color| (Square::from_index(sq as usize), Piece::new(color, Kind::King));
        let mut pieces = [king(self.kings[0], Color::Sente); MAX_MEN + 2];
        pieces[1] = king(self.kings[1], Color::Gote);
        let mut n = 2;
        let mut hands = [Hand::EMPTY; 2];
        for man in self.men() {
            if man.sq == IN_HAND {
                hands[man.color as usize].add(Kind::from_index(man.kind as usize));
            } else {
                pieces[n] = (Square::from_index(man.sq as usize), Piece::new(man.owner(), man.board_kind()));
                n += 1;
            }
        }
        (pieces, n, hands)
    }

    /// The legal position with `side` to move, checked by the rules crate (`None` if illegal).
    #[inline]
    pub fn to_position(self, side: Color) -> Option<Position> {
        let (pieces, n, hands) = self.to_pieces();
        Position::from_pieces(&pieces[..n], hands, side).ok()
    }

    /// The position with `side` to move without the rules crate's checks (the caller knows the
    /// placement is legal).
    #[inline]
    pub fn to_position_unchecked(self, side: Color) -> Position {
        let (pieces, n, hands) = self.to_pieces();
        Position::from_pieces_unchecked(&pieces[..n], hands, side)
    }

    /// The setup with `side` to move (no validation).
    pub fn to_setup(self, side: Color) -> Setup {
        let mut setup = Setup::empty();
        setup.side_to_move = side;
        setup.board[self.kings[0] as usize] = Some(Piece::new(Color::Sente, Kind::King));
        setup.board[self.kings[1] as usize] = Some(Piece::new(Color::Gote, Kind::King));
        let mut hands = [Hand::EMPTY; 2];
        for man in self.men() {
            if man.sq == IN_HAND {
                hands[man.color as usize].add(Kind::from_index(man.kind as usize));
            } else {
                setup.board[man.sq as usize] = Some(Piece::new(man.owner(), man.board_kind()));
            }
        }
        setup.hands = hands;
        setup
    }
}
