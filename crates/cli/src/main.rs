//! The `minishogi` command line: each subcommand wires arguments to one of the library crates.

mod commands;

use std::process::ExitCode;

fn main() -> ExitCode {
    restore_default_sigpipe();
    match commands::parse().and_then(commands::run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("minishogi: {}", message.lines().next().unwrap_or("error"));
            ExitCode::FAILURE
        }
    }
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`minishogi tb info … | head`) would panic;
/// like other Unix tools, end quietly instead.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
