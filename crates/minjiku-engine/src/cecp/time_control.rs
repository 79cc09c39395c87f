//! The time control the GUI set (`level`, `st`, `sd`) and the clocks it reports (`time`), turned
//! into the limits of one search.

use crate::{Clock, Limits};
use std::time::Duration;

/// Thinking time when the GUI never said (XBoard always does).
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(2);

/// How the engine's time is controlled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Control {
    /// A fixed time per move (`st`).
    MoveTime(Duration),
    /// A clock (`level`): `base` for `moves` moves (0: all), plus `increment` a move.
    Level { moves: u32, base: Duration, increment: Duration },
}

/// The GUI's settings and the engine's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    control: Control,
    depth: Option<u32>,
    /// The engine's clock as last reported by `time`.
    clock: Option<Duration>,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl { control: Control::MoveTime(DEFAULT_MOVE_TIME), depth: None, clock: None }
    }
}

impl TimeControl {
    /// `st`: a fixed time per move.
    pub fn set_move_time(&mut self, time: Duration) {
        self.control = Control::MoveTime(time);
    }

    /// `level`: a clock; the engine's time is the base until `time` says otherwise.
    pub fn set_level(&mut self, moves: u32, base: Duration, increment: Duration) {
        self.control = Control::Level { moves, base, increment };
        self.clock = None;
    }

    /// `sd`: a depth limit (`None` lifts it, as `new` does).
    pub fn set_depth(&mut self, depth: Option<u32>) {
        self.depth = depth;
    }

    /// `time`: the engine's clock.
    pub fn set_clock(&mut self, left: Duration) {
        self.clock = Some(left);
    }

    /// The limits of the engine's next search, its `move_number`-th move of the game (from 1).
    pub fn limits(&self, move_number: u32) -> Limits {
        let mut limits = Limits { depth: self.depth, ..Limits::default() };
        match self.control {
            Control::MoveTime(t) => limits.movetime = Some(t),
            Control::Level { moves, base, increment } => {
                let moves_to_go = (moves > 0).then(|| moves - (move_number.max(1) - 1) % moves);
                limits.clock = Some(Clock { time: self.clock.unwrap_or(base), increment, moves_to_go });
            }
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_count_the_moves_to_the_next_control() {
        let mut tc = TimeControl::default();
        tc.set_level(40, Duration::from_secs(300), Duration::ZERO);
        let clock = |n| tc.limits(n).clock.unwrap();
        assert_eq!(clock(1).moves_to_go, Some(40));
        assert_eq!(clock(40).moves_to_go, Some(1));
        assert_eq!(clock(41).moves_to_go, Some(40));
        assert_eq!(clock(1).time, Duration::from_secs(300));
        tc.set_clock(Duration::from_secs(12));
        assert_eq!(tc.limits(3).clock.unwrap().time, Duration::from_secs(12));
        tc.set_move_time(Duration::from_millis(100));
        tc.set_depth(Some(5));
        let limits = tc.limits(3);
        assert_eq!(
            (limits.movetime, limits.depth, limits.clock),
            (Some(Duration::from_millis(100)), Some(5), None)
        );
    }
}
