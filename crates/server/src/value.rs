//! A position's value as the API writes it: `result`, `by`, `plies` (the keys of `tb probe --json`),
//! and for an engine estimate its score and depth.

use minishogi_analysis::Analysis;
use minishogi_tablebase::{By, Verdict};
use serde::Serialize;

/// The value of a position from the view of its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PositionValue {
    /// `"win"`, `"draw"`, `"loss"`, or `"unknown"` for an engine estimate.
    pub result: &'static str,
    /// `"mate"`, `"repetition"`, `"perpetual-check"`, or `null` (an estimate, or a draw with no
    /// cycle outcome, e.g. from a table that predates repetition values).
    pub by: Option<&'static str>,
    /// Plies to mate, for a result by mate.
    pub plies: Option<u32>,
    /// For an engine estimate, the score in centipawns (sent only then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_cp: Option<i32>,
    /// For an engine estimate that is a mate score, the plies to mate, negative when the side to
    /// move is mated; not proved (sent only then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_mate: Option<i32>,
    /// For an engine estimate, the depth of the search (sent only then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

impl From<Verdict> for PositionValue {
    fn from(v: Verdict) -> PositionValue {
        PositionValue {
            result: v.result.name(),
            by: v.by.map(By::name),
            plies: v.plies.map(u32::from),
            score_cp: None,
            score_mate: None,
            depth: None,
        }
    }
}

impl From<&Analysis> for PositionValue {
    fn from(a: &Analysis) -> PositionValue {
        PositionValue {
            result: a.result.name(),
            by: a.by.map(By::name),
            plies: a.plies,
            score_cp: a.score_cp,
            score_mate: a.score_mate,
            depth: a.depth,
        }
    }
}
