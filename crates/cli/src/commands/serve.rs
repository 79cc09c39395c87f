//! `serve`: the explorer's HTTP API and web page.

use crate::flags::TableDir;
use crate::output::CliResult;
use clap::Args;
use minishogi_server::{serve, ServeOptions, DEFAULT_ADDR};

/// Arguments of `serve`.
#[derive(Args, Clone, Debug)]
pub struct ServeArgs {
    /// The table directory.
    #[command(flatten)]
    pub dir: TableDir,
    /// Address to listen on (`0.0.0.0:8080` for every interface).
    #[arg(long, default_value = DEFAULT_ADDR)]
    pub addr: String,
    /// Answer only from the tables: a position without a table is an error naming the command
    /// that makes it (by default the mate solver and the engine answer it).
    #[arg(long)]
    pub tables_only: bool,
}

impl ServeArgs {
    /// The server's options.
    pub fn options(&self) -> ServeOptions {
        let mut options = ServeOptions::new(self.dir.dir.clone(), self.addr.clone());
        if self.tables_only {
            options.analysis = None;
        }
        options
    }
}

/// `serve`: serves until the process is stopped.
pub fn exec(args: &ServeArgs) -> CliResult {
    serve(&args.options()).map_err(|e| e.to_string())
}
