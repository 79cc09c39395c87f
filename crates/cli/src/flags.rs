//! Flag plumbing shared by the commands: one-line errors for flag values that do not parse, the
//! position value parser (a SFEN and the moves played from it), the worker threads and the table directory and files.

use clap::error::{ContextKind, ContextValue};
use clap::Args;
use minishogi::error::PositionMovesError;
use minishogi::{Position, PositionWithMoves};
use std::fmt;
use std::path::PathBuf;

/// A flag value that does not parse, reported as a command's one-line error (exit status 1)
/// rather than as clap's usage message: the value parsers of the commands return it.
#[derive(Debug)]
pub enum FlagError {
    /// The whole message.
    Message(String),
    /// The rest of a message that starts with the flag's name, e.g. ` must be depth=D or nodes=N`.
    AfterFlag(String),
}

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlagError::Message(message) | FlagError::AfterFlag(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for FlagError {}

impl FlagError {
    /// The one-line message of a clap error raised by a value parser returning a [`FlagError`]
    /// (`None` for clap's own errors, which print clap's usage message).
    pub fn one_line(e: &clap::Error) -> Option<String> {
        match std::error::Error::source(e)?.downcast_ref::<FlagError>()? {
            FlagError::Message(message) => Some(message.clone()),
            FlagError::AfterFlag(rest) => {
                let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else { return None };
                Some(format!("{}{rest}", arg.split(' ').next().unwrap_or_default()))
            }
        }
    }
}

/// `text` as a position: a SFEN (or `startpos`) and the moves played from it, as in USI's
/// `position` (`SFEN moves 5d5c 1b1c`); the position after the moves counts. The error is the one
/// a user reads: `bad SFEN '…': why`, or `move 2 "1a1b": illegal in <SFEN>`.
pub fn parse_sfen(text: &str) -> Result<Position, String> {
    match PositionWithMoves::parse(text) {
        Ok(line) => Ok(line.position),
        Err(PositionMovesError::Sfen(e)) => Err(format!("bad SFEN '{text}': {e}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The value parser of `--sfen`.
pub fn sfen_flag(text: &str) -> Result<Position, FlagError> {
    parse_sfen(text).map_err(FlagError::Message)
}

/// The worker threads of a command.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Threads {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

impl Threads {
    /// Runs `f` on a pool of the threads asked for (rayon's global pool, all cores, without
    /// `--threads`).
    pub fn install<T: Send>(self, f: impl FnOnce() -> T + Send) -> Result<T, String> {
        match self.threads {
            None => Ok(f()),
            Some(0) => Err("--threads must be at least 1".into()),
            Some(n) => rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map(|pool| pool.install(f))
                .map_err(|e| format!("cannot start {n} threads: {e}")),
        }
    }
}

/// The table directory.
#[derive(Args, Clone, Debug)]
pub struct TableDir {
    /// Table directory.
    #[arg(long, default_value = "tables")]
    pub dir: PathBuf,
}

/// Table files to check, describe or rewrite.
#[derive(Args, Clone, Debug)]
pub struct TableFiles {
    /// Table files (`*.mstb`; `*.mjtb` under `minjiku tb`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
}
