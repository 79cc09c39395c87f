//! USI tsume search: `go mate <ms|infinite>` answered by `checkmate <moves>`, `checkmate nomate`
//! or `checkmate timeout`, as shogi GUIs (ShogiGUI, Shogidokoro) expect. The answer comes from
//! the df-pn solver of `minishogi_mate`; the protocol loop only starts it on a thread.

use minishogi::Position;
use minishogi_mate::{Limits, MateResult, Mode, Solver};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The time allowed when `go mate` carries no readable time.
pub const FALLBACK_TIME: Duration = Duration::from_millis(1000);

/// Parses the arguments after `go mate`: milliseconds, or `infinite` (until solved or `stop`),
/// which is `None`.
pub fn parse_mate_time(args: &[&str]) -> Result<Option<Duration>, String> {
    match args {
        ["infinite"] => Ok(None),
        [ms] => ms
            .parse::<u64>()
            .map(|ms| Some(Duration::from_millis(ms)))
            .map_err(|_| format!("'go mate' needs milliseconds or 'infinite', got '{ms}'")),
        [] => Err("'go mate' needs milliseconds or 'infinite'".to_string()),
        _ => Err(format!("'go mate' takes one value, got {}", args.len())),
    }
}

/// Solves `pos` as a tsume within `time` (or until `stop`) and returns the `checkmate` line.
pub fn checkmate(pos: &Position, time: Option<Duration>, stop: Arc<AtomicBool>) -> String {
    let limits = Limits { nodes: None, time, stop: Some(stop) };
    let report = Solver::default().solve(pos, Mode::Tsume, &limits);
    checkmate_line(&report.result)
}

/// The `checkmate` line of a result.
pub fn checkmate_line(result: &MateResult) -> String {
    match result {
        MateResult::Mate { line, .. } => {
            let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            format!("checkmate {}", moves.join(" "))
        }
        MateResult::NoMate => "checkmate nomate".to_string(),
        MateResult::Unknown => "checkmate timeout".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_time() {
        assert_eq!(parse_mate_time(&["infinite"]), Ok(None));
        assert_eq!(parse_mate_time(&["250"]), Ok(Some(Duration::from_millis(250))));
        assert!(parse_mate_time(&[]).is_err());
        assert!(parse_mate_time(&["soon"]).is_err());
    }

    #[test]
    fn answers_each_result() {
        let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").expect("legal");
        let stop = Arc::new(AtomicBool::new(false));
        assert_eq!(checkmate(&pos, None, Arc::clone(&stop)), "checkmate G*1b");
        let refused = Position::from_sfen("3rk/3p1/5/2B2/K4 b P 1").expect("legal");
        assert_eq!(checkmate(&refused, None, stop), "checkmate nomate");
        assert_eq!(checkmate_line(&MateResult::Unknown), "checkmate timeout");
    }
}
