//! Iterative deepening with aspiration windows: the driver of one thread's search, and the
//! conditions that end it after an iteration.

use super::Worker;
use crate::report::{Info, SearchResult};
use crate::root_mate::{RootMate, PROBE_MIN_TIME, PROBE_SCORES, PROBE_SHARE};
use crate::score::{Score, INFINITE, MATE, MATE_BOUND};
use crate::search_params::{ASPIRATION_DELTA, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH, MAX_PLY};
use crate::stability::Stability;
use std::sync::atomic::Ordering;
use std::time::Duration;

impl Worker<'_> {
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
        let mut stability = Stability::default();
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
                        // The move played is no longer the last report's: report it too.
                        if self.id == 0 {
                            self.report(&result, info);
                        }
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
                self.report(&result, info);
            }
            if let Some(mate) = self.root_mate(v) {
                result.best = mate.line.first().copied();
                result.score = Score::Mate(mate.plies as i32);
                result.pv = mate.line;
                // Only the main thread has a probe, and only it reports.
                self.report(&result, info);
                break;
            }
            let factor = stability.update(depth, result.best, v);
            if self.done_after_iteration(v, depth, root_moves.len(), factor) {
                break;
            }
        }
        result.ponder = result.pv.get(1).copied();
        result.nodes = self.nodes;
        result
    }

    /// Tells `info` about the result so far.
    fn report(&self, result: &SearchResult, info: &mut dyn FnMut(&Info)) {
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

    /// A mate proved by the root solver, asked once per search (main thread, clock-limited
    /// searches) when an iteration scores `v` in [`PROBE_SCORES`] and there is time for it.
    fn root_mate(&mut self, v: i32) -> Option<RootMate> {
        // No budget for infinite or depth- and node-limited searches.
        let budget = self.s.budget?;
        if !PROBE_SCORES.contains(&v) || self.s.limits.mate.is_some() {
            return None;
        }
        let time = budget.hard.saturating_sub(self.s.start.elapsed()) / PROBE_SHARE;
        if time < PROBE_MIN_TIME {
            return None;
        }
        let probe = self.mate_probe.take()?;
        // Between iterations the line is the game up to the root.
        let line = &self.line;
        probe.prove(&self.pos, &|hash| line.contains(hash), time)
    }

    /// True when the search ends after this iteration; `factor` stretches the time target.
    fn done_after_iteration(&mut self, v: i32, depth: i32, root_moves: usize, factor: f64) -> bool {
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
            if root_moves == 1 || self.s.start.elapsed() >= b.stop_after(factor) {
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
}
