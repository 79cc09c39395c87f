//! Commands that answer each line of stdin with one line of stdout (`moves --stdin`, `tb probe`,
//! `mate`, `analyse`).

use crate::output::CliResult;
use clap::Args;
use serde::Serialize;
use std::fmt::Display;
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

/// The positions a command answers (one SFEN, or SFENs read from stdin; text or JSON) and the
/// command's other arguments.
#[derive(Args)]
pub struct Positions<T: Args> {
    /// The position as SFEN (or `startpos`), optionally with `moves M...`, instead of --sfen.
    #[arg(value_name = "SFEN", conflicts_with = "sfen")]
    pub position: Option<String>,
    /// The position as SFEN (or `startpos`), optionally with `moves M...`; without it, positions
    /// are read from stdin, one per line.
    #[arg(long)]
    pub sfen: Option<String>,
    /// One JSON object per answer.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub args: T,
}

impl<T: Args> Positions<T> {
    /// Answers the position given (positionally or with `--sfen`), or, without one, each SFEN read from stdin with one line: the answer as
    /// text or JSON, or the error as `error: ...` (as `{"sfen", "error"}` with `--json`). The error
    /// of a stdin run counts the positions that could not be `done` ("probed", "analysed").
    pub fn answer<A: Serialize + Display>(
        &self,
        done: &str,
        mut answer: impl FnMut(&str) -> Result<A, String>,
    ) -> CliResult {
        let mut render = |sfen: &str| match (answer(sfen)?, self.json) {
            (answer, true) => serde_json::to_string(&answer).map_err(|e| e.to_string()),
            (answer, false) => Ok(answer.to_string()),
        };
        let mut out = std::io::stdout().lock();
        if let Some(sfen) = self.position.as_ref().or(self.sfen.as_ref()) {
            return writeln!(out, "{}", render(sfen)?).map_err(|e| e.to_string());
        }
        let answered = answer_lines(&mut out, true, |_, sfen| {
            render(sfen).map_err(|e| match self.json {
                true => serde_json::json!({ "sfen": sfen, "error": e }).to_string(),
                false => format!("error: {e}"),
            })
        })?;
        match answered.failed {
            0 => Ok(()),
            failed => Err(format!("{failed} of {} positions could not be {done}", answered.lines)),
        }
    }
}
