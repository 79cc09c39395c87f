//! Move ordering: scores that put the hash move, captures (most valuable victim, least valuable
//! attacker), promotions, killers and then history first, and the selection sort that picks the
//! next best move lazily.

use crate::history::{ContinuationHistory, History, Killers, PieceTo};
use crate::piece_value::{attacker_value, value};
use crate::see::see_ge;
use minishogi::{Move, Position};

/// Where captures that lose the exchange start: below every quiet move's history.
const BAD_CAPTURE: i32 = -100_000_000;

/// What a node knows of its quiet moves: the history, and the continuation history after the
/// moves one and two plies before.
pub(crate) struct QuietHistories<'a> {
    /// Scores by side, piece and destination.
    pub main: &'a History,
    /// Scores by the earlier move and this one.
    pub continuation: &'a ContinuationHistory,
    /// The moves one and two plies before the node.
    pub earlier: [PieceTo; 2],
}

impl QuietHistories<'_> {
    /// The combined history score of the quiet move `m` (whose key is `piece_to`) in `pos`.
    #[inline]
    pub fn score(&self, pos: &Position, m: Move, piece_to: PieceTo) -> i32 {
        self.main.get(pos, m)
            + self.continuation.get(self.earlier[0], piece_to)
            + self.continuation.get(self.earlier[1], piece_to)
    }
}

/// The ordering score of `m` in the main search.
pub(crate) fn order_score(
    pos: &Position,
    m: Move,
    hash_move: Option<Move>,
    killers: &Killers,
    histories: &QuietHistories<'_>,
    ply: usize,
) -> i32 {
    if Some(m) == hash_move {
        return 1_000_000_000;
    }
    let promo = if m.is_promotion() { 50_000 } else { 0 };
    if let Some(victim) = pos.piece_at(m.to()) {
        let mvv_lva = value(victim.kind) * 64 - attacker_value(pos, m) / 8 + promo;
        // A capture that loses the exchange comes after the quiet moves.
        let base = if see_ge(pos, m, 0) { 100_000_000 } else { BAD_CAPTURE };
        return base + mvv_lva;
    }
    if promo > 0 {
        return 90_000_000;
    }
    if let Some(rank) = killers.rank(ply, m) {
        return 80_000_001 - rank as i32;
    }
    histories.score(pos, m, PieceTo::of(pos, m))
}

/// The ordering score of a capture or promotion in quiescence.
#[inline]
pub(crate) fn capture_score(victim: i32, attacker: i32, promotion: bool) -> i32 {
    victim * 64 - attacker / 8 + if promotion { 1000 } else { 0 }
}

/// Selection sort step: brings the best-scored move of `moves[i..]` to `i` (the first of equals).
#[inline]
pub(crate) fn pick_next(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut j = i;
    for k in i + 1..moves.len() {
        if scores[k] > scores[j] {
            j = k;
        }
    }
    moves.swap(i, j);
    scores.swap(i, j);
}
