//! When a search must stop: a node count, a deadline, or a flag raised by another thread; and
//! the shorter limits of the current phase of a solve (each solver splits its budget in phases
//! of its own).

use crate::limits::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The running count of a search against its limits.
pub struct Budget {
    limits: Limits,
    /// Nodes between two looks at the clock and the stop flags.
    clock_interval: u64,
    start: Instant,
    nodes: u64,
    /// The node limit of the whole budget, and the one that stops the current phase.
    node_limit: u64,
    phase_node_limit: u64,
    /// The deadline of the whole budget, and the one that stops the current phase.
    deadline: Option<Instant>,
    phase_deadline: Option<Instant>,
    exhausted: bool,
    /// A second stop flag (the caller's, when `limits.stop` is an internal one).
    extra_stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget starting now, that looks at the clock and the stop flag every `clock_interval`
    /// nodes (at least 1).
    pub fn new(limits: &Limits, clock_interval: u64) -> Budget {
        let start = Instant::now();
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let deadline = limits.time.map(|t| start + t);
        Budget {
            limits: limits.clone(),
            clock_interval: clock_interval.max(1),
            start,
            nodes: 0,
            node_limit,
            phase_node_limit: node_limit,
            deadline,
            phase_deadline: deadline,
            exhausted: false,
            extra_stop: None,
        }
    }

    /// Counts one node, and notes when a limit of the current phase is reached.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.phase_node_limit {
            self.exhausted = true;
        } else if self.nodes.is_multiple_of(self.clock_interval) {
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

    /// Starts a phase that ends once `node_limit` nodes are counted in all or `time` has
    /// passed since the budget started (no time: the whole budget's deadline), never after the
    /// whole budget's end.
    pub fn set_phase(&mut self, node_limit: u64, time: Option<Duration>) {
        self.phase_node_limit = node_limit.min(self.node_limit);
        self.phase_deadline = match (time.map(|t| self.start + t), self.deadline) {
            (Some(phase), Some(whole)) => Some(phase.min(whole)),
            (phase, whole) => phase.or(whole),
        };
        self.exhausted = self.nodes >= self.phase_node_limit || self.is_late();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_ends_before_the_budget_and_never_after_it() {
        let mut b = Budget::new(&Limits { nodes: Some(100), ..Limits::default() }, 128);
        b.set_phase(10, None);
        for _ in 0..9 {
            b.count_node();
        }
        assert!(!b.is_exhausted());
        b.count_node();
        assert!(b.is_exhausted() && !b.is_spent());
        b.set_phase(u64::MAX, None);
        assert!(!b.is_exhausted());
        for _ in 0..90 {
            b.count_node();
        }
        assert!(b.is_exhausted() && b.is_spent());
    }

    #[test]
    fn a_raised_flag_stops_at_the_next_look_at_the_clock() {
        let stop = Arc::new(AtomicBool::new(false));
        let mut b = Budget::new(&Limits::default(), 4);
        b.also_stop_on(Some(Arc::clone(&stop)));
        stop.store(true, Ordering::Relaxed);
        assert!(b.is_spent());
        for _ in 0..3 {
            b.count_node();
        }
        assert!(!b.is_exhausted());
        b.count_node();
        assert!(b.is_exhausted());
    }
}
