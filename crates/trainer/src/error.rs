//! Errors of tuning, network training and the training loops.

use minishogi_engine::codec::CodecError;
use minishogi_engine::WeightsError;
use std::path::PathBuf;

/// What went wrong, with enough context for a user to act on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A dataset could not be read or written, or is inconsistent.
    #[error(transparent)]
    Dataset(#[from] minishogi_selfplay::Error),
    /// A match of a training loop could not be played.
    #[error(transparent)]
    Match(#[from] minishogi_arena::Error),
    /// A float network file could not be read or written.
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
    /// A weights file could not be read or written.
    #[error("{}: {source}", path.display())]
    WeightsFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: WeightsError,
    },
    /// Tuning produced weights the engine does not accept (e.g. not finite).
    #[error("tuned weights rejected: {0}")]
    RejectedWeights(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A float network file for another feature set, or with layers of wrong sizes.
    #[error("{}: {problem}", path.display())]
    BadFloatNetwork {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: &'static str,
    },
    /// Training settings that cannot train (no epochs, an empty batch, a learning rate ≤ 0).
    #[error("training settings: epochs, batch size and learning rate must be positive")]
    TrainingSettings,
    /// The weight of the game result in the tuning target is outside [0, 1].
    #[error("the weight of the result in the target (lambda) must be in [0, 1], got {0}")]
    Lambda(f64),
    /// The validation fraction is outside [0, 1).
    #[error("the fraction of games held out for validation must be in [0, 1), got {0}")]
    ValidationFraction(f64),
    /// The datasets hold no position worth tuning on.
    #[error("no training positions: {positions} labelled positions, none quiet")]
    NoQuietPositions {
        /// Labelled positions seen.
        positions: usize,
    },
    /// A receipt the network loop wrote earlier lacks a value or holds a bad one.
    #[error("{}: missing or bad '{key}'", path.display())]
    BadReceipt {
        /// The receipt file.
        path: PathBuf,
        /// The key whose value is missing or bad.
        key: String,
    },
    /// A float network of the network loop whose layers do not have the engine's sizes.
    #[error("{}: the float network has wrong layer sizes", path.display())]
    LoopNetworkSizes {
        /// The float network's file.
        path: PathBuf,
    },
    /// A network file could not be read or written.
    #[error(transparent)]
    Network(#[from] minishogi_engine::NetworkError),
    /// A float network's layers do not have the sizes the engine's network needs.
    #[error("the float network has wrong layer sizes")]
    FloatLayerSizes,
    /// The outside command of a loop's self-play step failed or wrote the wrong dataset.
    #[error("self-play command '{command}': {message}")]
    SelfplayCommand {
        /// The command as given.
        command: String,
        /// What went wrong.
        message: String,
    },
    /// The validation split took every game, leaving nothing to train on.
    #[error("no training positions: every game fell into the validation split")]
    NothingToTrain,
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io { path: path.to_path_buf(), source }
    }

    /// A weights-file error on `path`.
    pub fn weights_file(path: &std::path::Path, source: WeightsError) -> Error {
        Error::WeightsFile { path: path.to_path_buf(), source }
    }
}
