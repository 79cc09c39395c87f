//! What the mate solver can prove about a position: a mate for the side to move (a win), or a
//! mate for the opponent against every legal reply (a loss).

use crate::mate_budget::MateBudget;
use minishogi::{Move, Position};
use minishogi_mate::{MateResult, Mode, Solver};

/// A proved mate, for or against the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedMate {
    /// Plies to the mate.
    pub plies: u32,
    /// The moves from the position to the mate.
    pub line: Vec<Move>,
}

/// The mate of the side to move of `pos` in `mode`, if the solver proves one within its share
/// (`1 / parts` of what is left) of `budget`.
pub fn mate_for_side_to_move(
    solver: &mut Solver,
    pos: &Position,
    mode: Mode,
    budget: &mut MateBudget,
    parts: u32,
) -> Option<ProvedMate> {
    if !budget.lasts() {
        return None;
    }
    let report = solver.solve(pos, mode, &budget.share(parts));
    budget.spend(&report);
    match report.result {
        MateResult::Mate { plies, line, .. } => Some(ProvedMate { plies, line }),
        MateResult::NoMate | MateResult::Unknown => None,
    }
}

/// A mate against the side to move of `pos`: the opponent mates in `mode` after every legal
/// reply. The reply that resists longest comes first in the line. `None` as soon as one reply
/// is not proved lost, or when `pos` has no legal move (the caller knows that loss already).
pub fn mate_against_every_reply(
    solver: &mut Solver,
    pos: &Position,
    mode: Mode,
    budget: &mut MateBudget,
) -> Option<ProvedMate> {
    let replies = pos.legal_move_list();
    let mut longest: Option<(Move, ProvedMate)> = None;
    for (i, &reply) in replies.iter().enumerate() {
        // Each reply left gets an equal part of what is left.
        let parts = u32::try_from(replies.len() - i).unwrap_or(u32::MAX);
        let mate = mate_for_side_to_move(solver, &pos.after(reply), mode, budget, parts)?;
        if longest.as_ref().is_none_or(|(_, m)| mate.plies > m.plies) {
            longest = Some((reply, mate));
        }
    }
    let (reply, mate) = longest?;
    let line = std::iter::once(reply).chain(mate.line).collect();
    Some(ProvedMate { plies: mate.plies + 1, line })
}
