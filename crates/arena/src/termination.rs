//! How a game of a match ended: by the rules, by the ply cap, or by an engine's failure.

use crate::error::EngineFailure;
use minishogi::game::EndReason;
use minishogi::Color;
use std::fmt;
use std::time::Duration;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules ended it (mate, no legal move, repetition, perpetual check, the rule set's
    /// move limit).
    Rules(EndReason),
    /// The match's ply cap was reached: a draw.
    PlyCap,
    /// The side to move resigned (`bestmove resign`).
    Resignation,
    /// The side to move took longer than its clock allowed.
    TimeLoss {
        /// Time it took, or `None` when no move came before the deadline.
        elapsed: Option<Duration>,
        /// Time it had, the move overhead allowance included.
        allowed: Duration,
    },
    /// The side to move played a move that does not parse or is not legal (or claimed a win).
    IllegalMove {
        /// The move as written.
        mv: String,
    },
    /// The engine of the losing side crashed, fell silent or could not be (re)started.
    EngineFailure(EngineFailure),
}

impl Termination {
    /// A one-word name for records and tallies (`checkmate`, `time-loss`, …).
    pub fn keyword(&self) -> &'static str {
        match self {
            Termination::Rules(EndReason::Checkmate) => "checkmate",
            Termination::Rules(EndReason::NoLegalMove) => "no-legal-move",
            Termination::Rules(EndReason::Repetition) => "repetition",
            Termination::Rules(EndReason::PerpetualCheck) => "perpetual-check",
            Termination::Rules(EndReason::MoveLimit) => "move-limit",
            Termination::PlyCap => "ply-cap",
            Termination::Resignation => "resignation",
            Termination::TimeLoss { .. } => "time-loss",
            Termination::IllegalMove { .. } => "illegal-move",
            Termination::EngineFailure(_) => "engine-failure",
        }
    }
}

/// The keyword, and the details where there are any (`time-loss (412 ms of 250 ms)`).
impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())?;
        match self {
            Termination::TimeLoss { elapsed: Some(elapsed), allowed } => {
                write!(f, " ({} ms of {} ms)", elapsed.as_millis(), allowed.as_millis())
            }
            Termination::TimeLoss { elapsed: None, allowed } => {
                write!(f, " (no move within {} ms)", allowed.as_millis())
            }
            Termination::IllegalMove { mv } => write!(f, " ({mv})"),
            Termination::EngineFailure(e) => write!(f, " ({e})"),
            _ => Ok(()),
        }
    }
}

/// The result of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winning colour, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl GameResult {
    /// The side to move, `loser`, lost by `termination`.
    pub fn loss(loser: Color, termination: Termination) -> GameResult {
        GameResult { winner: Some(!loser), termination }
    }

    /// `1-0` (sente won), `0-1` (gote won) or `1/2-1/2`.
    pub fn score_text(&self) -> &'static str {
        match self.winner {
            Some(Color::Sente) => "1-0",
            Some(Color::Gote) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Points of `color`: 1, ½ or 0.
    pub fn points(&self, color: Color) -> f64 {
        match self.winner {
            None => 0.5,
            Some(w) if w == color => 1.0,
            Some(_) => 0.0,
        }
    }
}
