//! The mate solver's budget: how often it looks at the clock, and the share of it the
//! post-search leaves for writing the line.

use crate::dfpn::Budget;
use crate::limits::Limits;

/// Nodes between two looks at the clock and the stop flag: about a millisecond at the solver's
/// 100,000 nodes a second, so that a budget of a few milliseconds (the engine's root probe) holds.
const CLOCK_INTERVAL: u64 = 128;

/// The part of the budget (one in this many) that the post-search leaves for writing the line.
const LINE_SHARE: u32 = 8;

/// A budget for a solve within `limits`, starting now.
pub fn budget_for(limits: &Limits) -> Budget {
    Budget::new(limits, CLOCK_INTERVAL)
}

/// Ends the current phase an eighth of the whole budget before the budget's end, so that the
/// post-search leaves nodes and time for writing the line out.
pub fn hold_back_line_share(budget: &mut Budget) {
    let limits = budget.limits();
    let nodes = limits.nodes.map_or(u64::MAX, |n| n - n / u64::from(LINE_SHARE));
    let time = limits.time.map(|t| t - t / LINE_SHARE);
    budget.set_phase(nodes, time);
}

/// Gives the current phase what is left of the whole budget (after [`hold_back_line_share`]).
pub fn release_line_share(budget: &mut Budget) {
    budget.set_phase(u64::MAX, None);
}
