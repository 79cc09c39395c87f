//! The errors of Minishogi tables: their files, probes, generation and verification. Every
//! error type of the crate lives here, so that the modules that raise them import this one and it
//! imports none of them.

use std::path::PathBuf;

use minishogi_retro::{GenerateError, PartitionError, TableError, ThreadPoolError, Value};
use thiserror::Error;

use crate::draw_value::{Case, DrawValue};

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
        /// Material set name, e.g. `RG`.
        material: String,
        /// The directory searched.
        dir: PathBuf,
    },
    /// A probe needs a table of more pieces than tables are built for.
    #[error(
        "no table for {material}: the position has {pieces} pieces besides the kings, tables cover sets of up to {max}"
    )]
    TooManyPieces {
        /// Material set name.
        material: String,
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
        /// Material set name of the largest table to build.
        material: String,
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
        material: String,
    },
    /// A progress measure of the repetition values is larger than the file encoding holds.
    #[error("material {material}: a repetition progress measure ({measure}) does not fit the encoding")]
    ProgressTooLarge {
        /// The material set.
        material: String,
        /// The measure.
        measure: u64,
    },
    /// The repetition analysis contradicted itself (a bug in the generator, not in the input).
    #[error("material {material}: repetition analysis inconsistent at slot {slot}: {detail}")]
    Inconsistent {
        /// The material set.
        material: String,
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
        material: String,
        /// Slots of the index.
        expected: u64,
        /// Values given.
        found: u64,
    },
    /// A stored value differs from the one the rules give.
    #[error("material {material}, slot {index}: stored {stored:?}, the rules give {expected:?} ({detail})")]
    Mismatch {
        /// The material set.
        material: String,
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
        material: String,
        /// Mate-only draws.
        expected: u64,
        /// Slots with repetition values.
        found: u64,
    },
    /// An entry fails its local check.
    #[error("material {material}, slot {index} ({sfen}), {case:?}: stored {stored:?}: {detail}")]
    Mismatch {
        /// The material set.
        material: String,
        /// The slot.
        index: u64,
        /// The position (the side to move is the case's player).
        sfen: String,
        /// Which case.
        case: Case,
        /// The stored entry.
        stored: DrawValue,
        /// What was seen.
        detail: String,
    },
}
