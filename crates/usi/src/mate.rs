//! USI tsume search: `go mate <ms|infinite>` answered by `checkmate <moves>`, `checkmate nomate`
//! or `checkmate timeout`, as shogi GUIs (ShogiGUI, Shogidokoro) expect. The answer comes from
//! the df-pn solver of `minishogi_mate`; the protocol loop only starts it on a thread.

use crate::lines::checkmate_line;
use minishogi::Position;
use minishogi_mate::{Limits, Mode, Solver};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The time allowed when `go mate` carries no readable time.
pub(crate) const FALLBACK_TIME: Duration = Duration::from_millis(1000);

/// Solves `pos` as a tsume within `time` (or until `stop`) and returns the `checkmate` line.
pub(crate) fn checkmate(pos: &Position, time: Option<Duration>, stop: Arc<AtomicBool>) -> String {
    let limits = Limits { nodes: None, time, stop: Some(stop) };
    let report = Solver::default().solve(pos, Mode::Tsume, &limits);
    checkmate_line(&report.result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_each_result() {
        let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").expect("legal");
        let stop = Arc::new(AtomicBool::new(false));
        assert_eq!(checkmate(&pos, None, Arc::clone(&stop)), "checkmate G*1b");
        let refused = Position::from_sfen("3rk/3p1/5/2B2/K4 b P 1").expect("legal");
        assert_eq!(checkmate(&refused, None, stop), "checkmate nomate");
    }
}
