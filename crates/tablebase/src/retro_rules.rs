//! Minishogi un-moves: the positions from which one legal move leads to a given position.
//!
//! A canonical position has sente to move, so gote made the last move. Un-moves take one of
//! gote's pieces back: a board move (optionally un-promoting when the move touched gote's last
//! rank), possibly returning a piece from gote's hand to sente on the destination (promoted or
//! not: captures unpromote), or an un-drop back into gote's hand. An un-drop of a pawn that gives
//! mate is skipped (pawn-drop mate is not a move). Each predecessor is colour-flipped to sente to
//! move and indexed. Whether sente (not to move) is in check in a predecessor is not tested here:
//! such a predecessor's slot holds no legal position, which the generator skips (a cheaper test
//! than the attack computation, which was a sixth of the generator's time).

use minishogi::attacks::attacks;
use minishogi::bitboard::Bitboard;
use minishogi::{Color, Kind, MoveList, Square};

use minishogi_retro::RetroRules;

use crate::children::child_slots;
use crate::index::Indexer;
use crate::placement::{Changes, Placement, IN_HAND};

/// Gote's last rank (row index): moves that start or end there may promote.
const GOTE_ZONE: u8 = Color::Gote.last_row();
/// Sente's last rank: no unpromoted sente pawn may stand there.
const SENTE_LAST: u8 = Color::Sente.last_row();

/// [`RetroRules`] for one Minishogi material set.
#[derive(Clone, Debug)]
pub struct MinishogiRetro {
    indexer: Indexer,
}

impl MinishogiRetro {
    /// The rules over the slots of `indexer`.
    pub fn new(indexer: Indexer) -> MinishogiRetro {
        MinishogiRetro { indexer }
    }

    /// The indexer.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }
}

/// A decoded canonical position (sente to move).
#[derive(Copy, Clone, Debug)]
pub struct RetroPos(Placement);

impl RetroRules for MinishogiRetro {
    type Pos = RetroPos;

    fn size(&self) -> u64 {
        self.indexer.size()
    }

    fn decode(&self, index: u64) -> Option<RetroPos> {
        self.indexer.placement(index).map(RetroPos)
    }

    fn decode_range(&self, start: u64, end: u64, f: &mut dyn FnMut(u64, Option<RetroPos>)) {
        self.indexer.for_each_placement(start, end, |index, p| f(index, p.copied().map(RetroPos)));
    }

    fn decode_legal(&self, index: u64) -> Option<RetroPos> {
        self.indexer.raw_placement(index).map(RetroPos)
    }

    fn move_count(&self, pos: &RetroPos) -> u32 {
        pos.0.to_position_unchecked(Color::Sente).legal_move_count()
    }

    fn predecessors(&self, pos: &RetroPos, no_moves: bool, emit: &mut dyn FnMut(u64, u8)) {
        let w = &pos.0;
        // Only a position with both kings on the middle file can equal its mirror image.
        let w_symmetric =
            w.kings[0] % 5 == 2 && w.kings[1] % 5 == 2 && self.indexer.index_placement(w).1.symmetric;
        // Predecessors that keep the kings are ranked through the frame of `w`, colour-flipped.
        let frame = self.indexer.frame(w, true);
        let mut report = |p: &Placement, changes: Changes| {
            if !changes.king && !frame.is_ambiguous() {
                emit(frame.index_of(&self.indexer, p, changes.men()), 1);
                return;
            }
            let (q, orient) = self.indexer.index_transformed(p, true);
            // Weights that make the un-move hits add up to forward move counts (see RetroRules):
            // a symmetric target is reached from both mirror images of an asymmetric predecessor,
            // an asymmetric target once from a symmetric predecessor that has two moves into it.
            let weight = match (w_symmetric, orient.symmetric) {
                (true, false) => u8::from(!orient.mirrored),
                (false, true) => 2,
                _ => 1,
            };
            emit(q, weight);
        };
        unmoves(w, no_moves, &mut report);
    }

    fn in_check(&self, pos: &RetroPos) -> bool {
        pos.0.to_position_unchecked(Color::Sente).in_check()
    }

    fn children(&self, pos: &RetroPos, emit: &mut dyn FnMut(u64)) {
        let placement = &pos.0;
        let mut moves = MoveList::new();
        placement.to_position_unchecked(Color::Sente).legal_moves(&mut moves);
        child_slots(&self.indexer, placement, &moves, emit);
    }
}

/// Calls `report` with every placement (gote to move) from which a gote move leads to `w`, except
/// that sente may be in check in it (the slot of such a placement holds no legal position).
fn unmoves(w: &Placement, no_moves: bool, report: &mut dyn FnMut(&Placement, Changes)) {
    let occ = w.occupied();
    let empty = !occ & Bitboard(0x01FF_FFFF);

    // The gote king steps back, possibly uncapturing, but never next to sente's king (kings may
    // not touch in any slot of the index).
    let kg = Square::from_index(w.kings[1] as usize);
    let ks = Square::from_index(w.kings[0] as usize);
    let next_to_sente_king = attacks(Color::Sente, Kind::King, ks, occ);
    for from in attacks(Color::Sente, Kind::King, kg, occ) & empty & !next_to_sente_king {
        let mut p = *w;
        p.kings[1] = from.index() as u8;
        with_uncaptures(&p, kg.index() as u8, Changes::king(), report);
    }

    for i in 0..w.len as usize {
        let man = w.men[i];
        if man.color != 1 || man.sq == IN_HAND {
            continue;
        }
        let to = Square::from_index(man.sq as usize);
        let kind = man.board_kind();

        // Un-drop (drops are unpromoted); a pawn drop that mates was never a move.
        if !man.promoted {
            let pawn_mate = man.kind == 0 && no_moves && w.kings[0] == man.sq + 5;
            if !pawn_mate {
                let mut p = *w;
                p.men[i].sq = IN_HAND;
                report(&p, Changes::default().with(i));
            }
        }

        // A board move without promotion (an unpromoted pawn on gote's last rank cannot exist).
        for from in attacks(Color::Sente, kind, to, occ) & empty {
            let mut p = *w;
            p.men[i].sq = from.index() as u8;
            with_uncaptures(&p, man.sq, Changes::default().with(i), report);
        }
        // A promoting move: the piece stood unpromoted on `from`.
        if man.promoted {
            let base = Kind::from_index(man.kind as usize);
            for from in attacks(Color::Sente, base, to, occ) & empty {
                if from.row() != GOTE_ZONE && to.row() != GOTE_ZONE {
                    continue;
                }
                let mut p = *w;
                p.men[i].sq = from.index() as u8;
                p.men[i].promoted = false;
                if man.kind == 0 && gote_pawn_on_file(&p, i, from.col()) {
                    continue;
                }
                with_uncaptures(&p, man.sq, Changes::default().with(i), report);
            }
        }
    }
}

/// True when a gote unpromoted pawn other than `men[skip]` stands on column `col`.
fn gote_pawn_on_file(p: &Placement, skip: usize, col: u8) -> bool {
    p.men().iter().enumerate().any(|(j, m)| {
        j != skip && m.color == 1 && m.kind == 0 && !m.promoted && m.sq != IN_HAND && m.sq % 5 == col
    })
}

/// Reports `p` (the mover already back on its origin, `to` empty) and each version where a piece
/// from gote's hand is given back to sente on `to`, unpromoted or promoted, if legal.
fn with_uncaptures(p: &Placement, to: u8, changes: Changes, report: &mut dyn FnMut(&Placement, Changes)) {
    report(p, changes);
    let mut seen = 0u8;
    for j in 0..p.len as usize {
        let man = p.men[j];
        if man.color != 1 || man.sq != IN_HAND || seen & (1 << man.kind) != 0 {
            continue;
        }
        // Identical pieces in hand give the same predecessor: take one per kind.
        seen |= 1 << man.kind;
        let mut q = *p;
        q.men[j].color = 0;
        q.men[j].sq = to;
        let base = Kind::from_index(man.kind as usize);
        let pawn_ok = man.kind != 0 || (to / 5 != SENTE_LAST && !sente_pawn_on_file(p, to % 5));
        let changes = changes.with(j);
        if pawn_ok {
            report(&q, changes);
        }
        if base.promoted().is_some() {
            q.men[j].promoted = true;
            report(&q, changes);
        }
    }
}

/// True when sente has an unpromoted pawn on the board on column `col`.
fn sente_pawn_on_file(p: &Placement, col: u8) -> bool {
    p.men().iter().any(|m| m.color == 0 && m.kind == 0 && !m.promoted && m.sq != IN_HAND && m.sq % 5 == col)
}
