//! What bounds a search: depth, nodes, a fixed time, a mate length, or the game clock.

use std::time::Duration;

/// The remaining time of both players, as USI `go` gives it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Main time left, by colour index (sente = `btime`, gote = `wtime`).
    pub time: [Duration; 2],
    /// Increment per move, by colour index (`binc`, `winc`).
    pub inc: [Duration; 2],
    /// Byoyomi per move once main time is spent.
    pub byoyomi: Duration,
}

/// Limits of one search. All unset: search until stopped (like `infinite`) — callers normally set
/// at least one.
///
/// The mate solver has a `Limits` of its own (`minishogi_mate::Limits`: nodes, time, a stop
/// flag): a df-pn proof has no depth, mate length or clock to manage, and the alpha-beta search
/// is stopped through the flag its `search` takes. An analysis holds one of each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum iteration depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes (exact and reproducible with one thread).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Stop once a mate in at most this many moves (2n − 1 plies) is found.
    pub mate: Option<u32>,
    /// Search until stopped; the result is reported only then (the USI layer waits).
    pub infinite: bool,
    /// The game clock, for time management.
    pub clock: Option<Clock>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }
}
