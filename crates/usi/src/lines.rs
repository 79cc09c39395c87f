//! The lines the engine answers with: `info`, `bestmove` and `checkmate`.

use minishogi_engine::{Info, SearchResult};
use minishogi_mate::MateResult;

/// The `info` line of an iteration.
pub(crate) fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull,
        pv.join(" ")
    )
}

/// The `bestmove` line of a result.
pub(crate) fn bestmove_line(result: &SearchResult) -> String {
    match (result.best, result.ponder) {
        (Some(m), Some(p)) => format!("bestmove {m} ponder {p}"),
        (Some(m), None) => format!("bestmove {m}"),
        (None, _) => "bestmove resign".to_string(),
    }
}

/// The `checkmate` line of a result.
pub(crate) fn checkmate_line(result: &MateResult) -> String {
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
    fn answers_no_mate_in_time() {
        assert_eq!(checkmate_line(&MateResult::Unknown), "checkmate timeout");
        assert_eq!(checkmate_line(&MateResult::NoMate), "checkmate nomate");
    }
}
