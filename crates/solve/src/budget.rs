//! What a solve may spend, and how it is shared out in phases: the unbounded searches' chunks,
//! the shortening of a proof, the bounded searches. The running count is the engine's
//! (`minishogi_mate::dfpn::Budget`).

use minishogi_mate::dfpn::Budget;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

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

/// A budget for a solve within `limits`, starting now.
pub fn budget_for(limits: &Limits) -> Budget {
    let limits = minishogi_mate::Limits { nodes: limits.nodes, time: limits.time, stop: limits.stop.clone() };
    Budget::new(&limits, CLOCK_INTERVAL)
}

/// Starts a phase that ends after `nodes` more nodes, or once `share` (in 1/1000) of the whole
/// budget (nodes or time) is used, whichever comes first.
pub fn start_phase(budget: &mut Budget, nodes: u64, share: u32) {
    let share = u64::from(share.min(1000));
    let limits = budget.limits();
    let cap = limits.nodes.map_or(u64::MAX, |n| n.saturating_mul(share) / 1000);
    let time = limits.time.map(|t| t.mul_f64(share as f64 / 1000.0));
    let node_limit = budget.nodes().saturating_add(nodes).min(cap);
    budget.set_phase(node_limit, time);
}

/// The share (in 1/1000) of the whole budget used, by nodes or time, whichever is more.
pub fn used_share(budget: &Budget) -> u32 {
    let limits = budget.limits();
    let by_nodes = limits.nodes.map_or(0, |n| (budget.nodes().min(n) * 1000 / n.max(1)) as u32);
    let by_time = limits.time.map_or(0, |t| {
        (budget.elapsed().as_secs_f64() / t.as_secs_f64().max(1e-9) * 1000.0).min(1000.0) as u32
    });
    by_nodes.max(by_time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_ends_at_its_nodes_or_its_share_of_the_budget() {
        let mut b = budget_for(&Limits { nodes: Some(100), ..Limits::default() });
        start_phase(&mut b, 10, 1000);
        assert_eq!(used_share(&b), 0);
        for _ in 0..10 {
            b.count_node();
        }
        assert!(b.is_exhausted() && !b.is_spent());
        start_phase(&mut b, 1000, 500);
        for _ in 0..39 {
            b.count_node();
        }
        assert!(!b.is_exhausted());
        b.count_node();
        assert!(b.is_exhausted() && !b.is_spent());
        assert_eq!(used_share(&b), 500);
        start_phase(&mut b, 1000, 1000);
        for _ in 0..50 {
            b.count_node();
        }
        assert!(b.is_exhausted() && b.is_spent());
        assert_eq!(used_share(&b), 1000);
    }
}
