//! Errors of self-play, datasets, tuning and matches.

use minishogi_engine::codec::CodecError;

/// What went wrong, with enough context for a user to act on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A dataset or weights file could not be read or written.
    #[error(transparent)]
    Codec(#[from] CodecError),
    /// A file operation failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A dataset decodes but its content is inconsistent (e.g. an illegal move in a game).
    #[error("{path}: bad dataset: {message}")]
    BadDataset {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// The external USI engine failed to start, answered garbage, died or timed out.
    #[error("USI engine '{engine}': {message}")]
    Usi {
        /// The engine's command line.
        engine: String,
        /// What happened.
        message: String,
    },
    /// A player returned a move that is not legal in the game's position.
    #[error("{player} played an illegal move {mv} in {sfen}")]
    IllegalMove {
        /// The player's name.
        player: String,
        /// The move as the player wrote it.
        mv: String,
        /// The position.
        sfen: String,
    },
    /// Options that cannot work together or are out of range.
    #[error("{0}")]
    Config(String),
    /// Nothing to tune on.
    #[error("no training positions: {0}")]
    NoData(String),
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io { path: path.display().to_string(), source }
    }
}
