//! One search thread: iterative deepening, principal-variation search with a transposition
//! table, null move, late-move reductions, check extensions, quiescence and repetition rules.

use crate::captures::captures;
use crate::history::{History, Killers, NO_MOVE};
use crate::oracle::TbValue;
use crate::ordering::{attacker_value, capture_score, order_score, pick_next, value};
use crate::pv::PvTable;
use crate::repetition::Line;
use crate::report::{Info, SearchResult};
use crate::score::{mate_in, table_repetition_win, to_tt, Score, INFINITE, MATE, MATE_BOUND};
use crate::search_params::*;
use crate::shared::Shared;
use crate::tactics::{gives_direct_check, stalemated};
use crate::tt::{Bound, Entry};
use minishogi::{Move, MoveList, Position, RuleSet, Undo, PLY_LIMIT};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// One search thread's state.
pub(crate) struct Worker<'a> {
    s: &'a Shared<'a>,
    pos: Position,
    /// The game and the current line, for repetitions and "in check" flags.
    line: Line,
    pub nodes: u64,
    flushed: u64,
    seldepth: usize,
    stopped: bool,
    id: usize,
    root_depth: i32,
    root_update: Option<(Move, i32)>,
    killers: Killers,
    history: History,
    pv: PvTable,
    lmr: Box<[[u8; 64]; 64]>,
}

/// What a node found, for the table: its best score (from the root) and move, and its window
/// (alpha on entry, alpha at the end, beta).
struct NodeResult {
    best: i32,
    best_move: Option<Move>,
    entry_alpha: i32,
    alpha: i32,
    beta: i32,
}

impl<'a> Worker<'a> {
    pub fn new(s: &'a Shared<'a>, pos: Position, hist: Vec<(u64, bool)>, id: usize) -> Worker<'a> {
        Worker {
            s,
            pos,
            line: Line::new(hist),
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            stopped: false,
            id,
            root_depth: 1,
            root_update: None,
            killers: Killers::new(),
            history: History::new(),
            pv: PvTable::new(),
            lmr: lmr_table(),
        }
    }

    /// Iterative deepening; `info` hears about each completed iteration.
    pub fn iterate(&mut self, info: &mut dyn FnMut(&Info)) -> SearchResult {
        let root_moves = self.pos.legal_move_list();
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            ponder: None,
            score: Score::Mate(0),
            pv: root_moves.first().copied().into_iter().collect(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        if root_moves.is_empty() {
            return result;
        }
        result.score = Score::Cp(self.s.eval.evaluate(&self.pos));
        let limits = self.s.limits;
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| (d as i32).clamp(1, MAX_PLY as i32 - 8));
        let mut prev = 0;
        for depth in 1..=max_depth {
            // Helpers search a little deeper on odd ids so the threads diverge.
            let depth_here = if self.id % 2 == 1 { (depth + 1).min(max_depth) } else { depth };
            self.root_depth = depth_here;
            self.root_update = None;
            self.seldepth = 0;
            let v = self.aspiration(depth_here, prev);
            if self.stopped {
                if let Some((m, v)) = self.root_update {
                    if depth > 1 && self.pv.root().first() == Some(&m) {
                        result.best = Some(m);
                        result.score = Score::from_internal(v);
                        result.pv = self.pv.root().to_vec();
                    }
                }
                break;
            }
            prev = v;
            result.depth = depth_here as u32;
            result.seldepth = self.seldepth as u32;
            result.score = Score::from_internal(v);
            if !self.pv.root().is_empty() {
                result.pv = self.pv.root().to_vec();
                result.best = Some(result.pv[0]);
            }
            if self.id == 0 {
                let elapsed = self.s.start.elapsed();
                let nodes = self.total_nodes();
                let nps = (nodes as u128 * 1_000_000 / elapsed.as_micros().max(1)) as u64;
                info(&Info {
                    depth: result.depth,
                    seldepth: result.seldepth,
                    score: result.score,
                    nodes,
                    nps,
                    time: elapsed,
                    pv: result.pv.clone(),
                    hashfull: self.s.tt.hashfull(),
                });
            }
            if self.done_after_iteration(v, depth, root_moves.len()) {
                break;
            }
        }
        result.ponder = result.pv.get(1).copied();
        result.nodes = self.nodes;
        result
    }

    fn done_after_iteration(&mut self, v: i32, depth: i32, root_moves: usize) -> bool {
        let limits = self.s.limits;
        if self.s.halt.load(Ordering::Relaxed) || self.s.stop.load(Ordering::Relaxed) {
            return true;
        }
        if let Some(n) = limits.mate {
            if v > MATE_BOUND && MATE - v < 2 * n as i32 {
                return true;
            }
        }
        if limits.infinite {
            return false;
        }
        // A proven result does not get better by searching deeper.
        if v.abs() > MATE_BOUND && depth > MATE - v.abs() + 4 {
            return true;
        }
        if let Some(b) = self.s.budget {
            if root_moves == 1 || self.s.start.elapsed() >= b.soft {
                return true;
            }
        }
        false
    }

    fn aspiration(&mut self, depth: i32, prev: i32) -> i32 {
        if depth < ASPIRATION_MIN_DEPTH || prev.abs() > MATE_BOUND / 2 {
            return self.search(-INFINITE, INFINITE, depth, 0, false);
        }
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = (prev - delta, prev + delta);
        loop {
            let v = self.search(alpha, beta, depth, 0, false);
            if self.stopped {
                return v;
            }
            if v <= alpha {
                alpha = (v - delta).max(-INFINITE);
            } else if v >= beta {
                beta = (v + delta).min(INFINITE);
            } else {
                return v;
            }
            delta *= 2;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    fn total_nodes(&self) -> u64 {
        self.s.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    /// True once the search must stop; checks the clock and flags every 1024 nodes.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.s.limits.nodes {
            if self.s.threads == 1 && self.nodes >= limit {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes - self.flushed >= 1024 {
            let total = self.s.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
            let out_of_time = self.s.budget.is_some_and(|b| self.s.start.elapsed() >= b.hard);
            let out_of_nodes = self.s.limits.nodes.is_some_and(|n| total >= n);
            if out_of_time
                || out_of_nodes
                || self.s.stop.load(Ordering::Relaxed)
                || self.s.halt.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    #[inline]
    fn push(&mut self, m: Move) -> Undo {
        let undo = self.pos.play(m);
        self.line.push(self.pos.hash(), self.pos.in_check());
        undo
    }

    #[inline]
    fn pop(&mut self, m: Move, undo: Undo) {
        self.line.pop();
        self.pos.undo(m, undo);
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.line.gave_check()
    }

    /// The score of a repeated position under the game's rules, if the current position occurred
    /// before on this line or in the game (treated as the final repetition).
    fn repetition(&self, ply: usize) -> Option<i32> {
        let stm = self.pos.side_to_move();
        self.line.repetition_score(self.pos.hash(), stm, self.s.rules, self.s.first_player, ply)
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        self.s.eval.evaluate(&self.pos)
    }

    /// Stores a node's result; `eval` is its static evaluation (not stored when in check).
    fn store(&self, key: u64, ply: usize, depth: i32, eval: i32, in_check: bool, r: NodeResult) {
        let bound = Bound::of(r.best, r.entry_alpha, r.alpha, r.beta);
        let eval = if in_check { 0 } else { eval };
        self.s.tt.store(key, Entry { mv: r.best_move, score: to_tt(r.best, ply as i32), eval, depth, bound });
    }

    fn search(&mut self, mut alpha: i32, mut beta: i32, depth: i32, ply: usize, after_null: bool) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.pv.clear(ply);
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if let Some(v) = self.repetition(ply) {
                return v;
            }
            if self.s.rules == RuleSet::DrawAt300 && self.s.game_plies + ply >= PLY_LIMIT {
                return 0;
            }
            alpha = alpha.max(-mate_in(ply as i32));
            beta = beta.min(mate_in(ply as i32 + 1));
            if alpha >= beta {
                return alpha;
            }
            if let Some(v) = self.probe_oracle(ply) {
                return v;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate();
            }
        }
        let key = self.pos.hash();
        let tte = self.s.tt.probe(key);
        let hash_move = tte.and_then(|e| e.mv);
        if let Some(e) = tte {
            if !pv_node && e.depth >= depth {
                if let Some(v) = e.cutoff(alpha, beta, ply) {
                    return v;
                }
            }
        }
        let in_check = self.in_check();
        let eval = if in_check { -INFINITE } else { tte.map_or_else(|| self.evaluate(), |e| e.eval) };

        if !pv_node && !in_check && !root {
            if stalemated(&self.pos) {
                return -mate_in(ply as i32);
            }
            // Reverse futility: far above beta near the leaves.
            if depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * depth >= beta && eval < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still fails high, the position is good enough.
            if !after_null && depth >= NMP_MIN_DEPTH && eval >= beta && beta.abs() < MATE_BOUND {
                let r = NMP_BASE + depth / NMP_DEPTH_DIVISOR;
                self.pos.pass();
                let saved_floor = self.line.push_null(self.pos.hash());
                let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, true);
                self.line.pop_null(saved_floor);
                self.pos.pass();
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }

        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        if list.is_empty() {
            // Checkmated, or no legal move: both lose.
            return -mate_in(ply as i32);
        }
        let mut scores = [0i32; MoveList::CAPACITY];
        let moves = list.as_mut_slice();
        // The hash move goes first; the others are scored only if it does not cut off.
        let mut scored = 0;
        if let Some(h) = hash_move {
            if let Some(k) = moves.iter().position(|&m| m == h) {
                moves.swap(0, k);
                scored = 1;
            }
        }

        let old_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = [NO_MOVE; 64];
        let mut n_quiets = 0;
        // Once move-count pruning starts, every later move is a quiet one to skip unless it
        // checks: no need to keep sorting them.
        let mut pruning_late = false;
        for i in 0..moves.len() {
            if i == scored && scored < moves.len() {
                for k in scored..moves.len() {
                    scores[k] =
                        order_score(&self.pos, moves[k], hash_move, &self.killers, &self.history, ply);
                }
                scored = moves.len();
            }
            if !pruning_late && i >= 1.min(scored) {
                pick_next(moves, &mut scores[..moves.len()], i);
            }
            let m = moves[i];
            let capture = self.pos.piece_at(m.to()).is_some();
            let quiet = !capture && !m.is_promotion();
            let is_killer = self.killers.rank(ply, m).is_some();

            // Shallow pruning of quiet moves once a move that is not mated is in hand: late
            // moves (move-count pruning) and moves that cannot lift the eval to alpha (futility).
            if !root
                && !pv_node
                && !in_check
                && quiet
                && best > -MATE_BOUND
                && depth <= LMP_MAX_DEPTH
                && !is_killer
            {
                let late = i >= LMP_BASE + LMP_FACTOR * (depth * depth) as usize;
                let futile =
                    depth <= FUTILITY_MAX_DEPTH && eval + FUTILITY_BASE + FUTILITY_FACTOR * depth <= alpha;
                pruning_late |= late;
                if (late || futile) && !gives_direct_check(&self.pos, m) {
                    continue;
                }
            }
            let undo = self.push(m);
            let gives_check = self.in_check();
            // Extend safe checks only: with drops, unsafe checks are too many to extend.
            let ext = i32::from(
                gives_check
                    && (ply as i32) < self.root_depth
                    && !self.pos.attackers_to(m.to(), self.pos.side_to_move(), self.pos.occupied()).any(),
            );
            // A forced reply costs no depth (single-reply extension).
            let ext = ext.max(i32::from(moves.len() == 1));
            let new_depth = depth - 1 + ext;
            let v = if i == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, false)
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && quiet && !in_check && !gives_check && i >= LMR_MIN_MOVE {
                    r = i32::from(self.lmr[(depth as usize).min(63)][i.min(63)]);
                    r -= i32::from(pv_node) + i32::from(is_killer);
                    r = r.clamp(0, new_depth - 1);
                }
                let mut t = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
                if t > alpha && r > 0 {
                    t = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false);
                }
                if t > alpha && t < beta {
                    t = -self.search(-beta, -alpha, new_depth, ply + 1, false);
                }
                t
            };
            self.pop(m, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(m);
                    alpha = v;
                    self.pv.update(ply, m);
                    if root {
                        self.root_update = Some((m, v));
                    }
                    if v >= beta {
                        if quiet {
                            self.killers.add(ply, m);
                            let bonus = (depth * depth).min(HISTORY_MAX_BONUS);
                            self.history.update(&self.pos, m, bonus);
                            for &q in &quiets_tried[..n_quiets] {
                                self.history.update(&self.pos, q, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            }
        }
        self.store(
            key,
            ply,
            depth,
            eval,
            in_check,
            NodeResult { best, best_move, entry_alpha: old_alpha, alpha, beta },
        );
        best
    }

    /// The score of the current position if the oracle knows its value in this game (whose
    /// first player and rules decide repetitions).
    fn probe_oracle(&self, ply: usize) -> Option<i32> {
        let oracle = self.s.oracle?;
        let ply = ply as i32;
        match oracle.probe(&self.pos, self.s.first_player, self.s.rules)? {
            TbValue::Win(d) => Some(mate_in(ply + d as i32)),
            TbValue::Loss(d) => Some(-mate_in(ply + d as i32)),
            TbValue::RepetitionWin => Some(table_repetition_win(ply)),
            TbValue::RepetitionLoss => Some(-table_repetition_win(ply)),
            TbValue::PerpetualCheckDraw => Some(0),
            TbValue::Draw if self.s.rules == RuleSet::DrawAt300 => Some(0),
            // A mate-only draw without repetition values: the repetition decides, search on.
            TbValue::Draw => None,
        }
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv.clear(ply);
        self.nodes += 1;
        if self.should_stop() {
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
        if !in_check && stalemated(&self.pos) {
            return -mate_in(ply as i32);
        }
        let stand = if in_check { -INFINITE } else { tte.map_or_else(|| self.evaluate(), |e| e.eval) };
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
            captures(&self.pos, &mut list);
        }
        let us = self.pos.side_to_move();
        let occupied = self.pos.occupied();
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
                    // A capture by a more valuable piece onto a defended square likely loses.
                    if attacker > victim && self.pos.attackers_to(m.to(), !us, occupied).any() {
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
            stand,
            in_check,
            NodeResult { best, best_move, entry_alpha: old_alpha, alpha, beta },
        );
        best
    }
}
