//! Errors that stop a match or a book build before or between games, and settings that cannot
//! work. Failures of an engine during a game are not errors: they lose that game (see
//! [`crate::Termination`]), unless the match stops on failures.

use minishogi::error::{MoveError, SfenError};
use minishogi::game::EndReason;
use minishogi_engine::WeightsError;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// What went wrong, with enough context for a user to act on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// An engine could not be started or failed its handshake before the match.
    #[error("engine '{command}': {source}")]
    EngineStart {
        /// The engine's command line.
        command: String,
        /// What happened.
        #[source]
        source: EngineFailure,
    },
    /// An engine command line is empty or has an unclosed quote.
    #[error("bad engine command '{command}': {message}")]
    EngineCommand {
        /// The command line as given.
        command: String,
        /// What is wrong with it.
        message: &'static str,
    },
    /// An engine option is not written `NAME=VALUE`.
    #[error("engine option '{option}' is not NAME=VALUE")]
    EngineOption {
        /// The option as given.
        option: String,
    },
    /// A time control that does not parse.
    #[error("bad time control '{text}': {message}")]
    TimeControl {
        /// The time control as given.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// A line of an openings file that does not parse or holds an illegal move.
    #[error("{}:{line}: {source}", path.display())]
    Opening {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        #[source]
        source: OpeningError,
    },
    /// A line of a records file that does not parse or holds an illegal move.
    #[error("{}:{line}: {source}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        #[source]
        source: RecordError,
    },
    /// An openings file with no opening in it.
    #[error("{}: no openings in the file", path.display())]
    NoOpenings {
        /// The file.
        path: PathBuf,
    },
    /// A match with neither an openings file nor a number of games.
    #[error("a match needs a number of games or an openings file")]
    NoGameCount,
    /// Zero games or zero workers were asked for.
    #[error("{what} must be at least 1")]
    Zero {
        /// Which setting.
        what: &'static str,
    },
    /// A player failed in a match that stops on failures (illegal move, crash, silence).
    #[error("{message}")]
    PlayerFailed {
        /// Who failed, and how.
        message: String,
    },
    /// A weights file could not be read.
    #[error("{}: {source}", path.display())]
    WeightsFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: WeightsError,
    },
    /// A spec that names a network where linear weights are asked for.
    #[error(transparent)]
    EvalSpec(minishogi_engine::EvalSpecError),
    /// Openings with fewer random plies than the minimum were asked for.
    #[error("the fewest opening plies ({min}) is more than the most ({max})")]
    OpeningPlies {
        /// Fewest random plies.
        min: usize,
        /// Most random plies.
        max: usize,
    },
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
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io { path: path.to_path_buf(), source }
    }
}

/// Why a line does not give an opening ([`crate::Opening::parse`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The start position is not a valid SFEN.
    #[error("bad SFEN '{sfen}': {source}")]
    Sfen {
        /// The SFEN as given.
        sfen: String,
        /// Why it does not parse.
        #[source]
        source: SfenError,
    },
    /// A move that does not parse or is not legal where it is played.
    #[error("move '{mv}': {source}")]
    Move {
        /// The move as given.
        mv: String,
        /// Why it cannot be played.
        #[source]
        source: MoveError,
    },
    /// The moves end the game, so no game can be played from the opening.
    #[error("the game is already over ({reason:?})")]
    GameOver {
        /// How the game ended.
        reason: EndReason,
    },
}

/// Why a line of a records file does not give a game ([`crate::records::RecordedGame::parse`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Fewer tab-separated fields than a record has.
    #[error("{found} tab-separated fields, expected 8")]
    Fields {
        /// Fields found.
        found: usize,
    },
    /// The game number is not a number.
    #[error("game number '{text}' is not a number")]
    Number {
        /// The field as written.
        text: String,
    },
    /// The result is none of `1-0`, `0-1`, `1/2-1/2`.
    #[error("result '{text}' is not 1-0, 0-1 or 1/2-1/2")]
    ResultText {
        /// The field as written.
        text: String,
    },
    /// The opening field does not give an opening.
    #[error("opening: {0}")]
    Opening(#[source] OpeningError),
    /// A move recorded after the game had ended by the rules.
    #[error("move {number} '{mv}' comes after the game ended")]
    AfterEnd {
        /// The move's number among the engines' moves, from 1.
        number: usize,
        /// The move as written.
        mv: String,
    },
    /// A move that does not parse or is not legal where it was played.
    #[error("move {number} '{mv}': {source}")]
    Move {
        /// The move's number among the engines' moves, from 1.
        number: usize,
        /// The move as written.
        mv: String,
        /// Why it cannot be played.
        #[source]
        source: MoveError,
    },
}

/// Why an engine could not do what was asked; the game it was in is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFailure {
    /// The process could not be started.
    Spawn(String),
    /// The process exited (or closed its output) while we waited for `waiting_for`.
    Exited {
        /// The reply we waited for.
        waiting_for: &'static str,
    },
    /// No `waiting_for` within `after`.
    Silent {
        /// The reply we waited for.
        waiting_for: &'static str,
        /// How long we waited.
        after: Duration,
    },
    /// Writing to the engine failed.
    Write(String),
}

impl fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFailure::Spawn(e) => write!(f, "cannot start: {e}"),
            EngineFailure::Exited { waiting_for } => write!(f, "exited while we waited for '{waiting_for}'"),
            EngineFailure::Silent { waiting_for, after } => {
                write!(f, "no '{waiting_for}' within {:.1} s", after.as_secs_f64())
            }
            EngineFailure::Write(e) => write!(f, "cannot write to it: {e}"),
        }
    }
}

impl std::error::Error for EngineFailure {}

/// A position or move text that did not read, in either game's notation.
#[derive(Debug, thiserror::Error)]
pub enum NotationError {
    /// A bad Minishogi SFEN.
    #[error(transparent)]
    Sfen(#[from] SfenError),
    /// A bad or illegal Minishogi move.
    #[error(transparent)]
    MinishogiMove(#[from] MoveError),
    /// A bad Minjiku position.
    #[error(transparent)]
    Fen(#[from] minjiku::error::FenError),
    /// A bad or illegal Minjiku move.
    #[error(transparent)]
    MinjikuMove(#[from] minjiku::error::MoveError),
}
