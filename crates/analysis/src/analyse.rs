//! The order of the attempts: tables, the mate solver for either side, the engine.

use crate::analysis::{Analysis, GameResult, Source};
use crate::error::AnalysisError;
use crate::estimate::{estimate, Estimate};
use crate::limits::AnalysisLimits;
use crate::mate_budget::MateBudget;
use crate::proof::{mate_against_every_reply, mate_for_side_to_move, ProvedMate};
use minishogi::error::PositionMovesError;
use minishogi::{Color, Position, PositionWithMoves, RuleSet};
use minishogi_engine::Score;
use minishogi_mate::{Mode, Solver};
use minishogi_tablebase::{By, Material, Query, Tablebase};

/// The reply searches share a smaller solver table: it is cleared once per reply.
const REPLY_TABLE_SHARE: usize = 8;

/// Analyses the position written as `sfen` (or `startpos`), optionally followed by the moves
/// played from it (`SFEN moves 5d5c 1b1c`, see [`PositionWithMoves`]): the position after the
/// moves is analysed, as the start of the game; see [`analyse`].
pub fn analyse_sfen(
    tables: Option<&Tablebase>,
    sfen: &str,
    first_player: Color,
    limits: &AnalysisLimits,
) -> Result<Analysis, AnalysisError> {
    let line = PositionWithMoves::parse(sfen).map_err(|error| match error {
        PositionMovesError::Sfen(error) => AnalysisError::BadSfen { sfen: sfen.to_string(), error },
        error => AnalysisError::BadMove(error),
    })?;
    analyse(tables, &line.position, first_player, limits)
}

/// The exact result of `position`, the start of a game that `first_player` began under the
/// standard rules, when the tables or the mate solver prove it within `limits`; otherwise the
/// engine's estimate (`exact: false`, `source: engine`). Tables are not generated here: a
/// material without a file in `tables` goes on to the solver.
pub fn analyse(
    tables: Option<&Tablebase>,
    position: &Position,
    first_player: Color,
    limits: &AnalysisLimits,
) -> Result<Analysis, AnalysisError> {
    if let Some(tables) = tables {
        let query = Query::new(first_player, RuleSet::Standard);
        if let Some(answer) = tables.probe(position, query)? {
            let line = tables.line(position, query)?.unwrap_or_default();
            return Ok(Analysis::from_table(position, &answer, &line));
        }
    }
    let mut budget = MateBudget::new(limits.mate.nodes, limits.mate.time);
    let mut solver = Solver::new(limits.hash_mb.max(1));
    if let Some((result, mate)) = prove(&mut solver, position, limits, &mut budget) {
        return Ok(proved(position, first_player, result, mate, budget.spent));
    }
    let estimate = estimate(position, first_player, limits);
    // A mate the search saw is proved by the solver with what is left of its budget.
    let confirmed = match estimate.score {
        Score::Mate(n) if n > 0 => {
            let mode = Mode::AnyMove { max_plies: n.unsigned_abs() };
            mate_for_side_to_move(&mut solver, position, mode, &mut budget, 1).map(|m| (GameResult::Win, m))
        }
        Score::Mate(n) if n < 0 => {
            let mode = Mode::AnyMove { max_plies: n.unsigned_abs() - 1 };
            mate_against_every_reply(&mut reply_solver(limits), position, mode, &mut budget)
                .map(|m| (GameResult::Loss, m))
        }
        Score::Mate(_) | Score::Cp(_) => None,
    };
    let nodes = budget.spent + estimate.nodes;
    Ok(match confirmed {
        Some((result, mate)) => proved(position, first_player, result, mate, nodes),
        None => estimated(position, first_player, estimate, nodes),
    })
}

/// A win or loss by mate that the solver proves: no legal move (lost now), a tsume, a mate with
/// quiet moves within the bound, or a tsume for the opponent after every reply.
fn prove(
    solver: &mut Solver,
    pos: &Position,
    limits: &AnalysisLimits,
    budget: &mut MateBudget,
) -> Option<(GameResult, ProvedMate)> {
    if !pos.has_legal_move() {
        return Some((GameResult::Loss, ProvedMate { plies: 0, line: Vec::new() }));
    }
    // Shares of what is left: half to tsume, a third of the rest to any moves, half of the rest
    // to the replies; what remains can prove a mate the engine reports.
    if let Some(mate) = mate_for_side_to_move(solver, pos, Mode::Tsume, budget, 2) {
        return Some((GameResult::Win, mate));
    }
    if limits.any_move_plies > 0 {
        let mode = Mode::AnyMove { max_plies: limits.any_move_plies };
        if let Some(mate) = mate_for_side_to_move(solver, pos, mode, budget, 3) {
            return Some((GameResult::Win, mate));
        }
    }
    if limits.reply_mates && budget.lasts() {
        let mut part = budget.part(2);
        let mate = mate_against_every_reply(&mut reply_solver(limits), pos, Mode::Tsume, &mut part);
        budget.absorb(part);
        return mate.map(|m| (GameResult::Loss, m));
    }
    None
}

/// The solver of the searches after each reply: a smaller table, cleared once per reply.
fn reply_solver(limits: &AnalysisLimits) -> Solver {
    Solver::new((limits.hash_mb / REPLY_TABLE_SHARE).max(1))
}

fn proved(pos: &Position, first_player: Color, result: GameResult, mate: ProvedMate, nodes: u64) -> Analysis {
    Analysis {
        sfen: pos.to_sfen(),
        material: Material::of(pos).name(),
        first_player,
        exact: true,
        result,
        by: Some(By::Mate),
        plies: Some(mate.plies),
        best: mate.line.first().copied(),
        line: mate.line,
        source: Source::MateSolver,
        score_cp: None,
        score_mate: None,
        depth: None,
        nodes,
        warning: None,
    }
}

fn estimated(pos: &Position, first_player: Color, estimate: Estimate, nodes: u64) -> Analysis {
    let (score_cp, score_mate) = match estimate.score {
        Score::Cp(cp) => (Some(cp), None),
        Score::Mate(n) => (None, Some(n)),
    };
    Analysis {
        sfen: pos.to_sfen(),
        material: Material::of(pos).name(),
        first_player,
        exact: false,
        result: GameResult::Unknown,
        by: None,
        plies: None,
        best: estimate.pv.first().copied(),
        line: estimate.pv,
        source: Source::Engine,
        score_cp,
        score_mate,
        depth: Some(estimate.depth),
        nodes,
        warning: None,
    }
}
