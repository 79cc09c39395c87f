//! What bounds a search (depth, nodes, time, mate) and how the clock is turned into a budget.

use minishogi::Color;
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

/// Time budget of one move: `soft` (do not start another iteration after it) and `hard` (stop).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Stop iterating once this much time has passed.
    pub soft: Duration,
    /// Abort the search at this time.
    pub hard: Duration,
}

/// Turns limits and the clock into a time budget for `side`, keeping `overhead` in reserve for
/// communication; `None` when time does not limit the search.
pub fn budget(limits: &Limits, side: Color, overhead: Duration) -> Option<Budget> {
    if limits.infinite {
        return None;
    }
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
        return Some(Budget { soft: t, hard: t });
    }
    let clock = limits.clock?;
    let left = clock.time[side.index()];
    let inc = clock.inc[side.index()];
    let byo = clock.byoyomi;
    // Minishogi games are short: plan for about 25 more moves of our own.
    let share = left / 25 + inc * 3 / 4;
    // What can be spent on this move without losing on time.
    let usable = (left + byo).saturating_sub(overhead);
    let hard = if byo > Duration::ZERO {
        // Byoyomi is lost if unused: always spend most of it, plus a share of main time.
        (share + byo).min(usable).max(byo.saturating_sub(overhead))
    } else {
        (share * 4).min(left.saturating_sub(overhead) * 2 / 3 + inc / 2).min(usable)
    };
    let hard = hard.max(Duration::from_millis(1));
    let soft = if byo > Duration::ZERO && left.is_zero() { hard } else { (share + byo).min(hard) / 2 };
    Some(Budget { soft: soft.max(Duration::from_millis(1)), hard })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    fn clock(time: u64, inc: u64, byo: u64) -> Limits {
        let clock = Clock { time: [MS(time), MS(time)], inc: [MS(inc), MS(inc)], byoyomi: MS(byo) };
        Limits { clock: Some(clock), ..Limits::default() }
    }

    #[test]
    fn budgets_stay_within_the_clock() {
        let over = MS(50);
        // Sudden death: a small fraction, never the whole clock.
        let b = budget(&clock(60_000, 0, 0), Color::Sente, over).unwrap();
        assert!(b.hard < MS(20_000) && b.soft <= b.hard && b.soft >= MS(500), "{b:?}");
        // Almost no time left: still below what is left.
        let b = budget(&clock(100, 0, 0), Color::Sente, over).unwrap();
        assert!(b.hard < MS(100), "{b:?}");
        // Pure byoyomi: use most of it but keep the overhead.
        let b = budget(&clock(0, 0, 1000), Color::Gote, over).unwrap();
        assert!(b.hard <= MS(950) && b.hard >= MS(900), "{b:?}");
        // Increment: a share of the increment is spent.
        let b = budget(&clock(1000, 2000, 0), Color::Sente, over).unwrap();
        assert!(b.hard > MS(500) && b.hard <= MS(2950), "{b:?}");
        assert_eq!(budget(&Limits { infinite: true, ..clock(1000, 0, 0) }, Color::Sente, over), None);
        assert_eq!(budget(&Limits::depth(3), Color::Sente, over), None);
    }
}
