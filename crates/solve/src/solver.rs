//! The solver: df-pn for a win of either side without a ply bound, then the proof shortened to
//! the shortest, or, when no proof comes, bounded searches that establish how far there is none.

use crate::budget::{budget_for, start_phase, used_share, Limits};
use crate::certificate::Certificate;
use crate::error::ExtractError;
use crate::extract::extract;
use crate::key::root_path_key;
use crate::search::{prove, SolvePolicy, SolveTable, UNBOUNDED};
use crate::tt::TableStats;
use minishogi::{Color, Position};
use minishogi_mate::dfpn::repetition::RepetitionTable;
use minishogi_mate::dfpn::{Budget, NodeResult, Search, UNLIMITED};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The default size of the transposition table, in MB.
pub const DEFAULT_TABLE_MB: usize = 256;

/// Nodes of the first search of each side; each round doubles it.
const FIRST_CHUNK: u64 = 4096;

/// The share (in 1/1000) of the budget the unbounded searches may use before the rest goes to
/// shortening a proof or to bounded searches.
const UNBOUNDED_SHARE: u32 = 500;

/// Stack for the search thread: a node of df-pn is a frame, and an unbounded search may nest
/// [`UNBOUNDED`] of them.
const STACK_BYTES: usize = 256 * 1024 * 1024;

/// The value of the position for its side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins within `plies`.
    Win {
        /// Plies of the proof (odd).
        plies: u32,
        /// True when a bounded search proved that there is no shorter win.
        shortest: bool,
    },
    /// The side to move loses within `plies`.
    Loss {
        /// Plies of the proof (even).
        plies: u32,
        /// True when a bounded search proved that the loss cannot be forced sooner.
        shortest: bool,
    },
    /// Neither side's win was proved within the budget.
    Unknown,
}

/// What the searches established short of a verdict: for each side, how far it has no forced
/// win.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Established {
    /// The side to move has no forced win within this many plies (a completed bounded search).
    pub no_win_within: Option<u32>,
    /// The other side has no forced win within this many plies.
    pub no_loss_within: Option<u32>,
    /// The side to move has no forced win that avoids repeating a position (a completed
    /// unbounded search).
    pub no_win: bool,
    /// The other side has no forced win that avoids repeating a position.
    pub no_loss: bool,
}

/// A solve's answer with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The value found.
    pub verdict: Verdict,
    /// What was established besides (or before) it.
    pub established: Established,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
    /// The transposition table at the end.
    pub table: TableStats,
}

/// A solver with its tables, from which the certificate of its last proof is read. Solving the
/// same root again goes on from what the tables hold; another root empties them.
pub struct Solver {
    tt: SolveTable,
    repetitions: RepetitionTable,
    /// The root solved last, the side that won and the plies.
    proved: Option<(Position, Color, u32)>,
    /// The root the tables hold entries for: keys leave the hands out, which tells positions
    /// apart only among those with the same pieces in play, so another root starts afresh.
    root: Option<u64>,
    /// With two threads, the tables of the search for the other side's win.
    helper: Option<Box<Solver>>,
}

impl Solver {
    /// A solver whose transposition table holds about `table_mb` MB.
    pub fn new(table_mb: usize) -> Solver {
        Solver {
            tt: SolveTable::new(table_mb),
            repetitions: RepetitionTable::with_capacity(table_mb * 1024 * 1024 / 16 / 64),
            proved: None,
            root: None,
            helper: None,
        }
    }

    /// A solver for `threads` threads (1 or 2; more count as 2): with two, the unbounded
    /// searches for the two sides' wins run at once, each on its own table of `table_mb / 2`.
    pub fn with_threads(table_mb: usize, threads: usize) -> Solver {
        if threads < 2 {
            return Solver::new(table_mb);
        }
        let mut solver = Solver::new(table_mb / 2);
        solver.helper = Some(Box::new(Solver::new(table_mb / 2)));
        solver
    }

    /// What the transposition table holds.
    pub fn table_stats(&self) -> TableStats {
        TableStats::of(&self.tt)
    }

    /// Solves `pos` within `limits` (run on a thread with a stack deep enough for the search).
    pub fn solve(&mut self, pos: &Position, limits: &Limits) -> Report {
        if self.root.replace(pos.hash()).is_some_and(|r| r != pos.hash()) {
            self.tt.clear();
            self.repetitions.clear();
            if let Some(helper) = &mut self.helper {
                helper.tt.clear();
                helper.repetitions.clear();
            }
        }
        let mut budget = budget_for(limits);
        let (verdict, established) = std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, || self.run(pos, &mut budget))
                .map(|h| h.join())
        })
        .ok()
        .and_then(Result::ok)
        .unwrap_or((Verdict::Unknown, Established::default()));
        Report {
            verdict,
            established,
            nodes: budget.nodes(),
            elapsed: budget.elapsed(),
            table: TableStats::of(&self.tt),
        }
    }

    /// The certificate of the last proof, written from the tables; a proof lost from the table
    /// is searched again within `limits`.
    pub fn certificate(&mut self, limits: &Limits) -> Result<Option<Certificate>, ExtractError> {
        let Some((root, attacker, plies)) = self.proved.clone() else { return Ok(None) };
        let mut budget = budget_for(limits);
        let (tt, repetitions) = (&mut self.tt, &mut self.repetitions);
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, || extract(tt, repetitions, &mut budget, &root, attacker, plies))
                .map(|h| h.join())
        })
        .map_err(|e| ExtractError::Lost { sfen: format!("(no thread: {e})"), plies })?
        .unwrap_or(Err(ExtractError::Lost { sfen: "(the extraction panicked)".into(), plies }))
        .map(Some)
    }

    fn run(&mut self, pos: &Position, budget: &mut Budget) -> (Verdict, Established) {
        self.proved = None;
        let us = pos.side_to_move();
        let (found, established) = match self.helper.take() {
            None => self.unbounded(pos, &[us, !us], budget),
            Some(mut helper) => {
                let outcome = self.unbounded_in_parallel(&mut helper, pos, budget);
                self.helper = Some(helper);
                outcome
            }
        };
        self.finish(pos, found, established, budget)
    }

    /// The unbounded searches of both sides at once, this solver's for the side to move and
    /// `helper`'s for the other, each with half the nodes; the first proof stops the other.
    /// A proof found by the helper moves to this solver's tables.
    fn unbounded_in_parallel(
        &mut self,
        helper: &mut Solver,
        pos: &Position,
        budget: &mut Budget,
    ) -> (Option<(Color, u32)>, Established) {
        let us = pos.side_to_move();
        let stop = Arc::new(AtomicBool::new(false));
        let half = |limits: &minishogi_mate::Limits| Limits {
            nodes: limits.nodes.map(|n| n / 2),
            time: limits.time,
            stop: Some(Arc::clone(&stop)),
        };
        let limits = budget.limits().clone();
        let (mut ours, mut theirs) = (budget_for(&half(&limits)), budget_for(&half(&limits)));
        ours.also_stop_on(limits.stop.clone());
        theirs.also_stop_on(limits.stop.clone());
        let search = |solver: &mut Solver, side: Color, b: &mut Budget| {
            let outcome = solver.unbounded(pos, &[side], b);
            if outcome.0.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
            outcome
        };
        let (a, b) = std::thread::scope(|s| {
            let other = std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(s, || search(helper, !us, &mut theirs))
                .ok();
            let a = search(self, us, &mut ours);
            let b = other.and_then(|h| h.join().ok()).unwrap_or_default();
            (a, b)
        });
        budget.add_nodes(ours.nodes() + theirs.nodes());
        let established = Established {
            no_win_within: a.1.no_win_within,
            no_win: a.1.no_win,
            no_loss_within: b.1.no_loss_within,
            no_loss: b.1.no_loss,
        };
        match (a.0, b.0) {
            (Some(found), _) => (Some(found), established),
            (None, Some(found)) => {
                std::mem::swap(&mut self.tt, &mut helper.tt);
                std::mem::swap(&mut self.repetitions, &mut helper.repetitions);
                (Some(found), established)
            }
            (None, None) => (None, established),
        }
    }

    /// Unbounded df-pn for the wins of `sides` in turn, with doubling chunks, until one is
    /// proved, all are disproved, or [`UNBOUNDED_SHARE`] of the budget is used.
    fn unbounded(
        &mut self,
        pos: &Position,
        sides: &[Color],
        budget: &mut Budget,
    ) -> (Option<(Color, u32)>, Established) {
        let us = pos.side_to_move();
        let mut established = Established::default();
        let mut open = vec![true; sides.len()];
        let mut chunk = FIRST_CHUNK;
        while open.contains(&true) && used_share(budget) < UNBOUNDED_SHARE {
            for (i, &attacker) in sides.iter().enumerate() {
                if !open[i] {
                    continue;
                }
                start_phase(budget, chunk, UNBOUNDED_SHARE);
                let result = self.prove(pos, attacker, UNBOUNDED, budget);
                if result.is_proof() {
                    return (Some((attacker, u32::from(result.numbers.plies))), established);
                }
                if result.is_disproof() {
                    open[i] = false;
                    let plies = result.numbers.plies;
                    match (attacker == us, plies == UNLIMITED) {
                        (true, true) => established.no_win = true,
                        (true, false) => established.no_win_within = Some(u32::from(plies)),
                        (false, true) => established.no_loss = true,
                        (false, false) => established.no_loss_within = Some(u32::from(plies)),
                    }
                }
                if budget.is_spent() {
                    return (None, established);
                }
            }
            chunk = chunk.saturating_mul(2);
        }
        (None, established)
    }

    /// After the unbounded searches: the proof shortened, or bounded searches.
    fn finish(
        &mut self,
        pos: &Position,
        found: Option<(Color, u32)>,
        established: Established,
        budget: &mut Budget,
    ) -> (Verdict, Established) {
        let us = pos.side_to_move();
        match found {
            Some((attacker, plies)) => {
                let (plies, shortest) = self.shorten(pos, attacker, plies, budget);
                self.proved = Some((pos.clone(), attacker, plies));
                let verdict = if attacker == us {
                    Verdict::Win { plies, shortest }
                } else {
                    Verdict::Loss { plies, shortest }
                };
                (verdict, established)
            }
            None => self.deepen(pos, budget, established),
        }
    }

    fn prove(&mut self, pos: &Position, attacker: Color, remaining: u16, budget: &mut Budget) -> NodeResult {
        let mut root = pos.clone();
        let path_key = root_path_key(root.hash(), attacker);
        let mut search = Search::new(SolvePolicy, &mut self.tt, &mut self.repetitions, budget, attacker);
        prove(&mut search, &mut root, remaining, path_key)
    }

    /// Searches again with two plies fewer than the proof until that fails: proved shortest
    /// when a bounded search disproves it, an upper bound when the budget runs out first.
    fn shorten(
        &mut self,
        pos: &Position,
        attacker: Color,
        mut plies: u32,
        budget: &mut Budget,
    ) -> (u32, bool) {
        loop {
            if plies < 2 {
                return (plies, true);
            }
            start_phase(budget, u64::MAX, 1000);
            let result = self.prove(pos, attacker, (plies - 2) as u16, budget);
            if result.is_proof() {
                plies = u32::from(result.numbers.plies);
            } else if result.is_disproof() {
                return (plies, true);
            } else {
                return (plies, false);
            }
        }
    }

    /// Bounded searches for each side, one more move each time, until one finds a win (then the
    /// shortest, since every shorter bound failed) or the budget runs out.
    fn deepen(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
        mut established: Established,
    ) -> (Verdict, Established) {
        let us = pos.side_to_move();
        let mut open = [!established.no_win, !established.no_loss];
        // Wins of the side to move take an odd number of plies, wins of the other side an even;
        // an unbounded search may already have ruled out the shortest ones.
        let mut bounds =
            [established.no_win_within.map_or(1, |n| n + 2), established.no_loss_within.map_or(2, |n| n + 2)];
        for (open, bound) in open.iter_mut().zip(bounds) {
            *open &= bound < u32::from(UNBOUNDED);
        }
        while open.contains(&true) && !budget.is_spent() {
            let i = if !open[1] || (open[0] && bounds[0] < bounds[1]) { 0 } else { 1 };
            let attacker = if i == 0 { us } else { !us };
            start_phase(budget, u64::MAX, 1000);
            let result = self.prove(pos, attacker, bounds[i].min(u32::from(UNLIMITED - 1)) as u16, budget);
            if result.is_proof() {
                let plies = u32::from(result.numbers.plies);
                self.proved = Some((pos.clone(), attacker, plies));
                let verdict = if i == 0 {
                    Verdict::Win { plies, shortest: true }
                } else {
                    Verdict::Loss { plies, shortest: true }
                };
                return (verdict, established);
            }
            if !result.is_disproof() {
                break;
            }
            if result.numbers.plies == UNLIMITED {
                // No win at all that avoids repetition.
                if i == 0 {
                    established.no_win = true;
                } else {
                    established.no_loss = true;
                }
                open[i] = false;
                continue;
            }
            let within = u32::from(result.numbers.plies).max(bounds[i]);
            if i == 0 {
                established.no_win_within = Some(within);
            } else {
                established.no_loss_within = Some(within);
            }
            open[i] &= within < u32::from(UNBOUNDED);
            bounds[i] = within + 2;
        }
        (Verdict::Unknown, established)
    }
}
