//! The `minishogi` command line: each subcommand wires arguments to one of the library crates.

mod commands;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = commands::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("minishogi: {}", message.lines().next().unwrap_or("error"));
            ExitCode::FAILURE
        }
    }
}
