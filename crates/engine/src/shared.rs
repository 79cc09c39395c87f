//! What all threads of one search share: the table, the evaluation, the oracle, the stop flags,
//! the node counter, the limits and the facts about the game that decide repetitions.

use crate::evaluator::Evaluator;
use crate::limits::Limits;
use crate::oracle::EndgameOracle;
use crate::time_budget::Budget;
use crate::tt::Tt;
use minishogi::{Color, RuleSet};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a Tt,
    pub eval: &'a Evaluator,
    pub oracle: Option<&'a dyn EndgameOracle>,
    /// Set by the caller to stop the search.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to stop the helpers.
    pub halt: &'a AtomicBool,
    /// Nodes of all threads, flushed every few thousand nodes.
    pub nodes: AtomicU64,
    pub start: Instant,
    pub budget: Option<Budget>,
    pub limits: &'a Limits,
    pub rules: RuleSet,
    pub first_player: Color,
    pub game_plies: usize,
    pub threads: usize,
}
