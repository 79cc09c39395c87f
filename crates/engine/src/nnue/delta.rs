//! What a move changes in the features: computed from the position before the move, so that the
//! accumulator after the move is the one before plus a few weight rows.

use super::features::View;
use minishogi::{Color, Kind, Move, Position, Square};

/// A piece or hand step that a move removes or adds, independent of the perspective.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// A piece of this colour and kind on this square.
    Board(Color, Kind, Square),
    /// "This colour holds at least this many of this kind in hand".
    Hand(Color, Kind, u8),
}

impl Change {
    /// The feature of this change from `view`.
    #[inline]
    pub fn feature(self, view: &View) -> u16 {
        match self {
            Change::Board(c, k, sq) => view.board(c, k, sq),
            Change::Hand(c, k, n) => view.hand(c, k, n),
        }
    }
}

/// The features a move removes and adds (at most two of each), and whether the mover's king moved
/// (then the mover's perspective changes bucket or mirror and is rebuilt instead).
#[derive(Copy, Clone, Debug)]
pub struct MoveDelta {
    /// The side that moves.
    pub mover: Color,
    /// True when the mover's king moves.
    pub king_moved: bool,
    removed: [Change; 2],
    added: [Change; 2],
    removed_len: u8,
    added_len: u8,
}

impl MoveDelta {
    /// The changes of `m`, a legal move in `pos` (the position before the move).
    #[inline]
    pub fn new(pos: &Position, m: Move) -> MoveDelta {
        let us = pos.side_to_move();
        let to = m.to();
        let none = Change::Hand(us, Kind::Pawn, 1);
        let mut d = MoveDelta {
            mover: us,
            king_moved: false,
            removed: [none; 2],
            added: [none; 2],
            removed_len: 0,
            added_len: 0,
        };
        match m.from() {
            Some(from) => {
                // Legal moves start on a piece of the mover; an empty square changes nothing.
                let Some(piece) = pos.piece_at(from) else { return d };
                d.king_moved = piece.kind == Kind::King;
                let kind =
                    if m.is_promotion() { piece.kind.promoted().unwrap_or(piece.kind) } else { piece.kind };
                d.remove(Change::Board(us, piece.kind, from));
                d.add(Change::Board(us, kind, to));
                if let Some(cap) = pos.piece_at(to) {
                    d.remove(Change::Board(cap.color, cap.kind, to));
                    let gained = cap.kind.unpromoted();
                    let after = pos.hand(us).count(gained) + 1;
                    if after <= super::features::MAX_HAND {
                        d.add(Change::Hand(us, gained, after));
                    }
                }
            }
            None => {
                let Some(kind) = m.dropped() else { return d };
                let before = pos.hand(us).count(kind);
                if (1..=super::features::MAX_HAND).contains(&before) {
                    d.remove(Change::Hand(us, kind, before));
                }
                d.add(Change::Board(us, kind, to));
            }
        }
        d
    }

    #[inline]
    fn remove(&mut self, c: Change) {
        self.removed[usize::from(self.removed_len)] = c;
        self.removed_len += 1;
    }

    #[inline]
    fn add(&mut self, c: Change) {
        self.added[usize::from(self.added_len)] = c;
        self.added_len += 1;
    }

    /// The changes that leave.
    #[inline]
    pub(crate) fn removed(&self) -> &[Change] {
        &self.removed[..usize::from(self.removed_len)]
    }

    /// The changes that arrive.
    #[inline]
    pub(crate) fn added(&self) -> &[Change] {
        &self.added[..usize::from(self.added_len)]
    }
}
