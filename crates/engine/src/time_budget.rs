//! How the clock becomes the time of one move: a target the search stretches or shrinks with
//! the stability of its best move ([`crate::stability`]), a floor of byoyomi that cannot be
//! saved, and a hard limit that keeps the move inside the clock.

use crate::limits::Limits;
use minishogi::Color;
use std::time::Duration;

/// Time kept back from every clock for the pipe and the process waking up. A move arrives
/// about 0.5 ms after the engine's own deadline on an idle local pipe (1.3–4.4 ms at the 99th
/// percentile) and up to about 11 ms on a loaded machine (docs/engine.md, "Time management").
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// At most this share (one in N) of a byoyomi or a fixed move time is kept back: a 20 ms
/// byoyomi with 10 ms in reserve would halve the search, and games that short are played by
/// runners that allow a grace, while the pipe itself is late by well under a tenth.
const RESERVE_SHARE_OF_MOVE_TIME: u32 = 10;

/// Moves of our own that main time is divided over: minishogi games are short, and a game that
/// goes on past them still has the byoyomi or increment, or a shrinking share of what is left.
const MOVES_TO_GO: u32 = 20;
/// The hard limit is at most this many times the target…
const HARD_OVER_TARGET: u32 = 5;
/// …and takes at most this fraction (one in N) of the main time left, so sudden death never
/// runs out.
const HARD_SHARE_OF_MAIN: u32 = 4;
/// The smallest time any limit is given.
const MINIMUM: Duration = Duration::from_millis(1);

/// The time of one move, measured from the moment the search starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// What a move costs on average; the search stops after an iteration once it has spent
    /// this times its stability factor.
    pub target: Duration,
    /// Time that is lost if not spent (byoyomi): the search does not stop before it, except
    /// on a forced move or a proved result.
    pub floor: Duration,
    /// The search is aborted here, whatever it is doing.
    pub hard: Duration,
}

impl Budget {
    /// A budget with no flexibility: spend `time`, then stop.
    fn fixed(time: Duration) -> Budget {
        let time = time.max(MINIMUM);
        Budget { target: time, floor: time, hard: time }
    }

    /// True when the search may stop earlier or later than the target.
    #[cfg(test)]
    pub fn is_flexible(&self) -> bool {
        self.floor < self.hard
    }

    /// When to stop after an iteration, given the stability `factor` (1 for a normal move).
    pub fn stop_after(&self, factor: f64) -> Duration {
        self.target.mul_f64(factor.max(0.0)).clamp(self.floor, self.hard)
    }
}

/// Turns `limits` into the time budget of `side`, keeping `overhead` back from the clock;
/// `None` when time does not limit the search.
pub(crate) fn budget(limits: &Limits, side: Color, overhead: Duration) -> Option<Budget> {
    if limits.infinite {
        return None;
    }
    if let Some(t) = limits.movetime {
        return Some(Budget::fixed(t.saturating_sub(reserve(overhead, t))));
    }
    let clock = limits.clock?;
    let left = clock.time[side.index()];
    let inc = clock.inc[side.index()];
    let byo = clock.byoyomi;
    let overhead = if byo.is_zero() { overhead } else { reserve(overhead, byo) };
    if left.is_zero() && inc.is_zero() {
        // Pure byoyomi: unused time is lost, so all of it is spent.
        return Some(Budget::fixed(byo.saturating_sub(overhead)));
    }
    // The move must arrive before main time and byoyomi run out; an increment comes after it.
    let usable = (left + byo).saturating_sub(overhead).max(MINIMUM);
    let target = left / MOVES_TO_GO + inc * 3 / 4 + byo;
    let hard = (target * HARD_OVER_TARGET).min(left / HARD_SHARE_OF_MAIN + inc / 2 + byo);
    let hard = hard.saturating_sub(overhead).clamp(MINIMUM, usable);
    let floor = byo.saturating_sub(overhead).min(hard);
    Some(Budget { target: target.saturating_sub(overhead).clamp(floor.max(MINIMUM), hard), floor, hard })
}

/// What is kept back from a move time or byoyomi of `time`.
fn reserve(overhead: Duration, time: Duration) -> Duration {
    overhead.min(time / RESERVE_SHARE_OF_MOVE_TIME)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    fn clock(time: u64, inc: u64, byo: u64) -> Limits {
        let clock = Clock { time: [MS(time), MS(time)], inc: [MS(inc), MS(inc)], byoyomi: MS(byo) };
        Limits { clock: Some(clock), ..Limits::default() }
    }

    fn of(limits: &Limits) -> Budget {
        budget(limits, Color::Sente, MS(10)).unwrap()
    }

    #[test]
    fn pure_byoyomi_spends_all_of_it_but_the_overhead() {
        assert_eq!(of(&clock(0, 0, 200)), Budget { target: MS(190), floor: MS(190), hard: MS(190) });
        // A short byoyomi keeps back a tenth of itself at most.
        assert_eq!(of(&clock(0, 0, 50)).hard, MS(45));
        assert_eq!(of(&clock(0, 0, 20)).hard, MS(18));
        assert_eq!(of(&clock(0, 0, 1)).hard, MS(1));
        assert!(!of(&clock(0, 0, 200)).is_flexible());
    }

    #[test]
    fn main_time_with_byoyomi_never_stops_before_the_byoyomi() {
        let b = of(&clock(10_000, 0, 100));
        assert!(b.is_flexible());
        assert_eq!(b.floor, MS(90));
        assert_eq!(b.target, MS(10_000 / MOVES_TO_GO as u64 + 100 - 10));
        assert!(b.hard < MS(10_000 / 4 + 100), "{b:?}");
        assert_eq!(b.stop_after(0.1), b.floor);
        assert_eq!(b.stop_after(100.0), b.hard);
        // Almost no main time left: the move still fits in what is left plus byoyomi.
        let b = of(&clock(30, 0, 100));
        assert!(b.hard <= MS(120) && b.hard >= b.floor, "{b:?}");
    }

    #[test]
    fn sudden_death_and_increments_keep_the_move_inside_the_clock() {
        for (left, inc) in [(60_000, 0), (1_000, 0), (100, 0), (5_000, 50), (100, 50), (20, 50), (0, 50)] {
            let b = of(&clock(left, inc, 0));
            assert!(b.floor == Duration::ZERO && b.target <= b.hard, "{left}+{inc}: {b:?}");
            assert!(b.hard <= MS(left).saturating_sub(MS(10)).max(MS(1)), "{left}+{inc}: {b:?}");
            assert!(b.hard <= MS(left / 4 + inc / 2).max(MS(1)), "{left}+{inc}: {b:?}");
        }
        // An increment is mostly spent, with main time shared over the moves to come.
        let b = of(&clock(5_000, 50, 0));
        assert_eq!(b.target, MS(5_000 / MOVES_TO_GO as u64) + MS(50) * 3 / 4 - MS(10));
    }

    #[test]
    fn fixed_time_and_unlimited_searches() {
        assert_eq!(of(&Limits::movetime(MS(300))), Budget::fixed(MS(290)));
        assert_eq!(of(&Limits::movetime(MS(30))), Budget::fixed(MS(27)));
        assert_eq!(budget(&Limits { infinite: true, ..clock(1000, 0, 0) }, Color::Sente, MS(10)), None);
        assert_eq!(budget(&Limits::depth(3), Color::Sente, MS(10)), None);
    }
}
