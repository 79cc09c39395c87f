//! Replaying a mating line with the rules crate: the check that stands between the search and
//! anything it reports.

use crate::moves::Mode;
use minishogi::{Move, Position};
use std::fmt;

/// Why a line is not a mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The move at this ply (0-based) is not legal.
    Illegal {
        /// The ply of the move.
        ply: usize,
    },
    /// In tsume, the attacker's move at this ply gives no check.
    NoCheck {
        /// The ply of the move.
        ply: usize,
    },
    /// The line ends with the defender still having a legal move (or with the attacker to move).
    NotMate,
    /// The line is longer than the mode allows.
    TooLong,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Illegal { ply } => write!(f, "move {} of the line is illegal", ply + 1),
            LineError::NoCheck { ply } => write!(f, "move {} of the line gives no check", ply + 1),
            LineError::NotMate => write!(f, "the line does not end in mate"),
            LineError::TooLong => write!(f, "the line is longer than the ply bound"),
        }
    }
}

impl std::error::Error for LineError {}

/// Plays `line` from `start` and checks that it is a mate in `mode`: every move legal, every
/// attacker move a check in tsume, no longer than the bound in any-move mode, and the defender
/// left without a legal move at the end.
pub fn verify_line(start: &Position, line: &[Move], mode: Mode) -> Result<(), LineError> {
    if let Mode::AnyMove { max_plies } = mode {
        if line.len() > max_plies as usize {
            return Err(LineError::TooLong);
        }
    }
    let mut pos = start.clone();
    for (ply, &m) in line.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(LineError::Illegal { ply });
        }
        pos.play(m);
        let attacker_moved = ply % 2 == 0;
        if attacker_moved && mode.checks_only() && !pos.in_check() {
            return Err(LineError::NoCheck { ply });
        }
    }
    if line.len().is_multiple_of(2) || pos.has_legal_move() {
        return Err(LineError::NotMate);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drop_mate_replays_and_a_wrong_line_does_not() {
        let pos = Position::from_sfen("4k/5/4P/5/K4 b G 1").expect("legal");
        let mate = pos.parse_move("G*1b").expect("legal");
        assert_eq!(verify_line(&pos, &[mate], Mode::Tsume), Ok(()));
        let quiet = pos.parse_move("G*3c").expect("legal");
        assert_eq!(verify_line(&pos, &[quiet], Mode::Tsume), Err(LineError::NoCheck { ply: 0 }));
        assert_eq!(verify_line(&pos, &[], Mode::Tsume), Err(LineError::NotMate));
    }
}
