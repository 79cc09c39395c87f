//! `minjiku analyse`: the table's exact answer or the engine's estimate of Minjiku positions,
//! the contract of `analyse` (one FEN, or one per line of stdin; text or JSON).

use crate::output::CliResult;
use crate::stdin_lines::answer_lines;
use clap::Args;
use minjiku_engine::analysis::{analyse_fen, Analysis};
use minjiku_engine::Limits;
use minjiku_tablebase::MinjikuTablebase;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The table directory read when `--dir` is not given (if it exists).
const DEFAULT_DIR: &str = "minjiku-tables";

/// Arguments of `minjiku analyse`.
#[derive(Args, Clone, Debug)]
pub struct MinjikuAnalyseArgs {
    /// The position in Minjiku notation (or `startpos`), optionally with `moves M...`, instead of
    /// --fen.
    #[arg(value_name = "FEN", conflicts_with = "fen")]
    pub position: Option<String>,
    /// The position in Minjiku notation (or `startpos`), optionally with `moves M...`; without
    /// it, positions are read from stdin, one per line.
    #[arg(long)]
    pub fen: Option<String>,
    /// One JSON object per answer.
    #[arg(long)]
    pub json: bool,
    /// Table directory (read, not generated: see `minjiku tb gen`); default `minjiku-tables`
    /// when it exists.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Milliseconds for the engine's search, per position (default 500 without --engine-depth).
    #[arg(long, value_name = "MS")]
    pub engine_time: Option<u64>,
    /// Depth of the engine's search (instead of its time unless --engine-time is given too).
    #[arg(long, value_name = "N")]
    pub engine_depth: Option<u32>,
}

impl MinjikuAnalyseArgs {
    /// The tables: the directory named (an error if it cannot be read), else the default one if
    /// it is there, else none.
    fn tables(&self) -> Result<Option<Arc<MinjikuTablebase>>, String> {
        let dir = match &self.dir {
            Some(dir) => dir.as_path(),
            None if Path::new(DEFAULT_DIR).is_dir() => Path::new(DEFAULT_DIR),
            None => return Ok(None),
        };
        let tables = MinjikuTablebase::open(dir).map_err(|e| format!("--dir {}: {e}", dir.display()))?;
        Ok(Some(Arc::new(tables)))
    }

    /// The engine's limits: a depth, a time, or both (whichever ends first).
    fn limits(&self) -> Result<Limits, String> {
        if let Some(depth) = self.engine_depth.filter(|d| !(1..=64).contains(d)) {
            return Err(format!("--engine-depth must be 1..64, got {depth}"));
        }
        let time = self.engine_time.map(Duration::from_millis);
        Ok(match (self.engine_depth, time) {
            (Some(depth), None) => Limits::depth(depth),
            (Some(depth), Some(time)) => Limits { depth: Some(depth), ..Limits::movetime(time) },
            (None, time) => Limits::movetime(time.unwrap_or(Duration::from_millis(500))),
        })
    }
}

/// `minjiku analyse`: the exact result or the engine's estimate of each position.
pub fn exec(a: &MinjikuAnalyseArgs) -> CliResult {
    let tables = a.tables()?;
    let limits = a.limits()?;
    let render = |text: &str| -> Result<String, String> {
        let analysis: Analysis = analyse_fen(tables.as_ref(), text, &limits).map_err(|e| e.to_string())?;
        if let Some(warning) = &analysis.warning {
            eprintln!("{warning}");
        }
        match a.json {
            true => serde_json::to_string(&analysis).map_err(|e| e.to_string()),
            false => Ok(analysis.to_string()),
        }
    };
    let mut out = std::io::stdout().lock();
    if let Some(text) = a.position.as_ref().or(a.fen.as_ref()) {
        return writeln!(out, "{}", render(text)?).map_err(|e| e.to_string());
    }
    let answered = answer_lines(&mut out, true, |_, text| {
        render(text).map_err(|e| match a.json {
            true => serde_json::json!({ "fen": text, "error": e }).to_string(),
            false => format!("error: {e}"),
        })
    })?;
    match answered.failed {
        0 => Ok(()),
        failed => Err(format!("{failed} of {} positions could not be analysed", answered.lines)),
    }
}
