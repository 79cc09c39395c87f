//! `solve`: proves that the side to move of one position wins or loses by force, and writes the
//! proof as a certificate (docs/solutions.md).

use crate::flags::{parse_sfen, FlagError};
use crate::output::{print, CliResult};
use clap::Args;
use minishogi::{Handicap, Position};
use minishogi_solve::{Established, Limits, Report, Solver, Verdict, DEFAULT_TABLE_MB};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

/// Nodes searched when neither `--nodes` nor `--time` is given.
pub const DEFAULT_NODES: u64 = 10_000_000;

/// Arguments of `solve`.
#[derive(Args, Clone, Debug)]
pub struct SolveArgs {
    /// The position, as one SFEN argument (quoted) or its four fields as separate arguments.
    #[arg(value_name = "SFEN", conflicts_with = "handicap")]
    pub sfen: Vec<String>,
    /// A handicap start instead of a SFEN: bishop, rook, two-piece, three-piece, four-piece or naked-king.
    #[arg(long, value_name = "NAME", value_parser = handicap_flag)]
    pub handicap: Option<Handicap>,
    /// Write the proof certificate here (zstd-compressed when the name ends in .zst).
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// Nodes at most (default 10,000,000 unless --time is given).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Seconds at most.
    #[arg(long, value_name = "S")]
    pub time: Option<f64>,
    /// Search threads: 1, or 2 to search the two sides' wins at once.
    #[arg(long, default_value_t = 1, value_parser = threads_flag)]
    pub threads: u32,
    /// Transposition table size in MB (the memory limit of the search).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB)]
    pub memory: usize,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The value parser of `--handicap`: one of the names [`Handicap`] reads.
fn handicap_flag(text: &str) -> Result<Handicap, FlagError> {
    text.parse().map_err(|e: minishogi::error::UnknownName| FlagError::Message(e.to_string()))
}

/// The value parser of `--threads`: 1 or 2 (one search per side).
fn threads_flag(text: &str) -> Result<u32, FlagError> {
    match text.parse() {
        Ok(n @ 1..=2) => Ok(n),
        _ => Err(FlagError::Message(format!("--threads {text}: expected 1 or 2 (one search per side)"))),
    }
}

impl SolveArgs {
    fn position(&self) -> Result<Position, String> {
        match (&self.handicap, self.sfen.is_empty()) {
            (Some(h), _) => Ok(h.position()),
            (None, false) => parse_sfen(&self.sfen.join(" ")),
            (None, true) => Err("give a SFEN or --handicap NAME".into()),
        }
    }

    fn limits(&self) -> Result<Limits, String> {
        let time = match self.time {
            Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
            Some(s) => return Err(format!("--time {s}: expected a positive number of seconds")),
            None => None,
        };
        let nodes = self.nodes.or(time.is_none().then_some(DEFAULT_NODES));
        Ok(Limits { nodes, time, stop: None })
    }
}

/// The answer as `--json` prints it.
#[derive(Serialize)]
struct Answer {
    sfen: String,
    /// `win`, `loss` or `unknown`, for the side to move.
    result: &'static str,
    plies: Option<u32>,
    shortest: Option<bool>,
    no_win_within: Option<u32>,
    no_loss_within: Option<u32>,
    no_win: bool,
    no_loss: bool,
    nodes: u64,
    time_ms: u64,
    table_mb: usize,
    table_used: usize,
    collections: u32,
    peak_rss_mb: Option<u64>,
    proof: Option<String>,
    proof_lines: Option<usize>,
}

impl Answer {
    fn new(pos: &Position, report: &Report) -> Answer {
        let (result, plies, shortest) = match report.verdict {
            Verdict::Win { plies, shortest } => ("win", Some(plies), Some(shortest)),
            Verdict::Loss { plies, shortest } => ("loss", Some(plies), Some(shortest)),
            Verdict::Unknown => ("unknown", None, None),
        };
        let Established { no_win_within, no_loss_within, no_win, no_loss } = report.established;
        Answer {
            sfen: pos.to_sfen(),
            result,
            plies,
            shortest,
            no_win_within,
            no_loss_within,
            no_win,
            no_loss,
            nodes: report.nodes,
            time_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
            table_mb: report.table.bytes >> 20,
            table_used: report.table.used,
            collections: report.table.collections,
            peak_rss_mb: peak_rss_mb(),
            proof: None,
            proof_lines: None,
        }
    }

    /// `loss in 8 (shortest) for the side to move (gote)`, or `unknown: ...` with what holds.
    fn text(&self, side: &str) -> String {
        let cost = format!(
            "{} nodes, {} ms, table {} MB ({} entries, {} collections), peak RSS {} MB",
            self.nodes,
            self.time_ms,
            self.table_mb,
            self.table_used,
            self.collections,
            self.peak_rss_mb.map_or("?".into(), |m| m.to_string())
        );
        let head = match (self.result, self.plies, self.shortest) {
            (r, Some(n), Some(shortest)) => {
                let note = if shortest { "shortest" } else { "an upper bound: not proved shortest" };
                format!("{r} in {n} ({note}) for {side} to move")
            }
            _ => {
                let mut known = Vec::new();
                if self.no_win {
                    known.push(format!("{side} has no forced win that avoids repetition"));
                } else if let Some(n) = self.no_win_within {
                    known.push(format!("{side} has no forced win within {n} plies"));
                }
                if self.no_loss {
                    known.push(format!("{side} has no forced loss that avoids repetition"));
                } else if let Some(n) = self.no_loss_within {
                    known.push(format!("{side} has no forced loss within {n} plies"));
                }
                if known.is_empty() {
                    "unknown: the budget ran out".to_string()
                } else {
                    format!("unknown: {}", known.join("; "))
                }
            }
        };
        format!("{head} ({cost})")
    }
}

/// The process's peak resident memory in MB, where /proc tells it.
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// `solve`: one position, its value, and with `--proof` the certificate.
pub fn exec(a: &SolveArgs) -> CliResult {
    let pos = a.position()?;
    let limits = a.limits()?;
    let mut solver = Solver::with_threads(a.memory.max(1), a.threads as usize);
    let report = solver.solve(&pos, &limits);
    let mut answer = Answer::new(&pos, &report);
    if let Some(path) = &a.proof {
        if report.verdict == Verdict::Unknown {
            return Err(format!(
                "no proof to write to {}: {}",
                path.display(),
                answer.text(pos.side_to_move().name())
            ));
        }
        // The extraction may search again where the table lost a proof: with the same budget.
        let certificate = solver.certificate(&limits).map_err(|e| e.to_string())?;
        let certificate = certificate.ok_or("the solver kept no proof")?;
        certificate.save(path).map_err(|e| e.to_string())?;
        answer.proof = Some(path.display().to_string());
        answer.proof_lines = Some(certificate.lines.len());
        answer.peak_rss_mb = peak_rss_mb();
    }
    if a.json {
        print(&serde_json::to_string(&answer).map_err(|e| e.to_string())?);
    } else {
        print(&answer.text(pos.side_to_move().name()));
        if let (Some(file), Some(lines)) = (&answer.proof, answer.proof_lines) {
            print(&format!("proof: {file} ({lines} lines)"));
        }
    }
    Ok(())
}
