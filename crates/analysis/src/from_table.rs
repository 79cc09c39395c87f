//! A table's answer as an analysis: the values `tb probe` prints, unchanged.

use crate::analysis::{Analysis, GameResult, Source};
use minishogi::{Move, Position};
use minishogi_tablebase::{Probe, Wdl};

impl Analysis {
    /// The analysis that a table's answer about `position` gives, with its `line`. Exact, except
    /// a draw read from a table that predates repetition values (it only knows that nobody mates).
    pub fn from_table(position: &Position, answer: &Probe, line: &[Move]) -> Analysis {
        let verdict = answer.verdict;
        let result = match verdict.result {
            Wdl::Win => GameResult::Win,
            Wdl::Loss => GameResult::Loss,
            Wdl::Draw => GameResult::Draw,
        };
        Analysis {
            sfen: position.to_sfen(),
            material: answer.material.name(),
            first_player: answer.first_player,
            exact: answer.is_exact(),
            result,
            by: verdict.by,
            plies: verdict.plies.map(u32::from),
            best: answer.best,
            line: line.to_vec(),
            source: Source::Tablebase,
            score_cp: None,
            score_mate: None,
            depth: None,
            nodes: 0,
            warning: answer.mate_only_warning(),
        }
    }
}
