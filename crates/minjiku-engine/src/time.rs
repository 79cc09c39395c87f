//! How the limits become the time of one move: a soft target after which no new iteration
//! starts, and a hard limit at which the search is aborted.

use crate::limits::Limits;
use std::time::Duration;

/// Time kept back for the pipe and the process waking up.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);
/// Moves the remaining time is spread over when the control does not say.
const MOVES_TO_GO: u32 = 30;
/// Share of the increment spent on this move.
const INCREMENT_SHARE: f64 = 0.75;
/// The hard limit is at most this many times the target…
const HARD_OVER_TARGET: u32 = 4;
/// …and at most this share (one in N) of the time left.
const HARD_SHARE_OF_LEFT: u32 = 3;
/// No new iteration starts after this share of the target: it would rarely finish.
const NEW_ITERATION_SHARE: f64 = 0.6;

/// The time of one move, measured from the start of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration is started after this.
    pub soft: Duration,
    /// The search is aborted here.
    pub hard: Duration,
}

/// The budget of `limits`, or `None` when time does not limit the search.
pub fn budget(limits: &Limits) -> Option<Budget> {
    if let Some(t) = limits.movetime {
        // A fixed time: spend it, less a small reserve (at most a tenth of it).
        let hard = t.saturating_sub(MOVE_OVERHEAD.min(t / 10)).max(Duration::from_millis(1));
        return Some(Budget { soft: hard, hard });
    }
    let clock = limits.clock?;
    let left = clock.time.saturating_sub(MOVE_OVERHEAD).max(Duration::from_millis(1));
    let moves = clock.moves_to_go.unwrap_or(MOVES_TO_GO).clamp(1, MOVES_TO_GO);
    let target = left / moves + clock.increment.mul_f64(INCREMENT_SHARE);
    let hard = (target * HARD_OVER_TARGET)
        .min(left / HARD_SHARE_OF_LEFT.min(moves.max(1)).max(1))
        .max(Duration::from_millis(1));
    let target = target.min(hard);
    Some(Budget { soft: target.mul_f64(NEW_ITERATION_SHARE), hard })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;

    #[test]
    fn fixed_time_is_spent_less_a_small_reserve() {
        let b = budget(&Limits::movetime(Duration::from_millis(100))).unwrap();
        assert_eq!(b.hard, Duration::from_millis(90));
        let b = budget(&Limits::movetime(Duration::from_millis(1000))).unwrap();
        assert_eq!(b.hard, Duration::from_millis(990));
        assert!(budget(&Limits::depth(3)).is_none());
    }

    #[test]
    fn clock_budget_stays_inside_the_clock() {
        for (left, inc, mtg) in [
            (60_000, 0, None),
            (1_000, 100, None),
            (50, 0, None),
            (10_000, 0, Some(1)),
            (5_000, 2_000, Some(40)),
        ] {
            let clock = Clock {
                time: Duration::from_millis(left),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            };
            let b = budget(&Limits { clock: Some(clock), ..Limits::default() }).unwrap();
            assert!(b.soft <= b.hard);
            assert!(b.hard <= Duration::from_millis(left.max(1)), "{left} {inc} {mtg:?}: {b:?}");
        }
        // Sudden death: a 30th of the time or so, never a third of it.
        let clock = Clock { time: Duration::from_secs(60), increment: Duration::ZERO, moves_to_go: None };
        let b = budget(&Limits { clock: Some(clock), ..Limits::default() }).unwrap();
        assert!(b.hard <= Duration::from_secs(20) && b.soft >= Duration::from_millis(500), "{b:?}");
    }
}
