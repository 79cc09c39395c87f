//! Positions whose material has no table: the answer of `minishogi_analysis::analyse` (the mate
//! solver, then the engine), with a quicker analysis of the position after each move and after
//! each ply of the line. Exact only where the mate solver proves a mate.

use crate::error::ApiError;
use crate::mainline::{end_of_line, MainlineReport, PlyReport};
use crate::order::analysis_rank;
use crate::probe::{sort_moves, MoveReport, ProbeReport};
use crate::query::PositionQuery;
use crate::summary::PositionSummary;
use crate::value::PositionValue;
use minishogi::{Color, Game, MoveList, RuleSet};
use minishogi_analysis::{analyse, Analysis, AnalysisError, AnalysisLimits, GameResult};
use minishogi_engine::Limits as SearchLimits;
use minishogi_mate::Limits as MateLimits;
use minishogi_tablebase::{By, Material, Tablebase};
use std::time::Duration;

/// The budget of each position after a move, or after a ply of a line: a short mate search and
/// a shallow engine search (a few milliseconds each).
pub fn quick_limits() -> AnalysisLimits {
    AnalysisLimits {
        mate: MateLimits { nodes: None, time: Some(Duration::from_millis(10)), stop: None },
        any_move_plies: 3,
        reply_mates: false,
        engine: SearchLimits::nodes(4000),
        hash_mb: 1,
    }
}

/// `/api/probe` for a position without a table: `limits` for the position, [`quick_limits`] for
/// each move. The move that realises a proved mate is valued from that proof.
pub fn analysed_probe(
    tb: &Tablebase,
    query: &PositionQuery,
    limits: &AnalysisLimits,
) -> Result<ProbeReport, ApiError> {
    let (position, first_player) = (&query.position, query.first_player);
    let analysis = analyse(Some(tb), position, first_player, limits).map_err(analysis_error)?;
    let proved_mate = proved_mate(&analysis);
    let mut legal = MoveList::new();
    position.legal_moves(&mut legal);
    let mut ranked = Vec::with_capacity(legal.len());
    for &m in legal.iter() {
        let usi = m.to_string();
        let after = match proved_mate {
            // The mate's first move leaves the opponent a proved mate one ply shorter.
            Some((win, plies)) if analysis.best == Some(m) => {
                mate_analysis(&analysis, !win, plies.saturating_sub(1))
            }
            _ => analyse(Some(tb), &position.after(m), first_player, &quick_limits())
                .map_err(analysis_error)?,
        };
        let report = MoveReport { usi, value: PositionValue::from(&after), exact: after.exact };
        ranked.push((analysis_rank(&after), report));
    }
    Ok(ProbeReport {
        position: summary(&analysis, first_player, analysis.exact),
        best: analysis.best.map(|m| m.to_string()),
        line: analysis.line.iter().map(|m| m.to_string()).collect(),
        moves: sort_moves(ranked),
        warning: Some(no_table_note(tb, &Material::of(position))),
    })
}

/// `/api/mainline` for a position without a table: the analysis's line (a proved mate, or the
/// engine's principal variation), each ply valued from the proof or by [`quick_limits`].
pub fn analysed_mainline(
    tb: &Tablebase,
    query: &PositionQuery,
    limits: &AnalysisLimits,
) -> Result<MainlineReport, ApiError> {
    let (position, first_player) = (&query.position, query.first_player);
    let analysis = analyse(Some(tb), position, first_player, limits).map_err(analysis_error)?;
    let proved_mate = proved_mate(&analysis);
    let mut game = Game::with_first_player(position.clone(), RuleSet::Standard, first_player);
    let mut line = Vec::with_capacity(analysis.line.len());
    let mut exact = analysis.exact;
    for (ply, &m) in (1u32..).zip(&analysis.line) {
        game.play(m)
            .map_err(|e| ApiError::internal(format!("the analysis plays an illegal move {m}: {e}")))?;
        let after = match proved_mate {
            // After an odd number of plies the other side is to move.
            Some((win, plies)) => mate_analysis(&analysis, win == (ply % 2 == 0), plies.saturating_sub(ply)),
            None => {
                analyse(Some(tb), game.position(), first_player, &quick_limits()).map_err(analysis_error)?
            }
        };
        exact &= after.exact;
        let sfen = game.position().to_sfen();
        line.push(PlyReport { usi: m.to_string(), sfen, value: PositionValue::from(&after) });
    }
    Ok(MainlineReport { position: summary(&analysis, first_player, exact), line, end: end_of_line(&game) })
}

/// The analysed position and its value (`exact` as the answer states it).
fn summary(analysis: &Analysis, first_player: Color, exact: bool) -> PositionSummary {
    PositionSummary {
        sfen: analysis.sfen.clone(),
        material: analysis.material.clone(),
        first_player: first_player.name(),
        exact,
        source: analysis.source.name(),
        value: PositionValue::from(analysis),
    }
}

/// `(the side to move wins, plies)` for a proved result by mate.
fn proved_mate(a: &Analysis) -> Option<(bool, u32)> {
    match (a.exact, a.result, a.by, a.plies) {
        (true, GameResult::Win, Some(By::Mate), Some(n)) => Some((true, n)),
        (true, GameResult::Loss, Some(By::Mate), Some(n)) => Some((false, n)),
        _ => None,
    }
}

/// A proved mate of `plies` for (`win`) or against the side to move, in the shape of `of`.
fn mate_analysis(of: &Analysis, win: bool, plies: u32) -> Analysis {
    let result = if win { GameResult::Win } else { GameResult::Loss };
    Analysis {
        exact: true,
        result,
        by: Some(By::Mate),
        plies: Some(plies),
        score_cp: None,
        score_mate: None,
        depth: None,
        ..of.clone()
    }
}

/// Says that the values are the mate solver's and the engine's, and how to make the table.
fn no_table_note(tb: &Tablebase, material: &Material) -> String {
    let missing = ApiError::missing_table(material, tb.dir()).message;
    format!("{missing}; these values are the mate solver's (exact) and the engine's (estimates)")
}

fn analysis_error(e: AnalysisError) -> ApiError {
    match e {
        AnalysisError::BadSfen { .. } | AnalysisError::BadMove(_) => ApiError::bad_request(e.to_string()),
        AnalysisError::Table(e) => e.into(),
    }
}
