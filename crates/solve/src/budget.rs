//! When a search must stop: a node count, a deadline, or a flag raised by another thread; and
//! the shorter limit of the current phase of a solve.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much a solve may spend, certificate included. With neither nodes nor time nor a stop flag
/// it runs until it has an answer.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Nodes (positions expanded) at most.
    pub nodes: Option<u64>,
    /// Wall time at most.
    pub time: Option<Duration>,
    /// Stops the search when set.
    pub stop: Option<Arc<AtomicBool>>,
}

/// Nodes between two looks at the clock and the stop flag.
const CLOCK_INTERVAL: u64 = 1024;

/// The running count of a solve against its limits.
pub struct Budget {
    limits: Limits,
    start: Instant,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// The end of the current phase, within the whole budget.
    phase_nodes: u64,
    phase_deadline: Option<Instant>,
    exhausted: bool,
    /// A second stop flag (the caller's, when `limits.stop` is an internal one).
    extra_stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget starting now.
    pub fn new(limits: &Limits) -> Budget {
        let start = Instant::now();
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let deadline = limits.time.map(|t| start + t);
        Budget {
            limits: limits.clone(),
            start,
            nodes: 0,
            node_limit,
            deadline,
            phase_nodes: node_limit,
            phase_deadline: deadline,
            exhausted: false,
            extra_stop: None,
        }
    }

    /// Counts one node, and notes when a limit of the current phase is reached.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.phase_nodes {
            self.exhausted = true;
        } else if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.exhausted |= self.is_late();
        }
    }

    fn is_late(&self) -> bool {
        let late = self.phase_deadline.is_some_and(|d| Instant::now() >= d);
        late || self.is_stopped()
    }

    fn is_stopped(&self) -> bool {
        let raised = |s: &Option<Arc<AtomicBool>>| s.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        raised(&self.limits.stop) || raised(&self.extra_stop)
    }

    /// Stops also when `stop` is raised.
    pub fn also_stop_on(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.extra_stop = stop;
    }

    /// The limits of the whole budget.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Counts `nodes` searched elsewhere (by other threads) against this budget.
    pub fn add_nodes(&mut self, nodes: u64) {
        self.nodes = self.nodes.saturating_add(nodes);
    }

    /// True once a limit of the current phase is reached.
    #[inline]
    pub fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    /// True once the whole budget is spent.
    pub fn is_spent(&self) -> bool {
        self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.is_stopped()
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the budget started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Starts a phase that ends after `nodes` more nodes, or once `share` (in 1/1000) of the
    /// whole budget (nodes or time) is used, whichever comes first.
    pub fn start_phase(&mut self, nodes: u64, share: u32) {
        let share = u64::from(share.min(1000));
        let cap = self.limits.nodes.map_or(u64::MAX, |n| n.saturating_mul(share) / 1000);
        self.phase_nodes = self.nodes.saturating_add(nodes).min(cap).min(self.node_limit);
        self.phase_deadline = self.limits.time.map(|t| self.start + t.mul_f64(share as f64 / 1000.0));
        self.exhausted = self.nodes >= self.phase_nodes || self.is_late();
    }

    /// The share (in 1/1000) of the whole budget used, by nodes or time, whichever is more.
    pub fn used_share(&self) -> u32 {
        let by_nodes = self.limits.nodes.map_or(0, |n| (self.nodes.min(n) * 1000 / n.max(1)) as u32);
        let by_time = self.limits.time.map_or(0, |t| {
            (self.start.elapsed().as_secs_f64() / t.as_secs_f64().max(1e-9) * 1000.0).min(1000.0) as u32
        });
        by_nodes.max(by_time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_ends_before_the_budget_and_never_after_it() {
        let mut b = Budget::new(&Limits { nodes: Some(100), ..Limits::default() });
        b.start_phase(10, 1000);
        assert_eq!(b.used_share(), 0);
        for _ in 0..9 {
            b.count_node();
        }
        assert!(!b.is_exhausted());
        b.count_node();
        assert!(b.is_exhausted() && !b.is_spent());
        b.start_phase(1000, 1000);
        assert!(!b.is_exhausted());
        for _ in 0..90 {
            b.count_node();
        }
        assert!(b.is_exhausted() && b.is_spent());
        assert_eq!(b.used_share(), 1000);
    }
}
