//! Minjiku's side of the generic generator: [`RetroRules`] over one set's [`Indexer`], with the
//! moves that leave the set valued through the smaller tables built before.

use crate::index::{Indexer, Placement};
use crate::material::MAX_PIECES;
use crate::moves::{backed_up, better, stays_in_set};
use crate::origins::origins;
use crate::tables::Tables;
use minishogi_retro::{RetroRules, Value};
use minjiku::geometry::SquareSet;
use minjiku::movement::movement;
use minjiku::{Color, Kind, MoveList, Piece, Position, Square};
use std::cell::{Cell, OnceCell, RefCell};
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

/// A decoded slot: where its pieces stand, and for the first pass (which asks both
/// [`RetroRules::move_count`] and [`RetroRules::exit_value`] of every position) the position and
/// what its moves give, worked out once. The un-moves of the later passes need only the squares:
/// [`RetroRules::decode_legal`] builds no position.
pub struct Decoded {
    /// Where the pieces stand, in slot order (the un-moves change one square of it).
    placement: Placement,
    /// The squares of White's pieces and Black's, Kings included.
    occupied: [SquareSet; 2],
    /// The position, built on first use (`None` if the placement is not legal).
    pos: OnceCell<Option<Position>>,
    /// The number of moves that stay in the set and the best value of those that leave.
    moves: Cell<Option<(u32, Option<Value>)>>,
}

impl Decoded {
    fn new(indexer: &Indexer, placement: Placement) -> Decoded {
        let mut occupied = [SquareSet::EMPTY; 2];
        for (&sq, piece) in placement.squares().iter().zip(pieces_of(indexer)) {
            occupied[piece.color.index()].insert(sq);
        }
        Decoded { placement, occupied, pos: OnceCell::new(), moves: Cell::new(None) }
    }

    /// The position (`None` when the side not to move is in check).
    fn position(&self, indexer: &Indexer) -> Option<&Position> {
        self.pos.get_or_init(|| indexer.position(&self.placement)).as_ref()
    }
}

/// The Kings and pieces of `indexer`'s set in slot order: the white King, the black King, the
/// pieces.
fn pieces_of(indexer: &Indexer) -> impl Iterator<Item = Piece> + '_ {
    let king = |color| Piece::new(color, Kind::King);
    [king(Color::White), king(Color::Black)].into_iter().chain(indexer.pieces().iter().copied())
}

impl MinjikuRetro<'_> {
    /// The moves of `d` that stay in the set, counted, and the best value of those that leave.
    fn moves_of(&self, d: &Decoded) -> (u32, Option<Value>) {
        if let Some(known) = d.moves.get() {
            return known;
        }
        let Some(pos) = d.position(&self.indexer) else { return (0, None) };
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
        let decoded = Decoded::new(&self.indexer, self.indexer.placement(index)?);
        decoded.position(&self.indexer)?;
        Some(decoded)
    }

    fn decode_legal(&self, index: u64) -> Option<Decoded> {
        Some(Decoded::new(&self.indexer, self.indexer.placement(index)?))
    }

    fn move_count(&self, pos: &Decoded) -> u32 {
        self.moves_of(pos).0
    }

    fn exit_value(&self, pos: &Decoded) -> Option<Value> {
        self.moves_of(pos).1
    }

    fn predecessors(&self, decoded: &Decoded, _no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        let mover = !decoded.placement.side;
        let squares = decoded.placement.squares();
        let [white, black] = decoded.occupied;
        let occupied = SquareSet::union(white, black);
        let enemies = decoded.occupied[(!mover).index()];
        for (i, (&to, piece)) in squares.iter().zip(pieces_of(&self.indexer)).enumerate() {
            // An unmoved Lateral Mover never arrives; a Dragon's arrival would have burnt the
            // enemies now diagonally next to it.
            if piece.color != mover
                || piece.kind == Kind::UnmovedLateralMover
                || burns_on_arrival(enemies, to, piece)
            {
                continue;
            }
            // Exact origins: every one is a quiet move of the piece to `to` (see `origins`). The
            // predecessor is encoded from its squares: a predecessor whose side not to move is in
            // check is an illegal slot, which the generator ignores, so no position is built.
            let mut before = [to; 2 + MAX_PIECES];
            before[..squares.len()].copy_from_slice(squares);
            for from in origins(occupied, to, piece) {
                before[i] = from;
                if let Some(slot) = self.indexer.encode_squares(mover, &before[..squares.len()]) {
                    emit(slot, 1);
                }
            }
        }
    }

    fn in_check(&self, decoded: &Decoded) -> bool {
        decoded.position(&self.indexer).is_some_and(Position::is_check)
    }

    fn children(&self, decoded: &Decoded, emit: &mut dyn FnMut(u64)) {
        let Some(pos) = decoded.position(&self.indexer) else { return };
        with_moves(pos, |moves| {
            for &m in moves.iter().filter(|&&m| stays_in_set(pos, m)) {
                if let Some(slot) = self.indexer.encode(&pos.after(m)) {
                    emit(slot);
                }
            }
        });
    }
}

/// True when `piece` burns and one of `enemies` stands diagonally next to `to`.
fn burns_on_arrival(enemies: SquareSet, to: Square, piece: Piece) -> bool {
    movement(piece.kind).burns
        && [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(df, dr)| to.offset(df, dr).is_some_and(|sq| enemies.contains(sq)))
}
