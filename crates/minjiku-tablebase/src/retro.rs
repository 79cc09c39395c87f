//! Minjiku's side of the generic generator: [`RetroRules`] over one set's [`Indexer`], with the
//! moves that leave the set valued through the smaller tables built before.

use crate::index::{Indexer, Placement};
use crate::material::MAX_PIECES;
use crate::moves::{backed_up, better, stays_in_set};
use crate::origins::origins;
use crate::tables::Tables;
use minishogi_retro::{RetroRules, Value};
use minjiku::movement::movement;
use minjiku::{Color, Kind, MoveList, Piece, Position, Square};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    /// One move list per worker thread (a list is 20 KB: not worth clearing per position).
    static MOVES: RefCell<MoveList> = RefCell::new(MoveList::new());
}

/// The legal moves of `pos`, handed to `f`.
pub(crate) fn with_moves<T>(pos: &Position, f: impl FnOnce(&MoveList) -> T) -> T {
    MOVES.with(|cell| match cell.try_borrow_mut() {
        Ok(mut list) => {
            pos.legal_moves(&mut list);
            f(&list)
        }
        // Re-entered (never in this crate): a list of its own.
        Err(_) => f(&pos.legal_move_list()),
    })
}

/// The retrograde rules of one Minjiku set.
pub struct MinjikuRetro<'a> {
    indexer: Indexer,
    smaller: &'a Tables,
    /// Set when a move led to a set `smaller` does not hold (the build order prevents it).
    missing: AtomicBool,
}

impl<'a> MinjikuRetro<'a> {
    /// The rules of `indexer`'s set, looking up moves that leave it in `smaller`.
    pub fn new(indexer: Indexer, smaller: &'a Tables) -> MinjikuRetro<'a> {
        MinjikuRetro { indexer, smaller, missing: AtomicBool::new(false) }
    }

    /// True when some move's set was not in the smaller tables (the values are then wrong).
    pub fn missed_a_table(&self) -> bool {
        self.missing.load(Ordering::Relaxed)
    }
}

/// A decoded position with what its moves give, worked out once for both
/// [`RetroRules::move_count`] and [`RetroRules::exit_value`] (the generator asks both of every
/// position: one move generation instead of two).
pub struct Decoded {
    pos: Position,
    /// Where the pieces stand, in slot order (the un-moves change one square of it).
    placement: Placement,
    /// The number of moves that stay in the set and the best value of those that leave.
    moves: Cell<Option<(u32, Option<Value>)>>,
}

impl Decoded {
    fn new(pos: Position, placement: Placement) -> Decoded {
        Decoded { pos, placement, moves: Cell::new(None) }
    }
}

impl MinjikuRetro<'_> {
    /// The moves of `d` that stay in the set, counted, and the best value of those that leave.
    fn moves_of(&self, d: &Decoded) -> (u32, Option<Value>) {
        if let Some(known) = d.moves.get() {
            return known;
        }
        let pos = &d.pos;
        let known = with_moves(pos, |moves| {
            let mut in_set = 0;
            let mut best: Option<Value> = None;
            for &m in moves.iter() {
                if stays_in_set(pos, m) {
                    in_set += 1;
                    continue;
                }
                let value = match self.smaller.value(&pos.after(m)) {
                    Ok(Some(v)) => backed_up(v),
                    _ => {
                        self.missing.store(true, Ordering::Relaxed);
                        Value::DRAW
                    }
                };
                if best.is_none_or(|b| better(value, b)) {
                    best = Some(value);
                }
            }
            (in_set, best)
        });
        d.moves.set(Some(known));
        known
    }
}

impl RetroRules for MinjikuRetro<'_> {
    type Pos = Decoded;

    fn size(&self) -> u64 {
        self.indexer.size()
    }

    fn decode(&self, index: u64) -> Option<Decoded> {
        let placement = self.indexer.placement(index)?;
        self.indexer.position(&placement).map(|pos| Decoded::new(pos, placement))
    }

    fn move_count(&self, pos: &Decoded) -> u32 {
        self.moves_of(pos).0
    }

    fn exit_value(&self, pos: &Decoded) -> Option<Value> {
        self.moves_of(pos).1
    }

    fn predecessors(&self, decoded: &Decoded, _no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        let pos = &decoded.pos;
        let mover = !pos.side_to_move();
        let king = |color| Piece::new(color, Kind::King);
        let kings = [king(Color::White), king(Color::Black)];
        let squares = decoded.placement.squares();
        let pieces = kings.iter().chain(self.indexer.pieces());
        for (i, (&to, &piece)) in squares.iter().zip(pieces).enumerate() {
            // An unmoved Lateral Mover never arrives; a Dragon's arrival would have burnt the
            // enemies now diagonally next to it.
            if piece.color != mover
                || piece.kind == Kind::UnmovedLateralMover
                || burns_on_arrival(pos, to, piece)
            {
                continue;
            }
            // Exact origins: every one is a quiet move of the piece to `to` (see `origins`). The
            // predecessor is encoded from its squares: a predecessor whose side not to move is in
            // check is an illegal slot, which the generator ignores, so no position is built.
            let mut before = [to; 2 + MAX_PIECES];
            before[..squares.len()].copy_from_slice(squares);
            for from in origins(pos, to, piece) {
                before[i] = from;
                if let Some(slot) = self.indexer.encode_squares(mover, &before[..squares.len()]) {
                    emit(slot, 1);
                }
            }
        }
    }

    fn in_check(&self, pos: &Decoded) -> bool {
        pos.pos.is_check()
    }

    fn children(&self, decoded: &Decoded, emit: &mut dyn FnMut(u64)) {
        let pos = &decoded.pos;
        with_moves(pos, |moves| {
            for &m in moves.iter().filter(|&&m| stays_in_set(pos, m)) {
                if let Some(slot) = self.indexer.encode(&pos.after(m)) {
                    emit(slot);
                }
            }
        });
    }
}

/// True when `piece` burns and an enemy stands diagonally next to `to`.
fn burns_on_arrival(pos: &Position, to: Square, piece: Piece) -> bool {
    movement(piece.kind).burns
        && [(1, 1), (1, -1), (-1, 1), (-1, -1)].iter().any(|&(df, dr)| {
            to.offset(df, dr).and_then(|sq| pos.piece_at(sq)).is_some_and(|p| p.color != piece.color)
        })
}
