//! One subproblem solved: what a [`Solver`]'s report says about the attacker's win, and the
//! certificate when it is proved.

use crate::budget::Limits;
use crate::certificate::{Certificate, Value};
use crate::error::ExtractError;
use crate::solver::{Report, Solver, Verdict};
use minishogi::{Color, Position};

/// What is known of the attacker's win from a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The attacker wins within `plies` plies (odd when the attacker is to move, else even).
    Win {
        /// Plies to the win.
        plies: u32,
        /// True when no shorter win exists.
        shortest: bool,
    },
    /// The attacker has no forced win that avoids repeating a position (the other side may win,
    /// or the game may go on for ever).
    NoWin,
    /// Not settled.
    Open {
        /// The attacker has no forced win within this many plies, when known.
        no_win_within: Option<u32>,
    },
}

impl Outcome {
    /// True for a win or no win: nothing more to search.
    pub fn is_settled(&self) -> bool {
        !matches!(self, Outcome::Open { .. })
    }
}

/// A subproblem's result: its outcome, with the certificate of a win.
#[derive(Clone, Debug)]
pub struct Solved {
    /// What was established.
    pub outcome: Outcome,
    /// For [`Outcome::Win`], the certificate of the win (rooted at the subproblem, value `win`
    /// when the attacker is to move there, else `loss`).
    pub certificate: Option<Certificate>,
    /// Nodes the solver searched (the certificate's extraction included).
    pub nodes: u64,
}

/// Solves `pos` with `solver` within `limits` and says what that establishes for a win of
/// `attacker`, with the certificate of a win read out (searching again, within `limits`,
/// where the table lost a proof).
pub fn solve_subproblem(
    solver: &mut Solver,
    pos: &Position,
    attacker: Color,
    limits: &Limits,
) -> Result<Solved, ExtractError> {
    let report = solver.solve(pos, limits);
    let outcome = outcome_of(pos, attacker, &report);
    let Outcome::Win { shortest, .. } = outcome else {
        return Ok(Solved { outcome, certificate: None, nodes: report.nodes });
    };
    let certificate = solver
        .certificate(limits)?
        .ok_or_else(|| ExtractError::Lost { sfen: pos.to_sfen(), plies: verdict_plies(report.verdict) })?;
    let expected = if pos.side_to_move() == attacker { Value::Win } else { Value::Loss };
    if certificate.value != expected {
        return Err(ExtractError::Check(crate::error::CertificateError::Invalid {
            reason: format!("the certificate of {} proves a {}", pos.to_sfen(), certificate.value),
        }));
    }
    // The certificate's counts are recomputed from its lines: never above the verdict's.
    let outcome = Outcome::Win { plies: certificate.plies, shortest };
    Ok(Solved { outcome, certificate: Some(certificate), nodes: report.nodes })
}

fn verdict_plies(verdict: Verdict) -> u32 {
    match verdict {
        Verdict::Win { plies, .. } | Verdict::Loss { plies, .. } => plies,
        Verdict::Unknown => 0,
    }
}

/// What a solve's report establishes for a win of `attacker` at `pos`.
fn outcome_of(pos: &Position, attacker: Color, report: &Report) -> Outcome {
    let to_move = pos.side_to_move() == attacker;
    let e = report.established;
    let (no_win, no_win_within) =
        if to_move { (e.no_win, e.no_win_within) } else { (e.no_loss, e.no_loss_within) };
    match (report.verdict, to_move) {
        (Verdict::Win { plies, shortest }, true) | (Verdict::Loss { plies, shortest }, false) => {
            Outcome::Win { plies, shortest }
        }
        // The other side wins by force: the attacker cannot.
        (Verdict::Loss { .. }, true) | (Verdict::Win { .. }, false) => Outcome::NoWin,
        (Verdict::Unknown, _) if no_win => Outcome::NoWin,
        (Verdict::Unknown, _) => Outcome::Open { no_win_within },
    }
}
