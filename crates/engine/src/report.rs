//! What a search reports: progress after each iteration ([`Info`]) and the outcome
//! ([`SearchResult`]). Shared by the searcher, its threads and the USI loop.

use crate::score::Score;
use minishogi::Move;
use std::time::Duration;

/// Progress of a search after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move.
    pub score: Score,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Permille of the table in use.
    pub hashfull: u32,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, or `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score from the side to move.
    pub score: Score,
    /// Principal variation (starts with `best`).
    pub pv: Vec<Move>,
    /// Last completed iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}
