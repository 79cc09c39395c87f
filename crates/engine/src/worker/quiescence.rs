//! Quiescence search: the captures and promotions at the leaves, pruned by delta and by
//! the exchange on the target square.

use super::{NodeResult, Worker};
use crate::ordering::{capture_score, pick_next};
use crate::piece_value::{attacker_value, value};
use crate::score::mate_in;
use crate::search_params::{DELTA_MARGIN, MAX_PLY};
use crate::see::see_ge;
use minishogi::MoveList;

impl Worker<'_> {
    /// Quiescence search: captures and promotions (all moves when in check) until the position
    /// is quiet, standing pat on the static evaluation.
    pub(super) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv.clear(ply);
        if self.enter_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.in_check();
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let tte = self.s.tt.probe(key);
        if let Some(e) = tte {
            if !pv_node {
                if let Some(v) = e.cutoff(alpha, beta, ply) {
                    return v;
                }
            }
        }
        if !in_check && self.pos.is_stalemate() {
            return -mate_in(ply as i32);
        }
        let static_eval = self.static_eval(tte, in_check);
        // The stored score is a better estimate where its bound says the truth lies beyond.
        let stand = super::refined_eval(static_eval, tte.filter(|_| !in_check), ply);
        if stand >= beta {
            return stand;
        }
        let old_alpha = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;

        let mut list = MoveList::new();
        if in_check {
            self.pos.legal_moves(&mut list);
            if list.is_empty() {
                return -mate_in(ply as i32);
            }
        } else {
            self.pos.legal_captures(&mut list);
        }
        let mut scores = [0i32; MoveList::CAPACITY];
        let mut n = 0;
        let moves = list.as_mut_slice();
        for i in 0..moves.len() {
            let m = moves[i];
            let victim = self.pos.piece_at(m.to()).map_or(0, |p| value(p.kind));
            let attacker = attacker_value(&self.pos, m);
            if !in_check {
                if victim == 0 && !m.is_promotion() {
                    continue;
                }
                if !m.is_promotion() {
                    // Delta pruning: even winning the piece cannot reach alpha.
                    if stand + victim + DELTA_MARGIN <= alpha {
                        continue;
                    }
                    // A capture that loses the exchange on its square.
                    if !see_ge(&self.pos, m, 0) {
                        continue;
                    }
                }
            }
            moves[n] = m;
            scores[n] = capture_score(victim, attacker, m.is_promotion());
            n += 1;
        }
        let mut best_move = None;
        for i in 0..n {
            pick_next(&mut moves[..n], &mut scores[..n], i);
            let m = moves[i];
            let undo = self.push(m);
            let v = -self.qsearch(-beta, -alpha, ply + 1);
            self.pop(m, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(m);
                    self.pv.update(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.store(
            key,
            ply,
            0,
            static_eval,
            in_check,
            NodeResult { best, best_move, entry_alpha: old_alpha, alpha, beta },
        );
        best
    }
}
