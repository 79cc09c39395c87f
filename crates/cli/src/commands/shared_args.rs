//! Arguments that several subcommands take.

use clap::Args;

/// The worker threads of a command.
#[derive(Args, Clone, Copy)]
pub struct ThreadsArg {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}
