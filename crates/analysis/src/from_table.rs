//! A table's answer as an analysis: the values `tb probe` prints, unchanged.

use crate::analysis::{Analysis, GameResult, Source};
use minishogi_tablebase::{ProbeAnswer, Wdl};

impl Analysis {
    /// The analysis that a table's answer gives. Exact, except a draw read from a table that
    /// predates repetition values (it only knows that nobody mates).
    pub fn from_table(answer: &ProbeAnswer) -> Analysis {
        let verdict = answer.probe.verdict;
        let result = match verdict.result {
            Wdl::Win => GameResult::Win,
            Wdl::Loss => GameResult::Loss,
            Wdl::Draw => GameResult::Draw,
        };
        Analysis {
            sfen: answer.position.to_sfen(),
            material: answer.probe.material.name(),
            first_player: answer.probe.first_player,
            exact: !(answer.probe.mate_only && verdict.result == Wdl::Draw),
            result,
            by: verdict.by,
            plies: verdict.plies.map(u32::from),
            best: answer.probe.best,
            line: answer.line.clone(),
            source: Source::Tablebase,
            score_cp: None,
            score_mate: None,
            depth: None,
            nodes: 0,
            warning: answer.mate_only_warning(),
        }
    }
}
