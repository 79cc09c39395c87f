//! `/api/mainline`'s answer: the line of best moves to the end of the game, with the value of the
//! position after each ply, and how the game ends.

use crate::error::ApiError;
use crate::probe::proved;
use crate::query::PositionQuery;
use crate::summary::PositionSummary;
use crate::value::PositionValue;
use minishogi::game::EndReason;
use minishogi::{Game, RuleSet};
use minishogi_tablebase::{Material, Query, Tablebase};
use serde::Serialize;

/// The line of a position to the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MainlineReport {
    /// The position and its value; `exact` when every value of the line is proved.
    #[serde(flatten)]
    pub position: PositionSummary,
    /// The plies of the line, in order.
    pub line: Vec<PlyReport>,
    /// How the game ends after the line; `null` when the line stops short of the end (a draw
    /// read from a table without repetition values gives one drawing move; an engine's line
    /// ends where its search did).
    pub end: Option<EndOfLine>,
}

/// One ply of the line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyReport {
    /// The move, as USI.
    pub usi: String,
    /// The position after it, as SFEN.
    pub sfen: String,
    /// The value of that position, from the view of its side to move.
    #[serde(flatten)]
    pub value: PositionValue,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EndOfLine {
    /// `sente`, `gote`, or `null` for a draw.
    pub winner: Option<&'static str>,
    /// `checkmate`, `no-legal-move`, `repetition` or `perpetual-check`.
    pub reason: &'static str,
}

/// The line of `query`'s position from [`Tablebase::line`] (as `tb probe` gives it), each ply
/// valued with a verdict-only [`Tablebase::probe`], and the end replayed with the rules' [`Game`].
pub fn mainline(tb: &Tablebase, query: &PositionQuery) -> Result<MainlineReport, ApiError> {
    let (position, first_player) = (&query.position, query.first_player);
    let material = Material::of(position);
    let missing = || ApiError::missing_table(&material, tb.dir());
    let table_query = Query::new(first_player, RuleSet::Standard);
    let answer = tb.probe(position, table_query.verdict_only())?.ok_or_else(missing)?;
    let answer_line = tb.line(position, table_query)?.ok_or_else(missing)?;
    let mut game = Game::with_first_player(position.clone(), RuleSet::Standard, first_player);
    let mate_only = answer.mate_only;
    let mut exact = answer.is_exact();
    let mut line = Vec::with_capacity(answer_line.len());
    for &m in &answer_line {
        game.play(m)
            .map_err(|e| ApiError::internal(format!("the table's line plays an illegal move {m}: {e}")))?;
        let after = game.position();
        let value = tb.probe(after, table_query.verdict_only())?.ok_or_else(missing)?.verdict;
        exact &= proved(&value, mate_only);
        line.push(PlyReport { usi: m.to_string(), sfen: after.to_sfen(), value: value.into() });
    }
    Ok(MainlineReport {
        position: PositionSummary {
            sfen: position.to_sfen(),
            material: material.name(),
            first_player: first_player.name(),
            exact,
            source: "tablebase",
            value: answer.verdict.into(),
        },
        line,
        end: end_of_line(&game),
    })
}

/// How `game` has ended, if it has.
pub(crate) fn end_of_line(game: &Game) -> Option<EndOfLine> {
    game.outcome().map(|o| EndOfLine { winner: o.winner.map(|c| c.name()), reason: reason_name(o.reason) })
}

fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::NoLegalMove => "no-legal-move",
        EndReason::Repetition => "repetition",
        EndReason::PerpetualCheck => "perpetual-check",
        EndReason::MoveLimit => "move-limit",
    }
}
