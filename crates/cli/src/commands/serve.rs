//! `serve`: the explorer's HTTP API and web page over a table directory (see docs/server.md).

use super::shared_args::DirArg;
use super::CliResult;
use clap::Args;
use minishogi_server::{ServeOptions, DEFAULT_ADDR};

/// Arguments of `serve`.
#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    dir: DirArg,
    /// Address to listen on (`0.0.0.0:8080` for every interface).
    #[arg(long, default_value = DEFAULT_ADDR)]
    addr: String,
    /// Answer only from the tables: a position without a table is an error naming the command
    /// that makes it (by default the mate solver and the engine answer it).
    #[arg(long)]
    tables_only: bool,
}

/// Serves until the process is stopped.
pub fn serve(args: ServeArgs) -> CliResult {
    let mut options = ServeOptions::new(args.dir.dir, args.addr);
    if args.tables_only {
        options.analysis = None;
    }
    minishogi_server::serve(&options).map_err(|e| e.to_string())
}
