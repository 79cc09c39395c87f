//! The engine's view of a position nothing proved: a score, a depth and a principal variation.

use crate::limits::AnalysisLimits;
use minishogi::{Color, Game, Move, Position, RuleSet};
use minishogi_engine::{Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What the engine's search said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The score from the side to move's view.
    pub score: Score,
    /// The last completed iteration.
    pub depth: u32,
    /// The principal variation (starts with the best move).
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Searches `pos`, the start of a game that `first_player` began, with the shipped evaluation
/// within the engine's limits.
pub fn estimate(pos: &Position, first_player: Color, limits: &AnalysisLimits) -> Estimate {
    let mut searcher = Searcher::shipped(limits.hash_mb.max(1));
    // The time is the analysis's own, with no protocol to keep a reserve for.
    searcher.set_move_overhead(Duration::ZERO);
    let game = Game::with_first_player(pos.clone(), RuleSet::Standard, first_player);
    let search_limits = limits.search_limits();
    let result = searcher.search(&game, &search_limits, &AtomicBool::new(false), &mut |_| {});
    Estimate { score: result.score, depth: result.depth, pv: result.pv, nodes: result.nodes }
}
