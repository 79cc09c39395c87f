//! One search thread: its state, and the principal-variation search with a transposition table,
//! null move, ProbCut, move-count, futility and exchange pruning, late-move reductions, internal
//! iterative reduction, check and singular extensions and the repetition rules. Iterative
//! deepening is in [`deepening`], the quiescence search in [`quiescence`].

mod deepening;
mod quiescence;

use crate::evaluator::Evaluator;
use crate::history::{Killers, PieceTo, QuietStats, NO_MOVE};
use crate::nnue::AccumulatorStack;
use crate::oracle::TbValue;
use crate::ordering::{order_score, pick_next, QuietHistories};
use crate::pv::PvTable;
use crate::repetition::Line;
use crate::root_mate::MateProbe;
use crate::score::{from_tt, mate_in, table_repetition_win, to_tt, INFINITE, MATE_BOUND};
use crate::search_params::*;
use crate::see::see_ge;
use crate::shared::Shared;
use crate::tt::{Bound, Entry};
use minishogi::game::PLY_LIMIT;
use minishogi::position::Undo;
use minishogi::{Move, MoveList, Position, RuleSet};
use std::sync::atomic::Ordering;

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
    /// Quiet-move histories: the main thread's come from the searcher and go back to it.
    stats: QuietStats,
    /// The move played at each ply of the line, for continuation histories.
    played: [PieceTo; MAX_PLY + 2],
    /// The static evaluation at each ply of the line (`None` when in check).
    static_evals: [Option<i32>; MAX_PLY + 2],
    pv: PvTable,
    lmr: Box<[[u8; 64]; 64]>,
    /// The network's accumulators along the line, when the evaluation is a network.
    accumulators: Option<AccumulatorStack>,
    /// The move a singular-extension search at each ply leaves out.
    excluded: [Option<Move>; MAX_PLY + 2],
    /// The root mate solver (main thread only), until it has been asked once.
    mate_probe: Option<&'a mut MateProbe>,
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
        let accumulators = s.eval.network().map(|net| AccumulatorStack::new(net, &pos));
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
            stats: QuietStats::new(),
            played: [PieceTo::NONE; MAX_PLY + 2],
            static_evals: [None; MAX_PLY + 2],
            pv: PvTable::new(),
            lmr: lmr_table(),
            accumulators,
            excluded: [None; MAX_PLY + 2],
            mate_probe: None,
        }
    }

    /// This worker starts from the histories of earlier searches.
    pub fn with_stats(self, stats: QuietStats) -> Worker<'a> {
        Worker { stats, ..self }
    }

    /// The histories, for the next search.
    pub fn into_stats(self) -> QuietStats {
        self.stats
    }

    /// This worker may ask `probe` for a mate at the root once, when it finds itself winning.
    pub fn with_mate_probe(self, probe: &'a mut MateProbe) -> Worker<'a> {
        Worker { mate_probe: Some(probe), ..self }
    }

    fn total_nodes(&self) -> u64 {
        self.s.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    /// Counts a node and returns true when the search must stop instead. A stopped search
    /// counts no more nodes, so a node limit is never passed.
    #[inline]
    fn enter_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        self.should_stop()
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
        let undo = match (self.s.eval.network(), self.accumulators.as_mut()) {
            (Some(net), Some(stack)) => stack.play(net, &mut self.pos, m),
            _ => self.pos.play(m),
        };
        self.s.tt.prefetch(self.pos.hash());
        self.line.push(self.pos.hash(), self.pos.in_check());
        undo
    }

    #[inline]
    fn pop(&mut self, m: Move, undo: Undo) {
        self.line.pop();
        if let Some(stack) = self.accumulators.as_mut() {
            stack.pop();
        }
        self.pos.undo(m, undo);
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.line.gave_check()
    }

    /// The score of a repeated position under the game's rules, if its repetition decides the
    /// game ([`Line::repetition_score`]).
    fn repetition(&self, ply: usize) -> Option<i32> {
        let stm = self.pos.side_to_move();
        self.line.repetition_score(self.pos.hash(), stm, self.s.rules, self.s.first_player, ply)
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        match (self.s.eval, &self.accumulators) {
            (Evaluator::Network(net), Some(stack)) => net.evaluate(stack.current(), self.pos.side_to_move()),
            (eval, _) => eval.evaluate(&self.pos),
        }
    }

    /// The node's static evaluation: the one its table entry `tte` keeps, else computed;
    /// -INFINITE when in check, where standing pat is not allowed.
    #[inline]
    fn static_eval(&self, tte: Option<Entry>, in_check: bool) -> i32 {
        if in_check {
            -INFINITE
        } else {
            tte.map_or_else(|| self.evaluate(), |e| e.eval)
        }
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
        if self.enter_node() {
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
        let excluded = self.excluded[ply];
        let tte = self.s.tt.probe(key);
        let hash_move = tte.and_then(|e| e.mv);
        if let Some(e) = tte {
            if !pv_node && excluded.is_none() && e.depth >= depth {
                if let Some(v) = e.cutoff(alpha, beta, ply) {
                    return v;
                }
            }
        }
        let in_check = self.in_check();
        let static_eval = self.static_eval(tte, in_check);
        self.static_evals[ply] = (!in_check).then_some(static_eval);
        let improving = self.improving(ply);
        let eval = refined_eval(static_eval, tte.filter(|_| !in_check), ply);

        if !pv_node && !in_check && !root && excluded.is_none() {
            if self.pos.is_stalemate() {
                return -mate_in(ply as i32);
            }
            // Reverse futility: far above beta near the leaves.
            let margin = RFP_MARGIN * (depth - i32::from(improving));
            if depth <= RFP_MAX_DEPTH && eval - margin >= beta && eval < MATE_BOUND {
                return eval;
            }
            if !after_null && depth >= NMP_MIN_DEPTH && eval >= beta && beta.abs() < MATE_BOUND {
                if let Some(v) = self.null_move(beta, depth, ply) {
                    return v;
                }
            }
            if depth >= PROBCUT_MIN_DEPTH && beta.abs() < MATE_BOUND {
                let probcut_beta = beta + PROBCUT_MARGIN - PROBCUT_IMPROVING * i32::from(improving);
                if let Some(v) = self.probcut(key, tte, probcut_beta, static_eval, depth, ply) {
                    return v;
                }
            }
        }

        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        if list.is_empty() {
            // Checkmated, or no legal move: both lose.
            return -mate_in(ply as i32);
        }
        // Internal iterative reduction: without a stored move this node was not searched
        // before, and its ordering is a guess.
        let depth =
            if depth >= IIR_MIN_DEPTH && hash_move.is_none() && !in_check { depth - 1 } else { depth };
        let earlier = [self.played_before(ply, 1), self.played_before(ply, 2)];
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
        let mut quiets_tried = [(NO_MOVE, PieceTo::NONE); 64];
        let mut n_quiets = 0;
        // Once move-count pruning starts, every later move is a quiet one to skip unless it
        // checks: no need to keep sorting them.
        let mut pruning_late = false;
        for i in 0..moves.len() {
            if i == scored && scored < moves.len() {
                let quiet_histories = self.quiet_histories(earlier);
                for k in scored..moves.len() {
                    scores[k] =
                        order_score(&self.pos, moves[k], hash_move, &self.killers, &quiet_histories, ply);
                }
                scored = moves.len();
            }
            if !pruning_late && i >= 1.min(scored) {
                pick_next(moves, &mut scores[..moves.len()], i);
            }
            let m = moves[i];
            if excluded == Some(m) {
                continue;
            }
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
                let late_at = LMP_BASE + LMP_FACTOR * (depth * depth) as usize;
                let (num, den) = if improving { (1, 1) } else { LMP_NOT_IMPROVING };
                let late = i >= late_at * num / den;
                let futile =
                    depth <= FUTILITY_MAX_DEPTH && eval + FUTILITY_BASE + FUTILITY_FACTOR * depth <= alpha;
                pruning_late |= late;
                if (late || futile) && !self.pos.gives_direct_check(m) {
                    continue;
                }
            }
            // Exchange pruning: a move that loses material on its square, by more than the
            // depth can make good, once a move that is not mated is in hand.
            if !root && !in_check && best > -MATE_BOUND && depth <= SEE_PRUNE_MAX_DEPTH {
                let threshold =
                    if quiet { -SEE_QUIET_MARGIN * depth * depth } else { -SEE_CAPTURE_MARGIN * depth };
                let holds = see_ge(&self.pos, m, threshold) || (quiet && self.pos.gives_direct_check(m));
                if !holds {
                    continue;
                }
            }
            // Singular extension: the stored best move is searched one ply deeper when every
            // other move falls clearly short of its score at reduced depth.
            let mut singular = 0;
            if let Some(e) = tte.filter(|_| i == 0 && Some(m) == hash_move && !root && excluded.is_none()) {
                match self.singular(e, m, beta, depth, ply) {
                    Singular::Extend => singular = 1,
                    Singular::Cut(v) => return v,
                    Singular::No => {}
                }
                if self.stopped {
                    return 0;
                }
            }
            let piece_to = PieceTo::of(&self.pos, m);
            let stat = if quiet { self.quiet_histories(earlier).score(&self.pos, m, piece_to) } else { 0 };
            self.played[ply] = piece_to;
            let undo = self.push(m);
            let gives_check = self.in_check();
            // Extend safe checks only: with drops, unsafe checks are too many to extend.
            let ext = i32::from(
                gives_check
                    && (ply as i32) < self.root_depth
                    && !self.pos.attackers_to(m.to(), self.pos.side_to_move(), self.pos.occupied()).any(),
            );
            // A forced reply costs no depth (single-reply extension).
            let ext = ext.max(i32::from(moves.len() == 1)).max(singular);
            let new_depth = depth - 1 + ext;
            let v = if i == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, false)
            } else {
                let reducible =
                    depth >= LMR_MIN_DEPTH && quiet && !in_check && !gives_check && i >= LMR_MIN_MOVE;
                let r =
                    if reducible { self.reduction(depth, i, new_depth, pv_node, is_killer, stat) } else { 0 };
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
                            self.reward_quiet_cutoff(m, piece_to, ply, depth, &quiets_tried[..n_quiets]);
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = (m, piece_to);
                n_quiets += 1;
            }
        }
        if excluded.is_some() {
            // A singular-extension search: its result is not this node's, keep it out of the table.
            return best.max(alpha);
        }
        self.store(
            key,
            ply,
            depth,
            static_eval,
            in_check,
            NodeResult { best, best_move, entry_alpha: old_alpha, alpha, beta },
        );
        best
    }

    /// Whether the stored best move `m` (entry `e`) is singular at this node: searched without
    /// it at half depth, do all other moves fail below its stored score by a margin? When even
    /// that margin clears `beta`, several moves do: the node cuts off (multi-cut).
    fn singular(&mut self, e: Entry, m: Move, beta: i32, depth: i32, ply: usize) -> Singular {
        let tt_score = from_tt(e.score, ply as i32);
        if depth < SE_MIN_DEPTH
            || e.depth < depth - SE_TT_DEPTH_SLACK
            || e.bound == Bound::Upper
            || tt_score.abs() >= SE_SCORE_LIMIT
            || (ply as i32) >= 2 * self.root_depth
        {
            return Singular::No;
        }
        let singular_beta = tt_score - SE_MARGIN_PER_DEPTH * depth;
        self.excluded[ply] = Some(m);
        let v = self.search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
        self.excluded[ply] = None;
        if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// ProbCut: a capture whose exchange could win `probcut_beta - static_eval` and that holds
    /// `probcut_beta` in quiescence and then at reduced depth cuts the node (`Some` of its
    /// score, stored as a lower bound; 0 when the search was stopped). Not tried when the
    /// node's table entry `tte` is as deep as that result and falls short of `probcut_beta`.
    fn probcut(
        &mut self,
        key: u64,
        tte: Option<Entry>,
        probcut_beta: i32,
        static_eval: i32,
        depth: i32,
        ply: usize,
    ) -> Option<i32> {
        // The capture's search is PROBCUT_REDUCTION - 1 plies shallower than this node's.
        let result_depth = depth - PROBCUT_REDUCTION + 1;
        if tte.is_some_and(|e| e.depth >= result_depth && from_tt(e.score, ply as i32) < probcut_beta) {
            return None;
        }
        let mut list = MoveList::new();
        self.pos.legal_captures(&mut list);
        for &m in list.iter() {
            if !see_ge(&self.pos, m, probcut_beta - static_eval) {
                continue;
            }
            self.played[ply] = PieceTo::of(&self.pos, m);
            let undo = self.push(m);
            let mut v = -self.qsearch(-probcut_beta, -probcut_beta + 1, ply + 1);
            if v >= probcut_beta {
                v = -self.search(-probcut_beta, -probcut_beta + 1, depth - PROBCUT_REDUCTION, ply + 1, false);
            }
            self.pop(m, undo);
            if self.stopped {
                return Some(0);
            }
            if v >= probcut_beta {
                let r = NodeResult {
                    best: v,
                    best_move: Some(m),
                    entry_alpha: probcut_beta - 1,
                    alpha: v,
                    beta: probcut_beta,
                };
                self.store(key, ply, result_depth, static_eval, false, r);
                return Some(v);
            }
        }
        None
    }

    /// The null move: if passing still fails high at reduced depth, the position is good enough
    /// to cut off (`Some` of the score to return; 0 when the search was stopped).
    fn null_move(&mut self, beta: i32, depth: i32, ply: usize) -> Option<i32> {
        let r = NMP_BASE + depth / NMP_DEPTH_DIVISOR;
        self.played[ply] = PieceTo::NONE;
        self.pos.pass();
        let saved_floor = self.line.push_null(self.pos.hash());
        let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, true);
        self.line.pop_null(saved_floor);
        self.pos.pass();
        if self.stopped {
            return Some(0);
        }
        (v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// The late-move reduction of the `i`-th move at `depth`: less in PV nodes, for killers and
    /// for moves with a good history (`stat`), and never below a one-ply search.
    fn reduction(
        &self,
        depth: i32,
        i: usize,
        new_depth: i32,
        pv_node: bool,
        is_killer: bool,
        stat: i32,
    ) -> i32 {
        let r = i32::from(self.lmr[(depth as usize).min(63)][i.min(63)]);
        (r - i32::from(pv_node) - i32::from(is_killer) - stat / LMR_HISTORY_DIVISOR).clamp(0, new_depth - 1)
    }

    /// The histories of quiet moves after the `earlier` moves.
    fn quiet_histories(&self, earlier: [PieceTo; 2]) -> QuietHistories<'_> {
        QuietHistories { main: &self.stats.history, continuation: &self.stats.continuation, earlier }
    }

    /// True when the static evaluation at `ply` is better than two plies before (or there was
    /// none then): pruning is less sure of a position that is getting better.
    fn improving(&self, ply: usize) -> bool {
        let before = ply.checked_sub(2).and_then(|p| self.static_evals[p]);
        match (self.static_evals[ply], before) {
            (Some(now), Some(before)) => now > before,
            (now, None) => now.is_some(),
            (None, Some(_)) => false,
        }
    }

    /// The move played `back` plies before the node at `ply` (`NONE` before the root).
    fn played_before(&self, ply: usize, back: usize) -> PieceTo {
        ply.checked_sub(back).map_or(PieceTo::NONE, |p| self.played[p])
    }

    /// A quiet move `m` cut off: it becomes a killer and gains history, also after the moves
    /// one and two plies before; the quiet moves tried before it lose as much.
    fn reward_quiet_cutoff(
        &mut self,
        m: Move,
        piece_to: PieceTo,
        ply: usize,
        depth: i32,
        tried_before: &[(Move, PieceTo)],
    ) {
        self.killers.add(ply, m);
        let bonus = (depth * depth).min(HISTORY_MAX_BONUS);
        let earlier = [self.played_before(ply, 1), self.played_before(ply, 2)];
        self.stats.history.update(&self.pos, m, bonus);
        for e in earlier {
            self.stats.continuation.update(e, piece_to, bonus);
        }
        for &(q, q_piece_to) in tried_before {
            self.stats.history.update(&self.pos, q, -bonus);
            for e in earlier {
                self.stats.continuation.update(e, q_piece_to, -bonus);
            }
        }
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
}

/// What the singular-extension test decided for the stored best move.
enum Singular {
    /// Search it one ply deeper.
    Extend,
    /// Several moves beat beta: return this score.
    Cut(i32),
    /// Search it as usual.
    No,
}

/// The evaluation pruning uses: the stored score of `entry` where its bound says the true score
/// lies beyond the static evaluation (mate scores aside), else the static evaluation.
pub(super) fn refined_eval(static_eval: i32, entry: Option<Entry>, ply: usize) -> i32 {
    let Some(entry) = entry else {
        return static_eval;
    };
    let v = from_tt(entry.score, ply as i32);
    let beyond = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => v > static_eval,
        Bound::Upper => v < static_eval,
    };
    if beyond && v.abs() < MATE_BOUND {
        v
    } else {
        static_eval
    }
}
