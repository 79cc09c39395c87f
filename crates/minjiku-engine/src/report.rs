//! What a search reports: progress after each iteration and the final result.

use minjiku::Move;
use std::time::Duration;

/// Progress after a completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score in centipawns from the side to move (mates and rule wins: see [`MATE`](crate::score::MATE) and [`RULE_WIN`](crate::score::RULE_WIN)).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the position has no legal move.
    pub best: Option<Move>,
    /// Its score from the side to move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation (starting with `best`).
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (u128::from(self.nodes) * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}
