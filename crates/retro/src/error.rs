//! Errors of table files: every message names the file (and the block) concerned.

use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// What can go wrong writing, opening or reading a table file.
#[derive(Debug, Error)]
pub enum TableError {
    /// The operating system refused a read, write, rename or sync.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The underlying error (e.g. no space left on device).
        #[source]
        source: io::Error,
    },
    /// The file does not start with the magic bytes of the game's tables.
    #[error("{}: not a {game} table file (bad magic bytes)", path.display())]
    BadMagic {
        /// The file.
        path: PathBuf,
        /// The game whose table was expected ([`crate::GameId::name`]).
        game: &'static str,
    },
    /// The file was written by a format version this build does not read.
    #[error("{}: table format version {found}, this build reads version {supported}", path.display())]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// The one version this build reads and writes ([`crate::format::FORMAT_VERSION`]).
        supported: u32,
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
    /// A value block fails its checksum or does not decompress to its expected size.
    #[error("{}: corrupted block {block}: {problem}", path.display())]
    CorruptedBlock {
        /// The file.
        path: PathBuf,
        /// Block number (0-based).
        block: u64,
        /// What is wrong.
        #[source]
        problem: BlockProblem,
    },
    /// A block of the draw section fails its checksum, does not decompress to its expected size
    /// or holds entries that do not fit the values.
    #[error("{}: corrupted block {block}: draw section: {problem}", path.display())]
    CorruptedDrawBlock {
        /// The file.
        path: PathBuf,
        /// Block number of the draw section (0-based).
        block: u64,
        /// What is wrong.
        #[source]
        problem: BlockProblem,
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
    /// A caller passed something the format cannot hold (e.g. a name longer than 65535 bytes).
    #[error("{}: {detail}", path.display())]
    InvalidInput {
        /// The file that was to be written.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
}

impl TableError {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> TableError {
        TableError::Io { path: path.into(), source }
    }
}

/// What is wrong with one block of a table file.
#[derive(Debug, Error)]
pub enum BlockProblem {
    /// The block table has no such block.
    #[error("no such block")]
    Missing,
    /// The compressed bytes fail their checksum.
    #[error("checksum mismatch")]
    Checksum,
    /// The block decompresses to another number of bytes than the header implies.
    #[error("decompresses to {found} bytes, {expected} expected")]
    Size {
        /// Bytes decompressed.
        found: usize,
        /// Bytes expected.
        expected: usize,
    },
    /// zstd refuses the compressed bytes.
    #[error("zstd: {0}")]
    Zstd(#[source] io::Error),
    /// zstd refuses the header's dictionary.
    #[error("unusable zstd dictionary: {0}")]
    Dictionary(#[source] io::Error),
    /// The header describes no draw section.
    #[error("no description")]
    NoDescription,
    /// A draw's entry lies beyond the section.
    #[error("entry out of range")]
    EntryOutOfRange,
    /// More draws than the entries of a block can number.
    #[error("more draws than entries can number")]
    TooManyDraws,
    /// A block's length is not that of the entries of its draws.
    #[error("block length differs from its entries")]
    EntryCount,
    /// The section holds another number of entries than the values have draws.
    #[error("entry count differs from the table's draws")]
    DrawCount,
    /// A check of the game's own on its entries or its part of the description failed (what
    /// the game found).
    #[error("{0}")]
    Game(&'static str),
}
