//! Errors of the dataset files.

use minishogi_engine::CodecError;
use std::path::PathBuf;

/// What went wrong, with enough context for a user to act on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A dataset file could not be read or written.
    #[error(transparent)]
    Codec(#[from] CodecError),
    /// A file operation failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A dataset decodes but its content is inconsistent (e.g. an illegal move in a game).
    #[error("{path}: bad dataset: {message}")]
    BadDataset {
        /// The file, or which dataset of a list.
        path: String,
        /// What is wrong.
        message: String,
    },
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io { path: path.to_path_buf(), source }
    }
}
