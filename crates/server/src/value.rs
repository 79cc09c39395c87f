//! A position's value as the API writes it: `result`, `by`, `plies` (the keys of `tb probe --json`).

use minishogi_tablebase::{By, Verdict};
use serde::Serialize;

/// The value of a position from the view of its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PositionValue {
    /// `"win"`, `"draw"` or `"loss"`.
    pub result: &'static str,
    /// `"mate"`, `"repetition"`, `"perpetual-check"`, or `null` (a draw with no cycle outcome,
    /// e.g. from a table that predates repetition values).
    pub by: Option<&'static str>,
    /// Plies to mate, for a result by mate.
    pub plies: Option<u16>,
}

impl From<Verdict> for PositionValue {
    fn from(v: Verdict) -> PositionValue {
        PositionValue { result: v.result.name(), by: v.by.map(By::name), plies: v.plies }
    }
}
