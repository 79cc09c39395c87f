//! Minjiku's side of the generic generator: [`RetroRules`] over one set's [`Indexer`], with the
//! moves that leave the set valued through the smaller tables built before.

use crate::index::Indexer;
use crate::moves::{backed_up, better, stays_in_set};
use crate::tables::Tables;
use minishogi_tablebase::{RetroRules, Value};
use minjiku::{destinations, king_distance, movement, Move, MoveList, Piece, Position, Square, SquareSet};
use std::cell::RefCell;
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

    /// Squares from which the piece now on `to` may have come by a move that keeps the material
    /// (a superset: [`MinjikuRetro::predecessors`] checks each by generating the piece's moves).
    fn origins(pos: &Position, to: Square, piece: Piece) -> SquareSet {
        let abilities = movement(piece.kind);
        let s = piece.color.forward();
        let mut out = SquareSet::EMPTY;
        let mut add = |sq: Square| {
            if pos.piece_at(sq).is_none() && !sq.is_extra() {
                out.insert(sq);
            }
        };
        for &(df, dr) in abilities.steps {
            if let Some(sq) = to.offset(-df * s, -dr * s) {
                add(sq);
            }
        }
        let lines = abilities.slides.iter().chain(abilities.short_slides).chain(abilities.jumps);
        for &(df, dr) in lines.chain(abilities.skip_slides) {
            let mut at = to;
            while let Some(sq) = at.offset(-df * s, -dr * s) {
                add(sq);
                at = sq;
            }
        }
        if abilities.area {
            for sq in Square::all().filter(|&sq| king_distance(sq, to) <= 2) {
                add(sq);
            }
        }
        out
    }
}

impl RetroRules for MinjikuRetro<'_> {
    type Pos = Position;

    fn size(&self) -> u64 {
        self.indexer.size()
    }

    fn decode(&self, index: u64) -> Option<Position> {
        self.indexer.decode(index)
    }

    fn move_count(&self, pos: &Position) -> u32 {
        with_moves(pos, |moves| moves.iter().filter(|&&m| stays_in_set(pos, m)).count() as u32)
    }

    fn exit_value(&self, pos: &Position) -> Option<Value> {
        with_moves(pos, |moves| {
            let mut best: Option<Value> = None;
            for &m in moves.iter().filter(|&&m| !stays_in_set(pos, m)) {
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
            best
        })
    }

    fn predecessors(&self, pos: &Position, _no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        let mover = !pos.side_to_move();
        for (to, piece) in pos.pieces().filter(|(_, p)| p.color == mover) {
            // An unmoved Lateral Mover never arrives; a Dragon's arrival would have burnt the
            // enemies now diagonally next to it.
            if piece.kind == minjiku::Kind::UnmovedLateralMover || burns_on_arrival(pos, to, piece) {
                continue;
            }
            for from in MinjikuRetro::origins(pos, to, piece) {
                let Some(before) = moved_back(pos, to, from) else { continue };
                let legal = !before.is_attacked(before.king(pos.side_to_move()), mover);
                if legal && destinations(&before, from, piece).contains(to) {
                    if let Some(slot) = self.indexer.encode(&before) {
                        emit(slot, 1);
                    }
                }
            }
        }
    }

    fn in_check(&self, pos: &Position) -> bool {
        pos.is_check()
    }

    fn children(&self, pos: &Position, emit: &mut dyn FnMut(u64)) {
        with_moves(pos, |moves| {
            for &m in moves.iter().filter(|&&m| stays_in_set(pos, m)) {
                if let Some(slot) = self.indexer.encode(&pos.after(m)) {
                    emit(slot);
                }
            }
        });
    }
}

/// `pos` with the piece on `to` put back on the empty square `from` and the other side to move
/// (not checked for legality).
fn moved_back(pos: &Position, to: Square, from: Square) -> Option<Position> {
    let piece = pos.piece_at(to)?;
    if movement(piece.kind).burns {
        // Playing the Dragon's way back would burn: the position is assembled instead.
        let pieces = pos.pieces().map(|(sq, p)| (if sq == to { from } else { sq }, p));
        return Position::from_pieces(pieces, !pos.side_to_move()).ok();
    }
    // A plain move from `to` to the empty `from`: no capture, no burn, no promotion.
    Some(pos.after(Move::new(to, from, false)))
}

/// True when `piece` burns and an enemy stands diagonally next to `to`.
fn burns_on_arrival(pos: &Position, to: Square, piece: Piece) -> bool {
    movement(piece.kind).burns
        && [(1, 1), (1, -1), (-1, 1), (-1, -1)].iter().any(|&(df, dr)| {
            to.offset(df, dr).and_then(|sq| pos.piece_at(sq)).is_some_and(|p| p.color != piece.color)
        })
}
