//! The clocks of one game: what each side has left, the `go` command that tells the engine, the
//! deadline after which it has lost on time, and charging a move's time.

use crate::TimeControl;
use minishogi::Color;
use std::time::Duration;

/// Both sides' clocks in one game; each side may have its own time control (time odds).
#[derive(Clone, Debug)]
pub struct GameClock {
    controls: [TimeControl; 2],
    left: [Duration; 2],
}

impl GameClock {
    /// Clocks at the start of a game, by colour index (sente first).
    pub fn new(controls: [TimeControl; 2]) -> GameClock {
        let main = |tc: &TimeControl| match tc {
            TimeControl::Clock { main, .. } => *main,
            _ => Duration::ZERO,
        };
        GameClock { left: [main(&controls[0]), main(&controls[1])], controls }
    }

    /// Main time `side` has left.
    pub fn left(&self, side: Color) -> Duration {
        self.left[side.index()]
    }

    /// The arguments of `go` for `side` to move (`btime … wtime … byoyomi …`, `nodes N`, `depth D`).
    pub fn go_args(&self, side: Color) -> String {
        match self.controls[side.index()] {
            TimeControl::Nodes(n) => format!("nodes {n}"),
            TimeControl::Depth(d) => format!("depth {d}"),
            TimeControl::Clock { byoyomi, .. } => {
                let ms = |d: Duration| d.as_millis();
                let inc = |c: &TimeControl| match c {
                    TimeControl::Clock { increment, .. } => *increment,
                    _ => Duration::ZERO,
                };
                let mut go = format!("btime {} wtime {}", ms(self.left[0]), ms(self.left[1]));
                let (binc, winc) = (inc(&self.controls[0]), inc(&self.controls[1]));
                if !binc.is_zero() || !winc.is_zero() {
                    go.push_str(&format!(" binc {} winc {}", ms(binc), ms(winc)));
                } else {
                    go.push_str(&format!(" byoyomi {}", ms(byoyomi)));
                }
                go
            }
        }
    }

    /// How long `side` may take for this move before it has lost on time: main time left plus
    /// byoyomi plus `margin` (the allowance for process and pipe latency). Without a clock the
    /// move may take `fixed_timeout`.
    pub fn deadline(&self, side: Color, margin: Duration, fixed_timeout: Duration) -> Duration {
        match self.controls[side.index()] {
            TimeControl::Clock { byoyomi, .. } => self.left[side.index()] + byoyomi + margin,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => fixed_timeout,
        }
    }

    /// Charges `elapsed` to `side` after its move: main time first, the rest from byoyomi; then
    /// the increment is added.
    pub fn charge(&mut self, side: Color, elapsed: Duration) {
        if let TimeControl::Clock { increment, .. } = self.controls[side.index()] {
            let left = &mut self.left[side.index()];
            *left = left.saturating_sub(elapsed) + increment;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn byoyomi_is_spent_after_main_time_and_never_banked() {
        let tc = TimeControl::Clock { main: ms(1000), increment: ms(0), byoyomi: ms(200) };
        let mut clock = GameClock::new([tc, tc]);
        assert_eq!(clock.go_args(Color::Sente), "btime 1000 wtime 1000 byoyomi 200");
        assert_eq!(clock.deadline(Color::Sente, ms(50), ms(9)), ms(1250));
        clock.charge(Color::Sente, ms(1100));
        assert_eq!(clock.left(Color::Sente), ms(0));
        assert_eq!(clock.deadline(Color::Sente, ms(50), ms(9)), ms(250));
    }

    #[test]
    fn increments_are_added_after_the_move_and_odds_are_per_side() {
        let fischer = TimeControl::Clock { main: ms(1000), increment: ms(100), byoyomi: ms(0) };
        let mut clock = GameClock::new([fischer, TimeControl::Nodes(500)]);
        clock.charge(Color::Sente, ms(300));
        assert_eq!(clock.left(Color::Sente), ms(800));
        assert_eq!(clock.go_args(Color::Sente), "btime 800 wtime 0 binc 100 winc 0");
        assert_eq!(clock.go_args(Color::Gote), "nodes 500");
        assert_eq!(clock.deadline(Color::Gote, ms(50), ms(9)), ms(9));
    }
}
