//! When a search must stop: a node count, a deadline, or a flag raised by another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much a solve may spend. With neither nodes nor time nor a stop flag it runs to the end.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Nodes (positions expanded) at most.
    pub nodes: Option<u64>,
    /// Wall time at most.
    pub time: Option<Duration>,
    /// Stops the search when set (USI `stop`).
    pub stop: Option<Arc<AtomicBool>>,
}

/// Nodes between two looks at the clock and the stop flag.
const CLOCK_INTERVAL: u64 = 1024;

/// The running count of a search against its limits.
pub struct Budget {
    limits: Limits,
    start: Instant,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    exhausted: bool,
}

impl Budget {
    /// A budget starting now.
    pub fn new(limits: &Limits) -> Budget {
        let start = Instant::now();
        Budget {
            limits: limits.clone(),
            start,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| start + t),
            exhausted: false,
        }
    }

    /// Counts one node; true while the budget lasts.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.exhausted = true;
        } else if self.nodes % CLOCK_INTERVAL == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self.limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
            self.exhausted |= late || stopped;
        }
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

    /// A second allowance as large as the first, for writing out a line once a mate is proved
    /// (the proof may need re-searching where the table forgot it). A stop flag still stops.
    pub fn extend(&mut self) {
        let nodes = self.limits.nodes.map_or(u64::MAX, |n| self.nodes.saturating_add(n.max(100_000)));
        self.node_limit = nodes;
        self.deadline = self.limits.time.map(|t| Instant::now() + t);
        self.exhausted = self.limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    }
}
