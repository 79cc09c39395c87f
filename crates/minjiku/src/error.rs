//! Errors of the rules crate.

use std::fmt;
use thiserror::Error;

/// Why a board is not a legal Minjiku position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no king, or more than one.
    #[error("{side} has {count} kings (exactly one is required)")]
    KingCount {
        /// `white` or `black`.
        side: &'static str,
        /// How many were found.
        count: u32,
    },
    /// More pieces than a side starts with (no move adds a piece).
    #[error("{side} has {count} pieces, but a side starts with 32 and never gains one")]
    TooManyPieces {
        /// `white` or `black`.
        side: &'static str,
        /// How many were found.
        count: u32,
    },
    /// The side that is not to move could have its king taken.
    #[error("the side not to move ({side}) is in check")]
    OpponentInCheck {
        /// `white` or `black`.
        side: &'static str,
    },
}

/// Why a position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The string has no side-to-move field, or more than the two fields.
    #[error("expected '<board> <side to move>', got {0} field(s)")]
    FieldCount(usize),
    /// The board does not have its 12 ranks (e11f11, ranks 10..1, e0f0).
    #[error("board has {0} ranks, expected 12 (extra squares e11 f11, ranks 10 to 1, extra squares e0 f0)")]
    WrongRankCount(usize),
    /// A rank does not describe the right number of squares.
    #[error("rank {rank} describes {found} squares, expected {expected}")]
    WrongRankLength {
        /// The rank, 0..=11.
        rank: i8,
        /// How many squares the rank text covers.
        found: usize,
        /// 2 for the extra ranks, 10 otherwise.
        expected: usize,
    },
    /// A character that is neither a piece nor a count of empty squares.
    #[error("rank {rank}: '{text}' is not a piece or a number of empty squares")]
    BadPiece {
        /// The rank, 0..=11.
        rank: i8,
        /// The offending text.
        text: String,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', got '{0}'")]
    BadSide(String),
    /// The board is readable but not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Why a move string could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not in the coordinate syntax `FROM TO ['+'] ['x' VICTIM] ['*' BURNT]...`.
    #[error("'{0}' is not a move (expected e.g. h2a9+, c7c7xd7 or b10b4*a3*c3)")]
    Syntax(String),
    /// Well formed, but not a legal move here.
    #[error("'{0}' is not a legal move in this position")]
    Illegal(String),
}

/// What is wrong with one move of a `moves` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMove {
    /// Not coordinate move notation.
    Malformed,
    /// Well formed, but not legal in the position (in this crate's notation) that the moves
    /// before it reach.
    Illegal(String),
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadMove::Malformed => f.write_str("not a move (expected e.g. h2a9+, c7c7xd7 or b10b4*a3*c3)"),
            BadMove::Illegal(fen) => write!(f, "illegal in {fen}"),
        }
    }
}

/// Why a position with moves could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionMovesError {
    /// The position before `moves` cannot be read (or is not legal).
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move of the list, counted from 1, is malformed or illegal.
    #[error("move {index} \"{text}\": {reason}")]
    Move {
        /// The move's place in the list, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        reason: BadMove,
    },
}
