//! Errors of self-play, datasets, tuning and matches.

use minishogi_engine::CodecError;
use minishogi_engine::WeightsError;
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
    TunedWeights(WeightsError),
    /// A dataset decodes but its content is inconsistent (e.g. an illegal move in a game).
    #[error("{path}: bad dataset: {message}")]
    BadDataset {
        /// The file, or which dataset of a list.
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
    /// The command line of an external engine is empty.
    #[error("empty engine command")]
    EmptyEngineCommand,
    /// An engine option is not written `NAME=VALUE`.
    #[error("engine option '{option}' is not NAME=VALUE")]
    EngineOption {
        /// The option as given.
        option: String,
    },
    /// A match player could not be started on a worker thread.
    #[error("cannot start players: {source}")]
    PlayerStart {
        /// Why.
        source: Box<Error>,
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
    /// Openings with fewer random plies than the minimum were asked for.
    #[error("the fewest opening plies ({min}) is more than the most ({max})")]
    OpeningPlies {
        /// Fewest random plies.
        min: usize,
        /// Most random plies.
        max: usize,
    },
    /// The weight of the game result in the tuning target is outside [0, 1].
    #[error("the weight of the result in the target (lambda) must be in [0, 1], got {0}")]
    Lambda(f64),
    /// The validation fraction is outside [0, 1).
    #[error("the fraction of games held out for validation must be in [0, 1), got {0}")]
    ValidationFraction(f64),
    /// SPRT settings that cannot decide.
    #[error("SPRT needs 0 < error rate < 0.5 and elo1 > elo0, got error rate {error_rate}, elo0 {elo0}, elo1 {elo1}")]
    Sprt {
        /// Elo under H0.
        elo0: f64,
        /// Elo under H1.
        elo1: f64,
        /// α = β.
        error_rate: f64,
    },
    /// A thread pool of zero threads was asked for.
    #[error("the number of threads must be at least 1")]
    ZeroThreads,
    /// The operating system refused to start the worker threads.
    #[error("cannot start threads: {0}")]
    ThreadPool(#[from] rayon::ThreadPoolBuildError),
    /// The datasets hold no position worth tuning on.
    #[error("no training positions: {positions} labelled positions, none quiet")]
    NoQuietPositions {
        /// Labelled positions seen.
        positions: usize,
    },
    /// A file the network loop wrote earlier cannot be read back.
    #[error("{}: {message}", path.display())]
    LoopState {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// A network file could not be read or written.
    #[error(transparent)]
    Network(#[from] minishogi_engine::NetworkError),
    /// A float network's layers do not have the sizes the engine's network needs.
    #[error("the float network has wrong layer sizes")]
    FloatLayerSizes,
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
