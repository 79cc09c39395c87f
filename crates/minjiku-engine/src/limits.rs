//! What bounds a search: depth, nodes, a fixed time per move, or the clock.

use std::time::Duration;

/// The clock of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is by moves.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search; the first one reached stops it. With none, the search runs until
/// the stop flag is set (or the maximum depth).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// The clock, from which the time of this move is planned.
    pub clock: Option<Clock>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search for `time`.
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }
}
