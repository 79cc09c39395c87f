//! The exact result of a position as a table answers it (SPEC §3.1, §4): win, draw or loss, how,
//! and in how many plies.

use std::fmt;

use minishogi::RuleSet;

use crate::draw_value::{Case, CycleOutcome, DrawValue};
use crate::value::Value;

/// Win, draw or loss for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// `"win"`, `"draw"` or `"loss"`.
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
}

/// How a game is decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum By {
    /// Checkmate (or no legal move).
    Mate,
    /// Fourfold repetition, which the first player loses.
    Repetition,
    /// Fourfold repetition in which a side checked with every move (a draw if both did).
    PerpetualCheck,
}

impl By {
    /// `"mate"`, `"repetition"` or `"perpetual-check"`.
    pub const fn name(self) -> &'static str {
        match self {
            By::Mate => "mate",
            By::Repetition => "repetition",
            By::PerpetualCheck => "perpetual-check",
        }
    }
}

/// The result of a position under a rule set, from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Win, draw or loss.
    pub result: Wdl,
    /// How; `None` for a draw under `draw300`, and for a mate-only draw read from a table that
    /// predates repetition values.
    pub by: Option<By>,
    /// Plies to mate, for a result by mate.
    pub plies: Option<u16>,
}

impl Verdict {
    /// The verdict of a table entry: the mate-only `value`, and for a mate-only draw the
    /// repetition entry of the case asked for (`None` when the table has no repetition values).
    pub fn of(value: Value, entry: Option<DrawValue>, case: Case, rules: RuleSet) -> Verdict {
        if let Some(d) = value.dtm() {
            let result = if value.is_win() { Wdl::Win } else { Wdl::Loss };
            return Verdict { result, by: Some(By::Mate), plies: Some(d) };
        }
        let draw = Verdict { result: Wdl::Draw, by: None, plies: None };
        if rules == RuleSet::DrawAt300 {
            return draw;
        }
        let first = case == Case::FirstPlayerToMove;
        let (result, by) = match entry.and_then(DrawValue::outcome) {
            None => return draw,
            Some(CycleOutcome::SecondPlayerWins) => {
                (if first { Wdl::Loss } else { Wdl::Win }, By::Repetition)
            }
            Some(CycleOutcome::FirstPlayerWins) => {
                (if first { Wdl::Win } else { Wdl::Loss }, By::PerpetualCheck)
            }
            Some(CycleOutcome::Draw) => (Wdl::Draw, By::PerpetualCheck),
        };
        Verdict { result, by: Some(by), plies: None }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.result.name())?;
        match (self.by, self.plies) {
            (Some(By::Mate), Some(n)) => write!(f, " in {n}"),
            (Some(By::PerpetualCheck), _) => f.write_str(" by perpetual check"),
            (Some(by), _) => write!(f, " by {}", by.name()),
            (None, _) => Ok(()),
        }
    }
}
