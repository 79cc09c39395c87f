//! One player's clock in a match of in-process players: a base time and an increment (Fischer).
//! A move is charged its measured wall time; a move that took longer than the time left (plus
//! the match's move overhead allowance) loses on time, otherwise the increment is added after
//! it — the rule [`GameClock`](crate::game::GameClock) applies in matches of engine processes.

use super::SearchLimit;
use crate::Termination;
use std::time::Duration;

/// A player's clock: the time left and the increment added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayerClock {
    left: Duration,
    increment: Duration,
}

impl PlayerClock {
    /// A clock at the start of a game: `base` on it, `increment` added after each move.
    pub fn new(base: Duration, increment: Duration) -> PlayerClock {
        PlayerClock { left: base, increment }
    }

    /// The clock a contestant's limit starts every game with, or `None` for a fixed search a
    /// move (nodes, time or depth).
    pub fn for_limit(limit: SearchLimit) -> Option<PlayerClock> {
        match limit {
            SearchLimit::Clock { left, increment } => Some(PlayerClock::new(left, increment)),
            SearchLimit::Nodes(_) | SearchLimit::Movetime(_) | SearchLimit::Depth(_) => None,
        }
    }

    /// Time left.
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The limit of the next search: this clock, from which the engine plans the move.
    pub fn limit(&self) -> SearchLimit {
        SearchLimit::Clock { left: self.left, increment: self.increment }
    }

    /// Charges a move that took `elapsed`: past the time left plus `overhead` it is a loss on
    /// time ([`Termination::TimeLoss`], the clock unchanged); otherwise the time is deducted (to
    /// zero at most, within the allowance) and the increment added.
    pub fn charge(&mut self, elapsed: Duration, overhead: Duration) -> Result<(), Termination> {
        let allowed = self.left + overhead;
        if elapsed > allowed {
            return Err(Termination::TimeLoss { elapsed: Some(elapsed), allowed });
        }
        self.left = self.left.saturating_sub(elapsed) + self.increment;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_move_is_deducted_then_the_increment_added() {
        let mut clock = PlayerClock::new(ms(1000), ms(100));
        clock.charge(ms(300), ms(0)).unwrap();
        assert_eq!(clock.left(), ms(800));
        let mut late = clock;
        assert!(late.charge(ms(900), ms(0)).is_err(), "900 ms of 800 ms");
        clock.charge(ms(800), ms(0)).unwrap();
        assert_eq!(clock.left(), ms(100));
        clock.charge(ms(100), ms(0)).unwrap();
        assert_eq!(clock.left(), ms(100));
        assert_eq!(clock.limit(), SearchLimit::Clock { left: ms(100), increment: ms(100) });
    }

    #[test]
    fn the_allowance_spares_a_late_move_but_not_a_later_one() {
        let mut clock = PlayerClock::new(ms(50), ms(0));
        clock.charge(ms(55), ms(10)).unwrap();
        assert_eq!(clock.left(), ms(0));
        let loss = clock.charge(ms(11), ms(10)).unwrap_err();
        assert_eq!(loss, Termination::TimeLoss { elapsed: Some(ms(11)), allowed: ms(10) });
        assert_eq!(loss.to_string(), "time-loss (11 ms of 10 ms)");
        assert_eq!(clock.left(), ms(0));
    }

    #[test]
    fn a_flag_falls_exactly_past_the_time_left() {
        let mut clock = PlayerClock::new(ms(1), ms(0));
        assert!(clock.charge(ms(1), ms(0)).is_ok());
        let mut clock = PlayerClock::new(ms(1), ms(0));
        assert!(clock.charge(ms(1) + Duration::from_nanos(1), ms(0)).is_err());
    }

    #[test]
    fn only_a_clock_limit_has_a_clock() {
        let limit = SearchLimit::Clock { left: ms(2000), increment: ms(50) };
        assert_eq!(PlayerClock::for_limit(limit).map(|c| c.limit()), Some(limit));
        assert_eq!(PlayerClock::for_limit(SearchLimit::Nodes(100)), None);
        assert_eq!(PlayerClock::for_limit(SearchLimit::Movetime(ms(100))), None);
        assert_eq!(PlayerClock::for_limit(SearchLimit::Depth(3)), None);
    }
}
