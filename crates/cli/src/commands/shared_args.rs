//! Arguments that several subcommands take.

use clap::Args;
use minishogi_tablebase::with_threads;
use std::path::PathBuf;

/// The table directory.
#[derive(Args)]
pub struct DirArg {
    /// Table directory.
    #[arg(long, default_value = "tables")]
    pub dir: PathBuf,
}

/// Table files to check, describe or rewrite.
#[derive(Args)]
pub struct FilesArgs {
    /// Table files (`*.mstb`; `*.mjtb` under `minjiku tb`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub threads: ThreadsArg,
}

/// How deep a perft counts, and what it prints besides the count.
#[derive(Args)]
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

/// The worker threads of a command.
#[derive(Args, Clone, Copy)]
pub struct ThreadsArg {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

impl ThreadsArg {
    /// Runs `f` on a pool of the threads asked for (all cores without `--threads`).
    pub fn install<T: Send>(self, f: impl FnOnce() -> T + Send) -> Result<T, String> {
        if self.threads == Some(0) {
            return Err("--threads must be at least 1".into());
        }
        with_threads(self.threads, f)
            .map_err(|e| format!("cannot start {} threads: {}", e.threads, e.message))
    }
}
