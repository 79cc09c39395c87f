//! `serve`: the explorer's HTTP API and web page over a table directory (see docs/server.md).

use super::CliResult;
use clap::Args;
use minishogi_server::{ServeOptions, DEFAULT_ADDR};
use std::path::PathBuf;

/// Arguments of `serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Table directory.
    #[arg(long, default_value = "tables")]
    dir: PathBuf,
    /// Address to listen on (`0.0.0.0:8080` for every interface).
    #[arg(long, default_value = DEFAULT_ADDR)]
    addr: String,
}

/// Serves until the process is stopped.
pub fn serve(args: ServeArgs) -> CliResult {
    minishogi_server::serve(&ServeOptions::new(args.dir, args.addr)).map_err(|e| e.to_string())
}
