//! The order of the attempts: the rules, the tables, the engine.

use super::answer::{Analysis, GameResult, Source};
use crate::error::AnalysisError;
use crate::score::{DECISIVE, MATE};
use crate::{Limits, Searcher, Weights};
use minjiku::{Game, Move, Position, PositionWithMoves};
use minjiku_tablebase::{Material, MinjikuTablebase, MinjikuTbError};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The transposition table of the engine's search, megabytes.
const HASH_MB: usize = 16;

/// Analyses the position written as `text` (or `startpos`), optionally followed by the moves
/// played from it (`FEN moves h2a9+ …`): the position after the moves is analysed as the start
/// of a game; see [`analyse`].
pub fn analyse_fen(
    tables: Option<&Arc<MinjikuTablebase>>,
    text: &str,
    limits: &Limits,
) -> Result<Analysis, AnalysisError> {
    let line = PositionWithMoves::parse(text)
        .map_err(|error| AnalysisError::BadPosition { text: text.to_string(), error })?;
    analyse(tables, &line.position, limits)
}

/// The exact result of `position` (the start of a game) when the rules or `tables` decide it,
/// otherwise the estimate of the engine's search within `limits` (with the hand-set weights,
/// probing `tables`). A set the directory lacks, more than two pieces besides the Kings or a
/// piece on an extra square go on to the engine; a damaged table file is an error.
pub fn analyse(
    tables: Option<&Arc<MinjikuTablebase>>,
    position: &Position,
    limits: &Limits,
) -> Result<Analysis, AnalysisError> {
    let base = Analysis {
        fen: position.to_fen(),
        material: Material::of(position).name(),
        exact: true,
        result: GameResult::Loss,
        plies: Some(0),
        best: None,
        line: Vec::new(),
        source: Source::Rules,
        score_cp: None,
        score_mate: None,
        depth: None,
        nodes: 0,
        warning: None,
    };
    if position.legal_move_list().is_empty() {
        return Ok(base);
    }
    if let Some(tables) = tables {
        if let Some(analysis) = from_table(tables, position, &base)? {
            return Ok(analysis);
        }
    }
    Ok(estimate(tables, position, limits, base))
}

/// The table's answer, `None` when no table holds the position.
fn from_table(
    tables: &MinjikuTablebase,
    position: &Position,
    base: &Analysis,
) -> Result<Option<Analysis>, AnalysisError> {
    let value = match tables.value(position) {
        Ok(Some(value)) if value.is_legal() => value,
        Ok(_) | Err(MinjikuTbError::Missing(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let (line, warning) = match tables.line(position) {
        Ok(line) => (line.map(|l| l.moves).unwrap_or_default(), None),
        Err(MinjikuTbError::Missing(set)) => (Vec::new(), Some(format!("no table for {set}: no line"))),
        Err(e) => return Err(e.into()),
    };
    let result = if value.is_win() {
        GameResult::Win
    } else if value.is_loss() {
        GameResult::Loss
    } else {
        GameResult::Draw
    };
    // A draw of these mate-only tables says that nobody mates; a draw by the repetition rule is
    // not in them, and its best move is any that keeps the draw.
    let best = match result {
        GameResult::Draw => drawing_move(tables, position),
        _ => line.first().cloned(),
    };
    Ok(Some(Analysis {
        exact: result != GameResult::Draw,
        result,
        plies: value.dtm().map(u32::from),
        best,
        line,
        source: Source::Tablebase,
        warning,
        ..base.clone()
    }))
}

/// The first move, in the rules' order, to a position the tables call a draw.
fn drawing_move(tables: &MinjikuTablebase, position: &Position) -> Option<String> {
    let moves = tables.move_values(position).ok()?;
    moves.iter().find(|(_, v)| v.is_draw()).map(|&(m, _)| position.move_to_coord(m))
}

/// The engine's estimate.
fn estimate(
    tables: Option<&Arc<MinjikuTablebase>>,
    position: &Position,
    limits: &Limits,
    base: Analysis,
) -> Analysis {
    let mut searcher = Searcher::new(Weights::initial(), HASH_MB);
    searcher.set_tables(tables.cloned());
    let game = Game::new(position.clone());
    let result = searcher.search(&game, limits, &AtomicBool::new(false), &mut |_| {});
    let (score_cp, score_mate) = if result.score.abs() >= DECISIVE && MATE - result.score.abs() < 1_000 {
        let plies = MATE - result.score.abs();
        (None, Some(result.score.signum() * plies))
    } else {
        (Some(result.score), None)
    };
    Analysis {
        exact: false,
        result: GameResult::Unknown,
        plies: None,
        best: result.best.map(|m| position.move_to_coord(m)),
        line: coordinates(position, &result.pv),
        source: Source::Engine,
        score_cp,
        score_mate,
        depth: Some(result.depth),
        nodes: result.nodes,
        ..base
    }
}

/// The moves of `line` from `position` in coordinates (as far as they are legal).
fn coordinates(position: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = position.clone();
    let mut out = Vec::new();
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        out.push(pos.move_to_coord(m));
        pos.play(m);
    }
    out
}
