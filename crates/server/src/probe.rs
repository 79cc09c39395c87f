//! `/api/probe`'s answer: the value, best move and line of a position, and every legal move with
//! the value of the position after it, best first.

use crate::error::ApiError;
use crate::order::{move_rank, MoveRank};
use crate::query::PositionQuery;
use crate::summary::PositionSummary;
use crate::value::PositionValue;
use minishogi::{MoveList, RuleSet};
use minishogi_tablebase::{Material, Query, Tablebase, Verdict, Wdl};
use serde::Serialize;

/// The answer to a probe (see docs/server.md for an example).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProbeReport {
    /// The position and its value.
    #[serde(flatten)]
    pub position: PositionSummary,
    /// A move that realises the value, as USI (`null` when there is no legal move).
    pub best: Option<String>,
    /// The line of best moves to the end of the game, as USI.
    pub line: Vec<String>,
    /// Every legal move, best first for the side to move.
    pub moves: Vec<MoveReport>,
    /// Set when the table predates repetition values (its draws are mate-only), or when there is
    /// no table (with the command that makes it, where one can be made).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// One legal move and the value of the position after it, from the view of the side to move
/// there (the opponent): a winning move shows a loss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The move, as USI.
    pub usi: String,
    /// The value of the position after it, for the opponent.
    #[serde(flatten)]
    pub value: PositionValue,
    /// True when that value is proved (not for a draw from a table that predates repetition
    /// values).
    pub exact: bool,
}

/// Answers `query` from the tables in `tb`, under the standard rules: [`Tablebase::probe`] and
/// [`Tablebase::line`] for the position, a verdict-only probe for each move (the code path of
/// `minishogi tb probe`). A missing table is [`ApiError::missing_table`].
pub fn probe(tb: &Tablebase, query: &PositionQuery) -> Result<ProbeReport, ApiError> {
    let (position, first_player) = (&query.position, query.first_player);
    let material = Material::of(position);
    let missing = || ApiError::missing_table(&material, tb.dir());
    let table_query = Query::new(first_player, RuleSet::Standard);
    let answer = tb.probe(position, table_query)?.ok_or_else(missing)?;
    let answer_line = tb.line(position, table_query)?.ok_or_else(missing)?;
    let mate_only = answer.mate_only;
    let mut legal = MoveList::new();
    position.legal_moves(&mut legal);
    let mut ranked = Vec::with_capacity(legal.len());
    for &m in legal.iter() {
        let after = tb.probe(&position.after(m), table_query.verdict_only())?.ok_or_else(missing)?.verdict;
        let usi = m.to_string();
        let exact = proved(&after, mate_only);
        ranked.push((move_rank(&after), MoveReport { usi, value: after.into(), exact }));
    }
    Ok(ProbeReport {
        position: PositionSummary {
            sfen: position.to_sfen(),
            material: material.name(),
            first_player: first_player.name(),
            exact: answer.is_exact(),
            source: "tablebase",
            value: answer.verdict.into(),
        },
        best: answer.best.map(|m| m.to_string()),
        line: answer_line.iter().map(|m| m.to_string()).collect(),
        moves: sort_moves(ranked),
        warning: answer.mate_only_warning(),
    })
}

/// Whether a table's verdict is proved: all are, except a draw read from a table that predates
/// repetition values (it only knows that nobody mates).
pub(crate) fn proved(verdict: &Verdict, mate_only: bool) -> bool {
    !(mate_only && verdict.result == Wdl::Draw)
}

/// The moves best first by rank, then in USI order.
pub(crate) fn sort_moves(mut ranked: Vec<(MoveRank, MoveReport)>) -> Vec<MoveReport> {
    ranked.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.usi.cmp(&y.usi)));
    ranked.into_iter().map(|(_, report)| report).collect()
}
