//! When a search must stop: a node count, a deadline, or a flag raised by another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much a solve may spend, post-search and line included. With neither nodes nor time nor a
/// stop flag it runs to the end.
///
/// Not the engine's `Limits`: a df-pn proof has no iteration depth, mate length or game clock,
/// and its stop flag travels with the budget (the engine's search takes one separately).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Nodes (positions expanded) at most.
    pub nodes: Option<u64>,
    /// Wall time at most.
    pub time: Option<Duration>,
    /// Stops the search when set (USI `stop`).
    pub stop: Option<Arc<AtomicBool>>,
}

/// Nodes between two looks at the clock and the stop flag: about a millisecond at the solver's
/// 100,000 nodes a second, so that a budget of a few milliseconds (the engine's root probe) holds.
const CLOCK_INTERVAL: u64 = 128;

/// The part of the budget (one in this many) that the post-search leaves for writing the line.
const LINE_SHARE: u32 = 8;

/// The running count of a search against its limits.
pub struct Budget {
    limits: Limits,
    start: Instant,
    nodes: u64,
    /// The node limit of the whole solve, and the one that stops the current phase.
    node_limit: u64,
    phase_node_limit: u64,
    /// The deadline of the whole solve, and the one that stops the current phase.
    deadline: Option<Instant>,
    phase_deadline: Option<Instant>,
    exhausted: bool,
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
            phase_node_limit: node_limit,
            deadline,
            phase_deadline: deadline,
            exhausted: false,
        }
    }

    /// Counts one node, and notes when a limit of the current phase is reached.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.phase_node_limit {
            self.exhausted = true;
        } else if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.exhausted |= self.is_late();
        }
    }

    fn is_late(&self) -> bool {
        let late = self.phase_deadline.is_some_and(|d| Instant::now() >= d);
        late || self.limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// True once a limit is reached.
    #[inline]
    pub fn is_exhausted(&self) -> bool {
        self.exhausted
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the budget started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Ends the current phase an eighth of the whole budget before the budget's end, so that
    /// the post-search leaves nodes and time for writing the line out.
    pub fn hold_back_line_share(&mut self) {
        let held_nodes = self.limits.nodes.map_or(0, |n| n / u64::from(LINE_SHARE));
        self.phase_node_limit = self.node_limit.saturating_sub(held_nodes);
        let held_time = self.limits.time.map_or(Duration::ZERO, |t| t / LINE_SHARE);
        self.phase_deadline = self.deadline.map(|d| d.checked_sub(held_time).unwrap_or(self.start));
        self.exhausted |= self.nodes >= self.phase_node_limit || self.is_late();
    }

    /// Gives the current phase what is left of the whole budget (after
    /// [`Budget::hold_back_line_share`]).
    pub fn release_line_share(&mut self) {
        self.phase_node_limit = self.node_limit;
        self.phase_deadline = self.deadline;
        self.exhausted = self.nodes >= self.node_limit || self.is_late();
    }
}
