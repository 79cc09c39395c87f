//! Commands that answer each line of stdin with one line of stdout (`moves --stdin`, `tb probe`).

use std::io::{BufRead, Write};

/// How many lines were answered, and how many of them with an error.
pub struct Answered {
    /// Lines answered.
    pub lines: u64,
    /// Of which failed.
    pub failed: u64,
}

/// Writes one line to `out` for each line of stdin (`trimmed`: without surrounding whitespace,
/// skipping blank lines): `answer(line number from 1, line)`'s text, or its error's text.
pub fn answer_lines(
    out: &mut impl Write,
    trimmed: bool,
    mut answer: impl FnMut(usize, &str) -> Result<String, String>,
) -> Result<Answered, String> {
    let mut answered = Answered { lines: 0, failed: 0 };
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        let line = if trimmed { line.trim() } else { &line };
        if trimmed && line.is_empty() {
            continue;
        }
        answered.lines += 1;
        let text = answer(number + 1, line).unwrap_or_else(|e| {
            answered.failed += 1;
            e
        });
        writeln!(out, "{text}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(answered)
}
