//! Minjiku's side of the generic generator: [`RetroRules`] over one set's [`Indexer`], with the
//! moves that leave the set valued through the smaller tables built before.

use crate::exits::ExitTables;
use crate::index::{Indexer, Placement};
use crate::moves::{backed_up, better, stays_in_set};
use crate::quiet::{burning_squares, burns_on_arrival, QuietMoves};
use crate::reach::ReachTable;
use crate::squares::{bit, Mask};
use crate::tables::Tables;
use minishogi_retro::{RetroRules, Value};
use minjiku::{Color, Kind, MoveList, Piece, Position};
use std::cell::{OnceCell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    /// One move list per worker thread (a list is 20 KB: not worth clearing per position).
    static MOVES: RefCell<MoveList> = RefCell::new(MoveList::new());
}

/// The legal moves of `pos`, or only its tactical ones (captures, burns, promotions) when
/// `tactical`, handed to `f`.
pub(crate) fn with_moves<T>(pos: &Position, tactical: bool, f: impl FnOnce(&MoveList) -> T) -> T {
    MOVES.with(|cell| match cell.try_borrow_mut() {
        Ok(mut list) => {
            if tactical {
                pos.legal_tactical_moves(&mut list);
            } else {
                pos.legal_moves(&mut list);
            }
            f(&list)
        }
        // Re-entered (never in this crate): a list of its own.
        Err(_) => {
            let mut list = MoveList::new();
            if tactical {
                pos.legal_tactical_moves(&mut list);
            } else {
                pos.legal_moves(&mut list);
            }
            f(&list)
        }
    })
}

/// The retrograde rules of one Minjiku set.
pub struct MinjikuRetro<'a> {
    indexer: Indexer,
    /// The tables of the sets the exits lead to.
    exits: ExitTables<'a>,
    /// Set when a move led to a set `smaller` does not hold (the build order prevents it).
    missing: AtomicBool,
    /// Whether White, Black has an unmoved Lateral Mover (whose first move leaves the set).
    unmoved_lateral: [bool; 2],
    /// Whether White, Black has a piece that may promote.
    may_promote: [bool; 2],
    /// The quiet moves of each King and piece, in slot order.
    quiet: Vec<QuietMoves>,
    /// Where each King and piece, in slot order, could capture.
    reach: Vec<ReachTable>,
}

impl<'a> MinjikuRetro<'a> {
    /// The rules of `indexer`'s set, looking up moves that leave it in `smaller`.
    pub fn new(indexer: Indexer, smaller: &'a Tables) -> MinjikuRetro<'a> {
        let mut unmoved_lateral = [false; 2];
        for piece in indexer.pieces().iter().filter(|p| p.kind == Kind::UnmovedLateralMover) {
            unmoved_lateral[piece.color.index()] = true;
        }
        let mut may_promote = [false; 2];
        for piece in indexer.pieces().iter().filter(|p| p.kind.promoted().is_some()) {
            may_promote[piece.color.index()] = true;
        }
        let exits = ExitTables::new(indexer.material(), smaller);
        let quiet = pieces_of(&indexer).map(QuietMoves::new).collect();
        let reach = pieces_of(&indexer).map(ReachTable::new).collect();
        let missing = AtomicBool::new(false);
        MinjikuRetro { indexer, exits, missing, unmoved_lateral, may_promote, quiet, reach }
    }

    /// True when some move's set was not in the smaller tables (the values are then wrong).
    pub fn missed_a_table(&self) -> bool {
        self.missing.load(Ordering::Relaxed)
    }
}

/// A decoded slot: where its pieces stand, and the position, built when first needed (the first
/// pass's exits). Un-moves need only the squares: [`RetroRules::decode_legal`] builds no
/// position.
pub struct Decoded {
    /// The slot.
    slot: u64,
    /// Where the pieces stand, in slot order (the un-moves change one square of it).
    placement: Placement,
    /// The squares of White's pieces and Black's, Kings included.
    occupied: [Mask; 2],
    /// False when no piece of the side to move could capture an enemy piece (see `reach`): the
    /// position is legal and has no capture or burn. True when unknown.
    threat: bool,
    /// The position, built on first use (`None` if the placement is not legal).
    pos: OnceCell<Option<Position>>,
}

impl Decoded {
    fn new(indexer: &Indexer, slot: u64, placement: Placement) -> Decoded {
        let mut occupied = [0; 2];
        for (&sq, piece) in placement.squares().iter().zip(pieces_of(indexer)) {
            occupied[piece.color.index()] |= bit(sq.index());
        }
        Decoded { slot, placement, occupied, threat: true, pos: OnceCell::new() }
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
    /// True when a piece of the side to move could capture an enemy piece (the King included),
    /// by [`ReachTable`]: false means it cannot.
    fn threatens(&self, decoded: &Decoded) -> bool {
        let us = decoded.placement.side;
        let enemies = decoded.occupied[(!us).index()];
        let pieces = self.quiet.iter().zip(&self.reach);
        decoded
            .placement
            .squares()
            .iter()
            .zip(pieces)
            .any(|(sq, (quiet, reach))| quiet.color == us && reach.from(sq.index()) & enemies != 0)
    }

    /// The best value of the moves of `pos` that leave the set, `None` when none does. Those are
    /// its tactical moves (captures, burns, promotions) and the first moves of an unmoved Lateral
    /// Mover: only a side with one needs the whole move list.
    fn best_exit(&self, pos: &Position) -> Option<Value> {
        let us = pos.side_to_move();
        if !self.may_promote[us.index()] && !self.unmoved_lateral[us.index()] {
            // Without promotions, a tactical move removes an enemy piece, which is then attacked
            // (check means the same): most positions have no exit, known without generating moves.
            let king = pos.king(!us);
            if !pos.occupied(!us).any(|sq| sq != king && pos.is_attacked(sq, us)) {
                return None;
            }
        }
        let tactical = !self.unmoved_lateral[us.index()];
        with_moves(pos, tactical, |moves| {
            let mut best: Option<Value> = None;
            for &m in moves.iter().filter(|&&m| !stays_in_set(pos, m)) {
                let value = match self.exits.value(&pos.after(m)) {
                    Some(v) => backed_up(v),
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
}

impl RetroRules for MinjikuRetro<'_> {
    type Pos = Decoded;

    fn size(&self) -> u64 {
        self.indexer.size()
    }

    fn decode(&self, index: u64) -> Option<Decoded> {
        let mut decoded = Decoded::new(&self.indexer, index, self.indexer.placement(index)?);
        decoded.threat = self.threatens(&decoded);
        // A position whose side to move reaches no enemy piece is legal: no position to build.
        if decoded.threat {
            decoded.position(&self.indexer)?;
        }
        Some(decoded)
    }

    fn decode_legal(&self, index: u64) -> Option<Decoded> {
        Some(Decoded::new(&self.indexer, index, self.indexer.placement(index)?))
    }

    fn counts_moves_by_predecessors(&self) -> bool {
        // Un-moves are a few square lookups; a legal move generation per position is not.
        true
    }

    fn counts_moves_by_successors(&self) -> bool {
        // Quiet moves are the same lookups, and the count needs no atomic update per move.
        true
    }

    fn successors(&self, decoded: &Decoded, emit: &mut dyn FnMut(u64)) {
        let mover = decoded.placement.side;
        let [white, black] = decoded.occupied;
        let occupied = white | black;
        let enemies = decoded.occupied[(!mover).index()];
        for (i, (&from, quiet)) in decoded.placement.squares().iter().zip(&self.quiet).enumerate() {
            let Some((_, table)) = quiet.tables.as_ref().filter(|_| quiet.color == mover) else { continue };
            // Every destination is a quiet move; one into check leads to an illegal slot, which
            // the generator does not count.
            let mut destinations = table.squares(occupied, from.index());
            while destinations != 0 {
                let to = destinations.trailing_zeros() as usize;
                destinations &= destinations - 1;
                // A Dragon's arrival next to an enemy burns it: that move leaves the set.
                if quiet.burns && burns_on_arrival(enemies, to) {
                    continue;
                }
                if let Some(slot) = self.indexer.moved_to(decoded.slot, &decoded.placement, i, to) {
                    emit(slot);
                }
            }
        }
    }

    fn move_count(&self, decoded: &Decoded) -> u32 {
        let Some(pos) = decoded.position(&self.indexer) else { return 0 };
        with_moves(pos, false, |moves| moves.iter().filter(|&&m| stays_in_set(pos, m)).count() as u32)
    }

    fn exit_value(&self, decoded: &Decoded) -> Option<Value> {
        let us = decoded.placement.side.index();
        // Without a capture or burn, only a promotion or an unmoved Lateral Mover leaves the set.
        if !decoded.threat && !self.may_promote[us] && !self.unmoved_lateral[us] {
            return None;
        }
        self.best_exit(decoded.position(&self.indexer)?)
    }

    fn legal_successor_count(&self, decoded: &Decoded, is_legal: &dyn Fn(u64) -> bool) -> u32 {
        let mover = decoded.placement.side;
        let squares = decoded.placement.squares();
        let [white, black] = decoded.occupied;
        let occupied = white | black;
        let enemies = decoded.occupied[(!mover).index()];
        // Every square an enemy piece could capture on; a quiet move of ours leaves them where
        // they are. Our King, `mover.index()` in slot order, safe from all of them makes every
        // move of another piece legal, and a King move to a square none reaches is legal.
        let pieces = squares.iter().zip(self.quiet.iter().zip(&self.reach));
        let attacked = pieces
            .filter(|(_, (quiet, _))| quiet.color != mover)
            .fold(0, |a, (sq, (_, reach))| a | reach.from(sq.index()));
        let king = mover.index();
        let king_safe = attacked & bit(squares[king].index()) == 0;
        let mut n = 0;
        for (i, (&from, quiet)) in squares.iter().zip(&self.quiet).enumerate() {
            let Some((_, table)) = quiet.tables.as_ref().filter(|_| quiet.color == mover) else { continue };
            let mut destinations = table.squares(occupied, from.index());
            // A Dragon's arrival next to an enemy burns it: that move leaves the set.
            if quiet.burns {
                destinations &= !burning_squares(enemies);
            }
            let sure = match (i == king, king_safe) {
                (true, _) => destinations & !attacked,
                (false, true) => destinations,
                (false, false) => 0,
            };
            n += sure.count_ones();
            let mut unsure = destinations & !sure;
            while unsure != 0 {
                let to = unsure.trailing_zeros() as usize;
                unsure &= unsure - 1;
                let slot = self.indexer.moved_to(decoded.slot, &decoded.placement, i, to);
                n += u32::from(slot.is_some_and(is_legal));
            }
        }
        n
    }

    fn predecessors(&self, decoded: &Decoded, _no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        let mover = !decoded.placement.side;
        let [white, black] = decoded.occupied;
        let occupied = white | black;
        let enemies = decoded.occupied[(!mover).index()];
        for (i, (&to, quiet)) in decoded.placement.squares().iter().zip(&self.quiet).enumerate() {
            // An unmoved Lateral Mover never arrives; a Dragon's arrival would have burnt the
            // enemies now diagonally next to it.
            let Some((table, _)) = quiet.tables.as_ref().filter(|_| quiet.color == mover) else { continue };
            if quiet.burns && burns_on_arrival(enemies, to.index()) {
                continue;
            }
            // Exact origins: every one is a quiet move of the piece to `to` (see `origins`). The
            // predecessor is encoded from its squares: a predecessor whose side not to move is in
            // check is an illegal slot, which the generator ignores, so no position is built.
            let mut origins = table.squares(occupied, to.index());
            while origins != 0 {
                let from = origins.trailing_zeros() as usize;
                origins &= origins - 1;
                if let Some(slot) = self.indexer.moved_to(decoded.slot, &decoded.placement, i, from) {
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
        with_moves(pos, false, |moves| {
            for &m in moves.iter().filter(|&&m| stays_in_set(pos, m)) {
                if let Some(slot) = self.indexer.encode(&pos.after(m)) {
                    emit(slot);
                }
            }
        });
    }
}

#[cfg(test)]
mod tests;
