//! The errors of Minishogi tables: their files, probes, generation and verification. Every
//! error type of the crate lives here, so that the modules that raise them import this one and it
//! imports none of them.

use std::path::PathBuf;

use minishogi_retro::partitioned::PartitionError;
use minishogi_retro::{GenerateError, TableError, ThreadPoolError, Value};
use thiserror::Error;

use crate::draw_value::{Case, DrawValue};
use crate::material::Material;

/// What can go wrong writing, opening, reading or probing tables.
#[derive(Debug, Error)]
pub enum TablebaseError {
    /// A table file could not be written, opened or read (missing, truncated, corrupted,
    /// another game's or another set's).
    #[error(transparent)]
    File(#[from] TableError),
    /// A table that a probe needs is not in the directory.
    #[error("no table for {material} in {}", dir.display())]
    MissingTable {
        /// The material set, e.g. `RG`.
        material: Material,
        /// The directory searched.
        dir: PathBuf,
    },
    /// A probe needs a table of more pieces than tables are built for.
    #[error(
        "no table for {material}: the position has {pieces} pieces besides the kings, tables cover sets of up to {max}"
    )]
    TooManyPieces {
        /// The material set.
        material: Material,
        /// Its pieces besides the kings.
        pieces: u32,
        /// The most pieces of a set that tables are built for.
        max: u32,
    },
    /// The system has less memory available than building a table needs.
    #[error(
        "not enough memory for table {material}: {} needed, {} available",
        binary_units(*needed),
        binary_units(*available)
    )]
    NotEnoughMemory {
        /// The material set of the largest table to build.
        material: Material,
        /// Bytes needed.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// Generation of a table failed.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// Partitioned generation of a table failed (the analysis, or a bad partitioning).
    #[error(transparent)]
    Partitioned(#[from] PartitionError),
    /// The repetition analysis of a table's mate-only draws failed.
    #[error(transparent)]
    RepetitionAnalysis(#[from] RepetitionAnalysisError),
    /// A table's values disagree with the rules.
    #[error(transparent)]
    Verify(#[from] VerifyError),
    /// A repetition value failed verification.
    #[error(transparent)]
    VerifyRepetition(#[from] RepetitionError),
    /// Stored values contradict each other (a position's value does not follow from its children's).
    #[error("{}: inconsistent values at {sfen}: {detail}", path.display())]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// The position where the contradiction shows.
        sfen: String,
        /// What is wrong.
        detail: String,
    },
}

impl TablebaseError {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> TablebaseError {
        TablebaseError::File(TableError::io(path, source))
    }
}

/// `n` bytes in binary units (`1.5 GiB`), as the memory error and the table reports say them.
pub fn binary_units(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = n as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Why the repetition analysis of a table's mate-only draws failed.
#[derive(Debug, Error)]
pub enum RepetitionAnalysisError {
    /// More mate-only draws than the repetition analysis numbers.
    #[error("material {material}: too many mate-only draws for the repetition analysis")]
    TooManyDraws {
        /// The material set.
        material: Material,
    },
    /// A progress measure of the repetition values is larger than the file encoding holds.
    #[error("material {material}: a repetition progress measure ({measure}) does not fit the encoding")]
    ProgressTooLarge {
        /// The material set.
        material: Material,
        /// The measure.
        measure: u64,
    },
    /// The repetition analysis contradicted itself (a bug in the generator, not in the input).
    #[error("material {material}: repetition analysis inconsistent at slot {slot}: {detail}")]
    Inconsistent {
        /// The material set.
        material: Material,
        /// The slot.
        slot: u64,
        /// What was seen.
        detail: &'static str,
    },
    /// The worker thread pool could not be built.
    #[error(transparent)]
    Threads(#[from] ThreadPoolError),
}

/// Why a table failed verification.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// The value array does not have one byte per slot.
    #[error("material {material}: {found} values, but the index has {expected} slots")]
    WrongLength {
        /// The material set.
        material: Material,
        /// Slots of the index.
        expected: u64,
        /// Values given.
        found: u64,
    },
    /// A stored value differs from the one the rules give.
    #[error("material {material}, slot {index}: stored {stored:?}, the rules give {expected:?} ({detail})")]
    Mismatch {
        /// The material set.
        material: Material,
        /// The slot.
        index: u64,
        /// The position in SFEN (`-` if the slot holds none).
        sfen: String,
        /// The stored value.
        stored: Value,
        /// The recomputed value.
        expected: Value,
        /// What was seen.
        detail: String,
    },
    /// The worker thread pool could not be built.
    #[error(transparent)]
    Threads(#[from] ThreadPoolError),
}

/// Why the repetition values failed verification.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RepetitionError {
    /// The repetition values are not given for exactly the mate-only draws.
    #[error("material {material}: repetition values for {found} slots, but the table has {expected} mate-only draws")]
    WrongDraws {
        /// The material set.
        material: Material,
        /// Mate-only draws.
        expected: u64,
        /// Slots with repetition values.
        found: u64,
    },
    /// An entry fails its local check.
    #[error("material {material}, slot {index} ({sfen}), {case:?}: stored {stored:?}: {problem}")]
    Mismatch {
        /// The material set.
        material: Material,
        /// The slot.
        index: u64,
        /// The position (the side to move is the case's player).
        sfen: String,
        /// Which case.
        case: Case,
        /// The stored entry.
        stored: DrawValue,
        /// What was seen.
        problem: EntryProblem,
    },
}

/// What the check of one repetition entry saw (F: the first player, S: the second).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EntryProblem {
    /// The slot holds no legal position.
    #[error("not a legal position")]
    IllegalSlot,
    /// A legal move leads outside the table.
    #[error("move {mv} leads to slot {child}, outside the table")]
    ChildOutside {
        /// The move.
        mv: minishogi::Move,
        /// The slot it leads to.
        child: u64,
    },
    /// A mate-only draw whose entry holds no outcome.
    #[error("a mate-only draw without a repetition value")]
    NoValue,
    /// A mate-only draw with no move to another mate-only draw.
    #[error("a mate-only draw without a move to a mate-only draw")]
    NoDrawMove,
    /// S wins, but F has a move to a position S does not win.
    #[error("F has a move to a position S does not win")]
    FirstEscapes,
    /// S wins, with another rank than its children give.
    #[error("the children give rank {0}")]
    Rank(u32),
    /// S wins, but has no move to a position it wins.
    #[error("S has no move to a position it wins")]
    SecondHasNoWin,
    /// F wins, but has no move keeping its win with a smaller measure.
    #[error("F has no move that keeps its win with a smaller measure")]
    FirstCannotProgress,
    /// F wins, but S has a move out of it or one that does not lower the measure.
    #[error("S has a move that escapes F's win or does not lower the measure")]
    SecondEscapes,
    /// A draw where F cannot keep S's non-checking moves finite.
    #[error("F cannot keep S's non-checking moves finite")]
    FirstCannotBound,
    /// A draw where S cannot keep F's non-checking moves finite.
    #[error("S cannot keep F's non-checking moves finite")]
    SecondCannotBound,
}
