//! Errors of building, reading and probing Minjiku tables.

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
    #[error("{}: {detail}", path.display())]
    WrongTable {
        /// The file.
        path: PathBuf,
        /// What differs.
        detail: String,
    },
    /// A table needed to look up a move's value is not loaded.
    #[error("no table for {0}")]
    Missing(String),
    /// The worker thread pool could not be built.
    #[error(transparent)]
    Threads(#[from] minishogi_retro::ThreadPoolError),
}
