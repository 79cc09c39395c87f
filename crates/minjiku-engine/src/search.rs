//! The search: iterative deepening over a principal variation search with a transposition table,
//! check extension, null move, late move reductions and pruning, and a quiescence search over
//! every tactical move (captures of every kind, rifle captures, burns, promotions).

use crate::features::EvalWeights;
use crate::limits::Limits;
use crate::ordering::{material_gain, pick_next, score_moves, History, Killers};
use crate::params::*;
use crate::repetition::repetition_score;
use crate::report::{Info, SearchResult};
use crate::score::{is_decisive, mated_in, INFINITY, MATE};
use crate::table_root::{table_root, TableRoot};
use crate::tables::{table_score, EndgameTables};
use crate::time::budget;
use crate::tt::{Bound, Tt};
use crate::Weights;
use minjiku::{Game, Kind, Move, MoveList, Position};
use minjiku_tablebase::MinjikuTablebase;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A reusable searcher: the weights, the transposition table, the move-ordering history and
/// the endgame tables it probes, if any.
pub struct Searcher {
    weights: Weights,
    eval: EvalWeights,
    tt: Tt,
    history: History,
    tables: Option<EndgameTables>,
}

impl Searcher {
    /// A searcher with these weights and a table of `hash_mb` megabytes.
    pub fn new(weights: Weights, hash_mb: usize) -> Searcher {
        Searcher {
            eval: EvalWeights::new(&weights),
            weights,
            tt: Tt::new(hash_mb),
            history: History::default(),
            tables: None,
        }
    }

    /// Probes `tables` from now on (`None`: no tables). With at most two pieces besides the
    /// Kings and the set in the tables, the root plays the table's best move (the quickest
    /// mate, the longest defence, or a search among the moves that hold the draw) and the
    /// search scores such positions exactly; anything else is searched as without them.
    pub fn set_tables(&mut self, tables: Option<Arc<MinjikuTablebase>>) {
        self.tables = tables.map(EndgameTables::new);
        self.tt.clear();
    }

    /// The names of the table sets probed (`KJvKA`, …), sorted; empty without tables.
    pub fn table_sets(&self) -> Vec<String> {
        self.tables.as_ref().map_or_else(Vec::new, EndgameTables::sets)
    }

    /// A new transposition table of `hash_mb` megabytes (the rest is kept).
    pub fn resize_hash(&mut self, hash_mb: usize) {
        self.tt = Tt::new(hash_mb);
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights and forgets the table (its scores came from the old ones).
    pub fn set_weights(&mut self, weights: Weights) {
        self.eval = EvalWeights::new(&weights);
        self.weights = weights;
        self.tt.clear();
    }

    /// Forgets everything learnt (a new game): the table and the history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history = History::default();
    }

    /// The static evaluation of `pos` from the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.eval.evaluate(pos)
    }

    /// Searches the current position of `game` (its history decides repetitions) within
    /// `limits` or until `stop` is set; `info` hears about each completed iteration.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        self.history.age();
        let budget = budget(limits);
        let root = game.position().clone();
        let mut root_moves = None;
        if let Some(tables) = &self.tables {
            match table_root(tables, &root, start, info) {
                Some(TableRoot::Decided(result)) => return result,
                Some(TableRoot::Holding(moves)) => root_moves = Some(moves),
                None => {}
            }
        }
        let mut search = Search {
            eval: &self.eval,
            tt: &mut self.tt,
            history: &mut self.history,
            killers: Killers::new(MAX_PLY + 1),
            path: game.history().to_vec(),
            list: MoveList::new(),
            moves: vec![Vec::new(); MAX_PLY + 1],
            scores: vec![Vec::new(); MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            stop,
            start,
            hard: budget.map(|b| b.hard),
            max_nodes: limits.nodes,
            stopped: false,
            tables: self.tables.as_ref(),
            root_moves,
        };
        let legal = root.legal_move_list();
        let first = match &search.root_moves {
            Some(moves) => moves.first().copied(),
            None => legal.as_slice().first().copied(),
        };
        let mut result = SearchResult {
            best: first,
            score: if legal.is_empty() { mated_in(0) } else { 0 },
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: first.into_iter().collect(),
        };
        if legal.is_empty() {
            result.time = start.elapsed();
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            let score = search.aspiration(&root, depth as i32, result.score);
            if search.stopped {
                break;
            }
            let pv = search.pv[0].clone();
            result = SearchResult {
                best: pv.first().copied().or(result.best),
                score,
                depth,
                nodes: search.nodes,
                time: start.elapsed(),
                pv,
            };
            info(&Info {
                depth,
                seldepth: search.seldepth as u32,
                score,
                nodes: search.nodes,
                time: start.elapsed(),
                pv: result.pv.clone(),
            });
            // One legal move, or a mate found: nothing to gain from going deeper.
            let proved = is_decisive(score) && depth > 2 * (MATE - score.abs()).max(0) as u32;
            let only = search.root_moves.as_ref().map_or(legal.len(), Vec::len) == 1;
            if only || proved || budget.is_some_and(|b| start.elapsed() >= b.soft) {
                break;
            }
        }
        result.nodes = search.nodes;
        result.time = start.elapsed();
        result
    }
}

/// The state of one search.
struct Search<'a> {
    eval: &'a EvalWeights,
    tt: &'a mut Tt,
    history: &'a mut History,
    killers: Killers,
    /// The game's positions, then the search line's: hash and whether in check.
    path: Vec<(u64, bool)>,
    /// Scratch list the generator fills.
    list: MoveList,
    /// Move and score lists per ply (reused).
    moves: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// Triangular principal variations: `pv[ply]` is the line from `ply`.
    pv: Vec<Vec<Move>>,
    nodes: u64,
    seldepth: usize,
    stop: &'a AtomicBool,
    start: Instant,
    hard: Option<Duration>,
    max_nodes: Option<u64>,
    stopped: bool,
    /// The endgame tables, if any.
    tables: Option<&'a EndgameTables>,
    /// The root moves the tables allow (those that hold a table draw); `None`: every move.
    root_moves: Option<Vec<Move>>,
}

impl Search<'_> {
    /// The root searched at `depth` inside a window around the last score, widened on failure.
    fn aspiration(&mut self, root: &Position, depth: i32, last: i32) -> i32 {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth as u32 >= ASPIRATION_MIN_DEPTH && !is_decisive(last) {
            (last - delta, last + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.pvs(root, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 2_000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// Counts a node and looks at the limits now and then.
    #[inline]
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let out_of_time = self.hard.is_some_and(|h| self.start.elapsed() >= h);
            let out_of_nodes = self.max_nodes.is_some_and(|n| self.nodes >= n);
            if out_of_time || out_of_nodes || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
    }

    fn pvs(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if let Some(score) = repetition_score(&self.path, ply) {
                return score;
            }
            // Mate distance pruning: no line from here beats a mate already found nearer.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if let Some(score) = self.probe(pos, ply) {
                return score;
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply);
        }
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry.filter(|e| !pv_node && e.depth >= depth) {
            if let Some(score) = e.cutoff(alpha, beta, ply) {
                return score;
            }
        }
        let in_check = pos.is_check();
        let eval = entry.map_or_else(|| self.eval.evaluate(pos), |e| e.eval);

        if !pv_node && !in_check {
            // Reverse futility: far enough above beta that a shallow search will not come down.
            if depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * depth >= beta && !is_decisive(beta) {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too.
            if depth >= NMP_MIN_DEPTH && eval >= beta && !is_decisive(beta) && pieces(pos) >= NMP_MIN_PIECES {
                let passed = pos.passed();
                let reduction = NMP_BASE + depth / NMP_DEPTH_DIVISOR;
                self.path.push((passed.hash(), false));
                let score = -self.pvs(&passed, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if is_decisive(score) { beta } else { score };
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        pos.legal_moves(&mut self.list);
        moves.clear();
        match self.root_moves.as_ref().filter(|_| ply == 0) {
            Some(allowed) => moves.extend(self.list.iter().filter(|m| allowed.contains(m))),
            None => moves.extend_from_slice(self.list.as_slice()),
        }
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.scores[ply] = scores;
            // No legal move loses, in check or not.
            return mated_in(ply);
        }
        score_moves(pos, &moves, tt_move, ply, self.eval, &self.killers, self.history, &mut scores);
        self.killers.clear_ply(ply + 1);

        let entry_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let m = moves[i];
            let tactical = pos.is_tactical(m);
            let killer = self.killers.rank(ply, m) > 0;
            let next = pos.after(m);
            let gives_check = next.is_check();
            // Late move pruning: at shallow non-PV nodes, the last quiet moves are not tried
            // (checks always are: a jumper's check from afar is often mate).
            let late = i >= LMP_BASE + LMP_FACTOR * (depth * depth) as usize;
            let prunable = !pv_node && !in_check && !tactical && !gives_check && depth <= LMP_MAX_DEPTH;
            if late && prunable && best > -INFINITY && !is_decisive(best) {
                continue;
            }
            self.path.push((next.hash(), gives_check));
            let extension = i32::from(gives_check && ply < 2 * MAX_DEPTH as usize && ply + 4 < MAX_PLY);
            let new_depth = depth - 1 + extension;
            let mut score;
            if i == 0 {
                score = -self.pvs(&next, new_depth, -beta, -alpha, ply + 1, pv_node);
            } else {
                let reduce = depth >= LMR_MIN_DEPTH
                    && i >= LMR_MIN_MOVES
                    && !tactical
                    && !in_check
                    && !gives_check
                    && !killer;
                let reduction = if reduce { lmr(depth, i, pv_node).min(new_depth - 1).max(0) } else { 0 };
                score = -self.pvs(&next, new_depth - reduction, -alpha - 1, -alpha, ply + 1, false);
                if score > alpha && reduction > 0 {
                    score = -self.pvs(&next, new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.pvs(&next, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            self.path.pop();
            if self.stopped {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if !tactical {
                            self.killers.record(ply, m);
                            let bonus = depth * depth;
                            self.history.update(pos, m, bonus);
                            for &q in &quiets_tried {
                                self.history.update(pos, q, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(m);
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        let bound = Bound::of(best, entry_alpha, beta);
        self.tt.store(key, best_move.or(tt_move), best, eval, depth, bound, ply);
        best
    }

    fn quiescence(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return self.eval.evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let stand_pat;
        if in_check {
            // Every evasion is tried: standing pat is no option in check.
            pos.legal_moves(&mut self.list);
            if self.list.is_empty() {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                return mated_in(ply);
            }
            stand_pat = -INFINITY;
        } else {
            stand_pat = self.eval.evaluate(pos);
            if stand_pat >= beta {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            pos.legal_tactical_moves(&mut self.list);
        }
        moves.clear();
        moves.extend_from_slice(self.list.as_slice());
        score_moves(pos, &moves, None, ply, self.eval, &self.killers, self.history, &mut scores);
        let mut best = stand_pat;
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let m = moves[i];
            if !in_check {
                let gain = material_gain(pos, m, self.eval);
                // Delta pruning: even winning everything this move removes does not reach alpha.
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // A capture that gives less than the capturer is worth, onto a square the
                // opponent covers, likely loses material: left to the main search.
                if self.losing_capture(pos, m, gain) {
                    continue;
                }
            }
            let next = pos.after(m);
            let score = -self.quiescence(&next, -beta, -alpha, ply + 1);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        best
    }
}

impl Search<'_> {
    /// The exact score of `pos` at `ply` from the tables, when they hold it (never at the root,
    /// whose table move was decided before the search).
    #[inline]
    fn probe(&self, pos: &Position, ply: usize) -> Option<i32> {
        let value = self.tables.filter(|_| ply > 0)?.probe(pos)?;
        Some(table_score(value, ply))
    }

    /// True when `m` moves a piece worth more than `gain` onto a square the opponent attacks
    /// (rifle captures leave the piece where it stands, so they never count as losing).
    fn losing_capture(&self, pos: &Position, m: Move, gain: i32) -> bool {
        if m.rifle_victim().is_some() {
            return false;
        }
        let Some(piece) = pos.piece_at(m.from()) else { return false };
        let kind = if m.is_promotion() { piece.kind.promoted().unwrap_or(piece.kind) } else { piece.kind };
        let at_risk = if kind == Kind::King { MATE } else { self.eval.material(kind) };
        gain < at_risk && pos.is_attacked(m.to(), !pos.side_to_move())
    }
}

impl Bound {
    /// The bound of a node's best score `best`, searched with the window (`entry_alpha`, `beta`).
    fn of(best: i32, entry_alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > entry_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// The late move reduction at `depth` for the `index`-th move.
fn lmr(depth: i32, index: usize, pv_node: bool) -> i32 {
    let r = (f64::from(depth).ln() * (index as f64).ln() / LMR_DIVISOR) as i32;
    if pv_node {
        r
    } else {
        r + 1
    }
}

/// The side to move's pieces other than the King and Pawns.
fn pieces(pos: &Position) -> u32 {
    let us = pos.side_to_move();
    pos.occupied(us)
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| !matches!(p.kind, Kind::King | Kind::Pawn)))
        .count() as u32
}
