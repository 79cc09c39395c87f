//! Errors of building, reading and probing Minjiku tables.

use crate::material::{Material, MaterialError};
use std::path::PathBuf;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum MinjikuTbError {
    /// A table file could not be read or written (missing, truncated, corrupted, another game's).
    #[error(transparent)]
    File(#[from] minishogi_retro::TableError),
    /// Generation failed.
    #[error(transparent)]
    Generate(#[from] minishogi_retro::GenerateError),
    /// A material name that does not parse.
    #[error(transparent)]
    Material(#[from] crate::material::MaterialError),
    /// The file holds another set or index scheme than its name says.
    #[error("{}: {problem}", path.display())]
    WrongTable {
        /// The file.
        path: PathBuf,
        /// What differs.
        #[source]
        problem: WrongTableProblem,
    },
    /// Values to check that are not one per slot of the set's index.
    #[error("{material}: {values} values for {slots} slots")]
    WrongLength {
        /// The set.
        material: Material,
        /// Values given.
        values: u64,
        /// Slots of the index.
        slots: u64,
    },
    /// A table needed to look up a move's value is not loaded.
    #[error("no table for {0}")]
    Missing(Material),
    /// Generation met a move to a set whose table is not loaded.
    #[error("no table for a set one move from {0}")]
    MissingSuccessor(Material),
    /// The worker thread pool could not be built.
    #[error(transparent)]
    Threads(#[from] minishogi_retro::ThreadPoolError),
}

/// How a table file differs from the table its header names.
#[derive(Debug, thiserror::Error)]
pub enum WrongTableProblem {
    /// The header's set name does not parse.
    #[error(transparent)]
    Material(#[from] MaterialError),
    /// The set is not written the canonical way tables are built.
    #[error("set {0} is not written the way tables are built")]
    NotCanonical(Material),
    /// The index parameters or size are not this build's for the set.
    #[error("index of {0} differs from this build's")]
    Index(Material),
    /// The header names another set than the file name.
    #[error("the file holds {0}, not the set its name says")]
    OtherSet(Material),
}
