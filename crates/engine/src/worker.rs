//! One search thread: iterative deepening, principal-variation search with a transposition
//! table, null move, late-move reductions, check extensions, quiescence and repetition rules.

use crate::captures::captures;
use crate::features::EvalWeights;
use crate::limits::{Budget, Limits};
use crate::oracle::{EndgameOracle, TbValue};
use crate::score::{from_tt, mate_in, to_tt, Score, INFINITE, MATE, MATE_BOUND, REPETITION_WIN};
use crate::search::{Info, SearchResult};
use crate::tt::{Bound, Entry, Tt};
use minishogi::attacks::{attacks, step_attacks};
use minishogi::{
    repetition_verdict, Bitboard, Color, Kind, Move, MoveList, Position, RuleSet, Square, Undo, PLY_LIMIT,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;

/// A placeholder for empty slots of move arrays.
const NO_MOVE: Move = Move::board(Square::from_index(0), Square::from_index(1), false);

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a Tt,
    pub eval: &'a EvalWeights,
    pub oracle: Option<&'a dyn EndgameOracle>,
    /// Set by the caller to stop the search.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to stop the helpers.
    pub halt: &'a AtomicBool,
    /// Nodes of all threads, flushed every few thousand nodes.
    pub nodes: AtomicU64,
    pub start: Instant,
    pub budget: Option<Budget>,
    pub limits: &'a Limits,
    pub rules: RuleSet,
    pub first_player: Color,
    pub game_plies: usize,
    pub threads: usize,
}

/// Value of a kind for move ordering and quiescence pruning.
#[inline]
fn value(kind: Kind) -> i32 {
    const V: [i32; 10] = [100, 400, 450, 550, 650, 20_000, 500, 450, 800, 900];
    V[kind.index()]
}

/// One search thread's state.
pub(crate) struct Worker<'a> {
    s: &'a Shared<'a>,
    pos: Position,
    /// Hashes since the game's start (and along the current line), with "gave check" flags.
    hist: Vec<(u64, bool)>,
    /// How many entries of `hist` fall in each bucket of the low hash bits (a repetition filter).
    rep_count: Box<[u32; 4096]>,
    /// Repetitions are not looked for below this index (a null move breaks the line).
    floor: usize,
    pub nodes: u64,
    flushed: u64,
    seldepth: usize,
    stopped: bool,
    id: usize,
    root_depth: i32,
    root_update: Option<(Move, i32)>,
    killers: Box<[[Move; 2]; MAX_PLY + 2]>,
    history: Box<[[[i32; 25]; 15]; 2]>,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 2],
    lmr: Box<[[u8; 64]; 64]>,
}

impl<'a> Worker<'a> {
    pub fn new(s: &'a Shared<'a>, pos: Position, hist: Vec<(u64, bool)>, id: usize) -> Worker<'a> {
        let mut rep_count = Box::new([0u32; 4096]);
        for &(h, _) in &hist {
            rep_count[(h & 4095) as usize] += 1;
        }
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        Worker {
            s,
            pos,
            hist,
            rep_count,
            floor: 0,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            stopped: false,
            id,
            root_depth: 1,
            root_update: None,
            killers: Box::new([[NO_MOVE; 2]; MAX_PLY + 2]),
            history: Box::new([[[0; 25]; 15]; 2]),
            pv: Box::new([[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 2],
            lmr,
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
                    if depth > 1 && self.pv_len[0] > 0 && self.pv[0][0] == m {
                        result.best = Some(m);
                        result.score = Score::from_internal(v);
                        result.pv = self.pv[0][..self.pv_len[0]].to_vec();
                    }
                }
                break;
            }
            prev = v;
            result.depth = depth_here as u32;
            result.seldepth = self.seldepth as u32;
            result.score = Score::from_internal(v);
            if self.pv_len[0] > 0 {
                result.pv = self.pv[0][..self.pv_len[0]].to_vec();
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
        if depth < 5 || prev.abs() > MATE_BOUND / 2 {
            return self.search(-INFINITE, INFINITE, depth, 0, false);
        }
        let mut delta = 30;
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
            if delta > 1000 {
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
        let h = self.pos.hash();
        self.hist.push((h, self.pos.in_check()));
        self.rep_count[(h & 4095) as usize] += 1;
        undo
    }

    #[inline]
    fn pop(&mut self, m: Move, undo: Undo) {
        if let Some((h, _)) = self.hist.pop() {
            self.rep_count[(h & 4095) as usize] -= 1;
        }
        self.pos.undo(m, undo);
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.hist.last().is_some_and(|e| e.1)
    }

    /// The score of a repeated position under the game's rules, if the current position occurred
    /// before on this line or in the game (treated as the final repetition).
    fn repetition(&self, ply: usize) -> Option<i32> {
        let h = self.pos.hash();
        if self.rep_count[(h & 4095) as usize] < 2 {
            return None;
        }
        let now = self.hist.len() - 1;
        let mut i = now.checked_sub(4)?;
        loop {
            if i < self.floor {
                return None;
            }
            if self.hist[i].0 == h {
                if self.s.rules == RuleSet::DrawAt300 {
                    return Some(0);
                }
                let stm = self.pos.side_to_move();
                let outcome = repetition_verdict(&self.hist[i..], stm, self.s.first_player);
                let win = REPETITION_WIN - ply as i32;
                return Some(match outcome.winner {
                    Some(c) if c == stm => win,
                    Some(_) => -win,
                    None => 0,
                });
            }
            i = i.checked_sub(2)?;
        }
    }

    /// True when the side to move, not in check, has no legal move (and so has lost). A piece
    /// other than a pawn in hand can always be dropped, which settles most cases at once.
    #[inline]
    fn stalemated(&self) -> bool {
        let us = self.pos.side_to_move();
        let hand = self.pos.hand(us);
        if [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook].iter().any(|&k| hand.count(k) > 0) {
            return false;
        }
        // A king step to an unattacked square is legal (we are not in check).
        let king = self.pos.king_square(us);
        let without_king = self.pos.occupied() & !Bitboard::from_square(king);
        let steps = step_attacks(us, Kind::King, king) & !self.pos.color_pieces(us);
        if Iterator::any(&mut steps.into_iter(), |sq| !self.pos.attackers_to(sq, !us, without_king).any()) {
            return false;
        }
        !self.pos.has_legal_move()
    }

    /// True when `m` attacks the enemy king from its destination (discovered checks are not
    /// seen: this only guards pruning decisions).
    #[inline]
    fn gives_direct_check(&self, m: Move) -> bool {
        let us = self.pos.side_to_move();
        let king = self.pos.king_square(!us);
        let kind = match (m.from(), m.dropped()) {
            (Some(from), _) => match self.pos.piece_at(from) {
                Some(p) if m.is_promotion() => p.kind.promoted().unwrap_or(p.kind),
                Some(p) => p.kind,
                None => return true,
            },
            (None, Some(k)) => k,
            _ => return true,
        };
        let mut occupied = self.pos.occupied() | Bitboard::from_square(m.to());
        if let Some(from) = m.from() {
            occupied &= !Bitboard::from_square(from);
        }
        attacks(us, kind, m.to(), occupied).contains(king)
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        self.s.eval.evaluate(&self.pos)
    }

    fn history_slot(&self, m: Move) -> (usize, usize, usize) {
        let color = self.pos.side_to_move().index();
        let code = match (m.from(), m.dropped()) {
            (Some(from), _) => self.pos.piece_at(from).map_or(0, |p| p.kind.index()),
            (None, Some(k)) => 10 + k.index(),
            _ => 0,
        };
        (color, code, m.to().index())
    }

    fn order_score(&self, m: Move, hash_move: Option<Move>, ply: usize) -> i32 {
        if Some(m) == hash_move {
            return 1_000_000_000;
        }
        let promo = if m.is_promotion() { 50_000 } else { 0 };
        if let Some(victim) = self.pos.piece_at(m.to()) {
            let attacker = m.from().and_then(|f| self.pos.piece_at(f)).map_or(0, |p| value(p.kind));
            return 100_000_000 + value(victim.kind) * 64 - attacker / 8 + promo;
        }
        if promo > 0 {
            return 90_000_000;
        }
        if self.killers[ply][0] == m {
            return 80_000_001;
        }
        if self.killers[ply][1] == m {
            return 80_000_000;
        }
        let (c, k, t) = self.history_slot(m);
        self.history[c][k][t]
    }

    fn update_history(&mut self, m: Move, bonus: i32) {
        let (c, k, t) = self.history_slot(m);
        let h = &mut self.history[c][k][t];
        *h += bonus - *h * bonus.abs() / 16_384;
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn search(&mut self, mut alpha: i32, mut beta: i32, depth: i32, ply: usize, after_null: bool) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.pv_len[ply] = ply;
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
                let v = from_tt(e.score, ply as i32);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return v;
                }
            }
        }
        let in_check = self.in_check();
        let eval = if in_check { -INFINITE } else { tte.map_or_else(|| self.evaluate(), |e| e.eval) };

        if !pv_node && !in_check && !root {
            if self.stalemated() {
                return -mate_in(ply as i32);
            }
            // Reverse futility: far above beta near the leaves.
            if depth <= 4 && eval - 110 * depth >= beta && eval < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still fails high, the position is good enough.
            if !after_null && depth >= 3 && eval >= beta && beta.abs() < MATE_BOUND {
                let r = 3 + depth / 4;
                let saved_floor = self.floor;
                self.pos.pass();
                self.hist.push((self.pos.hash(), false));
                self.floor = self.hist.len() - 1;
                let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, true);
                self.hist.pop();
                self.pos.pass();
                self.floor = saved_floor;
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
                    scores[k] = self.order_score(moves[k], hash_move, ply);
                }
                scored = moves.len();
            }
            if !pruning_late && i >= 1.min(scored) {
                // Selection sort: bring the best-scored remaining move to `i`.
                let mut j = i;
                for k in i + 1..moves.len() {
                    if scores[k] > scores[j] {
                        j = k;
                    }
                }
                moves.swap(i, j);
                scores.swap(i, j);
            }
            let m = moves[i];
            let capture = self.pos.piece_at(m.to()).is_some();
            let quiet = !capture && !m.is_promotion();
            let is_killer = self.killers[ply][0] == m || self.killers[ply][1] == m;

            // Shallow pruning of quiet moves once a move that is not mated is in hand: late
            // moves (move-count pruning) and moves that cannot lift the eval to alpha (futility).
            if !root && !pv_node && !in_check && quiet && best > -MATE_BOUND && depth <= 4 && !is_killer {
                let late = i >= 4 + 2 * (depth * depth) as usize;
                let futile = depth <= 3 && eval + 100 + 120 * depth <= alpha;
                pruning_late |= late;
                if (late || futile) && !self.gives_direct_check(m) {
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
                if depth >= 3 && quiet && !in_check && !gives_check && i >= 3 {
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
                    self.update_pv(ply, m);
                    if root {
                        self.root_update = Some((m, v));
                    }
                    if v >= beta {
                        if quiet {
                            if self.killers[ply][0] != m {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = m;
                            }
                            let bonus = (depth * depth).min(400);
                            self.update_history(m, bonus);
                            for &q in &quiets_tried[..n_quiets] {
                                self.update_history(q, -bonus);
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
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { eval };
        self.s.tt.store(
            key,
            Entry { mv: best_move, score: to_tt(best, ply as i32), eval: stored_eval, depth, bound },
        );
        best
    }

    fn probe_oracle(&self, ply: usize) -> Option<i32> {
        let oracle = self.s.oracle?;
        match oracle.probe(&self.pos)? {
            TbValue::Win(d) => Some(mate_in(ply as i32 + d as i32)),
            TbValue::Loss(d) => Some(-mate_in(ply as i32 + d as i32)),
            // A mate-less position is decided by repetition under the standard rules: search on.
            TbValue::Draw => None,
        }
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
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
                let v = from_tt(e.score, ply as i32);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return v;
                }
            }
        }
        if !in_check && self.stalemated() {
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
            if !in_check {
                if victim == 0 && !m.is_promotion() {
                    continue;
                }
                let attacker = m.from().and_then(|f| self.pos.piece_at(f)).map_or(0, |p| value(p.kind));
                if !m.is_promotion() {
                    // Delta pruning: even winning the piece cannot reach alpha.
                    if stand + victim + 200 <= alpha {
                        continue;
                    }
                    // A capture by a more valuable piece onto a defended square likely loses.
                    if attacker > victim && self.pos.attackers_to(m.to(), !us, occupied).any() {
                        continue;
                    }
                }
            }
            let attacker = m.from().and_then(|f| self.pos.piece_at(f)).map_or(0, |p| value(p.kind));
            moves[n] = m;
            scores[n] = victim * 64 - attacker / 8 + if m.is_promotion() { 1000 } else { 0 };
            n += 1;
        }
        let mut best_move = None;
        for i in 0..n {
            let mut j = i;
            for k in i + 1..n {
                if scores[k] > scores[j] {
                    j = k;
                }
            }
            moves.swap(i, j);
            scores.swap(i, j);
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
                    self.update_pv(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { stand };
        self.s.tt.store(
            key,
            Entry { mv: best_move, score: to_tt(best, ply as i32), eval: stored_eval, depth: 0, bound },
        );
        best
    }
}
