//! The mate solver's share of an analysis: one budget of nodes and time, handed out in parts to
//! the searches that run one after another.

use minishogi_mate::{Limits, Report};
use std::time::{Duration, Instant};

/// What is left of the solver's nodes and time.
pub struct MateBudget {
    nodes_left: Option<u64>,
    deadline: Option<Instant>,
    /// Nodes spent so far.
    pub spent: u64,
}

impl MateBudget {
    /// A budget of `nodes` and `time` (`None`: unlimited) starting now.
    pub fn new(nodes: Option<u64>, time: Option<Duration>) -> MateBudget {
        MateBudget { nodes_left: nodes, deadline: time.map(|t| Instant::now() + t), spent: 0 }
    }

    /// True while some nodes and time are left.
    pub fn lasts(&self) -> bool {
        self.nodes_left.is_none_or(|n| n > 0) && self.deadline.is_none_or(|d| Instant::now() < d)
    }

    /// Limits for one search that may spend `1 / parts` of what is left.
    pub fn share(&self, parts: u32) -> Limits {
        let parts = parts.max(1);
        let nodes = self.nodes_left.map(|n| (n / u64::from(parts)).max(1));
        let time = self.deadline.map(|d| d.saturating_duration_since(Instant::now()) / parts);
        Limits { nodes, time, stop: None }
    }

    /// Takes a finished search's nodes off the budget.
    pub fn spend(&mut self, report: &Report) {
        self.spent += report.nodes;
        self.nodes_left = self.nodes_left.map(|n| n.saturating_sub(report.nodes));
    }
}

impl MateBudget {
    /// A budget of `1 / parts` of what is left, for a group of searches; hand it back with
    /// [`MateBudget::absorb`].
    pub fn part(&self, parts: u32) -> MateBudget {
        let limits = self.share(parts);
        MateBudget::new(limits.nodes, limits.time)
    }

    /// Takes what a part spent off this budget.
    pub fn absorb(&mut self, part: MateBudget) {
        self.spent += part.spent;
        self.nodes_left = self.nodes_left.map(|n| n.saturating_sub(part.spent));
    }
}
