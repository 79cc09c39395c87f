//! Errors of table files and probing: every message names the file (and the block) concerned.

use crate::units::human_bytes;
use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// What can go wrong writing, opening, reading or probing tables.
#[derive(Debug, Error)]
pub enum TablebaseError {
    /// The operating system refused a read, write, rename or sync.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The underlying error (e.g. no space left on device).
        #[source]
        source: io::Error,
    },
    /// The file does not start with the table magic bytes.
    #[error("{}: not a minishogi table file (bad magic bytes)", path.display())]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file was written by a format version this build does not read.
    #[error(
        "{}: table format version {found}, this build reads versions {oldest} to {newest}",
        path.display()
    )]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// Oldest version this build reads.
        oldest: u32,
        /// Version this build writes (and newest it reads).
        newest: u32,
    },
    /// The file is shorter than its header says it must be.
    #[error("{}: truncated file: {detail}", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// What is missing.
        detail: String,
    },
    /// The header or block offset table fails its checksum or holds impossible values.
    #[error("{}: corrupted table header: {detail}", path.display())]
    CorruptedHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
    /// A block fails its checksum or does not decompress to its expected size.
    #[error("{}: corrupted block {block}: {detail}", path.display())]
    CorruptedBlock {
        /// The file.
        path: PathBuf,
        /// Block number (0-based).
        block: u64,
        /// What is wrong.
        detail: String,
    },
    /// The file is a valid table, but not the one expected (other material, rule set or index scheme).
    #[error("{}: {detail}", path.display())]
    WrongTable {
        /// The file.
        path: PathBuf,
        /// What differs.
        detail: String,
    },
    /// The file is a table of the expected material, written with another index scheme.
    #[error("{}: written with another index scheme", path.display())]
    WrongIndexScheme {
        /// The file.
        path: PathBuf,
    },
    /// An index beyond the end of the table was asked for.
    #[error("{}: index {index} out of range (table size {size})", path.display())]
    IndexOutOfRange {
        /// The file.
        path: PathBuf,
        /// The index asked for.
        index: u64,
        /// The table's index size.
        size: u64,
    },
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
        human_bytes(*needed),
        human_bytes(*available)
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
    Generate(#[from] crate::generate::GenerateError),
    /// A table's values disagree with the rules.
    #[error(transparent)]
    Verify(#[from] crate::verify::VerifyError),
    /// A repetition value failed verification.
    #[error(transparent)]
    VerifyRepetition(#[from] crate::verify_repetition::RepetitionError),
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
    /// A caller passed something the format cannot hold (e.g. a name longer than 65535 bytes).
    #[error("{}: {detail}", path.display())]
    InvalidInput {
        /// The file that was to be written.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
}

impl TablebaseError {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> TablebaseError {
        TablebaseError::Io { path: path.into(), source }
    }
}
