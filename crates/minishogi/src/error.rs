//! Errors of the rules crate.

use std::fmt;
use thiserror::Error;

use crate::square::Square;

/// Why a position is not a legal Minishogi position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no king, or more than one.
    #[error("{side} has {count} kings (exactly one is required)")]
    KingCount {
        /// `sente` or `gote`.
        side: &'static str,
        /// How many were found.
        count: u32,
    },
    /// More pieces of a kind than the game has (two of each kind in all).
    #[error("too many {kind}s: {count} in play, but the game has only 2")]
    TooManyPieces {
        /// The kind's name.
        kind: &'static str,
        /// How many were found.
        count: u32,
    },
    /// An unpromoted pawn on its owner's last rank, where it could never move.
    #[error("{side} pawn on {square}, its last rank")]
    PawnOnLastRank {
        /// `sente` or `gote`.
        side: &'static str,
        /// The square (a `Square`, not text: tablebase scans meet this error for millions of
        /// slots, and it must not allocate).
        square: Square,
    },
    /// Two unpromoted pawns of one side on one file (nifu).
    #[error("two {side} pawns on file {file} (nifu)")]
    TwoPawnsOnFile {
        /// `sente` or `gote`.
        side: &'static str,
        /// The file, 1..=5.
        file: u8,
    },
    /// The side that is not to move is in check.
    #[error("the side not to move ({side}) is in check")]
    OpponentInCheck {
        /// `sente` or `gote`.
        side: &'static str,
    },
}

/// Why a SFEN string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SfenError {
    /// A field is missing.
    #[error("SFEN is missing the {0} field")]
    MissingField(&'static str),
    /// Extra text after the move number.
    #[error("SFEN has unexpected text after the move number: '{0}'")]
    TrailingText(String),
    /// The board field has a wrong number of ranks.
    #[error("board has {0} ranks, expected 5")]
    WrongRankCount(usize),
    /// A rank does not have five squares.
    #[error("rank {rank} of the board has {squares} squares, expected 5")]
    WrongRankLength {
        /// The rank letter.
        rank: char,
        /// How many squares it described.
        squares: usize,
    },
    /// An unknown character on the board.
    #[error("unknown piece '{piece}' in rank {rank} of the board")]
    UnknownPiece {
        /// The character.
        piece: String,
        /// The rank letter.
        rank: char,
    },
    /// `+` before a piece that cannot promote.
    #[error("'+{piece}' in rank {rank}: that piece cannot promote")]
    BadPromotion {
        /// The piece letter.
        piece: char,
        /// The rank letter.
        rank: char,
    },
    /// The side field is not `b` or `w`.
    #[error("side to move is '{0}', expected 'b' or 'w'")]
    BadSide(String),
    /// The hands field is malformed.
    #[error("bad hands field '{field}': {reason}")]
    BadHand {
        /// The field.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// The move number is not a positive integer.
    #[error("move number '{0}' is not a positive integer")]
    BadMoveNumber(String),
    /// The text parses but describes an illegal position.
    #[error("illegal position: {0}")]
    Illegal(#[from] PositionError),
}

/// Why a USI move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not USI move notation at all.
    #[error("'{0}' is not a USI move (expected e.g. 5e4d, 2b1a+ or P*3c)")]
    Malformed(String),
    /// Well formed but not legal in the position.
    #[error("move '{mv}' is not legal in {sfen}")]
    Illegal {
        /// The move as written.
        mv: String,
        /// The position.
        sfen: String,
    },
}

/// A name that none of a setting's values has (`--rules draw200`, `--first-player red`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{name}' is not a {what}: {expected}")]
pub struct UnknownName {
    /// The name given.
    pub name: String,
    /// What it should name (`player`, `rule set`).
    pub what: &'static str,
    /// The names accepted.
    pub expected: &'static str,
}

/// What is wrong with one move of a `moves` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMove {
    /// Not USI move notation.
    Malformed,
    /// Well formed, but not legal in the position (its SFEN) that the moves before it reach.
    Illegal(String),
    /// Played after the game had ended by the repetition rule or the move limit, in this position.
    GameOver(String),
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadMove::Malformed => f.write_str("not a USI move (expected e.g. 5e4d, 2b1a+ or P*3c)"),
            BadMove::Illegal(sfen) => write!(f, "illegal in {sfen}"),
            BadMove::GameOver(sfen) => write!(f, "the game had already ended in {sfen}"),
        }
    }
}

/// Why a position with moves could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionMovesError {
    /// The position before `moves` is not a legal SFEN (or `startpos`).
    #[error(transparent)]
    Sfen(#[from] SfenError),
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
