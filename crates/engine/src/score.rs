//! Search scores: centipawns, mate distances, and the bounds between them.

use crate::search_params::MAX_PLY;
use std::fmt;

/// Score of the side to move being mated now; `MATE - n` is a mate in `n` plies.
pub const MATE: i32 = 32_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITE: i32 = MATE + 1;
/// Score of a repetition won under the standard rule (below every mate, above every evaluation).
pub const REPETITION_WIN: i32 = 20_000;
/// How far below [`REPETITION_WIN`] a table's repetition win ranks: the table's repetition lies
/// ahead at an unknown distance, so a repetition the search sees on its own line (at most
/// `MAX_PLY` plies away, its verdict checked over the real moves) ranks above it.
const TABLE_REPETITION_DISTANCE: i32 = MAX_PLY as i32;

/// The score for a table position at `ply` from the root whose repetition the side to move wins
/// (negate for a loss): below every mate and every repetition the search finds, above every
/// evaluation.
#[inline]
pub const fn table_repetition_win(ply: i32) -> i32 {
    REPETITION_WIN - TABLE_REPETITION_DISTANCE - ply
}

/// The score for mating in `ply` plies from the root (negate for being mated).
#[inline]
pub const fn mate_in(ply: i32) -> i32 {
    MATE - ply
}

/// A search score as reported to users.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns from the side to move.
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates, negative when it is
    /// mated (`Mate(-0)` does not exist: being mated now is `Mate(0)` only at a terminal root).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate(MATE - v)
        } else if v < -MATE_BOUND {
            Score::Mate(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }

    /// The internal score (mate scores measured from the root).
    pub fn to_internal(self) -> i32 {
        match self {
            Score::Cp(v) => v,
            Score::Mate(n) if n > 0 => MATE - n,
            Score::Mate(n) => -(MATE + n),
        }
    }

    /// A centipawn value for statistics: mates become ±(`REPETITION_WIN` + 10000 − plies).
    pub fn to_cp_clamped(self) -> i32 {
        match self {
            Score::Cp(v) => v,
            Score::Mate(n) if n > 0 => 30_000 - n,
            Score::Mate(n) => -30_000 - n,
        }
    }
}

impl fmt::Display for Score {
    /// USI form: `cp N` or `mate N` (plies; negative when mated).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Converts a score from "relative to the root" to "relative to this node" for the TT.
#[inline]
pub fn to_tt(v: i32, ply: i32) -> i32 {
    if v > MATE_BOUND {
        v + ply
    } else if v < -MATE_BOUND {
        v - ply
    } else {
        v
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub fn from_tt(v: i32, ply: i32) -> i32 {
    if v > MATE_BOUND {
        v - ply
    } else if v < -MATE_BOUND {
        v + ply
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores() {
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(3));
        assert_eq!(Score::from_internal(-mate_in(4)), Score::Mate(-4));
        assert_eq!(Score::from_internal(-150), Score::Cp(-150));
        assert_eq!(Score::Mate(-4).to_internal(), -mate_in(4));
        assert_eq!(from_tt(to_tt(mate_in(7), 3), 5), mate_in(9));
        assert_eq!(Score::Mate(5).to_string(), "mate 5");
        // A table's repetition win: a decisive cp score, below a repetition seen in search.
        let table = table_repetition_win(3);
        assert!(table < REPETITION_WIN - MAX_PLY as i32 && table > REPETITION_WIN / 2);
        assert_eq!(Score::from_internal(-table), Score::Cp(-table));
    }
}
