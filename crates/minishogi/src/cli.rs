//! The rules commands of the `minishogi` program (feature `clap`): the arguments of `moves`,
//! `perft` and `show`, what `perft` prints, and how a flag value that does not parse is reported.

use crate::{perft, perft_parallel, PerftDivide, Position};
use clap::error::{ContextKind, ContextValue};
use clap::Args;
use std::fmt;
use std::time::Instant;

/// A flag value that does not parse, reported as a command's one-line error (exit status 1)
/// rather than as clap's usage message: value parsers of the library crates return it.
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

/// `sfen` as a position, or the error a user reads: `bad SFEN '…': why`.
pub fn parse_sfen(sfen: &str) -> Result<Position, String> {
    Position::from_sfen(sfen).map_err(|e| format!("bad SFEN '{sfen}': {e}"))
}

/// The value parser of `--sfen`.
pub fn sfen_flag(text: &str) -> Result<Position, FlagError> {
    parse_sfen(text).map_err(FlagError::Message)
}

/// A position given on the command line.
#[derive(Args, Clone, Debug)]
pub struct SfenArg {
    /// The position as SFEN, or `startpos`.
    #[arg(long, value_parser = sfen_flag)]
    pub sfen: Position,
}

/// Arguments of `moves`.
#[derive(Args, Clone, Debug)]
pub struct MovesArgs {
    /// The position as SFEN, or `startpos`.
    #[arg(long, required_unless_present = "stdin", conflicts_with = "stdin", value_parser = sfen_flag)]
    pub sfen: Option<Position>,
    /// Read SFENs from stdin, one per line, and answer each with one line: its legal moves sorted
    /// bytewise and separated by spaces (empty when there are none), or `error: ...` for a bad line.
    #[arg(long)]
    pub stdin: bool,
}

/// The answer of `moves --stdin` to line `number` (from 1): the sorted legal moves separated by
/// spaces, or the error line.
pub fn moves_line(number: usize, line: &str) -> Result<String, String> {
    let pos =
        Position::from_sfen(line).map_err(|e| format!("error: line {number}: bad SFEN '{line}': {e}"))?;
    Ok(pos.sorted_legal_moves().join(" "))
}

/// The error of a `moves --stdin` run in which `failed` lines were not positions.
pub fn moves_failed(failed: u64) -> String {
    format!("{failed} input line(s) were not legal SFEN positions")
}

/// How deep a perft counts, and what it prints besides the count.
#[derive(Args, Clone, Copy, Debug)]
pub struct PerftOptions {
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Print the count below each legal move first, sorted by move.
    #[arg(long)]
    pub divide: bool,
    /// Also print the time taken and nodes per second on stderr.
    #[arg(long)]
    pub time: bool,
}

/// What a perft prints: its stdout text, and with `--time` the line for stderr.
pub struct PerftReport {
    /// The count (`nodes N`), after the count of each move with `--divide`.
    pub out: String,
    /// `time … s, … nodes/s` with `--time`.
    pub time: Option<String>,
}

impl PerftOptions {
    /// Times a perft: `divide` gives the per-move listing and the total, `count` the total;
    /// `rate` writes the time line from the nodes and seconds.
    pub fn run(
        &self,
        divide: impl FnOnce(u32) -> (String, u64),
        count: impl FnOnce(u32) -> u64,
        rate: impl FnOnce(u64, f64) -> String,
    ) -> PerftReport {
        let start = Instant::now();
        let (out, nodes) = match self.divide {
            true => divide(self.depth),
            false => {
                let nodes = count(self.depth);
                (format!("nodes {nodes}"), nodes)
            }
        };
        let time = self.time.then(|| rate(nodes, start.elapsed().as_secs_f64()));
        PerftReport { out, time }
    }
}

/// Arguments of `perft`.
#[derive(Args, Clone, Debug)]
pub struct PerftArgs {
    /// The position.
    #[command(flatten)]
    pub sfen: SfenArg,
    /// The depth and what is printed.
    #[command(flatten)]
    pub perft: PerftOptions,
    /// Count on all cores (rayon).
    #[arg(long)]
    pub parallel: bool,
}

impl PerftArgs {
    /// Counts the leaves (on all cores with `--parallel`).
    pub fn run(&self) -> PerftReport {
        let pos = &self.sfen.sfen;
        self.perft.run(
            |depth| {
                let divide = PerftDivide::new(pos, depth);
                (divide.to_string(), divide.nodes)
            },
            |depth| match self.parallel {
                true => perft_parallel(pos, depth),
                false => perft(&mut pos.clone(), depth),
            },
            |nodes, secs| format!("time {secs:.3} s, {:.1} Mnodes/s", nodes as f64 / secs / 1e6),
        )
    }
}
