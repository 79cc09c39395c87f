//! What a solve may spend.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

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
