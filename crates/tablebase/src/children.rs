//! The slots of a position's children, as the repetition analysis and both verifiers look them up.

use minishogi::{Color, MoveList};

use crate::index::Indexer;
use crate::placement::Placement;

/// Calls `emit` with the slot of the position after each of `moves`, in order (sente to move in
/// `placement`; the children have gote to move, so their slots are those of their colour flips).
pub(crate) fn child_slots(
    indexer: &Indexer,
    placement: &Placement,
    moves: &MoveList,
    emit: &mut dyn FnMut(u64),
) {
    let frame = indexer.frame(placement, true);
    for &m in moves.iter() {
        // A frame re-ranks only the men a move changes; an ambiguous frame (a king move, or a
        // symmetry that may change) ranks the whole placement again.
        let c = match placement.move_effect(m, Color::Sente) {
            Some((men, n)) if !frame.is_ambiguous() => frame.index_with(indexer, &men[..n]),
            _ => indexer.index_transformed(&placement.after_move_changes(m, Color::Sente).0, true).0,
        };
        emit(c);
    }
}
