//! What a command returns, and how it prints its lines.

use std::io::Write;

/// Errors reach `main` as one line of text for stderr.
pub type CliResult = Result<(), String>;

/// Where a command's lines go as they come (to stdout).
pub type Lines<'a> = &'a (dyn Fn(&str) + Sync);

/// Prints `lines`, one per line.
pub fn print_lines(lines: impl IntoIterator<Item = String>) -> CliResult {
    let mut out = std::io::stdout().lock();
    lines.into_iter().try_for_each(|line| writeln!(out, "{line}")).map_err(|e| e.to_string())
}

/// Prints one line.
pub fn print(line: &str) {
    println!("{line}");
}
